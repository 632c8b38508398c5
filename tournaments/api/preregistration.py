"""Online pre-registration's API: public (a festival's flights with seats left, register, join
a waiting list, look up and cancel by code; rate-limited per client address) and the desk's
(the day's pre-registrations, confirm one into an entry)."""

from datetime import date, datetime

from django.conf import settings
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from ninja import Field, Router, Schema, Status
from ninja.decorators import decorate_view
from ninja.errors import HttpError
from ninja.security import django_auth

from core import throttle
from core.access import Action, check, tournament_for
from core.api import ERRORS, Answer, Id, TooMany, TooManyRequests
from core.http_cache import public_read
from tournaments.api.desk import EntryOut, entry_out
from tournaments.models import Festival
from tournaments.queries import preregistration as queries
from tournaments.rules import preregistration
from tournaments.services import preregistration as services

# One router: the public and the desk's operations share paths (GET for the desk, POST for
# the public), and each operation names its own authentication.
router = Router(tags=["pre-registration"])

THROTTLE_SCOPE = "preregistration"


PUBLIC_ERRORS = {**ERRORS, 429: TooMany}


def _throttled(request) -> None:
    """A clear 429 a person can act on: how long to wait, and the desk as the way round."""
    verdict = throttle.hit(THROTTLE_SCOPE, throttle.client_address(request), settings.PREREGISTRATION_RATE_PER_MINUTE)
    if not verdict.allowed:
        raise TooManyAttempts(verdict.retry_after)


class TooManyAttempts(TooManyRequests):
    def __init__(self, retry_after: int):
        super().__init__(
            retry_after,
            _(
                "Too many registration attempts from your connection in the last minute: wait "
                "%(seconds)s seconds and try again, or register at the desk."
            )
            % {"seconds": retry_after},
        )


class ApplicationIn(Schema):
    first_name: str = Field(..., min_length=1, max_length=100)
    last_name: str = Field(..., min_length=1, max_length=100)
    date_of_birth: date
    email: str = Field(..., min_length=3, max_length=254)
    nationality: str = Field("", max_length=2)
    id_document_type: str = Field(..., pattern="^(passport|id_card|driving_licence)$")
    id_document_number: str = Field(..., min_length=1, max_length=64)
    id_document_country: str = Field("", max_length=2)
    accepts_terms: bool = False
    filming_release: bool = False
    marketing_opt_in: bool = False
    initials_only: bool = False
    payment: str = Field("desk", pattern="^(desk|online)$")
    payment_reference: str = Field("", max_length=64)
    join_waiting_list: bool = False


class CountsOut(Answer):
    seats_left: int | None
    seats_held: int
    seats_sold: int
    max_entries: int | None
    waiting: int


class FlightOut(CountsOut):
    id: int
    name: str
    starts_at: str | None
    status: str
    buy_in: int
    fee: int
    open: bool


class GroupOut(Answer):
    event: FlightOut
    flights: list[FlightOut]


class BoardOut(Answer):
    festival: str
    currency: str
    events: list[GroupOut]


class PreRegisteredForOut(Answer):
    id: int
    name: str
    starts_at: datetime | None
    main_event: str | None = Field(..., description="a flight: its main event's name")


class PreRegistrationOut(Answer):
    code: str
    status: str
    status_label: str
    tournament: PreRegisteredForOut
    first_name: str
    last_name: str
    payment: str
    payment_reference: str
    position: int | None
    entry_number: int | None
    counts: CountsOut
    price: int = Field(..., description="buy-in and fee, minor units")
    currency: str
    seat_url: str | None = Field(..., description="once the desk confirmed it: the player's seat page")
    url: str


class DeskPreRegistrationOut(Answer):
    code: str
    status: str
    status_label: str
    tournament_id: int
    tournament: str
    first_name: str
    last_name: str
    date_of_birth: date
    email: str
    nationality: str
    id_document_type: str
    id_document_type_label: str
    id_document_number: str
    id_document_country: str
    filming_release: bool
    marketing_opt_in: bool
    payment: str
    payment_reference: str
    position: int | None
    created_at: datetime
    entry_number: int | None


class ConfirmIn(Schema):
    method: str = Field("cash", pattern="^(cash|card|transfer|online)$")
    desk: str = Field(..., min_length=1, max_length=40)
    shift: str = Field(..., min_length=1, max_length=40)


def _board(festival: Festival) -> dict:
    groups = queries.festival_board(festival)
    for group in groups:
        for row in [group["event"], *group["flights"]]:
            row["starts_at"] = row["starts_at"].isoformat() if row["starts_at"] else None
    return {"festival": festival.name, "currency": festival.currency, "events": groups}


def _public(entry) -> dict:
    return {**queries.public_view(entry), "url": f"/preregistered/{entry.code}/"}


@router.get(
    "/festivals/{festival_id}/preregistration/",
    response={200: BoardOut, **ERRORS},
    summary="The festival's events and flights: seats left, waiting lists, open for pre-registration",
)
@decorate_view(public_read)
def board(request, festival_id: Id):
    return _board(get_object_or_404(Festival, pk=festival_id))


@router.post(
    "/tournaments/{tournament_id}/preregistrations/",
    response={201: PreRegistrationOut, **PUBLIC_ERRORS},
    summary="Pre-register online for a tournament or flight (holds a seat, or joins the waiting list)",
)
def preregister(request, tournament_id: Id, body: ApplicationIn):
    _throttled(request)
    application = preregistration.Application(**body.dict(exclude={"join_waiting_list"}))
    entry = services.preregister(tournament_id, application, join_waiting_list=body.join_waiting_list)
    return Status(201, _public(entry))


@router.get(
    "/preregistrations/{code}/",
    response={200: PreRegistrationOut, **ERRORS},
    summary="A pre-registration by its code (the player's confirmation)",
)
def show(request, code: str):
    entry = queries.by_code(code[:200])
    if entry is None:
        raise HttpError(404, _("No pre-registration has this code: check it on your confirmation."))
    return _public(entry)


@router.post(
    "/preregistrations/{code}/cancel/",
    response={200: PreRegistrationOut, **PUBLIC_ERRORS},
    summary="Cancel a pre-registration by its code: its seat goes to the first on the waiting list",
)
def cancel(request, code: str):
    _throttled(request)
    return _public(services.cancel_preregistration(code[:200]))


@router.get(
    "/tournaments/{tournament_id}/preregistrations/",
    response={200: list[DeskPreRegistrationOut], **ERRORS},
    auth=django_auth,
    summary="The tournament's pre-registrations for the desk: by scanned code, name or ID number",
)
def desk_list(request, tournament_id: Id, q: str = ""):
    tournament = tournament_for(request.user, tournament_id, Action.DESK)
    check(request.user, Action.PERSONAL_DATA)
    return queries.desk_list(tournament, q[:200])


@router.post(
    "/tournaments/{tournament_id}/preregistrations/{code}/confirm/",
    response={200: EntryOut, **ERRORS},
    auth=django_auth,
    summary="The desk has seen the photo ID: the pre-registration becomes an entry (its ticket prints)",
)
def confirm(request, tournament_id: Id, code: str, body: ConfirmIn):
    # The role only: the service reads the flight with the pre-registration (an unknown or other
    # flight is refused there, naming the pre-registration's own). A repeat is answered by the
    # pre-registration's row, so the request's key is not needed.
    check(request.user, Action.DESK)
    entry = services.confirm_preregistration(
        tournament_id, code[:200], body.method, body.desk, body.shift, request.user
    )
    return entry_out(entry)  # as the sale wrote it, its player with it: not read again
