"""The venue's tables as the set-up page lists them: seats, the TV table, and where each is in
use (open in a tournament not over) or has been used (kept in a tournament's record)."""

from tables.models import SeatPin, Table, TournamentTable
from tournaments.models import Tournament

OVER = [Tournament.Status.FINISHED, Tournament.Status.CANCELLED]


def open_in(table: Table) -> Tournament | None:
    """The tournament the table is open in now (a table opens in one tournament at a time)."""
    row = (
        TournamentTable.objects.filter(table=table, broken_at__isnull=True)
        .exclude(tournament__status__in=OVER)
        .select_related("tournament")
        .first()
    )
    return row.tournament if row else None


def used_by(table: Table) -> Tournament | None:
    """A tournament whose record names the table (opened there once, or a seat pinned at it)."""
    row = TournamentTable.objects.filter(table=table).select_related("tournament").first()
    if row is not None:
        return row.tournament
    pin = SeatPin.objects.filter(table=table).select_related("tournament").first()
    return pin.tournament if pin else None


def venue_tables(festival_id: int) -> list[dict]:
    rows = []
    for table in Table.objects.filter(festival_id=festival_id).order_by("number"):
        in_use, used = open_in(table), used_by(table)
        rows.append(
            {
                "table": table.number,
                "seats": table.seats,
                "is_tv": table.is_tv,
                "in_use": in_use.name if in_use else None,
                "used": used.name if used else None,
            }
        )
    return rows
