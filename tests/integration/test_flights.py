"""Flights into Day 2 on PostgreSQL: a main event's flights sell, play and bag on their own; their
bags qualify by the ruleset's re-entry across flights (FLIGHT-REENTRY, AC-CARRY); Day 2 is drawn
from them over two rooms' tables (SEAT-DRAW, SEAT-SEPARATE); one pool from every flight."""

from collections import Counter
from datetime import date, timedelta

import pytest
from django.test import Client
from django.utils import timezone

from clock.models import Clock
from clock.services.day import bag_chips
from players.services import desk as player_services
from rules.times import iso_time
from tables.models import ChipBag, KeepApart, Qualifier, Seating, Table, TournamentTable
from tables.services.counts import confirm_bag
from tables.services.day_two import draw_day_two
from tables.services.draw import draw_field, open_tables
from tables.services.floor import player_out
from tournaments.models import Entry, Event, Tournament
from tournaments.queries.entries import Sale
from tournaments.queries.payouts import payout, places_paid, prize_pool
from tournaments.queries.snapshot import field_counts, snapshot
from tournaments.rules.entries import Kind
from tournaments.services import desk
from tournaments.services.desk import EntryRefused
from tournaments.services.flights import add_flight, close_flight

JSON = "application/json"


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def main_event(make_tournament, staff):
    """A pokerfest main event (best bag goes forward), 100.00 + 10.00, venue tables 1-4 and
    101-102, and a maker of players."""
    main = make_tournament(name="Main Event")
    Tournament.objects.filter(pk=main.pk).update(buy_in=10_000, fee=1_000, starting_stack=30_000, guarantee=50_000)
    main.refresh_from_db()
    for number in (1, 2, 3, 4, 101, 102):
        Table.objects.create(festival=main.festival, number=number, seats=9)
    return main


def new_player(tournament, name):
    return player_services.create_player(
        tournament.id,
        player_services.NewPlayer(name, "Flight", date(1980, 1, 1), accepts_terms=True, id_checked=True),
        None,
    )


def sell(flight, player):
    return desk.register_entry(flight.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)


def play_to_bags(flight, staff, table, busts=0, chips=None):
    """Open one table, draw, bust `busts` players, end the day and bag and confirm the rest."""
    open_tables(flight.id, [table], staff["director"])
    draw_field(flight.id, staff["director"], seed=4)
    seats = sorted(Seating.objects.filter(tournament=flight, ended_at__isnull=True).values_list("seat", "entry_id"))
    for seat, _entry in seats[:busts]:
        player_out(flight.id, table, seat, staff["floor"])
    # The day is over (clock/services/day.py runs it; tests/integration/test_end_of_day.py proves it).
    TournamentTable.objects.filter(tournament=flight).update(hands_left=0)
    Clock.objects.filter(tournament=flight).update(day_over=True)
    bagged = {}
    for seat, entry_id in seats[busts:]:
        amount = (chips or {}).get(entry_id, 20_000 + 1_000 * seat)
        bag_chips(flight.id, table, seat, amount, staff["floor"])
        bagged[entry_id] = amount
    return bagged


def confirm_all(flight, staff):
    for bag in ChipBag.objects.filter(tournament=flight):
        confirm_bag(flight.id, bag.table, bag.seat, bag.chips, staff["director"])


