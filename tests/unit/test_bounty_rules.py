"""Knockout events' pure rules (tournaments/rules/bounties.py): BNT-POOL, BNT-KO, BNT-PKO,
BNT-COVER, BNT-MYSTERY. Amounts in minor units; every split adds up exactly."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules.bounties import (
    DEFAULT_TEMPLATE,
    Award,
    Disqualified,
    Pot,
    StageStart,
    Tier,
    check_template,
    draw,
    envelopes,
    knockout_award,
    ledger_balances,
    order_from_button,
    pot_winners,
    progressive_award,
    split_equally,
    stage_started,
)
from tournaments.rules.rulesets import PRESETS, BountyRules, Ruleset, preset

TABLE = 9


def test_BNT_COVER_order_starts_left_of_the_button():
    assert order_from_button([1, 3, 5, 9], button=5, table_seats=TABLE) == [9, 1, 3, 5]
    assert order_from_button([2, 4], button=0, table_seats=TABLE) == [2, 4]


def test_BNT_COVER_odd_cents_go_to_the_first_winners_left_of_the_button():
    """BNT-COVER: 100.00 split three ways with the button on seat 4: seat 6 (first left of the
    button) takes the odd cent; 100.01: seats 6 and 8 one each."""
    assert split_equally(10_000, [2, 6, 8], button=4, table_seats=TABLE) == {6: 3334, 8: 3333, 2: 3333}
    assert split_equally(10_001, [2, 6, 8], button=4, table_seats=TABLE) == {6: 3334, 8: 3334, 2: 3333}
    assert list(split_equally(10_001, [2, 6, 8], button=4, table_seats=TABLE)) == [6, 8, 2]


def test_BNT_COVER_the_side_pot_against_the_player_decides():
    """BNT-COVER: seat 3 covered seat 5 but lost the main pot to short seat 1; seat 7 won the side
    pot against seat 5: seat 7 wins the bounty."""
    pots = [Pot(winners=(1,), eligible=(1, 3, 5, 7)), Pot(winners=(7,), eligible=(3, 5, 7))]
    assert pot_winners(5, pots) == (7,)
    assert pot_winners(5, [Pot(winners=(3, 7), eligible=(3, 5, 7))]) == (3, 7)
    with pytest.raises(ValueError):
        pot_winners(2, pots)
    with pytest.raises(ValueError):
        pot_winners(5, [Pot(winners=(), eligible=(3, 5))])
    with pytest.raises(ValueError):
        pot_winners(5, [Pot(winners=(8,), eligible=(3, 5))])


def test_BNT_KO_the_whole_head_in_cash():
    assert knockout_award(5_000, [3], 1, TABLE) == [Award(3, 5_000, 0)]


def test_BNT_PKO_half_in_cash_half_on_the_head():
    """BNT-PKO: 50% of a 101-cent head split between two winners: parts 51 and 50; cash rounded
    down, the rest onto their heads."""
    assert progressive_award(101, 50, [2, 7], 1, TABLE) == [Award(2, 25, 26), Award(7, 25, 25)]


def test_BNT_MYSTERY_default_template_envelopes():
    check_template(DEFAULT_TEMPLATE)
    """BNT-MYSTERY: 1,000.00 in 60 envelopes: one of 100.00, five of 30.00, 54 share 750.00
    (13.88 each, the odd 48 cents one each to the first 48)."""
    amounts = envelopes(100_000, DEFAULT_TEMPLATE, 60)
    assert amounts[0] == 10_000
    assert amounts[1:6] == [3_000] * 5
    assert amounts[6:] == [1_389] * 48 + [1_388] * 6
    assert len(amounts) == 60 and sum(amounts) == 100_000


def test_BNT_MYSTERY_template_errors():
    for bad in ([], [Tier(10_000, 1)], [Tier(5_000, None), Tier(5_000, None)], [Tier(0, 1), Tier(10_000, None)]):
        with pytest.raises(ValueError):
            check_template(bad)


@given(st.text(max_size=16), st.integers(1, 500), st.lists(st.integers(0, 10**6), min_size=1, max_size=50))
def test_BNT_MYSTERY_draw_replays(seed, number, remaining):
    index = draw(remaining, seed, number)
    assert 0 <= index < len(remaining)
    assert draw(list(remaining), seed, number) == index


def test_BNT_MYSTERY_stage_predicate():
    common = {"places_paid": 10, "current_level": 5, "is_day_two": False}
    assert stage_started(StageStart.BUBBLE, None, players_left=10, **common)
    assert not stage_started(StageStart.BUBBLE, None, players_left=11, **common)
    assert stage_started(StageStart.TWICE_PAID, None, players_left=20, **common)
    assert not stage_started(StageStart.DAY_TWO, None, players_left=2, **common)
    assert stage_started(StageStart.LEVEL, 5, players_left=99, **common)
    assert not stage_started(StageStart.LEVEL, 6, players_left=99, **common)


def test_BNT_POOL_ledger():
    assert ledger_balances(100, [30, 20], [40], 0, 10)
    assert not ledger_balances(100, 30, 40, 0, 10)


def test_BNT_MYSTERY_the_ruleset_bounties_section_is_the_same_in_every_preset():
    """BNT-MYSTERY: the stage starts at the bubble and a DQ'd bounty goes to the next eliminator,
    in every preset; a house may choose otherwise, and the choice is stored and read back."""
    for ruleset in PRESETS.values():
        assert ruleset.bounties == BountyRules()
        assert ruleset.bounties.stage_starts == StageStart.BUBBLE
        assert ruleset.bounties.disqualified_bounty == Disqualified.NEXT_ELIMINATOR
        assert Ruleset.from_json(ruleset.to_json()) == ruleset
    section = {"stage_starts": "level", "stage_level": 6, "disqualified_bounty": "prize_pool"}
    edited = Ruleset.from_json({"preset": "chips", "bounties": section})
    assert edited.bounties == BountyRules(StageStart.LEVEL, 6, Disqualified.PRIZE_POOL)
    assert edited.chips == preset("chips").chips
    stored = json.loads(json.dumps(edited.to_json()))
    assert stored["bounties"] == section
    assert Ruleset.from_json(stored) == edited


@pytest.mark.parametrize(
    ("section", "named"),
    [
        ({"stage_starts": "level"}, "bounties.stage_level"),
        ({"stage_starts": "level", "stage_level": 0}, "bounties.stage_level"),
        ({"stage_starts": "final_table"}, "bounties.stage_starts"),
        ({"disqualified_bounty": "to_the_house"}, "bounties.disqualified_bounty"),
        ({"disqualified_bounty": 1}, "bounties.disqualified_bounty"),
        ({"stage_level": -2}, "bounties.stage_level"),
        ({"stage_level": "3"}, "bounties.stage_level"),
        ([], "bounties"),
    ],
)
def test_BNT_MYSTERY_a_wrong_bounties_section_is_refused_naming_the_setting(section, named):
    with pytest.raises(ValueError, match=named.replace(".", r"\.")):
        Ruleset.from_json({"preset": "pokerfest", "bounties": section})
