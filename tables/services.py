"""Seating services: open tables for a tournament, draw the field (SEAT-DRAW, BTN-DRAW).
Each one transaction, one event in the tournament's log, broadcast after commit."""

import random
import secrets
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from players.services import player_summary, public_name
from pokerfest.access import recorded_user
from pokerfest.refusals import Refused
from tables import seating
from tables.models import KeepApart, Seating, Table, TournamentTable
from tournaments import events
from tournaments.models import Elimination, Entry, Tournament
from tournaments.snapshot import field_counts


def open_tables(tournament_id: int, numbers: list[int], director, request_key: str | None = None
                ) -> list[TournamentTable]:
    """Open the venue's tables for this tournament, in this order (the order they fill)."""
    if not numbers or len(set(numbers)) != len(numbers):
        raise Refused("List each table number once, in the order the tables open.")
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if repeated := events.earlier(tournament_id, request_key):
            return list(tournament.tables.filter(table__number__in=repeated.payload["tables"]))
        venue = {t.number: t for t in Table.objects.filter(festival_id=tournament.festival_id, number__in=numbers)}
        unknown = [n for n in numbers if n not in venue]
        if unknown:
            raise Refused(f"The venue has no table {', '.join(map(str, unknown))}; add it in the admin first.")
        already = set(tournament.tables.filter(table__number__in=numbers).values_list("table__number", flat=True))
        if already:
            raise Refused(f"Already open: table {', '.join(map(str, sorted(already)))}.")
        start = tournament.tables.count()
        opened = [TournamentTable.objects.create(tournament=tournament, table=venue[n], open_order=start + i + 1)
                  for i, n in enumerate(numbers)]
        events.append_event(tournament_id, "tables.opened", request_key=request_key, actor=director,
                            payload={"tables": numbers}, public={"tables": numbers})
    return opened


def draw_field(tournament_id: int, director, seed: int | None = None, request_key: str | None = None) -> dict:
    """SEAT-DRAW: seat every entry at random over the open tables, sizes within one, and
    draw each table's button by high card (BTN-DRAW). The seed is logged: it replays the draw."""
    seed = secrets.randbits(62) if seed is None else seed
    now = timezone.now()
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if repeated := events.earlier(tournament_id, request_key):
            return repeated.payload
        if tournament.seatings.filter(ended_at__isnull=True).exists():
            raise Refused("The field is already drawn: seat late entries one by one instead.")
        open_here = list(tournament.tables.filter(broken_at__isnull=True).select_related("table"))
        if not open_here:
            raise Refused("Open the tournament's tables first.")
        entries = {e.id: e for e in tournament.entries.filter(kind__in=Entry.SEAT_KINDS, status=Entry.Status.ACTIVE)}
        if not entries:
            raise Refused("There are no entries to seat yet.")
        capacity = sum(t.table.seats for t in open_here)
        if len(entries) > capacity:
            raise Refused(f"{len(entries)} entries need more than the {capacity} seats of the open tables: "
                          "open more tables first.")
        rng = random.Random(seed)
        plan = seating.draw(sorted(entries), [seating.Table(t.table.number, t.table.seats) for t in open_here], rng,
                            pinned=_pins(tournament, entries, {t.table.number for t in open_here}),
                            keep_apart=_keep_apart(tournament))
        by_number = {t.table.number: t for t in open_here}
        rows, chart = [], {}
        for drawn in plan.tables:
            here = by_number[drawn.number]
            rows += [Seating(tournament=tournament, entry_id=entry_id, tournament_table=here, seat=seat, started_at=now)
                     for seat, entry_id in drawn.players.items()]
            if drawn.count >= 2:
                # The first hand's positions: the balancing rules reason from the hand dealt.
                button, _ = seating.button_draw(drawn, rng)
                first = seating.next_hand(seating.Table(drawn.number, drawn.seats, drawn.players, button=button))
                here.button, here.small_blind, here.big_blind = first.button, first.small_blind, first.big_blind
            chart[drawn.number] = drawn.count
        level = _clock_level(tournament_id)
        for here in open_here:
            here.playing_level = level
        TournamentTable.objects.bulk_update(open_here, ["button", "small_blind", "big_blind", "playing_level"],
                                            batch_size=500)
        Seating.objects.bulk_create(rows)
        events.append_event(tournament_id, "seating.drawn", request_key=request_key, actor=director,
                            public={"tables": chart},
                            payload={"seed": seed, "tables": chart, "kept_apart_failed": plan.separation_violations})
    return {"seed": seed, "tables": chart, "kept_apart_failed": plan.separation_violations}


