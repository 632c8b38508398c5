"""Venue tables on the set-up page (issue 22): a range added at once ("1-40, 9 seats"), a table
changed while no tournament has it open and removed while no tournament has used it; each
refusal a sentence, each change one logged operation."""

import pytest
from django.test import Client

from tables.models import Table
from tables.services.draw import open_tables

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_range_of_tables_is_added_at_once_changed_and_removed_while_unused(make_tournament, staff):
    tournament = make_tournament()
    director, base = signed_in(staff["director"]), f"/api/tournaments/{tournament.id}/venue-tables/"
    assert signed_in(staff["desk"]).post(base, {"tables": "1-4"}, content_type="application/json").status_code == 403

    added = director.post(base, {"tables": "1-40", "seats": 9}, content_type="application/json")
    assert added.status_code == 200 and added.json()["tables"] == list(range(1, 41))
    assert Table.objects.filter(festival=tournament.festival, seats=9, is_tv=False).count() == 40
    assert tournament.events.filter(kind="venue_table.added").count() == 40
    again = director.post(base, {"tables": "39-42"}, content_type="application/json")
    assert again.status_code == 409
    assert again.json()["detail"] == "The venue already has tables 39, 40: add the others, or change those."
    assert not Table.objects.filter(festival=tournament.festival, number=41).exists()  # nothing half-written
    backwards = director.post(base, {"tables": "9-3"}, content_type="application/json")
    assert backwards.status_code == 409 and "runs backwards" in backwards.json()["detail"]
    neither = director.post(base, {"seats": 9}, content_type="application/json")
    assert neither.status_code == 422

    changed = director.post(f"{base}7/", {"seats": 6, "is_tv": True}, content_type="application/json")
    assert changed.json() == {"table": 7, "tables": [7], "seats": 6, "is_tv": True}
    table = Table.objects.get(festival=tournament.festival, number=7)
    assert (table.seats, table.is_tv) == (6, True)
    same = director.post(f"{base}7/", {"seats": 6, "is_tv": True}, content_type="application/json")
    assert same.status_code == 409 and same.json()["detail"] == "Nothing changed."

    removed = director.post(f"{base}40/remove/", {}, content_type="application/json")
    assert removed.status_code == 200 and not Table.objects.filter(festival=tournament.festival, number=40).exists()
    missing = director.post(f"{base}40/remove/", {}, content_type="application/json")
    assert missing.status_code == 409 and missing.json()["detail"] == "The venue has no table 40."
    assert [event.kind for event in tournament.events.order_by("-seq")[:2]] == [
        "venue_table.removed",
        "venue_table.changed",
    ]

    # In use: open in the tournament, a table neither changes nor goes; once used, it stays.
    open_tables(tournament.id, [1], staff["director"])
    listed = {row["table"]: row for row in director.get(base).json()}
    assert listed[1]["in_use"] == tournament.name and listed[2]["in_use"] is None and len(listed) == 39
    busy = director.post(f"{base}1/", {"seats": 10}, content_type="application/json")
    assert busy.status_code == 409
    assert busy.json()["detail"] == (
        f"Table 1 is open in {tournament.name}: change it once it breaks there or that tournament ends."
    )
    used = director.post(f"{base}1/remove/", {}, content_type="application/json")
    assert used.status_code == 409
    assert (
        used.json()["detail"] == f"Table 1 is used by {tournament.name} and stays in its record: it cannot be removed."
    )
    tournament.tables.update(broken_at="2026-11-30T20:00:00Z")  # broken: free to change, still in the record
    assert director.post(f"{base}1/", {"seats": 10}, content_type="application/json").status_code == 200
    assert director.post(f"{base}1/remove/", {}, content_type="application/json").status_code == 409


def test_the_set_up_page_lists_each_venue_table_with_its_own_controls(make_tournament, staff):
    tournament = make_tournament()
    Table.objects.create(festival=tournament.festival, number=3, seats=8, is_tv=True)
    page = signed_in(staff["director"]).get(f"/tournaments/{tournament.id}/setup/").content.decode()
    assert 'data-venue-table-row="3"' in page and "Remove table 3" in page and 'aria-label="Seats at table 3"' in page
