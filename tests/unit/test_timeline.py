"""The level clock's pure rules (CLK-LEVELS, CLK-CONTROL): no Django, time passed in."""

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from clock.rules import timeline
from clock.rules.timeline import FINISHED, PAUSED, READY, RUNNING, ClockRefused, Level

T0 = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)

levels_strategy = st.lists(
    st.builds(
        Level,
        small_blind=st.integers(0, 10_000),
        big_blind=st.integers(0, 20_000),
        ante=st.integers(0, 20_000),
        duration=st.integers(1, 3600).map(lambda s: timedelta(seconds=s)),
        is_break=st.booleans(),
    ),
    min_size=1,
    max_size=30,
)
offsets = st.integers(0, 40 * 3600).map(lambda s: timedelta(seconds=s))


def expected_at(levels: list[Level], started: datetime, now: datetime) -> tuple[str, int, timedelta]:
    """Reference answer by summing durations: which level is on and what it has left."""
    boundary = started
    for index, level in enumerate(levels):
        boundary += level.duration
        if now < boundary:
            return RUNNING, index, boundary - now
    return FINISHED, len(levels) - 1, timedelta(0)


def play(n: int, seconds: int = 60) -> list[Level]:
    return [Level(100 * (i + 1), 200 * (i + 1), 0, timedelta(seconds=seconds)) for i in range(n)]


@given(levels_strategy, offsets)
def test_CLK_LEVELS_running_clock_is_a_function_of_start_and_now(levels, offset):
    """CLK-LEVELS: a started clock shows the level whose time window holds `now`."""
    state = timeline.start(timeline.initial(levels), levels, T0)
    shown = timeline.view(state, levels, T0 + offset)
    assert (shown.status, shown.level_index, shown.remaining) == expected_at(levels, T0, T0 + offset)


@given(levels_strategy, offsets, offsets)
def test_CLK_LEVELS_catching_up_late_loses_no_time(levels, first, second):
    """A worker that runs late (or dies and is replaced) ends each level exactly on time:
    catching up in two steps equals catching up once, and repeating it changes nothing."""
    state = timeline.start(timeline.initial(levels), levels, T0)
    early, late = sorted([T0 + first, T0 + first + second])
    once = timeline.catch_up(state, levels, late)
    assert timeline.catch_up(timeline.catch_up(state, levels, early), levels, late) == once
    assert timeline.catch_up(once, levels, late) == once


@given(levels_strategy, offsets, st.integers(0, 7200).map(lambda s: timedelta(seconds=s)), offsets)
def test_CLK_CONTROL_a_pause_shifts_everything_after_it_by_its_length(levels, before, paused_for, after):
    """CLK-CONTROL: pause then resume: the clock behaves as if the pause had not happened,
    only later by exactly the time it stood still."""
    state = timeline.start(timeline.initial(levels), levels, T0)
    assume(timeline.catch_up(state, levels, T0 + before).status == RUNNING)
    stopped = timeline.pause(state, levels, T0 + before)
    assert stopped.status == PAUSED
    resumed = timeline.resume(stopped, levels, T0 + before + paused_for)
    moment = T0 + before + paused_for + after
    shown = timeline.view(resumed, levels, moment)
    assert (shown.status, shown.level_index, shown.remaining) == expected_at(levels, T0 + paused_for, moment)


@given(levels_strategy, st.integers(-3600, 3600), offsets)
def test_CLK_CONTROL_adding_time_moves_every_later_boundary(levels, seconds, offset):
    """CLK-CONTROL: adding or removing time on the current level moves every later boundary by
    the same amount; removing more than is left is refused with the time left in the message."""
    delta = timedelta(seconds=seconds)
    assume(seconds != 0)
    state = timeline.start(timeline.initial(levels), levels, T0)
    if levels[0].duration + delta <= timedelta(0):
        with pytest.raises(ClockRefused, match="left in this level"):
            timeline.adjust(state, levels, T0, delta)
        return
    adjusted = timeline.adjust(state, levels, T0, delta)
    shown = timeline.view(adjusted, levels, T0 + offset)
    assert (shown.status, shown.level_index, shown.remaining) == expected_at(levels, T0 + delta, T0 + offset)


