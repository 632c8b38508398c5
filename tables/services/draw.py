"""Seating the field: open tables for a tournament, draw the field (SEAT-DRAW, BTN-DRAW), and
seat a late entry once the field is drawn (ENT-LATE).

Service floor: tables' services may call the clock's; reads come from the queries.
"""

import random
import secrets
from dataclasses import replace

from django.db import IntegrityError
from django.db.models import Max
from django.utils.translation import gettext as _

from clock.queries.clock import level_now
from core import kinds, time_source
from core.operation import Operation, operation
from players.queries.players import player_summary
from rules.refusals import Refused
from tables.models import Seating, Table, TournamentTable
from tables.queries.tables import breaking_order, in_use_elsewhere, keep_apart
from tables.queries.tables import open_tables as open_tables_of
from tables.queries.waiting_list import field_drawn, waiting_entries
from tables.rules import draws, seating
from tables.services import buttons
from tables.services.draws import commit_next_draw, record_draw, revealed, seed_for_draw
from tables.services.tv_logos import DRAW, LATE, check_tv_tables
from tournaments.models import Entry, Tournament


def refuse_when_over(tournament: Tournament, sentence: str) -> None:
    """A finished or cancelled tournament (one imported from a club's file among them) seats
    nobody again: `sentence` says so, with the tournament's status in it."""
    if tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
        raise Refused(sentence % {"tournament_status": _(tournament.status)})


def open_tables(
    tournament_id: int, numbers: list[int], director, request_key: str | None = None
) -> list[TournamentTable]:
    """Open the venue's tables for this tournament, in this order (the order they fill)."""
    if not numbers or len(set(numbers)) != len(numbers):
        raise Refused(_("List each table number once, in the order the tables open."))
    with operation(tournament_id, director, request_key) as op:
        tournament = op.tournament
        if repeated := op.repeated:
            return list(tournament.tables.filter(table__number__in=repeated.payload["tables"]))
        refuse_when_over(tournament, _("The tournament is %(tournament_status)s: no table opens for it."))
        venue = {t.number: t for t in Table.objects.filter(festival_id=tournament.festival_id, number__in=numbers)}
        unknown = [n for n in numbers if n not in venue]
        if unknown:
            raise Refused(
                _("The venue has no table %(unknown)s: add it on the set-up page (Venue tables, Add the table) first.")
                % {"unknown": ", ".join(map(str, unknown))}
            )
        already = set(tournament.tables.filter(table__number__in=numbers).values_list("table__number", flat=True))
        if already:
            raise Refused(_("Already open: table %(already)s.") % {"already": ", ".join(map(str, sorted(already)))})
        in_use = in_use_elsewhere(tournament, numbers)
        if in_use:
            raise Refused(
                "; ".join(f"Table {number} is in use by {name}" for number, name in in_use)
                + ": it opens here once it breaks there or that tournament ends."
            )
        start = tournament.tables.aggregate(last=Max("open_order"))["last"] or 0
        try:
            opened = TournamentTable.objects.bulk_create(
                [  # one statement for a whole flight's tables
                    TournamentTable(tournament=tournament, table=venue[n], open_order=start + i + 1)
                    for i, n in enumerate(numbers)
                ]
            )
        except IntegrityError as clash:  # the constraint: another tournament opened one just now
            if "venue_table_open_in_one_tournament" not in str(clash):
                raise
            raise Refused(
                _("Another tournament opened one of tables %(numbers)s at this moment: ask again to see which.")
                % {"numbers": ", ".join(map(str, numbers))}
            ) from clash
        op.append(kinds.TABLES_OPENED, payload={"tables": numbers}, public={"tables": numbers})
        commit_next_draw(op)  # the hash of the draw these tables are for, published before it
        seat_the_waiting(op)  # ENT-WAIT: a table that opens seats the waiting list
    return opened