def _pins(tournament: Tournament, entries: dict[int, Entry], open_numbers: set[int]) -> dict[int, tuple[int, int]]:
    """SEAT-DRAW: the seats staff reserved for active entries."""
    pins = {}
    for pin in tournament.seat_pins.select_related("table", "entry").filter(entry_id__in=entries):
        if pin.table.number not in open_numbers:
            raise Refused(f"Entry #{pin.entry.number} is pinned to table {pin.table.number}, which is not open: "
                          "open it or change the pin.")
        pins[pin.entry_id] = (pin.table.number, pin.seat)
    return pins


def _clock_level(tournament_id: int) -> int | None:
    """The level the clock shows now (None without a clock): the limits a hand dealt now uses."""
    from clock.models import Clock  # the clock app builds on tables
    from clock.timeline import view

    clock = Clock.objects.filter(tournament_id=tournament_id).select_related("structure").first()
    if clock is None:
        return None
    return view(clock.state, clock.structure.timeline_levels(), timezone.now()).level_index


def _keep_apart(tournament: Tournament) -> list[set[int]]:
    """SEAT-SEPARATE: each group's entries still in play."""
    groups = {}
    members = KeepApart.entries.through.objects.filter(keepapart__tournament=tournament,
                                                       entry__status=Entry.Status.ACTIVE)
    for group_id, entry_id in members.values_list("keepapart_id", "entry_id"):
        groups.setdefault(group_id, set()).add(entry_id)
    return [group for group in groups.values() if len(group) > 1]


def lock_tournament(tournament_id: int) -> Tournament:
    """Lock the tournament's row: its seating changes happen one at a time, and a retried
    request (same key) waits for the first and then sees it in the log."""
    return Tournament.objects.select_for_update(of=("self",)).get(pk=tournament_id)


def _open_tables(tournament: Tournament) -> dict[int, TournamentTable]:
    return {t.table.number: t for t in tournament.tables.filter(broken_at__isnull=True).select_related("table")}


@dataclass(frozen=True)
class OpenTable:
    """An open table as the proposals read it: its row, its places in the orders, and the pure
    rules' view of it (who sits where, the last hand's positions)."""

    id: int
    is_tv: bool
    is_final: bool
    open_order: int
    break_position: int | None
    hands_dealt: int
    playing_level: int | None
    hands_left: int | None
    heads_up_from_hand: int | None
    state: seating.Table


def _open(tournament: Tournament) -> dict[int, OpenTable]:
    """Every open table by number, from two plain queries: on a 1,000-table floor every bust
    reads them, so no model instances."""
    rows = list(tournament.tables.filter(broken_at__isnull=True).order_by("open_order").values(
        "id", "table__number", "table__seats", "table__is_tv", "is_final", "open_order", "break_position",
        "hands_dealt", "playing_level", "hands_left", "heads_up_from_hand", "button", "small_blind", "big_blind"))
    players: dict[int, dict[int, int]] = {row["id"]: {} for row in rows}
    for table_id, seat, entry_id in tournament.seatings.filter(ended_at__isnull=True).values_list(
            "tournament_table_id", "seat", "entry_id"):
        players[table_id][seat] = entry_id
    return {row["table__number"]: OpenTable(
        row["id"], row["table__is_tv"], row["is_final"], row["open_order"], row["break_position"], row["hands_dealt"],
        row["playing_level"], row["hands_left"], row["heads_up_from_hand"],
        seating.Table(row["table__number"], row["table__seats"], players[row["id"]], row["button"],
                      row["small_blind"], row["big_blind"])) for row in rows}


def table_state(here: TournamentTable) -> seating.Table:
    """The pure rules' view of a table: who sits where (entry ids), and the last hand's positions."""
    players = dict(here.seatings.filter(ended_at__isnull=True).values_list("seat", "entry_id"))
    return seating.Table(here.table.number, here.table.seats, players, here.button, here.small_blind, here.big_blind)


def open_table(tournament: Tournament, number: int) -> TournamentTable:
    here = tournament.tables.filter(broken_at__isnull=True, table__number=number).select_related("table").first()
    if here is None:
        raise Refused(f"Table {number} is not open in this tournament.")
    return here


