"""Forfeited chips as plain data (CHIP-COUNT, CHIP-RACE; tables/rules/forfeits.py): out of play,
dead money to the pot, or changed up after a race; never more than the stack, never nothing."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tables.rules.forfeits import Reason, forfeiture, reason_of
from tables.rules.penalties import Step, parse_step


@given(
    reason=st.sampled_from(list(Reason)),
    chips=st.integers(min_value=1, max_value=10**7),
    extra=st.integers(min_value=1, max_value=10**7),
    smallest=st.sampled_from([100, 500, 1_000]),
)
def test_CHIP_COUNT_a_forfeit_takes_from_the_stack_exactly_what_leaves_it(reason, chips, extra, smallest):
    stack = chips + extra
    if reason == Reason.AFTER_RACE and chips % smallest == 0:
        with pytest.raises(ValueError, match="changed up, not forfeited"):
            forfeiture(reason, chips, stack, smallest)
        return
    taken = forfeiture(reason, chips, stack, smallest)
    assert taken.out_of_play + taken.to_pot + taken.changed_up == chips
    assert taken.stack_left == stack - taken.leaves_stack >= 1
    assert (taken.to_pot > 0) == (reason == Reason.DODGED_BLIND)  # dead money stays in play, in the pot
    if reason == Reason.AFTER_RACE:  # pokerfest L179: what is worth a chip still in play is changed up
        assert taken.out_of_play < smallest and taken.changed_up % smallest == 0


@pytest.mark.parametrize(
    ("chips", "stack", "sentence"),
    [
        (0, 5_000, "0 chips cannot be forfeited"),
        (-1, 5_000, "-1 chips cannot be forfeited"),
        (6_000, 5_000, "6,000 chips is more than the player's stack of 5,000"),
        (5_000, 5_000, "whole stack"),
    ],
)
def test_CHIP_COUNT_bad_amounts_are_refused_with_a_sentence(chips, stack, sentence):
    with pytest.raises(ValueError, match=sentence):
        forfeiture(Reason.IN_POCKET, chips, stack)


def test_CHIP_RACE_chips_left_after_a_race_need_a_colour_up_and_a_reason_is_named():
    with pytest.raises(ValueError, match="No chip has been raced off yet"):
        forfeiture(Reason.AFTER_RACE, 75, 10_000, None)
    assert forfeiture(Reason.AFTER_RACE, 125, 10_000, 100).out_of_play == 25
    with pytest.raises(ValueError, match="Say why"):
        reason_of("lost")


def test_PEN_LADDER_elimination_is_a_step_of_its_own():
    assert parse_step("elimination") == Step(elimination=True) and str(Step(elimination=True)) == "elimination"
    for mixed in ("elimination + 1 orbit", "elimination + disqualification", "ban + elimination"):
        with pytest.raises(ValueError, match="give it on its own"):
            parse_step(mixed)
