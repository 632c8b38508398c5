"""The player's companion (the seat page from the ticket's QR code): the seat, the penalty or
absence being served, the pay jumps and, once out, the place and prize. Public: no personal
data, no staff names; the code on the ticket is the key.

Query floor: above tournaments.queries (standings, the money) and the tables' reads.
"""

from django.utils import timezone

from clock.queries.clock import play_time
from rules.times import iso_time
from tables.models import Absence
from tables.queries.penalties import ACTIVE, penalty_document
from tables.queries.seating import seat_page
from tournaments.models import Entry
from tournaments.queries.day_two import way_to_day_two
from tournaments.queries.payouts import money_summary
from tournaments.queries.results import public_standings
from tournaments.queries.satellites import vouchers_won_by
from tournaments.queries.snapshot import field_counts

# What a player's own page says of a penalty: what is left to serve, never who gave it.
PENALTY_FIELDS = (
    "step",
    "status",
    "may_return",
    "hands_left",
    "seconds_left",
    "counting_until",
    "as_of",
    "chips_fined",
)


def companion(tournament_id: int, code: str) -> dict:
    """Raises Entry.DoesNotExist for a code no ticket carries."""
    shown = seat_page(tournament_id, code)
    entry = Entry.objects.select_related("tournament__festival").get(tournament_id=tournament_id, public_code=code)
    tournament = entry.tournament
    players_left = field_counts(tournament_id)["players_left"]
    return {
        **shown,
        "currency": tournament.festival.currency,
        "penalty": _penalty(entry),
        "absent": _absence(entry),
        "money": money_summary(tournament, players_left),
        "players_left": players_left,
        "finish": _finish(entry),
        "day_two": way_to_day_two(entry),
        "won_seats": vouchers_won_by(entry),
    }


def _penalty(entry: Entry) -> dict | None:
    penalty = entry.penalties.filter(ACTIVE).order_by("-given_at", "-id").first()
    if penalty is None:
        return None
    now = timezone.now()
    played, until = play_time(entry.tournament_id, now)
    document = penalty_document(penalty, played, until, now)
    return {field: document[field] for field in PENALTY_FIELDS}


def _absence(entry: Entry) -> dict | None:
    absence = Absence.objects.filter(entry=entry, ended_at__isnull=True).order_by("-since").first()
    return {"since": iso_time(absence.since), "retired": absence.retired} if absence else None


def _finish(entry: Entry) -> dict | None:
    """The place (a range when tied) and the prize (None until the payouts are published)."""
    if entry.status == Entry.Status.ACTIVE and entry.tournament.status != entry.tournament.Status.FINISHED:
        return None
    standings = public_standings(entry.tournament)
    # A main event's rows of players out of a flight in the money (FLIGHT-ITM) carry the flight's numbers.
    own = [row for row in standings["out"] if row["flight"] is None or entry.tournament.main_event_id is not None]
    row = next((row for row in own if row["entry"] == entry.number), None)
    if row is None:
        return None
    return {
        "place": row["place"],
        "prize": row["prize"],
        "seat": row["seat"],
        "field": standings["field"],
        "published": standings["published"],
    }
