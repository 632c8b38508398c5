"""Satellites as plain data (REG-NONTRANSFER, ELIM-TIE, PAY-CHOP): a pool becomes whole seats
at the target's price plus the remainder in cash, exact to the minor unit."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules.payouts import chip_chop, guaranteed_chop, split_tie
from tournaments.rules.satellites import Award, award, awards, satellite_table, seat_count

pools = st.integers(0, 10**9)
prices = st.integers(1, 10**7)
fields = st.integers(1, 2000)


def total(found: list[Award], price: int) -> int:
    return sum(price for a in found if a.seat) + sum(a.cash for a in found)


def test_seats_are_the_pool_over_the_price_and_the_remainder_goes_to_the_next_place():
    """REG-NONTRANSFER: 10 entries of 110 into a 550 target: two seats and 100 in cash to 3rd."""
    table = satellite_table(1100, 550 - 0, 10)
    assert table == [550, 550]
    table = satellite_table(1200, 550, 10)
    assert table == [550, 550, 100]
    assert awards(table, 550) == [Award(True, 0), Award(True, 0), Award(False, 100)]


@given(pools, prices, fields)
def test_seats_times_price_plus_the_remainder_is_the_pool(pool, price, entries):
    """REG-NONTRANSFER: seats × price + remainder = pool, whatever the field."""
    table = satellite_table(pool, price, entries)
    assert sum(table) == pool
    assert len(table) <= entries
    seats = seat_count(pool, price, entries)
    found = awards(table, price)
    assert sum(a.seat for a in found) == seats
    assert total(found, price) == pool
    # Only the last place carries cash; every seat place before it is a seat alone.
    assert all(a.seat and a.cash == 0 for a in found[:-1])


@given(pools, prices, fields, st.data())
def test_a_tie_shares_its_places_and_a_seat_not_whole_for_each_is_paid_as_cash(pool, price, entries, data):
    """ELIM-TIE: players tied over a run of places share them equally; the sum stays the pool."""
    table = satellite_table(pool, price, entries)
    if not table:
        return
    best = data.draw(st.integers(1, len(table)))
    worst = data.draw(st.integers(best, min(entries, len(table) + 3)))
    run = [table[p - 1] if p <= len(table) else 0 for p in range(best, worst + 1)]
    shared = split_tie(run)
    places = table[: best - 1] + shared + table[worst:]
    found = awards(places, price)
    assert total(found, price) == pool
    if all(prize == price for prize in run):  # a run of seats only: each tied player gets a seat
        assert all(a.seat for a in awards(shared, price))


@given(st.lists(st.integers(1, 10**6), min_size=2, max_size=9), prices, st.integers(0, 20))
def test_a_deal_takes_a_seat_for_each_amount_of_a_seats_price(stacks, price, remainder):
    """PAY-CHOP: the agreed amounts add up to what was in play; each one of at least a seat's
    price takes a seat and the rest in cash; the guaranteed deal gives every player a seat when
    the seats in play are as many as the players."""
    in_play = [price] * len(stacks)
    pool = sum(in_play) + remainder
    for amounts in (chip_chop(stacks, pool), guaranteed_chop(stacks, pool, price)):
        assert total(awards(amounts, price), price) == pool
    assert all(a.seat for a in awards(guaranteed_chop(stacks, sum(in_play), price), price))


def test_a_pool_below_one_seat_is_cash_and_every_entrant_seated_takes_the_remainder_with_the_last_seat():
    assert satellite_table(300, 550, 10) == [300]
    assert awards([300], 550) == [Award(False, 300)]
    assert satellite_table(1700, 550, 3) == [550, 550, 600]  # a guarantee bigger than the field's seats
    assert awards([600], 550) == [Award(True, 50)]
    assert satellite_table(0, 550, 3) == []


def test_a_seat_needs_a_price():
    with pytest.raises(ValueError):
        award(100, 0)
    with pytest.raises(ValueError):
        satellite_table(100, 0, 3)
