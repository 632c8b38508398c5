"""Checkable draws, pure (tables/rules/draws.py): the same seed and inputs make the same draw,
the published hash is the seed's SHA-256, and a draw recomputed from them is compared seat by
seat with the seats recorded (SEAT-DRAW: reproducible from a recorded seed; SEAT-BREAK,
SEAT-FINAL)."""

import hashlib

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
    """Open tables of 9 or 10 seats with random seats taken, a breaking order and keep-apart
    groups, as version 1 of a break's inputs (every table's players by entry number)."""
    seats = draw(st.sampled_from([9, 10]))
    count = draw(st.integers(2, 12))
    numbers = draw(st.permutations(range(1, count + 1)))
    entries = iter(range(1, 1000))
    tables = []
    for number in numbers:
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


def test_a_breaks_keep_apart_seats_are_private():
    public, private = draws.public_inputs(
        {"version": 2, "breaking": [[1, 5]], "keep_apart": [[5, 9]], "keep_apart_seats": [[9, 3]]}
    )
    assert public == {"version": 2, "breaking": [[1, 5]]} and private == {"keep_apart": 1, "pinned": 0}
