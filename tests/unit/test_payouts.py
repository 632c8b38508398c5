"""Money as plain data: the chip-chop the kentucky time limit calls for (CLK-LIMIT, PAY-CHOP)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.payouts import chip_chop


def test_CLK_LIMIT_the_rulebooks_example_400k_250k_100k_share_16000_dollars_exactly():
    # The rulebook rounds shares to 0.1% first ($8,528 / $5,328 / $2,144); exact, in cents:
    assert chip_chop([400_000, 250_000, 100_000], 1_600_000) == [853_334, 533_333, 213_333]


def test_PAY_CHOP_leftover_cents_by_largest_remainder_ties_to_the_bigger_stack():
    assert chip_chop([1, 1, 1], 100) == [34, 33, 33]
    assert chip_chop([1, 2], 100) == [33, 67]  # 33.33 and 66.67: the larger remainder gets the cent
    assert chip_chop([2, 1, 1], 5) == [3, 1, 1]  # 2.5 / 1.25 / 1.25: the bigger stack wins the tie


@given(st.lists(st.integers(1, 10**9), min_size=1, max_size=12), st.integers(0, 10**10))
def test_PAY_CHOP_the_pool_is_paid_exactly_and_a_bigger_stack_never_gets_less(stacks, pool):
    split = chip_chop(stacks, pool)
    assert sum(split) == pool and len(split) == len(stacks)
    for i, a in enumerate(stacks):
        for j, b in enumerate(stacks):
            if a > b:
                assert split[i] >= split[j]
            assert abs(split[i] - pool * a / sum(stacks)) < 1 + 1e-6 * pool  # within a cent of exact


def test_PAY_CHOP_refuses_a_player_without_chips():
    with pytest.raises(ValueError, match="every remaining player has chips"):
        chip_chop([100, 0], 500)
