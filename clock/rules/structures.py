"""Structures as plain data (CLK-LEVELS, CLK-INTERVAL): the presets the rulebooks give, the
chips club's intervals, the end of a level in clock minutes, and CSV in and out. Pure."""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from datetime import timedelta

from clock.rules.timeline import Level
from rules.refusals import Refused
from rules.refusals import gettext as _

MINUTE = timedelta(minutes=1)


def _kentucky() -> list[Level]:
    """The kentucky rulebook's table: 16 rounds of 20 minutes, breaks after rounds 5, 10 and
    14 (the last before the final table), antes from round 6, colour-ups at 4, 8, 13 and 15.
    The rulebook prints round 7's little blind as "759": a typo for 750, shipped as 750. It
    gives no break length; 10 minutes here, edit the copy if the house breaks longer."""
    rounds = [
        (25, 50, 0),
        (50, 100, 0),
        (100, 200, 0),
        (200, 400, 0),
        (400, 800, 0),
        (500, 1000, 50),
        (750, 1500, 100),
        (1000, 2000, 200),
        (1500, 3000, 300),
        (2000, 4000, 400),
        (3000, 6000, 600),
        (4000, 8000, 800),
        (5000, 10000, 1000),
        (7500, 15000, 1500),
        (10000, 20000, 2000),
        (15000, 30000, 3000),
    ]
    colour_ups = {
        4: "$25 green chips leave",
        8: "$50 red chips leave",
        13: "$100 black chips leave",
        15: "$500 purple chips leave",
    }
    breaks = {5: "", 10: "", 14: "before the final table"}
    levels = []
    for number, (small, big, ante) in enumerate(rounds, start=1):
        levels.append(Level(small, big, ante, 20 * MINUTE, colour_up=colour_ups.get(number, "")))
        if number in breaks:
            levels.append(Level(0, 0, 0, 10 * MINUTE, is_break=True, name=breaks[number]))
    return levels


# Structures the rulebooks print, by preset. The others leave structures to the house.
PRESET_STRUCTURES: dict[str, list[Level]] = {"kentucky": _kentucky()}


def insert_intervals(levels: list[Level], every: timedelta, length: timedelta, name: str = "interval") -> list[Level]:
    """CLK-INTERVAL (chips): a break after every `every` of play, wherever it falls; a level
    it interrupts continues after the interval with the rest of its time. Existing breaks
    count as intervals and restart the count."""
    out: list[Level] = []
    played = timedelta(0)
    for level in levels:
        if level.is_break:
            out.append(level)
            played = timedelta(0)
            continue
        left = level.duration
        while played + left >= every:
            part = every - played
            if part > timedelta(0):
                out.append(replace(level, duration=part))
            out.append(Level(0, 0, 0, length, is_break=True, name=name))
            left -= part
            played = timedelta(0)
        if left > timedelta(0):
            out.append(replace(level, duration=left))
            played += left
    while out and out[-1].is_break and out[-1].name == name:
        out.pop()  # no interval after the last level
    return out


def minutes_to_end_of(levels: list[Level], play_level: int) -> int | None:
    """Clock minutes from the start to the end of play level `play_level` (1, 2, …; breaks
    before it count, pauses do not). None when the structure has fewer levels."""
    elapsed, number = timedelta(0), 0
    for level in levels:
        elapsed += level.duration
        if not level.is_break:
            number += 1
            if number == play_level:
                return int(elapsed / MINUTE)
    return None


CSV_FIELDS = ["small_blind", "big_blind", "ante", "big_blind_ante", "minutes", "is_break", "name", "colour_up"]


