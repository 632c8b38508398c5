"""Money as plain data (PAY-*, ELIM-TIE, CLK-LIMIT): exact to the minor unit."""

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.rules.payouts import (
    PayoutRules,
    chip_chop,
    guaranteed_chop,
    icm_deal,
    icm_equities,
    payout_table,
    split_tie,
)

stacks_strategy = st.lists(st.integers(1, 10**7), min_size=1, max_size=7)
prizes_strategy = st.lists(st.integers(0, 10**7), min_size=1, max_size=9).map(lambda p: sorted(p, reverse=True))


def icm_by_finishing_orders(stacks, prizes):
    """The textbook definition, independently: sum over every finishing order."""
    n, equity = len(stacks), [0.0] * len(stacks)
    paid = (list(prizes) + [0] * n)[:n]
    for order in itertools.permutations(range(n)):
        chance, left = 1.0, sum(stacks)
        for player in order:
            chance *= stacks[player] / left
            left -= stacks[player]
        for place, player in enumerate(order):
            equity[player] += chance * paid[place]
    return equity


def test_CLK_LIMIT_the_rulebooks_example_400k_250k_100k_share_16000_dollars_exactly():
    # The rulebook rounds shares to 0.1% first ($8,528 / $5,328 / $2,144); exact, in cents:
    assert chip_chop([400_000, 250_000, 100_000], 1_600_000) == [853_334, 533_333, 213_333]


def test_PAY_CHOP_leftover_cents_by_largest_remainder_ties_to_the_bigger_stack():
    assert chip_chop([1, 1, 1], 100) == [34, 33, 33]
    assert chip_chop([1, 2], 100) == [33, 67]
    assert chip_chop([2, 1, 1], 5) == [3, 1, 1]  # 2.5 / 1.25 / 1.25: the bigger stack wins the tie
    with pytest.raises(ValueError, match="every remaining player has chips"):
        chip_chop([100, 0], 500)


@given(st.lists(st.integers(1, 10**9), min_size=1, max_size=12), st.integers(0, 10**10))
def test_PAY_CHOP_a_chip_chop_pays_the_pool_exactly_and_a_bigger_stack_never_gets_less(stacks, pool):
    split = chip_chop(stacks, pool)
    assert sum(split) == pool and len(split) == len(stacks)
    for i, j in itertools.permutations(range(len(stacks)), 2):
        if stacks[i] > stacks[j]:
            assert split[i] >= split[j]


def test_PAY_CHOP_a_guaranteed_chop_gives_everyone_the_next_prize_first():
    assert guaranteed_chop([400_000, 250_000, 100_000], 1_600_000, 200_000) == [733_334, 533_333, 333_333]
    with pytest.raises(ValueError, match="more than the pool"):
        guaranteed_chop([1, 1], 100, 51)


def test_PAY_CHOP_icm_of_a_known_three_way_final():
    equities = icm_equities([5000, 3000, 2000], [50, 30, 20])
    assert [round(e, 4) for e in equities] == [
        round(e, 4) for e in icm_by_finishing_orders([5000, 3000, 2000], [50, 30, 20])
    ]
    # By hand: the big stack is first half the time, second 3/10 * 5/7 + 2/10 * 5/8 = 0.3393.
    assert [round(e, 2) for e in equities] == [38.39, 32.75, 28.86]
    assert icm_deal([5000, 3000, 2000], [5000, 3000, 2000]) == [3839, 3275, 2886]


@settings(max_examples=60)
@given(stacks_strategy, prizes_strategy)
def test_PAY_CHOP_icm_matches_the_definition_sums_to_the_prizes_and_stays_between_them(stacks, prizes):
    equities = icm_equities(stacks, prizes)
    assert equities == pytest.approx(icm_by_finishing_orders(stacks, prizes), rel=1e-9, abs=1e-6)
    paid = (prizes + [0] * len(stacks))[: len(stacks)]
    assert sum(equities) == pytest.approx(sum(paid), rel=1e-9, abs=1e-6)
    assert all(min(paid) - 1e-6 <= e <= max(paid) + 1e-6 for e in equities)
    deal = icm_deal(stacks, prizes)
    assert sum(deal) == sum(prizes[: len(stacks)])
    assert all(abs(d - e) < 1 + 1e-6 for d, e in zip(deal, equities))
    for i, j in itertools.permutations(range(len(stacks)), 2):
        if stacks[i] > stacks[j]:
            assert equities[i] >= equities[j] - 1e-9  # more chips, never less equity


