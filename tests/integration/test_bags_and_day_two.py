"""Closing a flight and Day 2 on PostgreSQL (issue 22): a bag is recounted only by the person who
bagged it (a visible correction) and confirmed by anyone else (CHIP-COUNT); the director sees the
bags still waiting; a closed flight says "Day 1A is over: N bags"; Day 2 starts at the level
where the flights stopped; penalties still being served go on to Day 2 with the bags and the
ladder counts the whole event (PEN-CARRY)."""

from datetime import date

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

from clock.models import Clock
from clock.services.day import bag_chips
from clock.services.level_clock import start_clock
from players.services import desk as player_services
from rules.refusals import Refused
from tables.models import ChipBag, Penalty, Seating, Table, TournamentTable
from tables.queries.floor import floor_view
from tables.queries.penalties import penalty_record, proposal
from tables.services.counts import confirm_bag
from tables.services.day_two import draw_day_two, open_day_two_tables, set_day_two_level
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done
from tournaments.models import Entry, Event, Tournament
from tournaments.queries.day_two import day_two_start
from tournaments.queries.entries import Sale
from tournaments.queries.snapshot import snapshot
from tournaments.rules.entries import Kind
from tournaments.services import desk
from tournaments.services.flights import add_flight, close_flight
from tournaments.services.penalties import give_penalty

JSON = "application/json"

pytestmark = pytest.mark.django_db


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def test_CHIP_COUNT_only_the_bagger_recounts_a_bag_anyone_else_confirms_it_and_the_first_count_stays(seated, staff):
    tournament, seats = seated
    tournament.tables.update(hands_left=0)  # the table has played its last hand of the day (CLK-EOD)
    first, second, *others = sorted(seats)
    floor, director = signed_in(staff["floor"]), signed_in(staff["director"])
    base = f"/api/tournaments/{tournament.id}"
    assert floor.post(f"{base}/tables/1/seats/{first}/bag/", {"chips": 11_000}, content_type=JSON).status_code == 200

    # Another person does not recount: the bag is theirs to confirm with their own count.
    taken = director.post(f"{base}/tables/1/seats/{first}/bag/", {"chips": 9_000}, content_type=JSON)
    assert taken.status_code == 409 and taken.json()["detail"] == (
        f"Seat {first} at table 1 is bagged already, by {staff['floor'].username}: as the second person, "
        "confirm the bag with your own count."
    )
    assert ChipBag.objects.get(seat=first).chips == 11_000

    # The seat panel: the bagger sees their bag (Recount), anyone else a bag to confirm.
    by_floor = floor.get(f"{base}/tables/").json()["tables"][0]["bags"][str(first)]
    by_director = director.get(f"{base}/tables/").json()["tables"][0]["bags"][str(first)]
    assert (by_floor["yours"], by_director["yours"], by_director["bagged_by"]) == (True, False, staff["floor"].username)

    # The bagger counts again: a logged, visible correction, not a silent one.
    assert floor.post(f"{base}/tables/1/seats/{first}/bag/", {"chips": 12_000}, content_type=JSON).status_code == 200
    bag = ChipBag.objects.get(seat=first)
    assert (bag.chips, bag.first_count, bag.bagged_by_id) == (12_000, 11_000, staff["floor"].id)
    recount = Event.objects.filter(tournament=tournament, kind="chips.bagged").order_by("seq").last().payload
    assert (recount["corrected_from"], recount["recount"], recount["chips"]) == (11_000, True, 12_000)
    floor.post(f"{base}/tables/1/seats/{first}/bag/", {"chips": 12_500}, content_type=JSON)
    assert ChipBag.objects.get(seat=first).first_count == 11_000  # the first count, not the last replaced

    # The director's list before "Close flight": what is still to bag and what waits for a second person.
    listed = director.get(f"{base}/bags/").json()
    assert [row["seat"] for row in listed["to_bag"]] == [second, *others]
    assert [(bag["seat"], bag["chips"], bag["first_count"], bag["confirmed"]) for bag in listed["waiting"]] == [
        (first, 12_500, 11_000, False)
    ]
    assert signed_in(staff["desk"]).get(f"{base}/bags/").status_code == 403

    confirmed = director.post(f"{base}/tables/1/seats/{first}/bag/confirm/", {"chips": 12_500}, content_type=JSON)
    assert confirmed.status_code == 200
    assert director.get(f"{base}/bags/").json()["waiting"] == []
    assert director.get(f"{base}/bags/").json()["confirmed"] == 1
    after = floor_view(tournament.id, staff["floor"].id)["tables"][0]["bags"][str(first)]
    assert (after["confirmed"], after["confirmed_by"]) == (True, staff["director"].username)
    # Confirmed, the bag stands: no recount, by anyone.
    again = floor.post(f"{base}/tables/1/seats/{first}/bag/", {"chips": 1}, content_type=JSON)
    assert again.status_code == 409 and "already bagged today and the bag is confirmed" in again.json()["detail"]
    assert ChipBag.objects.get(seat=first).chips == 12_500


