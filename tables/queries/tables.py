"""The open tables as the pure rules see them (tables.rules.seating), the breaking order, the
final table, keep-apart groups, what the tables need now (final table, break, balancing) and
where an entry sits."""

from typing import NamedTuple

from django.db import connection
from django.utils.translation import gettext as _

from core import model_rows
from players.models import Player
from rules.refusals import Refused
from tables.models import Seating, Table, TournamentTable
from tables.queries.moves import balance_reason, reason_line
from tables.rules import breaks, seating
from tournaments.models import Entry, Tournament

HandForHandStatus = TournamentTable.HandForHand


class OpenTable(NamedTuple):
    """An open table as the proposals read it: its row, its places in the orders, and the pure
    rules' view of it (who sits where, the last hand's positions). A named tuple, made faster
    than a frozen dataclass: a bust on a 1,000-table floor makes one per table."""

    id: int
    is_tv: bool
    is_final: bool
    open_order: int
    break_position: int | None
    hands_dealt: int
    playing_level: int | None
    hands_left: int | None
    heads_up_from_hand: int | None
    state: seating.Table | seating.TableSize  # TableSize from open_table_sizes
    positions: tuple[int | None, int | None, int | None] = (None, None, None)  # the last hand's button, blinds


_OPEN_TABLE_FIELDS = (
    "id",
    "table__number",
    "table__seats",
    "table__is_tv",
    "is_final",
    "open_order",
    "break_position",
    "hands_dealt",
    "playing_level",
    "hands_left",
    "heads_up_from_hand",
    "button",
    "small_blind",
    "big_blind",
    "seated",
)


def _open_table_rows(tournament: Tournament, number: int | None = None) -> list:
    """The open tables' rows as named tuples: over a thousand rows, quicker than dicts."""
    rows = tournament.tables.filter(broken_at__isnull=True)
    if number is not None:
        rows = rows.filter(table__number=number)
    return list(rows.order_by("open_order").values_list(*_OPEN_TABLE_FIELDS, named=True))


def _open_table(row, state: seating.Table | seating.TableSize) -> OpenTable:
    return OpenTable(
        row.id,
        row.table__is_tv,
        row.is_final,
        row.open_order,
        row.break_position,
        row.hands_dealt,
        row.playing_level,
        row.hands_left,
        row.heads_up_from_hand,
        state,
        (row.button, row.small_blind, row.big_blind),
    )


def open_tables(tournament: Tournament, number: int | None = None) -> dict[int, OpenTable]:
    """Every open table by number, from two plain queries: on a 1,000-table floor every bust
    reads them, so no model instances. `number`: that table alone (a table's own tablet)."""
    rows = _open_table_rows(tournament, number)
    players: dict[int, dict[int, int]] = {row.id: {} for row in rows}
    seated = tournament.seatings.filter(ended_at__isnull=True)
    if number is not None:
        seated = seated.filter(tournament_table__table__number=number)
    for table_id, seat, entry_id in seated.values_list("tournament_table_id", "seat", "entry_id"):
        players[table_id][seat] = entry_id
    return {
        row.table__number: _open_table(
            row,
            seating.Table(
                row.table__number,
                row.table__seats,
                players[row.id],
                row.button,
                row.small_blind,
                row.big_blind,
            ),
        )
        for row in rows
    }


# One static statement: a break reads every open table's size, and the ORM's rows took a
# millisecond longer than the cursor's for 1,112 tables. The columns in OpenTable's order: its
# first nine, then the TableSize, then the last hand's positions.
_OPEN_TABLE_SIZES = """
    SELECT o.id, v.is_tv, o.is_final, o.open_order, o.break_position, o.hands_dealt, o.playing_level,
        o.hands_left, o.heads_up_from_hand, v.number, v.seats, o.seated, o.button, o.small_blind, o.big_blind
    FROM tables_tournamenttable o JOIN tables_table v ON v.id = o.table_id
    WHERE o.tournament_id = %s AND o.broken_at IS NULL
    ORDER BY o.open_order"""


def open_table_sizes(tournament: Tournament) -> dict[int, OpenTable]:
    """Every open table by number with how many sit there (its `state` a seating.TableSize):
    what a bust's proposal reads first. The count is the table's kept `seated` (migration
    0019): no seat row is read."""
    with connection.cursor() as cursor:
        cursor.execute(_OPEN_TABLE_SIZES, [tournament.pk])
        rows = cursor.fetchall()
    return {row[9]: OpenTable(*row[:9], seating.TableSize(*row[9:12]), row[12:]) for row in rows}


