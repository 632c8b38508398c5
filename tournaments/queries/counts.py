"""The field's counts as the database keeps them (tournaments.models.FieldCounts, migration
0031's triggers): one small row a tournament, read where a bust or a sale used to aggregate
over every entry. A main event's money counts its row and its flights' rows (PAY-POOL)."""

from django.db import connection

from tournaments.models import Tournament

NOTHING_COUNTED = {
    "players_left": 0,
    "chips_in_play": 0,
    "pool": 0,
    "returned": 0,
    "pooled_seats": 0,
    "seats": 0,
    "placed_seats": 0,
}


# One static statement: every bust and sale reads the row, and the ORM took longer to build the
# query than PostgreSQL to answer it.
_KEPT = f"SELECT {', '.join(NOTHING_COUNTED)} FROM tournaments_fieldcounts WHERE tournament_id = %s"


def kept_counts(tournament_id: int) -> dict:
    """The tournament's own row (every tournament has one from its creation; none: an unknown id)."""
    with connection.cursor() as cursor:
        cursor.execute(_KEPT, [tournament_id])
        row = cursor.fetchone()
    return dict(zip(NOTHING_COUNTED, row, strict=True)) if row else dict(NOTHING_COUNTED)


# One static statement: every bust and sale reads it, and the ORM's aggregate over a join took
# longer to compile than PostgreSQL to answer. A sum of bigints is numeric: cast back to int.
POOLED = """
    SELECT coalesce(sum(c.pool), 0)::bigint, coalesce(sum(c.returned), 0)::bigint,
        coalesce(sum(c.pooled_seats), 0)::bigint
    FROM tournaments_fieldcounts c JOIN tournaments_tournament t ON t.id = c.tournament_id
    WHERE t.id = %s OR t.main_event_id = %s"""


def pooled_counts(tournament: Tournament) -> dict:
    """PAY-POOL: the pool parts in the pool (`pool`), what went back from it (`back`) and the
    payout field (`field`: seat entries in the pool, Day 2 entries not again) of the
    tournament's money: its own and, for a main event or a flight, the main event's and every
    flight's."""
    main = tournament.main_event_id or tournament.id
    with connection.cursor() as cursor:
        cursor.execute(POOLED, [main, main])
        pool, back, field = cursor.fetchone()
    return {"pool": pool, "back": back, "field": field}
