"""Money rules as plain data (PAY-*). Pure: amounts in minor units (cents)."""

from __future__ import annotations


def chip_chop(stacks: dict[int, int], prizes: list[int]) -> dict[int, int]:
    """CLK-LIMIT, PAY-CHOP: the remaining prizes pooled and split by chip count, as the
    kentucky rulebook's example does it: each player's share of the chips to one decimal of a
    percent, the shortest stack taking what is left of 100%, and each share of the pool in
    whole minor units (the cents rounding leaves go to the shortest stack too, so the pool is
    paid out exactly). `stacks`: player -> chips; `prizes`: the places still unpaid."""
    if not stacks:
        raise ValueError("no players to split the prizes between")
    if any(chips <= 0 for chips in stacks.values()):
        raise ValueError("every remaining player has chips")
    pool, chips = sum(prizes), sum(stacks.values())
    order = sorted(stacks, key=lambda player: (-stacks[player], player))  # biggest stack first
    tenths = {player: round(stacks[player] * 1000 / chips) for player in order[:-1]}
    tenths[order[-1]] = 1000 - sum(tenths.values())
    shares = {player: pool * tenths[player] // 1000 for player in order}
    shares[order[-1]] += pool - sum(shares.values())
    return shares