# One static statement: the ORM's aggregate with a subquery took longer to compile (some 2 ms)
# than PostgreSQL to sum 1,112 tables, and every bust reads it. The first table of the breaking
# order (breaking_order's: the tables not placed first, the last opened first) from the same
# rows, picked with LIMIT 1: two ordered array_agg sorted every table twice (0.5 ms more).
_FIELD_SHAPE = """
    WITH open AS (
        SELECT o.seated, o.break_position, o.open_order, v.seats, v.number
        FROM tables_tournamenttable o JOIN tables_table v ON v.id = o.table_id
        WHERE o.tournament_id = %s AND o.broken_at IS NULL
    )
    SELECT count(*), coalesce(sum(seated), 0), coalesce(sum(seats), 0),
        coalesce(min(seated), 0), coalesce(max(seated), 0), coalesce(max(seats), 0),
        (SELECT ARRAY[seats, number] FROM open ORDER BY break_position ASC NULLS FIRST, open_order DESC LIMIT 1)
    FROM open"""


def field_shape(tournament: Tournament) -> breaks.FieldShape:
    """The open tables summed up by the database in one statement, from the tables' kept
    `seated`: a bust that calls for nothing reads this, not a thousand rows."""
    with connection.cursor() as cursor:
        cursor.execute(_FIELD_SHAPE, [tournament.pk])
        *figures, first_to_break = cursor.fetchone()
    breaking_seats, breaking_table = first_to_break or (0, None)
    return breaks.FieldShape(*figures, breaking_seats, breaking_table)


def seats_at(tournament: Tournament, open_here: dict[int, OpenTable], numbers: set[int]) -> dict[int, dict]:
    """Who sits where at the tables `numbers` only: seat -> (entry id, times moved)."""
    ids = {open_here[n].id: n for n in numbers}
    found: dict[int, dict] = {n: {} for n in numbers}
    for table_id, seat, entry_id, moves in tournament.seatings.filter(
        ended_at__isnull=True, tournament_table_id__in=list(ids)
    ).values_list("tournament_table_id", "seat", "entry_id", "moves"):
        found[ids[table_id]][seat] = (entry_id, moves)
    return found


class Leaver(NamedTuple):
    """A player at a breaking table, as the break deals and records them."""

    seat: int
    entry: int  # the entry's id
    number: int  # the entry's number
    moves: int
    name: str


_LEAVERS = """
    SELECT s.seat, s.entry_id, e.number, s.moves, p.first_name || ' ' || p.last_name
    FROM tables_seating s JOIN tournaments_entry e ON e.id = s.entry_id JOIN players_player p ON p.id = e.player_id
    WHERE s.tournament_table_id = %s AND s.ended_at IS NULL"""


def leavers_of(table_id: int) -> list[Leaver]:
    """Who sits at a breaking table (SEAT-BREAK), with their entry numbers, moves and names
    (as Player's str): plain rows, not three models each."""
    with connection.cursor() as cursor:
        cursor.execute(_LEAVERS, [table_id])
        return [Leaver(*row) for row in cursor.fetchall()]


def keep_apart_numbers(tournament: Tournament, groups: list[set[int]]) -> tuple[dict[int, int], list[list[int]]]:
    """SEAT-SEPARATE, for a draw's inputs: the groups' entry numbers (entry id -> number), and
    [entry number, table] where each of them sits. Read only when there are groups."""
    members = set().union(*groups) if groups else set()
    if not members:
        return {}, []
    numbers = dict(Entry.objects.filter(pk__in=members).values_list("id", "number"))
    seated = tournament.seatings.filter(ended_at__isnull=True, entry_id__in=members)
    return numbers, sorted(
        [numbers[entry], table] for entry, table in seated.values_list("entry_id", "tournament_table__table__number")
    )


