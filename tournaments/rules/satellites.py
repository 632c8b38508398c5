"""Satellites as plain data: a satellite's prize pool becomes seats in its target event, each
worth the target's entry price, and the remainder is paid in cash to the next place
(REG-NONTRANSFER: each seat is a voucher issued to the player who won it). Pure: amounts are
integers in minor units, every split adds up exactly; no Django.

The price of a seat is the target's buy-in plus its fee: what the player would pay at the
target's desk. The won entry pays neither there; the satellite's pool has paid both (the
buy-in for the target's prize pool, the fee for the house).

SAT-SEATS with PAY-DQ: a winner disqualified after the finish takes no place, so the places below
move up and this same table is read again: the next place (the first without a seat, the cash
remainder's) takes the seat, and the remainder goes one place down. The disqualified winner's
voucher is void (tournaments/services/rulings.py).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Award:
    """What one place (or one player's agreed or shared amount) becomes: a seat or not, and
    the cash on top (the whole amount when there is no seat)."""

    seat: bool
    cash: int


def seat_count(pool: int, price: int, entries: int) -> int:
    """Whole seats the pool buys, at most one per entrant (a player takes one seat)."""
    if price <= 0:
        raise ValueError("a seat needs a price: the target's buy-in plus fee")
    if pool <= 0 or entries <= 0:
        return 0
    return min(pool // price, entries)


def satellite_table(pool: int, price: int, entries: int) -> list[int]:
    """The payout table by place: the top places each a seat's price, then the remainder in
    cash to the next place. When every entrant already has a seat there is no next place, and
    the remainder goes with the last seat as cash. A pool smaller than one seat is one cash
    prize to the winner (no seat). Sums exactly to `pool`."""
    if pool <= 0 or entries <= 0:
        return []
    seats = seat_count(pool, price, entries)
    remainder = pool - seats * price
    table = [price] * seats
    if remainder and seats < entries:
        table.append(remainder)
    elif remainder:
        table[-1] += remainder
    return table


def award(amount: int, price: int) -> Award:
    """A place's amount as a seat and cash: an amount of at least a seat's price is one seat
    plus the rest in cash; less is cash only. This is also the rule for ties (ELIM-TIE: a
    run of tied places is shared equally first, so a seat that cannot go whole to each player
    tied for it is paid as its price, shared) and for deals (PAY-CHOP: an agreed amount of at
    least a seat's price takes the seat)."""
    if price <= 0:
        raise ValueError("a seat needs a price: the target's buy-in plus fee")
    if amount < 0:
        raise ValueError("an amount cannot be negative")
    return Award(True, amount - price) if amount >= price else Award(False, amount)


def awards(amounts: list[int], price: int) -> list[Award]:
    """Every place's (or player's) award: seats × price + the cash = the amounts' sum."""
    return [award(amount, price) for amount in amounts]
