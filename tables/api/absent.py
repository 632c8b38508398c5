"""Absent players (PEN-ABSENT, ENT-SUBST) and photo ID at restarts (REG-ID) in the API: the
floor marks a seat absent or present and removes an absent player's stack once the rules allow;
the desk or the floor records a returning player's photo ID for the day of play."""

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _
from ninja import Field, Router, Schema
from ninja.security import django_auth

from core import time_source
from core.access import Action, can, tournament_for
from core.api import ERRORS, Answer, Chips, EntryNumber, Id, SeatNumber, TableNumber, request_key
from tables.api.answers import AbsentAndIdOut, PlayerRef
from tables.queries.absent import floor_extras
from tables.services import absent
from tables.services.collect import collect_seat
from tournaments.models import Tournament
from tournaments.services import id_checks

router = Router(tags=["absent players and ID at restarts"], auth=django_auth)


class AbsentIn(Schema):
    retired: bool = Field(
        False,
        description="ENT-SUBST: the entrant retired without a substitute and keeps "
        "being blinded off (only where the rules allow substitutes)",
    )


class RemoveIn(Schema):
    chips: Chips = Field(..., description="the absent player's stack as counted now: it leaves play")


class SeatActionOut(Answer):
    table: int
    seat: int
    entry: int
    player: PlayerRef


class AbsentOut(SeatActionOut):
    retired: bool
    since: str


class PresentOut(SeatActionOut):
    absent_minutes: int = Field(..., description="minutes of play the player was away")


class StackRemovedOut(SeatActionOut):
    chips: int = Field(..., description="the stack that left play")
    players_left: int
    chips_in_play: int


class CollectedOut(Answer):
    table: int
    seat: int
    in_play: list[int] = Field(..., description="the seat numbers whose stacks this card put into play")
    waiting: list[int] = Field(..., description="the seat numbers still being collected")


class PhotoIdOut(Answer):
    entry: int
    day: int = Field(..., description="the day of play checked for")
    where: str = Field(..., description='"desk" or "floor"')
    table: int | None
    seat: int | None
    player: PlayerRef
    already: bool | None = Field(
        None, description="checked already today: nothing changed (left out when a retried request is answered)"
    )


SEAT = "/tournaments/{tournament_id}/tables/{table_number}/seats/{seat}/"


@router.post(
    SEAT + "absent/",
    response={200: AbsentOut, **ERRORS},
    summary="The player in a seat is absent: dealt in and blinded off (PEN-ABSENT)",
)
def mark_absent(request, tournament_id: Id, table_number: TableNumber, seat: SeatNumber, body: AbsentIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return absent.mark_absent(
        tournament_id, table_number, seat, request.user, request_key(request), retired=body.retired
    )


@router.post(
    SEAT + "collected/",
    response={200: CollectedOut, **ERRORS},
    summary="The seat's card is collected; a seat number's stacks go into play once all are (SEAT-COLLECT)",
)
def seat_collected(request, tournament_id: Id, table_number: TableNumber, seat: SeatNumber):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return collect_seat(tournament_id, table_number, seat, request.user, request_key(request))


@router.post(
    SEAT + "present/",
    response={200: PresentOut, **ERRORS},
    summary="The absent player in a seat has arrived (PEN-ABSENT)",
)
def mark_present(request, tournament_id: Id, table_number: TableNumber, seat: SeatNumber):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return absent.mark_present(tournament_id, table_number, seat, request.user, request_key(request))


@router.post(
    SEAT + "remove-stack/",
    response={200: StackRemovedOut, **ERRORS},
    summary="Take an absent player's counted stack out of play once the ruleset's time of play has run; "
    "the player is out, ranked like any bust (PEN-ABSENT). Never for a retired player (ENT-SUBST)",
)
def remove_stack(request, tournament_id: Id, table_number: TableNumber, seat: SeatNumber, body: RemoveIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return absent.remove_absent_stack(tournament_id, table_number, seat, body.chips, request.user, request_key(request))


def _desk_or_floor(request, tournament_id: int) -> tuple[str, Tournament]:
    """The tournament, and where the ID is seen: the floor's tablet or the desk (a director
    may use either)."""
    if can(request.user, Action.FLOOR):
        return "floor", tournament_for(request.user, tournament_id, Action.FLOOR)
    try:
        return "desk", tournament_for(request.user, tournament_id, Action.DESK)
    except PermissionDenied:
        raise PermissionDenied(_("Photo ID checks need one of these roles: cashier, desk, director, floor.")) from None


class IdCheckIn(Schema):
    at_desk: bool = Field(False, description="true: seen at the desk (the default is where the user works)")


@router.post(
    "/tournaments/{tournament_id}/entries/{number}/photo-id/",
    response={200: PhotoIdOut, **ERRORS},
    exclude_unset=True,  # a key the answer leaves out stays out,
    summary="A returning player's photo ID was seen for today's day of play (REG-ID)",
)
def photo_id(request, tournament_id: Id, number: EntryNumber, body: IdCheckIn):
    where, _ = _desk_or_floor(request, tournament_id)
    return id_checks.record_photo_id(
        tournament_id, number, "desk" if body.at_desk else where, request.user, request_key(request)
    )


@router.get(
    "/tournaments/{tournament_id}/absent-and-id/",
    response={200: AbsentAndIdOut, **ERRORS},
    summary="The absent seats and the seated players whose photo ID is still to check today",
)
def absent_and_id(request, tournament_id: Id):
    _, tournament = _desk_or_floor(request, tournament_id)
    return floor_extras(tournament, time_source.now())
