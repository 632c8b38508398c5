"""Who may enter (REG-AGE, REG-MEMBER, REG-EXCLUDE, REG-ID, REG-NONTRANSFER): pure rules."""

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from players.rules.eligibility import (
    EligibilityPolicy,
    Exclusion,
    Membership,
    MembershipRule,
    PlayerFacts,
    age_on,
    check,
    local_day,
)

DAY = date(2026, 11, 29)
POKERFEST = EligibilityPolicy(photo_id_each_day=True, organiser_staff_barred=True)
NEVERENDING = EligibilityPolicy(membership=MembershipRule.MEMBERS)
CHIPS = EligibilityPolicy(membership=MembershipRule.MEMBERS_OR_SIGNED_IN_VISITORS)
OPEN = EligibilityPolicy()


def adult(**facts) -> PlayerFacts:
    return PlayerFacts(player_id=7, date_of_birth=date(1990, 5, 17), **facts)


def refusal_rules(verdict) -> list[str]:
    return [reason.rule for reason in verdict.refusals]


@given(
    st.dates(min_value=date(1930, 1, 1), max_value=date(2030, 12, 31)),
    st.dates(min_value=date(1950, 1, 1), max_value=date(2060, 12, 31)),
)
def test_REG_AGE_age_is_completed_years_on_the_day(born, day):
    age = age_on(born, day)
    if day >= born:
        # The reference: count birthdays (29 February counting on 1 March in common years).
        birthdays = 0
        for year in range(born.year + 1, day.year + 1):
            try:
                anniversary = born.replace(year=year)
            except ValueError:
                anniversary = date(year, 3, 1)
            if anniversary <= day:
                birthdays += 1
        assert age == birthdays


@given(
    st.integers(-3, 3),
    st.sampled_from(
        ["Pacific/Kiritimati", "Europe/Vienna", "America/Los_Angeles", "Pacific/Pago_Pago", "Asia/Kolkata", "UTC"]
    ),
    st.integers(0, 24 * 60 - 1),
)
def test_REG_AGE_eighteenth_birthday_is_kept_at_the_venue(days_from_birthday, zone, minute_of_utc_day):
    """Whether someone is 18 depends on the calendar day where the event is played, not on UTC."""
    moment = datetime(2026, 11, 29, tzinfo=UTC) + timedelta(minutes=minute_of_utc_day)
    day = local_day(moment, zone)
    born = date(day.year - 18, day.month, day.day) - timedelta(days=days_from_birthday)
    verdict = check(PlayerFacts(player_id=1, date_of_birth=born), OPEN, day)
    assert verdict.may_enter == (days_from_birthday >= 0)
    if not verdict.may_enter:
        assert verdict.refusals[0].message.startswith("Under age: 17 on ")


def test_REG_AGE_leap_day_births_turn_18_on_1_march_in_common_years():
    born = date(2008, 2, 29)
    assert not check(PlayerFacts(1, born), OPEN, date(2026, 2, 28)).may_enter
    assert check(PlayerFacts(1, born), OPEN, date(2026, 3, 1)).may_enter


def test_REG_AGE_a_missing_birth_date_is_a_refusal_that_says_what_to_do():
    verdict = check(PlayerFacts(1, None), OPEN, DAY)
    assert refusal_rules(verdict) == ["REG-AGE"] and "record it from the player's ID" in verdict.refusals[0].message


def test_REG_MEMBER_neverending_needs_a_paid_member_with_a_signed_release():
    assert refusal_rules(check(adult(), NEVERENDING, DAY)) == ["REG-MEMBER"]
    unpaid = Membership("N-12", full_member=True, fee_paid_until=DAY - timedelta(days=1), release_signed=True)
    assert "annual fee is not paid" in check(adult(membership=unpaid), NEVERENDING, DAY).refusals[0].message
    unsigned = Membership("N-12", full_member=True, fee_paid_until=DAY, release_signed=False)
    assert "release form" in check(adult(membership=unsigned), NEVERENDING, DAY).refusals[0].message
    good = Membership("N-12", full_member=True, fee_paid_until=DAY, release_signed=True)
    assert check(adult(membership=good), NEVERENDING, DAY).may_enter
    visitor = Membership("V-1", full_member=False, signed_in_by="N-3", sponsor_present=True, visitor_fee_paid=True)
    assert "Visitors may not enter" in check(adult(membership=visitor), NEVERENDING, DAY).refusals[0].message


