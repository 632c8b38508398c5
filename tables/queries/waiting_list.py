"""The waiting list (ENT-WAIT): who waits for a seat, in order; public names for the screens."""

from django.db import connection

from players.queries.players import public_name_of
from tables.models import Seating
from tournaments.models import Entry, Tournament

# The waiting list (ENT-WAIT) -------------------------------------------------------------


# Someone sits at the tournament's tables (its one parameter: the tournament's id). Asked for
# the first open seat by table, which the partial index of open seats answers in one row: a bare
# EXISTS let the planner scan the seat rows from the start (every tournament's, ended ones too)
# when its statistics lagged behind a day of busts (bench/seating.py read 7,987 rows for it).
# A sale asks in the statement that writes its entry (tournaments.services.desk._count_the_sale).
FIELD_DRAWN = (
    f"(SELECT tournament_table_id FROM {Seating._meta.db_table} WHERE tournament_id = %s "
    "AND ended_at IS NULL ORDER BY tournament_table_id LIMIT 1) IS NOT NULL"
)


def field_drawn(tournament: Tournament) -> bool:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {FIELD_DRAWN}", [tournament.pk])
        return cursor.fetchone()[0]


def waiting_entries(tournament: Tournament, drawn: bool | None = None) -> list[Entry]:
    """ENT-WAIT: once the field is drawn, the entries still in play with no seat, in order of
    sale: the first takes the next seat that opens. Empty before the draw (nobody sits yet).
    `drawn`: field_drawn's answer, when the caller read it already."""
    if not (field_drawn(tournament) if drawn is None else drawn):
        return []
    seated = tournament.seatings.filter(ended_at__isnull=True).values("entry_id")
    return list(
        tournament.entries.filter(status=Entry.Status.ACTIVE, kind__in=Entry.SEAT_KINDS)
        .exclude(id__in=seated)
        .select_related("player")
        .order_by("number")
    )


def waiting_list(tournament: Tournament, public: bool = True) -> dict:
    """The waiting list for the desk, the director and the lobby: position, entry and name
    (first name and last initial in public), and how many open seats the open tables have."""
    waiting = waiting_entries(tournament)
    seats = sum(tournament.tables.filter(broken_at__isnull=True).values_list("table__seats", flat=True))
    seated = tournament.seatings.filter(ended_at__isnull=True).count()
    return {
        "seats_left": max(0, seats - seated),
        "waiting": [
            {
                "position": position,
                "entry": entry.number,
                "name": public_name_of(entry.player) if public else str(entry.player),
            }
            for position, entry in enumerate(waiting, start=1)
        ],
    }