def hand_done(tournament_id: int, table_number: int, actor, request_key: str | None = None) -> seating.Table:
    """The floor's "hand done": the next hand's button and blinds follow the dead-button rule."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if events.already_done(tournament_id, request_key):
            return table_state(open_table(tournament, table_number))
        here = open_table(tournament, table_number)
        state = table_state(here)
        if state.count < 2:
            raise Refused(f"Table {table_number} has fewer than two players: no hand to deal.")
        if here.hands_left == 0:
            raise Refused(f"Table {table_number} has played its last hand of the day: bag the chips.")
        from tables import hand_for_hand  # builds on these services

        hand_for_hand.hand_done(tournament, here)  # refuses a table that must wait
        following = seating.next_hand(state)
        here.button, here.small_blind, here.big_blind = following.button, following.small_blind, following.big_blind
        here.hands_dealt += 1
        here.playing_level = _clock_level(tournament_id)
        here.save(update_fields=["button", "small_blind", "big_blind", "hands_dealt", "playing_level"])
        # A clock still running on a player ends with the hand.
        here.clocks.filter(ended_at__isnull=True).update(ended_at=timezone.now(), outcome="hand over")
        from clock.day import hand_played  # the clock app builds on tables

        hand_played(tournament, here)
        positions = {"table": table_number, "button": here.button, "small_blind": here.small_blind,
                     "big_blind": here.big_blind}
        if hfh := hand_for_hand.view(tournament):
            positions["hand_for_hand"] = hfh
        events.append_event(tournament_id, "hand.done", request_key=request_key, actor=actor, payload=positions,
                            public=positions)
    return following


def player_out(tournament_id: int, table_number: int, seat: int, actor, request_key: str | None = None,
               starting_stack: int | None = None) -> dict:
    """The floor's "player out": the seat empties, the entry is busted and the elimination is
    recorded with the hand and the chips the player started it with (they rank players out in
    the same hand, ELIM-SAMETABLE). Answers with the balancing moves the table now needs
    (proposed, not yet made)."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if events.already_done(tournament_id, request_key):
            return proposed_moves(tournament_id)
        here = open_table(tournament, table_number)
        sitting = sitting_at(here, seat)
        now = timezone.now()
        _end(sitting, now, "busted")
        Entry.objects.filter(pk=sitting.entry_id, status=Entry.Status.ACTIVE).update(status=Entry.Status.BUSTED)
        left = tournament.seatings.filter(ended_at__isnull=True).count()
        if left == 2 and here.seatings.filter(ended_at__isnull=True).count() == 2:
            here.heads_up_from_hand = here.hands_dealt  # CLK-HEADSUP counts from the next hand
            here.save(update_fields=["heads_up_from_hand"])
        from clock.calls import top_up_after_bust  # the clock app builds on tables

        top_up_after_bust(tournament, left)
        from tournaments.results import money_summary  # results read what tables write

        counts = field_counts(tournament_id)
        public = {"table": table_number, "seat": seat, **counts,
                  "money": money_summary(tournament, counts["players_left"])}
        logged = events.append_event(tournament_id, "player.out", request_key=request_key, actor=actor, public=public,
                                     payload={**public, "player": player_summary(sitting.entry.player), "starting_stack": starting_stack})
        from tables import hand_for_hand  # builds on these services

        Elimination.objects.create(tournament=tournament, entry_id=sitting.entry_id, seq=logged.seq,
                                   table=table_number, seat=seat, hand=here.hands_dealt,
                                   hand_for_hand=hand_for_hand.bust_hand(tournament),
                                   starting_stack=starting_stack, at=now)
    return proposed_moves(tournament_id)


def breaking_order(tournament: Tournament, open_here: dict[int, OpenTable] | None = None) -> list[int]:
    """SEAT-BREAK: the open tables in the order they break. Tables the director has not placed
    break first, the last opened first; then the published order."""
    open_here = _open(tournament) if open_here is None else open_here
    ranked = sorted(open_here.values(), key=lambda t: (t.break_position is not None, t.break_position or 0,
                                                       -t.open_order))
    return [t.state.number for t in ranked]


def final_table_of(open_here: dict[int, OpenTable], order: list[int]) -> OpenTable:
    """The table the final is played at: the table already redrawn as final, else an open TV
    table, else the table that would break last."""
    final = next((t for t in open_here.values() if t.is_final), None) or \
        next((t for t in open_here.values() if t.is_tv), None)
    return final or open_here[order[-1]]


def final_table_size(tournament: Tournament, final: OpenTable) -> int:
    size = tournament.rules().seating.final_table_size
    return min(size, final.state.seats) if size else final.state.seats


