"""Checkable draws: each seat draw (the field's, Day 2's, a table break, the final table) is
made from a seed whose SHA-256 was published before it, and from inputs written by entry
number; so anyone holding the seed and the inputs recomputes the draw here and compares it
with the seats the floor recorded (SEAT-DRAW: "reproducible from a recorded seed").

Pure: plain data in and out. The inputs are JSON-shaped (lists, not tuples or int keys), as
they are stored and published:
- field / day_two: `entries` (entry numbers, ascending), `tables` ([number, seats] in the order
  they fill), `pinned` ([entry, table, seat]), `keep_apart` (lists of entry numbers),
  `field_button_draw` (BTN-DRAW for the whole field);
- break, version 1 (until 3 December 2026): `tables` ([number, seats, [[seat, entry], …]] every
  open table), `breaking_order`, `keep_apart`;
- break, version 2 (`"version": 2`): `tables` ([number, seats, players seated] every open table,
  in order), `breaking` ([[seat, entry], …] the breaking table's players), `open_seats`
  ([number, [seat, …]] the tables the break deals seat cards for: the others' open seats are
  never dealt), `breaking_order`, `keep_apart` and `keep_apart_seats` ([entry, table] where
  the keep-apart players sit: only partners can clash). The same seed and field deal the same
  cards as version 1, from a few tables' seats instead of the whole field's;
- break, version 3 (`"version": 3`, since 6 December 2026): `breaking_table` ([number, seats]),
  `breaking` ([[seat, entry], …]), `players` (the field left, the breaking table's players
  among them), `other_tables` ([seats, how many] the other open tables counted by their seats:
  the fill level comes from these), `filling` ([number, seats, players seated, rank, [open seat,
  …]] the tables the break fills, in the order they opened; rank: the table's place among the
  other open tables with seats above the fill level, in that order, which decides the places
  over the level), `keep_apart`, `keep_apart_seats`. The same seed and floor deal the same
  cards as versions 1 and 2, from a record of a few tables instead of every table's size;
- final: `entries`, `table`, `seats`, `keep_apart`.
A result is a sorted list of [table, seat, entry] for every seat the draw dealt.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field

from tables.rules import breaks, seating

KINDS = ("field", "day_two", "break", "final")


def seed_hash(seed: int) -> str:
    """The commitment published before the draw: SHA-256 of the seed's decimal digits."""
    return hashlib.sha256(str(seed).encode("ascii")).hexdigest()


@dataclass(frozen=True)
class Drawn:
    seats: list[list[int]]  # [table, seat, entry], sorted
    buttons: dict[int, int]  # table -> the button seat drawn (BTN-DRAW); {} for a break
    button_draw: tuple[int, int] | None  # a field-wide button draw's (table, seat)
    cards: dict[int, str]  # the final table's button-draw cards, seat -> card
    kept_apart_failed: int
    moves: list[list[int]] = field(default_factory=list)  # a break: [from_seat, to_table, to_seat, entry], dealt order


def _groups(inputs: dict) -> list[set[int]]:
    return [set(group) for group in inputs.get("keep_apart", [])]


def _field(seed: int, inputs: dict) -> Drawn:
    rng = random.Random(seed)
    plan = seating.draw(
        list(inputs["entries"]),
        [seating.Table(number, seats) for number, seats in inputs["tables"]],
        rng,
        pinned={entry: (table, seat) for entry, table, seat in inputs.get("pinned", [])},
        keep_apart=_groups(inputs),
    )
    buttons, field_draw = seating.draw_buttons(plan.tables, rng, bool(inputs.get("field_button_draw")))
    seats = sorted([t.number, seat, entry] for t in plan.tables for seat, entry in t.players.items())
    return Drawn(seats, buttons, field_draw, {}, plan.separation_violations)


def _break(seed: int, inputs: dict) -> Drawn:
    order = list(inputs.get("breaking_order", []))
    version = inputs.get("version", 1)
    if version == 1:
        tables = [seating.Table(number, seats, dict(players)) for number, seats, players in inputs["tables"]]
        moves = breaks.break_table(tables, order, random.Random(seed), _groups(inputs))
    elif version == 2:
        moves = _break_from_open_seats(seed, inputs, order)
    else:
        moves = _break_from_the_fill_level(seed, inputs)
    dealt = [[m.from_seat, m.to_table, m.to_seat, m.player] for m in moves]
    return Drawn(sorted([m.to_table, m.to_seat, m.player] for m in moves), {}, None, {}, 0, dealt)


