"""CHIP-RACE, CHIP-ODD: starting a colour-up from the structure's notes, refusing denominations
that make no sense, and what the tablet says for each seat."""

import random

from hypothesis import given
from hypothesis import strategies as st

from tables.rules.colour_up import (
    OddChips,
    chip_race,
    colour_up_problem,
    denomination_in,
    odd_chip_pot,
    seat_lines,
    suggested_colour_up,
)
from tables.rules.high_card import shoe

KENTUCKY = ["$25 green chips leave", "$50 red chips leave", "$100 black chips leave", "$500 purple chips leave"]


def test_CHIP_RACE_a_colour_up_note_names_its_chip():
    assert [denomination_in(note) for note in KENTUCKY] == [25, 50, 100, 500]
    assert denomination_in("T1,000 chips leave") == 1_000
    assert denomination_in("Level 9: €100 chips go") == 100  # a value after a currency sign first
    assert denomination_in("the greens leave") is None and denomination_in("") is None


def test_CHIP_RACE_the_notes_suggest_the_next_chip_leaving_and_the_smallest_staying():
    assert suggested_colour_up(KENTUCKY, None) == (25, 50, "$25 green chips leave")
    assert suggested_colour_up(KENTUCKY, 50) == (50, 100, "$50 red chips leave")
    assert suggested_colour_up(KENTUCKY, 100) == (100, 500, "$100 black chips leave")
    assert suggested_colour_up(KENTUCKY, 500) == (500, None, "$500 purple chips leave")
    assert suggested_colour_up(KENTUCKY, 1_000) == (None, None, "")
    assert suggested_colour_up(["", "no note here"], None) == (None, None, "")


def test_CHIP_RACE_denominations_that_make_no_sense_are_refused_with_a_sentence():
    assert colour_up_problem(25, 100, None) is None and colour_up_problem(100, 500, 100) is None
    assert "at least 1" in colour_up_problem(0, 100, None)
    assert "must be worth more than the chip leaving (100)" in colour_up_problem(100, 100, None)
    assert "not a whole number of 25 chips" in colour_up_problem(25, 60, None)
    assert "Chips of 25 already left play" in colour_up_problem(25, 500, 100)


def test_CHIP_RACE_CHIP_ODD_the_tablet_says_what_each_seat_gets():
    assert seat_lines({"3": 1, "4": 0, "5": 1}, [5], 100, pot=False) == {
        3: "seat 3 wins one 100 chip",
        4: "seat 4 wins nothing",
        5: "seat 5 keeps one 100 chip: not raced out",
    }
    assert seat_lines({1: 0, 4: 3}, (), 1_000, pot=True) == {
        1: "seat 1 wins nothing",
        4: "seat 4 takes the pot: 3 chips of 1,000",
    }


@given(
    st.lists(st.tuples(st.integers(0, 19), st.booleans()), min_size=1, max_size=10),
    st.integers(0, 2**32),
    st.sampled_from([None, 1, 5, 9]),
    st.booleans(),
    st.sampled_from([(25, 100), (5, 100), (100, 500), (25, 50)]),
)
def test_CHIP_RACE_CHIP_ODD_any_denominations_keep_every_player_in_and_account_for_the_value(
    rows, seed, dealer, kentucky, denominations
):
    leaving, smallest = denominations
    most = smallest // leaving - 1
    table = [OddChips(seat, min(odd, most), other or min(odd, most) > 0) for seat, (odd, other) in enumerate(rows, 1)]
    cards = shoe(max(1, sum(row.odd_chips for row in table)), random.Random(seed))
    result = (
        odd_chip_pot(table, leaving, smallest, cards)
        if kentucky
        else chip_race(table, leaving, smallest, dealer, cards)
    )
    for row in table:
        if row.odd_chips and not row.has_other_chips:
            assert result.new_chips[row.seat] >= 1  # never raced out of the last chip
    assert result.odd_value == sum(row.odd_chips for row in table) * leaving
    assert result.new_value == sum(result.new_chips.values()) * smallest
    assert result.difference == result.new_value - result.odd_value  # value kept, up to the difference
    # The difference is the rounding (under half a chip either way) plus the protected chips.
    rounding = result.difference - len(result.protected) * smallest
    assert -smallest / 2 < rounding <= smallest / 2