@pytest.mark.django_db(transaction=True)
def test_FLIGHT_REENTRY_best_stack_three_flights_feed_one_pool_and_day_two_is_drawn_from_their_bags(main_event, staff):
    """FLIGHT-REENTRY (best_stack), AC-CARRY, SEAT-DRAW, SEAT-SEPARATE, PAY-POOL: three flights
    sell, bag and close; a player in two flights goes on with the bigger bag; Day 2 seats every
    bag going forward over two rooms' tables; the main event's pool is every flight's."""
    director = signed_in(staff["director"])
    base = f"/api/tournaments/{main_event.id}"
    assert signed_in(staff["floor"]).post(f"{base}/flights/", {"name": "Day 1A"}, content_type=JSON).status_code == 403
    made = [
        director.post(
            f"{base}/flights/",
            {"name": name, "max_entries": 9, "starts_at": (timezone.now() + timedelta(days=i)).isoformat()},
            content_type=JSON,
        )
        for i, name in enumerate(["Day 1A", "Day 1B", "Day 1C"])
    ]
    assert [answer.status_code for answer in made] == [201, 201, 201]
    again = director.post(f"{base}/flights/", {"name": "day 1a"}, content_type=JSON)
    assert again.status_code == 409 and again.json()["detail"] == "The main event has a flight named day 1a already."
    a, b, c = (Tournament.objects.get(pk=answer.json()["flight"]["id"]) for answer in made)
    assert (a.buy_in, a.fee, a.starting_stack, a.max_entries, a.main_event_id, a.status) == (
        10_000,
        1_000,
        30_000,
        9,
        main_event.id,
        "registration",
    )
    assert a.rules() == main_event.rules()
    assert (
        Clock.objects.get(tournament=a).structure.timeline_levels()
        == Clock.objects.get(tournament=main_event).structure.timeline_levels()
    )
    nested = director.post(f"/api/tournaments/{a.id}/flights/", {"name": "Day 1A-1"}, content_type=JSON)
    assert nested.json()["detail"] == "Day 1A is itself a flight: add flights to its main event."

    twice = new_player(main_event, "Twice")
    with pytest.raises(
        EntryRefused,
        match="Main Event is played in flights: sell the entry in one of them "
        r"\(Day 1A, Day 1B, Day 1C\)",
    ):
        sell(main_event, twice)
    desk = signed_in(staff["desk"]).get(f"/api/tournaments/{main_event.id}/players/{twice.id}/check/").json()
    assert desk["kinds"]["buy_in"]["message"].startswith("Main Event is played in flights")  # the desk's reason
    a_entries = [sell(a, twice)] + [sell(a, new_player(main_event, f"A{i}")) for i in range(5)]
    group = KeepApart.objects.create(tournament=a, name="the Smiths")
    group.entries.set(a_entries[1:3])
    with pytest.raises(EntryRefused, match=r"still in play in Day 1A: a player plays one flight at a time"):
        sell(b, twice)
    bags_a = play_to_bags(
        a, staff, 1, busts=1, chips={a_entries[0].id: 40_000, a_entries[1].id: 50_000, a_entries[2].id: 50_000}
    )
    assert a_entries[0].id in bags_a  # the draw's seed 4 keeps "Twice" in
    refused = director.post(f"/api/tournaments/{a.id}/close-flight/", content_type=JSON)
    assert refused.status_code == 409 and refused.json()["detail"].startswith(
        "Bags not yet confirmed by a second person (CHIP-COUNT), table/seat: 1/"
    )
    confirm_all(a, staff)
    closed = director.post(f"/api/tournaments/{a.id}/close-flight/", content_type=JSON).json()
    assert (closed["qualified"], closed["forfeited"], closed["chips"]) == (5, 0, sum(bags_a.values()))
    a.refresh_from_db()
    assert a.status == "finished" and not a.tables.filter(broken_at__isnull=True).exists()

    sell(b, twice)  # best_stack: a player who bagged in Day 1A may try again
    b_entries = [sell(b, new_player(main_event, f"B{i}")) for i in range(4)]
    twice_in_b = Entry.objects.get(tournament=b, player=twice)
    # FLIGHT-ITM: the sale's money line counts the event's players once each: Day 1A's five bags
    # and Day 1B's five players, "Twice" in both, are nine.
    sold = Event.objects.filter(tournament=b, kind="entry.registered").latest("seq")
    assert (sold.payload["entry"]["number"], sold.payload["money"]["players_left"]) == (5, 9)
    not_over = director.post(f"/api/tournaments/{b.id}/close-flight/", content_type=JSON)
    assert not_over.json()["detail"] == (
        "Day 1B's day is not over: announce the last hands and let every table play them (CLK-EOD), then bag."
    )
    open_tables(b.id, [1], staff["director"])  # Day 1A's table 1 is free again
    draw_field(b.id, staff["director"], seed=4)
    TournamentTable.objects.filter(tournament=b).update(hands_left=0)
    Clock.objects.filter(tournament=b).update(day_over=True)
    missing = director.post(f"/api/tournaments/{b.id}/close-flight/", content_type=JSON).json()["detail"]
    assert missing.startswith("Still to bag (CLK-EOD): table 1 seat ")
    for sitting in Seating.objects.filter(tournament=b, ended_at__isnull=True):
        bag_chips(b.id, 1, sitting.seat, 90_000 if sitting.entry_id == twice_in_b.id else 25_000, staff["floor"])
    confirm_all(b, staff)
    assert close_flight(b.id, staff["director"])["main_event"] == {"flight": "Day 1B", "qualified": 9, "forfeited": 1}
    forfeited = Qualifier.objects.get(status="forfeited")
    assert (forfeited.flight_id, forfeited.player_id) == (a.id, twice.id)
    assert forfeited.reason == "The bag of Day 1B (90,000 chips) goes forward instead (best_stack)."

    c_entries = [sell(c, new_player(main_event, f"C{i}")) for i in range(3)]
    early = director.post(f"{base}/day-two/draw/", content_type=JSON).json()["detail"]
    assert early == "Close every flight first: Day 1C still open."
    play_to_bags(c, staff, 2, busts=1)
    confirm_all(c, staff)
    close_flight(c.id, staff["director"])

    sold = a_entries + b_entries + c_entries + [twice_in_b]
    pool = prize_pool(main_event)
    assert pool["collected"] == sum(entry.pool_part for entry in sold) == 14 * 10_000
    assert snapshot(main_event.id)["entries"] == 14
    assert snapshot(b.id)["money"]["pool"] == 140_000  # a flight's lobby: the pool it plays for
    assert director.get(f"{base}/flights/").json()["flights"][1] == {
        "id": b.id,
        "name": "Day 1B",
        "starts_at": iso_time(b.starts_at),
        "status": "finished",
        "entries": 5,
        "max_entries": 9,
        "closed": True,
        "qualified": 5,
        "forfeited": 0,
    }

    ranges = director.post(f"{base}/day-two/tables/", {"tables": "1-2, 101"}, content_type=JSON)
    assert ranges.json() == {"tables": [1, 2, 101]}
    drawn = director.post(f"{base}/day-two/draw/", content_type=JSON).json()
    qualifiers = list(Qualifier.objects.filter(status="forward").select_related("day_two_entry"))
    assert len(qualifiers) == drawn["entries"] == 11  # 5 + 5 + 2 bags, one of "Twice"'s forfeited
    assert sorted(drawn["tables"].values()) == [3, 4, 4] and "seed" in drawn
    for qualifier in qualifiers:  # AC-CARRY: the bag's chips and extension chips
        entry = qualifier.day_two_entry
        assert (entry.tournament_id, entry.kind, entry.chips, entry.time_extensions, entry.paid) == (
            main_event.id,
            "day_two",
            qualifier.chips,
            qualifier.bag.time_extensions,
            0,
        )
    smiths = Seating.objects.filter(entry__qualified_from__flight_entry__in=a_entries[1:3], ended_at__isnull=True)
    assert len({sitting.tournament_table_id for sitting in smiths}) == 2  # SEAT-SEPARATE carried to Day 2
    assert prize_pool(main_event)["collected"] == 140_000  # Day 2 entries add nothing
    assert field_counts(main_event.id) == {"players_left": 11, "chips_in_play": sum(q.chips for q in qualifiers)}
    assert len(payout(main_event)) == places_paid(main_event) >= 1
    event = Event.objects.get(tournament=main_event, kind="day_two.drawn")
    assert (event.public["tables"], event.public["entries"]) == (drawn["tables"], 11)
    assert event.payload["seed"] == drawn["seed"] == event.public["seed"]  # public once drawn
    assert Clock.objects.get(tournament=main_event).day == 2

    lobby = Client()
    twice_seat = Seating.objects.get(entry__qualified_from__flight_entry=twice_in_b, ended_at__isnull=True)
    found = lobby.get(f"{base}/seating/find/", {"name": "Twice"}).json()
    assert found == [
        {
            "name": "Twice F.",
            "entry": twice_seat.entry.number,
            "table": twice_seat.tournament_table.table.number,
            "seat": twice_seat.seat,
            "bag": 90_000,
        }
    ]
    companion = lobby.get(f"/api/tournaments/{b.id}/seat/{twice_in_b.public_code}/").json()["day_two"]
    assert (companion["status"], companion["chips"], companion["table"], companion["seat"]) == (
        "forward",
        90_000,
        twice_seat.tournament_table.table.number,
        twice_seat.seat,
    )
    page = lobby.get(f"/tournaments/{b.id}/seat/{twice_in_b.public_code}/").content.decode()
    assert f"Day 2: table {twice_seat.tournament_table.table.number}, seat {twice_seat.seat}" in page
    forfeited_page = lobby.get(f"/tournaments/{a.id}/seat/{a_entries[0].public_code}/").content.decode()
    assert "This bag does not go to Day 2: The bag of Day 1B (90,000 chips) goes forward instead" in forfeited_page
    assert "Day 1C" in lobby.get(f"/tournaments/{main_event.id}/").content.decode()

    assert director.post(f"{base}/day-two/draw/", content_type=JSON).json()["detail"] == "Day 2 is drawn already."
    late = director.post(f"{base}/flights/", {"name": "Day 1D"}, content_type=JSON).json()["detail"]
    assert late == "Day 2 is drawn already: it takes no more flights."
    # FLIGHT-ITM on Day 2: a Day 2 entry out leaves the event's players, its bag counted no more.
    player_out(main_event.id, twice_seat.tournament_table.table.number, twice_seat.seat, staff["floor"])
    out = Event.objects.filter(tournament=main_event, kind="player.out").latest("seq")
    assert (out.public["money"]["players_left"], snapshot(main_event.id)["money"]["players_left"]) == (10, 10)


