"""Chips as plain data: chips in play and the counts (CHIP-COUNT), the chip race (CHIP-RACE) and
kentucky's odd-chip pot (CHIP-ODD)."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tables.rules.colour_up import OddChips, chip_race, chips_for, odd_chip_pot, race_order
from tables.rules.counts import ChipMovement, Movement, check_counts, chip_leaders, chips_in_play
from tables.rules.high_card import Card, shoe


def cards(text: str) -> list[Card]:
    return [Card(card[0], card[1]) for card in text.split()]


def test_CHIP_RACE_half_a_chip_or_more_rounds_up():
    assert [chips_for(value, 100) for value in (0, 49, 50, 99, 100, 149, 150)] == [0, 0, 1, 1, 1, 1, 2]


def test_CHIP_RACE_neverending_deals_from_seat_1_pokerfest_from_the_first_player_left_of_the_dealer():
    assert race_order([1, 3, 5, 8], start_after=None) == [1, 3, 5, 8]
    assert race_order([1, 3, 5, 8], start_after=5) == [8, 1, 3, 5]
    # Seat 2 holds three odd 25s, seat 4 two, seat 7 one: 150 in all, so two chips of 100 race off.
    table = [OddChips(2, 3), OddChips(4, 2), OddChips(7, 1)]
    deck = cards("Kc 2d Ah 3c 4s 5h")  # from seat 1: 2 Kc, 4 2d, 7 Ah, 2 3c, 4 4s, 2 5h
    from_seat_1 = chip_race(table, leaving=25, smallest=100, start_after=None, cards=deck)
    assert from_seat_1.cards == {2: ["Kc", "3c", "5h"], 4: ["2d", "4s"], 7: ["Ah"]}
    assert from_seat_1.new_chips == {2: 1, 4: 0, 7: 1}  # Ah, then Kc: one chip each at most
    assert (from_seat_1.odd_value, from_seat_1.new_value, from_seat_1.difference) == (150, 200, 50)
    left_of_dealer = chip_race(table, leaving=25, smallest=100, start_after=4, cards=deck)  # the dealer on 4
    assert left_of_dealer.cards == {7: ["Kc"], 2: ["2d", "3c", "5h"], 4: ["Ah", "4s"]}
    assert left_of_dealer.new_chips == {7: 1, 2: 0, 4: 1}


def test_CHIP_RACE_at_most_one_chip_each_and_a_player_with_one_odd_chip_is_not_raced_out():
    table = [OddChips(1, 3), OddChips(2, 1, has_other_chips=False), OddChips(3, 3)]  # 175 → two chips
    result = chip_race(table, leaving=25, smallest=100, start_after=None, cards=cards("As 2c 3c Ks 4c Qs 5c"))
    # Seat 1 holds the three best cards, but one chip is all it may win: the second goes to seat 3's
    # 5c, and seat 2, whose one odd chip was its whole stack, lost and is given a chip.
    assert result.new_chips == {1: 1, 2: 1, 3: 1} and result.protected == (2,)
    assert result.difference == 300 - 175
    with pytest.raises(ValueError, match="fewer than 4 chips of 25"):
        chip_race([OddChips(1, 4)], 25, 100, None, cards("As Ks Qs Js"))


def test_CHIP_ODD_kentucky_the_tables_odd_chips_go_to_the_high_card_then_are_coloured_up():
    table = [OddChips(1, 3), OddChips(4, 2), OddChips(6, 0), OddChips(9, 3, has_other_chips=False)]  # 8 × 25 = 200
    result = odd_chip_pot(table, leaving=25, smallest=100, cards=cards("7h Qd 2c"))
    assert result.cards == {1: ["7h"], 4: ["Qd"], 9: ["2c"]}
    assert result.new_chips == {1: 0, 4: 2, 9: 1} and result.protected == (9,)  # nobody raced out here either
    assert (result.odd_value, result.new_value) == (200, 300)


@given(
    st.lists(st.tuples(st.integers(0, 3), st.booleans()), min_size=1, max_size=10),
    st.integers(0, 2**32),
    st.sampled_from([None, 1, 4, 7]),
    st.booleans(),
)
def test_CHIP_RACE_never_removes_a_last_chip_gives_at_most_one_and_accounts_for_every_chip(
    rows, seed, dealer, kentucky
):
    table = [OddChips(seat, odd, other or odd == 0) for seat, (odd, other) in enumerate(rows, start=1)]
    deck = shoe(60, random.Random(seed))
    if kentucky:
        result = odd_chip_pot(table, 25, 100, deck)
    else:
        result = chip_race(table, 25, 100, dealer, deck)
        assert all(chips <= 1 for chips in result.new_chips.values())
        assert sum(result.new_chips.values()) - len(result.protected) == chips_for(result.odd_value, 100)
    for row in table:
        if not row.has_other_chips:
            assert result.new_chips.get(row.seat, 0) >= 1  # nobody raced out
    assert result.odd_value == sum(row.odd_chips for row in table) * 25
    # The value of chips in play is accounted for: what left, what came in, and the difference.
    assert result.new_value == sum(result.new_chips.values()) * 100
    assert result.difference == result.new_value - result.odd_value
    assert result.difference < 50 + 100 * len(result.protected) + 1


def test_CHIP_COUNT_chips_in_play_are_starting_stacks_rebuys_and_addons_less_chips_removed():
    book = [ChipMovement(Movement.STARTING_STACK, 20_000)] * 30 + [
        ChipMovement(Movement.REBUY, 2_000),
        ChipMovement(Movement.ADDON, 5_000),
        ChipMovement(Movement.REMOVED, 18_500),  # a disqualified player's stack
        ChipMovement(Movement.COLOUR_UP, 75),
    ]
    assert chips_in_play(book) == 600_000 + 7_000 - 18_500 + 75
    with pytest.raises(ValueError):
        chips_in_play([ChipMovement(Movement.REMOVED, -5)])


def test_CHIP_COUNT_the_counts_are_checked_against_chips_in_play_and_a_gap_is_flagged_with_its_size():
    seated = {"t1s1", "t1s2", "t2s5"}
    partial = check_counts({"t1s1": 40_000}, seated, 100_000)
    assert not partial.complete and "1 of 3 stacks counted" in partial.sentence()
    short = check_counts({"t1s1": 40_000, "t1s2": 35_000, "t2s5": 24_000, "gone": 9_999}, seated, 100_000)
    assert short.gap == -1_000 and not short.agrees
    assert short.sentence() == (
        "The counts come to 99,000, 1,000 fewer than the 100,000 chips in play: recount or find the chips."
    )
    assert check_counts({"t1s1": 40_000, "t1s2": 35_000, "t2s5": 25_000}, seated, 100_000).agrees
    leaders = chip_leaders({"ann": 40_000, "bob": 35_000, "cy": 25_000}, 100_000, players_left=3, top=2)
    assert leaders.leaders == [("ann", 40_000), ("bob", 35_000)] and leaders.average == 33_333


@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("entry"), st.integers(1, 50_000)),
            st.tuples(st.just("rebuy"), st.integers(1, 10_000)),
            st.tuples(st.just("addon"), st.integers(1, 10_000)),
            st.tuples(st.just("pot"), st.integers(0, 100)),
            st.tuples(st.just("forfeit"), st.integers(0, 100)),
            st.tuples(st.just("dq"), st.integers(0, 100)),
            st.tuples(st.just("race"), st.integers(0, 2**16)),
        ),
        max_size=80,
    )
)
def test_CHIP_COUNT_chips_in_play_equal_the_sum_of_stacks_after_any_sequence(actions):
    stacks: list[int] = []
    book: list[ChipMovement] = []
    for action, amount in actions:
        if action == "entry":
            stacks.append(amount)
            book.append(ChipMovement(Movement.STARTING_STACK, amount))
        elif not stacks:
            continue
        elif action in ("rebuy", "addon"):
            stacks[amount % len(stacks)] += amount
            book.append(ChipMovement(Movement.REBUY if action == "rebuy" else Movement.ADDON, amount))
        elif action == "pot":  # chips change hands: nothing enters or leaves play
            loser, winner = amount % len(stacks), (amount // 7) % len(stacks)
            moved = stacks[loser] // 2
            stacks[loser] -= moved
            stacks[winner] += moved
        elif action in ("forfeit", "dq"):
            book.append(ChipMovement(Movement.REMOVED, stacks.pop(amount % len(stacks))))
        else:  # a colour-up of the 25s at one table of up to 9
            rng = random.Random(amount)
            table = list(range(len(stacks)))[:9]
            odd = {i: (stacks[i] % 100) // 25 for i in table}
            race = chip_race(
                [OddChips(i + 1, odd[i], stacks[i] - odd[i] * 25 > 0) for i in table], 25, 100, None, shoe(40, rng)
            )
            for i in table:
                stacks[i] += race.new_chips.get(i + 1, 0) * 100 - odd[i] * 25
                assert stacks[i] > 0  # every stack has chips before (a pot leaves at least one): none raced out
            book.append(ChipMovement(Movement.COLOUR_UP, race.difference))
    assert chips_in_play(book) == sum(stacks)