def test_CLK_CONTROL_controls_refuse_the_wrong_state_with_a_reason():
    levels = play(3)
    ready = timeline.initial(levels)
    with pytest.raises(ClockRefused, match="not running"):
        timeline.pause(ready, levels, T0)
    with pytest.raises(ClockRefused, match="Start it first"):
        timeline.resume(ready, levels, T0)
    running = timeline.start(ready, levels, T0)
    with pytest.raises(ClockRefused, match="already been started"):
        timeline.start(running, levels, T0)
    with pytest.raises(ClockRefused, match="not paused"):
        timeline.resume(running, levels, T0)
    paused = timeline.pause(running, levels, T0 + timedelta(seconds=10))
    with pytest.raises(ClockRefused, match="paused, not running"):
        timeline.pause(paused, levels, T0 + timedelta(seconds=20))
    with pytest.raises(ClockRefused, match="There is no level 4"):
        timeline.go_to_level(paused, levels, T0, 3)
    finished = timeline.catch_up(running, levels, T0 + timedelta(hours=1))
    assert finished.status == FINISHED
    with pytest.raises(ClockRefused, match="finished"):
        timeline.adjust(finished, levels, T0 + timedelta(hours=1), timedelta(seconds=30))
    with pytest.raises(ClockRefused, match="no levels"):
        timeline.initial([])


def test_CLK_CONTROL_go_to_level_gives_the_level_its_full_time():
    levels = play(4, seconds=600)
    running = timeline.start(timeline.initial(levels), levels, T0)
    jumped = timeline.go_to_level(running, levels, T0 + timedelta(seconds=100), 2)
    assert jumped == timeline.ClockState(RUNNING, 2, ends_at=T0 + timedelta(seconds=700))
    finished = timeline.catch_up(running, levels, T0 + timedelta(hours=2))
    restarted = timeline.go_to_level(finished, levels, T0 + timedelta(hours=2), 0)
    assert restarted == timeline.ClockState(PAUSED, 0, remaining=timedelta(seconds=600))
    ready = timeline.go_to_level(timeline.initial(levels), levels, T0, 1)
    assert ready == timeline.ClockState(READY, 1, remaining=timedelta(seconds=600))


def test_CLK_LEVELS_breaks_take_no_level_number():
    levels = [*play(2), Level(0, 0, 0, timedelta(minutes=15), is_break=True, name="dinner"), *play(1)]
    running = timeline.start(timeline.initial(levels), levels, T0)
    numbers = [timeline.view(running, levels, T0 + timedelta(seconds=s)).level_number for s in (0, 60, 120, 1020)]
    assert numbers == [1, 2, None, 3]
    on_break = timeline.view(running, levels, T0 + timedelta(seconds=120))
    assert on_break.level.name == "dinner" and on_break.next_level == levels[3]


def test_state_rejects_contradictions():
    with pytest.raises(ValueError):
        timeline.ClockState(RUNNING, 0, remaining=timedelta(1))
    with pytest.raises(ValueError):
        timeline.ClockState(PAUSED, 0, ends_at=T0)


@pytest.mark.parametrize("seconds,text", [(0, "0:00"), (59, "0:59"), (61, "1:01"), (3600, "1:00:00"), (-90, "1:30")])
def test_format_duration(seconds, text):
    assert timeline.format_duration(timedelta(seconds=seconds)) == text


def test_CLK_LEVELS_the_lobby_counts_down_to_the_next_break():
    from clock.rules.timeline import between_level_and_break

    m = timedelta(minutes=1)
    levels = [
        timeline.Level(1, 2, 0, 20 * m),
        timeline.Level(2, 4, 0, 20 * m),
        timeline.Level(0, 0, 0, 10 * m, True),
        timeline.Level(3, 6, 0, 20 * m),
    ]
    assert between_level_and_break(levels, 0) == 20 * m  # level 2 still to play after this one
    assert between_level_and_break(levels, 1) == timedelta(0)  # the break comes next
    assert between_level_and_break(levels, 2) is None and between_level_and_break(levels, 3) is None


def test_CLK_CONTROL_skipping_a_break_starts_the_next_level_with_its_full_time():
    m = timedelta(minutes=1)
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    levels = [timeline.Level(1, 2, 0, 20 * m), timeline.Level(0, 0, 0, 10 * m, True), timeline.Level(2, 4, 0, 20 * m)]
    state = timeline.start(timeline.initial(levels), levels, t0)
    with pytest.raises(ClockRefused, match="not on a break"):
        timeline.skip_break(state, levels, t0 + 5 * m)
    on_break = t0 + 23 * m
    skipped = timeline.skip_break(state, levels, on_break)
    assert (skipped.level_index, skipped.ends_at) == (2, on_break + 20 * m)
    last = [timeline.Level(1, 2, 0, 20 * m), timeline.Level(0, 0, 0, 10 * m, True)]
    with pytest.raises(ClockRefused, match="last level"):
        timeline.skip_break(timeline.start(timeline.initial(last), last, t0), last, t0 + 25 * m)


