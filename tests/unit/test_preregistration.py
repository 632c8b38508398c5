"""Online pre-registration's pure rules: what a web form can check (REG-AGE, REG-CONSENT,
REG-ID's document named, payment), the code a desk scanner types, seats left."""

from dataclasses import replace
from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules.preregistration import (
    CODE_ALPHABET,
    CODE_LENGTH,
    Application,
    check_application,
    code_from_scan,
    looks_like_code,
    seats_left,
    waiting_position,
)

TODAY = date(2026, 12, 1)
PLAY_DAY = date(2026, 12, 12)
GOOD = Application(
    first_name="Ada",
    last_name="Lovelace",
    date_of_birth=date(1990, 5, 17),
    email="ada@example.com",
    id_document_type="passport",
    id_document_number="P 123-456",
    id_document_country="at",
    accepts_terms=True,
)


def rules(application: Application, minimum_age: int = 18) -> list[str]:
    return [reason.rule for reason in check_application(application, minimum_age, PLAY_DAY, TODAY)]


def test_a_complete_application_passes():
    assert rules(GOOD) == []


def test_REG_AGE_counts_the_age_on_the_day_of_play_not_the_day_of_registering():
    """REG-AGE: eighteen on the flight's day is old enough, even if seventeen when registering."""
    turns_18_before_play = replace(GOOD, date_of_birth=date(2008, 12, 10))
    turns_18_after_play = replace(GOOD, date_of_birth=date(2008, 12, 13))
    assert rules(turns_18_before_play) == []
    assert rules(turns_18_after_play) == ["REG-AGE"]
    assert rules(replace(GOOD, date_of_birth=date(2005, 12, 13)), minimum_age=21) == ["REG-AGE"]


def test_REG_CONSENT_the_terms_must_be_accepted_filming_and_marketing_need_not():
    """REG-CONSENT"""
    assert rules(replace(GOOD, accepts_terms=False)) == ["REG-CONSENT"]
    assert rules(replace(GOOD, filming_release=False, marketing_opt_in=False)) == []


def test_REG_ID_a_photo_id_document_is_named_by_type_and_number():
    """REG-ID: the desk checks the photo; online the document must be named."""
    assert rules(replace(GOOD, id_document_number=" - ")) == ["REG-ID"]
    assert rules(replace(GOOD, id_document_type="library_card")) == ["REG-ID"]


def test_online_payment_needs_its_reference_and_desk_payment_none():
    assert rules(replace(GOOD, payment="online")) == ["PRE-PAY"]
    assert rules(replace(GOOD, payment="online", payment_reference="PAY-7781")) == []
    assert rules(replace(GOOD, payment="crypto")) == ["PRE-PAY"]


def test_typing_mistakes_are_caught_with_every_reason_at_once():
    bad = replace(
        GOOD,
        first_name=" ",
        email="ada.example.com",
        date_of_birth=date(2027, 1, 1),
        id_document_country="Austria",
        accepts_terms=False,
    )
    assert rules(bad) == ["PRE-FORM", "PRE-FORM", "PRE-FORM", "PRE-FORM", "REG-CONSENT"]


def test_the_desk_field_takes_the_code_typed_or_the_url_a_scanner_types():
    assert code_from_scan("https://pokerfest.example/preregistered/ABCD234XYZ/") == "ABCD234XYZ"
    assert code_from_scan(" abcd-234 xyz ") == "ABCD234XYZ"
    assert code_from_scan("http://10.0.0.5:8000/preregistered/ABCD234XYZ") == "ABCD234XYZ"


@given(
    st.text(alphabet=CODE_ALPHABET, min_size=CODE_LENGTH, max_size=CODE_LENGTH),
    st.sampled_from(["", "http://venue.lan/preregistered/", "https://a.example/preregistered/"]),
    st.sampled_from(["", "/", "\n"]),
)
def test_any_code_survives_its_url_and_a_scanner_s_line_end(code, prefix, end):
    scanned = code_from_scan(prefix + code + end)
    assert scanned == code and looks_like_code(scanned)


@given(st.one_of(st.none(), st.integers(0, 10_000)), st.integers(0, 10_000), st.integers(0, 10_000))
def test_seats_left_is_never_negative_and_none_without_a_cap(cap, sold, held):
    left = seats_left(cap, sold, held)
    assert left is None if cap is None else left == max(0, cap - sold - held)


def test_waiting_position_counts_from_one_in_order_of_joining():
    assert waiting_position([7, 3, 9], 3) == 2
    assert waiting_position([7, 3, 9], 4) is None
