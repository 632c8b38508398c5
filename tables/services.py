"""Seating services: open tables for a tournament, draw the field (SEAT-DRAW, BTN-DRAW).
Each one transaction, one event in the tournament's log, broadcast after commit."""

import random
import secrets

from django.db import transaction
from django.utils import timezone

from pokerfest.refusals import Refused
from tables import seating
from tables.models import Seating, Table, TournamentTable
from tournaments import events
from tournaments.models import Entry, Tournament


def open_tables(tournament_id: int, numbers: list[int], director) -> list[TournamentTable]:
    """Open the venue's tables for this tournament, in this order (the order they fill)."""
    if not numbers or len(set(numbers)) != len(numbers):
        raise Refused("List each table number once, in the order the tables open.")
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
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
        events.append_event(tournament_id, "tables.opened", actor=director,
                            payload={"tables": numbers}, public={"tables": numbers})
    return opened


def draw_field(tournament_id: int, director, seed: int | None = None) -> dict:
    """SEAT-DRAW: seat every entry at random over the open tables, sizes within one, and
    draw each table's button by high card (BTN-DRAW). The seed is logged: it replays the draw."""
    seed = secrets.randbits(62) if seed is None else seed
    now = timezone.now()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
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
        plan = seating.draw(sorted(entries), [seating.Table(t.table.number, t.table.seats) for t in open_here], rng)
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
                here.save(update_fields=["button", "small_blind", "big_blind"])
            chart[drawn.number] = drawn.count
        Seating.objects.bulk_create(rows)
        events.append_event(tournament_id, "seating.drawn", actor=director,
                            payload={"seed": seed, "tables": chart}, public={"tables": chart})
    return {"seed": seed, "tables": chart}


def _open_tables(tournament: Tournament) -> dict[int, TournamentTable]:
    return {t.table.number: t for t in tournament.tables.filter(broken_at__isnull=True).select_related("table")}


def table_state(here: TournamentTable) -> seating.Table:
    """The pure rules' view of a table: who sits where (entry ids), and the last hand's positions."""
    players = dict(here.seatings.filter(ended_at__isnull=True).values_list("seat", "entry_id"))
    return seating.Table(here.table.number, here.table.seats, players, here.button, here.small_blind, here.big_blind)


def _table(tournament: Tournament, number: int) -> TournamentTable:
    here = _open_tables(tournament).get(number)
    if here is None:
        raise Refused(f"Table {number} is not open in this tournament.")
    return here


def hand_done(tournament_id: int, table_number: int, actor) -> seating.Table:
    """The floor's "hand done": the next hand's button and blinds follow the dead-button rule."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        here = _table(tournament, table_number)
        state = table_state(here)
        if state.count < 2:
            raise Refused(f"Table {table_number} has fewer than two players: no hand to deal.")
        following = seating.next_hand(state)
        here.button, here.small_blind, here.big_blind = following.button, following.small_blind, following.big_blind
        here.save(update_fields=["button", "small_blind", "big_blind"])
        positions = {"table": table_number, "button": here.button, "small_blind": here.small_blind,
                     "big_blind": here.big_blind}
        events.append_event(tournament_id, "hand.done", actor=actor, payload=positions, public=positions)
    return following


def player_out(tournament_id: int, table_number: int, seat: int, actor) -> dict:
    """The floor's "player out": the seat empties and the entry is busted. Answers with the
    balancing moves the table now needs (proposed, not yet made)."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        here = _table(tournament, table_number)
        sitting = here.seatings.filter(seat=seat, ended_at__isnull=True).select_related("entry__player").first()
        if sitting is None:
            raise Refused(f"Seat {seat} at table {table_number} is empty.")
        sitting.ended_at, sitting.ended_because = timezone.now(), "busted"
        sitting.save(update_fields=["ended_at", "ended_because"])
        Entry.objects.filter(pk=sitting.entry_id, status=Entry.Status.ACTIVE).update(status=Entry.Status.BUSTED)
        left = tournament.seatings.filter(ended_at__isnull=True).count()
        public = {"table": table_number, "seat": seat, "players_left": left}
        events.append_event(tournament_id, "player.out", actor=actor, public=public,
                            payload={**public, "player": {"id": sitting.entry.player_id,
                                                          "name": str(sitting.entry.player)}})
    return proposed_moves(tournament_id)


def proposed_moves(tournament_id: int) -> dict:
    """SEAT-BALANCE: the moves that would balance the tables now, and the tables to halt."""
    tournament = Tournament.objects.get(pk=tournament_id)
    moved_before = frozenset(tournament.seatings.filter(ended_because="moved").values_list("entry_id", flat=True))
    plan = seating.balance([table_state(t) for t in _open_tables(tournament).values()],
                           moved_before=moved_before, by_corresponding_seat=False,
                           halt_when_short_by=3 if tournament.ruleset_preset == "pokerfest" else None)
    return {"moves": [{"entry": m.player, "from_table": m.from_table, "from_seat": m.from_seat,
                       "to_table": m.to_table, "to_seat": m.to_seat} for m in plan.moves],
            "halted": plan.halted, "waiting": plan.waiting}


def confirm_move(tournament_id: int, from_table: int, from_seat: int, to_table: int, to_seat: int, actor) -> dict:
    """The target tablet confirms the moved player sat down. Two tablets confirming the same
    move apply it once; a seat filled meanwhile is refused with a fresh proposal."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        source, target = _table(tournament, from_table), _table(tournament, to_table)
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
        moving.ended_at, moving.ended_because = now, "moved"
        moving.save(update_fields=["ended_at", "ended_because"])
        Seating.objects.create(tournament=tournament, entry=moving.entry, tournament_table=target, seat=to_seat,
                               started_at=now)
        public = {"from_table": from_table, "from_seat": from_seat, "to_table": to_table, "to_seat": to_seat}
        events.append_event(tournament_id, "player.moved", actor=actor, public=public,
                            payload={**public, "player": {"id": moving.entry.player_id,
                                                          "name": str(moving.entry.player)}})
    return {"moved": True, "already_done": False}


def floor_view(tournament_id: int) -> dict:
    """What the floor tablets show: every open table's seats (names), positions, and the moves
    the tables need now."""
    tournament = Tournament.objects.get(pk=tournament_id)
    names = {s.entry_id: str(s.entry.player) for s in tournament.seatings.filter(ended_at__isnull=True)
             .select_related("entry__player")}
    tables = []
    for here in _open_tables(tournament).values():
        state = table_state(here)
        tables.append({"number": state.number, "seats": state.seats, "button": state.button,
                       "small_blind": state.small_blind, "big_blind": state.big_blind,
                       "players": {str(seat): {"entry": entry, "name": names[entry]}
                                   for seat, entry in sorted(state.players.items())}})
    proposal = proposed_moves(tournament_id)
    for move in proposal["moves"]:
        move["name"] = names.get(move["entry"], "")
    return {"tables": tables, **proposal}


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
    tables = _open_tables(tournament)
    try:
        number, seat = seating.seat_late_entry([table_state(t) for t in tables.values()], entry.id, rng)
    except ValueError:
        return None
    Seating.objects.create(tournament=tournament, entry=entry, tournament_table=tables[number], seat=seat,
                           started_at=timezone.now())
    return number, seat


def seat_of(entry: Entry) -> tuple[int, int] | None:
    """(table number, seat) of the entry's open seating, if it has one."""
    current = entry.seatings.filter(ended_at__isnull=True).select_related("tournament_table__table").first()
    return (current.tournament_table.table.number, current.seat) if current else None
