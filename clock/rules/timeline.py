"""The tournament clock as plain data (CLK-LEVELS, CLK-CONTROL).

The truth is timestamps, never a ticking counter: a running clock stores the moment its current
level ends, a stopped one the time its level has left. Any process can say "level 7, 12:31
left" from that and the current time, so a crashed worker loses nothing: `catch_up` from any
later moment gives the same answer as catching up step by step.

No Django, no I/O, no clock reads: `now` is always a parameter.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from rules.refusals import Refused, gettext_noop
from rules.refusals import gettext as _

READY = gettext_noop("ready")  # built, never started
RUNNING = gettext_noop("running")
PAUSED = gettext_noop("paused")
FINISHED = gettext_noop("finished")  # the last level's time has run out


class ClockRefused(Refused):
    """A clock control that the clock's state does not allow; the message is for the director."""


@dataclass(frozen=True)
class Level:
    small_blind: int
    big_blind: int
    ante: int
    duration: timedelta
    is_break: bool = False
    name: str = ""
    big_blind_ante: bool = False
    colour_up: str = ""  # CLK-LEVELS: which denomination leaves at this level


@dataclass(frozen=True)
class ClockState:
    status: str
    level_index: int
    ends_at: datetime | None = None  # set while running
    remaining: timedelta | None = None  # set while not running

    def __post_init__(self) -> None:
        if (self.status == RUNNING) != (self.ends_at is not None):
            raise ValueError("a running clock has ends_at, and only a running clock has it")
        if (self.status == RUNNING) == (self.remaining is not None):
            raise ValueError("a stopped clock has remaining time, a running one does not")


@dataclass(frozen=True)
class ClockView:
    """What a screen shows at one moment."""

    status: str
    level_index: int
    level: Level
    level_number: int | None  # 1, 2, 3… counting play levels only; None during a break
    next_level: Level | None
    remaining: timedelta
    ends_at: datetime | None


def initial(levels: list[Level]) -> ClockState:
    if not levels:
        raise ClockRefused(_("The structure has no levels; add at least one before the clock can run."))
    return ClockState(READY, 0, remaining=levels[0].duration)


def catch_up(state: ClockState, levels: list[Level], now: datetime) -> ClockState:
    """Move a running clock past every level boundary at or before `now`.

    Each new level ends one full level after the previous boundary (not after `now`), so
    catching up late loses no clock time.
    """
    while state.status == RUNNING and state.ends_at <= now:
        following = state.level_index + 1
        if following >= len(levels):
            return ClockState(FINISHED, state.level_index, remaining=timedelta(0))
        state = ClockState(RUNNING, following, ends_at=state.ends_at + levels[following].duration)
    return state


def start(state: ClockState, levels: list[Level], now: datetime) -> ClockState:
    if state.status != READY:
        raise ClockRefused(_("The clock has already been started; a paused clock is resumed, not started."))
    return ClockState(RUNNING, state.level_index, ends_at=now + state.remaining)


def pause(state: ClockState, levels: list[Level], now: datetime) -> ClockState:
    state = catch_up(state, levels, now)
    if state.status != RUNNING:
        raise ClockRefused(
            _("The clock is %(state_status)s, not running, so it cannot be paused.") % {"state_status": _(state.status)}
        )
    return ClockState(PAUSED, state.level_index, remaining=state.ends_at - now)


def resume(state: ClockState, levels: list[Level], now: datetime) -> ClockState:
    if state.status != PAUSED:
        hint = " Start it first." if state.status == READY else ""
        raise ClockRefused(
            _("The clock is %(state_status)s, not paused, so it cannot be resumed.%(hint)s")
            % {"state_status": state.status, "hint": hint}
        )
    return ClockState(RUNNING, state.level_index, ends_at=now + state.remaining)