@pytest.mark.parametrize(
    "visitor,expected",
    [
        (
            Membership("V-1", False, signed_in_by=None, sponsor_present=True, visitor_fee_paid=True),
            "signed in by a full member",
        ),
        (Membership("V-1", False, signed_in_by="C-9", sponsor_present=False, visitor_fee_paid=True), "must be present"),
        (Membership("V-1", False, signed_in_by="C-9", sponsor_present=True, visitor_fee_paid=False), "visitor fee"),
        (Membership("V-1", False, signed_in_by="C-9", sponsor_present=True, visitor_fee_paid=True), None),
    ],
)
def test_REG_MEMBER_chips_visitors_are_signed_in_by_a_present_member_and_pay_the_fee(visitor, expected):
    verdict = check(adult(membership=visitor), CHIPS, DAY)
    if expected is None:
        assert verdict.may_enter
    else:
        assert refusal_rules(verdict) == ["REG-MEMBER"] and expected in verdict.refusals[0].message
    member = Membership("C-9", full_member=True, fee_paid_until=date(2026, 12, 31))
    assert check(adult(membership=member), CHIPS, DAY).may_enter  # chips needs no release form


def test_REG_MEMBER_an_ended_membership_refuses_in_every_members_house_paid_or_not():
    ended = Membership("C-9", True, date(2099, 12, 31), release_signed=True, ended="collusion: soft play")
    for house in (CHIPS, NEVERENDING):
        verdict = check(adult(membership=ended), house, DAY)
        assert refusal_rules(verdict) == ["REG-MEMBER"]
        assert "C-9 was ended (collusion: soft play)" in verdict.refusals[0].message
    assert check(adult(membership=ended), OPEN, DAY).may_enter  # a house without memberships


@given(
    st.dates(min_value=date(2025, 1, 1), max_value=date(2027, 12, 31)),
    st.one_of(st.none(), st.dates(min_value=date(2025, 1, 1), max_value=date(2027, 12, 31))),
)
def test_REG_EXCLUDE_an_exclusion_refuses_exactly_on_the_days_it_covers(starts, ends):
    exclusion = Exclusion("self-exclusion", starts, ends)
    verdict = check(adult(exclusions=(exclusion,)), OPEN, DAY)
    covered = starts <= DAY and (ends is None or DAY <= ends)
    assert verdict.may_enter == (not covered)
    if covered:
        assert verdict.refusals[0].rule == "REG-EXCLUDE" and "self-exclusion" in verdict.refusals[0].message


def test_REG_EXCLUDE_organiser_staff_and_family_need_approval_under_pokerfest():
    staff = adult(organiser_staff_or_family=True, photo_id_checked_on=DAY)
    assert refusal_rules(check(staff, POKERFEST, DAY)) == ["REG-EXCLUDE"]
    approved = adult(organiser_staff_or_family=True, staff_entry_approved=True, photo_id_checked_on=DAY)
    assert check(approved, POKERFEST, DAY).may_enter
    assert check(adult(organiser_staff_or_family=True), OPEN, DAY).may_enter  # other houses do not bar them


def test_REG_ID_pokerfest_checks_photo_id_on_every_day_of_play():
    assert refusal_rules(check(adult(), POKERFEST, DAY)) == ["REG-ID"]
    yesterday = adult(photo_id_checked_on=DAY - timedelta(days=1))
    assert "today's start or restart" in check(yesterday, POKERFEST, DAY).refusals[0].message
    assert check(adult(photo_id_checked_on=DAY), POKERFEST, DAY).may_enter
    assert check(adult(), OPEN, DAY).may_enter


def test_REG_NONTRANSFER_an_entry_won_by_someone_else_cannot_be_used():
    assert refusal_rules(check(adult(entry_issued_to=8), OPEN, DAY)) == ["REG-NONTRANSFER"]
    assert check(adult(entry_issued_to=7), OPEN, DAY).may_enter


def test_every_reason_is_reported_not_only_the_first():
    minor_excluded = PlayerFacts(7, date(2010, 1, 1), exclusions=(Exclusion("venue ban", DAY),), entry_issued_to=9)
    verdict = check(minor_excluded, POKERFEST, DAY)
    assert refusal_rules(verdict) == ["REG-AGE", "REG-EXCLUDE", "REG-ID", "REG-NONTRANSFER"]
    passed = check(adult(photo_id_checked_on=DAY), POKERFEST, DAY)
    assert [(r.rule, r.ok) for r in passed.reasons] == [("REG-AGE", True), ("REG-EXCLUDE", True), ("REG-ID", True)]