def to_csv(levels: list[Level]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for level in levels:
        writer.writerow(
            {
                "small_blind": level.small_blind,
                "big_blind": level.big_blind,
                "ante": level.ante,
                "big_blind_ante": "yes" if level.big_blind_ante else "",
                "minutes": _minutes(level.duration),
                "is_break": "yes" if level.is_break else "",
                "name": level.name,
                "colour_up": level.colour_up,
            }
        )
    return out.getvalue()


def _minutes(duration: timedelta) -> str:
    minutes = duration / MINUTE
    return str(int(minutes)) if minutes == int(minutes) else f"{minutes:g}"


class StructureError(Refused, ValueError):
    """Levels that are not a structure (a CSV's, or a page's): the message names the line or
    the level, so the director can find it."""


def position_name(levels: list[Level], index: int, starts_a_sentence: bool = False) -> str:
    """A position as every screen numbers it (play levels 1, 2, 3…, breaks unnumbered): "level
    3", or "the break after level 3" ("the break before level 1" at the start)."""
    number = sum(1 for level in levels[: index + 1] if not level.is_break)
    if not levels[index].is_break:
        name = _("level %(number)s") % {"number": number}
    elif number == 0:
        name = _("the break before level 1")
    else:
        name = _("the break after level %(number)s") % {"number": number}
    return _capital(name) if starts_a_sentence else name


def check_levels(levels: list[Level]) -> None:
    """CLK-LEVELS: at least one level; each with a time, a big blind no lower than its small
    blind, no negative chips. Raises StructureError naming the level as the clock numbers it."""
    if not any(not level.is_break for level in levels):
        raise StructureError(_("A structure needs at least one level with blinds."))
    for index, level in enumerate(levels):
        where = position_name(levels, index, starts_a_sentence=True)
        if level.duration <= timedelta(0):
            raise StructureError(_("%(where)s needs a time of more than 0 minutes.") % {"where": where})
        if min(level.small_blind, level.big_blind, level.ante) < 0:
            raise StructureError(_("%(where)s: blinds and ante cannot be negative.") % {"where": where})
        if not level.is_break and level.big_blind < level.small_blind:
            raise StructureError(
                _("%(where)s: the big blind (%(big)s) is below the small blind (%(small)s).")
                % {"where": where, "big": level.big_blind, "small": level.small_blind}
            )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def from_csv(text: str) -> list[Level]:
    """The levels of a CSV as to_csv writes it; a bad one raises StructureError naming its line
    (the header is line 1)."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    try:
        fields = reader.fieldnames
    except csv.Error as problem:
        raise StructureError(_("Line 1: the CSV cannot be read (%(problem)s).") % {"problem": problem}) from None
    missing = {"small_blind", "big_blind", "minutes"} - {name.strip() for name in fields or []}
    if missing:
        raise StructureError(
            _("Line 1: the CSV needs the columns %(csv_fields)s; missing: %(missing)s.")
            % {"csv_fields": ", ".join(CSV_FIELDS), "missing": ", ".join(sorted(missing))}
        )
    levels = []
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as problem:
            raise StructureError(
                _("Line %(line)s: the CSV cannot be read (%(problem)s).")
                % {"line": reader.line_num, "problem": problem}
            ) from None
        levels.append(_level_of(row, reader.line_num))
    if not levels:
        raise StructureError(_("The CSV has no levels: add one line per level under the header."))
    return levels


def _level_of(row: dict, line: int) -> Level:
    row = {(key or "").strip(): value for key, value in row.items()}

    def number(column: str, default: str = "0") -> float:
        text = str(row.get(column) or default).replace(",", "").strip()
        try:
            value = float(text)
        except ValueError:
            raise StructureError(
                _("Line %(line)s: %(column)s must be a number, not %(text)s.")
                % {"line": line, "column": column, "text": repr(text)}
            ) from None
        if value < 0:
            raise StructureError(_("Line %(line)s: %(column)s cannot be negative.") % {"line": line, "column": column})
        return value

    def flag(column: str) -> bool:
        return str(row.get(column) or "").strip().lower() in ("yes", "true", "1", "y", "x")

    is_break = flag("is_break")
    small, big, ante, minutes = (
        int(number("small_blind")),
        int(number("big_blind")),
        int(number("ante")),
        number("minutes", ""),
    )
    if minutes <= 0:
        raise StructureError(_("Line %(line)s: minutes must be more than 0.") % {"line": line})
    if not is_break and big < small:
        raise StructureError(
            _("Line %(line)s: the big blind (%(big)s) is below the small blind (%(small)s).")
            % {"line": line, "big": big, "small": small}
        )
    return Level(
        0 if is_break else small,
        0 if is_break else big,
        0 if is_break else ante,
        timedelta(minutes=minutes),
        is_break=is_break,
        name=str(row.get("name") or "").strip(),
        big_blind_ante=flag("big_blind_ante") and not is_break,
        colour_up=str(row.get("colour_up") or "").strip(),
    )
