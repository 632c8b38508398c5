"""Reads of a main event played in flights: its flights with their entries, the combined pool
and payout table, the qualifiers and their Day 2 seats; and a flight entry's way to Day 2 for
its seat page.

Query floor: above tournaments.queries (the pool and payouts), below the seat page's reads.
"""

from clock.models import Clock
from clock.rules import timeline
from rules.times import iso_time
from tables.models import ChipBag, Qualifier, Seating
from tournaments.models import Entry, Tournament
from tournaments.queries.payouts import payout, places_paid, prize_pool


def main_event_of(tournament: Tournament) -> Tournament | None:
    """The main event a tournament belongs to: itself when it has flights, its main event when
    it is a flight, else None."""
    if tournament.main_event_id is not None:
        return tournament.main_event
    return tournament if tournament.flights.exists() else None


def flights_view(tournament: Tournament) -> dict | None:
    """The main event's flights for its lobby, set-up and director's pages (and a flight's, which
    show the pool they play for): entries each, the combined pool and payouts, qualifiers and
    whether Day 2 is drawn. Public: no personal data."""
    main = main_event_of(tournament)
    if main is None:
        return None
    flights = list(main.flights.order_by("starts_at", "id"))
    qualified = dict.fromkeys((flight.id for flight in flights), 0)
    forfeited = dict(qualified)
    for flight_id, status in main.qualifiers.values_list("flight_id", "status"):
        (qualified if status == Qualifier.Status.FORWARD else forfeited)[flight_id] += 1
    pool = prize_pool(main)
    table = payout(main, pool["pool"])
    entries = sum(flight.seats_sold for flight in flights) + main.seats_sold
    return {
        "main_event": {"id": main.id, "name": main.name, "status": main.status},
        "this_is_the_main_event": tournament.id == main.id,
        "flights": [
            {
                "id": flight.id,
                "name": flight.name,
                "starts_at": iso_time(flight.starts_at) if flight.starts_at else None,
                "status": flight.status,
                "entries": flight.seats_sold,
                "max_entries": flight.max_entries,
                "closed": flight.status == Tournament.Status.FINISHED,
                "qualified": qualified[flight.id],
                "forfeited": forfeited[flight.id],
            }
            for flight in flights
        ],
        "entries": entries,
        "pool": pool["pool"],
        "collected": pool["collected"],
        "guarantee": pool["guarantee"],
        "payouts": table,
        "places_paid": places_paid(main, table),
        "qualifiers": sum(qualified.values()),
        "day_two_drawn": main.qualifiers.filter(day_two_entry__isnull=False).exists(),
        "flight_reentry": main.rules().entries.flight_reentry,
    }


def day_two_start(main: Tournament) -> dict | None:
    """Day 2 starts where the flights stopped, by the structure, not at level 1: each closed
    flight's level when its day ended, the level proposed (the furthest the flights got, its
    next playing level when that is a break), the main event's clock level now, and whether
    Day 2's clock may still be set (it has not started). None without flights or structure."""
    clock = Clock.objects.filter(tournament=main).select_related("structure").first()
    if clock is None or not main.flights.exists():
        return None
    levels = clock.structure.timeline_levels()
    stopped = [
        {
            "flight": name,
            "level_index": index,
            "level_number": timeline.play_level_number(levels, min(index, len(levels) - 1)) if levels else None,
        }
        for name, index in Clock.objects.filter(
            tournament__main_event=main, tournament__status=Tournament.Status.FINISHED
        )
        .order_by("tournament__starts_at", "tournament_id")
        .values_list("tournament__name", "level_index")
    ]
    proposed = max((row["level_index"] for row in stopped), default=None)
    while proposed is not None and proposed < len(levels) - 1 and levels[proposed].is_break:
        proposed += 1
    # The clock still on the structure's first level has not been set for Day 2: it starts where
    # the flights stopped (the draw sets it so), unless the director chooses another level.
    starts = proposed if clock.level_index == 0 and proposed is not None else clock.level_index
    return {
        "stopped": stopped,
        "proposed": proposed,
        "starts": starts,
        "starts_number": timeline.play_level_number(levels, starts) if levels else None,
        "proposed_number": timeline.play_level_number(levels, proposed) if proposed is not None and levels else None,
        "level_index": clock.level_index,
        "level_number": timeline.play_level_number(levels, clock.level_index) if levels else None,
        "may_set": clock.started_at is None and clock.status == timeline.READY,
        "levels": [
            {
                "index": index,
                "number": timeline.play_level_number(levels, index),
                "blinds": f"{level.small_blind:,} / {level.big_blind:,}",
            }
            for index, level in enumerate(levels)
            if not level.is_break
        ],
    }


