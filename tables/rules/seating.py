"""Seating, balancing, breaking and buttons (SEAT-DRAW, SEAT-SEPARATE, SEAT-BALANCE,
SEAT-BREAK, SEAT-FINAL, BTN-DRAW, BTN-DEAD). Pure: plain data in and out, randomness passed in
as a random.Random, so a recorded seed replays every draw.

Seats are numbered 1..n clockwise. A table remembers the button, small blind and big blind of
the hand last dealt; the next hand follows the dead-button rule: the big blind moves to the
next player, the small blind to where the big blind was, the button to where the small blind
was (a seat emptied by a bust stays dead for that hand).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import NamedTuple, Protocol

from rules.refusals import gettext as _
from tables.rules.high_card import high_card


@dataclass(frozen=True)
class Table:
    number: int
    seats: int
    players: dict[int, int] = field(default_factory=dict)  # seat -> player id
    button: int | None = None
    small_blind: int | None = None
    big_blind: int | None = None  # None: no hand dealt yet

    @property
    def count(self) -> int:
        return len(self.players)

    def empty_seats(self) -> list[int]:
        return [seat for seat in range(1, self.seats + 1) if seat not in self.players]

    def after(self, seat: int) -> list[int]:
        """Every seat clockwise after `seat`, ending with `seat` itself."""
        return [(seat + step - 1) % self.seats + 1 for step in range(1, self.seats + 1)]

    def next_occupied(self, seat: int, players: dict[int, int] | None = None) -> int | None:
        players = self.players if players is None else players
        return next((s for s in self.after(seat) if s in players), None)


class TableSize(NamedTuple):
    """A table as the precedence of the final table, breaking and balancing first reads it:
    how many sit there. On a 1,000-table floor a bust reads these, not every seat, and a break
    makes one per table twice: a named tuple, made faster than a frozen dataclass."""

    number: int
    seats: int
    count: int


class OpenSeats(NamedTuple):
    """A table as a break reads it (SEAT-BREAK): how many sit there and, where the break may deal
    a seat card, which seats are open; who sits there is not read. A named tuple, as TableSize."""

    number: int
    seats: int
    count: int
    open: tuple[int, ...] = ()

    def empty_seats(self) -> list[int]:
        return list(self.open)


class Sized(Protocol):
    number: int
    seats: int

    @property
    def count(self) -> int: ...


@dataclass(frozen=True)
class Move:
    player: int
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int


# BTN-DEAD ---------------------------------------------------------------------------------


def next_hand(table: Table) -> Table:
    """Positions for the next hand (BTN-DEAD). Heads-up, the small blind is on the button, and
    nobody posts the big blind twice running: the big blind always moves to the next player."""
    occupied = sorted(table.players)
    if len(occupied) < 2:
        raise ValueError(f"table {table.number} has fewer than two players: no hand")
    if table.big_blind is None:
        if table.button is None:
            raise ValueError(f"table {table.number} needs a button (BTN-DRAW) before its first hand")
        button = table.button if table.button in table.players else table.next_occupied(table.button)
        if len(occupied) == 2:
            return replace(table, button=button, small_blind=button, big_blind=table.next_occupied(button))
        small = table.next_occupied(button)
        return replace(table, button=button, small_blind=small, big_blind=table.next_occupied(small))
    big = table.next_occupied(table.big_blind)
    if len(occupied) == 2:
        other = next(seat for seat in occupied if seat != big)
        return replace(table, button=other, small_blind=other, big_blind=big)
    button, small = table.small_blind, table.big_blind
    if button == big:
        # A player joined a heads-up table: the last hand's small blind (on the button) is due
        # the big blind, so the button goes to the player before the small blind instead of
        # sharing a seat with the big blind.
        button = next(seat for seat in reversed(table.after(small)[:-1]) if seat in table.players)
    return replace(table, button=button, small_blind=small, big_blind=big)


def big_blind_order(table: Table) -> list[int]:
    """Occupied seats in the order they will post the big blind, next one first."""
    start = table.big_blind if table.big_blind is not None else (table.button or table.seats)
    return [seat for seat in table.after(start) if seat in table.players]


def hands_until_big_blind(table: Table, seat: int) -> int | None:
    """For an empty seat: how many hands until a player sat there posts the big blind, or None
    when the seat is on or after the next button and before the next big blind, where a new
    player may not sit (ENT-LATE, SEAT-BALANCE)."""
    if table.big_blind is None:
        return 0  # before the first hand every seat is as good as any
    players = {**table.players, seat: -1}
    big = table.next_occupied(table.big_blind, players)
    if big == seat:
        return 0  # sits down into the next big blind: the worst position
    button = table.small_blind  # the next hand's button seat, live or dead
    arc = []  # seats from the next button up to (not including) the next big blind
    for s in table.after((button - 2) % table.seats + 1):
        if s == big:
            break
        arc.append(s)
    if seat in arc:
        return None
    order = [s for s in table.after(big) if s in players]  # after the next big blind, clockwise
    return order.index(seat) + 1


def worst_seat(table: Table, corresponding: int | None = None) -> int | None:
    """The empty seat a moved player takes: the one that posts the big blind soonest, never the
    small blind or between the small blind and the button (SEAT-BALANCE). `corresponding`:
    the same seat number if it is allowed (neverending's move by corresponding seat)."""
    ranked = [
        (hands, seat) for seat in table.empty_seats() if (hands := hands_until_big_blind(table, seat)) is not None
    ]
    if corresponding is not None and any(seat == corresponding for _, seat in ranked):
        return corresponding
    return min(ranked)[1] if ranked else None


# SEAT-BALANCE -----------------------------------------------------------------------------


@dataclass(frozen=True)
class BalancePlan:
    moves: list[Move]
    tables: list[Table]  # as they stand after the moves
    halted: list[int]  # tables three or more short of the largest (pokerfest halts play there)
    waiting: list[int]  # short tables with no allowed seat this hand: move after the next hand


def partners(keep_apart: list[set[int]] | None) -> dict[int, set[int]]:
    """SEAT-SEPARATE: each player's keep-apart partners."""
    found: dict[int, set[int]] = {}
    for group in keep_apart or ():
        for player in group:
            found.setdefault(player, set()).update(group - {player})
    return found


def halted_tables(tables: list[Sized], halt_when_short_by: int | None = 3) -> list[int]:
    """SEAT-BALANCE (pokerfest): the tables `halt_when_short_by` or more short of the largest,
    where play halts until the moves are made."""
    most = max((t.count for t in tables), default=0)
    return sorted(t.number for t in tables if halt_when_short_by and most - t.count >= halt_when_short_by)


def needs_balancing(tables: list[Sized], tolerance: int = 1) -> bool:
    """Whether `balance` has any move to make: the largest and the smallest table are more than
    `tolerance` apart. When not, the sizes alone answer, without reading who sits where."""
    counts = [t.count for t in tables]
    return len(counts) > 1 and max(counts) - min(counts) > tolerance


def fewest_moved(order: list[int], players: dict[int, int], times_moved: dict[int, int]) -> list[int]:
    """SEAT-BALANCE's choice, fairly: of the seats in big-blind order (`order`), those whose
    player has been moved fewest times so far, in that order."""
    fewest = min(times_moved.get(players[seat], 0) for seat in order)
    return [seat for seat in order if times_moved.get(players[seat], 0) == fewest]


def balance_reads(tables: list[Sized], tolerance: int = 1) -> set[int]:
    """The tables `balance` can touch, from the sizes alone: who sits where is read for these
    only. A move raises a table more than `tolerance` short of the largest by one, so at most
    `deficit` moves are made; each takes the longest table, which is a touched one or the next
    untouched in the order (most players, lowest number): the first `deficit` of that order."""
    if not needs_balancing(tables, tolerance):
        return set()
    most = max(t.count for t in tables)
    short = [t for t in tables if most - t.count > tolerance]
    deficit = sum(most - tolerance - t.count for t in short)
    longest = sorted(tables, key=lambda t: (-t.count, t.number))[: deficit + 1]
    return {t.number for t in short} | {t.number for t in longest}


def balance(
    tables: list[Table],
    tolerance: int = 1,
    moved_before: frozenset[int] = frozenset(),
    by_corresponding_seat: bool = False,
    halt_when_short_by: int | None = 3,
    keep_apart: list[set[int]] | None = None,
    times_moved: dict[int, int] | None = None,
) -> BalancePlan:
    """The moves that bring the largest and smallest tables within `tolerance`.

    The mover is the player due the big blind next at the longest table, taking the worst
    position at the shortest table. Where that leaves a choice, the player moved fewest times
    so far goes (`times_moved` by player; `moved_before`: moved at least once; a move earlier
    in this plan counts), and a player whose keep-apart partner sits at the short table is
    passed over while another could go (SEAT-SEPARATE).
    """
    apart = partners(keep_apart)
    state = {table.number: table for table in tables}
    halted = halted_tables(tables, halt_when_short_by)
    moved = {player: max(1, (times_moved or {}).get(player, 0)) for player in moved_before}
    moved.update({player: n for player, n in (times_moved or {}).items() if n > moved.get(player, 0)})
    moves, waiting = [], set()
    while True:
        live = [t for t in state.values() if t.number not in waiting]
        longest = max(state.values(), key=lambda t: (t.count, -t.number))
        candidates = sorted((t for t in live if t.number != longest.number), key=lambda t: (t.count, t.number))
        if not candidates or longest.count - candidates[0].count <= tolerance:
            break
        short = candidates[0]
        order = big_blind_order(longest)
        there = set(short.players.values())
        fresh = fewest_moved(order, longest.players, moved)
        mover_seat = next((s for s in fresh if not apart.get(longest.players[s], set()) & there), fresh[0])
        seat = worst_seat(short, mover_seat if by_corresponding_seat else None)
        if seat is None:
            waiting.add(short.number)
            continue
        player = longest.players[mover_seat]
        state[longest.number] = replace(longest, players={s: p for s, p in longest.players.items() if s != mover_seat})
        state[short.number] = replace(short, players={**short.players, seat: player})
        moves.append(Move(player, longest.number, mover_seat, short.number, seat))
        moved[player] = moved.get(player, 0) + 1
    return BalancePlan(moves, sorted(state.values(), key=lambda t: t.number), halted, sorted(waiting))


# SEAT-DRAW, SEAT-SEPARATE -----------------------------------------------------------------


@dataclass(frozen=True)
class Draw:
    tables: list[Table]
    separation_violations: int  # keep-apart pairs that had to share a table (0 when possible)


def table_targets(total: int, capacities: dict[int, int], start: dict[int, int] | None = None) -> dict[int, int]:
    """How many players each table gets so sizes differ by at most one where capacity allows.

    As if each place went, one by one, to the smallest table with room, the first opened on a
    tie: every table is filled to one level (a table already above it, or too small for it,
    keeps its own), and the places left over go one each to the first tables at that level with
    room. Computed from the level, not place by place: a break on a 1,000-table floor asks this
    of 9,000 players, and a loop over them cost milliseconds."""
    targets = dict(start or dict.fromkeys(capacities, 0))
    if total > sum(capacities.values()):
        raise ValueError(
            _("%(total)s players do not fit in %(capacities)s seats")
            % {"total": total, "capacities": sum(capacities.values())}
        )
    if total <= sum(targets.values()):  # also no tables: more players than seats is refused above
        return targets

    # Tables alike in (players, seats) fill alike: a floor has a handful of such kinds.
    alike_tables = Counter((targets[n], seats) for n, seats in capacities.items())

    def filled(level: int) -> int:
        return sum(alike * max(players, min(seats, level)) for (players, seats), alike in alike_tables.items())

    low, high = 0, max(capacities.values())  # filled(low) <= total; the highest level that holds
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if filled(middle) <= total else (low, middle - 1)
    left = total - filled(low)
    for n, seats in capacities.items():
        if targets[n] < low:
            targets[n] = min(seats, low)
        if left and targets[n] <= low < seats:
            targets[n], left = low + 1, left - 1
    return targets


def fewest_tables(players: int, tables: list[Table], breaking_order: list[int], pinned_at: set[int]) -> list[int]:
    """SEAT-DRAW for a flight: the fewest open tables whose seats hold the field, the tables that
    break last first (and any table a pinned seat is at), in the order given by `tables`. The
    rest are not needed: a 9-player field sits at one 9-seat table, not 5 and 4 at two."""
    seats = {t.number: t.seats for t in tables}
    chosen = {number for number in pinned_at if number in seats}
    for number in reversed(breaking_order):
        if sum(seats[n] for n in chosen) >= players:
            break
        chosen.add(number)
    return [t.number for t in tables if t.number in chosen]


def draw(
    players: list[int],
    tables: list[Table],
    rng: random.Random,
    pinned: dict[int, tuple[int, int]] | None = None,
    keep_apart: list[set[int]] | None = None,
) -> Draw:
    """SEAT-DRAW: seat the field at random over the open tables, sizes within one of each other,
    reproducible from the seed behind `rng`; `pinned` players (special needs, the TV table) get
    their seat. SEAT-SEPARATE: members of a keep-apart group go to different tables where the
    numbers allow, and the draw says how many pairs could not be kept apart."""
    pinned = pinned or {}
    keep_apart = [set(group) for group in (keep_apart or [])]
    capacities = {t.number: t.seats for t in tables}
    base = {t.number: sum(1 for table, _ in pinned.values() if table == t.number) for t in tables}
    targets = table_targets(len(players), capacities, base)
    assigned: dict[int, list[int]] = {t.number: [] for t in tables}
    free = [p for p in players if p not in pinned]
    rng.shuffle(free)
    in_group = {p: i for i, group in enumerate(keep_apart) for p in group}
    room = {n: targets[n] - base[n] for n in targets}
    position = {number: index for index, number in enumerate(targets)}
    # Keep-apart members first, each to the open table with fewest of their group.
    for player in (p for p in free if p in in_group):
        group = keep_apart[in_group[player]]

        def crowding(n):
            at_table = set(assigned[n]) | {p for p, (t, _) in pinned.items() if t == n}
            return len(at_table & group), -room[n], position[n]

        table = min((n for n in targets if room[n] > 0), key=crowding)
        assigned[table].append(player)
        room[table] -= 1
    # Everyone else (already in random order) fills the remaining places.
    places = [n for n in targets for _ in range(room[n])]
    for player, table in zip((p for p in free if p not in in_group), places):
        assigned[table].append(player)
    seated = []
    for table in tables:
        players_here = {seat: p for p, (t, seat) in pinned.items() if t == table.number}
        seats = [s for s in range(1, table.seats + 1) if s not in players_here]
        for player, seat in zip(assigned[table.number], rng.sample(seats, len(assigned[table.number]))):
            players_here[seat] = player
        seated.append(replace(table, players=players_here, button=None, small_blind=None, big_blind=None))
    violations = sum(
        len(group & set(t.players.values())) - 1
        for group in keep_apart
        for t in seated
        if len(group & set(t.players.values())) > 1
    )
    return Draw(seated, violations)


def seat_late_entry(tables: list[Table], player: int, rng: random.Random) -> tuple[int, int]:
    """ENT-LATE: a late entry or alternate goes to a smallest table, into any seat except the
    small blind and between the small blind and the button. Where every free seat is there
    (a table just gone heads-up: the whole table lies between the button and the big blind),
    the entry still sits, between the button and the small blind, and waits for the button to
    pass: "the only place they cannot get a hand is between the small blind and the button"
    (neverending 46, chips; pokerfest's dead button "due to the seating of a new player into a
    position between the small blind and the button"). Only the next hand's button and small
    blind seats, when they are all that is free, make the entry wait (ENT-WAIT) for a hand."""
    ordered = sorted(tables, key=lambda t: (t.count, rng.random()))
    for table in ordered:
        allowed = [seat for seat in table.empty_seats() if hands_until_big_blind(table, seat) is not None]
        if allowed:
            return table.number, rng.choice(allowed)
    for table in ordered:
        if behind := behind_the_button(table):
            return table.number, behind[0]
    raise ValueError("no open seat where a new player may sit this hand")


def behind_the_button(table: Table) -> list[int]:
    """The free seats strictly between the next hand's button and small blind, the one the
    button passes first first: a new player sits there without a hand until it has passed."""
    if table.big_blind is None or table.small_blind is None:
        return []
    button, small = table.small_blind, table.big_blind  # the next hand's (BTN-DEAD)
    between = []
    for seat in table.after(button):
        if seat == small:
            break
        between.append(seat)
    return [seat for seat in between if seat not in table.players]


# SEAT-FINAL, BTN-DRAW (SEAT-BREAK: tables/rules/breaks.py) ----------------------------------------------------------


def needs_button(table: Table) -> bool:
    """BTN-DRAW is due: two players or more and no button yet (a table opened during play,
    filled by late entries, moves or a break after the field's draw)."""
    return table.count >= 2 and table.button is None and table.big_blind is None


def first_hand(table: Table, rng: random.Random) -> tuple[Table, dict[int, str]]:
    """BTN-DRAW at a table's first hand, then its blinds (BTN-DEAD): the positions and the
    cards dealt for the button."""
    button, cards = button_draw(table, rng)
    return next_hand(replace(table, button=button, small_blind=None, big_blind=None)), cards


def button_draw(table: Table, rng: random.Random) -> tuple[int, dict[int, str]]:
    """BTN-DRAW: one card to each player from seat 1 clockwise; the highest card (spades >
    hearts > diamonds > clubs; the same card: the first dealt) takes the button."""
    seats = sorted(table.players)
    result = high_card(seats, rng)
    return result.order[0], {seat: result.cards[seat] for seat in seats}


def draw_buttons(
    tables: list[Table], rng: random.Random, field_wide: bool = False
) -> tuple[dict[int, int], tuple[int, int] | None]:
    """BTN-DRAW for a drawn field: {table number: button seat} for every table of two players
    or more, each by its own high-card draw; or, `field_wide` (pokerfest: "a draw for the
    button will be held at one table; this draw will determine the button position for the
    entire tournament field"), one draw at the first such table whose seat number is every
    table's button (where that seat is empty, the button moves on as a dead button does).
    Also returns (table, seat) of the field-wide draw, or None."""
    playing = [table for table in tables if table.count >= 2]
    if not field_wide or not playing:
        return {table.number: button_draw(table, rng)[0] for table in playing}, None
    seat, _ = button_draw(playing[0], rng)
    return {table.number: seat for table in playing}, (playing[0].number, seat)


def final_table(
    players: list[int], seats: int, rng: random.Random, keep_apart: list[set[int]] | None = None, number: int = 1
) -> tuple[Table, dict[int, str]]:
    """SEAT-FINAL: at the final table size, seats and the button are drawn again."""
    if len(players) > seats:
        raise ValueError(
            _("%(players_count)s players do not fit a %(seats)s-seat final table")
            % {"players_count": len(players), "seats": seats}
        )
    table = draw(players, [Table(number, seats)], rng, keep_apart=keep_apart).tables[0]
    button, cards = button_draw(table, rng)
    return replace(table, button=button), cards


def stacks_in_play(collected: set[tuple[int, int]], tables: list[Table]) -> set[int]:
    """SEAT-COLLECT (pokerfest): the seat numbers whose stacks go into play, because every
    occupied seat of that number, at every table, has been collected (all seat-8s together).
    `collected` holds (table, seat) pairs the floor has checked in."""
    by_number: dict[int, set[tuple[int, int]]] = {}
    for table in tables:
        for seat in table.players:
            by_number.setdefault(seat, set()).add((table.number, seat))
    return {number for number, places in by_number.items() if places <= collected}