def proposed_moves(tournament_id: int) -> dict:
    """What the tables need now, in this order of precedence: the final-table redraw when the
    field fits the final table (SEAT-FINAL), else the next table of the breaking order when the
    field fits one table fewer (SEAT-BREAK), else the balancing moves (SEAT-BALANCE) and the
    tables to halt."""
    tournament = Tournament.objects.get(pk=tournament_id)
    rules = tournament.rules().seating
    open_here = _open(tournament)
    states = [t.state for t in open_here.values()]
    left = sum(t.count for t in states)
    answer = {"moves": [], "halted": [], "waiting": [], "break_due": None, "final_due": False,
              "players_left": left}
    if not open_here or left == 0:
        return answer
    order = breaking_order(tournament, open_here)
    final = final_table_of(open_here, order)
    if len(open_here) > 1 and not final.is_final and 2 <= left <= final_table_size(tournament, final):
        return {**answer, "final_due": True}
    breaking = seating.table_to_break(states, order)
    if breaking is not None:
        return {**answer, "break_due": breaking}
    moved_before = frozenset(tournament.seatings.filter(ended_because="moved").values_list("entry_id", flat=True))
    plan = seating.balance(states, tolerance=rules.balance_tolerance, moved_before=moved_before,
                           by_corresponding_seat=rules.move_by_corresponding_seat,
                           halt_when_short_by=rules.halt_when_short_by)
    return {**answer, "moves": [{"entry": m.player, "from_table": m.from_table, "from_seat": m.from_seat,
                                 "to_table": m.to_table, "to_seat": m.to_seat} for m in plan.moves],
            "halted": plan.halted, "waiting": plan.waiting}


