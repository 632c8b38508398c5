"""A main event played in a flight into Day 2, through the services: the flight sells and draws,
its day ends, every seat is bagged and confirmed by a second person, the flight closes and Day 2
is drawn over other tables. Shared by the seat page's integration and browser tests; `call`
runs each service (a browser test passes tests.helpers.pages.act)."""

from datetime import date

from clock.models import Clock
from clock.services.day import bag_chips
from players.services import desk as player_services
from tables.models import ChipBag, Seating, Table, TournamentTable
from tables.services.counts import confirm_bag
from tables.services.day_two import draw_day_two
from tables.services.draw import draw_field, open_tables
from tournaments.models import Entry, Tournament
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk
from tournaments.services.flights import add_flight, close_flight


def direct(service, *args, **kwargs):
    return service(*args, **kwargs)


def main_event_with_a_flight(make_tournament, staff, players: int, call=direct) -> tuple[Tournament, Tournament]:
    """A main event (100.00 + 10.00, 30,000 chips, venue tables 1-4 of 9 seats) and its flight
    Day 1A with `players` entries drawn at table 1; level 1 takes an hour."""
    main = make_tournament(name="Main Event", level_seconds=(3600, 3600, 3600))
    Tournament.objects.filter(pk=main.pk).update(buy_in=10_000, fee=1_000, starting_stack=30_000)
    for number in (1, 2, 3, 4):
        Table.objects.create(festival=main.festival, number=number, seats=9)
    people = [
        call(
            player_services.create_player,
            main.id,
            player_services.NewPlayer(
                f"Player{i:02d}", "Flight", date(1980, 1, 1), accepts_terms=True, id_checked=True
            ),
            None,
        )
        for i in range(players)
    ]
    return Tournament.objects.get(pk=main.pk), flight_of(main, staff, "Day 1A", people, 1, call)


def flight_of(main: Tournament, staff, name: str, people: list, table: int, call=direct) -> Tournament:
    """A flight of the main event selling one entry to each of `people`, drawn at `table`."""
    flight = Tournament.objects.get(pk=call(add_flight, main.id, name, None, None, staff["director"])["flight"]["id"])
    for player in people:
        call(desk.register_entry, flight.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    call(open_tables, flight.id, [table], staff["director"])
    call(draw_field, flight.id, staff["director"], 4)
    return flight


def end_the_day(flight: Tournament) -> None:
    """Every table has played its last hand (clock/services/day.py runs it; test_end_of_day proves it)."""
    TournamentTable.objects.filter(tournament=flight).update(hands_left=0)
    Clock.objects.filter(tournament=flight).update(day_over=True)


def bag(flight: Tournament, staff, entry: Entry, chips: int, call=direct) -> None:
    sitting = Seating.objects.select_related("tournament_table__table").get(entry=entry, ended_at__isnull=True)
    call(bag_chips, flight.id, sitting.tournament_table.table.number, sitting.seat, chips, staff["floor"])


def bag_the_rest_and_close(flight: Tournament, staff, call=direct) -> None:
    """Bag every seat not yet bagged (20,000 + 1,000 a seat), the director confirms each bag, the
    flight closes."""
    for sitting in Seating.objects.filter(tournament=flight, ended_at__isnull=True).select_related(
        "tournament_table__table"
    ):
        if not ChipBag.objects.filter(entry_id=sitting.entry_id).exists():
            number = sitting.tournament_table.table.number
            call(bag_chips, flight.id, number, sitting.seat, 20_000 + 1_000 * sitting.seat, staff["floor"])
    for chip_bag in ChipBag.objects.filter(tournament=flight, confirmed_at__isnull=True):
        call(confirm_bag, flight.id, chip_bag.table, chip_bag.seat, chip_bag.chips, staff["director"])
    call(close_flight, flight.id, staff["director"])


def draw_day_two_at(main: Tournament, staff, tables: list[int], call=direct) -> None:
    call(open_tables, main.id, tables, staff["director"])
    call(draw_day_two, main.id, staff["director"], 5)


def seat_of_entry(entry: Entry) -> tuple[int, int] | None:
    sitting = (
        Seating.objects.select_related("tournament_table__table").filter(entry=entry, ended_at__isnull=True).first()
    )
    return (sitting.tournament_table.table.number, sitting.seat) if sitting else None
