"""Absent players (PEN-ABSENT, ENT-SUBST) and photo ID at restarts (REG-ID): pure rules.

An absent player is dealt in and blinded off; their chips stay in play and their entry stays
eligible for a prize. A house may remove an absent player's stack after a configured time of
play (PenaltyRules.absent_stack_removed_after_minutes; None: never). That time is tournament
clock time, the same measure as every other "minutes" in the rulesets (clock.timeline.elapsed:
levels and breaks played, pauses not counted): a player absent over a paused clock or overnight
between two days has missed no hand for it. A retired `neverending` player (ENT-SUBST, rule 51:
no substitute allowed) keeps being blinded off: their stack is never removed.

The day of play for photo ID (REG-ID) is the clock's day (CLK-EOD): once a day is over the
players arriving are checked for the next one.

Pure: no Django, no clock reads (time is a parameter).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from rules.refusals import gettext as _


@dataclass(frozen=True)
class Removal:
    """Whether an absent player's stack may be removed now, and the sentence the tablet shows."""

    allowed: bool
    sentence: str
    due_in: timedelta | None = None  # clock time still to run before it may be removed


def _minutes(duration: timedelta) -> str:
    minutes = int(duration.total_seconds() // 60)
    return f"{minutes} minute{'' if minutes == 1 else 's'}"


def stack_removal(after_minutes: int | None, retired: bool, absent_for: timedelta) -> Removal:
    """PEN-ABSENT: never before `after_minutes` of clock time absent; never when the rules say
    never (None); never for a retired player (ENT-SUBST)."""
    if retired:
        return Removal(False, _("Retired (ENT-SUBST): dealt in and blinded off; the stack stays in play."))
    if after_minutes is None:
        return Removal(False, _("The stack stays in play: this house never removes it."))
    limit = timedelta(minutes=after_minutes)
    absent_for = max(absent_for, timedelta(0))
    if absent_for < limit:
        left = limit - absent_for
        return Removal(
            False,
            _("Stack may be removed after %(limit)s of play absent (%(left)s to go).")
            % {"limit": _minutes(limit), "left": _minutes(left + timedelta(seconds=59))},
            left,
        )
    return Removal(
        True, _("Absent for %(absent_for)s of play: stack may be removed.") % {"absent_for": _minutes(absent_for)}
    )


def id_check_day(clock_day: int, day_over: bool) -> int:
    """REG-ID: the day of play players are checked for. Once the day is over (CLK-EOD) the
    players arriving come for the next day's restart."""
    return clock_day + 1 if day_over else clock_day


def id_checked(day: int, checked_days: frozenset[int] | set[int], sold_in_day: bool) -> bool:
    """REG-ID: a seated player's photo ID counts as checked for `day` when the desk or the floor
    recorded it for that day, or when the entry was sold during that day (the desk refuses a
    sale without the day's ID check). A returning player has neither."""
    return day in checked_days or sold_in_day
