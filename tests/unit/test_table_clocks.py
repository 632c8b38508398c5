"""A table's clocks: the clock call (CLK-CALL) and the action clock with extension chips (AC-*)."""

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from clock.rules.calls import (
    Countdown,
    Replenishing,
    action_period_refusal,
    action_seconds,
    call_clock,
    call_length,
    call_state,
    on_level_start,
    on_players_left,
    run_down,
    start_shot,
    suspension_refusal,
    top_up,
)
from tournaments.rules.rulesets import PRESETS, ClockRules, preset

T0 = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
MINUTES = timedelta(minutes=1)


def test_CLK_CALL_one_minute_in_each_house_and_pokerfests_short_call_for_short_levels():
    pokerfest = preset("pokerfest").clock
    assert call_length(pokerfest, 40 * MINUTES) == (60, 10)  # 50 s, then a 10 s countdown
    assert call_length(pokerfest, 20 * MINUTES) == (30, 5)  # 25 s + 5 s at levels of 20 minutes or less
    assert call_length(pokerfest, 21 * MINUTES) == (60, 10)
    for name in ("chips", "kentucky", "neverending"):
        assert call_length(preset(name).clock, 20 * MINUTES) == (70, 10), name  # a minute, then 10 s


def test_CLK_CALL_the_countdown_then_the_hand_is_dead():
    call = call_clock(preset("pokerfest").clock, seat=4, level_duration=40 * MINUTES, now=T0)
    assert call.ends_at == T0 + timedelta(seconds=60)
    assert call_state(call, T0 + timedelta(seconds=49)) == Countdown(11_000, False, False)
    assert call_state(call, T0 + timedelta(seconds=50)).counting_down
    assert call_state(call, T0 + timedelta(seconds=59, milliseconds=500)) == Countdown(500, True, False)
    assert call_state(call, T0 + timedelta(seconds=60)).hand_dead
    assert call_state(call, T0 + timedelta(hours=1)) == Countdown(0, False, True)


def test_AC_TIMES_fifteen_twenty_in_the_money_thirty_once_voluntarily_in_and_from_six_left():
    rules = preset("action-clock").clock
    assert action_seconds(rules, voluntarily_in=False, in_the_money=False, players_left=300) == 15
    assert action_seconds(rules, voluntarily_in=False, in_the_money=True, players_left=30) == 20
    assert action_seconds(rules, voluntarily_in=True, in_the_money=False, players_left=300) == 30
    # Blinds are forced, not voluntary: the big blind checking the flop still has 15 s.
    assert action_seconds(rules, voluntarily_in=False, in_the_money=False, players_left=100) == 15
    assert action_seconds(rules, voluntarily_in=False, in_the_money=True, players_left=6) == 30
    assert action_seconds(rules, voluntarily_in=False, in_the_money=True, players_left=7) == 20


def test_AC_EXT_at_zero_an_extension_is_used_and_with_none_left_the_hand_is_dead():
    rules = preset("action-clock").clock
    assert rules.starting_extensions == 10 and rules.extension_seconds == 30
    shot = start_shot(seat=3, entry=77, seconds=15, now=T0)
    assert run_down(shot, 2, rules, T0 + timedelta(seconds=14)) == (shot, 2)  # not yet zero
    once, left = run_down(shot, 2, rules, T0 + timedelta(seconds=15))
    assert (left, once.extensions_used, once.ends_at) == (1, 1, T0 + timedelta(seconds=45))
    twice, left = run_down(once, left, rules, T0 + timedelta(seconds=45))
    assert (left, twice.ends_at, twice.hand_dead) == (0, T0 + timedelta(seconds=75), False)
    dead, left = run_down(twice, left, rules, T0 + timedelta(seconds=75))
    assert dead.hand_dead and left == 0


@given(st.integers(0, 12), st.lists(st.integers(0, 400), min_size=1, max_size=8))
def test_AC_EXT_a_late_look_decides_exactly_as_looks_on_time(extensions, offsets):
    """However the expiry task is delayed or repeated, the chips used and the outcome are the
    same as if it had run at every zero."""
    rules = preset("action-clock").clock
    shot = start_shot(seat=1, entry=1, seconds=15, now=T0)
    stepwise, left = shot, extensions
    for offset in sorted(offsets):
        stepwise, left = run_down(stepwise, left, rules, T0 + timedelta(seconds=offset))
    at_once, left_at_once = run_down(shot, extensions, rules, T0 + timedelta(seconds=max(offsets)))
    assert (stepwise, left) == (at_once, left_at_once)
    assert left + at_once.extensions_used == extensions


