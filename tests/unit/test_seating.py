"""Seating, balancing by position, breaking and buttons: pure rules (SEAT-*, BTN-*)."""

import heapq
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tables.rules.breaks import FieldShape, break_due, break_table, nothing_due, table_to_break
from tables.rules.seating import (
    Table,
    TableSize,
    balance,
    big_blind_order,
    button_draw,
    draw,
    draw_buttons,
    fewest_tables,
    final_table,
    first_hand,
    halted_tables,
    hands_until_big_blind,
    needs_balancing,
    needs_button,
    next_hand,
    seat_late_entry,
    table_targets,
    worst_seat,
)


def table(number, seats, occupied, button=None, small_blind=None, big_blind=None):
    return Table(number, seats, {seat: number * 100 + seat for seat in occupied}, button, small_blind, big_blind)


def test_BTN_DEAD_blinds_move_one_seat_and_a_dead_button_after_both_blinds_bust():
    first = next_hand(table(1, 9, range(1, 10), button=4))
    assert (first.button, first.small_blind, first.big_blind) == (4, 5, 6)
    second = next_hand(first)
    assert (second.button, second.small_blind, second.big_blind) == (5, 6, 7)
    both_blinds_out = Table(1, 9, {s: p for s, p in first.players.items() if s not in (5, 6)}, 4, 5, 6)
    after = next_hand(both_blinds_out)
    assert (after.button, after.small_blind, after.big_blind) == (5, 6, 7)  # dead button 5, dead small blind 6
    assert 5 not in after.players and 6 not in after.players


def test_BTN_DEAD_heads_up_small_blind_on_the_button_and_nobody_posts_the_big_blind_twice():
    three = table(1, 9, [2, 5, 8], button=2, small_blind=5, big_blind=8)
    button_out = Table(1, 9, {s: p for s, p in three.players.items() if s != 2}, 2, 5, 8)
    heads_up = next_hand(button_out)
    assert (heads_up.button, heads_up.small_blind, heads_up.big_blind) == (8, 8, 5)
    big_blind_out = Table(1, 9, {s: p for s, p in three.players.items() if s != 8}, 2, 5, 8)
    heads_up = next_hand(big_blind_out)
    assert (heads_up.button, heads_up.small_blind, heads_up.big_blind) == (5, 5, 2)  # 5 posted small, not big
    again = next_hand(heads_up)
    assert (again.button, again.small_blind, again.big_blind) == (2, 2, 5)
    with pytest.raises(ValueError, match="fewer than two"):
        next_hand(table(1, 9, [3], button=3))


def test_BTN_DEAD_a_player_joining_a_heads_up_table_never_puts_the_button_on_the_big_blind():
    heads_up = table(1, 9, [1, 5], button=1, small_blind=1, big_blind=5)
    joined = Table(1, 9, {**heads_up.players, 3: 103}, 1, 1, 5)  # seat 3: between the button and the big blind
    following = next_hand(joined)
    assert (following.button, following.small_blind, following.big_blind) == (3, 5, 1)
    behind = Table(1, 9, {**heads_up.players, 7: 107}, 1, 1, 5)  # seat 7: after the big blind
    following = next_hand(behind)
    assert (following.button, following.small_blind, following.big_blind) == (1, 5, 7)


