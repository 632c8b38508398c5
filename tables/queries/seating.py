"""Public reads of the seats: the lobby's seating chart, "find my seat" and a player's seat and
place. Names only as the player consented (public_name): no personal data."""

from django.db.models import Q
from django.utils.translation import gettext as _

from players.queries.players import public_name
from rules.refusals import Refused
from tables.models import Seating
from tables.queries.moves import reason_line
from tables.queries.tables import seat_of
from tables.queries.waiting_list import waiting_entries, waiting_list
from tournaments.models import Entry, Tournament

# Public reads: the lobby's seating chart, "find my seat" and the player's seat page. Names
# only as "first name, last initial" (public_name): no personal data.


def seating_chart(tournament_id: int) -> dict:
    tournament = Tournament.objects.get(pk=tournament_id)
    sitting = tournament.seatings.filter(ended_at__isnull=True).values_list(
        "tournament_table_id",
        "seat",
        "entry__number",
        "entry__player__first_name",
        "entry__player__last_name",
        "entry__player__initials_only",
    )
    by_table: dict[int, dict[str, dict]] = {}
    for table_id, seat, number, first, last, initials in sitting:
        by_table.setdefault(table_id, {})[str(seat)] = {"entry": number, "name": public_name(first, last, initials)}
    open_here = tournament.tables.filter(broken_at__isnull=True).select_related("table").order_by("open_order")
    return {
        "tables": [
            {
                "number": here.table.number,
                "seats": here.table.seats,
                "button": here.button,
                "is_final": here.is_final,
                "players": dict(sorted(by_table.get(here.pk, {}).items(), key=lambda item: int(item[0]))),
            }
            for here in open_here
        ],
        "waiting_list": waiting_list(tournament),
    }


def find_seat(tournament_id: int, name: str, limit: int = 20) -> list[dict]:
    """Players still seated whose first or last name starts with each word typed."""
    words = name.split()
    if not words or len(name.strip()) < 2:
        raise Refused(_("Type at least two letters of the name."))
    query = Seating.objects.filter(tournament_id=tournament_id, ended_at__isnull=True)
    for word in words:
        query = query.filter(
            Q(entry__player__first_name__istartswith=word) | Q(entry__player__last_name__istartswith=word)
        )
    found = query.order_by("entry__player__last_name", "entry__player__first_name").values_list(
        "entry__player__first_name",
        "entry__player__last_name",
        "entry__player__initials_only",
        "entry__number",
        "tournament_table__table__number",
        "seat",
        "entry__kind",
        "entry__chips",
    )[:limit]
    # A Day 2 seat shows the bag it was drawn with (AC-CARRY); other seats' chips are not public here.
    return [
        {
            "name": public_name(first, last, initials),
            "entry": number,
            "table": table,
            "seat": seat,
            **({"bag": chips} if kind == Entry.Kind.DAY_TWO else {}),
        }
        for first, last, initials, number, table, seat, kind, chips in found
    ]


def seat_page(tournament_id: int, code: str) -> dict:
    """What the player's seat page shows, from the code on the ticket."""
    entry = Entry.objects.select_related("tournament").get(tournament_id=tournament_id, public_code=code)
    return {
        "entry": entry.number,
        "status": entry.status,
        "status_display": entry.get_status_display(),
        "tournament_status": entry.tournament.status,
        **place_of(entry),
        "move_reason": move_reason_of(entry),
    }


def move_reason_of(entry: Entry) -> str:
    """Issue 26: why the player was moved to the seat they hold now (empty: drawn or seated there)."""
    return reason_line(entry.seatings.filter(ended_at__isnull=True).values_list("move_reason", flat=True).first())


def place_of(entry: Entry) -> dict:
    """Where an entry is: its table and seat, or its position on the waiting list (ENT-WAIT);
    a sale's answer as the sale placed it (tournaments.services.desk._sell)."""
    if placed := getattr(entry, "place_as_sold", None):
        return placed
    place = seat_of(entry)
    waiting = [e.id for e in waiting_entries(entry.tournament)] if place is None else []
    return {
        "table": place[0] if place else None,
        "seat": place[1] if place else None,
        "waiting_position": waiting.index(entry.id) + 1 if entry.id in waiting else None,
    }
