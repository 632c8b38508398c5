"""Checkable draws, pure (tables/rules/draws.py): the same seed and inputs make the same draw,
the published hash is the seed's SHA-256, and a draw recomputed from them is compared seat by
seat with the seats recorded (SEAT-DRAW: reproducible from a recorded seed; SEAT-BREAK,
SEAT-FINAL)."""

import hashlib

from hypothesis import given
from hypothesis import strategies as st

from tables.rules import draws

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
