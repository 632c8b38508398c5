"""What a table break reads (SEAT-BREAK, version 3 of its checkable draw), in one statement:
the table that breaks, the other open tables counted by their seats (which give the level the
break fills every table to), and the few tables it fills, with their open seats. A break on a
1,112-table floor read every table's row into Python before, a third of the break's time."""

from typing import NamedTuple

from django.db import connection

from tables.rules import breaks
from tournaments.models import Tournament


class FillingTable(NamedTuple):
    id: int
    is_tv: bool
    table: breaks.Filling


class BreakShape(NamedTuple):
    """The first table of the breaking order, the field around it, and the tables it fills."""

    table_id: int
    number: int
    seats: int
    tables: int  # open tables, the breaking one among them
    players: int  # seated at them
    other_tables: list[list[int]]  # [seats, how many] of the other open tables, by seats
    filling: list[FillingTable]  # in the order the tables opened


# The breaking order as breaking_order() and field_shape() rank it: tables not placed first,
# the last opened first. The counts are the tables' kept `seated` (migration 0019). The fill
# level is breaks.fill_level's: the highest level the players fill, the
# places over it going to the first tables, in open order, with seats above it; a table fills
# when that target is above its count (breaks.filling_target). One row per table it fills,
# each with the shape; one row with the shape alone when it fills none.
_BREAK_SHAPE = """
    WITH open AS MATERIALIZED (
        SELECT o.id, o.seated, o.break_position, o.open_order, v.seats, v.number, v.is_tv
        FROM tables_tournamenttable o JOIN tables_table v ON v.id = o.table_id
        WHERE o.tournament_id = %(tournament)s AND o.broken_at IS NULL
    ), breaking AS (
        SELECT id, number, seats FROM open ORDER BY break_position ASC NULLS FIRST, open_order DESC LIMIT 1
    ), by_seats AS (
        SELECT seats, count(*)::int AS tables FROM open WHERE id <> (SELECT id FROM breaking) GROUP BY seats
    ), shape AS (
        SELECT b.id, b.number, b.seats::int AS seats, (SELECT count(*) FROM open)::int AS tables,
            (SELECT coalesce(sum(seated), 0) FROM open)::int AS players
        FROM breaking b
    ), level AS (
        SELECT l AS level, s.players - (SELECT coalesce(sum(tables * LEAST(seats, l)), 0) FROM by_seats) AS over
        FROM shape s, generate_series(0, (SELECT coalesce(max(seats), 0) FROM by_seats)) l
        WHERE (SELECT coalesce(sum(tables * LEAST(seats, l)), 0) FROM by_seats) <= s.players
        ORDER BY l DESC LIMIT 1
    ), ranked AS (
        SELECT o.*, count(*) FILTER (WHERE o.seats > (SELECT level FROM level)) OVER (ORDER BY o.open_order) AS rank
        FROM open o WHERE o.id <> (SELECT id FROM breaking)
    ), filling AS MATERIALIZED (  -- the few tables it fills, before their seats are read
        SELECT r.id, r.is_tv, r.number, r.seats::int, r.seated::int, r.open_order,
            CASE WHEN r.seats > l.level THEN r.rank ELSE 0 END::int AS rank
        FROM ranked r, level l
        WHERE LEAST(r.seats, l.level) + CASE WHEN r.seats > l.level AND r.rank <= l.over THEN 1 ELSE 0 END > r.seated
    )
    SELECT s.id, s.number, s.seats, s.tables, s.players,
        ARRAY(SELECT ARRAY[seats::int, tables] FROM by_seats ORDER BY seats),
        f.id, f.is_tv, f.number, f.seats, f.seated, f.rank,
        ARRAY(SELECT seat FROM tables_seating t WHERE t.tournament_table_id = f.id AND t.ended_at IS NULL)
    FROM shape s LEFT JOIN filling f ON true
    ORDER BY f.open_order"""


def break_shape(tournament: Tournament) -> BreakShape | None:
    """The table that breaks next, the field around it and the tables it fills, with their
    open seats ascending (None: no table is open)."""
    with connection.cursor() as cursor:
        cursor.execute(_BREAK_SHAPE, {"tournament": tournament.pk})
        rows = cursor.fetchall()
    if not rows:
        return None
    filling = [
        FillingTable(
            table_id,
            is_tv,
            breaks.Filling(number, seats, seated, rank, tuple(s for s in range(1, seats + 1) if s not in taken)),
        )
        for *_shape, table_id, is_tv, number, seats, seated, rank, taken in rows
        if table_id is not None
    ]
    return BreakShape(*rows[0][:6], filling)