def test_CHIP_COUNT_only_the_floor_or_the_director_confirms_a_bag_and_never_the_one_who_bagged_it(seated, staff):
    """Media count stacks for the lobby, but a bag's second count is the floor's: a media account
    (or the desk) is refused with a sentence, and the bag waits for a floor person or the director."""
    tournament, seats = seated
    tournament.tables.update(hands_left=0)
    seat = min(seats)
    base = f"/api/tournaments/{tournament.id}"
    confirm = f"{base}/tables/1/seats/{seat}/bag/confirm/"
    floor = signed_in(staff["floor"])
    assert floor.post(f"{base}/tables/1/seats/{seat}/bag/", {"chips": 11_000}, content_type=JSON).status_code == 200

    for role in ("media", "desk", "cashier"):
        refused = signed_in(staff[role]).post(confirm, {"chips": 11_000}, content_type=JSON)
        assert refused.status_code == 403, role
        assert refused.json()["detail"] == (
            "Your account lacks the role: confirming a chip bag needs one of these roles: director, floor."
        )
    assert Client().post(confirm, {"chips": 11_000}, content_type=JSON).status_code in (401, 403)
    assert ChipBag.objects.get(seat=seat).confirmed_at is None

    own = floor.post(confirm, {"chips": 11_000}, content_type=JSON)
    assert own.status_code == 409 and own.json()["detail"].startswith("A second person confirms a bag")
    assert ChipBag.objects.get(seat=seat).confirmed_at is None

    other_floor = User.objects.create_user("floor-two", password="x")
    other_floor.groups.add(Group.objects.get(name="floor"))
    assert signed_in(other_floor).post(confirm, {"chips": 11_000}, content_type=JSON).status_code == 200
    assert ChipBag.objects.get(seat=seat).confirmed_by_id == other_floor.id