def test_AC_REPLENISH_at_24_and_at_6_everyone_up_to_six_and_more_are_kept():
    rules = preset("action-clock").clock
    state, now = on_players_left(Replenishing(), 25, registration_open=False, rules=rules)
    assert not now
    state, now = on_players_left(state, 24, registration_open=False, rules=rules)
    assert now and top_up({1: 2, 2: 6, 3: 9}, rules.top_up_to) == {1: 6, 2: 6, 3: 9}
    state, now = on_players_left(state, 23, registration_open=False, rules=rules)
    assert not now  # once per mark
    state, now = on_players_left(state, 6, registration_open=False, rules=rules)
    assert now and state.done == {24, 6}
    assert on_players_left(state, 2, registration_open=False, rules=rules) == (state, False)  # no other top-ups


def test_AC_REPLENISH_24_reached_before_registration_closes_tops_up_at_the_level_after_it_closes():
    rules = preset("action-clock").clock
    state, now = on_players_left(Replenishing(), 24, registration_open=True, rules=rules)
    assert not now and state.waiting == {24}
    assert on_level_start(state, registration_open=True) == (state, False)  # a level starts, still open
    state, now = on_players_left(state, 22, registration_open=False, rules=rules)  # closed: a bust mid-level
    assert not now  # still waits for the next level to start
    state, now = on_level_start(state, registration_open=False)
    assert now and state == Replenishing(frozenset({24}), frozenset())
    assert on_level_start(state, registration_open=False) == (state, False)


def test_AC_the_action_clock_is_a_ruleset_switch_on_top_of_any_preset():
    assert PRESETS["action-clock"].clock.action_clock
    assert not any(PRESETS[name].clock.action_clock for name in ("pokerfest", "neverending", "chips", "kentucky"))


def test_CLK_EOD_the_last_hands_are_announced_between_15_and_5_minutes_before_the_days_last_level_ends():
    from clock.rules import timeline
    from clock.rules.calls import hands_left_after, last_hands_refusal

    levels = [timeline.Level(n, 2 * n, 0, 30 * MINUTES) for n in range(1, 4)]
    levels.insert(1, timeline.Level(0, 0, 0, 10 * MINUTES, is_break=True))  # level 3 is index 3

    def at(index, left, status=timeline.RUNNING):
        return timeline.ClockView(status, index, levels[index], None, None, left, None)

    assert last_hands_refusal(at(3, 10 * MINUTES), levels, 3) is None
    assert last_hands_refusal(at(3, 15 * MINUTES), levels, 3) is None
    assert last_hands_refusal(at(3, 5 * MINUTES), levels, 3) is None
    assert last_hands_refusal(at(3, 16 * MINUTES), levels, 3) == (
        "Announce the last hands between 15 and 5 minutes before the end of level 3; 16:00 is left now."
    )
    assert "4:59 is left" in last_hands_refusal(at(3, timedelta(minutes=4, seconds=59)), levels, 3)
    assert (
        last_hands_refusal(at(2, 10 * MINUTES), levels, 3) == "The day ends with level 3; the clock is not there yet."
    )
    assert last_hands_refusal(at(3, 10 * MINUTES, timeline.PAUSED), levels, 3).startswith("Start or resume")
    assert last_hands_refusal(at(3, 10 * MINUTES), levels, None) == "Set the level the day ends with first."
    assert [hands_left_after(n) for n in (3, 1, 0, None)] == [2, 0, 0, None]


def test_CLK_HEADSUP_chips_plays_at_least_ten_hands_heads_up():
    from clock.rules.calls import heads_up_count

    chips = preset("chips").clock
    assert heads_up_count(chips, 40, 37) == {"played": 3, "minimum": 10, "to_play": 7}
    assert heads_up_count(chips, 60, 37)["to_play"] == 0
    assert heads_up_count(chips, 40, None) is None  # not heads-up yet
    assert heads_up_count(preset("pokerfest").clock, 40, 37) is None  # no minimum in that house


BOUND = st.none() | st.integers(1, 30)


@given(BOUND, BOUND, BOUND, BOUND, st.integers(1, 40), st.integers(1, 6))
def test_AC_PERIOD_the_action_clock_runs_exactly_inside_its_levels_and_days(
    from_level, until_level, from_day, until_day, level, day
):
    rules = ClockRules(
        action_clock=True,
        action_clock_from_level=from_level,
        action_clock_until_level=until_level,
        action_clock_from_day=from_day,
        action_clock_until_day=until_day,
    )
    inside = (
        (from_level is None or level >= from_level)
        and (until_level is None or level <= until_level)
        and (from_day is None or day >= from_day)
        and (until_day is None or day <= until_day)
    )
    assert (action_period_refusal(rules, level, day) is None) == inside


def test_AC_SUSPEND_the_whole_tournaments_suspension_names_its_reason_before_a_tables():
    assert suspension_refusal("", "", 3) is None
    assert "at table 3 (spill)" in suspension_refusal("", "spill", 3)
    assert "(fire alarm)" in suspension_refusal("fire alarm", "spill", 3)
    assert all(action_period_refusal(rules.clock, 1, 1) is None for rules in PRESETS.values())  # no preset limits it
