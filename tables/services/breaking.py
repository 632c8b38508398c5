"""Breaking tables and the final table: the breaking order (set until registration closes),
breaking the next table with seat cards (SEAT-BREAK), and the final table's redraw
(SEAT-FINAL, BTN-DRAW).

Service floor: reads come from the queries.
"""

import json

from django.db import connection
from django.db.models import F
from django.utils.translation import gettext as _

from core import kinds, time_source
from core.access import recorded_user
from core.operation import operation
from rules.refusals import Refused
from tables.models import Seating, TournamentTable
from tables.queries.breaks import break_shape
from tables.queries.tables import (
    breaking_order,
    final_table_of,
    final_table_size,
    keep_apart,
    keep_apart_numbers,
    leavers_of,
    open_table_sizes,
    open_tables,
)
from tables.rules import draws, seating
from tables.services.draws import record_draw, revealed, seed_for_draw
from tables.services.tv_logos import BREAK, FINAL, check_tv_tables
from tournaments.models import Announcement
from tournaments.queries.record import announcements_up
from tournaments.rules.announcements import LONGEST


def set_breaking_order(
    tournament_id: int, numbers: list[int], director, request_key: str | None = None, reason: str = ""
) -> list[int]:
    """The director sets the breaking order (first breaks first); it is published when
    registration closes (SEAT-BREAK). After that it changes only where the house reserves the
    right to alter it (pokerfest L154, the ruleset's seating.alter_published_breaking_order),
    with a reason: logged, and announced on every screen (TD-ANNOUNCE)."""
    reason = reason.strip()
    with operation(tournament_id, director, request_key) as op:
        tournament = op.tournament
        if repeated := op.repeated:
            return repeated.payload["order"]
        altered = tournament.registration_closed
        if altered and not tournament.rules().seating.alter_published_breaking_order:
            raise Refused(_("The breaking order was published when registration closed; it can no longer change."))
        if altered and not reason:
            raise Refused(
                _("The breaking order has been published: say why it changes; the reason is announced to the room.")
            )
        open_here = open_tables(tournament)
        if sorted(numbers) != sorted(open_here):
            raise Refused(
                _("List every open table once, first to break first: the open tables are %(open_here)s.")
                % {"open_here": ", ".join(map(str, sorted(open_here)))}
            )
        tournament.tables.update(break_position=None)  # clear first: positions are unique
        for position, number in enumerate(numbers, start=1):
            TournamentTable.objects.filter(pk=open_here[number].id).update(break_position=position)
        public = {"order": numbers, "altered": altered, "reason": reason if altered else ""}
        op.append(kinds.TABLES_BREAKING_ORDER, payload=public, public=public)
        if altered:
            _announce_new_order(op, numbers, reason)
    return numbers


def _announce_new_order(op, numbers: list[int], reason: str) -> None:
    """SEAT-BREAK: an altered published order is announced on every screen until dismissed."""
    now = time_source.now()
    made = Announcement.objects.create(
        tournament_id=op.tournament.id,
        text=(
            _("The breaking order has changed: %(order)s (%(reason)s).")
            % {"order": ", ".join(map(str, numbers)), "reason": reason}
        )[:LONGEST],
        made_at=now,
        made_by=recorded_user(op.actor),
    )
    up = announcements_up(op.tournament.id, now)
    op.append(
        kinds.ANNOUNCEMENT_MADE,
        payload={"announcement": made.id, "template": "", "announcements": up},
        public={"announcement": made.id, "announcements": up},
    )


# A break's writes as two static statements (the ORM's three took longer to build than to run):
# the table broken and its seat rows ended (kept counts: the seating trigger), then its players
# seated where their cards say, in the order dealt (the draw's record keeps the rows' ids).
_BREAK_THE_TABLE = """
    WITH broken AS (UPDATE tables_tournamenttable SET broken_at = %s WHERE id = %s)
    UPDATE tables_seating SET ended_at = %s, ended_because = 'table broken'
    WHERE tournament_table_id = %s AND ended_at IS NULL"""
_SEAT_THE_LEAVERS = """
    INSERT INTO tables_seating (entry_id, tournament_table_id, seat, moves, tournament_id, started_at, move_reason,
        ended_because, to_collect)
    SELECT entry, at_table, seat, moves, %s, %s, %s::jsonb, '', false
    FROM unnest(%s::bigint[], %s::bigint[], %s::int[], %s::int[]) WITH ORDINALITY AS m(entry, at_table, seat, moves, n)
    ORDER BY n
    RETURNING id"""


