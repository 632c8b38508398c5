"""The festival's public schedule: every event with its start (in the festival's time zone),
its price, status, seats left (less those held by pre-registrations) and waiting list (ENT-WAIT and
the pre-registrations waiting), its flights grouped under it, and
the satellites feeding it. Public: no personal data.

Query floor: above the tables' queries (the waiting list), reads the models.
"""

from zoneinfo import ZoneInfo

from players.models import PreRegistration
from tables.queries.waiting_list import waiting_entries
from tournaments.models import Festival, Tournament
from tournaments.rules import preregistration


def _event(tournament: Tournament, zone: ZoneInfo, names: dict[int, str]) -> dict:
    # Seats held by online pre-registrations are not for sale; their waiting list waits too.
    seats_left = preregistration.seats_left(tournament.max_entries, tournament.seats_sold, tournament.seats_held)
    waiting_online = PreRegistration.objects.filter(
        tournament=tournament, status=PreRegistration.Status.WAITING
    ).count()
    playing = tournament.status in (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING)
    return {
        "id": tournament.id,
        "name": tournament.name,
        "url": f"/tournaments/{tournament.id}/",
        "starts_at": tournament.starts_at.astimezone(zone).isoformat() if tournament.starts_at else None,
        "status": tournament.status,
        "buy_in": tournament.buy_in,
        "fee": tournament.fee,
        "price": tournament.buy_in + tournament.bounty + tournament.fee,
        "max_entries": tournament.max_entries,
        "seats_sold": tournament.seats_sold,
        "seats_held": tournament.seats_held,
        "seats_left": seats_left,  # None: no cap
        "waiting": (len(waiting_entries(tournament)) if playing else 0) + waiting_online,
        "satellite_for": (
            {"id": tournament.satellite_for_id, "name": names.get(tournament.satellite_for_id, "")}
            if tournament.satellite_for_id
            else None
        ),
    }


def _by_start(tournament: Tournament):
    return (tournament.starts_at is None, tournament.starts_at or 0, tournament.id)


def festival_schedule(festival_id: int) -> dict:
    """Raises Festival.DoesNotExist. Events by start (those with none last), each main event
    with its flights (by start) and the satellites feeding it or any of its flights."""
    festival = Festival.objects.get(pk=festival_id)
    zone = ZoneInfo(festival.time_zone)
    everything = sorted(Tournament.objects.filter(festival=festival), key=_by_start)
    names = {tournament.id: tournament.name for tournament in everything}
    documents = {tournament.id: _event(tournament, zone, names) for tournament in everything}
    for document in documents.values():
        document["flights"], document["satellites"] = [], []
    for tournament in everything:
        if tournament.main_event_id in documents:
            documents[tournament.main_event_id]["flights"].append(documents[tournament.id])
        if tournament.satellite_for_id in documents:
            fed = tournament.satellite_for_id
            main = next((t.main_event_id for t in everything if t.id == fed and t.main_event_id), fed)
            documents[main]["satellites"].append(
                {key: documents[tournament.id][key] for key in ("id", "name", "url", "starts_at", "status", "price")}
            )
    for document in documents.values():
        if document["flights"] and document["max_entries"] is None:  # its Day 1 is sold in the flights
            document["seats_sold"] += sum(flight["seats_sold"] for flight in document["flights"])
    return {
        "festival": {
            "id": festival.id,
            "name": festival.name,
            "venue": festival.venue,
            "time_zone": festival.time_zone,
            "currency": festival.currency,
        },
        "events": [documents[t.id] for t in everything if t.main_event_id not in documents],
    }


def home_listing() -> list[dict]:
    """The home page: each festival with its events by start, every flight under its main
    event (never a row of its own)."""
    festivals: dict[int, dict] = {}
    tournaments = Tournament.objects.select_related("festival").order_by("starts_at", "id")
    flights: dict[int, list[Tournament]] = {}
    for tournament in tournaments:
        if tournament.main_event_id:
            flights.setdefault(tournament.main_event_id, []).append(tournament)
    for tournament in tournaments:
        if tournament.main_event_id:
            continue
        festival = festivals.setdefault(tournament.festival_id, {"festival": tournament.festival, "events": []})
        festival["events"].append({"event": tournament, "flights": flights.get(tournament.id, [])})
    return sorted(festivals.values(), key=lambda row: row["festival"].id)