def seated_now(tournament: Tournament) -> int:
    """The seats taken in the tournament, kept (FieldSeats): no seat row is read."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT seated FROM tables_fieldseats WHERE tournament_id = %s", [tournament.pk])
        row = cursor.fetchone()
    return row[0] if row else 0


def in_use_elsewhere(tournament: Tournament, numbers: list[int]) -> list[tuple[int, str]]:
    """(table number, tournament name) for each of the festival's venue tables among `numbers`
    that another tournament has open: a venue table seats one tournament at a time."""
    return list(
        TournamentTable.objects.filter(
            table__festival_id=tournament.festival_id, table__number__in=numbers, broken_at__isnull=True
        )
        .exclude(tournament=tournament)
        .order_by("table__number")
        .values_list("table__number", "tournament__name")
    )


def table_state(here: TournamentTable) -> seating.Table:
    """The pure rules' view of a table: who sits where (entry ids), and the last hand's positions."""
    players = dict(here.seatings.filter(ended_at__isnull=True).values_list("seat", "entry_id"))
    return seating.Table(here.table.number, here.table.seats, players, here.button, here.small_blind, here.big_blind)


def open_table(tournament: Tournament, number: int) -> TournamentTable:
    here = tournament.tables.filter(broken_at__isnull=True, table__number=number).select_related("table").first()
    if here is None:
        raise Refused(_("Table %(number)s is not open in this tournament.") % {"number": number})
    return here


def sitting_at(here: TournamentTable, seat: int) -> Seating:
    sitting = here.seatings.filter(seat=seat, ended_at__isnull=True).select_related("entry__player").first()
    if sitting is None:
        raise Refused(
            _("Seat %(seat)s at table %(table_number)s is empty.") % {"seat": seat, "table_number": here.table.number}
        )
    return sitting


_SEATING, _AT_TABLE, _VENUE_TABLE, _ENTRY, _PLAYER = (
    model_rows.columns(Seating, "s"),
    model_rows.columns(TournamentTable, "o"),
    model_rows.columns(Table, "v"),
    model_rows.columns(Entry, "e"),
    model_rows.columns(Player, "p"),
)
# Every bust's first read, static (core/model_rows.py): the ORM's select_related over five
# models took longer to build than PostgreSQL to answer it.
_SITTING_AT_TABLE = f"""
    SELECT {_SEATING.sql}, {_AT_TABLE.sql}, {_VENUE_TABLE.sql}, {_ENTRY.sql}, {_PLAYER.sql}
    FROM tables_seating s JOIN tables_tournamenttable o ON o.id = s.tournament_table_id
        JOIN tables_table v ON v.id = o.table_id JOIN tournaments_entry e ON e.id = s.entry_id
        JOIN players_player p ON p.id = e.player_id
    WHERE s.tournament_id = %s AND o.broken_at IS NULL AND v.number = %s AND s.seat = %s AND s.ended_at IS NULL
    LIMIT 1"""


def sitting_at_table(tournament: Tournament, number: int, seat: int) -> Seating | None:
    """The seat's open seating at an open table, with its table and player, in one read (None:
    open_table and sitting_at say why)."""
    with connection.cursor() as cursor:
        cursor.execute(_SITTING_AT_TABLE, [tournament.pk, number, seat])
        row = cursor.fetchone()
    if row is None:
        return None
    sitting, at_table, venue_table, entry, player = model_rows.instances(
        row, _SEATING, _AT_TABLE, _VENUE_TABLE, _ENTRY, _PLAYER
    )
    at_table.table, entry.player = venue_table, player
    sitting.tournament_table, sitting.entry = at_table, entry
    return sitting


_KEEP_APART = """
    SELECT m.keepapart_id, m.entry_id FROM tables_keepapart_entries m
    JOIN tables_keepapart g ON g.id = m.keepapart_id JOIN tournaments_entry e ON e.id = m.entry_id
    WHERE g.tournament_id = %s AND e.status = %s"""


def keep_apart(tournament: Tournament) -> list[set[int]]:
    """SEAT-SEPARATE: each group's entries still in play (one static statement: a break and a
    balancing proposal read it)."""
    groups: dict[int, set[int]] = {}
    with connection.cursor() as cursor:
        cursor.execute(_KEEP_APART, [tournament.pk, Entry.Status.ACTIVE])
        for group_id, entry_id in cursor.fetchall():
            groups.setdefault(group_id, set()).add(entry_id)
    return [group for group in groups.values() if len(group) > 1]


def breaking_order(tournament: Tournament, open_here: dict[int, OpenTable] | None = None) -> list[int]:
    """SEAT-BREAK: the open tables in the order they break. Tables the director has not placed
    break first, the last opened first; then the published order."""
    open_here = open_tables(tournament) if open_here is None else open_here
    ranked = sorted(
        open_here.values(), key=lambda t: (t.break_position is not None, t.break_position or 0, -t.open_order)
    )
    return [t.state.number for t in ranked]


def final_table_of(open_here: dict[int, OpenTable], order: list[int]) -> OpenTable:
    """The table the final is played at: the table already redrawn as final, else an open TV
    table, else the table that would break last."""
    final = next((t for t in open_here.values() if t.is_final), None) or next(
        (t for t in open_here.values() if t.is_tv), None
    )
    return final or open_here[order[-1]]


def final_table_size(tournament: Tournament, final: OpenTable) -> int:
    size = tournament.rules().seating.final_table_size
    return min(size, final.state.seats) if size else final.state.seats


def _no_moves(players_left: int, break_due: int | None = None) -> dict:
    return {
        "moves": [],
        "halted": [],
        "waiting": [],
        "break_due": break_due,
        "final_due": False,
        "players_left": players_left,
    }


def proposed_moves(tournament_id: int, tournament: Tournament | None = None) -> dict:
    """What the tables need now, in this order of precedence: the final-table redraw when the
    field fits the final table (SEAT-FINAL; never in a flight), else the next table of the
    breaking order when the field fits one table fewer (SEAT-BREAK); and the balancing moves
    (SEAT-BALANCE) and the tables to halt, also while the final table waits for its redraw.
    `tournament`: the row a service just read, not read again."""
    tournament = Tournament.objects.get(pk=tournament_id) if tournament is None else tournament
    rules = tournament.rules().seating
    shape = field_shape(tournament)
    if breaks.nothing_due(shape, rules.balance_tolerance, rules.halt_when_short_by):
        return _no_moves(shape.players)
    # A break takes precedence over balancing; when the shape shows it, no table is read (one
    # bust in nine on a full floor, which then breaks the table and reads the sizes itself).
    if (breaking := breaks.break_due(shape)) is not None:
        return _no_moves(shape.players, breaking)
    open_here = open_table_sizes(tournament)  # the sizes decide; who sits where only for moves
    sizes = [t.state for t in open_here.values()]
    left = sum(t.count for t in sizes)
    answer = _no_moves(left)
    if not open_here or left == 0:
        return answer
    order = breaking_order(tournament, open_here)
    final = final_table_of(open_here, order)
    # A flight is never played down to a final table (its players bag for Day 2, FLIGHT-ITM).
    answer["final_due"] = (
        tournament.main_event_id is None
        and len(open_here) > 1
        and not final.is_final
        and 2 <= left <= final_table_size(tournament, final)
    )
    breaking = None if answer["final_due"] else breaks.table_to_break(sizes, order)
    if breaking is not None:
        return {**answer, "break_due": breaking}
    # SEAT-BALANCE: the tables are kept balanced until the final table is redrawn. Who sits
    # where is read at the tables the balance can touch only (a few of a thousand).
    halted = seating.halted_tables(sizes, rules.halt_when_short_by)
    reads = seating.balance_reads(sizes, rules.balance_tolerance)
    if not reads:
        return {**answer, "halted": halted}
    seats = seats_at(tournament, open_here, reads)
    states = [
        seating.Table(n, t.state.seats, {seat: sitting[0] for seat, sitting in seats[n].items()}, *t.positions)
        for n, t in open_here.items()
        if n in reads
    ]
    times_moved = {entry: moves for at in seats.values() for entry, moves in at.values() if moves}
    plan = seating.balance(
        states,
        tolerance=rules.balance_tolerance,
        by_corresponding_seat=rules.move_by_corresponding_seat,
        halt_when_short_by=rules.halt_when_short_by,
        keep_apart=keep_apart(tournament),
        times_moved=times_moved,
    )
    return {
        **answer,
        "moves": [
            {
                "entry": m.player,
                "from_table": m.from_table,
                "from_seat": m.from_seat,
                "to_table": m.to_table,
                "to_seat": m.to_seat,
                "times_moved": times_moved.get(m.player, 0),
                "reason": reason_line(
                    balance_reason(
                        m.from_table,
                        open_here[m.from_table].state.count,
                        m.to_table,
                        open_here[m.to_table].state.count,
                        times_moved.get(m.player, 0),
                    )
                ),
            }
            for m in plan.moves
        ],
        "halted": halted,
        "waiting": plan.waiting,
    }


def seat_of(entry: Entry) -> tuple[int, int] | None:
    """(table number, seat) of the entry's open seating, if it has one."""
    # Static SQL: every sale's answer and every phone's seat page ask (an entry has one open seat).
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT tb.number, s.seat FROM {Seating._meta.db_table} s "
            f"JOIN {TournamentTable._meta.db_table} tt ON tt.id = s.tournament_table_id "
            f"JOIN {Table._meta.db_table} tb ON tb.id = tt.table_id "
            "WHERE s.entry_id = %s AND s.ended_at IS NULL ORDER BY s.id LIMIT 1",
            [entry.pk],
        )
        return cursor.fetchone()
