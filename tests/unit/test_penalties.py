"""Penalties as plain data: the houses' ladders (PEN-LADDER), chip fines (PEN-FINE) and what is
left to serve, which carries to a new table and the next day (PEN-CARRY)."""

import pytest
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from tables.rules.penalties import (
    CHIPS_LADDERS,
    INFRACTION_ANY,
    NEVERENDING_LADDERS,
    PLAIN_LADDERS,
    POKERFEST_LADDERS,
    PRESET_WORDS,
    Sentence,
    Step,
    check_ladders,
    fine,
    ladder,
    parse_step,
    propose,
    sentence,
    shown_infraction,
    shown_step,
)
from tournaments.rules.rulesets import Ruleset, preset


def test_PEN_LADDER_a_step_is_written_as_the_floor_says_it():
    assert parse_step("big blind + 5 minutes") == Step(fine_blinds="big", minutes=5)
    assert parse_step("Match + Warning") == Step(match=True, warning=True)
    assert parse_step("2 orbits") == Step(orbits=2)
    assert parse_step("1 hand") == Step(hands=1)
    assert parse_step("dead hand + 1 orbit") == Step(dead_hand=True, orbits=1)
    assert parse_step("ban") == Step(ban=True, disqualification=True)
    assert str(parse_step("big blind + 10 min")) == "big blind + 10 minutes"
    for wrong, says in [
        ("3 weeks", '"3 weeks" is not a penalty'),
        ("0 orbits", "give 1 to 10 orbits"),
        ("", "A penalty step is text"),
        ("500 minutes", "give 1 to 120 minutes"),
    ]:
        with pytest.raises(ValueError, match=says):
            parse_step(wrong)


def test_PEN_LADDER_chips_betting_out_of_turn_is_matched_with_a_warning_then_a_big_blind_and_5_then_10_minutes():
    """PEN-LADDER (chips L59): each repeat also kills the current hand."""
    steps = ladder(CHIPS_LADDERS, "betting out of turn")
    assert [str(propose(steps, given)) for given in range(5)] == [
        "warning + match",
        "big blind + 5 minutes + dead hand",
        "big blind + 10 minutes + dead hand",
        "big blind + 20 minutes + dead hand",
        "big blind + 20 minutes + dead hand",
    ]  # past the top, the top again
    general = ladder(CHIPS_LADDERS, "slow rolling")  # not named: the house's general ladder
    assert [str(step) for step in general] == ["warning", "5 minutes", "10 minutes", "15 minutes", "disqualification"]


def test_PEN_LADDER_pokerfest_and_neverending_ladders_use_hands_orbits_minutes_and_end_in_a_ban_or_dq():
    pokerfest = ladder(POKERFEST_LADDERS, "any")
    assert pokerfest[0].warning and pokerfest[1].orbits == 1 and pokerfest[-1].ban
    assert ladder(POKERFEST_LADDERS, "exposing cards with action pending")[1] == Step(dead_hand=True, orbits=1)
    neverending = ladder(NEVERENDING_LADDERS, "any")
    assert [step.minutes for step in neverending if step.minutes] == [10, 20, 40]  # 5 to 40 minutes away
    assert neverending[-1].disqualification
    assert propose((), 3) is None


def test_PEN_LADDER_a_house_ladder_is_checked_when_the_ruleset_is_saved():
    check_ladders(CHIPS_LADDERS + POKERFEST_LADDERS[1:])
    with pytest.raises(ValueError, match='"any": "nap" is not a penalty'):
        check_ladders((("any", ("warning", "nap")),))
    with pytest.raises(ValueError, match='names "any" twice'):
        check_ladders((("any", ("warning",)), ("any", ("1 orbit",))))
    with pytest.raises(ValueError, match="is a list of"):
        check_ladders((("any", ()),))


def test_PEN_FINE_chips_folding_out_of_turn_costs_a_small_blind_dead_cards_a_big_blind_never_more_than_the_stack():
    folding = propose(ladder(CHIPS_LADDERS, "folding out of turn"), 0)
    dead_cards = propose(ladder(CHIPS_LADDERS, "looking at dead cards"), 0)
    assert fine(folding, small_blind=200, big_blind=400, stack=9_000) == 200
    assert fine(dead_cards, small_blind=200, big_blind=400, stack=9_000) == 400
    assert fine(dead_cards, small_blind=200, big_blind=400, stack=250) == 250
    assert fine(parse_step("2 orbits"), 200, 400, 9_000) == 0