@pytest.mark.django_db(transaction=True)
def test_FLIGHT_REENTRY_first_refuses_a_bagged_player_and_each_seats_every_bag(main_event, staff):
    """FLIGHT-REENTRY "first": a player who bagged cannot enter another flight (a busted one
    can); "each": every bag is a Day 2 entry, a player's entries at different tables."""
    Tournament.objects.filter(pk=main_event.pk).update(
        ruleset={"preset": "pokerfest", "entries": {"flight_reentry": "first"}}
    )
    a = Tournament.objects.get(pk=add_flight(main_event.id, "Day 1A", None, None, staff["director"])["flight"]["id"])
    b = Tournament.objects.get(pk=add_flight(main_event.id, "Day 1B", None, None, staff["director"])["flight"]["id"])
    players = [new_player(main_event, f"P{i}") for i in range(4)]
    for player in players:
        sell(a, player)
    play_to_bags(a, staff, 1, busts=1)
    confirm_all(a, staff)
    close_flight(a.id, staff["director"])
    busted = Entry.objects.get(tournament=a, status="busted").player
    sell(b, busted)  # out in Day 1A: may try again
    bagged = next(player for player in players if player != busted)
    with pytest.raises(EntryRefused) as refusal:
        sell(b, bagged)
    assert refusal.value.details()["reasons"] == [
        {
            "rule": "FLIGHT-REENTRY",
            "ok": False,
            "message": "The player has bagged chips in Day 1A, and this event's re-entry rule is 'first': a player who "
            "has bagged in one flight cannot enter another (FLIGHT-REENTRY).",
        }
    ]

    Tournament.objects.filter(pk=main_event.pk).update(
        ruleset={"preset": "pokerfest", "entries": {"flight_reentry": "each"}}
    )
    sell(b, bagged)
    sell(b, new_player(main_event, "Other"))
    play_to_bags(b, staff, 2)
    confirm_all(b, staff)
    assert close_flight(b.id, staff["director"])["main_event"]["forfeited"] == 0
    open_tables(main_event.id, [3, 4], staff["director"])
    drawn = draw_day_two(main_event.id, staff["director"], seed=11)
    assert drawn["entries"] == 6 and drawn["kept_apart_failed"] == 0
    theirs = Seating.objects.filter(tournament=main_event, entry__player=bagged)
    assert theirs.count() == 2 and len({sitting.tournament_table_id for sitting in theirs}) == 2
    assert Counter(Entry.objects.filter(tournament=main_event).values_list("kind", flat=True)) == {"day_two": 6}