def _break_from_open_seats(seed: int, inputs: dict, order: list[int]) -> list[seating.Move]:
    """Version 2: the breaking table's players, the others' sizes and the open seats dealt."""
    breaking = dict(inputs["breaking"])
    open_seats = {number: tuple(seats) for number, seats in inputs["open_seats"]}
    sizes = [seating.TableSize(number, seats, count) for number, seats, count in inputs["tables"]]
    broken = breaks.table_to_break(sizes, order)
    # The tables dealt seat cards are those whose open seats were kept: the others' sizes
    # stand (a thousand OpenSeats made for nothing cost a millisecond per break).
    tables: list[seating.Table | seating.OpenSeats | seating.TableSize] = [
        seating.Table(t.number, t.seats, breaking)
        if t.number == broken
        else seating.OpenSeats(t.number, t.seats, t.count, open_seats[t.number])
        if t.number in open_seats
        else t
        for t in sizes
    ]
    seated: dict[int, set[int]] = {}
    for entry, table in inputs.get("keep_apart_seats", []):
        seated.setdefault(table, set()).add(entry)
    return breaks.break_table(tables, order, random.Random(seed), _groups(inputs), seated)


def _break_from_the_fill_level(seed: int, inputs: dict) -> list[seating.Move]:
    """Version 3: the breaking table's players, the other tables counted by their seats (the
    fill level), and the tables the break fills with their open seats: the same cards as
    version 2 deals from every table's size."""
    level, left = breaks.fill_level(inputs["players"], dict(inputs["other_tables"]))
    filling = [
        breaks.Filling(number, seats, count, rank, tuple(open_seats))
        for number, seats, count, rank, open_seats in inputs["filling"]
    ]
    number, seats = inputs["breaking_table"]
    broken = seating.Table(number, seats, dict(inputs["breaking"]))
    seated: dict[int, set[int]] = {}
    for entry, table in inputs.get("keep_apart_seats", []):
        seated.setdefault(table, set()).add(entry)
    fills = breaks.fills_of(filling, level, left)
    return breaks.deal_seat_cards(filling, fills, broken, random.Random(seed), _groups(inputs), seated)


def _final(seed: int, inputs: dict) -> Drawn:
    table, cards = seating.final_table(
        list(inputs["entries"]), inputs["seats"], random.Random(seed), _groups(inputs), inputs["table"]
    )
    seats = sorted([table.number, seat, entry] for seat, entry in table.players.items())
    return Drawn(seats, {table.number: table.button}, None, cards, 0)


def draw(kind: str, seed: int, inputs: dict) -> Drawn:
    """Make (or remake) a draw of this kind from its seed and inputs: the services draw with
    this very function, so a recomputation is the draw itself."""
    if kind in ("field", "day_two"):
        return _field(seed, inputs)
    if kind == "break":
        return _break(seed, inputs)
    if kind == "final":
        return _final(seed, inputs)
    raise ValueError(f"unknown draw kind {kind!r}")


@dataclass(frozen=True)
class Check:
    hash_matches: bool  # the seed revealed is the one committed to
    published_ahead: bool  # the hash was out before the draw's event
    recomputed: list[list[int]]
    recorded: list[list[int]]
    differences: list[list[int]]  # seats in one but not the other

    @property
    def matches(self) -> bool:
        return self.hash_matches and not self.differences


def check(
    kind: str, seed: int, committed_hash: str, inputs: dict, recorded: list[list[int]], published_ahead: bool
) -> Check:
    """Recompute a draw and compare it with the seats recorded for it."""
    recomputed = draw(kind, seed, inputs).seats
    recorded = sorted([list(seat) for seat in recorded])
    mine, theirs = {tuple(s) for s in recomputed}, {tuple(s) for s in recorded}
    return Check(
        seed_hash(seed) == committed_hash,
        published_ahead,
        recomputed,
        recorded,
        sorted(list(s) for s in mine ^ theirs),
    )


def public_inputs(inputs: dict) -> tuple[dict, dict[str, int]]:
    """What of a draw's inputs is public, and how many private ones it had. Keep-apart groups
    (who is related to whom) and reserved seats (special needs) are personal: the page and API
    give only their count, and a draw that had any is recomputed by the server alone."""
    private = {"keep_apart": len(inputs.get("keep_apart", [])), "pinned": len(inputs.get("pinned", []))}
    public = {key: value for key, value in inputs.items() if key not in (*private, "keep_apart_seats")}
    return public, private