def draw_field(tournament_id: int, director, seed: int | None = None, request_key: str | None = None) -> dict:
    """SEAT-DRAW: seat every entry at random over the open tables, sizes within one, and
    draw each table's button by high card, or one button seat for the whole field where the
    ruleset says so (BTN-DRAW). The seed is the one committed to before the draw, published
    with it: the draws page replays the draw. A flight's field sits at the fewest tables its
    seats allow; the answer names the tables not needed."""
    now = time_source.now()
    with operation(tournament_id, director, request_key) as op:
        tournament = op.tournament
        if repeated := op.repeated:
            return repeated.payload
        refuse_when_over(tournament, _("The tournament is %(tournament_status)s: its field is drawn no more."))
        if tournament.seatings.filter(ended_at__isnull=True).exists():
            raise Refused(_("The field is already drawn: seat late entries one by one instead."))
        # Plain rows, not model instances: a festival flight draws 10,000 entries over 1,000
        # tables, and the draw should cost little more than inserting its seat rows.
        open_here = open_tables_of(tournament)
        if not open_here:
            raise Refused(_("Open the tournament's tables first."))
        # By entry number: the draw's public inputs name entries as the room knows them.
        by_number = dict(
            tournament.entries.filter(kind__in=Entry.SEAT_KINDS, status=Entry.Status.ACTIVE).values_list("number", "id")
        )
        entries = sorted(by_number)
        if not entries:
            raise Refused(_("There are no entries to seat yet."))
        capacity = sum(t.state.seats for t in open_here.values())
        if len(entries) > capacity:
            raise Refused(
                _(
                    "%(entries_count)s entries need more than the %(capacity)s seats of the "
                    "open tables: open more tables first."
                )
                % {"entries_count": len(entries), "capacity": capacity}
            )
        pins = _pins(tournament, set(open_here))
        not_needed = _fewest_tables(tournament, open_here, len(entries), pins) if tournament.main_event_id else []
        open_here = {number: here for number, here in open_here.items() if number not in not_needed}
        number_of = {entry_id: number for number, entry_id in by_number.items()}
        inputs = {
            "entries": entries,
            "tables": [[number, t.state.seats] for number, t in open_here.items()],
            "pinned": sorted([number_of[entry_id], *place] for entry_id, place in pins.items()),
            "keep_apart": sorted(sorted(number_of[e] for e in group) for group in keep_apart(tournament)),
            "field_button_draw": tournament.rules().seating.field_button_draw,
        }
        drawing = seed_for_draw(op, seed)
        plan = draws.draw("field", drawing.seed, inputs)
        seats_at: dict[int, dict[int, int]] = {}
        for table, seat, number in plan.seats:
            seats_at.setdefault(table, {})[seat] = by_number[number]
        rows, positions = [], {}
        collect = tournament.rules().seating.collect_by_seat_number  # SEAT-COLLECT
        for number, players in seats_at.items():
            table_id = open_here[number].id
            rows += [
                Seating(
                    tournament_id=tournament.id,
                    entry_id=entry_id,
                    tournament_table_id=table_id,
                    seat=seat,
                    started_at=now,
                    to_collect=collect,
                )
                for seat, entry_id in players.items()
            ]
            if number in plan.buttons:
                # The first hand's positions: the balancing rules reason from the hand dealt.
                drawn = seating.Table(number, open_here[number].state.seats, players, button=plan.buttons[number])
                first = seating.next_hand(drawn)
                positions.setdefault((first.button, first.small_blind, first.big_blind), []).append(table_id)
        chart = {number: len(seats_at.get(number, {})) for number, _seats in inputs["tables"]}
        tournament.tables.filter(broken_at__isnull=True).update(playing_level=level_now(tournament_id))
        # One UPDATE per distinct (button, small blind, big blind): a handful, not one per table.
        for (button, small, big), table_ids in positions.items():
            TournamentTable.objects.filter(pk__in=table_ids).update(button=button, small_blind=small, big_blind=big)
        Seating.objects.bulk_create(rows)
        public = {"tables": chart, **revealed(drawing)}
        if not_needed:
            public["not_needed"] = not_needed
        if plan.button_draw:
            public["button_draw"] = {"table": plan.button_draw[0], "seat": plan.button_draw[1]}
        event = op.append(
            kinds.SEATING_DRAWN, public=public, payload={**public, "kept_apart_failed": plan.kept_apart_failed}
        )
        record_draw(op, drawing, "field", inputs, plan.seats, [row.pk for row in rows], event)
        check_tv_tables(op, set(chart), DRAW)
    return {**public, "kept_apart_failed": plan.kept_apart_failed}


