"""Breaking a table (SEAT-BREAK, SEAT-SEPARATE): which table breaks now, the seats each other
table gets from it, and the seat cards dealt to its players; and, from the open tables summed up
in one row, whether a bust calls for nothing at all. Pure, as tables/rules/seating.py (whose
tables, targets and keep-apart partners it uses): randomness passed in."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple

from tables.rules.seating import Move, OpenSeats, Sized, Table, TableSize, partners, table_targets


@dataclass(frozen=True)
class FieldShape:
    """The open tables summed up in one row (tables.queries.tables.field_shape)."""

    tables: int
    players: int
    seats: int  # every open table's seats
    fewest: int  # players at the shortest table
    most: int  # players at the longest table
    largest: int  # seats at the largest table
    breaking_seats: int  # seats at the first table of the breaking order (0: none open)
    breaking_table: int | None = None  # its number (None: none open)


def nothing_due(shape: FieldShape, tolerance: int = 1, halt_when_short_by: int | None = 3) -> bool:
    """Whether the shape alone shows that no final table is due (SEAT-FINAL: the field fits one
    table's seats), no table breaks (SEAT-BREAK: the field fits the other tables' seats) and none
    is balanced or halted (SEAT-BALANCE): most busts of a big field, which then read no table.
    False only sends the caller to the tables' sizes, which decide."""
    if shape.tables < 2:
        return True
    spread = shape.most - shape.fewest
    return (
        shape.players > shape.largest
        and shape.players > shape.seats - shape.breaking_seats
        and spread <= tolerance
        and not (halt_when_short_by and spread >= halt_when_short_by)
    )


def break_due(shape: FieldShape) -> int | None:
    """SEAT-BREAK from the shape alone: the table that breaks now (table_to_break's answer), when
    the shape shows one due and no final table can be (SEAT-FINAL: the final table is drawn at
    most at its seats, and the field is larger than any table). None: no break is shown, and
    the caller reads the sizes, which decide."""
    if shape.tables < 2 or shape.players <= shape.largest:
        return None
    return shape.breaking_table if shape.players <= shape.seats - shape.breaking_seats else None


def table_to_break(tables: list[Sized], breaking_order: list[int]) -> int | None:
    """SEAT-BREAK: the table that breaks now, the first of the breaking order still open, when
    the field fits in the other tables' seats; None otherwise."""
    present = {t.number: t for t in tables}
    breaking = next((n for n in breaking_order if n in present), None)
    if breaking is None or len(present) < 2:
        return None
    total = sum(t.count for t in tables)
    return breaking if total <= sum(t.seats for t in tables if t.number != breaking) else None


def break_fills(tables: list[Sized], breaking_order: list[int]) -> dict[int, int]:
    """SEAT-BREAK, from the sizes alone: the seats each other table gets from the table that
    breaks now, to keep the tables balanced ({} when none breaks). Tables already above their
    target keep their players; only these tables' open seats are dealt as seat cards."""
    breaking = table_to_break(tables, breaking_order)
    if breaking is None:
        return {}
    rest = [t for t in tables if t.number != breaking]
    targets = table_targets(sum(t.count for t in tables), {t.number: t.seats for t in rest}, None)
    return {t.number: targets[t.number] - t.count for t in rest if targets[t.number] > t.count}


def fill_level(players: int, tables_by_seats: dict[int, int]) -> tuple[int, int]:
    """SEAT-BREAK's targets summed up (break_fills' table_targets from a floor counted by seats):
    the `players` left fill every other table to `level` (one smaller keeps its seats), and the
    `left` places over go one each to the first tables, in the order they opened, with seats
    above that level. `tables_by_seats`: seats -> how many other open tables have them."""

    def filled(level: int) -> int:
        return sum(tables * min(seats, level) for seats, tables in tables_by_seats.items())

    low, high = 0, max(tables_by_seats, default=0)
    if players > filled(high):
        raise ValueError(f"{players} players do not fit in {filled(high)} seats")
    while low < high:  # the highest level the players fill
        middle = (low + high + 1) // 2
        low, high = (middle, high) if filled(middle) <= players else (low, middle - 1)
    return low, players - filled(low)


