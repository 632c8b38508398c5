"""BTN-DRAW (pokerfest L175): the floor corrects an incorrect button by hand, with a reason;
the blinds follow it, and the correction is logged."""

import pytest
from django.test import Client

from tables.models import TournamentTable
from tables.queries.floor import floor_view
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_BTN_DRAW_the_floor_sets_a_tables_button_by_hand_with_a_reason_logged(field, staff):
    tournament, _ = field(6, tables=1)
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    hand_done(tournament.id, 1, staff["floor"])
    seats = sorted(int(s) for s in floor_view(tournament.id)["tables"][0]["players"])
    here = TournamentTable.objects.get(tournament=tournament)
    target = next(s for s in seats if s != here.button)
    after = seats[(seats.index(target) + 1) % len(seats)]
    big = seats[(seats.index(target) + 2) % len(seats)]
    url = f"/api/tournaments/{tournament.id}/tables/1/button/"
    floor = signed_in(staff["floor"])

    no_reason = floor.post(url, {"seat": target, "reason": "  "}, content_type="application/json")
    assert no_reason.status_code == 409 and "the reason goes in the tournament log" in no_reason.json()["detail"]
    empty = next(s for s in range(1, 10) if s not in seats)
    refused = floor.post(url, {"seat": empty, "reason": "misplaced"}, content_type="application/json")
    assert refused.status_code == 409 and "is empty" in refused.json()["detail"]
    before = (here.button, here.small_blind, here.big_blind)

    reason = "the button was misplaced after the break, found before substantial action"
    answer = floor.post(url, {"seat": target, "reason": reason}, content_type="application/json").json()
    assert answer == {
        "table": 1,
        "hand": 2,
        "button": target,
        "small_blind": after,
        "big_blind": big,
        "already_done": False,
    }
    here.refresh_from_db()
    assert (here.button, here.small_blind, here.big_blind, here.hands_dealt) == (target, after, big, 1)
    logged = tournament.events.get(kind="table.button_set")
    assert logged.public == {"table": 1, "hand": 2, "button": target, "small_blind": after, "big_blind": big}
    assert logged.payload["reason"] == reason and logged.actor == staff["floor"]
    assert tuple(logged.payload["before"][k] for k in ("button", "small_blind", "big_blind")) == before
    assert floor_view(tournament.id)["tables"][0]["button"] == target

    hand_done(tournament.id, 1, staff["floor"])  # the dead button moves on from the corrected one
    here.refresh_from_db()
    assert here.button == after
    desk = signed_in(staff["desk"])
    assert desk.post(url, {"seat": target, "reason": "x"}, content_type="application/json").status_code == 403