def set_breaking_order(tournament_id: int, numbers: list[int], director, request_key: str | None = None) -> list[int]:
    """The director sets the breaking order (first breaks first); it is published when
    registration closes and cannot change after (SEAT-BREAK)."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if repeated := events.earlier(tournament_id, request_key):
            return repeated.payload["order"]
        if tournament.registration_closed:
            raise Refused("The breaking order was published when registration closed; it can no longer change.")
        open_here = _open(tournament)
        if sorted(numbers) != sorted(open_here):
            raise Refused("List every open table once, first to break first: "
                          f"the open tables are {', '.join(map(str, sorted(open_here)))}.")
        tournament.tables.update(break_position=None)  # clear first: positions are unique
        for position, number in enumerate(numbers, start=1):
            TournamentTable.objects.filter(pk=open_here[number].id).update(break_position=position)
        events.append_event(tournament_id, "tables.breaking_order", request_key=request_key, actor=director,
                            payload={"order": numbers}, public={"order": numbers})
    return numbers


def break_next_table(tournament_id: int, actor, seed: int | None = None, request_key: str | None = None) -> dict:
    """SEAT-BREAK: break the next table of the breaking order; its players, from seat 1
    clockwise, get random seat cards for open seats at the other tables. The seed is logged."""
    seed = secrets.randbits(62) if seed is None else seed
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if repeated := events.earlier(tournament_id, request_key):
            return {**repeated.public, "seed": repeated.payload["seed"]}
        open_here = _open(tournament)
        states = [t.state for t in open_here.values()]
        order = breaking_order(tournament, open_here)
        breaking = seating.table_to_break(states, order)
        if breaking is None:
            left = sum(t.count for t in states)
            raise Refused(f"No table breaks yet: the {left} players left do not fit in one table fewer.")
        moves = seating.break_table(states, order, random.Random(seed))
        now = timezone.now()
        broken = open_here[breaking]
        leaving = Seating.objects.filter(tournament_table_id=broken.id, ended_at__isnull=True)
        names = {s.entry_id: str(s.entry.player) for s in leaving.select_related("entry__player")}
        leaving.update(ended_at=now, ended_because="table broken")
        Seating.objects.bulk_create([
            Seating(tournament=tournament, entry_id=m.player, tournament_table_id=open_here[m.to_table].id,
                    seat=m.to_seat, started_at=now) for m in moves])
        TournamentTable.objects.filter(pk=broken.id).update(broken_at=now)
        public = {"table": breaking, "moves": [{"from_seat": m.from_seat, "to_table": m.to_table,
                                                "to_seat": m.to_seat} for m in moves]}
        events.append_event(tournament_id, "table.broken", request_key=request_key, actor=actor, public=public,
                            payload={**public, "seed": seed, "names": {m.from_seat: names[m.player] for m in moves}})
    return {**public, "seed": seed}


def draw_final_table(tournament_id: int, director, seed: int | None = None, request_key: str | None = None) -> dict:
    """SEAT-FINAL: once the field fits the final table, every remaining player gets a new seat
    there by random draw, and the button is drawn again (BTN-DRAW). The other tables break."""
    seed = secrets.randbits(62) if seed is None else seed
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if repeated := events.earlier(tournament_id, request_key):
            return {**repeated.public, "seed": repeated.payload["seed"]}
        open_here = _open(tournament)
        if not open_here:
            raise Refused("No tables are open.")
        final = final_table_of(open_here, breaking_order(tournament, open_here))
        if final.is_final:
            raise Refused(f"The final table (table {final.state.number}) is already drawn.")
        size = final_table_size(tournament, final)
        sitting = list(tournament.seatings.filter(ended_at__isnull=True).values_list("entry_id", flat=True))
        if len(sitting) > size:
            raise Refused(f"{len(sitting)} players are left: the final table is drawn at {size}.")
        if len(sitting) < 2:
            raise Refused("A final table needs at least two players.")
        rng = random.Random(seed)
        drawn, cards = seating.final_table(sorted(sitting), final.state.seats, rng, keep_apart=_keep_apart(tournament),
                                           number=final.state.number)
        first = seating.next_hand(drawn)
        now = timezone.now()
        tournament.seatings.filter(ended_at__isnull=True).update(ended_at=now, ended_because="final table")
        tournament.tables.filter(broken_at__isnull=True).exclude(pk=final.id).update(broken_at=now)
        Seating.objects.bulk_create([Seating(tournament=tournament, entry_id=entry_id, tournament_table_id=final.id,
                                             seat=seat, started_at=now) for seat, entry_id in drawn.players.items()])
        TournamentTable.objects.filter(pk=final.id).update(is_final=True, button=first.button,
                                                           small_blind=first.small_blind, big_blind=first.big_blind)
        public = {"table": final.state.number, "seats": sorted(drawn.players), "button": first.button,
                  "cards": {str(seat): card for seat, card in cards.items()}}
        events.append_event(tournament_id, "final_table.drawn", request_key=request_key, actor=director,
                            public=public,
                            payload={**public, "seed": seed,
                                     "players": {str(seat): entry for seat, entry in drawn.players.items()}})
    return {**public, "seed": seed}


def move_by_hand(tournament_id: int, from_table: int, from_seat: int, to_table: int, to_seat: int, reason: str,
                 actor, request_key: str | None = None) -> dict:
    """The floor moves a player by hand into an empty seat, saying why (a ruling, special
    needs, a broken chair). Outside the balancing rules, so the reason goes in the log."""
    reason = logged_reason(reason, "the player is moved")
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if repeated := events.earlier(tournament_id, request_key):
            return repeated.public
        source, target = open_table(tournament, from_table), open_table(tournament, to_table)
        moving = sitting_at(source, from_seat)
        if not 1 <= to_seat <= target.table.seats:
            raise Refused(f"Table {to_table} has seats 1 to {target.table.seats}.")
        if target.seatings.filter(seat=to_seat, ended_at__isnull=True).exists():
            raise Refused(f"Seat {to_seat} at table {to_table} is taken: swap the two players instead.")
        now = timezone.now()
        _end(moving, now, "moved by hand")
        Seating.objects.create(tournament=tournament, entry=moving.entry, tournament_table=target, seat=to_seat,
                               started_at=now)
        public = {"from_table": from_table, "from_seat": from_seat, "to_table": to_table, "to_seat": to_seat,
                  "reason": reason}
        events.append_event(tournament_id, "player.moved", request_key=request_key, actor=actor, public=public,
                            payload={**public, "player": player_summary(moving.entry.player)})
    return public


def swap_seats(tournament_id: int, table_a: int, seat_a: int, table_b: int, seat_b: int, reason: str, actor,
               request_key: str | None = None) -> dict:
    """The floor swaps two seated players, saying why."""
    reason = logged_reason(reason, "the players swap seats")
    if (table_a, seat_a) == (table_b, seat_b):
        raise Refused("Choose two different seats to swap.")
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if repeated := events.earlier(tournament_id, request_key):
            return repeated.public
        first, second = open_table(tournament, table_a), open_table(tournament, table_b)
        one, other = sitting_at(first, seat_a), sitting_at(second, seat_b)
        now = timezone.now()
        _end(one, now, "swapped")
        _end(other, now, "swapped")  # both seats free before either is taken: one player per seat
        Seating.objects.bulk_create([
            Seating(tournament=tournament, entry=one.entry, tournament_table=second, seat=seat_b, started_at=now),
            Seating(tournament=tournament, entry=other.entry, tournament_table=first, seat=seat_a, started_at=now)])
        public = {"table_a": table_a, "seat_a": seat_a, "table_b": table_b, "seat_b": seat_b, "reason": reason}
        events.append_event(tournament_id, "players.swapped", request_key=request_key, actor=actor, public=public,
                            payload={**public, "players": [player_summary(one.entry.player), player_summary(other.entry.player)]})
    return public


def logged_reason(reason: str, what: str) -> str:
    """A floor or director ruling outside the rules needs a reason for the log."""
    reason = reason.strip()
    if not reason:
        raise Refused(f"Say why {what}: the reason goes in the tournament log.")
    return reason


def _locked_entry(tournament: Tournament, number: int) -> Entry:
    return Entry.objects.select_for_update(of=("self",)).select_related("player").get(tournament=tournament,
                                                                                      number=number)


def sitting_at(here: TournamentTable, seat: int) -> Seating:
    sitting = here.seatings.filter(seat=seat, ended_at__isnull=True).select_related("entry__player").first()
    if sitting is None:
        raise Refused(f"Seat {seat} at table {here.table.number} is empty.")
    return sitting


def _end(sitting: Seating, now, because: str) -> None:
    sitting.ended_at, sitting.ended_because = now, because
    sitting.save(update_fields=["ended_at", "ended_because"])


def confirm_move(tournament_id: int, from_table: int, from_seat: int, to_table: int, to_seat: int, actor) -> dict:
    """The target tablet confirms the moved player sat down. Two tablets confirming the same
    move apply it once; a seat filled meanwhile is refused with a fresh proposal."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        source, target = open_table(tournament, from_table), open_table(tournament, to_table)
        moving = source.seatings.filter(seat=from_seat, ended_at__isnull=True).select_related("entry__player").first()
        if moving is None:
            already = tournament.seatings.filter(tournament_table=target, seat=to_seat, ended_at__isnull=True,
                                                 entry__seatings__tournament_table=source,
                                                 entry__seatings__seat=from_seat,
                                                 entry__seatings__ended_because="moved").exists()
            if already:
                return {"moved": False, "already_done": True}
            raise Refused(f"Nobody sits in seat {from_seat} at table {from_table} any more.")
        state = table_state(target)
        if to_seat in state.players:
            raise MoveRefused(f"Seat {to_seat} at table {to_table} was just filled; here is a new proposal.",
                              proposed_moves(tournament_id))
        if not 1 <= to_seat <= state.seats or seating.hands_until_big_blind(state, to_seat) is None:
            raise MoveRefused(f"Seat {to_seat} at table {to_table} may not take a moved player now "
                              "(the small blind, or between it and the button).", proposed_moves(tournament_id))
        now = timezone.now()
        _end(moving, now, "moved")
        Seating.objects.create(tournament=tournament, entry=moving.entry, tournament_table=target, seat=to_seat,
                               started_at=now)
        public = {"from_table": from_table, "from_seat": from_seat, "to_table": to_table, "to_seat": to_seat}
        events.append_event(tournament_id, "player.moved", actor=actor, public=public,
                            payload={**public, "player": player_summary(moving.entry.player)})
    return {"moved": True, "already_done": False}


