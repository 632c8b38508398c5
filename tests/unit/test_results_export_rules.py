"""The results' files as pure rules (issue 26, tournaments/rules/exports.py): places and shared
ranges as text, money in the currency's unit, and the upload file's paid places only."""

from hypothesis import given
from hypothesis import strategies as st

from rules.currency import decimal_amount
from tournaments.rules import exports

EVENT = {
    "date": "2027-02-01",
    "name": "Main Event",
    "venue": "Casino",
    "price": 110_000,
    "currency": "EUR",
    "entries": 5,
    "places_paid": 2,
}


def row(place_from, place_to, prize, seat_in=None, name="Anna K."):
    return {
        "place_from": place_from,
        "place_to": place_to,
        "name": name,
        "nationality": "AT",
        "prize": prize,
        "seat_in": seat_in,
        "knockouts": None,
        "bounties_won": None,
        "entry": place_from,
        "flight": None,
    }


@given(st.integers(min_value=-(10**12), max_value=10**12), st.sampled_from(["EUR", "JPY", "KWD", "GBP"]))
def test_a_decimal_amount_reads_back_to_the_same_minor_units(minor, currency):
    text = decimal_amount(minor, currency)
    whole, _, fraction = text.lstrip("-").partition(".")
    exponent = {"JPY": 0, "KWD": 3}.get(currency, 2)
    assert len(fraction) == exponent and "," not in text
    assert (-1 if text.startswith("-") else 1) * (int(whole) * 10**exponent + int(fraction or 0)) == minor


def test_a_place_or_a_shared_range():
    assert exports.place_text(3, 3) == "3" and exports.place_text(3, 4) == "3-4"


def test_the_upload_file_has_the_paid_places_the_tie_at_its_best_place_and_a_note():
    rows = [row(1, 1, 60_000), row(2, 3, 20_000), row(2, 3, 20_000, name="A. B."), row(4, 4, 0), row(5, 5, 0)]
    upload = exports.upload_rows(EVENT, rows)
    assert [(r[6], r[7], r[9], r[10]) for r in upload] == [
        (1, "Anna K.", "600.00", ""),
        (2, "Anna K.", "200.00", "Tied 2-3"),
        (2, "A. B.", "200.00", "Tied 2-3"),
    ]
    assert upload[0][:6] == ["2027-02-01", "Main Event", "Casino", "1100.00", "EUR", 5]
    assert len(exports.UPLOAD_COLUMNS) == len(upload[0])


def test_a_seat_won_is_a_paid_place_with_its_note_and_bounty_columns_only_for_bounty_events():
    [seat] = exports.upload_rows({**EVENT, "places_paid": 0}, [row(1, 1, 0, seat_in="Main Event")])
    assert seat[-1] == "Seat in Main Event"
    assert len(exports.result_row(row(1, 1, 100), "EUR", False)) == len(exports.result_columns(False))
    with_bounties = {**row(1, 1, 100), "knockouts": 3, "bounties_won": 2_550}
    assert exports.result_row(with_bounties, "EUR", True)[-3:] == [3, "25.50", 2_550]
    assert exports.result_columns(True)[-3:] == ["knockouts", "bounties_won", "bounties_won_minor_units"]