def test_PAY_CHOP_icm_is_exact_and_quick_for_twelve_players():
    equities = icm_equities(list(range(1000, 13000, 1000)), [10**6 // k for k in range(1, 13)])
    assert sum(equities) == pytest.approx(sum(10**6 // k for k in range(1, 13)))


def test_ELIM_TIE_tied_players_share_the_places_prizes_higher_places_get_the_odd_units():
    assert split_tie([500, 300]) == [400, 400]
    assert split_tie([500, 300, 201]) == [334, 334, 333]
    assert split_tie([]) == []


@given(st.lists(st.integers(0, 10**9), min_size=1, max_size=20))
def test_ELIM_TIE_a_split_sums_exactly_and_differs_by_at_most_one_unit(prizes):
    shares = split_tie(prizes)
    assert sum(shares) == sum(prizes) and max(shares) - min(shares) <= 1
    assert shares == sorted(shares, reverse=True)


def test_PAY_STRUCT_fifteen_percent_paid_min_cash_and_whole_dollars():
    prizes = payout_table(100, 1_000_000, PayoutRules())  # 100 entries, $10,000 pool
    assert len(prizes) == 15 and sum(prizes) == 1_000_000
    assert prizes == sorted(prizes, reverse=True)
    assert prizes[-1] >= 15_000  # 1.5x the $100 average entry
    assert all(p % 100 == 0 for p in prizes[1:])  # whole dollars below the top


def test_PAY_STRUCT_neverending_pays_at_most_ten_and_a_fixed_table_is_honoured():
    assert len(payout_table(200, 2_000_000, PayoutRules(most_places=10))) == 10
    table = PayoutRules(percent_table=((9, (6500, 3500)), (27, (5000, 3000, 2000))))
    assert payout_table(8, 80_000, table) == [52_000, 28_000]
    assert payout_table(20, 200_001, table) == [100_001, 60_000, 40_000]  # the odd cent to first place
    assert payout_table(1, 5_000, PayoutRules()) == [5_000]


@settings(max_examples=80)
@given(st.integers(1, 3000), st.integers(1, 10**9), st.integers(1, 40), st.sampled_from([1, 100, 500]))
def test_PAY_STRUCT_a_payout_table_sums_exactly_never_increases_and_pays_the_minimum(entries, pool, percent, unit):
    rules = PayoutRules(paid_percent=percent, unit=unit)
    prizes = payout_table(entries, pool, rules)
    assert sum(prizes) == pool and prizes == sorted(prizes, reverse=True)
    assert 1 <= len(prizes) <= max(1, math.ceil(entries * percent / 100))
    if len(prizes) > 1:
        assert prizes[-1] >= pool * 15 / (10 * entries)


@settings(max_examples=150)
@given(st.integers(1, 3000), st.integers(1, 10**9), st.integers(1, 60), st.sampled_from([1, 100, 500]), st.booleans())
def test_PAY_STRUCT_an_override_of_the_places_paid_pays_exactly_that_many(entries, pool, places, unit, fixed):
    """Issue 11, item 2: places paid set to 10 paid 10 amounts on the lobby, not the table's 3."""
    rules = PayoutRules(
        unit=unit, percent_table=((100, (5000, 3000, 2000)), (10_000, (4000, 2500, 1500, 1000, 1000))) if fixed else ()
    )
    prizes = payout_table(entries, pool, rules, places=places)
    assert sum(prizes) == pool and prizes == sorted(prizes, reverse=True)
    assert len(prizes) == min(places, entries)
    if pool >= min(places, entries) * unit:
        assert prizes[-1] > 0


def test_PAY_STRUCT_an_override_cuts_a_fixed_table_to_its_places_and_scales_it_to_the_pool():
    table = PayoutRules(percent_table=((10, (6500, 3500)), (30, (5000, 3000, 2000))))
    assert payout_table(20, 200_000, table, places=2) == [125_000, 75_000]  # 5000:3000 of the pool
    assert len(payout_table(20, 200_000, table, places=10)) == 10  # longer than the band: the curve


def test_PAY_CHOP_three_deals_side_by_side_each_summing_to_the_prizes_less_what_is_left_to_play():
    from tournaments.rules.payouts import deal_proposals

    deals = deal_proposals([400_000, 250_000, 100_000], [1_000_000, 400_000, 200_000], left_to_play=100_000)
    assert all(sum(amounts) == 1_500_000 for amounts in deals.values())
    assert deals["chip_chop"] == [800_000, 500_000, 200_000]
    assert deals["guaranteed"] == [680_000, 500_000, 320_000]  # 200,000 each, then 900,000 by chips
    assert deals["icm"][0] > deals["icm"][1] > deals["icm"][2] >= 200_000
    with pytest.raises(ValueError, match="between 0 and the first prize"):
        deal_proposals([1, 1], [100, 50], left_to_play=101)


@given(st.lists(st.integers(1, 10**7), min_size=2, max_size=9), st.integers(0, 100))
def test_PAY_CHOP_every_proposal_adds_up_to_the_cent(stacks, keep_percent):
    from tournaments.rules.payouts import deal_proposals

    prizes = sorted((10_000 * (k + 1) for k in range(len(stacks))), reverse=True)
    left = prizes[0] * keep_percent // 100
    for amounts in deal_proposals(stacks, prizes, left).values():
        assert sum(amounts) == sum(prizes) - left and min(amounts) >= 0


def test_PAY_POINTS_chips_ranks_every_finisher_and_ties_share_the_average():
    from tournaments.rules.payouts import league_points
    from tournaments.rules.rulesets import preset

    chips = preset("chips").payouts
    assert chips.points == "sqrt"
    assert [league_points(100, p, p, chips) for p in (1, 4, 25, 100)] == [100, 50, 20, 10]
    assert league_points(100, 23, 25, chips) == 20  # (20.85 + 20.41 + 20.00) / 3, rounded down
    linear = PayoutRules(points="field_minus_place")
    assert league_points(30, 1, 1, linear) == 30 and league_points(30, 30, 30, linear) == 1
    assert league_points(30, 1, 1, PayoutRules()) == 0


def test_PAY_STRUCT_neverending_gives_one_freeroll_per_ten_entrants():
    from tournaments.rules.payouts import freerolls
    from tournaments.rules.rulesets import preset

    assert [freerolls(n, preset("neverending").payouts) for n in (9, 10, 57)] == [0, 1, 5]
    assert freerolls(100, preset("pokerfest").payouts) == 0
