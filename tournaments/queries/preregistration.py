"""Reads for online pre-registration: a festival's flights with seats left and waiting lists
(public, no personal data), a player's own pre-registration by its code, and the desk's list."""

from django.db import connection
from django.db.models import Count, Q

from players.models import PreRegistration
from tournaments.models import Festival, Tournament
from tournaments.rules import preregistration

OPEN_STATUSES = (Tournament.Status.SCHEDULED, Tournament.Status.REGISTRATION)


def takes_preregistrations(tournament: Tournament, has_flights: bool) -> bool:
    """Open before and during registration; a main event with flights takes them on its flights."""
    return tournament.status in OPEN_STATUSES and not tournament.registration_closed and not has_flights


def has_flights_of(tournament_id: int) -> bool:
    """A main event whose players register on its flights (one static statement)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT EXISTS (SELECT 1 FROM {Tournament._meta.db_table} WHERE main_event_id = %s)", [tournament_id]
        )
        return cursor.fetchone()[0]


def flight_counts(tournament: Tournament, waiting: int | None = None) -> dict:
    """The public counts of one tournament or flight (the events' public part and the page's)."""
    if waiting is None:
        waiting = PreRegistration.objects.filter(tournament=tournament, status=PreRegistration.Status.WAITING).count()
    return {
        "seats_left": preregistration.seats_left(tournament.max_entries, tournament.seats_sold, tournament.seats_held),
        "seats_held": tournament.seats_held,
        "seats_sold": tournament.seats_sold,
        "max_entries": tournament.max_entries,
        "waiting": waiting,
    }


def locked_counts(tournament_id: int) -> dict:
    """The counts as the current transaction sees them (after its own changes)."""
    return flight_counts(Tournament.objects.get(pk=tournament_id))


def festival_board(festival: Festival) -> list[dict]:
    """The festival's events for the registration page: each main event with its flights
    grouped under it, every one with its seats left, waiting list and whether it takes
    pre-registrations now. Ordered by start, then id."""
    tournaments = list(
        festival.tournaments.annotate(
            waiting=Count("preregistrations", filter=Q(preregistrations__status=PreRegistration.Status.WAITING)),
            flight_count=Count("flights", distinct=True),
        ).order_by("starts_at", "id")
    )
    by_id = {t.id: t for t in tournaments}
    groups: dict[int, dict] = {}
    for tournament in tournaments:
        if tournament.main_event_id is not None and tournament.main_event_id in by_id:
            continue
        groups[tournament.id] = {"event": _row(tournament), "flights": []}
    for tournament in tournaments:
        if tournament.main_event_id in groups:
            groups[tournament.main_event_id]["flights"].append(_row(tournament))
    return list(groups.values())


def _row(tournament: Tournament) -> dict:
    return {
        "id": tournament.id,
        "name": tournament.name,
        "starts_at": tournament.starts_at,
        "status": tournament.status,
        "buy_in": tournament.buy_in,
        "fee": tournament.fee,
        "open": takes_preregistrations(tournament, tournament.flight_count > 0),
        **flight_counts(tournament, tournament.waiting),
    }


def other_flights_with_seats(tournament: Tournament) -> list[Tournament]:
    """The same main event's other flights that still have a seat: what a full flight offers."""
    if tournament.main_event_id is None:
        return []
    siblings = (
        Tournament.objects.filter(
            main_event_id=tournament.main_event_id, status__in=OPEN_STATUSES, registration_closed=False
        )
        .exclude(pk=tournament.pk)
        .order_by("starts_at", "id")
    )
    return [t for t in siblings if preregistration.seats_left(t.max_entries, t.seats_sold, t.seats_held) != 0]


def waiting_position(entry: PreRegistration) -> int | None:
    if entry.status != PreRegistration.Status.WAITING:
        return None
    return PreRegistration.objects.filter(
        tournament_id=entry.tournament_id, status=PreRegistration.Status.WAITING, id__lte=entry.id
    ).count()


def by_code(code: str) -> PreRegistration | None:
    return (
        PreRegistration.objects.select_related("tournament__festival", "tournament__main_event", "entry")
        .filter(code=preregistration.code_from_scan(code))
        .first()
    )


def public_view(entry: PreRegistration) -> dict:
    """What the player's own confirmation page and API answer show (the code is the key)."""
    tournament = entry.tournament
    return {
        "code": entry.code,
        "status": entry.status,
        "status_label": entry.get_status_display(),
        "tournament": {
            "id": tournament.id,
            "name": tournament.name,
            "starts_at": tournament.starts_at,
            "main_event": tournament.main_event.name if tournament.main_event_id else None,
        },
        "first_name": entry.first_name,
        "last_name": entry.last_name,
        "payment": entry.payment,
        "payment_reference": entry.payment_reference,
        "position": waiting_position(entry),
        "entry_number": entry.entry.number if entry.entry_id else None,
        # A hold just made carries the counts it wrote (services.preregistration): not read again.
        "counts": getattr(entry, "counts_as_held", None) or flight_counts(tournament),
        "price": tournament.buy_in + tournament.bounty + tournament.fee,
        "currency": tournament.festival.currency,
        # Confirmed at the desk: the player's seat page follows them from here (table, moves, place).
        "seat_url": _seat_url(entry.entry) if entry.entry_id else None,
    }


def _seat_url(entry) -> str:
    return f"/tournaments/{entry.tournament_id}/seat/{entry.public_code}/"


def desk_view(entry: PreRegistration) -> dict:
    """What the clerk checks against the photo ID before confirming."""
    return {
        "code": entry.code,
        "status": entry.status,
        "status_label": entry.get_status_display(),
        "tournament_id": entry.tournament_id,
        "tournament": entry.tournament.name,
        "first_name": entry.first_name,
        "last_name": entry.last_name,
        "date_of_birth": entry.date_of_birth,
        "email": entry.email,
        "nationality": entry.nationality,
        "id_document_type": entry.id_document_type,
        "id_document_type_label": entry.get_id_document_type_display(),
        "id_document_number": entry.id_document_number,
        "id_document_country": entry.id_document_country,
        "filming_release": entry.filming_release,
        "marketing_opt_in": entry.marketing_opt_in,
        "payment": entry.payment,
        "payment_reference": entry.payment_reference,
        "position": waiting_position(entry),
        "created_at": entry.created_at,
        "entry_number": entry.entry.number if entry.entry_id else None,
    }


def desk_list(tournament: Tournament, query: str = "", limit: int = 50) -> list[dict]:
    """The day's pre-registrations for this tournament, held first, then waiting, then
    confirmed; narrowed by a name, an ID number or a code."""
    rows = (
        PreRegistration.objects.filter(tournament=tournament)
        .exclude(status=PreRegistration.Status.CANCELLED)
        .select_related("tournament", "entry")
    )
    query = query.strip()
    if query:
        code = preregistration.code_from_scan(query)
        words = Q()
        for word in query.split():
            words &= Q(first_name__icontains=word) | Q(last_name__icontains=word)
        rows = rows.filter(words | Q(code=code) | Q(id_document_number=preregistration.document_number(query)))
    order = {PreRegistration.Status.HELD: 0, PreRegistration.Status.WAITING: 1, PreRegistration.Status.CONFIRMED: 2}
    found = sorted(rows.order_by("id")[:500], key=lambda row: (order[row.status], row.last_name.upper(), row.id))
    return [desk_view(row) for row in found[:limit]]