@settings(max_examples=300, deadline=None)
@given(seats=st.integers(2, 10), data=st.data())
def test_BTN_DEAD_through_joins_and_busts_nobody_posts_the_big_blind_twice_and_the_button_is_never_in_it(seats, data):
    first = data.draw(st.lists(st.integers(1, seats), min_size=2, max_size=seats, unique=True))
    state = next_hand(table(1, seats, first, button=first[0]))
    for _ in range(data.draw(st.integers(1, 25))):
        empty = [seat for seat in range(1, seats + 1) if seat not in state.players]
        if empty and data.draw(st.booleans()):  # a player joins (a late entry, a move, an undone bust)
            seat = data.draw(st.sampled_from(empty))
            state = replace(state, players={**state.players, seat: 500 + seat})
        if state.count > 2 and data.draw(st.booleans()):  # a player busts
            seat = data.draw(st.sampled_from(sorted(state.players)))
            state = replace(state, players={s: p for s, p in state.players.items() if s != seat})
        before = state
        state = next_hand(state)
        assert state.big_blind in state.players and state.big_blind != before.big_blind
        if state.count == 2:
            assert state.button == state.small_blind != state.big_blind
        else:
            assert state.button != state.big_blind and state.small_blind != state.big_blind


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(14, 63))
def test_BTN_DRAW_one_draw_at_one_table_sets_the_button_seat_of_the_whole_field(seed, players):
    tables = draw(list(range(players)), [Table(n, 9) for n in range(1, 8)], random.Random(seed)).tables
    each, none = draw_buttons(tables, random.Random(seed))
    assert none is None and set(each) == {t.number for t in tables if t.count >= 2}
    field, (at, seat) = draw_buttons(tables, random.Random(seed), field_wide=True)
    first = next(t for t in tables if t.count >= 2)
    assert at == first.number and seat in first.players  # drawn among the players of one table
    assert field == {t.number: seat for t in tables if t.count >= 2}
    for table in tables:
        if table.count >= 2:  # an empty button seat: the next player clockwise deals first
            dealt = next_hand(replace(table, button=field[table.number]))
            assert dealt.button == (seat if seat in table.players else table.next_occupied(seat))


def test_SEAT_BALANCE_the_next_big_blind_moves_into_the_short_tables_next_big_blind():
    """TDA vector: full table, button at seat 4 -> the player in seat 7 (due the big blind next)
    moves into the seat at the short table that posts the big blind next."""
    full = next_hand(table(1, 9, range(1, 10), button=4))  # button 4, blinds 5 and 6
    short = table(2, 9, [1, 2, 3, 5, 6, 8, 9], button=1, small_blind=2, big_blind=3)
    plan = balance([full, short])
    assert [(m.player, m.from_seat, m.to_table, m.to_seat) for m in plan.moves] == [(107, 7, 2, 4)]
    assert [t.count for t in plan.tables] == [8, 8]
    assert hands_until_big_blind(short, 4) == 0 and hands_until_big_blind(short, 7) > 0


def test_SEAT_BALANCE_never_the_small_blind_nor_between_the_small_blind_and_the_button():
    # Next hand at the short table: button 2, small blind 5, big blind 6; seats 3 and 4 lie
    # between the button and the small blind, so nobody may be moved in this hand.
    short = table(2, 9, [1, 2, 5, 6, 7, 8, 9], button=1, small_blind=2, big_blind=5)
    assert hands_until_big_blind(short, 3) is None and hands_until_big_blind(short, 4) is None
    assert worst_seat(short) is None
    full = next_hand(table(1, 9, range(1, 10), button=4))
    plan = balance([full, short])
    assert plan.moves == [] and plan.waiting == [2]
    # ENT-LATE: a late entry is not refused these seats; it waits there for the button to pass.
    assert seat_late_entry([full, short], 999, random.Random(1)) == (2, 3)
    with pytest.raises(ValueError, match="no open seat"):
        seat_late_entry([full], 999, random.Random(1))


def test_SEAT_BALANCE_pokerfest_halts_a_table_three_short_and_neverending_moves_by_corresponding_seat():
    full = next_hand(table(1, 9, range(1, 10), button=4))
    short = table(2, 9, [1, 2, 3, 4, 9], button=1, small_blind=2, big_blind=3)
    plan = balance([full, short])
    assert plan.halted == [2] and len(plan.moves) == 2
    corresponding = balance([full, short], by_corresponding_seat=True)
    assert corresponding.moves[0].from_seat == corresponding.moves[0].to_seat == 7


def test_SEAT_BALANCE_a_player_already_moved_is_passed_over_while_another_can_go():
    full = next_hand(table(1, 9, range(1, 10), button=4))  # next big blind: seat 7
    short = table(2, 9, [1, 2, 3, 5, 6, 8, 9], button=1, small_blind=2, big_blind=3)
    plan = balance([full, short], moved_before=frozenset({107}))
    assert plan.moves[0].player == 108 and plan.moves[0].from_seat == 8


def test_SEAT_SEPARATE_keep_apart_groups_at_different_tables_and_say_when_impossible():
    tables = [Table(n, 9) for n in (1, 2, 3)]
    players = list(range(1, 25))
    spread = draw(players, tables, random.Random(7), keep_apart=[{1, 2, 3}, {4, 5}])
    homes = {p: t.number for t in spread.tables for p in t.players.values()}
    assert len({homes[1], homes[2], homes[3]}) == 3 and homes[4] != homes[5]
    assert spread.separation_violations == 0
    crowded = draw(players, tables, random.Random(7), keep_apart=[{1, 2, 3, 4}])
    assert crowded.separation_violations == 1  # four people, three tables


