"""Money rules as plain data (PAY-*). Pure: amounts are integers in minor units (cents), and
every split adds up exactly."""

from __future__ import annotations


def chip_chop(stacks: list[int], pool: int) -> list[int]:
    """CLK-LIMIT, PAY-CHOP: `pool` split in proportion to chips, in whole minor units summing
    exactly to `pool`. Each share is rounded down; the minor units left over go one each by
    largest remainder, ties to the bigger stack (then the earlier player).

    The kentucky rulebook's worked example first rounds each share to 0.1% (so $8,528 for 400k
    of 750k chips); this computes exactly ($8,533.34)."""
    if not stacks:
        raise ValueError("no players to split the pool between")
    if any(chips <= 0 for chips in stacks):
        raise ValueError("every remaining player has chips")
    if pool < 0:
        raise ValueError("the pool cannot be negative")
    chips = sum(stacks)
    shares = [pool * stack // chips for stack in stacks]
    remainders = [pool * stack % chips for stack in stacks]
    order = sorted(range(len(stacks)), key=lambda i: (-remainders[i], -stacks[i], i))
    for i in order[:pool - sum(shares)]:
        shares[i] += 1
    return shares
