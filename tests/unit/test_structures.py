"""Structures as data (CLK-LEVELS, CLK-INTERVAL): presets, intervals, CSV in and out."""

from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clock.rules.structures import (
    PRESET_STRUCTURES,
    StructureError,
    from_csv,
    insert_intervals,
    minutes_to_end_of,
    to_csv,
)
from clock.rules.timeline import Level

MINUTE = timedelta(minutes=1)


def test_CLK_LEVELS_kentucky_ships_its_rulebook_table():
    levels = PRESET_STRUCTURES["kentucky"]
    play = [level for level in levels if not level.is_break]
    assert len(play) == 16 and all(level.duration == 20 * MINUTE for level in play)
    breaks_after = [
        sum(1 for earlier in levels[:i] if not earlier.is_break) for i, level in enumerate(levels) if level.is_break
    ]
    assert breaks_after == [5, 10, 14] and levels[-3].name == "before the final table"
    assert [p.ante > 0 for p in play] == [False] * 5 + [True] * 11  # antes from level 6
    assert (play[6].small_blind, play[6].big_blind) == (750, 1500)  # the rulebook's "759" is a typo
    assert [i + 1 for i, p in enumerate(play) if p.colour_up] == [4, 8, 13, 15]
    assert play[3].colour_up == "$25 green chips leave" and (play[15].small_blind, play[15].big_blind) == (15000, 30000)


def test_CLK_INTERVAL_chips_an_interval_after_every_55_minutes_of_play():
    levels = [Level(100 * n, 200 * n, 0, 30 * MINUTE) for n in range(1, 5)]  # two hours of play
    with_intervals = insert_intervals(levels, 55 * MINUTE, 5 * MINUTE)
    assert [(level.is_break, int(level.duration / MINUTE)) for level in with_intervals] == [
        (False, 30),
        (False, 25),
        (True, 5),
        (False, 5),
        (False, 30),
        (False, 20),
        (True, 5),
        (False, 10),
    ]
    assert with_intervals[3].small_blind == 200  # the interrupted level goes on after the interval


@given(st.lists(st.integers(1, 90), min_size=1, max_size=12), st.integers(20, 90))
def test_CLK_INTERVAL_intervals_never_change_the_blinds_or_the_playing_time(minutes, every):
    levels = [Level(n, 2 * n, 0, m * MINUTE) for n, m in enumerate(minutes, start=1)]
    result = insert_intervals(levels, every * MINUTE, 5 * MINUTE)
    play = [level for level in result if not level.is_break]
    assert sum((level.duration for level in play), timedelta(0)) == sum(minutes) * MINUTE
    assert sorted({level.big_blind for level in play}) == [level.big_blind for level in levels]
    run = timedelta(0)
    for level in result:
        run = timedelta(0) if level.is_break else run + level.duration
        assert run <= every * MINUTE


def test_CLK_LEVELS_the_end_of_a_level_in_clock_minutes():
    levels = PRESET_STRUCTURES["kentucky"]
    assert minutes_to_end_of(levels, 1) == 20
    assert minutes_to_end_of(levels, 6) == 130  # six levels and the first break
    assert minutes_to_end_of(levels, 17) is None


def test_CLK_LEVELS_a_structure_goes_out_and_comes_back_as_csv():
    levels = PRESET_STRUCTURES["kentucky"]
    assert from_csv(to_csv(levels)) == levels
    assert to_csv(levels).splitlines()[0] == "small_blind,big_blind,ante,big_blind_ante,minutes,is_break,name,colour_up"


@pytest.mark.parametrize(
    "text,says",
    [
        ("small_blind,big_blind\n1,2\n", "missing: minutes"),
        ("small_blind,big_blind,minutes\n100,50,20\n", "Line 2: the big blind (50) is below the small blind (100)."),
        ("small_blind,big_blind,minutes\n50,100,twenty\n", "Line 2: minutes must be a number, not 'twenty'."),
        ("small_blind,big_blind,minutes\n50,100,0\n", "Line 2: minutes must be more than 0."),
        ("small_blind,big_blind,minutes\n", "The CSV has no levels: add one line per level under the header."),
    ],
)
def test_CLK_LEVELS_a_bad_csv_is_refused_naming_the_line(text, says):
    with pytest.raises(StructureError, match=says.replace("(", r"\(").replace(")", r"\)").replace(".", r"\.")):
        from_csv(text)
