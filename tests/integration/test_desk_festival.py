"""The desk across a festival on PostgreSQL (issue 22): the price of each sale before it is made,
"already entered" named for what it is, a photo ID check only with a document on file (added
at the desk to an existing player), a returning player's history across the festival, and two
flights' desks that cannot both sell one player at the same moment (FLIGHT-REENTRY)."""

import threading
from datetime import date

import pytest
from django.db import connection

from clock.models import Clock
from clock.services.day import bag_chips
from players.models import Player
from players.services import desk as player_services
from tables.models import Seating, Table, TournamentTable
from tables.services.draw import draw_field, open_tables
from tests.helpers.api import client_for
from tournaments.models import Entry, Tournament
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk
from tournaments.services.desk import EntryRefused
from tournaments.services.flights import add_flight

JSON = "application/json"


def person(tournament, name, document=True, checked=True):
    return player_services.create_player(
        tournament.id,
        player_services.NewPlayer(
            name,
            "Desk",
            date(1980, 1, 1),
            id_document_type="passport" if document else "",
            id_document_number=f"D-{name}" if document else "",
            accepts_terms=True,
            id_checked=checked,
        ),
        None,
    )


def sale(kind=Kind.BUY_IN, method="cash"):
    return Sale(kind=kind, method=method, desk="desk 1", shift="Sat")


@pytest.fixture
def flights(make_tournament, staff):
    """A pokerfest main event at 200.00 + 20.00 (best bag goes forward) in flights Day 1A and 1B."""
    main = make_tournament(name="Main Event")
    Tournament.objects.filter(pk=main.pk).update(buy_in=20_000, fee=2_000)
    main.refresh_from_db()
    made = [
        Tournament.objects.get(pk=add_flight(main.id, name, None, None, staff["director"])["flight"]["id"])
        for name in ("Day 1A", "Day 1B")
    ]
    Tournament.objects.filter(pk__in=[f.pk for f in made]).update(status=Tournament.Status.REGISTRATION)
    return main, made


