"""Money as plain data: the chip-chop the kentucky time limit calls for (CLK-LIMIT, PAY-CHOP)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.payouts import chip_chop


def test_CLK_LIMIT_the_rulebooks_example_400k_250k_100k_split_16000_dollars():
    prizes = [1_000_000, 400_000, 200_000]  # $10,000, $4,000, $2,000 in cents
    split = chip_chop({1: 400_000, 2: 250_000, 3: 100_000}, prizes)
    assert split == {1: 852_800, 2: 532_800, 3: 214_400}  # $8,528 / $5,328 / $2,144


@given(st.dictionaries(st.integers(1, 50), st.integers(1, 10**8), min_size=1, max_size=10),
       st.lists(st.integers(0, 10**9), min_size=1, max_size=10))
def test_PAY_CHOP_the_pool_is_paid_out_exactly_and_a_bigger_stack_never_gets_less(stacks, prizes):
    split = chip_chop(stacks, prizes)
    assert sum(split.values()) == sum(prizes) and set(split) == set(stacks)
    ranked = sorted(stacks, key=lambda p: (-stacks[p], p))
    for bigger, smaller in zip(ranked, ranked[1:-1]):  # the shortest stack takes the rounding
        if stacks[bigger] > stacks[smaller]:
            assert split[bigger] >= split[smaller]


def test_PAY_CHOP_refuses_a_player_without_chips():
    with pytest.raises(ValueError, match="every remaining player has chips"):
        chip_chop({1: 100, 2: 0}, [500])
