"""What a table break reads (SEAT-BREAK, version 3 of its checkable draw): the table that
breaks and the other open tables counted by their seats, in one statement; then the few tables
the break fills, with their open seats, in another. Static statements: a break on a 1,112-table
floor read every table's row into Python before, a third of the break's time."""

from typing import NamedTuple

from django.db import connection

from tables.rules import breaks
from tournaments.models import Tournament


class BreakShape(NamedTuple):
    """The first table of the breaking order, and the field around it."""

    table_id: int
    number: int
    seats: int
    tables: int  # open tables, the breaking one among them
    players: int  # seated at them
    other_tables: list[list[int]]  # [seats, how many] of the other open tables, by seats


# The breaking order as breaking_order() and field_shape() rank it: tables not placed first,
# the last opened first. The tables' counts are their kept `seated` (migration 0019).
_BREAK_SHAPE = """
    WITH open AS (
        SELECT o.id, o.seated, o.break_position, o.open_order, v.seats, v.number
        FROM tables_tournamenttable o JOIN tables_table v ON v.id = o.table_id
        WHERE o.tournament_id = %s AND o.broken_at IS NULL
    ), breaking AS (
        SELECT id, number, seats FROM open ORDER BY break_position ASC NULLS FIRST, open_order DESC LIMIT 1
    )
    SELECT b.id, b.number, b.seats::int, (SELECT count(*) FROM open)::int,
        (SELECT coalesce(sum(seated), 0) FROM open)::int,
        ARRAY(SELECT ARRAY[seats::int, count(*)::int] FROM open WHERE id <> b.id GROUP BY seats ORDER BY seats)
    FROM breaking b"""


def break_shape(tournament: Tournament) -> BreakShape | None:
    """The table that breaks next and the field around it (None: no table is open)."""
    with connection.cursor() as cursor:
        cursor.execute(_BREAK_SHAPE, [tournament.pk])
        row = cursor.fetchone()
    return BreakShape(*row) if row else None


class FillingTable(NamedTuple):
    id: int
    is_tv: bool
    table: breaks.Filling


# The other open tables a break fills (breaks.filling_target above their count), in the order
# they opened, each with its rank among the tables with seats above the level and its seats
# taken. PostgreSQL ranks every table; only the few that fill come back.
_FILLING = """
    WITH open AS (
        SELECT o.id, o.open_order, o.seated, v.number, v.seats, v.is_tv,
            count(*) FILTER (WHERE v.seats > %(level)s) OVER (ORDER BY o.open_order) AS rank
        FROM tables_tournamenttable o JOIN tables_table v ON v.id = o.table_id
        WHERE o.tournament_id = %(tournament)s AND o.broken_at IS NULL AND o.id <> %(breaking)s
    )
    SELECT id, is_tv, number, seats, seated, CASE WHEN seats > %(level)s THEN rank ELSE 0 END::int,
        ARRAY(SELECT seat FROM tables_seating s WHERE s.tournament_table_id = open.id AND s.ended_at IS NULL)
    FROM open
    WHERE LEAST(seats, %(level)s) + CASE WHEN seats > %(level)s AND rank <= %(left)s THEN 1 ELSE 0 END > seated
    ORDER BY open_order"""


def filling_tables(tournament: Tournament, breaking_id: int, level: int, left: int) -> list[FillingTable]:
    """The tables a break fills to `level` (and the `left` places over it), with their open
    seats ascending: the seat cards are dealt from these."""
    with connection.cursor() as cursor:
        cursor.execute(_FILLING, {"tournament": tournament.pk, "breaking": breaking_id, "level": level, "left": left})
        rows = cursor.fetchall()
    return [
        FillingTable(
            table_id,
            is_tv,
            breaks.Filling(number, seats, seated, rank, tuple(s for s in range(1, seats + 1) if s not in taken)),
        )
        for table_id, is_tv, number, seats, seated, rank, taken in rows
    ]
