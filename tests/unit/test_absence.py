"""PEN-ABSENT, ENT-SUBST, REG-ID: the pure rules of absent players and photo ID at restarts."""

from datetime import timedelta

from hypothesis import given
from hypothesis import strategies as st

from tables.rules.absent import id_check_day, id_checked, stack_removal


def test_PEN_ABSENT_never_removed_when_the_rules_say_never():
    assert not stack_removal(None, False, timedelta(hours=50)).allowed


def test_PEN_ABSENT_removed_from_the_configured_minutes_of_play_on():
    early = stack_removal(30, False, timedelta(minutes=29, seconds=30))
    assert not early.allowed and early.sentence.endswith("(1 minute to go).") and early.due_in == timedelta(seconds=30)
    assert stack_removal(30, False, timedelta(minutes=30)).allowed


@given(st.integers(0, 600), st.integers(0, 100_000))
def test_ENT_SUBST_a_retired_players_stack_is_never_removed_however_long(minutes, absent_seconds):
    assert not stack_removal(minutes, True, timedelta(seconds=absent_seconds)).allowed


@given(st.integers(0, 600), st.integers(-1000, 100_000))
def test_PEN_ABSENT_never_before_the_time(minutes, absent_seconds):
    removal = stack_removal(minutes, False, timedelta(seconds=absent_seconds))
    assert removal.allowed == (max(absent_seconds, 0) >= minutes * 60)  # a clock set back counts as none


def test_REG_ID_the_day_checked_for_is_the_next_once_the_day_is_over():
    assert id_check_day(1, False) == 1 and id_check_day(1, True) == 2 and id_check_day(3, False) == 3


def test_REG_ID_a_returning_player_is_checked_only_by_a_check_that_day():
    assert not id_checked(2, {1}, sold_in_day=False)
    assert id_checked(2, {1, 2}, sold_in_day=False)
    assert id_checked(2, set(), sold_in_day=True)  # sold today: the desk checked the ID at the sale
