"""One Main Event in every count, on PostgreSQL: a flight's lobby shows its main event's pool
(with the guarantee), places paid and pay jumps; the main event's results count every flight's
entries; Day 1 busts outside the money take no place, and once the combined field's bubble has
burst a flight plays into the money, paid from the one pool (FLIGHT-ITM)."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from clock.models import Clock
from clock.services.day import bag_chips
from rules.refusals import Refused
from tables.models import ChipBag, Seating, TournamentTable
from tables.services.counts import confirm_bag
from tables.services.day_two import draw_day_two, open_day_two_tables
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done, player_out
from tests.integration.test_flights import main_event, new_player, sell  # noqa: F401 (the fixture)
from tournaments.models import Entry, Tournament
from tournaments.queries.payout_desk import prizes_to_pay
from tournaments.queries.payouts import payout
from tournaments.queries.results import standings
from tournaments.queries.snapshot import snapshot
from tournaments.services.desk import close_registration
from tournaments.services.flights import add_flight, close_flight
from tournaments.services.payout_desk import pay_prize


def _flight(main, name, staff, days):
    made = add_flight(main.id, name, timezone.now() + timedelta(days=days), None, staff["director"])
    return Tournament.objects.get(pk=made["flight"]["id"])


def _seats(flight):
    return sorted(Seating.objects.filter(tournament=flight, ended_at__isnull=True).values_list("seat", flat=True))


def _out(flight, table, seat, staff):
    """One player out, then the hand is done: each bust in a hand of its own."""
    player_out(flight.id, table, seat, staff["floor"])
    hand_done(flight.id, table, staff["floor"])


def _bag_and_close(flight, table, staff):
    TournamentTable.objects.filter(tournament=flight).update(hands_left=0)
    Clock.objects.filter(tournament=flight).update(day_over=True)
    for seat in _seats(flight):
        bag_chips(flight.id, table, seat, 25_000 + seat, staff["floor"])
    for bag in ChipBag.objects.filter(tournament=flight):
        confirm_bag(flight.id, bag.table, bag.seat, bag.chips, staff["director"])
    close_flight(flight.id, staff["director"])


@pytest.fixture
def two_flights(main_event, staff):  # noqa: F811
    """Day 1A (4 entries: one out, three bags, closed) and Day 1B (6 entries, drawn at one
    table): 10 entries of 100.00 in all, a 500.00 guarantee, 6 places paid."""
    Tournament.objects.filter(pk=main_event.pk).update(places_paid=6)
    main_event.refresh_from_db()
    a, b = _flight(main_event, "Day 1A", staff, 0), _flight(main_event, "Day 1B", staff, 1)
    for i in range(4):
        sell(a, new_player(a, f"Alpha{i}"))
    for i in range(6):
        sell(b, new_player(b, f"Bravo{i}"))
    open_tables(a.id, [1], staff["director"])
    draw_field(a.id, staff["director"], seed=4)
    player_out(a.id, 1, _seats(a)[0], staff["floor"])
    close_registration(a.id, staff["director"])
    _bag_and_close(a, 1, staff)
    open_tables(b.id, [2], staff["director"])
    draw_field(b.id, staff["director"], seed=4)
    return main_event, a, b


@pytest.mark.django_db(transaction=True)
def test_a_flights_lobby_shows_the_main_events_money_and_its_results_count_every_flight(two_flights):
    """PAY-POOL, PAY-STRUCT for a flight: its lobby's money line is the main event's (pool with
    the guarantee, places paid, min cash), never "0 places paid"; the main event's results and
    the flight's count every flight's entries (10), not the Day 2 field."""
    main, a, b = two_flights
    table = payout(main)
    assert len(table) == 6 and payout(b) == table
    money = snapshot(b.id)["money"]
    assert (money["pool"], money["guarantee"], money["places_paid"], money["min_cash"]) == (
        100_000,
        50_000,
        6,
        table[-1],
    )
    assert money["players_left"] == 9  # three bags from Day 1A and six playing Day 1B
    assert not money["in_the_money"]
    answer = Client().get(f"/api/tournaments/{main.id}/results/").json()
    assert (answer["field"], answer["payouts"], answer["main_event"]["name"]) == (10, table, "Main Event")
    flight_answer = Client().get(f"/api/tournaments/{a.id}/results/").json()
    assert (flight_answer["field"], flight_answer["payouts"], flight_answer["out"]) == (10, table, [])
    assert flight_answer["out_before_the_money"] == 1  # FLIGHT-ITM: a Day 1 bust outside the money has no place


@pytest.mark.django_db(transaction=True)
def test_FLIGHT_ITM_a_flight_plays_into_the_money_once_the_combined_bubble_bursts(two_flights, staff):
    """FLIGHT-ITM through the services: Day 1B's busts take no place while its registration is
    open; once the field is final and 5 players are left across the flights (6 paid), the next
    out of Day 1B takes 6th and its prize from the one pool, paid at Day 1B's payout desk; Day 2
    places the rest above it; a house that does not let flights play into the money places none."""
    main, a, b = two_flights
    seats = _seats(b)
    for seat in seats[:3]:
        _out(b, 2, seat, staff)
    assert standings(b)["out"] == [] and standings(b)["out_before_the_money"] == 3
    close_registration(b.id, staff["director"])
    assert standings(b)["out"] == []  # 9th, 8th and 7th: out before the money
    _out(b, 2, seats[3], staff)
    money = snapshot(b.id)["money"]
    assert (money["players_left"], money["in_the_money"]) == (5, True)
    table = payout(main)
    [row] = standings(b)["out"]
    assert (row["place"], row["prize"], row["flight"]) == ([6, 6], table[5], "Day 1B")
    assert standings(b)["out_before_the_money"] == 3
    [to_pay] = prizes_to_pay(b)
    assert to_pay["prize"] == table[5]
    assert prizes_to_pay(main) == []  # paid where the player went out
    assert pay_prize(b.id, row["entry"], "cash", staff["cashier"])["amount"] == table[5]
    with pytest.raises(Refused):
        pay_prize(b.id, row["entry"], "cash", staff["cashier"])

    _bag_and_close(b, 2, staff)
    open_day_two_tables(main.id, "3", staff["director"])
    draw_day_two(main.id, staff["director"], seed=1)
    assert main.entries.filter(kind=Entry.Kind.DAY_TWO).count() == 5
    day_two_seat = _seats(main)[0]
    _out(main, 3, day_two_seat, staff)
    result = standings(main)
    assert result["field"] == 10
    assert [(r["place"], r["flight"], r["prize"]) for r in result["out"]] == [
        ([5, 5], None, table[4]),
        ([6, 6], "Day 1B", table[5]),
    ]

    ruleset = main.rules().to_json()
    ruleset["entries"]["flights_play_into_money"] = False
    Tournament.objects.filter(pk=main.pk).update(ruleset=ruleset)
    b, main = Tournament.objects.get(pk=b.pk), Tournament.objects.get(pk=main.pk)
    assert standings(b)["out"] == [] and standings(b)["out_before_the_money"] == 4
    assert [r["place"] for r in standings(main)["out"]] == [[5, 5]]
