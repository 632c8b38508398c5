"""Finishing places from the eliminations (ELIM-SAMETABLE, ELIM-TIE, PAY-DQ). Pure.

Players out one at a time take the next place up from the bottom. Several out in one hand
at one table rank by the chips they started the hand with, the bigger stack finishing higher
(equal stacks share). Players out in the same hand-for-hand hand at different tables tie and
share their places, or, in houses that rank them, rank by starting stack across tables. A
disqualified player takes no place: the field is counted without them, so the others move up.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.rules.payouts import split_tie


@dataclass(frozen=True)
class Bust:
    entry: int
    order: int  # when it was recorded (the log's seq)
    table: int
    hand: int  # the table's hand number
    starting_stack: int | None = None  # chips at the start of that hand
    hand_for_hand: int | None = None  # the hand-for-hand hand, when it happened in one


def places(field: int, busts: list[Bust], tie_across_tables: bool = True) -> dict[int, tuple[int, int]]:
    """entry -> (best, worst) place of the range it shares; (p, p) when alone. `field`: the
    entries that take a place (seat entries not voided, refunded or disqualified)."""
    groups: dict[tuple, list[Bust]] = {}
    for bust in sorted(busts, key=lambda b: b.order):
        key = ("hfh", bust.hand_for_hand) if bust.hand_for_hand is not None else ("hand", bust.table, bust.hand)
        groups.setdefault(key, []).append(bust)
    result: dict[int, tuple[int, int]] = {}
    bottom = field
    for members in sorted(groups.values(), key=lambda group: group[0].order):
        across = len({b.table for b in members}) > 1
        if across and tie_across_tables:
            ranked = [members]  # ELIM-TIE: one shared range for all of them
        else:
            ranked = _by_starting_stack(members)  # ELIM-SAMETABLE
        top = bottom - len(members) + 1
        place = top
        for tied in ranked:
            for bust in tied:
                result[bust.entry] = (place, place + len(tied) - 1)
            place += len(tied)
        bottom = top - 1
    return result


def _by_starting_stack(members: list[Bust]) -> list[list[Bust]]:
    """Bigger starting stack first; equal (or unknown) stacks share a range."""
    ordered = sorted(members, key=lambda b: -(b.starting_stack or 0))
    runs: list[list[Bust]] = []
    for bust in ordered:
        if runs and (runs[-1][0].starting_stack or 0) == (bust.starting_stack or 0):
            runs[-1].append(bust)
        else:
            runs.append([bust])
    return runs


def prizes_by_entry(placed: dict[int, tuple[int, int]], table: list[int]) -> dict[int, int]:
    """Each placed entry's prize: a shared range splits its places' prizes equally (ELIM-TIE),
    the odd minor units to the higher places; unpaid places pay 0."""
    prizes: dict[int, int] = {}
    ranges: dict[tuple[int, int], list[int]] = {}
    for entry, span in placed.items():
        ranges.setdefault(span, []).append(entry)
    for (best, worst), entries in ranges.items():
        shares = split_tie([table[p - 1] if p <= len(table) else 0 for p in range(best, worst + 1)])
        for entry, share in zip(sorted(entries), shares):
            prizes[entry] = share
    return prizes
