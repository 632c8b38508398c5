"""What the printed slips say (issue 26, "Print"): a player's move, a prize's receipt and the
day's chip-count sheet. A broken table's slip is tables.queries.floor.broken_table, as its
tablet shows it. Each returns None when there is nothing to print, so the page can say so."""

from django.utils import timezone

from players.queries.players import public_name_of
from tables.models import Seating
from tables.queries.counts import latest_counts
from tournaments.models import Entry, PrizePayment, Tournament
from tournaments.queries.results import standings

# The ways a seat ends that put the player in another seat at the same moment
MOVES = ("moved", "table broken", "final table", "seated by cards")


def move_of(tournament: Tournament, number: int) -> dict | None:
    """Entry `number`'s last move: from where to where, and when; None if it never moved or is
    out. A move ends the old seat and starts the new one at the same moment."""
    entry = Entry.objects.filter(tournament=tournament, number=number).select_related("player").first()
    if entry is None:
        return None
    now_at = (
        Seating.objects.filter(entry=entry, ended_at__isnull=True).select_related("tournament_table__table").first()
    )
    if now_at is None:
        return None
    came_from = (
        Seating.objects.filter(entry=entry, ended_at=now_at.started_at, ended_because__in=MOVES)
        .select_related("tournament_table__table")
        .first()
    )
    if came_from is None:
        return None
    return {
        "name": str(entry.player),
        "number": entry.number,
        "from_table": came_from.tournament_table.table.number,
        "from_seat": came_from.seat,
        "table": now_at.tournament_table.table.number,
        "seat": now_at.seat,
        "because": came_from.ended_because,
        "at": now_at.started_at,
    }


def receipt_of(tournament: Tournament, number: int) -> dict | None:
    """The standing prize payment of entry `number`, with its place; None if none is paid."""
    payment = (
        PrizePayment.objects.filter(tournament=tournament, entry__number=number, reversed_at__isnull=True)
        .select_related("entry__player", "cashier")
        .first()
    )
    if payment is None:
        return None
    placed = next((row["place"] for row in standings(tournament)["out"] if row["entry"] == number), None)
    return {
        "name": str(payment.entry.player),
        "number": number,
        "place": placed,
        "amount": payment.amount,
        "method": payment.get_method_display(),
        "paid_at": payment.paid_at,
        "cashier": payment.cashier.get_username() if payment.cashier else "",
    }


def chip_count_sheet(tournament: Tournament) -> dict:
    """CHIP-COUNT: every seated player by table and seat, with their latest count (or none yet)
    and room for the next; public names, as the media's counts page shows them."""
    counts = latest_counts(tournament)
    seated = (
        Seating.objects.filter(tournament=tournament, ended_at__isnull=True)
        .select_related("entry__player", "tournament_table__table")
        .order_by("tournament_table__table__number", "seat")
    )
    rows = [
        {
            "table": s.tournament_table.table.number,
            "seat": s.seat,
            "name": public_name_of(s.entry.player),
            "number": s.entry.number,
            "chips": counts.get(s.entry_id, {}).get("chips"),
        }
        for s in seated
    ]
    return {
        "rows": rows,
        "players": len(rows),
        "counted": sum(row["chips"] or 0 for row in rows),
        "printed_at": timezone.now(),
    }