def adjust(state: ClockState, levels: list[Level], now: datetime, delta: timedelta) -> ClockState:
    """Add (positive delta) or remove (negative) time from the current level."""
    state = catch_up(state, levels, now)
    if state.status == FINISHED:
        raise ClockRefused(_("The structure has finished; go to a level before adding time."))
    left = state.ends_at - now if state.status == RUNNING else state.remaining
    if left + delta <= timedelta(0):
        raise ClockRefused(
            _(
                "Only %(left)s is left in this level, so %(value)s cannot be removed; remove less, or "
                "go to the next level."
            )
            % {"left": format_duration(left), "value": format_duration(-delta)}
        )
    if state.status == RUNNING:
        return replace(state, ends_at=state.ends_at + delta)
    return replace(state, remaining=state.remaining + delta)


def go_to_level(state: ClockState, levels: list[Level], now: datetime, index: int) -> ClockState:
    """Jump to a level with its full time; a running clock keeps running, a finished one pauses."""
    if not 0 <= index < len(levels):
        raise ClockRefused(
            _("There is no level %(index)s; this structure has %(levels_count)s.")
            % {"index": index + 1, "levels_count": len(levels)}
        )
    state = catch_up(state, levels, now)
    duration = levels[index].duration
    if state.status == RUNNING:
        return ClockState(RUNNING, index, ends_at=now + duration)
    status = PAUSED if state.status == FINISHED else state.status
    return ClockState(status, index, remaining=duration)


def skip_break(state: ClockState, levels: list[Level], now: datetime) -> ClockState:
    """CLK-CONTROL: end the break now; the next level starts with its full time."""
    state = catch_up(state, levels, now)
    if state.status == FINISHED or not levels[state.level_index].is_break:
        raise ClockRefused(_("The clock is not on a break."))
    if state.level_index + 1 >= len(levels):
        raise ClockRefused(_("The break is the structure's last level; add a level after it first."))
    return go_to_level(state, levels, now, state.level_index + 1)


def view(state: ClockState, levels: list[Level], now: datetime) -> ClockView:
    state = catch_up(state, levels, now)
    level = levels[state.level_index]
    following = state.level_index + 1
    if state.status == RUNNING:
        remaining = state.ends_at - now
    else:
        remaining = state.remaining
    return ClockView(
        status=state.status,
        level_index=state.level_index,
        level=level,
        level_number=None if level.is_break else play_level_number(levels, state.level_index),
        next_level=levels[following] if following < len(levels) else None,
        remaining=remaining,
        ends_at=state.ends_at,
    )


def between_level_and_break(levels: list[Level], index: int) -> timedelta | None:
    """The play between the end of level `index` and the next break (0 when the next level is
    a break); None when no break is ahead. A screen adds the current level's time left."""
    between = timedelta(0)
    for level in levels[index + 1 :]:
        if level.is_break:
            return between
        between += level.duration
    return None


def play_level_number(levels: list[Level], index: int) -> int:
    """Levels are numbered 1, 2, 3… by the play levels; breaks take no number."""
    return sum(1 for level in levels[: index + 1] if not level.is_break)


def format_duration(duration: timedelta) -> str:
    seconds = int(abs(duration).total_seconds())
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def elapsed(state: ClockState, levels: list[Level], now: datetime) -> timedelta:
    """Clock time since the start: the levels and breaks played, not the time spent paused."""
    state = catch_up(state, levels, now)
    before = sum((level.duration for level in levels[: state.level_index]), timedelta(0))
    if state.status == FINISHED:
        return before + levels[state.level_index].duration
    left = state.ends_at - now if state.status == RUNNING else state.remaining
    return before + levels[state.level_index].duration - left


def first_break(levels: list[Level]) -> int | None:
    """Index of the first break (the intermission), if the structure has one."""
    return next((index for index, level in enumerate(levels) if level.is_break), None)


def played(state: ClockState, levels: list[Level], now: datetime) -> timedelta:
    """Clock time of play since the start: `elapsed` without the breaks. Time away from the
    table (PEN-LADDER minutes) is served only in it: not while paused, nor in a break."""
    state = catch_up(state, levels, now)
    total = elapsed(state, levels, now)
    breaks = sum((level.duration for level in levels[: state.level_index] if level.is_break), timedelta(0))
    if levels[state.level_index].is_break:
        before = sum((level.duration for level in levels[: state.level_index]), timedelta(0))
        breaks += total - before
    return total - breaks
