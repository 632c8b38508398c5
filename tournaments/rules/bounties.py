"""Knockout events as plain data (BNT-POOL, BNT-KO, BNT-PKO, BNT-COVER, BNT-MYSTERY): who wins a
bounty, how it is split, what a progressive knockout adds to the winner's own head, the mystery
envelopes and their draw. Pure: amounts are integers in minor units, every split adds up exactly,
randomness comes from a seed passed in; no Django.

Seats are the seat numbers of one table, 1..table_seats, and "left of the button" is clockwise:
the seat after the button comes first, the button's own seat last. A button not known (None or
0) orders the seats from seat 1.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.refusals import gettext as _


class Format(StrEnum):
    NONE = "none"
    KNOCKOUT = "knockout"
    PROGRESSIVE = "progressive"
    MYSTERY = "mystery"


class StageStart(StrEnum):
    """BNT-MYSTERY: when the bounty stage starts (the ruleset's bounties.stage_starts)."""

    BUBBLE = "bubble"
    TWICE_PAID = "twice_paid"
    DAY_TWO = "day_two"
    LEVEL = "level"


class Disqualified(StrEnum):
    """What becomes of a disqualified player's bounty (the ruleset's bounties.disqualified_bounty)."""

    NEXT_ELIMINATOR = "next_eliminator"
    PRIZE_POOL = "prize_pool"
    OUT_OF_PLAY = "out_of_play"


@dataclass(frozen=True)
class Pot:
    """One pot of the hand that put players out, main pot first."""

    winners: tuple[int, ...]  # seats that won (split) this pot
    eligible: tuple[int, ...]  # seats that were in it (a short all-in is in the lower pots only)


def _check_seat(seat: int, table_seats: int, allow_zero: bool = False) -> None:
    lowest = 0 if allow_zero else 1
    if isinstance(seat, bool) or not isinstance(seat, int) or not lowest <= seat <= table_seats:
        raise ValueError(
            _("Seat %(seat)s is not a seat of a table of %(seats)s seats.") % {"seat": seat, "seats": table_seats}
        )


def order_from_button(seats: Iterable[int], button: int | None, table_seats: int) -> list[int]:
    """The seats in clockwise order starting with the first seat left of the button (the
    button's seat last)."""
    if isinstance(table_seats, bool) or not isinstance(table_seats, int) or table_seats < 1:
        raise ValueError(_("A table has at least one seat."))
    button = button or 0
    _check_seat(button, table_seats, allow_zero=True)
    seats = list(seats)
    for seat in seats:
        _check_seat(seat, table_seats)
    return sorted(seats, key=lambda seat: (seat - button - 1) % table_seats)


def split_equally(amount: int, winners: Iterable[int], button: int | None, table_seats: int) -> dict[int, int]:
    """BNT-COVER: `amount` in equal parts, the odd minor units one each to the first winners left
    of the button. The dict lists the winners in that order; its values add up to `amount`."""
    winners = list(winners)
    if not winners:
        raise ValueError(_("A bounty needs at least one winner of the pot."))
    if len(set(winners)) != len(winners):
        raise ValueError(_("Name each winner of the pot once."))
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise ValueError(_("An amount is a whole number of cents, 0 or more."))
    part, odd = divmod(amount, len(winners))
    ordered = order_from_button(winners, button, table_seats)
    return {seat: part + (1 if i < odd else 0) for i, seat in enumerate(ordered)}


def pot_winners(busted_seat: int, pots: Sequence[Pot]) -> tuple[int, ...]:
    """BNT-COVER: the winners of the last (highest) pot the busted seat was in: when the main
    pot's winner did not cover the player, the winner of the side pot against them."""
    for number, pot in enumerate(pots, start=1):
        if not pot.winners:
            raise ValueError(_("Pot %(number)s has no winner: name who won it.") % {"number": number})
        if not set(pot.winners) <= set(pot.eligible):
            raise ValueError(
                _("Pot %(number)s: a winner of a pot must have been in it.") % {"number": number},
            )
        if busted_seat in pot.winners:
            raise ValueError(
                _("Seat %(seat)s won pot %(number)s, so it is not out.") % {"seat": busted_seat, "number": number}
            )
    theirs = [pot for pot in pots if busted_seat in pot.eligible]
    if not theirs:
        raise ValueError(_("Seat %(seat)s was in none of the pots.") % {"seat": busted_seat})
    return tuple(theirs[-1].winners)


@dataclass(frozen=True)
class Award:
    """One winner's part of one bust: cash now, and what is added to their own head (PKO)."""

    seat: int
    cash: int
    to_head: int


def knockout_award(head: int, winners: Iterable[int], button: int, table_seats: int) -> list[Award]:
    """BNT-KO: the whole head in cash, split equally among the pot's winners (BNT-COVER)."""
    parts = split_equally(head, winners, button, table_seats)
    return [Award(seat, part, 0) for seat, part in parts.items()]


def progressive_award(
    head: int, cash_percent: int, winners: Iterable[int], button: int, table_seats: int
) -> list[Award]:
    """BNT-PKO: the head is split equally first (BNT-COVER), then each part pays
    part * cash_percent // 100 in cash (rounded down to the minor unit) and the rest of the part
    goes onto that winner's own head. Cash plus to_head over all awards is the head."""
    if isinstance(cash_percent, bool) or not isinstance(cash_percent, int) or not 0 <= cash_percent <= 100:
        raise ValueError(_("The cash share of a progressive bounty is a percentage from 0 to 100."))
    parts = split_equally(head, winners, button, table_seats)
    awards = []
    for seat, part in parts.items():
        cash = part * cash_percent // 100
        awards.append(Award(seat, cash, part - cash))
    return awards


@dataclass(frozen=True)
class Tier:
    """BNT-MYSTERY: one tier of envelopes: its share of the pool in basis points (10000 = 100%)
    and its number of envelopes; count None is "the rest" (as many envelopes as are left)."""

    share_bp: int
    count: int | None


DEFAULT_TEMPLATE = (Tier(1000, 1), Tier(1500, 5), Tier(7500, None))  # one top, five large, the rest small


def check_template(tiers: Sequence[Tier]) -> None:
    """BNT-MYSTERY: a template's basis points add up to 10000, every share is more than 0, the
    last tier (and only it) is the rest (count None), every other count is 1 or more."""
    tiers = list(tiers)
    if not tiers:
        raise ValueError(_("A mystery bounty template needs at least one tier of envelopes."))
    for tier in tiers:
        if isinstance(tier.share_bp, bool) or not isinstance(tier.share_bp, int) or tier.share_bp <= 0:
            raise ValueError(_("Every tier of envelopes needs a share of the pool of more than 0 basis points."))
    if sum(tier.share_bp for tier in tiers) != 10_000:
        raise ValueError(
            _("The tiers' shares add up to %(total)s basis points; they must add up to 10000 (100%%).")
            % {"total": sum(tier.share_bp for tier in tiers)}
        )
    if tiers[-1].count is not None or any(tier.count is None for tier in tiers[:-1]):
        raise ValueError(_("The last tier, and only the last, holds the rest of the envelopes (no count)."))
    for tier in tiers[:-1]:
        if isinstance(tier.count, bool) or not isinstance(tier.count, int) or tier.count < 1:
            raise ValueError(_("Every tier but the last holds 1 or more envelopes."))


def tiers_from_json(data) -> tuple[Tier, ...]:
    """[{"share_bp": 1000, "count": 1}, ..., {"share_bp": 7500, "count": null}] as checked Tiers
    (a count left out is null: the rest); an empty list (or None) is the DEFAULT_TEMPLATE."""
    if not data:
        return DEFAULT_TEMPLATE
    if not isinstance(data, (list, tuple)) or not all(isinstance(item, dict) and "share_bp" in item for item in data):
        raise ValueError(_('A template is a list of tiers such as {"share_bp": 1000, "count": 1}.'))
    tiers = tuple(Tier(item["share_bp"], item.get("count")) for item in data)
    check_template(tiers)
    return tiers


def tiers_to_json(tiers: Sequence[Tier]) -> list[dict]:
    return [{"share_bp": tier.share_bp, "count": tier.count} for tier in tiers]


def tier_counts(tiers: Sequence[Tier], count: int) -> list[int]:
    """How many envelopes each tier holds when there are `count` in all: each tier its count and
    the rest tier the rest. When there are too few for that, the smallest tiers shrink first:
    the rest tier to none, then the tier before it, and so on towards the first tier."""
    fixed = [tier.count or 0 for tier in tiers]
    counts = [*fixed[:-1], max(count - sum(fixed), 0)]
    short = sum(counts) - count
    for i in reversed(range(len(counts))):
        taken = min(short, counts[i])
        counts[i] -= taken
        short -= taken
    return counts


def envelopes(pool: int, tiers: Sequence[Tier], count: int) -> list[int]:
    """BNT-MYSTERY: the pool as `count` envelopes, largest first; they add up to `pool` exactly.

    Each tier holds the envelopes tier_counts() gives it. A tier left with no envelope drops out
    and the tiers that hold envelopes share the pool in the proportions of their basis points:
    each takes pool * share_bp // (their basis points together), the last of them the remainder.
    A tier's amount is split equally among its envelopes, the odd minor units one each to the
    first envelopes of that tier. A tier whose envelopes would hold more than those of the tier
    above it (a "rest" tier spread over few envelopes) is merged with that tier, and the two share
    their amounts equally: a smaller tier never pays more than a larger one."""
    check_template(tiers)
    if isinstance(pool, bool) or not isinstance(pool, int) or pool < 0:
        raise ValueError(_("A bounty pool is a whole number of cents, 0 or more."))
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(_("Seal at least one envelope."))
    holding = [(tier, n) for tier, n in zip(tiers, tier_counts(tiers, count)) if n]
    total_bp = sum(tier.share_bp for tier, _n in holding)
    blocks: list[list[int]] = []  # [amount, envelopes] per tier, merged while a lower one pays more
    handed = 0
    for i, (tier, n) in enumerate(holding):
        share = pool - handed if i == len(holding) - 1 else pool * tier.share_bp // total_bp
        handed += share
        blocks.append([share, n])
        while len(blocks) > 1 and blocks[-1][0] * blocks[-2][1] > blocks[-2][0] * blocks[-1][1]:
            share, n = blocks.pop()
            blocks[-1][0] += share
            blocks[-1][1] += n
    amounts = []
    for share, n in blocks:
        part, odd = divmod(share, n)
        amounts += [part + (1 if k < odd else 0) for k in range(n)]
    return sorted(amounts, reverse=True)


def draw(remaining: Sequence[int], seed: str, draw_number: int) -> int:
    """BNT-MYSTERY: the index into `remaining` (the envelopes left, in their stored order) that
    draw number `draw_number` takes. random.Random(f"{seed}:{draw_number}"): the same seed, number
    and envelopes left always draw the same one, so every draw replays from the recorded seed."""
    if not remaining:
        raise ValueError(_("There is no envelope left to draw."))
    return random.Random(f"{seed}:{draw_number}").randrange(len(remaining))


def stage_started(
    start: StageStart,
    level: int | None,
    *,
    players_left: int,
    places_paid: int,
    current_level: int,
    is_day_two: bool,
) -> bool:
    """BNT-MYSTERY: whether the bounty stage has started. players_left counts the player now
    going out. bubble: players_left <= places_paid; twice_paid: players_left <= 2 * places_paid;
    day_two: on Day 2; level: from clock level `level` on."""
    start = StageStart(start)
    if start == StageStart.BUBBLE:
        return players_left <= places_paid
    if start == StageStart.TWICE_PAID:
        return players_left <= 2 * places_paid
    if start == StageStart.DAY_TWO:
        return bool(is_day_two)
    if level is None or level < 1:
        raise ValueError(_("A bounty stage that starts at a level needs that level (1 or more)."))
    return current_level >= level


DISQUALIFIED_DESTINATION = {
    Disqualified.NEXT_ELIMINATOR: "carried",
    Disqualified.PRIZE_POOL: "prize_pool",
    Disqualified.OUT_OF_PLAY: "out_of_play",
}


def disqualified_destination(policy: Disqualified) -> str:
    """Where a disqualified player's bounty goes: BountyAward.destination "carried" (to the
    next eliminator's award), "prize_pool" or "out_of_play"."""
    return DISQUALIFIED_DESTINATION[Disqualified(policy)]


def disqualified(policy: Disqualified) -> str:
    """What becomes of a disqualified player's bounty, in words for the log."""
    return {
        Disqualified.NEXT_ELIMINATOR: _("The disqualified player's bounty is added to the next elimination's bounty."),
        Disqualified.PRIZE_POOL: _("The disqualified player's bounty is added to the prize pool."),
        Disqualified.OUT_OF_PLAY: _("The disqualified player's bounty is taken out of play."),
    }[Disqualified(policy)]


def _total(amounts: int | Iterable[int]) -> int:
    return amounts if isinstance(amounts, int) else sum(amounts)


def ledger_balances(
    pool: int | Iterable[int],
    won: int | Iterable[int],
    on_heads: int | Iterable[int],
    envelopes_left: int | Iterable[int],
    carried: int | Iterable[int],
) -> bool:
    """BNT-POOL: every cent of the bounty pool is somewhere: won (whatever its destination), on
    the heads still in play, in the envelopes left, or carried to the next elimination. Each
    argument is an amount or the amounts to add up."""
    return _total(pool) == _total(won) + _total(on_heads) + _total(envelopes_left) + _total(carried)
