"""Public, read-only API for screens and live-reporting sites."""

from datetime import datetime

from ninja import Router, Schema
from ninja.errors import HttpError

from pokerfest.access import Action, tournament_for
from tournaments.models import Tournament
from tournaments.snapshot import snapshot

router = Router(tags=["tournaments"])


class Error(Schema):
    detail: str


# The error answers every staff action documents (401 signed out, 403 role, 404 no such
# thing, 409 refused by the rules, 422 invalid input).
ERRORS = {401: Error, 403: Error, 404: Error, 409: Error, 422: Error}


def request_key(request) -> str | None:
    """The optional Idempotency-Key header: a client that retries a request sends the same
    key, and the change happens once."""
    key = request.headers.get("Idempotency-Key", "").strip()
    if len(key) > 64:
        raise HttpError(422, "The Idempotency-Key header may be at most 64 characters; a UUID fits.")
    return key or None


class TournamentSummary(Schema):
    id: int
    name: str
    status: str


class LevelOut(Schema):
    small_blind: int
    big_blind: int
    ante: int
    is_break: bool
    name: str
    duration_s: int
    big_blind_ante: bool
    colour_up: str


class ClockOut(Schema):
    status: str
    level_index: int
    level_number: int | None
    level: LevelOut
    next_level: LevelOut | None
    ends_at: datetime | None
    remaining_ms: int
    version: int
    break_after_ms: int | None
    limit_at: datetime | None
    resume_at: datetime | None


class TournamentOut(Schema):
    id: int
    name: str
    status: str
    festival: str
    venue: str
    time_zone: str
    currency: str


class SnapshotOut(Schema):
    type: str
    audience: str
    seq: int
    server_time: datetime
    tournament: TournamentOut
    entries: int
    players_left: int
    chips_in_play: int
    clock: ClockOut | None
    money: dict | None
    end_of_day: dict | None
    hand_for_hand: dict | None


@router.get("/tournaments/", response=list[TournamentSummary], summary="List tournaments")
def list_tournaments(request):
    return Tournament.objects.order_by("id").only("id", "name", "status")


@router.get(
    "/tournaments/{tournament_id}/",
    response={200: SnapshotOut, 404: Error},
    summary="Public snapshot of one tournament (the lobby socket's first frame)",
)
def tournament_snapshot(request, tournament_id: int):
    tournament_for(request.user, tournament_id, Action.VIEW_LOBBY)
    return snapshot(tournament_id)
