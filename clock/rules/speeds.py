"""Structure templates for the common speeds (CLK-LEVELS): deepstack, standard, turbo and a
Day 2. One blind ladder, played at each speed's level length, a big-blind ante from level 3,
breaks every few levels with the colour-up noted at the break where a chip leaves. Pure: the
structures page and the new-tournament page start from them, and the director edits the copy."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from clock.rules.timeline import Level
from rules.refusals import Refused, gettext_noop
from rules.refusals import gettext as _

MINUTE = timedelta(minutes=1)

# small blind, big blind; the big-blind ante is the big blind
LADDER = [
    (100, 200),
    (200, 400),
    (300, 600),
    (400, 800),
    (500, 1_000),
    (600, 1_200),
    (800, 1_600),
    (1_000, 2_000),
    (1_200, 2_400),
    (1_500, 3_000),
    (2_000, 4_000),
    (2_500, 5_000),
    (3_000, 6_000),
    (4_000, 8_000),
    (5_000, 10_000),
    (6_000, 12_000),
    (8_000, 16_000),
    (10_000, 20_000),
    (12_000, 24_000),
    (15_000, 30_000),
    (20_000, 40_000),
    (25_000, 50_000),
    (30_000, 60_000),
    (40_000, 80_000),
    (50_000, 100_000),
    (60_000, 120_000),
    (80_000, 160_000),
    (100_000, 200_000),
    (120_000, 240_000),
    (150_000, 300_000),
]

# The chip that leaves once every blind and ante to the end is a multiple of the next one up.
COLOUR_UPS = [(100, 500, gettext_noop("100 chips leave")), (500, 1_000, gettext_noop("500 chips leave"))]


@dataclass(frozen=True)
class Speed:
    key: str
    name: str  # gettext_noop: translated where shown
    level_minutes: int
    levels: int
    break_every: int  # levels
    break_minutes: int


SPEEDS: dict[str, Speed] = {
    speed.key: speed
    for speed in (
        Speed("deepstack", gettext_noop("Deepstack (40-minute levels)"), 40, 26, 4, 15),
        Speed("standard", gettext_noop("Standard (30-minute levels)"), 30, 26, 4, 15),
        Speed("turbo", gettext_noop("Turbo (15-minute levels)"), 15, 24, 6, 10),
        Speed("day2", gettext_noop("Day 2 (60-minute levels)"), 60, 30, 2, 20),
    )
}


def speed_name(key: str) -> str:
    """The speed's name in the current language (a structure copied from it is named so)."""
    speed = SPEEDS.get(key)
    return _(speed.name) if speed else key


def speed_levels(key: str) -> list[Level]:
    """The levels of one speed's template, their colour-up notes in the current language."""
    speed = SPEEDS.get(key)
    if speed is None:
        raise Refused(_("There is no such speed: choose one of %(speeds)s.") % {"speeds": ", ".join(SPEEDS)})
    ladder = LADDER[: speed.levels]
    notes = {}
    for _leaving, next_chip, words in COLOUR_UPS:
        # the first level from which every blind to the end is a multiple of the next chip up
        for index in range(len(ladder)):
            if all(small % next_chip == 0 and big % next_chip == 0 for small, big in ladder[index:]):
                notes[index] = _(words)
                break
    levels: list[Level] = []
    for index, (small, big) in enumerate(ladder):
        note = notes.get(index, "")
        if note and levels and levels[-1].is_break:  # chips are coloured up during the break before
            levels[-1] = Level(0, 0, 0, levels[-1].duration, is_break=True, colour_up=note)
            note = ""
        number = index + 1
        ante = big if number >= 3 else 0
        levels.append(Level(small, big, ante, speed.level_minutes * MINUTE, big_blind_ante=bool(ante), colour_up=note))
        if number % speed.break_every == 0 and number < speed.levels:
            levels.append(Level(0, 0, 0, speed.break_minutes * MINUTE, is_break=True))
    return levels
