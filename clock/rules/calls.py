"""The clocks of one table: a clock called on a player (CLK-CALL) and the action clock with
its time-extension chips (AC-TIMES, AC-EXT, AC-REPLENISH, AC-CARRY).

Pure: plain data in and out, `now` always a parameter. A countdown is stored as the moment it
ends, so whoever looks (a tablet, the expiry task, a task that runs late) computes the same
state from the same timestamps.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from clock.rules.timeline import RUNNING, ClockView, Level, play_level_number
from rules.refusals import gettext as _
from tournaments.rules.rulesets import ClockRules

# CLK-CALL ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Call:
    """A clock called on a player: `seconds` to act, the last `countdown` of them counted out
    loud; at the end the hand is dead."""

    seat: int
    started_at: datetime
    seconds: int
    countdown: int

    @property
    def ends_at(self) -> datetime:
        return self.started_at + timedelta(seconds=self.seconds)


def call_length(rules: ClockRules, level_duration: timedelta) -> tuple[int, int]:
    """(total seconds, countdown seconds) for a clock call at a level of this length. pokerfest:
    50 s and a 10 s countdown, 25 s and 5 s when levels are 20 minutes or shorter; the others:
    a minute, then a 10 s countdown."""
    short = rules.short_level_minutes is not None and level_duration <= timedelta(minutes=rules.short_level_minutes)
    if short:
        return rules.short_call_seconds + rules.short_call_countdown_seconds, rules.short_call_countdown_seconds
    return rules.call_seconds + rules.call_countdown_seconds, rules.call_countdown_seconds


def call_clock(rules: ClockRules, seat: int, level_duration: timedelta, now: datetime) -> Call:
    seconds, countdown = call_length(rules, level_duration)
    return Call(seat, now, seconds, countdown)


@dataclass(frozen=True)
class Countdown:
    remaining_ms: int
    counting_down: bool  # in the final countdown
    hand_dead: bool  # time ran out


def call_state(call: Call, now: datetime) -> Countdown:
    left = max(timedelta(0), call.ends_at - now)
    remaining_ms = int(left / timedelta(milliseconds=1))
    return Countdown(remaining_ms, 0 < remaining_ms <= call.countdown * 1000, remaining_ms == 0)


# AC-TIMES, AC-EXT -------------------------------------------------------------------------


def action_seconds(rules: ClockRules, *, voluntarily_in: bool, in_the_money: bool, players_left: int) -> int:
    """AC-TIMES: the time a player has for this action. Blinds are forced, not voluntary: a
    player whose only chips in are a blind still has the initial time."""
    if players_left <= rules.full_time_from_players or voluntarily_in:
        return rules.voluntary_action_seconds
    return rules.first_action_in_the_money_seconds if in_the_money else rules.first_action_seconds


@dataclass(frozen=True)
class Shot:
    """The action clock running on one player."""

    seat: int
    entry: int
    ends_at: datetime
    extensions_used: int = 0  # this action
    hand_dead: bool = False


def extension_chips(stored: int | None, rules: ClockRules) -> int:
    """AC-EXT: a player's extension chips; None stored means never issued, so the full set."""
    return rules.starting_extensions if stored is None else stored


def start_shot(seat: int, entry: int, seconds: int, now: datetime) -> Shot:
    return Shot(seat, entry, now + timedelta(seconds=seconds))


def run_down(shot: Shot, extensions: int, rules: ClockRules, now: datetime) -> tuple[Shot, int]:
    """AC-EXT: each time the clock reaches zero one extension chip is used and the clock gets
    its seconds again; at zero with no chip left the hand is dead. Returns the shot as it stands
    at `now` and the chips the player has left. Catches up any number of zeros at once, so a
    task that runs late decides exactly as one on time."""
    step = timedelta(seconds=rules.extension_seconds)
    while not shot.hand_dead and shot.ends_at <= now:
        if extensions == 0:
            shot = replace(shot, hand_dead=True)
        else:
            extensions -= 1
            shot = replace(shot, ends_at=shot.ends_at + step, extensions_used=shot.extensions_used + 1)
    return shot, extensions


# AC-PERIOD, AC-SUSPEND --------------------------------------------------------------------


def action_period_refusal(rules: ClockRules, level_number: int, day: int) -> str | None:
    """AC-PERIOD: the action clock runs for the period of play the ruleset sets, from a level
    and/or a day to a level and/or a day, bounds included (a break counts as the level before
    it). None when it runs now, else why not, in the floor's words."""
    if rules.action_clock_from_day is not None and day < rules.action_clock_from_day:
        return _("The action clock runs from Day %(from_day)s; this is Day %(day)s.") % {
            "from_day": rules.action_clock_from_day,
            "day": day,
        }
    if rules.action_clock_until_day is not None and day > rules.action_clock_until_day:
        return _("The action clock ran until Day %(until_day)s; this is Day %(day)s.") % {
            "until_day": rules.action_clock_until_day,
            "day": day,
        }
    if rules.action_clock_from_level is not None and level_number < rules.action_clock_from_level:
        return _("The action clock runs from level %(from_level)s; this is level %(level)s.") % {
            "from_level": rules.action_clock_from_level,
            "level": level_number,
        }
    if rules.action_clock_until_level is not None and level_number > rules.action_clock_until_level:
        return _("The action clock ran until level %(until_level)s; this is level %(level)s.") % {
            "until_level": rules.action_clock_until_level,
            "level": level_number,
        }
    return None


