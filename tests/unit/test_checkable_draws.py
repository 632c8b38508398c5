"""Checkable draws, pure (tables/rules/draws.py): the same seed and inputs make the same draw,
the published hash is the seed's SHA-256, and a draw recomputed from them is compared seat by
seat with the seats recorded (SEAT-DRAW: reproducible from a recorded seed; SEAT-BREAK,
SEAT-FINAL)."""

import hashlib
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tables.rules import breaks, draws, seating

seeds = st.integers(0, 2**62 - 1)


@st.composite
def fields(draw):
    """A field of entry numbers over nine- or ten-seat tables that hold it."""
    players = draw(st.integers(2, 60))
    seats = draw(st.sampled_from([9, 10]))
    tables = -(-players // seats) + draw(st.integers(0, 2))
    numbers = draw(st.permutations(range(1, tables + 1)))
    entries = sorted(draw(st.sets(st.integers(1, 500), min_size=players, max_size=players)))
    return {"entries": entries, "tables": [[n, seats] for n in numbers], "field_button_draw": draw(st.booleans())}


@given(seeds)
def test_the_published_hash_is_the_seeds_sha256(seed):
    assert draws.seed_hash(seed) == hashlib.sha256(str(seed).encode("ascii")).hexdigest()
    assert draws.seed_hash(seed) != draws.seed_hash(seed + 1)


@given(seeds, fields())
def test_SEAT_DRAW_the_same_seed_and_inputs_make_the_same_draw(seed, inputs):
    made, again = draws.draw("field", seed, inputs), draws.draw("field", seed, inputs)
    assert made == again
    assert sorted(entry for _t, _s, entry in made.seats) == inputs["entries"]  # each entry seated once
    assert len({(t, s) for t, s, _e in made.seats}) == len(made.seats)  # one player per seat
    checked = draws.check("field", seed, draws.seed_hash(seed), inputs, list(reversed(made.seats)), True)
    assert checked.matches and checked.differences == []


@given(seeds, fields())
def test_SEAT_DRAW_a_seat_recorded_otherwise_or_another_seed_does_not_match(seed, inputs):
    made = draws.draw("field", seed, inputs)
    (table, seat, entry), rest = made.seats[0], made.seats[1:]
    tampered = [[table, seat + 100, entry], *rest]
    checked = draws.check("field", seed, draws.seed_hash(seed), inputs, tampered, True)
    assert not checked.matches and checked.differences == sorted([[table, seat, entry], [table, seat + 100, entry]])
    wrong_hash = draws.check("field", seed, draws.seed_hash(seed + 1), inputs, made.seats, True)
    assert wrong_hash.differences == [] and not wrong_hash.matches  # the seed is not the one committed to


@given(seeds, st.integers(2, 9), st.sets(st.integers(1, 300), min_size=2, max_size=9))
def test_SEAT_FINAL_the_final_table_recomputes_with_its_button(seed, seats, entries):
    entries = sorted(entries)[: max(2, seats)]
    inputs = {"entries": entries, "table": 7, "seats": max(seats, len(entries)), "keep_apart": []}
    made = draws.draw("final", seed, inputs)
    assert made == draws.draw("final", seed, inputs)
    assert {t for t, _s, _e in made.seats} == {7} and made.buttons[7] in {s for _t, s, _e in made.seats}


@given(seeds, st.integers(0, 4))
def test_SEAT_BREAK_a_break_recomputes_from_the_tables_as_they_stood(seed, gaps):
    # Three tables of nine less `gaps` players at table 3: table 2 breaks first when the rest fit.
    sitting = {1: list(range(1, 10)), 2: list(range(10, 14)), 3: list(range(20, 29 - gaps))}
    tables = [[n, 9, [[seat, e] for seat, e in enumerate(players, start=1)]] for n, players in sitting.items()]
    full = {"tables": tables, "breaking_order": [2, 1, 3], "keep_apart": []}
    made = draws.draw("break", seed, full)
    assert made == draws.draw("break", seed, full)
    if made.seats:  # the field fits one table fewer: table 2's four players are dealt seat cards
        assert sorted(e for _t, _s, e in made.seats) == sitting[2]
        assert [m[0] for m in made.moves] == [1, 2, 3, 4]  # dealt from seat 1 clockwise
        assert {t for t, _s, _e in made.seats} <= {1, 3}


def test_private_inputs_are_counted_not_published():
    public, private = draws.public_inputs(
        {"entries": [1, 2, 3], "tables": [[1, 9]], "keep_apart": [[1, 2]], "pinned": [[3, 1, 5]]}
    )
    assert public == {"entries": [1, 2, 3], "tables": [[1, 9]]} and private == {"keep_apart": 1, "pinned": 1}


@st.composite
def floors(draw):
    """Open tables of 9 or 10 seats (or, on some floors, of 6 to 10 mixed) with random seats
    taken, a breaking order and keep-apart groups, as version 1 of a break's inputs (every
    table's players by entry number)."""
    alike = draw(st.sampled_from([9, 10]))
    mixed = draw(st.booleans())
    count = draw(st.integers(2, 12))
    numbers = draw(st.permutations(range(1, count + 1)))
    entries = iter(range(1, 1000))
    tables = []
    for number in numbers:
        seats = draw(st.sampled_from([6, 8, 9, 10])) if mixed else alike
        taken = sorted(draw(st.sets(st.integers(1, seats), max_size=seats)))
        tables.append([number, seats, [[seat, next(entries)] for seat in taken]])
    everyone = [entry for _n, _s, players in tables for _seat, entry in players]
    groups = []
    if len(everyone) >= 2:
        for _ in range(draw(st.integers(0, 3))):
            groups.append(sorted(draw(st.sets(st.sampled_from(everyone), min_size=2, max_size=3))))
    return {"tables": tables, "breaking_order": draw(st.permutations(numbers)), "keep_apart": groups}


def second_version(full: dict) -> dict:
    """The same floor as a version 2 break reads it: sizes, the breaking table's players, the
    open seats of the tables the break fills, and where the keep-apart players sit."""
    sizes = [seating.TableSize(n, seats, len(players)) for n, seats, players in full["tables"]]
    breaking = breaks.table_to_break(sizes, full["breaking_order"])
    fills = breaks.break_fills(sizes, full["breaking_order"])
    members = {e for group in full["keep_apart"] for e in group}
    return {
        "version": 2,
        "tables": [[t.number, t.seats, t.count] for t in sizes],
        "breaking": next((players for n, _s, players in full["tables"] if n == breaking), []),
        "open_seats": [
            [n, [s for s in range(1, seats + 1) if s not in dict(players)]]
            for n, seats, players in full["tables"]
            if n in fills
        ],
        "breaking_order": full["breaking_order"],
        "keep_apart": full["keep_apart"],
        "keep_apart_seats": sorted(
            [e, n] for n, _s, players in full["tables"] if n != breaking for _seat, e in players if e in members
        ),
    }


@settings(max_examples=300, deadline=None)
@given(seeds, floors())
def test_SEAT_BREAK_a_break_from_the_open_seats_deals_what_one_from_every_table_dealt(seed, full):
    # Version 2 reads a few tables, not the field; the same seed and floor deal the same cards,
    # so a break recorded in either version recomputes, and neither is fairer than the other.
    made = draws.draw("break", seed, full)
    assert made == draws.draw("break", seed, second_version(full))
    checked = draws.check("break", seed, draws.seed_hash(seed), second_version(full), made.seats, True)
    assert checked.matches


def third_version(full: dict) -> dict | None:
    """The same floor as a version 3 break reads it: the breaking table's players, the field
    left, the other tables counted by their seats, and the tables the break fills, each with
    its rank among the tables above the fill level, as the break's SQL ranks them (None: no
    table breaks)."""
    sizes = [seating.TableSize(n, seats, len(players)) for n, seats, players in full["tables"]]
    breaking = breaks.table_to_break(sizes, full["breaking_order"])
    if breaking is None:
        return None
    others = [t for t in full["tables"] if t[0] != breaking]
    players = sum(t.count for t in sizes)
    by_seats = Counter(seats for _n, seats, _p in others)
    level, left = breaks.fill_level(players, by_seats)
    members = {e for group in full["keep_apart"] for e in group}
    filling, rank = [], 0
    for n, seats, seated in others:
        rank += seats > level
        shown = rank if seats > level else 0
        if breaks.filling_target(level, left, seats, shown) > len(seated):
            filling.append([n, seats, len(seated), shown, [s for s in range(1, seats + 1) if s not in dict(seated)]])
    return {
        "version": 3,
        "breaking_table": next([n, seats] for n, seats, _p in full["tables"] if n == breaking),
        "breaking": next(players for n, _s, players in full["tables"] if n == breaking),
        "players": players,
        "other_tables": sorted([seats, count] for seats, count in by_seats.items()),
        "filling": filling,
        "keep_apart": full["keep_apart"],
        "keep_apart_seats": sorted([e, n] for n, _s, seated in others for _seat, e in seated if e in members),
    }


@settings(max_examples=500, deadline=None)
@given(seeds, floors())
def test_SEAT_BREAK_a_break_from_the_fill_level_deals_what_one_from_every_table_dealt(seed, full):
    # Version 3 records a few tables and the others counted by their seats; the same seed and
    # floor deal the same cards as from every table's players (version 1).
    third = third_version(full)
    made = draws.draw("break", seed, full)
    if third is None:
        assert made.seats == []
        return
    assert made == draws.draw("break", seed, third)
    assert draws.check("break", seed, draws.seed_hash(seed), third, made.seats, True).matches


@given(st.integers(0, 200), st.lists(st.integers(2, 10), min_size=1, max_size=30))
def test_SEAT_BREAK_the_fill_level_gives_each_table_its_target(players, seats):
    # The fill level and the places over it give each table what table_targets gives it.
    capacities = dict(enumerate(seats, start=1))
    if players > sum(seats):
        return
    level, left = breaks.fill_level(players, Counter(seats))
    targets = seating.table_targets(players, capacities, None)
    rank = 0
    for number, table_seats in capacities.items():
        rank += table_seats > level
        assert breaks.filling_target(level, left, table_seats, rank if table_seats > level else 0) == targets[number]


def test_a_breaks_keep_apart_seats_are_private():
    public, private = draws.public_inputs(
        {"version": 2, "breaking": [[1, 5]], "keep_apart": [[5, 9]], "keep_apart_seats": [[9, 3]]}
    )
    assert public == {"version": 2, "breaking": [[1, 5]]} and private == {"keep_apart": 1, "pinned": 0}