def test_PEN_LADDER_an_orbit_is_one_hand_per_player_at_that_table_when_it_is_given():
    assert sentence(parse_step("1 orbit"), seated_at_table=6) == Sentence(hands=6)
    assert sentence(parse_step("2 orbits + 3 hands"), seated_at_table=8) == Sentence(hands=19)
    assert sentence(parse_step("10 minutes"), seated_at_table=9) == Sentence(seconds=600)
    with pytest.raises(ValueError):
        sentence(parse_step("1 orbit"), seated_at_table=0)


def test_PEN_CARRY_two_orbits_given_at_8_handed_with_5_hands_served_leave_11_for_the_next_day():
    # The rulebook's own example: "a two orbit penalty (16 hands) ... only serves 5 hands ... the
    # remaining 11 hands the following day". What is left is the player's, not the table's.
    left = sentence(parse_step("2 orbits"), seated_at_table=8)
    for _ in range(5):
        left = left.after_hand()
    assert left == Sentence(hands=11) and not left.served
    minutes = sentence(parse_step("15 minutes"), 9).after_play(14 * 60)  # the day ends a minute early
    assert minutes == Sentence(seconds=60)
    assert minutes.after_play(60).served


@given(
    st.integers(0, 10),
    st.integers(0, 50),
    st.integers(1, 10),
    st.lists(st.sampled_from(["hand", "play"]), max_size=200),
    st.integers(1, 120),
)
def test_PEN_CARRY_a_sentence_only_counts_down_and_is_served_exactly_when_both_are_zero(
    orbits, hands, seated, steps, seconds
):
    left = sentence(Step(orbits=orbits, hands=hands), seated)
    left = Sentence(left.hands, seconds * 60)
    for step in steps:
        before = left
        left = left.after_hand() if step == "hand" else left.after_play(seconds)
        assert left.hands <= before.hands and left.seconds <= before.seconds and left.hands >= 0
    assert left.served == (left.hands == 0 and left.seconds == 0)


def test_PEN_LADDER_each_house_keeps_its_ladder_in_its_ruleset_and_an_edited_one_is_checked():
    from_json = Ruleset.from_json
    assert preset("chips").penalties.ladders == CHIPS_LADDERS
    assert preset("pokerfest").penalties.ladders == POKERFEST_LADDERS
    assert preset("neverending").chips.race_from_seat_1 and preset("kentucky").chips.odd_chips_to_high_card
    edited = from_json({"preset": "chips", "penalties": {"ladders": [["any", ["warning", "1 orbit"]]]}})
    assert ladder(edited.penalties.ladders, "any") == (Step(warning=True), Step(orbits=1))
    assert from_json(preset("pokerfest").to_json()) == preset("pokerfest")  # stored and read back unchanged
    with pytest.raises(ValueError, match='"any": "a stern look" is not a penalty'):
        from_json({"preset": "chips", "penalties": {"ladders": [["any", ["a stern look"]]]}})


PRESET_LADDERS = (CHIPS_LADDERS, POKERFEST_LADDERS, NEVERENDING_LADDERS, PLAIN_LADDERS)


def test_PEN_LADDER_every_preset_infraction_and_step_word_is_marked_for_translation():
    for ladders in PRESET_LADDERS:
        for infraction, steps in ladders:
            assert infraction == INFRACTION_ANY or infraction in PRESET_WORDS
            for step in steps:
                for part in step.split("+"):
                    part = part.strip()
                    assert part in PRESET_WORDS or part[0].isdigit(), part


def test_PEN_LADDER_preset_names_are_shown_in_the_pages_language_and_stay_english_as_data():
    with translation.override("de"):
        assert shown_infraction("acting out of turn") == "Handeln außer der Reihe"
        assert shown_infraction(INFRACTION_ANY) == "ein anderer Verstoß"
        assert shown_infraction("slow rolling") == "slow rolling"  # the house's own name, as written
        assert shown_step("dead hand + 1 orbit") == "tote Hand + 1 Orbit"
        assert shown_step("big blind + 5 minutes") == "Big Blind + 5 Minuten"
    with translation.override("en"):
        assert shown_step("big blind + 1 minute") == "big blind + 1 minute"
        assert shown_step("2 orbits") == "2 orbits"
    assert POKERFEST_LADDERS[2] == ("acting out of turn", ("warning", "3 hands", "1 orbit", "2 orbits"))