def suspension_refusal(field_reason: str, table_reason: str, table: int) -> str | None:
    """AC-SUSPEND: the action clock is not suspended unless an extreme situation halts play;
    then the director suspends it for the whole tournament or at a table, with a reason, and
    no player's time runs there until the director resumes it."""
    if field_reason:
        return _("The director suspended the action clock (%(reason)s): no time runs until it is resumed.") % {
            "reason": field_reason
        }
    if table_reason:
        return _(
            "The director suspended the action clock at table %(table)s (%(reason)s): "
            "no time runs there until it is resumed."
        ) % {"table": table, "reason": table_reason}
    return None


# AC-REPLENISH -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Replenishing:
    """Which top-ups (by players-left mark: 24, 6) are done, and which wait for the first level
    after registration closes."""

    done: frozenset[int] = frozenset()
    waiting: frozenset[int] = frozenset()


def marks(rules: ClockRules) -> list[int]:
    return [mark for mark in (rules.top_up_first_at_players, rules.top_up_second_at_players) if mark]


def on_players_left(
    state: Replenishing, players_left: int, registration_open: bool, rules: ClockRules
) -> tuple[Replenishing, bool]:
    """AC-REPLENISH, after a bust: a mark reached now tops up at once, or, while registration is
    still open, waits for the level after it closes. Returns (state, top up now?)."""
    reached = {mark for mark in marks(rules) if players_left <= mark} - state.done - state.waiting
    if not reached:
        return state, False
    if registration_open:
        return replace(state, waiting=state.waiting | reached), False
    return replace(state, done=state.done | reached), True


def on_level_start(state: Replenishing, registration_open: bool) -> tuple[Replenishing, bool]:
    """AC-REPLENISH, at the start of a level: the top-ups that waited for registration to close
    happen now, at the first level after it closed."""
    if registration_open or not state.waiting:
        return state, False
    return Replenishing(state.done | state.waiting, frozenset()), True


def top_up(extensions: dict[int, int], to: int) -> dict[int, int]:
    """Everyone up to `to` chips; a player with more keeps them."""
    return {entry: max(count, to) for entry, count in extensions.items()}


# CLK-EOD ----------------------------------------------------------------------------------

LAST_HANDS_EARLIEST = timedelta(minutes=15)
LAST_HANDS_LATEST = timedelta(minutes=5)


def last_hands_refusal(shown: ClockView, levels: list[Level], day_last_level: int | None) -> str | None:
    """CLK-EOD: the director announces the day's last hands between 15 and 5 minutes before the
    end of the day's last level (an index into `levels`). None when allowed now, else why not,
    in the director's words."""
    if day_last_level is None:
        return _("Set the level the day ends with first.")
    last = play_level_number(levels, day_last_level)
    if shown.level_index != day_last_level:
        return _("The day ends with level %(last)s; the clock is not there yet.") % {"last": last}
    if shown.status != RUNNING:
        return _("Start or resume the clock: the last hands are announced while the level runs.")
    if not LAST_HANDS_LATEST <= shown.remaining <= LAST_HANDS_EARLIEST:
        left = int(shown.remaining.total_seconds())
        return _(
            "Announce the last hands between 15 and 5 minutes before the end of level "
            "%(last)s; %(left)s:%(left2)s is left now."
        ) % {"last": last, "left": left // 60, "left2": format(left % 60, "02d")}
    return None


def hands_left_after(hands_left: int | None) -> int | None:
    """CLK-EOD: a table's count after its "hand done"; None while no count is running."""
    return None if hands_left is None else max(0, hands_left - 1)


# CLK-HEADSUP ------------------------------------------------------------------------------


def heads_up_count(rules: ClockRules, hands_dealt: int, heads_up_from_hand: int | None) -> dict | None:
    """chips: once two players remain at least ten hands are played, whatever the clock. The
    count the tablet shows; None when the house has no minimum or play is not heads-up."""
    if not rules.heads_up_minimum_hands or heads_up_from_hand is None:
        return None
    played = hands_dealt - heads_up_from_hand
    return {
        "played": played,
        "minimum": rules.heads_up_minimum_hands,
        "to_play": max(0, rules.heads_up_minimum_hands - played),
    }
