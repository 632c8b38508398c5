"""Money rules as plain data (PAY-*, CLK-LIMIT). Pure: amounts are integers in minor units
(cents), and every split adds up exactly; no Django.

The names and meanings here are fixed by the money issue: icm_equities, chip_chop,
guaranteed_chop, icm_deal, split_tie, payout_table.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

from rules.refusals import gettext as _
from tournaments.rules import league


def _by_largest_remainder(shares: list[int], remainders: list, total: int, stacks: list[int]) -> list[int]:
    """Hand out what rounding down left (total - sum(shares), at most one unit each) by largest
    remainder, ties to the bigger stack, then the earlier player."""
    order = sorted(range(len(shares)), key=lambda i: (-remainders[i], -stacks[i], i))
    shares = list(shares)
    for i in order[: total - sum(shares)]:
        shares[i] += 1
    return shares


def _check_stacks(stacks: list[int]) -> None:
    if not stacks:
        raise ValueError("no players to split between")
    if any(chips <= 0 for chips in stacks):
        raise ValueError("every remaining player has chips")


def chip_chop(stacks: list[int], pool: int) -> list[int]:
    """CLK-LIMIT, PAY-CHOP: `pool` split in proportion to chips, in whole minor units summing
    exactly to `pool`; what rounding down leaves goes by largest remainder, ties to the bigger
    stack.

    Exact ($8,533.34 for 400k of 750k chips in $16,000); the kentucky rulebook's sheet first
    rounds each share to 0.1% (rounded_percent_chop)."""
    _check_stacks(stacks)
    if pool < 0:
        raise ValueError("the pool cannot be negative")
    chips = sum(stacks)
    return _by_largest_remainder([pool * s // chips for s in stacks], [pool * s % chips for s in stacks], pool, stacks)


# CLK-LIMIT: how the time limit splits the remaining prizes by chips (ClockRules.time_limit_split).
EXACT = "exact"
ROUNDED_PERCENT = "rounded_percent"
TIME_LIMIT_SPLITS = (EXACT, ROUNDED_PERCENT)


def rounded_percent_chop(stacks: list[int], pool: int) -> list[int]:
    """CLK-LIMIT as the kentucky rulebook's sheet works it: each stack's share of the chips in
    tenths of a percent, rounded down, and the tenths that leaves (to make 100.0%) one each by
    largest remainder, ties to the smaller stack, then the later player (400,000 / 250,000 /
    100,000 chips: 53.3% / 33.3% / 13.4%); then `pool` times each percentage, in whole minor
    units, what rounding down leaves by largest remainder, ties to the bigger stack. Sums
    exactly to `pool` ($16,000 -> $8,528 / $5,328 / $2,144)."""
    _check_stacks(stacks)
    if pool < 0:
        raise ValueError("the pool cannot be negative")
    chips = sum(stacks)
    tenths = [1000 * s // chips for s in stacks]
    order = sorted(range(len(stacks)), key=lambda i: (-(1000 * stacks[i] % chips), stacks[i], -i))
    for i in order[: 1000 - sum(tenths)]:
        tenths[i] += 1
    return _by_largest_remainder([pool * t // 1000 for t in tenths], [pool * t % 1000 for t in tenths], pool, stacks)


def time_limit_chop(stacks: list[int], pool: int, split: str) -> list[int]:
    """CLK-LIMIT: the remaining prizes by chip count, `split` being the ruleset's
    time_limit_split: EXACT (chip_chop) or ROUNDED_PERCENT (rounded_percent_chop)."""
    if split == ROUNDED_PERCENT:
        return rounded_percent_chop(stacks, pool)
    return chip_chop(stacks, pool)


def guaranteed_chop(stacks: list[int], pool: int, floor: int) -> list[int]:
    """PAY-CHOP: every player first gets `floor` (the next place's prize: what busting now
    would pay), the rest of the pool is chip-chopped. Sums exactly to `pool`."""
    _check_stacks(stacks)
    if floor < 0 or floor * len(stacks) > pool:
        raise ValueError(
            _("a floor of %(floor)s for %(stacks_count)s players is more than the pool of %(pool)s")
            % {"floor": floor, "stacks_count": len(stacks), "pool": pool}
        )
    return [floor + share for share in chip_chop(stacks, pool - floor * len(stacks))]


def icm_equities(stacks: list[int], prizes: list[int]) -> list[float]:
    """PAY-CHOP: each stack's Malmuth-Harville (ICM) equity, in the prizes' units. The chance
    of finishing first is the share of the chips; each next place is decided the same way among
    the players left. Prizes beyond the number of players are ignored; missing prizes count 0.

    Exact, by dynamic programming over the sets of players already placed: with n players and
    p = min(paid places, n) it takes about n * (C(n,0) + ... + C(n,p-1)) steps, at most
    n * 2^n (12 players: under 50,000 steps; 20 players, all paid: about 20 million, seconds).
    The straightforward recursion over finishing orders takes n!/(n-p)! paths instead."""
    _check_stacks(stacks)
    n = len(stacks)
    paid = list(prizes[:n]) + [0] * max(0, n - len(prizes))
    places = max((k + 1 for k, prize in enumerate(paid) if prize), default=0)
    total = sum(stacks)
    equity = [0.0] * n
    level = {0: 1.0}  # bitmask of the players placed so far -> probability
    chips_of = {0: 0}
    for place in range(places):
        following: dict[int, float] = {}
        for placed, chance in level.items():
            left = total - chips_of[placed]
            for j in range(n):
                bit = 1 << j
                if placed & bit:
                    continue
                p = chance * stacks[j] / left
                equity[j] += p * paid[place]
                key = placed | bit
                if key not in following:
                    following[key] = 0.0
                    chips_of[key] = chips_of[placed] + stacks[j]
                following[key] += p
        level = following
    return equity


def icm_deal(stacks: list[int], prizes: list[int]) -> list[int]:
    """PAY-CHOP: the ICM equities rounded to minor units, summing exactly to the prizes in
    play (the first len(stacks) places); rounding by largest remainder, ties to the bigger
    stack."""
    equities = icm_equities(stacks, prizes)
    total = sum(prizes[: len(stacks)])
    floors = [min(int(math.floor(e)), total) for e in equities]
    shares = _by_largest_remainder(floors, [e - math.floor(e) for e in equities], total, stacks)
    return shares


def split_tie(prizes: list[int]) -> list[int]:
    """ELIM-TIE: players tied for a run of places share those places' prizes equally; the
    minor units that do not divide go one each to the higher places first. Sums exactly."""
    if not prizes:
        return []
    share, left = divmod(sum(prizes), len(prizes))
    return [share + (1 if k < left else 0) for k in range(len(prizes))]


@dataclass(frozen=True)
class PayoutRules:
    """How a field is paid (PAY-STRUCT)."""

    paid_percent: int = 15  # share of the field in the money
    most_places: int | None = None  # neverending: up to the top ten in cash
    min_cash_times_buy_in: int = 15  # tenths: 15 = 1.5x the average entry into the pool
    unit: int = 100  # prizes in whole currency units (100 minor units)
    tie_across_tables: bool = True  # ELIM-TIE; False: rank players out in one hand-for-hand hand by stack
    freeroll_per_entrants: int | None = None  # neverending: 10, one freeroll into the next level per ten entrants
    points: str = "none"  # PAY-POINTS: "none", "field_minus_place" or "sqrt" (scale * sqrt(field / place))
    points_scale: int = 10
    publish_at_first_break: bool = False  # kentucky: the payouts are published at the first break (rebuys)
    hand_for_hand_margin: int = 2  # prompt hand-for-hand at this many players above the places paid
    # A fixed table instead of the curve: ((up to this many entries, (basis points by place, ...)), ...)
    percent_table: tuple = field(default_factory=tuple)


def payout_table(entries: int, pool: int, rules: PayoutRules, places: int | None = None) -> list[int]:
    """PAY-STRUCT: prizes by place (_payout_table's, a new list each time)."""
    return list(_payout_table(entries, pool, rules, places))


# Every bust's money line asks the same field, pool and rules again: a 10,000-entry field pays
# 1,500 places, about a millisecond to compute, for the same answer (the arguments are values).
@functools.lru_cache(maxsize=128)
def _payout_table(entries: int, pool: int, rules: PayoutRules, places: int | None) -> tuple[int, ...]:
    return tuple(_payout_table_of(entries, pool, rules, places))


def _payout_table_of(entries: int, pool: int, rules: PayoutRules, places: int | None) -> list[int]:
    """PAY-STRUCT: prizes by place for a field, non-increasing, each a whole `unit` except that
    the units rounding leaves go to the top places, summing exactly to `pool`.

    With a fixed `percent_table`, the first band whose entry count covers the field applies.
    Otherwise `paid_percent` of the field is paid (at least one place, at most `most_places`),
    the last places get at least `min_cash_times_buy_in` (tenths) times the average entry's
    share of the pool, and the rest falls off by 1/place from the top (fewer places are paid
    if the pool cannot give every place the minimum cash).

    `places`: the director's override of the places paid. Exactly that many are paid (at most
    one per entry): a fixed table's band is cut to them and scaled to the pool (the curve when
    the band is shorter), and the minimum cash shrinks if the pool cannot give every place it."""
    if entries <= 0 or pool <= 0:
        return []
    band = (
        next((points for up_to, points in rules.percent_table if entries <= up_to), rules.percent_table[-1][1])
        if rules.percent_table
        else None
    )
    if places is not None:
        places = max(1, min(places, entries))
        kept = band[:places] if band is not None and places <= len(band) else None
        if kept and pool * kept[-1] // sum(kept) >= rules.unit:  # else too small a pool: the curve's minimum
            return _to_units([pool * p // sum(kept) for p in kept], pool, rules.unit)
    elif band is not None:
        return _to_units([pool * p // 10_000 for p in band[:entries]], pool, rules.unit)
    min_cash = _round_up(math.ceil(pool * rules.min_cash_times_buy_in / (10 * entries)), rules.unit)
    if places is None:
        places = max(1, min(entries, math.ceil(entries * rules.paid_percent / 100)))
        if rules.most_places:
            places = min(places, rules.most_places)
        while places > 1 and places * min_cash > pool:
            places -= 1
    elif places * min_cash > pool:
        min_cash = pool // places // rules.unit * rules.unit or pool // places
    if places == 1:
        return [pool]
    weights = [1 / k - 1 / places for k in range(1, places + 1)]  # the last place: minimum cash only
    extra = pool - places * min_cash
    total = sum(weights)  # once, not once per place: a 10,000-entry field pays 1,500 places
    raw = [min_cash + extra * w / total for w in weights]
    return _to_units([int(r) for r in raw], pool, rules.unit)


def _round_up(amount: int, unit: int) -> int:
    return -(-amount // unit) * unit


def _to_units(amounts: list[int], pool: int, unit: int) -> list[int]:
    """Each prize down to a whole unit (still non-increasing); the rest, unit by unit, to the
    top places in order, and the last odd minor units to first place: sums exactly to pool."""
    prizes = [amount // unit * unit for amount in amounts]
    left = pool - sum(prizes)
    more = max(0, min(left // unit, len(prizes)))  # one unit each from the top, one round at most
    for place in range(more):
        prizes[place] += unit
    prizes[0] += left - more * unit  # the top takes the rest
    return prizes


def deal_proposals(stacks: list[int], prizes: list[int], left_to_play: int = 0) -> dict[str, list[int]]:
    """PAY-CHOP: the three deals a director puts side by side for the players left, each
    summing exactly to the prizes in play less `left_to_play` (kept back for the winner of
    the play that continues): chip-chop, ICM, and the guaranteed minimum (everyone first gets
    the lowest prize in play, the rest by chips)."""
    in_play = (list(prizes) + [0] * len(stacks))[: len(stacks)]
    if not 0 <= left_to_play <= in_play[0]:
        raise ValueError(
            _("the amount left to play must be between 0 and the first prize (%(in_play)s)") % {"in_play": in_play[0]}
        )
    shared = [in_play[0] - left_to_play] + in_play[1:]
    pool = sum(shared)
    return {
        "chip_chop": chip_chop(stacks, pool),
        "icm": icm_deal(stacks, shared),
        "guaranteed": guaranteed_chop(stacks, pool, min(shared)),
    }


def league_points(field: int, best: int, worst: int, rules: PayoutRules) -> int:
    """PAY-POINTS: ranking points for a finishing place (a tied range shares the average of
    its places' points, rounded down). Every finisher scores, paid or not. The league's
    machinery (tournaments/rules/league.py) works them out from the named formula."""
    if rules.points == "none" or field <= 0:
        return 0
    if rules.points not in ("field_minus_place", "sqrt"):
        raise ValueError(f"unknown points formula {rules.points!r}: none, field_minus_place or sqrt")
    scale = rules.points_scale if rules.points == "sqrt" else 1
    formula = league.Formula(expression=rules.points, scale=scale)
    return int(league.shared_points(formula, field, best, worst))


def freerolls(entries: int, rules: PayoutRules) -> int:
    """PAY-STRUCT (neverending): one freeroll entry into the next level per this many
    entrants, to the top places."""
    return entries // rules.freeroll_per_entrants if rules.freeroll_per_entrants else 0