class Filling(NamedTuple):
    """A table a version 3 break may deal seat cards for (SEAT-BREAK): its size, its open seats,
    and `rank`, its place among the other open tables with seats above the fill level in the
    order they opened (0: none above it), which says whether it gets one of the places over."""

    number: int
    seats: int
    count: int
    rank: int
    open: tuple[int, ...] = ()

    def empty_seats(self) -> list[int]:
        return list(self.open)


def filling_target(level: int, left: int, seats: int, rank: int) -> int:
    """How many players a table is filled to by a break (table_targets' answer for it)."""
    return min(seats, level) + (1 if seats > level and 0 < rank <= left else 0)


def fills_of(tables: list[Filling], level: int, left: int) -> dict[int, int]:
    """The seats each table gets from the breaking table: break_fills, from the fill level."""
    fills = {t.number: filling_target(level, left, t.seats, t.rank) - t.count for t in tables}
    return {number: fill for number, fill in fills.items() if fill > 0}


def break_table(
    tables: list[Table | OpenSeats | TableSize],
    breaking_order: list[int],
    rng: random.Random,
    keep_apart: list[set[int]] | None = None,
    seated: dict[int, set[int]] | None = None,
) -> list[Move]:
    """SEAT-BREAK: when the field fits in one table fewer, the next table of the published
    breaking order breaks; its players, from seat 1 clockwise, are dealt random seat cards for
    open seats chosen to keep the other tables balanced. Cards that would seat keep-apart
    partners together are swapped where another card avoids it (SEAT-SEPARATE). [] when no
    table is to break. The breaking table is a Table (who sits there); the others may be
    OpenSeats, with `seated` the keep-apart players at each (only partners can clash), and a
    table dealt no card a TableSize: the same seed then deals the same cards as from every
    table's players."""
    breaking = table_to_break(tables, breaking_order)
    if breaking is None:
        return []
    broken = next(t for t in tables if t.number == breaking)
    if seated is None and partners(keep_apart):
        seated = {t.number: set(t.players.values()) for t in tables if t.number != breaking}
    return deal_seat_cards(tables, break_fills(tables, breaking_order), broken, rng, keep_apart, seated or {})


def deal_seat_cards(
    tables: list,
    fills: dict[int, int],
    broken: Table,
    rng: random.Random,
    keep_apart: list[set[int]] | None,
    seated: dict[int, set[int]],
) -> list[Move]:
    """SEAT-BREAK's deal: `fills[n]` random open seats of each table `n`, taken in the order of
    `tables` (the order they opened), shuffled, one card to each player of the broken table
    from seat 1 clockwise; a card that would seat keep-apart partners together is swapped where
    another avoids it (SEAT-SEPARATE). `seated`: the keep-apart players at each other table."""
    breaking = broken.number
    cards = []
    for table in tables:
        if needed := fills.get(table.number, 0):
            cards += [(table.number, seat) for seat in rng.sample(table.empty_seats(), needed)]
    rng.shuffle(cards)
    movers = [broken.players[seat] for seat in sorted(broken.players)][: len(cards)]
    apart = partners(keep_apart)
    if apart:
        seated = {number: seated.get(number, set()) for number in fills}

        def clashes(i: int) -> bool:
            table = cards[i][0]
            others = seated[table] | {movers[j] for j in range(len(movers)) if j != i and cards[j][0] == table}
            return bool(apart.get(movers[i], set()) & others)

        for i in range(len(movers)):
            if clashes(i):
                for j in range(len(movers)):
                    cards[i], cards[j] = cards[j], cards[i]
                    if not clashes(i) and not clashes(j):
                        break
                    cards[i], cards[j] = cards[j], cards[i]
    return [
        Move(player, breaking, seat, to_table, to_seat)
        for player, seat, (to_table, to_seat) in zip(movers, sorted(broken.players), cards)
    ]