operations = st.lists(
    st.tuples(
        st.sampled_from(["pause", "resume", "adjust", "skip", "level", "look"]),
        st.integers(0, 3600),
        st.integers(-600, 600),
    ),
    max_size=25,
)


@given(levels_strategy, operations)
def test_CLK_CONTROL_any_sequence_of_controls_replays_from_the_log_to_the_same_clock(levels, steps):
    """The clock as it lived (a worker catching up whenever it looked) and the clock replayed
    from the logged controls alone agree at every step; a refused control is refused in both;
    and the play time counted equals the wall time less the time spent paused."""
    live = replay = timeline.start(timeline.initial(levels), levels, T0)
    now, paused_for, paused_since = T0, timedelta(0), None
    for name, seconds, amount in steps:
        now += timedelta(seconds=seconds)
        if name == "look":  # a worker or a screen catching up: not a control, not in the log
            live = timeline.catch_up(live, levels, now)
            continue
        control = {
            "pause": lambda s: timeline.pause(s, levels, now),
            "resume": lambda s: timeline.resume(s, levels, now),
            "adjust": lambda s: timeline.adjust(s, levels, now, timedelta(seconds=amount or 1)),
            "skip": lambda s: timeline.skip_break(s, levels, now),
            "level": lambda s: timeline.go_to_level(s, levels, now, abs(amount) % len(levels)),
        }[name]
        outcomes = []
        for state in (live, replay):
            try:
                outcomes.append(control(state))
            except ClockRefused as refusal:
                outcomes.append(str(refusal))
        assert type(outcomes[0]) is type(outcomes[1]), outcomes
        if isinstance(outcomes[0], str):
            continue
        live, replay = outcomes
        assert timeline.view(live, levels, now) == timeline.view(replay, levels, now)
        if name == "pause":
            paused_since = now
        if name == "resume" and paused_since is not None:
            paused_for, paused_since = paused_for + (now - paused_since), None
        if name in ("adjust", "skip", "level"):
            return  # these move the clock on purpose: the time check below is for pauses only
    if paused_since is not None:
        paused_for, now = paused_for + (now - paused_since), now
    if timeline.catch_up(replay, levels, now).status != FINISHED:
        assert timeline.elapsed(replay, levels, now) == now - T0 - paused_for  # not a second lost or gained


def test_PEN_LADDER_play_time_leaves_out_pauses_and_breaks():
    """Minutes away are served in play only: not while paused, nor in a break."""
    played, start, pause, initial = timeline.played, timeline.start, timeline.pause, timeline.initial
    levels = [
        Level(100, 200, 0, timedelta(minutes=10)),
        Level(0, 0, 0, timedelta(minutes=5), is_break=True),
        Level(200, 400, 0, timedelta(minutes=10)),
    ]
    t0 = datetime(2026, 1, 1, 12, tzinfo=UTC)
    state = start(initial(levels), levels, t0)
    assert played(state, levels, t0 + timedelta(minutes=4)) == timedelta(minutes=4)
    paused = pause(state, levels, t0 + timedelta(minutes=4))
    assert played(paused, levels, t0 + timedelta(hours=9)) == timedelta(minutes=4)
    assert played(state, levels, t0 + timedelta(minutes=12)) == timedelta(minutes=10)  # in the break
    assert played(state, levels, t0 + timedelta(minutes=15)) == timedelta(minutes=10)
    assert played(state, levels, t0 + timedelta(minutes=18)) == timedelta(minutes=13)
    assert played(initial(levels), levels, t0) == timedelta(0)


@given(
    st.lists(st.tuples(st.integers(1, 3600), st.booleans()), min_size=1, max_size=6),
    st.integers(0, 30000),
    st.integers(0, 30000),
)
def test_PEN_LADDER_play_time_never_runs_back_and_never_passes_the_clock_time(spec, first, second):
    levels = [Level(0 if brk else 100, 0 if brk else 200, 0, timedelta(seconds=s), is_break=brk) for s, brk in spec]
    t0 = datetime(2026, 1, 1, 12, tzinfo=UTC)
    state = timeline.start(timeline.initial(levels), levels, t0)
    early, late = sorted((t0 + timedelta(seconds=first), t0 + timedelta(seconds=second)))
    assert timeline.played(state, levels, early) <= timeline.played(state, levels, late)
    assert timedelta(0) <= timeline.played(state, levels, late) <= timeline.elapsed(state, levels, late)
