"""Structures on the pages (CLK-LEVELS): the director creates a template (blank, from a speed,
a copy of another structure, or a CSV), edits its levels and breaks, copies it, and imports or
exports it as CSV, without the admin.

A template is the festival's reference data, like the festival itself: it belongs to no
tournament, so it has no tournament log; a tournament runs its own copy. The structure a
tournament's clock runs changes only through `level_clock.revise_structure` (logged, played
levels kept as they were), and so does an edit made here on such a structure.
"""

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from clock.models import Clock, Structure
from clock.rules import speeds, structures
from clock.rules import timeline as clock_timeline
from clock.services.level_clock import Revision, revise_structure, write_levels
from rules.refusals import Refused
from tournaments.models import Festival


@dataclass(frozen=True)
class Source:
    """Where a new structure's levels come from: one of them (none: one level to start from)."""

    levels: list[clock_timeline.Level] | None = None
    csv: str | None = None
    speed: str | None = None
    copy_of: int | None = None


def levels_of(source: Source) -> list[clock_timeline.Level]:
    """The levels a source gives, checked (CLK-LEVELS); a bad CSV is refused naming its line."""
    given = [name for name in ("levels", "csv", "speed", "copy_of") if getattr(source, name) is not None]
    if len(given) > 1:
        raise Refused(_("Give the levels one way: typed, a CSV, a speed or a structure to copy."))
    if source.csv is not None:
        levels = structures.from_csv(source.csv)
    elif source.speed is not None:
        levels = speeds.speed_levels(source.speed)
    elif source.copy_of is not None:
        original = Structure.objects.filter(pk=source.copy_of).first()
        if original is None:
            raise Refused(_("There is no such structure to copy."))
        levels = original.timeline_levels()
    elif source.levels is not None:
        levels = list(source.levels)
    else:
        levels = [clock_timeline.Level(100, 200, 0, structures.MINUTE * 20)]
    structures.check_levels(levels)
    return levels


def _checked_name(name: str) -> str:
    name = name.strip()
    if not name:
        raise Refused(_("Give the structure a name, e.g. Main Event deepstack."))
    return name


def _check_closing(levels: list[clock_timeline.Level], *closing: int | None) -> None:
    count = sum(1 for level in levels if not level.is_break)
    for level in closing:
        if level is not None and not 1 <= level <= count:
            raise Refused(
                _("Late registration and rebuys close at the end of a level from 1 to %(count)s.") % {"count": count}
            )


def create_structure(
    festival_id: int | None,
    name: str,
    source: Source,
    late_entry_until_level: int | None = None,
    rebuys_until_level: int | None = None,
) -> Structure:
    """A new template for a festival (or, without one, for every festival)."""
    name = _checked_name(name)
    if festival_id is not None and not Festival.objects.filter(pk=festival_id).exists():
        raise Refused(_("There is no such festival."))
    levels = levels_of(source)
    _check_closing(levels, late_entry_until_level, rebuys_until_level)
    with transaction.atomic():
        structure = Structure.objects.create(
            name=name,
            festival_id=festival_id,
            is_template=True,
            late_entry_until_level=late_entry_until_level,
            rebuys_until_level=rebuys_until_level,
        )
        write_levels(structure, levels)
    return structure


def edit_structure(
    structure_id: int,
    name: str,
    source: Source,
    late_entry_until_level: int | None,
    rebuys_until_level: int | None,
    director,
    request_key=None,
) -> Structure:
    """The director edits a structure's levels and breaks (typed, or a CSV imported over them).
    A template changes as a whole; the structure a tournament runs, through the clock's
    revise_structure: before the start anything, after it only what is still to come."""
    name = _checked_name(name)
    if source.speed is not None or source.copy_of is not None:
        raise Refused(_("A structure's levels are typed or imported from a CSV."))
    with transaction.atomic():
        structure = Structure.objects.filter(pk=structure_id).first()
        if structure is None:
            raise Refused(_("There is no such structure."))
        levels = levels_of(source) if source.levels is not None or source.csv is not None else None
        clocks = list(Clock.objects.filter(structure=structure).select_related("tournament"))
        if len(clocks) > 1:
            raise Refused(
                _("%(tournaments)s run this one structure: give each tournament its own copy.")
                % {"tournaments": ", ".join(clock.tournament.name for clock in clocks)}
            )
        if clocks:
            if name != structure.name:
                raise Refused(_("A tournament's structure keeps the name its copy was given."))
            revise_structure(
                clocks[0].tournament_id,
                Revision(levels, late_entry_until_level, rebuys_until_level),
                director,
                request_key,
            )
            return Structure.objects.get(pk=structure.pk)
        _check_closing(levels or structure.timeline_levels(), late_entry_until_level, rebuys_until_level)
        structure.name = name
        structure.late_entry_until_level = late_entry_until_level
        structure.rebuys_until_level = rebuys_until_level
        structure.save()
        if levels is not None:
            write_levels(structure, levels)
    return structure


def copy_to_template(structure_id: int, name: str, festival_id: int | None) -> Structure:
    """A new template with another structure's levels (a template's, or a tournament's own, to
    run again next time)."""
    original = Structure.objects.filter(pk=structure_id).first()
    if original is None:
        raise Refused(_("There is no such structure to copy."))
    return create_structure(
        festival_id,
        name,
        Source(copy_of=original.id),
        original.late_entry_until_level,
        original.rebuys_until_level,
    )
