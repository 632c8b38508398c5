"""The player's companion (the seat page from the ticket's QR code): the seat, the penalty or
absence being served, the pay jumps and, once out, the place and prize. Public: no personal
data, no staff names; the code on the ticket is the key.

A main event played in flights is one event on the phone: a flight's ticket follows its player
into Day 2 (the bag, then the Day 2 entry's seat, every move, the final table, the place and
prize), and the page listens to the tournament the player is in now (`follow`).

Query floor: above tournaments.queries (standings, the money) and the tables' reads.
"""

from django.utils import timezone

from clock.queries.clock import play_time
from rules.times import iso_time
from tables.models import Absence, Qualifier
from tables.queries.penalties import ACTIVE, penalty_document
from tables.queries.seating import seat_page
from tournaments.models import Entry, Tournament
from tournaments.queries.bounties import player_bounties
from tournaments.queries.day_two import way_to_day_two
from tournaments.queries.payouts import money_summary
from tournaments.queries.results import public_standings
from tournaments.queries.satellites import vouchers_won_by
from tournaments.queries.snapshot import shown_counts

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
    ticket = Entry.objects.select_related("tournament__festival", "tournament__main_event").get(
        tournament_id=tournament_id, public_code=code
    )
    entry, listen_to = followed(ticket)
    shown = seat_page(entry.tournament_id, entry.public_code)
    tournament = entry.tournament
    # The page's "players left" is the followed tournament's, as its lobby says (FLIGHT-ITM).
    players_left = shown_counts(listen_to)["players_left"]
    return {
        **shown,
        "entry": ticket.number,
        "entries": entry_numbers(ticket, entry),
        "follow": {"id": listen_to.id, "name": listen_to.name, "status": listen_to.status},
        "currency": tournament.festival.currency,
        "penalty": _penalty(entry),
        "absent": _absence(entry),
        "money": money_summary(tournament, players_left),
        "players_left": players_left,
        "finish": _finish(entry),
        "day_two": way_to_day_two(ticket),
        "won_seats": vouchers_won_by(ticket),
        "bounty": player_bounties(entry, *([ticket] if ticket.id != entry.id else [])),
    }


def followed(ticket: Entry) -> tuple[Entry, Tournament]:
    """The entry a ticket's page shows and the tournament whose feed it listens to. A flight's
    entry whose bag qualified is followed to its Day 2 entry once drawn (a bag forfeited for the
    player's other bag, FLIGHT-REENTRY best_stack: to that bag's Day 2 entry); from the flight's
    close it listens to the main event, where Day 2 is drawn and played."""
    qualifier = Qualifier.objects.filter(flight_entry=ticket).select_related("main_event", "day_two_entry").first()
    if qualifier is None:
        return ticket, ticket.tournament
    if qualifier.status == Qualifier.Status.FORFEITED:
        kept = (
            Qualifier.objects.filter(
                main_event_id=qualifier.main_event_id,
                player_id=qualifier.player_id,
                status=Qualifier.Status.FORWARD,
                day_two_entry__isnull=False,
            )
            .select_related("day_two_entry")
            .order_by("id")
            .first()
        )
        qualifier = kept or qualifier
    main = qualifier.main_event
    if qualifier.day_two_entry is not None:
        return Entry.objects.select_related("tournament__festival").get(pk=qualifier.day_two_entry_id), main
    return ticket, main


def entry_numbers(ticket: Entry, entry: Entry) -> list[dict]:
    """The numbers one player's run in the event goes by, in order: a flight's entry number and
    its Day 2 entry's in the main event (each tournament numbers its own entries from 1, so a
    flight's #1 and Day 2's #17 are the same person). One item when they are one entry."""
    first = ticket
    if ticket.kind == Entry.Kind.DAY_TWO:
        origin = Qualifier.objects.filter(day_two_entry=ticket).select_related("flight_entry__tournament").first()
        first = origin.flight_entry if origin is not None else ticket
    runs = [first] if first.id == entry.id else [first, entry]
    return [
        {"tournament": run.tournament.name, "tournament_id": run.tournament_id, "entry": run.number} for run in runs
    ]


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
