"""Sponsor-logo compliance and the high-card draw (PF-LOGO-*, suit order of BTN-DRAW)."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from players.rules.logos import (
    CompanyStatus,
    Logo,
    Placement,
    Wearer,
    field_cap_allowed,
    field_cap_breaches,
    tv_table_breaches,
    wearer_violations,
)
from tables.rules.high_card import Card, high_card

APPROVED, HEADLINE = CompanyStatus.APPROVED, CompanyStatus.HEADLINE


def logo(company="BetCo", status=APPROVED, placement=Placement.BREAST, w=7.0, h=10.0, **more):
    return Logo(company, status, placement, w, h, **more)


def rules_of(violations):
    return [v.rule for v in violations]


def test_PF_LOGO_SIZE_normal_play_breast_70_and_sleeve_40_square_cm_one_each():
    assert wearer_violations(Wearer(1, (logo(w=7, h=10), logo(placement=Placement.SLEEVE, w=5, h=8)))) == []
    too_big = wearer_violations(Wearer(1, (logo(w=7, h=10.1),)))
    assert rules_of(too_big) == ["PF-LOGO-SIZE"] and "70.7 cm²; at most 70 cm²" in too_big[0].message
    assert rules_of(wearer_violations(Wearer(1, (logo(placement=Placement.SLEEVE, w=5, h=8.2),)))) == ["PF-LOGO-SIZE"]
    two = wearer_violations(Wearer(1, (logo(w=2, h=2), logo(company="Other", w=2, h=2))))
    assert [v.message for v in two] == ["More than one breast logo."]
    assert (
        "breast pocket and the upper sleeve only"
        in wearer_violations(Wearer(1, (logo(placement=Placement.OTHER, w=1, h=1),)))[0].message
    )


@given(st.floats(0.1, 10), st.floats(0.1, 10))
def test_PF_LOGO_SIZE_filmed_each_logo_fits_4_by_5_cm_either_way(width, height):
    violations = wearer_violations(Wearer(1, (logo(w=width, h=height),)), filmed=True)
    fits = sorted((width, height))[0] <= 4 and sorted((width, height))[1] <= 5
    assert (violations == []) == fits


def test_PF_LOGO_SIZE_caps_and_card_protectors_show_no_logo_while_filmed():
    cap = Wearer(1, (logo(placement=Placement.CAP, w=3, h=3), logo(placement=Placement.CARD_PROTECTOR, w=2, h=2)))
    assert wearer_violations(cap) == []
    assert rules_of(wearer_violations(cap, filmed=True)) == ["PF-LOGO-SIZE", "PF-LOGO-SIZE"]


def test_PF_LOGO_APPROVED_banned_and_unauthorised_satellite_operators_must_go():
    banned = wearer_violations(Wearer(1, (logo("IllegalBet", CompanyStatus.BANNED),)))
    assert rules_of(banned) == ["PF-LOGO-APPROVED"] and "may not advertise under local law" in banned[0].message
    rogue = wearer_violations(Wearer(1, (logo("RogueSats", CompanyStatus.UNAUTHORISED_SATELLITE),)))
    assert "unauthorised satellite operator" in rogue[0].message and "disqualify" in rogue[0].message


def test_PF_LOGO_DECLARE_a_logo_first_worn_after_the_start_needs_written_proof():
    late = logo(declared_before_start=False)
    assert rules_of(wearer_violations(Wearer(1, (late,)))) == ["PF-LOGO-DECLARE"]
    assert wearer_violations(Wearer(1, (logo(declared_before_start=False, written_proof=True),))) == []
    # Anyone may wear the headline sponsor's logo, declared or not.
    assert wearer_violations(Wearer(1, (logo("pokerfest", HEADLINE, declared_before_start=False),))) == []


@given(st.integers(1, 500), st.integers(0, 60), st.integers(0, 60))
def test_PF_LOGO_CAP_no_company_on_more_than_10_percent_of_the_field(field, betco, headline):
    betco, headline = min(betco, field), min(headline, field)
    wearers = [Wearer(i, (logo(),)) for i in range(betco)]
    wearers += [Wearer(1000 + i, (logo("pokerfest", HEADLINE),)) for i in range(headline)]
    breaches = field_cap_breaches(wearers, field)
    assert field_cap_allowed(field) * 10 <= field < (field_cap_allowed(field) + 1) * 10
    if betco * 10 > field and betco > field_cap_allowed(field):
        assert [(b.company, b.must_remove) for b in breaches] == [("BetCo", betco - field_cap_allowed(field))]
    else:
        assert breaches == []  # and the headline sponsor is never capped


def test_PF_LOGO_TV_two_per_company_at_a_tv_table_and_no_logo_at_the_final_table_start_stays_so():
    three = [Wearer(i, (logo(),)) for i in range(3)]
    assert [(b.rule, b.allowed, b.must_remove) for b in tv_table_breaches(three)] == [("PF-LOGO-TV", 2, 1)]
    assert tv_table_breaches(three[:2]) == []
    locked = wearer_violations(Wearer(5, (logo("pokerfest", HEADLINE),), no_logo_at_final_table_start=True))
    assert rules_of(locked) == ["PF-LOGO-TV"]


def test_BTN_DRAW_suit_order_spades_hearts_diamonds_clubs_and_rank_first():
    order = sorted(
        [Card("A", "c"), Card("A", "s"), Card("K", "s"), Card("A", "h"), Card("A", "d")],
        key=lambda c: c.strength,
        reverse=True,
    )
    assert [str(c) for c in order] == ["As", "Ah", "Ad", "Ac", "Ks"]


@given(st.integers(1, 300), st.integers(0, 2**32))
def test_high_card_draw_is_replayed_exactly_from_its_seed(players, seed):
    people = [f"p{i}" for i in range(players)]
    first, again = high_card(people, random.Random(seed)), high_card(people, random.Random(seed))
    assert first == again and sorted(first.order) == sorted(people)
    strengths = [Card(first.cards[p][0], first.cards[p][1]).strength for p in first.order]
    assert strengths == sorted(strengths, reverse=True)
    # The same card twice (a second deck): the one dealt first ranks higher.
    for a, b in zip(first.order, first.order[1:]):
        if first.cards[a] == first.cards[b]:
            assert people.index(a) < people.index(b)


def test_high_card_needs_distinct_participants():
    with pytest.raises(ValueError):
        high_card(["a", "a"], random.Random(1))