def floor_view(tournament_id: int) -> dict:
    """What the floor tablets and the director's overview show: every open table's seats
    (names), positions and count, the breaking order, and what the tables need now."""
    from clock.table_clocks import extension_chips, heads_up_count  # the clock app builds on tables
    from tables import hand_for_hand
    from tournaments.results import money_summary

    tournament = Tournament.objects.get(pk=tournament_id)
    clock_rules = tournament.rules().clock
    names, chips = {}, {}
    for sitting in tournament.seatings.filter(ended_at__isnull=True).select_related("entry__player"):
        names[sitting.entry_id] = str(sitting.entry.player)
        chips[sitting.entry_id] = extension_chips(sitting.entry.time_extensions, clock_rules)
    tables = []
    clocks = {clock.tournament_table_id: clock for clock in _table_clocks_this_hand(tournament)}
    bagged = _bagged_seats(tournament)
    hfh_status = dict(tournament.tables.filter(broken_at__isnull=True).values_list("id", "hand_for_hand"))
    for here in _open(tournament).values():
        state = here.state
        clock = clocks.get(here.id)
        tables.append({"number": state.number, "seats": state.seats, "count": state.count, "button": state.button,
                       "small_blind": state.small_blind, "big_blind": state.big_blind,
                       "is_tv": here.is_tv, "is_final": here.is_final, "hands_dealt": here.hands_dealt,
                       "playing_level": here.playing_level, "hands_left": here.hands_left,
                       "heads_up": heads_up_count(clock_rules, here.hands_dealt, here.heads_up_from_hand),
                       "hand_for_hand": hfh_status.get(here.id) or None,
                       "bagged": sorted(bagged.get(here.id, ())),
                       "clock": clock.document() if clock else None,
                       "players": {str(seat): {"entry": entry, "name": names[entry], "extensions": chips[entry]}
                                   for seat, entry in sorted(state.players.items())}})
    proposal = proposed_moves(tournament_id)
    for move in proposal["moves"]:
        move["name"] = names.get(move["entry"], "")
    return {"tables": tables, "breaking_order": breaking_order(tournament), "clock_level": _clock_level(tournament_id),
            "registration_closed": tournament.registration_closed,
            "tolerance": tournament.rules().seating.balance_tolerance, "action_clock": clock_rules.action_clock,
            "hand_for_hand": hand_for_hand.view(tournament),
            "money": money_summary(tournament, field_counts(tournament_id)["players_left"]),
            **proposal}