def break_next_table(tournament_id: int, actor, seed: int | None = None, request_key: str | None = None) -> dict:
    """SEAT-BREAK: break the next table of the breaking order; its players, from seat 1
    clockwise, get random seat cards for open seats at the other tables. The seed is the one
    committed to by the draw before, published with the break."""
    with operation(tournament_id, actor, request_key) as op:
        tournament = op.tournament
        if repeated := op.repeated:
            return repeated.public
        # The breaking table and the field counted by the tables' seats (their kept counts): who
        # sits where is read at the breaking table and the tables it fills only (a few of a
        # thousand), and the draw's record keeps those (version 3).
        shape = break_shape(tournament)
        if shape is None or shape.tables < 2 or shape.players > sum(s * n for s, n in shape.other_tables):
            left = shape.players if shape else 0
            raise Refused(
                _("No table breaks yet: the %(left)s players left do not fit in one table fewer.") % {"left": left}
            )
        breaking = shape.number
        leavers = leavers_of(shape.table_id)
        groups = keep_apart(tournament)
        number_of, apart_seats = keep_apart_numbers(tournament, groups)
        number_of.update({s.entry: s.number for s in leavers})
        filling = {t.table.number: t for t in shape.filling}
        inputs = {
            "version": 3,
            "breaking_table": [breaking, shape.seats],
            "breaking": sorted([s.seat, s.number] for s in leavers),
            "players": shape.players,
            "other_tables": shape.other_tables,
            "filling": [[*t.table[:4], list(t.table.open)] for t in filling.values()],
            "keep_apart": sorted(sorted(number_of[e] for e in group) for group in groups),
            "keep_apart_seats": [seat for seat in apart_seats if seat[1] != breaking],
        }
        drawing = seed_for_draw(op, seed)
        plan = draws.draw("break", drawing.seed, inputs)
        by_number = {s.number: s.entry for s in leavers}
        moves = [
            seating.Move(by_number[number], breaking, from_seat, table, seat)
            for from_seat, table, seat, number in plan.moves
        ]
        now = time_source.now()
        names = {s.entry: s.name for s in leavers}
        moved = {s.entry: s.moves for s in leavers}  # issue 26: a broken table's move counts too
        with connection.cursor() as cursor:
            cursor.execute(_BREAK_THE_TABLE, [now, shape.table_id, now, shape.table_id])
            cursor.execute(
                _SEAT_THE_LEAVERS,
                [
                    tournament.pk,
                    now,
                    json.dumps({"kind": "break", "from_table": breaking}),
                    [m.player for m in moves],
                    [filling[m.to_table].id for m in moves],
                    [m.to_seat for m in moves],
                    [moved[m.player] + 1 for m in moves],
                ],
            )
            rows = [row_id for (row_id,) in cursor.fetchall()]
        public = {
            "table": breaking,
            "moves": [{"from_seat": m.from_seat, "to_table": m.to_table, "to_seat": m.to_seat} for m in moves],
            **revealed(drawing),
        }
        event = op.append(
            kinds.TABLE_BROKEN,
            public=public,
            payload={**public, "names": {m.from_seat: names[m.player] for m in moves}},
        )
        record_draw(op, drawing, "break", inputs, plan.seats, rows, event)
        check_tv_tables(op, {m.to_table for m in moves if filling[m.to_table].is_tv}, BREAK)
    return public


def draw_final_table(tournament_id: int, director, seed: int | None = None, request_key: str | None = None) -> dict:
    """SEAT-FINAL: once the field fits the final table, every remaining player gets a new seat
    there by random draw, and the button is drawn again (BTN-DRAW). The other tables break.
    The seed is the one committed to by the draw before, published with this one."""
    with operation(tournament_id, director, request_key) as op:
        tournament = op.tournament
        if repeated := op.repeated:
            return repeated.public
        open_here = open_table_sizes(tournament)
        if not open_here:
            raise Refused(_("No tables are open."))
        final = final_table_of(open_here, breaking_order(tournament, open_here))
        if final.is_final:
            raise Refused(
                _("The final table (table %(state_number)s) is already drawn.") % {"state_number": final.state.number}
            )
        size = final_table_size(tournament, final)
        sitting = dict(tournament.seatings.filter(ended_at__isnull=True).values_list("entry_id", "entry__number"))
        if len(sitting) > size:
            raise Refused(
                _("%(sitting_count)s players are left: the final table is drawn at %(size)s.")
                % {"sitting_count": len(sitting), "size": size}
            )
        if len(sitting) < 2:
            raise Refused(_("A final table needs at least two players."))
        groups = keep_apart(tournament)
        number_of = {**keep_apart_numbers(tournament, groups)[0], **sitting}  # not the whole field's numbers
        inputs = {
            "entries": sorted(sitting.values()),
            "table": final.state.number,
            "seats": final.state.seats,
            "keep_apart": sorted(sorted(number_of[e] for e in group) for group in groups),
        }
        drawing = seed_for_draw(op, seed)
        plan = draws.draw("final", drawing.seed, inputs)
        by_number = {number: entry for entry, number in number_of.items()}
        players = {seat: by_number[number] for _table, seat, number in plan.seats}
        drawn = seating.Table(final.state.number, final.state.seats, players, button=plan.buttons[final.state.number])
        cards = plan.cards
        first = seating.next_hand(drawn)
        now = time_source.now()
        tournament.seatings.filter(ended_at__isnull=True).update(ended_at=now, ended_because="final table")
        tournament.tables.filter(broken_at__isnull=True).exclude(pk=final.id).update(broken_at=now)
        rows = Seating.objects.bulk_create(
            [
                Seating(
                    tournament=tournament, entry_id=entry_id, tournament_table_id=final.id, seat=seat, started_at=now
                )
                for seat, entry_id in drawn.players.items()
            ]
        )
        # The redraw starts a new hand at the final table: a bust there never ranks with one
        # from before the redraw, and the tablet asks nothing about those (ELIM-SAMETABLE).
        TournamentTable.objects.filter(pk=final.id).update(
            is_final=True,
            button=first.button,
            small_blind=first.small_blind,
            big_blind=first.big_blind,
            hands_dealt=F("hands_dealt") + 1,
        )
        public = {
            "table": final.state.number,
            "seats": sorted(drawn.players),
            "button": first.button,
            "cards": {str(seat): card for seat, card in cards.items()},
            **revealed(drawing),
        }
        event = op.append(
            kinds.FINAL_TABLE_DRAWN,
            public=public,
            payload={**public, "players": {str(seat): entry for seat, entry in drawn.players.items()}},
        )
        record_draw(op, drawing, "final", inputs, plan.seats, [row.pk for row in rows], event)
        check_tv_tables(op, {final.state.number}, FINAL)
    return public