@pytest.fixture
def main_event(make_tournament, staff):
    """A pokerfest main event whose structure has a break (levels 1-2, break, levels 3-5), venue
    tables 1 and 101, and one flight, Day 1A, of six players."""
    main = make_tournament(name="Main Event", level_seconds=(600,) * 6, breaks=(2,))
    Tournament.objects.filter(pk=main.pk).update(buy_in=10_000, fee=1_000, starting_stack=30_000)
    for number in (1, 101):
        Table.objects.create(festival=main.festival, number=number, seats=9)
    add_flight(main.id, "Day 1A", None, 9, staff["director"])
    flight = Tournament.objects.get(main_event=main)
    for i in range(6):
        player = player_services.create_player(
            flight.id,
            player_services.NewPlayer(f"P{i}", "Flight", date(1980, 1, 1), accepts_terms=True, id_checked=True),
            None,
        )
        desk.register_entry(flight.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    open_tables(flight.id, [1], staff["director"])
    draw_field(flight.id, staff["director"], seed=4)
    return main, flight


def bag_and_close(flight, staff, level_index):
    """The flight's day ends in the structure's level `level_index`; every seat bagged and
    confirmed; the flight closed."""
    Clock.objects.filter(tournament=flight).update(level_index=level_index)
    TournamentTable.objects.filter(tournament=flight).update(hands_left=0)
    Clock.objects.filter(tournament=flight).update(day_over=True)
    for seat in Seating.objects.filter(tournament=flight, ended_at__isnull=True).values_list("seat", flat=True):
        bag_chips(flight.id, 1, seat, 30_000, staff["floor"])
        confirm_bag(flight.id, 1, seat, 30_000, staff["director"])
    return close_flight(flight.id, staff["director"])


@pytest.mark.django_db(transaction=True)
def test_a_closed_flight_says_its_own_name_and_bags_and_day_two_starts_where_the_flights_stopped(main_event, staff):
    main, flight = main_event
    assert snapshot(flight.id)["flight_over"] is None
    closed = bag_and_close(flight, staff, level_index=4)  # the flight stopped in level 4 (index 4: a break before)
    assert (closed["bags"], closed["tournament_status"]) == (6, "finished")
    assert snapshot(flight.id)["flight_over"] == {
        "flight": "Day 1A",
        "bags": 6,
        "main_event_name": "Main Event",
        "main_event": {"id": main.id, "name": "Main Event"},
    }
    assert Event.objects.filter(tournament=flight, kind="flight.closed").get().public["bags"] == 6
    view = signed_in(staff["floor"]).get(f"/api/tournaments/{flight.id}/tables/").json()
    assert (view["tables"], view["flight_over"]) == ([], {"flight": "Day 1A", "bags": 6})

    start = day_two_start(main)
    assert start["stopped"] == [{"flight": "Day 1A", "level_index": 4, "level_number": 4}]
    assert (start["proposed"], start["starts"], start["starts_number"], start["may_set"]) == (4, 4, 4, True)
    director = signed_in(staff["director"])
    base = f"/api/tournaments/{main.id}"
    on_break = director.post(f"{base}/day-two/level/", {"level_index": 2}, content_type=JSON)
    assert on_break.status_code == 409 and on_break.json()["detail"] == (
        "Choose a playing level of this structure, not a break."
    )
    in_flight = director.post(f"/api/tournaments/{flight.id}/day-two/level/", {"level_index": 3}, content_type=JSON)
    assert in_flight.json()["detail"] == "Day 2 is played in the main event: set its first level there."
    # The director may choose another level before Day 2 starts; then the draw keeps it.
    chosen = director.post(f"{base}/day-two/level/", {"level_index": 3}, content_type=JSON).json()
    assert chosen == {"level_index": 3, "level_number": 3, "proposed": 4}
    assert Event.objects.filter(tournament=main, kind="clock.level_set").last().public["clock"]["level_index"] == 3
    set_day_two_level(main.id, 4, staff["director"])  # back to where the flights stopped
    open_day_two_tables(main.id, "101", staff["director"])
    draw_day_two(main.id, staff["director"], seed=1)
    clock = Clock.objects.get(tournament=main)
    assert (clock.level_index, clock.day, clock.status) == (4, 2, "ready")
    assert set(TournamentTable.objects.filter(tournament=main).values_list("playing_level", flat=True)) == {4}
    start_clock(main.id, staff["director"])
    with pytest.raises(Refused, match="Day 2's clock has started"):
        set_day_two_level(main.id, 3, staff["director"])


@pytest.mark.django_db(transaction=True)
def test_the_day_two_draw_starts_the_clock_where_the_flights_stopped_when_the_director_set_nothing(main_event, staff):
    main, flight = main_event
    bag_and_close(flight, staff, level_index=3)
    open_day_two_tables(main.id, "101", staff["director"])
    draw_day_two(main.id, staff["director"], seed=1)
    assert Clock.objects.get(tournament=main).level_index == 3  # not level 1


@pytest.mark.django_db(transaction=True)
def test_PEN_CARRY_a_penalty_left_to_serve_goes_to_day_two_and_the_ladder_does_not_restart(main_event, staff):
    main, flight = main_event
    seats = dict(Seating.objects.filter(tournament=flight, ended_at__isnull=True).values_list("seat", "entry_id"))
    seat, away_seat = sorted(seats)[:2]
    Clock.objects.filter(tournament=flight).update(level_index=3)  # the day's last level, not started here
    infraction = "acting out of turn"  # pokerfest: warning, 3 hands, 1 orbit, 2 orbits
    assert give_penalty(flight.id, 1, seat, infraction, staff["floor"])["step"] == "warning"
    hands = give_penalty(flight.id, 1, seat, infraction, staff["floor"])
    assert (hands["step"], hands["hands_left"]) == ("3 hands", 3)
    minutes = give_penalty(flight.id, 1, away_seat, "any", staff["floor"], step="5 minutes")
    assert minutes["seconds_left"] == 300
    for _ in range(3):  # the hand it was given in does not count; two more do
        hand_done(flight.id, 1, staff["floor"])
    assert Penalty.objects.get(pk=hands["id"]).hands_left == 1  # one hand still owed when the day ends
    bag_and_close(flight, staff, level_index=3)
    open_day_two_tables(main.id, "101", staff["director"])
    drawn = draw_day_two(main.id, staff["director"], seed=1)
    assert drawn["penalties_carried"] == 2

    player = Entry.objects.get(pk=seats[seat]).player_id
    day_two = Entry.objects.get(tournament=main, player_id=player)
    carried = Penalty.objects.get(tournament=main, entry=day_two)
    assert (carried.status, carried.hands_left, carried.step, carried.carried_from_id) == (
        "serving",
        1,
        "3 hands",
        hands["id"],
    )
    away = Penalty.objects.get(tournament=main, carried_from_id=minutes["id"])
    assert (away.status, away.seconds_left) == ("serving", 300)  # the flight's clock never ran: 5 minutes left
    table, at = Seating.objects.filter(entry=day_two, ended_at__isnull=True).values_list(
        "tournament_table__table__number", "seat"
    )[0]
    shown = floor_view(main.id)["tables"][0]["players"][str(at)]["penalty"]
    assert (shown["hands_left"], shown["status"]) == (1, "serving")  # the Day 2 tablet shows it

    # The ladder goes on from the flight's record: the third time is an orbit, not a warning.
    offer = proposal(day_two, main.rules().penalties.ladders, infraction)
    assert (offer["given_before"], offer["proposed"]) == (2, "1 orbit")
    # The main event's record has the flight's penalties, the carried one once.
    record = penalty_record(main.id, day_two.player.first_name)
    assert sorted(row["step"] for row in record) == ["3 hands", "warning"]

    hand_done(main.id, table, staff["floor"])  # Day 2's first hand: the hand still owed is served
    carried.refresh_from_db()
    assert (carried.status, carried.hands_left, carried.may_return) == ("served", 0, True)