def _bagged_seats(tournament: Tournament) -> dict[int, set[int]]:
    """Seats bagged today at tables that have played their last hand (CLK-EOD)."""
    from clock.models import Clock

    day = Clock.objects.filter(tournament=tournament).values_list("day", flat=True).first() or 1
    counting = dict(tournament.tables.filter(broken_at__isnull=True, hands_left=0).values_list("table__number", "id"))
    bagged: dict[int, set[int]] = {}
    for number, seat in tournament.chip_bags.filter(day=day, table__in=counting).values_list("table", "seat"):
        bagged.setdefault(counting[number], set()).add(seat)
    return bagged


def _table_clocks_this_hand(tournament: Tournament):
    """Each open table's clock of the hand being played: running, or ended with the hand dead
    (the tablet shows it until "hand done")."""
    from clock.models import TableClock  # the clock app builds on tables

    return (TableClock.objects.filter(tournament=tournament, tournament_table__broken_at__isnull=True,
                                      hand=F("tournament_table__hands_dealt"))
            .filter(Q(ended_at__isnull=True) | Q(outcome=TableClock.Outcome.HAND_DEAD)).order_by("started_at"))


class MoveRefused(Refused):
    def __init__(self, message: str, proposal: dict):
        super().__init__(message)
        self.proposal = proposal

    def details(self) -> dict:
        return {"proposal": self.proposal}


def seat_new_entry(tournament: Tournament, entry: Entry, rng: random.Random) -> tuple[int, int] | None:
    """ENT-LATE: once the field is drawn, a late entry, alternate or re-entry sits down at a
    smallest table, never in the small blind or between it and the button. None before the
    draw, or when no table has such a seat this hand (the ticket then says seat pending).
    Call inside the sale's transaction, with the tournament row locked."""
    if not tournament.seatings.filter(ended_at__isnull=True).exists():
        return None
    tables = _open(tournament)
    try:
        number, seat = seating.seat_late_entry([t.state for t in tables.values()], entry.id, rng)
    except ValueError:
        return None
    Seating.objects.create(tournament=tournament, entry=entry, tournament_table_id=tables[number].id, seat=seat,
                           started_at=timezone.now())
    return number, seat


def seat_of(entry: Entry) -> tuple[int, int] | None:
    """(table number, seat) of the entry's open seating, if it has one."""
    current = entry.seatings.filter(ended_at__isnull=True).select_related("tournament_table__table").first()
    return (current.tournament_table.table.number, current.seat) if current else None


# Public reads: the lobby's seating chart, "find my seat" and the player's seat page. Names
# only as "first name, last initial" (public_name): no personal data.


def seating_chart(tournament_id: int) -> dict:
    tournament = Tournament.objects.get(pk=tournament_id)
    sitting = tournament.seatings.filter(ended_at__isnull=True).values_list(
        "tournament_table_id", "seat", "entry__number", "entry__player__first_name", "entry__player__last_name")
    by_table: dict[int, dict[str, dict]] = {}
    for table_id, seat, number, first, last in sitting:
        by_table.setdefault(table_id, {})[str(seat)] = {"entry": number, "name": public_name(first, last)}
    return {"tables": [{"number": here.table.number, "seats": here.table.seats, "button": here.button,
                        "is_final": here.is_final, "players": dict(sorted(by_table.get(here.pk, {}).items(),
                                                                          key=lambda item: int(item[0])))}
                       for here in _open_tables(tournament).values()]}