def test_SEAT_DRAW_pinned_seats_are_honoured():
    tables = [Table(n, 9) for n in (1, 2)]
    result = draw(list(range(1, 15)), tables, random.Random(3), pinned={5: (2, 1), 9: (2, 9)})
    assert result.tables[1].players[1] == 5 and result.tables[1].players[9] == 9
    assert sorted(t.count for t in result.tables) == [7, 7]
    with pytest.raises(ValueError, match="do not fit"):
        draw(list(range(20)), tables, random.Random(1))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 3000), st.sampled_from([9, 10]), st.integers(0, 3), st.integers(0, 2**32))
def test_SEAT_DRAW_sizes_within_one_random_seats_reproducible_from_the_seed(field, seats, spare, seed):
    tables = [Table(n, seats) for n in range(1, -(-field // seats) + spare + 1)]
    players = list(range(1, field + 1))
    result = draw(players, tables, random.Random(seed))
    counts = [t.count for t in result.tables]
    assert max(counts) - min(counts) <= 1
    seated = [p for t in result.tables for p in t.players.values()]
    assert sorted(seated) == players  # everyone once, nobody twice
    assert all(1 <= s <= seats for t in result.tables for s in t.players)
    assert draw(players, tables, random.Random(seed)) == result


def apply(tables: list[Table], moves) -> list[Table]:
    state = {t.number: t for t in tables}
    for move in moves:
        src, dst = state[move.from_table], state[move.to_table]
        assert src.players[move.from_seat] == move.player and move.to_seat not in dst.players
        state[move.from_table] = Table(
            src.number,
            src.seats,
            {s: p for s, p in src.players.items() if s != move.from_seat},
            src.button,
            src.small_blind,
            src.big_blind,
        )
        state[move.to_table] = Table(
            dst.number,
            dst.seats,
            {**dst.players, move.to_seat: move.player},
            dst.button,
            dst.small_blind,
            dst.big_blind,
        )
    return sorted(state.values(), key=lambda t: t.number)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 400), st.integers(0, 2**32), st.sampled_from([1, 2]))
def test_SEAT_BALANCE_and_SEAT_BREAK_through_a_whole_bust_sequence(field, seed, tolerance):
    """After every bust and the moves it triggers: sizes within tolerance (or a short table
    waiting for a hand), nobody seated twice, nobody moved into the small blind or between it
    and the button, nobody moved twice while someone else could go, and the same seed gives
    the same plan."""
    play(field, seed, tolerance, busts=field)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(400, 3000), st.integers(0, 2**32), st.integers(1, 150))
def test_SEAT_BALANCE_and_SEAT_BREAK_hold_for_large_fields_through_random_bust_runs(field, seed, busts):
    """The same properties for fields up to 3,000 over a random run of busts."""
    play(field, seed, 1, busts)