@pytest.mark.django_db(transaction=True)
def test_FLIGHT_REENTRY_two_desks_selling_one_player_into_two_flights_at_once_sell_one(flights):
    """Two connections, each a desk of its own flight, sell the same player at the same moment:
    one sale stands, the other is refused by FLIGHT-REENTRY (one flight at a time)."""
    main, (day_1a, day_1b) = flights
    player = person(main, "Twice")
    start = threading.Barrier(2)
    sold, refused = [], []

    def register(flight):
        try:
            start.wait()
            sold.append(desk.register_entry(flight.id, player.id, sale(), None).tournament_id)
        except EntryRefused as refusal:
            refused.append(refusal.reasons)
        finally:
            connection.close()

    threads = [threading.Thread(target=register, args=(flight,)) for flight in (day_1a, day_1b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(sold) == 1 and len(refused) == 1
    assert [reason.rule for reason in refused[0]] == ["FLIGHT-REENTRY"]
    assert "plays one flight at a time" in refused[0][0].message
    assert Entry.objects.filter(player=player).count() == 1
    other = day_1b if sold[0] == day_1a.id else day_1a
    assert other.events.filter(kind="entry.refused").get().payload["rules"] == ["FLIGHT-REENTRY"]


@pytest.mark.django_db
def test_FLIGHT_REENTRY_the_desk_shows_the_price_the_history_and_already_entered_without_ENT_LATE(flights, staff):
    main, (day_1a, day_1b) = flights
    player = person(main, "Back")
    first = desk.register_entry(day_1a.id, player.id, sale(), None)
    clerk = client_for("desk", staff)

    # Day 1A: already entered has its own word, not ENT-LATE; every price in minor units.
    here = clerk.get(f"/api/tournaments/{day_1a.id}/players/{player.id}/check/").json()
    assert here["kinds"]["buy_in"] == {
        "rule": "ENTERED",
        "ok": False,
        "message": "Already entered: one entry per player at a time.",
    }
    assert here["prices"]["buy_in"] == {"price": 22_000, "pool": 20_000, "bounty": 0, "fee": 2_000, "voucher": False}
    assert here["prices"]["satellite"] == {"price": 0, "pool": 0, "bounty": 0, "fee": 0, "voucher": True}
    refusal = clerk.post(
        f"/api/tournaments/{day_1a.id}/entries/",
        {"player_id": player.id, "kind": "buy_in", "method": "cash", "desk": "d", "shift": "s"},
        content_type=JSON,
    ).json()
    assert {"rule": "ENTERED", "ok": False, "message": "Already entered: one entry per player at a time."} in refusal[
        "reasons"
    ]

    # Day 1B: the entry in Day 1A is on the desk, with what re-entering means, and the sale is
    # refused while the player is still in play there.
    there = clerk.get(f"/api/tournaments/{day_1b.id}/players/{player.id}/check/").json()
    [history] = there["history"]["entries"]
    assert (history["tournament"]["name"], history["number"], history["status"], history["bag"]) == (
        "Day 1A",
        first.number,
        "active",
        None,
    )
    assert history["same_event"] is True and history["main_event"]["name"] == "Main Event"
    assert there["history"]["flight_reentry"] == "best_stack"
    assert "only their biggest bag goes to Day 2" in there["history"]["reentry_means"]
    assert there["kinds"]["buy_in"]["rule"] == "FLIGHT-REENTRY" and not there["kinds"]["buy_in"]["ok"]

    # Day 1A ends with the player's bag: Day 1B shows it and sells the re-entry.
    Table.objects.create(festival=main.festival, number=1, seats=9)
    for name in ("Other", "Third"):
        desk.register_entry(day_1a.id, person(main, name).id, sale(), None)
    open_tables(day_1a.id, [1], staff["director"])
    draw_field(day_1a.id, staff["director"], seed=2)
    TournamentTable.objects.filter(tournament=day_1a).update(hands_left=0)
    Clock.objects.filter(tournament=day_1a).update(day_over=True)
    seat = Seating.objects.get(tournament=day_1a, entry=first, ended_at__isnull=True).seat
    bag_chips(day_1a.id, 1, seat, 41_500, staff["floor"])
    there = clerk.get(f"/api/tournaments/{day_1b.id}/players/{player.id}/check/").json()
    [history] = there["history"]["entries"]
    assert (history["bag"], history["bag_status"]) == (41_500, "bagged")
    assert there["kinds"]["buy_in"]["ok"] is True  # best stack: the player may play Day 1B too


@pytest.mark.django_db
def test_REG_ID_photo_id_checked_needs_a_document_on_file_and_the_desk_adds_one(make_tournament, staff):
    tournament = make_tournament()
    clerk = client_for("desk", staff)
    no_document = person(tournament, "Nodoc", document=False, checked=False)
    refused = clerk.post(f"/api/tournaments/{tournament.id}/players/{no_document.id}/id-check/")
    assert refused.status_code == 409 and "no ID document on file" in refused.json()["detail"]
    assert Player.objects.get(pk=no_document.pk).id_checked_on is None
    created = clerk.post(
        f"/api/tournaments/{tournament.id}/players/",
        {
            "first_name": "Seen",
            "last_name": "Nothing",
            "date_of_birth": "1980-01-01",
            "accepts_terms": True,
            "id_checked": True,
        },
        content_type=JSON,
    )
    assert created.status_code == 409 and "needs the ID document on file" in created.json()["detail"]

    added = clerk.post(
        f"/api/tournaments/{tournament.id}/players/{no_document.id}/id-document/",
        {"id_document_type": "id_card", "id_document_number": "ab 12-34"},
        content_type=JSON,
        HTTP_IDEMPOTENCY_KEY="doc-1",
    )
    assert added.status_code == 200, added.content
    assert (added.json()["id_document_type"], added.json()["id_document_number"]) == ("id_card", "AB1234")
    assert added.json()["id_checked_on"] is not None  # the document in hand is the photo ID seen
    event = tournament.events.get(kind="player.id_document")
    assert event.payload == {"player": {"id": no_document.id, "name": "Nodoc Desk"}} and event.public is None
    again = clerk.post(
        f"/api/tournaments/{tournament.id}/players/{no_document.id}/id-check/",
    )
    assert again.status_code == 200

    other = person(tournament, "Other", document=False, checked=False)
    clash = clerk.post(
        f"/api/tournaments/{tournament.id}/players/{other.id}/id-document/",
        {"id_document_type": "id_card", "id_document_number": "AB1234"},
        content_type=JSON,
    )
    assert clash.status_code == 409 and "already exists: Nodoc Desk" in clash.json()["detail"]
    assert clash.json()["existing_id"] == no_document.id
    bad = clerk.post(
        f"/api/tournaments/{tournament.id}/players/{other.id}/id-document/",
        {"id_document_type": "library_card", "id_document_number": "1"},
        content_type=JSON,
    )
    assert bad.status_code == 422
    assert (
        client_for("floor", staff)
        .post(
            f"/api/tournaments/{tournament.id}/players/{other.id}/id-document/",
            {"id_document_type": "passport", "id_document_number": "X1"},
            content_type=JSON,
        )
        .status_code
        == 403
    )