def find_seat(tournament_id: int, name: str, limit: int = 20) -> list[dict]:
    """Players still seated whose first or last name starts with each word typed."""
    words = name.split()
    if not words or len(name.strip()) < 2:
        raise Refused("Type at least two letters of the name.")
    query = Seating.objects.filter(tournament_id=tournament_id, ended_at__isnull=True)
    for word in words:
        query = query.filter(Q(entry__player__first_name__istartswith=word) |
                             Q(entry__player__last_name__istartswith=word))
    found = query.order_by("entry__player__last_name", "entry__player__first_name").values_list(
        "entry__player__first_name", "entry__player__last_name", "entry__number", "tournament_table__table__number",
        "seat")[:limit]
    return [{"name": public_name(first, last), "entry": number, "table": table, "seat": seat}
            for first, last, number, table, seat in found]


def seat_page(tournament_id: int, code: str) -> dict:
    """What the player's seat page shows, from the code on the ticket."""
    entry = Entry.objects.get(tournament_id=tournament_id, public_code=code)
    place = seat_of(entry)
    return {"entry": entry.number, "status": entry.status, "status_display": entry.get_status_display(),
            "table": place[0] if place else None, "seat": place[1] if place else None}


# Undoing a bust, disqualifying ------------------------------------------------------------


def undo_bust(tournament_id: int, entry_number: int, reason: str, director, request_key: str | None = None) -> dict:
    """A bust recorded by mistake: the player sits back down in the same seat (or, if it has
    been filled, a seat where a new player may sit), the entry is active again and the places
    of everyone out after are as if it never happened. The log keeps both."""
    reason = logged_reason(reason, "the bust is undone")
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if repeated := events.earlier(tournament_id, request_key):
            return repeated.public
        entry = _locked_entry(tournament, entry_number)
        bust = entry.eliminations.filter(undone_at__isnull=True).first()
        if bust is None or entry.status != Entry.Status.BUSTED:
            raise Refused(f"Entry #{entry_number} is not out: there is no bust to undo.")
        if entry.kind in Entry.SEAT_KINDS and tournament.entries.filter(
                player=entry.player, status=Entry.Status.ACTIVE, kind__in=Entry.SEAT_KINDS).exists():
            raise Refused(f"{entry.player} has re-entered since: void or refund that entry first.")
        now = timezone.now()
        here = tournament.tables.filter(broken_at__isnull=True, table__number=bust.table).first()
        if here is not None and not here.seatings.filter(seat=bust.seat, ended_at__isnull=True).exists():
            table, seat = bust.table, bust.seat
            Seating.objects.create(tournament=tournament, entry=entry, tournament_table=here, seat=seat, started_at=now)
        else:
            place = seat_new_entry(tournament, entry, random.Random(secrets.randbits(62)))
            if place is None:
                raise Refused("No seat is free where a player may sit this hand: undo after the next hand.")
            table, seat = place
        bust.undone_at, bust.undo_reason = now, reason
        bust.save(update_fields=["undone_at", "undo_reason"])
        Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.ACTIVE)
        counts = field_counts(tournament_id)
        public = {"entry": entry_number, "table": table, "seat": seat, **counts}
        events.append_event(tournament_id, "player.out_undone", actor=director, public=public, request_key=request_key,
                            payload={**public, "reason": reason, "player": player_summary(entry.player)})
    return public


def disqualify(tournament_id: int, entry_number: int, reason: str, director, request_key: str | None = None) -> dict:
    """PAY-DQ: the player's chips leave play, the buy-in stays in the pool, no prize is paid;
    the player takes no place, so the others move up."""
    reason = logged_reason(reason, "the player is disqualified")
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if repeated := events.earlier(tournament_id, request_key):
            return repeated.public
        entry = _locked_entry(tournament, entry_number)
        if entry.status not in (Entry.Status.ACTIVE, Entry.Status.BUSTED):
            raise Refused(f"Entry #{entry_number} is {entry.status}: only a player in the tournament or out of it "
                          "can be disqualified.")
        now = timezone.now()
        sitting = entry.seatings.filter(ended_at__isnull=True).first()
        if sitting is not None:
            _end(sitting, now, "disqualified")
        entry.eliminations.filter(undone_at__isnull=True).update(undone_at=now, undo_reason=f"disqualified: {reason}")
        Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.DISQUALIFIED, closed_at=now,
                                                 closed_by=recorded_user(director),
                                                 close_reason=reason)
        counts = field_counts(tournament_id)
        public = {"entry": entry_number, **counts}
        events.append_event(tournament_id, "player.disqualified", actor=director, public=public,
                            request_key=request_key,
                            payload={**public, "reason": reason, "player": player_summary(entry.player)})
    return public