def play(field: int, seed: int, tolerance: int, busts: int) -> None:
    rng = random.Random(seed)
    tables = draw(list(range(1, field + 1)), [Table(n, 9) for n in range(1, -(-field // 9) + 1)], rng).tables
    tables = [
        next_hand(Table(t.number, t.seats, t.players, button=button_draw(t, rng)[0])) if t.count >= 2 else t
        for t in tables
    ]
    breaking_order = [t.number for t in reversed(tables)]
    moved: set[int] = set()
    remaining = field
    while remaining > 9 and field - remaining < busts:
        victim_table = rng.choice([t for t in tables if t.count > 1])
        victim_seat = rng.choice(sorted(victim_table.players))
        tables = [
            Table(
                t.number,
                t.seats,
                {s: p for s, p in t.players.items() if (t.number, s) != (victim_table.number, victim_seat)},
                t.button,
                t.small_blind,
                t.big_blind,
            )
            for t in tables
        ]
        remaining -= 1
        tables = [next_hand(t) if t.count >= 2 else t for t in tables]
        breaking = break_table(tables, breaking_order, random.Random(seed + remaining))
        if breaking:
            broken = breaking[0].from_table
            assert [m.from_seat for m in breaking] == sorted(m.from_seat for m in breaking)  # from seat 1 clockwise
            tables = [t for t in apply(tables, breaking) if t.number != broken]
            assert all(t.count <= t.seats for t in tables)
        plan = balance(tables, tolerance=tolerance, moved_before=frozenset(moved))
        assert plan == balance(tables, tolerance=tolerance, moved_before=frozenset(moved))  # deterministic
        before = {t.number: t for t in tables}
        for move in plan.moves:
            target = before[move.to_table]
            assert hands_until_big_blind(target, move.to_seat) is not None  # an allowed seat
            source_players = set(before[move.from_table].players.values())
            assert move.player not in moved or source_players <= moved | {move.player}
            moved.add(move.player)
            before = {t.number: t for t in apply(list(before.values()), [move])}
        tables = apply(tables, plan.moves)
        counts = [t.count for t in tables]
        assert max(counts) - min(counts) <= tolerance or plan.waiting
        seated = [p for t in tables for p in t.players.values()]
        assert len(seated) == len(set(seated)) == remaining


def test_SEAT_SEPARATE_a_balancing_move_passes_over_a_player_whose_partner_sits_at_the_short_table():
    long = table(1, 9, range(1, 10), button=4, small_blind=5, big_blind=6)  # seat 7 is due the big blind next
    short = table(2, 9, [1, 2, 3, 4, 5, 6, 7], button=1, small_blind=2, big_blind=3)
    plain = balance([long, short], tolerance=1)
    assert plain.moves[0].from_seat == 7
    apart = balance([long, short], tolerance=1, keep_apart=[{107, 201}])  # 107's partner plays at table 2
    assert apart.moves[0].from_seat == 8 and apart.moves[0].player == 108


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_SEAT_SEPARATE_a_broken_tables_partners_get_seat_cards_at_different_tables(seed):
    rng = random.Random(seed)
    tables = [table(1, 9, range(1, 7)), table(2, 9, range(1, 7)), table(3, 9, range(1, 6))]  # 17: table 1 breaks
    group = set(rng.sample([101, 102, 103, 104, 105, 106], 2))
    moves = break_table(tables, [1, 2, 3], random.Random(seed), keep_apart=[group])
    assert sorted(m.player for m in moves) == [101, 102, 103, 104, 105, 106]
    assert len({m.to_table for m in moves if m.player in group}) == 2  # two tables to go to: never together
    assert len({(m.to_table, m.to_seat) for m in moves}) == 6  # one card per seat


def test_SEAT_BREAK_waits_until_the_field_fits_one_table_fewer():
    tables = [table(n, 9, range(1, 8), button=1, small_blind=2, big_blind=3) for n in (1, 2, 3)]  # 21 players
    assert break_table(tables, [3, 2, 1], random.Random(1)) == []  # 21 > 18 seats
    fewer = [table(n, 9, range(1, 7), button=1, small_blind=2, big_blind=3) for n in (1, 2, 3)]  # 18 players
    moves = break_table(fewer, [3, 2, 1], random.Random(1))
    assert {m.from_table for m in moves} == {3} and [m.from_seat for m in moves] == [1, 2, 3, 4, 5, 6]
    assert sorted(m.to_table for m in moves) == [1, 1, 1, 2, 2, 2]
    assert moves == break_table(fewer, [3, 2, 1], random.Random(1))


def test_SEAT_FINAL_and_BTN_DRAW_the_final_table_redraws_seats_and_button():
    players = list(range(1, 11))
    final, cards = final_table(players, 10, random.Random(2026))
    assert sorted(final.players.values()) == players and final.button in final.players
    best = max(cards.items(), key=lambda item: ("23456789TJQKA".index(item[1][0]), "cdhs".index(item[1][1])))
    assert final.button == best[0]
    assert final_table(players, 10, random.Random(2026)) == (final, cards)
    with pytest.raises(ValueError, match="do not fit"):
        final_table(list(range(11)), 10, random.Random(1))


def test_ENT_LATE_a_late_entry_goes_to_a_smallest_table_never_between_the_blinds_and_button():
    full = next_hand(table(1, 9, range(1, 10), button=4))
    short = table(2, 9, [1, 2, 5, 6, 7, 8, 9], button=1, small_blind=2, big_blind=5)  # 3, 4 forbidden
    shorter = table(3, 9, [1, 2, 3, 5, 6, 8], button=1, small_blind=2, big_blind=3)
    for seed in range(20):
        number, seat = seat_late_entry([full, short, shorter], 999, random.Random(seed))
        assert number == 3 and hands_until_big_blind(shorter, seat) is not None
    assert big_blind_order(shorter)[0] == 5


def test_SEAT_COLLECT_a_seat_number_goes_into_play_once_every_table_has_collected_it():
    from tables.rules.seating import stacks_in_play

    tables = [table(1, 9, [1, 2, 8]), table(2, 9, [2, 8]), table(3, 9, [8, 9])]
    assert stacks_in_play(set(), tables) == set()
    some_eights = {(1, 8), (2, 8)}
    assert stacks_in_play(some_eights, tables) == set()  # table 3's seat 8 is still out
    assert stacks_in_play(some_eights | {(3, 8), (3, 9)}, tables) == {8, 9}
    assert stacks_in_play({(1, 2), (2, 2), (1, 1)}, tables) == {1, 2}


@settings(max_examples=200, deadline=None)
@given(data=st.data(), tolerance=st.integers(1, 3), halt=st.sampled_from([None, 3]))
def test_SEAT_BALANCE_the_sizes_alone_say_when_no_move_is_due_and_which_tables_halt(data, tolerance, halt):
    """SEAT-BALANCE, SEAT-BREAK: a bust's proposal reads only how many sit at each table; when
    `needs_balancing` says no, `balance` over the full tables makes no move and halts the same
    tables, and the table to break is the same from the sizes as from the seats."""
    tables = []
    for number in data.draw(st.lists(st.integers(1, 40), min_size=1, max_size=8, unique=True)):
        seats = data.draw(st.sampled_from([6, 9, 10]))
        occupied = data.draw(st.lists(st.integers(1, seats), max_size=seats, unique=True))
        button = data.draw(st.sampled_from(occupied)) if len(occupied) >= 2 else None
        state = table(number, seats, occupied)
        tables.append(next_hand(replace(state, button=button)) if button else state)
    sizes = [TableSize(t.number, t.seats, t.count) for t in tables]
    plan = balance(tables, tolerance=tolerance, halt_when_short_by=halt)
    if not needs_balancing(sizes, tolerance):
        assert plan.moves == [] and plan.waiting == []
    assert halted_tables(sizes, halt) == plan.halted
    order = data.draw(st.permutations([t.number for t in tables]))
    assert table_to_break(sizes, order) == table_to_break(tables, order)


def shape_of(sizes: list[TableSize], order: list[int]) -> FieldShape:
    """The shape tables.queries.tables.field_shape reads in one statement, summed here."""
    first = next((t for t in sizes if t.number == order[0]), None) if order else None
    return FieldShape(
        tables=len(sizes),
        players=sum(t.count for t in sizes),
        seats=sum(t.seats for t in sizes),
        fewest=min((t.count for t in sizes), default=0),
        most=max((t.count for t in sizes), default=0),
        largest=max((t.seats for t in sizes), default=0),
        breaking_seats=first.seats if first else 0,
        breaking_table=first.number if first else None,
    )


@settings(max_examples=500, deadline=None)
@given(
    tables=st.lists(st.tuples(st.sampled_from([2, 6, 9, 10]), st.integers(0, 10)), max_size=10),
    data=st.data(),
    tolerance=st.integers(1, 3),
    halt=st.sampled_from([None, 0, 1, 2, 3]),
)
def test_SEAT_FINAL_SEAT_BREAK_SEAT_BALANCE_when_the_shape_says_nothing_is_due_the_sizes_agree(
    tables, data, tolerance, halt
):
    """A bust's proposal first reads the open tables summed up in one row: when that shape says
    nothing is due, the sizes of every table say the same (no final table, no break, no move, no
    table halted), whatever the tables, breaking order, tolerance and halt."""
    sizes = [TableSize(number, seats, min(count, seats)) for number, (seats, count) in enumerate(tables, start=1)]
    order = data.draw(st.permutations([t.number for t in sizes]))
    shape = shape_of(sizes, order)
    players = shape.players
    if nothing_due(shape, tolerance, halt):
        # The final table is drawn at most at its seats (SEAT-FINAL, tables.queries.final_table_size).
        assert not (len(sizes) > 1 and 2 <= players <= max(t.seats for t in sizes))
        assert table_to_break(sizes, order) is None
        assert not needs_balancing(sizes, tolerance)
        assert halted_tables(sizes, halt) == []
    # And it says so for a field spread evenly over more seats than one table fewer holds.
    even = [TableSize(n, 9, 7) for n in range(1, 5)]
    assert nothing_due(FieldShape(4, 28, 36, 7, 7, 9, 9), tolerance, halt) == (
        table_to_break(even, [1, 2, 3, 4]) is None
    )


@settings(max_examples=500, deadline=None)
@given(tables=st.lists(st.tuples(st.sampled_from([2, 6, 9, 10]), st.integers(0, 10)), max_size=12), data=st.data())
def test_SEAT_BREAK_SEAT_FINAL_a_break_the_shape_shows_is_the_one_the_sizes_show(tables, data):
    """A bust's proposal answers a break from the shape alone when it shows one: it is the
    table the sizes break, and no final table can be due then (the field is larger than any
    table, and a final table is drawn at most at its seats)."""
    sizes = [TableSize(number, seats, min(count, seats)) for number, (seats, count) in enumerate(tables, start=1)]
    order = data.draw(st.permutations([t.number for t in sizes]))
    shape = shape_of(sizes, order)
    shown = break_due(shape)
    if shown is not None:
        assert shown == table_to_break(sizes, order)
        assert shape.players > max(t.seats for t in sizes)
    elif len(sizes) > 1 and shape.players > shape.largest:
        assert table_to_break(sizes, order) is None  # beyond a final table the shape decides alone
    # The full floor's case: 1,112 tables of nine, one seat short of a table fewer.
    full = [TableSize(n, 9, 9 if n > 9 else 8) for n in range(1, 1113)]  # 9,999 players
    assert break_due(shape_of(full, list(range(1, 1113)))) == 1 == table_to_break(full, list(range(1, 1113)))


@given(
    seats=st.lists(st.integers(2, 10), min_size=1, max_size=8),
    players=st.integers(0, 80),
    pinned=st.sets(st.integers(1, 8), max_size=2),
)
def test_SEAT_DRAW_a_flight_sits_at_the_fewest_tables_that_break_last(seats, players, pinned):
    """SEAT-DRAW in a flight: the tables kept hold the field (when all of them can), every pinned
    table is kept, and without the last table added the rest would not hold it: no table more
    than needed (a 9-player field at one 9-seat table)."""
    tables = [Table(n, s) for n, s in enumerate(seats, start=1)]
    order = [t.number for t in tables][::-1]  # the last opened breaks first
    pinned = {n for n in pinned if n <= len(tables)}
    kept = fewest_tables(players, tables, order, pinned)
    capacity = {t.number: t.seats for t in tables}
    assert pinned <= set(kept) and kept == sorted(kept)
    if players <= sum(seats):
        assert sum(capacity[n] for n in kept) >= players
        unpinned = [n for n in kept if n not in pinned]
        if unpinned:  # the last one added (the latest-breaking order's last pick) was needed
            assert sum(capacity[n] for n in kept) - capacity[max(unpinned)] < players
    assert fewest_tables(9, [Table(1, 9), Table(2, 9)], [2, 1], set()) == [1]


def test_ENT_LATE_and_BTN_DEAD_a_table_gone_heads_up_still_seats_late_entries_behind_the_button():
    """The walkthrough's table: D 4, SB 5, BB 6; seats 1 and 2 out, then seat 4 (the big blind
    of the new hand) out. Every free seat lies between the next button (6) and big blind (5)."""
    heads_up = Table(1, 6, {5: 105, 6: 106}, button=5, small_blind=6, big_blind=4)
    assert all(hands_until_big_blind(heads_up, seat) is None for seat in heads_up.empty_seats())
    seated = dict(heads_up.players)
    for entry in range(3):
        number, seat = seat_late_entry([replace(heads_up, players=seated)], 900 + entry, random.Random(entry))
        assert (number, seat) == (1, entry + 1)  # the seat the button passes first
        seated[seat] = 900 + entry
    with pytest.raises(ValueError, match="no open seat"):  # seat 4 is the next small blind: after a hand
        seat_late_entry([replace(heads_up, players=seated)], 999, random.Random(0))
    nobody_joins = next_hand(heads_up)
    assert (nobody_joins.button, nobody_joins.small_blind, nobody_joins.big_blind) == (6, 6, 5)


@settings(max_examples=300, deadline=None)
@given(seats=st.integers(2, 10), data=st.data())
def test_ENT_LATE_a_late_entry_is_refused_only_the_next_button_and_small_blind_seats(seats, data):
    players = data.draw(st.lists(st.integers(1, seats), min_size=1, max_size=seats, unique=True))
    state = table(1, seats, players)
    if data.draw(st.booleans()) and len(players) >= 2:  # hands played: any point of the table's life
        state = next_hand(replace(state, button=players[0]))
        for _ in range(data.draw(st.integers(0, 5))):
            state = next_hand(state)
        gone = data.draw(st.lists(st.sampled_from(players), max_size=len(players) - 1, unique=True))
        state = replace(state, players={s: p for s, p in state.players.items() if s not in gone})
    free = state.empty_seats()
    barred = {state.small_blind, state.big_blind} if state.big_blind is not None else set()
    if set(free) <= barred and all(hands_until_big_blind(state, s) is None for s in free):
        with pytest.raises(ValueError, match="no open seat"):
            seat_late_entry([state], 999, random.Random(0))
    else:
        number, seat = seat_late_entry([state], 999, random.Random(data.draw(st.integers(0, 99))))
        assert number == 1 and seat in free
        allowed = [s for s in free if hands_until_big_blind(state, s) is not None]
        assert seat in allowed or (not allowed and seat not in barred)  # behind the button only as the fallback


@settings(max_examples=200, deadline=None)
@given(seats=st.integers(2, 10), data=st.data())
def test_BTN_DRAW_a_table_filled_during_play_draws_its_button_then_plays_by_BTN_DEAD(seats, data):
    occupied = data.draw(st.lists(st.integers(1, seats), min_size=2, max_size=seats, unique=True))
    opened = table(2, seats, occupied)  # no button: opened after the field's draw
    assert needs_button(opened) and not needs_button(table(2, seats, occupied[:1]))
    with pytest.raises(ValueError, match="needs a button"):
        next_hand(opened)
    seed = data.draw(st.integers(0, 2**32))
    first, cards = first_hand(opened, random.Random(seed))
    assert (first, cards) == first_hand(opened, random.Random(seed))  # replayed from the seed
    assert first.button == button_draw(opened, random.Random(seed))[0] and set(cards) == set(occupied)
    assert first.big_blind in first.players and not needs_button(first)
    assert next_hand(first).big_blind != first.big_blind


def targets_place_by_place(total, capacities, start=None):
    """SEAT-DRAW's sizes as the floor would deal them: each place to the smallest table with
    room, the first opened on a tie (the reference table_targets must agree with)."""
    targets = dict(start or dict.fromkeys(capacities, 0))
    smallest = [(targets[n], index, n) for index, n in enumerate(capacities) if targets[n] < capacities[n]]
    heapq.heapify(smallest)
    for _extra in range(total - sum(targets.values())):
        count, index, number = heapq.heappop(smallest)
        targets[number] = count + 1
        if count + 1 < capacities[number]:
            heapq.heappush(smallest, (count + 1, index, number))
    return targets


@settings(max_examples=500)
@given(
    st.lists(st.tuples(st.integers(2, 10), st.integers(0, 10)), min_size=1, max_size=40),
    st.integers(0, 400),
    st.booleans(),
    st.randoms(use_true_random=False),
)
def test_SEAT_DRAW_and_SEAT_BREAK_the_tables_sizes_are_those_of_the_place_by_place_deal(tables, total, started, rng):
    numbers = rng.sample(range(1, 1000), len(tables))  # in the order opened, not by number
    capacities = {n: seats for n, (seats, _) in zip(numbers, tables)}
    start = {n: min(seats, already) for n, (seats, already) in zip(numbers, tables)} if started else None
    total = min(total, sum(capacities.values()))
    expected = targets_place_by_place(total, capacities, start)
    targets = table_targets(total, capacities, start)
    assert targets == expected
    assert list(targets) == list(expected)


def test_SEAT_DRAW_more_players_than_seats_are_refused_by_name():
    with pytest.raises(ValueError, match="19 players do not fit in 18 seats"):
        table_targets(19, {1: 9, 2: 9})
