"""SEAT-BALANCE, fairly (issue 26), and the seats a balance reads (issue 25): pure rules."""

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tables.rules.seating import Table, TableSize, balance, balance_reads, big_blind_order, fewest_moved, next_hand


def tables_from(counts: list[int], seed: int) -> list[Table]:
    rng = random.Random(seed)
    player, tables = 0, []
    for number, count in enumerate(counts, start=1):
        seats = rng.sample(range(1, 10), count)
        players = {}
        for seat in seats:
            player += 1
            players[seat] = player
        table = Table(number, 9, players, button=min(seats) if seats else None)
        tables.append(next_hand(table) if count >= 2 else table)
    return tables


@settings(max_examples=150, deadline=None)
@given(
    counts=st.lists(st.integers(min_value=2, max_value=9), min_size=2, max_size=14),
    seed=st.integers(min_value=0, max_value=10_000),
    tolerance=st.integers(min_value=1, max_value=2),
    moved=st.dictionaries(st.integers(min_value=1, max_value=120), st.integers(min_value=1, max_value=4)),
)
def test_SEAT_BALANCE_the_tables_read_by_size_make_the_same_plan_as_every_table(counts, seed, tolerance, moved):
    """A bust reads who sits where at balance_reads' tables only: the plan is the one every
    table's seats would give."""
    tables = tables_from(counts, seed)
    everything = balance(tables, tolerance=tolerance, times_moved=moved)
    reads = balance_reads([TableSize(t.number, t.seats, t.count) for t in tables], tolerance)
    if not reads:  # the sizes alone say no move is due
        assert everything.moves == everything.waiting == []
        return
    some = balance([t for t in tables if t.number in reads], tolerance=tolerance, times_moved=moved)
    assert some.moves == everything.moves
    assert some.waiting == everything.waiting


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10_000),
    moves=st.lists(st.integers(min_value=0, max_value=3), min_size=9, max_size=9),
)
def test_SEAT_BALANCE_of_the_players_due_the_big_blind_the_one_moved_fewest_times_moves(seed, moves):
    """Issue 26: where the position rule leaves a choice, the player moved fewest times so far
    moves; among equals, the next big blind."""
    long, short = tables_from([9, 6], seed)
    times = {player: moves[seat - 1] for seat, player in long.players.items()}
    plan = balance([long, short], tolerance=1, times_moved=times)
    # Where the short table's empty seats all lie between its small blind and button, nobody
    # moves this hand (SEAT-BALANCE's waiting): no choice to test.
    assume(plan.moves)
    move = plan.moves[0]
    order = big_blind_order(long)
    fewest = min(times.values())
    assert times[move.player] == fewest
    assert move.from_seat == next(seat for seat in order if times[long.players[seat]] == fewest)
    assert fewest_moved(order, long.players, times)[0] == move.from_seat
