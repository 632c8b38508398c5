"""Issue 14: the floor's undo window is a minute, to the second (tables/rules/undo.py)."""

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from tables.rules.undo import UNDO_WINDOW, seconds_ago, within_undo_window

TAPPED = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


@given(st.integers(min_value=0, max_value=600_000))
def test_a_tap_may_be_undone_for_exactly_a_minute(milliseconds):
    now = TAPPED + timedelta(milliseconds=milliseconds)
    assert within_undo_window(TAPPED, now) == (milliseconds <= 60_000)
    assert seconds_ago(TAPPED, now) == milliseconds // 1000


def test_the_window_is_sixty_seconds_and_a_clock_slightly_behind_is_in_time():
    assert UNDO_WINDOW == timedelta(seconds=60)
    assert (
        within_undo_window(TAPPED, TAPPED - timedelta(seconds=1))
        and seconds_ago(TAPPED, TAPPED - timedelta(seconds=1)) == 0
    )
