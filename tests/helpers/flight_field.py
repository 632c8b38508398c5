"""A main event in two flights, made through the services (as `act` calls them): Day 1A with 4
entries (one out, three bags, closed) and Day 1B with 6 entries drawn at one table; 100.00 each,
a 500.00 guarantee, 6 places paid. Used by the integration and browser tests of one event's
counts (FLIGHT-ITM)."""

from datetime import date, timedelta

from django.utils import timezone

from clock.models import Clock
from clock.services.day import bag_chips
from players.services import desk as player_services
from tables.models import ChipBag, Seating, Table, TournamentTable
from tables.services.counts import confirm_bag
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done, player_out
from tests.helpers.pages import act
from tournaments.models import Tournament
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk
from tournaments.services.flights import add_flight, close_flight


def main_event(make_tournament) -> Tournament:
    """A pokerfest main event, 100.00 + 10.00, a 500.00 guarantee, venue tables 1-4 and 101-102."""
    main = make_tournament(name="Main Event")
    Tournament.objects.filter(pk=main.pk).update(buy_in=10_000, fee=1_000, starting_stack=30_000, guarantee=50_000)
    main.refresh_from_db()
    for number in (1, 2, 3, 4, 101, 102):
        Table.objects.create(festival=main.festival, number=number, seats=9)
    return main


def flight(main: Tournament, name: str, staff, days: int) -> Tournament:
    made = act(add_flight, main.id, name, timezone.now() + timedelta(days=days), None, staff["director"])
    return Tournament.objects.get(pk=made["flight"]["id"])


def sell(tournament: Tournament, first: str):
    player = act(
        player_services.create_player,
        tournament.id,
        player_services.NewPlayer(first, "Flight", date(1980, 1, 1), accepts_terms=True, id_checked=True),
        None,
    )
    return act(desk.register_entry, tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)


def seats(tournament: Tournament, table: int | None = None) -> list[int]:
    sitting = Seating.objects.filter(tournament=tournament, ended_at__isnull=True)
    if table is not None:
        sitting = sitting.filter(tournament_table__table__number=table)
    return sorted(sitting.values_list("seat", flat=True))


def out(tournament: Tournament, table: int, seat: int, staff) -> None:
    """One player out, then the hand is done: each bust in a hand of its own."""
    act(player_out, tournament.id, table, seat, staff["floor"])
    act(hand_done, tournament.id, table, staff["floor"])


def bag_and_close(tournament: Tournament, table: int, staff) -> None:
    """The day is over (as tests/integration/test_flights.py sets it): bag, confirm, close."""
    TournamentTable.objects.filter(tournament=tournament).update(hands_left=0)
    Clock.objects.filter(tournament=tournament).update(day_over=True)
    for seat in seats(tournament):
        act(bag_chips, tournament.id, table, seat, 25_000 + seat, staff["floor"])
    for bag in ChipBag.objects.filter(tournament=tournament):
        act(confirm_bag, tournament.id, bag.table, bag.seat, bag.chips, staff["director"])
    act(close_flight, tournament.id, staff["director"])


def two_flights(make_tournament, staff) -> tuple[Tournament, Tournament, Tournament]:
    """The main event, Day 1A (closed: three bags) and Day 1B (six playing at table 2)."""
    main = main_event(make_tournament)
    Tournament.objects.filter(pk=main.pk).update(places_paid=6)
    main.refresh_from_db()
    a, b = flight(main, "Day 1A", staff, 0), flight(main, "Day 1B", staff, 1)
    for i in range(4):
        sell(a, f"Alpha{i}")
    for i in range(6):
        sell(b, f"Bravo{i}")
    act(open_tables, a.id, [1], staff["director"])
    act(draw_field, a.id, staff["director"], seed=4)
    act(player_out, a.id, 1, seats(a)[0], staff["floor"])
    act(desk.close_registration, a.id, staff["director"])
    bag_and_close(a, 1, staff)
    act(open_tables, b.id, [2], staff["director"])
    act(draw_field, b.id, staff["director"], seed=4)
    return main, a, b