def day_two_seats(main: Tournament) -> list[dict]:
    """The director's list of qualifiers: flight, entry, chips, extension chips, status and the
    Day 2 seat once drawn (staff: the player's name)."""
    seats = {
        (row[0]): (row[1], row[2])
        for row in Seating.objects.filter(tournament=main, ended_at__isnull=True).values_list(
            "entry_id", "tournament_table__table__number", "seat"
        )
    }
    rows = []
    for q in main.qualifiers.select_related("flight", "flight_entry__player", "day_two_entry").order_by("id"):
        place = seats.get(q.day_two_entry_id)
        rows.append(
            {
                "flight": q.flight.name,
                "flight_entry": q.flight_entry.number,
                "name": str(q.flight_entry.player),
                "chips": q.chips,
                "time_extensions": q.time_extensions,
                "status": q.status,
                "reason": q.reason,
                "day_two_entry": q.day_two_entry.number if q.day_two_entry else None,
                "table": place[0] if place else None,
                "seat": place[1] if place else None,
            }
        )
    return rows


def way_to_day_two(entry: Entry) -> dict | None:
    """A flight entry's seat page: its bag, whether it goes to Day 2, and its Day 2 table and seat
    once drawn (its Day 2 entry number stays once the player is out). None for an entry of a
    tournament that is not a flight, or before its bag."""
    if entry.tournament.main_event_id is None:
        return None
    main = entry.tournament.main_event
    flight_start = entry.tournament.starts_at
    # Day 2's start: the main event's, when it is set after the flight's.
    starts_at = main.starts_at if main.starts_at and (flight_start is None or main.starts_at > flight_start) else None
    qualifier = Qualifier.objects.filter(flight_entry=entry).select_related("day_two_entry").first()
    if qualifier is None:
        bag = ChipBag.objects.filter(entry=entry).order_by("-day").first()
        if bag is None:
            return None
        return {
            "main_event": main.name,
            "main_event_id": main.id,
            "status": "bagged",
            "chips": bag.chips,
            "time_extensions": bag.time_extensions,
            "table": None,
            "seat": None,
            "reason": "",
            "day_two_entry": None,
            "starts_at": iso_time(starts_at) if starts_at else None,
        }
    place = None
    if qualifier.day_two_entry is not None:
        place = (
            Seating.objects.filter(entry=qualifier.day_two_entry, ended_at__isnull=True)
            .values_list("tournament_table__table__number", "seat")
            .first()
        )
    return {
        "main_event": main.name,
        "main_event_id": main.id,
        "status": qualifier.status,
        "chips": qualifier.chips,
        "time_extensions": qualifier.time_extensions,
        "reason": qualifier.reason,
        "day_two_entry": qualifier.day_two_entry.number if qualifier.day_two_entry else None,
        "table": place[0] if place else None,
        "seat": place[1] if place else None,
        "starts_at": iso_time(starts_at) if starts_at else None,
    }


def flight_entries(main: Tournament) -> dict[int, dict]:
    """The flight entry each Day 2 entry of the main event came from, by Day 2 entry number:
    {"flight": "Day 1A", "entry": 1}. Each tournament numbers its own entries, so the results
    say both where they differ."""
    drawn = Qualifier.objects.filter(main_event=main, day_two_entry__isnull=False).values_list(
        "day_two_entry__number", "flight__name", "flight_entry__number"
    )
    return {number: {"flight": flight, "entry": entry} for number, flight, entry in drawn}