def _fewest_tables(tournament: Tournament, open_here: dict, entries: int, pins: dict) -> list[int]:
    """SEAT-DRAW in a flight: the field sits at the fewest open tables its seats allow (the
    tables that break last); the others were never played at and close again (the director
    opens one when late entries need it). Returns the numbers closed."""
    keep = seating.fewest_tables(
        entries,
        [seating.Table(number, here.state.seats) for number, here in open_here.items()],
        breaking_order(tournament, open_here),
        {table for table, _seat in pins.values()},
    )
    not_needed = [number for number in open_here if number not in keep]
    TournamentTable.objects.filter(pk__in=[open_here[number].id for number in not_needed]).delete()
    return not_needed


def _pins(tournament: Tournament, open_numbers: set[int]) -> dict[int, tuple[int, int]]:
    """SEAT-DRAW: the seats staff reserved for active entries."""
    pins = {}
    for pin in tournament.seat_pins.select_related("table", "entry").filter(
        entry__kind__in=Entry.SEAT_KINDS, entry__status=Entry.Status.ACTIVE
    ):
        if pin.table.number not in open_numbers:
            raise Refused(
                _(
                    "Entry #%(entry_number)s is pinned to table %(table_number)s, which is "
                    "not open: open it or change the pin."
                )
                % {"entry_number": pin.entry.number, "table_number": pin.table.number}
            )
        pins[pin.entry_id] = (pin.table.number, pin.seat)
    return pins


def seat_new_entry(op: Operation, entry: Entry, rng: random.Random, draw_button: bool = True) -> tuple[int, int] | None:
    """ENT-LATE: once the field is drawn, a late entry, alternate or re-entry sits down at a
    smallest table, never in the small blind or between it and the button where another seat
    is free. None before the draw, or when every seat is taken (the ticket then says seat
    pending). A table it makes two players or more without a button draws one (BTN-DRAW),
    unless the caller draws it after seating more (`draw_button`). A reaction inside the
    sale's (or the undone bust's) operation."""
    tournament = op.tournament
    if not field_drawn(tournament):
        return None
    tables = open_tables_of(tournament)
    try:
        number, seat = seating.seat_late_entry([t.state for t in tables.values()], entry.id, rng)
    except ValueError:
        return None
    Seating.objects.create(
        tournament=tournament,
        entry=entry,
        tournament_table_id=tables[number].id,
        seat=seat,
        started_at=time_source.now(),
    )
    if draw_button:
        state = tables[number].state
        buttons.draw_if_due(op, tables[number].id, replace(state, players={**state.players, seat: entry.id}))
    check_tv_tables(op, {number}, LATE)
    return number, seat


def seat_the_waiting(op: Operation) -> list[dict]:
    """ENT-WAIT: seats opened (a bust, a hand that moved the blinds, tables opened): the entries
    on the waiting list take them in order of sale, each by ENT-LATE's rule, until no seat is
    left where a new player may sit this hand. A reaction inside the operation that opened them."""
    seated = []
    waiting = waiting_entries(op.tournament)
    for entry in waiting:
        place = seat_new_entry(op, entry, random.Random(secrets.randbits(62)), draw_button=False)
        if place is None:
            break  # the rest keep their places in line
        public = {"entry": entry.number, "table": place[0], "seat": place[1], "waiting": len(waiting) - len(seated) - 1}
        op.append(
            kinds.ENTRY_SEATED, public=public, payload={**public, "player": player_summary(entry.player)}, actor=None
        )
        seated.append(public)
    if seated:  # BTN-DRAW: every player seated at a table without a button takes part in its draw
        touched = {place["table"] for place in seated}
        for number, here in open_tables_of(op.tournament).items():
            if number in touched:
                buttons.draw_if_due(op, here.id, here.state)
    return seated
