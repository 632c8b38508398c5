"""Reads of the clock that other floors need: the level a hand dealt now plays, and the
current level's length.

Query floor: below every service; reads only the clock's models and rules.
"""

from datetime import timedelta

from clock.models import Clock
from clock.rules import timeline
from clock.rules.calls import action_period_refusal
from core import time_source


def _clock(tournament_id: int) -> Clock | None:
    return Clock.objects.filter(tournament_id=tournament_id).select_related("structure").first()


def level_now(tournament_id: int) -> int | None:
    """The level the clock shows now (None without a clock): the limits a hand dealt now uses."""
    clock = _clock(tournament_id)
    if clock is None:
        return None
    return timeline.view(clock.state, clock.structure.timeline_levels(), time_source.now()).level_index


def level_duration(tournament_id: int, now) -> timedelta:
    """The current level's length, which sets pokerfest's clock call; a full-length call before
    the clock has a structure."""
    clock = _clock(tournament_id)
    if clock is None:
        return timedelta(hours=1)
    return timeline.view(clock.state, clock.structure.timeline_levels(), now).level.duration


def play_time(tournament_id: int, now) -> tuple[int, object]:
    """(whole seconds of play so far, the moment play stops counting if nothing changes: the
    end of the level being played, or None when the clock is not counting play now). Without a
    clock, no play has passed."""
    clock = _clock(tournament_id)
    if clock is None:
        return 0, None
    levels = clock.structure.timeline_levels()
    shown = timeline.view(clock.state, levels, now)
    counting = shown.status == timeline.RUNNING and not shown.level.is_break
    return int(timeline.played(clock.state, levels, now).total_seconds()), shown.ends_at if counting else None


def level_blinds(tournament_id: int, index: int | None) -> tuple[int, int] | None:
    """(small blind, big blind) of the clock's level `index` (the level now when None); None
    without a clock or in a break."""
    clock = _clock(tournament_id)
    if clock is None:
        return None
    levels = clock.structure.timeline_levels()
    if index is None:
        index = timeline.view(clock.state, levels, time_source.now()).level_index
    level = levels[min(index, len(levels) - 1)]
    return None if level.is_break else (level.small_blind, level.big_blind)


def action_clock_now(tournament_id: int, rules, now) -> dict:
    """AC-PERIOD, AC-SUSPEND for the tablets and the console (`rules`: the tournament's clock
    rules): "outside" says why the action clock is outside its period now (None: inside),
    "suspended" the director's reason for the whole tournament ("" when not), and
    "tables_suspended" {table number: reason}."""
    if not rules.action_clock:
        return {"outside": None, "suspended": "", "tables_suspended": {}}
    clock = _clock(tournament_id)
    if clock is None:
        return {"outside": action_period_refusal(rules, 1, 1), "suspended": "", "tables_suspended": {}}
    levels = clock.structure.timeline_levels()
    level = timeline.play_level_number(levels, timeline.view(clock.state, levels, now).level_index)
    return {
        "outside": action_period_refusal(rules, max(level, 1), clock.day),
        "suspended": clock.action_suspended,
        "tables_suspended": {int(table): reason for table, reason in clock.action_suspended_tables.items()},
    }
