"""Reads of structures for the structures page, the new-tournament page and the director's
console: every level numbered the one way every screen numbers them (play levels 1, 2, 3…,
breaks unnumbered, as `timeline.play_level_number` and the clock's `level_number`).

Query floor: reads only the clock's models and rules.
"""

from django.db.models import Q
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from clock.models import Clock, Structure
from clock.rules import speeds, timeline
from clock.rules.structures import MINUTE


def numbered(levels: list[timeline.Level]) -> list[dict]:
    """Each level with its number (None for a break) and its label as the console lists it."""
    rows, number = [], 0
    for position, level in enumerate(levels):
        if not level.is_break:
            number += 1
        rows.append(
            {
                "position": position,
                "number": None if level.is_break else number,
                "label": level_label(level, number),
                "small_blind": level.small_blind,
                "big_blind": level.big_blind,
                "ante": level.ante,
                "big_blind_ante": level.big_blind_ante,
                "minutes": level.duration / MINUTE,
                "is_break": level.is_break,
                "name": level.name,
                "colour_up": level.colour_up,
            }
        )
    return rows


def level_label(level: timeline.Level, number: int) -> str:
    """ "Level 3: 300/600, big-blind ante 600 (30 min)" or "Break: dinner (15 min)"."""
    minutes = _("%(minutes)s min") % {"minutes": f"{level.duration / MINUTE:g}"}
    if level.is_break:
        name = level.name.strip()
        words = _("Break: %(name)s") % {"name": name} if name and name.lower() != "break" else _("Break")
        return f"{words} ({minutes})"
    blinds = f"{_grouped(level.small_blind)}/{_grouped(level.big_blind)}"
    if level.ante and level.big_blind_ante:
        blinds = _("%(blinds)s, big-blind ante %(ante)s") % {"blinds": blinds, "ante": _grouped(level.ante)}
    elif level.ante:
        blinds = _("%(blinds)s ante %(ante)s") % {"blinds": blinds, "ante": _grouped(level.ante)}
    return _("Level %(number)s: %(blinds)s (%(minutes)s)") % {"number": number, "blinds": blinds, "minutes": minutes}


def _grouped(amount: int) -> str:
    return number_format(amount, force_grouping=True)


def structure_document(structure: Structure) -> dict:
    """A structure as its page edits it: the levels, and for a tournament's own structure the
    positions already played or being played (they no longer change)."""
    clock = Clock.objects.filter(structure=structure).select_related("tournament").first()
    played = 0
    if clock is not None and clock.status != timeline.READY:
        played = clock.level_index + 1
    return {
        "id": structure.id,
        "name": structure.name,
        "festival": structure.festival_id,
        "is_template": structure.is_template,
        "late_entry_until_level": structure.late_entry_until_level,
        "rebuys_until_level": structure.rebuys_until_level,
        "tournament": {"id": clock.tournament_id, "name": clock.tournament.name} if clock else None,
        "played": played,
        "levels": numbered(structure.timeline_levels()),
    }


def templates_for(festival_id: int | None = None):
    """The templates a festival's tournaments may start from: its own and every festival's."""
    chosen = Structure.objects.filter(is_template=True)
    if festival_id is not None:
        chosen = chosen.filter(Q(festival__isnull=True) | Q(festival_id=festival_id))
    return chosen.select_related("festival").order_by("name", "id")


def tournaments_structures():
    """The structures tournaments run, newest tournament first, for the structures page."""
    return Clock.objects.select_related("structure", "tournament").order_by("-tournament_id")


def speed_choices() -> list[tuple[str, str]]:
    """The common speeds' templates (deepstack, standard, turbo, Day 2), in the page's language."""
    return [(speed.key, _(speed.name)) for speed in speeds.SPEEDS.values()]
