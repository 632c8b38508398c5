"""Reads for colour-ups and chip races (CHIP-RACE, CHIP-ODD): the race sheets the tablets show,
the director's list of tables raced, and what the structure's notes suggest for the next
colour-up.

Query floor, beside tables.queries: reads the tables' and the clock's models.
"""

from django.utils import timezone

from clock.models import Clock
from clock.rules import timeline
from rules.times import iso_time
from tables.models import ChipRace, ColourUp
from tables.rules.colour_up import seat_lines, suggested_colour_up
from tournaments.models import Tournament


def latest_colour_up(tournament: Tournament) -> ColourUp | None:
    return tournament.colour_ups.order_by("-number").first()


def race_answer(race: ChipRace, already_raced: bool = False) -> dict:
    """One table's race as recorded: what the tablet shows and the event carries."""
    colour_up = race.colour_up
    lines = seat_lines(race.result["new_chips"], race.result["protected"], colour_up.smallest, race.pot)
    return {
        "colour_up": colour_up.number,
        "table": race.table,
        "leaving": colour_up.leaving,
        "smallest": colour_up.smallest,
        "pot": race.pot,
        "start_after": race.start_after,
        "new_chips": race.result["new_chips"],
        "protected": race.result["protected"],
        "cards": race.result["cards"],
        "lines": {str(seat): line for seat, line in lines.items()},
        "odd_value": race.odd_value,
        "new_value": race.new_value,
        "difference": race.difference,
        "raced_at": iso_time(race.raced_at),
        "already_raced": already_raced,
    }


def colour_up_suggestion(tournament: Tournament) -> dict:
    """The next colour-up the structure's notes name, from the current level on: the chip
    leaving and, when a later note names a larger one, the smallest chip staying."""
    last = latest_colour_up(tournament)
    notes = []
    clock = Clock.objects.filter(tournament=tournament).select_related("structure").first()
    if clock is not None:
        levels = clock.structure.timeline_levels()
        if levels:
            index = timeline.view(clock.state, levels, timezone.now()).level_index
            notes = [level.colour_up for level in levels[index:] if level.colour_up]
    leaving, smallest, note = suggested_colour_up(notes, last.smallest if last else None)
    return {"leaving": leaving, "smallest": smallest, "note": note}


def colour_up_view(tournament: Tournament) -> dict:
    """The latest colour-up with each open table's race (or that it has yet to race), and the
    suggestion for the next one."""
    view = {"current": None, "suggestion": colour_up_suggestion(tournament)}
    current = latest_colour_up(tournament)
    if current is None:
        return view
    races = {race.table: race for race in current.races.select_related("colour_up")}
    open_numbers = set(tournament.tables.filter(broken_at__isnull=True).values_list("table__number", flat=True))
    view["current"] = {
        "number": current.number,
        "leaving": current.leaving,
        "smallest": current.smallest,
        "note": current.note,
        "started_at": iso_time(current.started_at),
        "tables": [
            {"table": number, "raced": number in races, "race": race_answer(races[number]) if number in races else None}
            for number in sorted(open_numbers | set(races))
        ],
        "difference": sum(race.difference for race in races.values()),
        "to_race": len(open_numbers - set(races)),
    }
    return view
