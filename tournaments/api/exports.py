"""The results' exports in the API (issue 26): per tournament and per festival, the results as
JSON and CSV and the results databases' upload file (docs/results-exports.md), with each
player named as they consented to publish it. Public like the results; before the finish a
422 that says why."""

from django.shortcuts import get_object_or_404
from ninja import Field, Router
from ninja.errors import HttpError

from core.api import Answer, Error, Id, InvalidOut
from tournaments.models import Festival, Tournament
from tournaments.queries import exports
from tournaments.views.exports import download

router = Router(tags=["results exports"])

REFUSED = {404: Error, 422: InvalidOut}


def _csv(description: str) -> dict:
    """The operation's 200 is a CSV file, not JSON (ninja documents the JSON answers only)."""
    return {
        "responses": {
            200: {"description": description, "content": {"text/csv": {"schema": {"type": "string"}}}},
        }
    }


class ExportEventOut(Answer):
    id: int
    name: str
    festival: str
    venue: str
    date: str | None = Field(..., description="the first day (a main event's first flight's), YYYY-MM-DD, local")
    finished_at: str | None = Field(..., description="ISO 8601 with the offset")
    currency: str = Field(..., description="ISO 4217")
    price: int = Field(..., description="buy-in + bounty + fee, minor units")
    buy_in: int = Field(..., description="minor units")
    bounty: int = Field(..., description="minor units; 0: no bounties")
    fee: int = Field(..., description="minor units")
    entries: int = Field(..., description="the field: a main event's counts every flight's entries")
    places_paid: int
    prize_pool: int = Field(..., description="minor units")
    bounties: bool = Field(..., description="the event had bounties: the rows carry knockouts and bounties won")


class ExportRowOut(Answer):
    place: str = Field(..., description='the place, or a shared range when players tied: "3-4"')
    place_from: int
    place_to: int
    name: str = Field(..., description="as the player consented to publish it (REG-CONSENT): 'Anna K.' or 'A. K.'")
    nationality: str = Field(..., description="ISO 3166 alpha-2; empty: not recorded")
    prize: int = Field(..., description="minor units (a satellite: the cash beside the seat)")
    seat_in: str | None = Field(..., description="a satellite: the event whose seat the place won")
    knockouts: int | None = Field(..., description="bounty events only (ELIM-BY)")
    bounties_won: int | None = Field(..., description="bounty events only: cash, minor units (BNT-*)")
    entry: int = Field(..., description="the entry number in its event or flight")
    flight: str | None = Field(..., description="the flight the player went out of or came from")


class TournamentExportOut(Answer):
    event: ExportEventOut
    results: list[ExportRowOut] = Field(..., description="every player placed, best first")


class ExportFestivalOut(Answer):
    id: int
    name: str
    venue: str
    currency: str


class FestivalExportOut(Answer):
    festival: ExportFestivalOut
    events: list[TournamentExportOut] = Field(..., description="every finished event (flights within their main event)")


def _tournament(tournament_id: int) -> Tournament:
    tournament = get_object_or_404(Tournament.objects.select_related("festival"), pk=tournament_id)
    sentence = exports.refusal(tournament)
    if sentence:
        raise HttpError(422, sentence)
    return tournament


def _festival(festival_id: int) -> Festival:
    festival = get_object_or_404(Festival, pk=festival_id)
    sentence = exports.festival_refusal(festival)
    if sentence:
        raise HttpError(422, sentence)
    return festival


@router.get(
    "/tournaments/{tournament_id}/results/export.json",
    response={200: TournamentExportOut, **REFUSED},
    summary="A finished event's results: place or shared range, published name, nationality, prize, "
    "knockouts and bounties",
)
def tournament_json(request, tournament_id: Id):
    return exports.tournament_results(_tournament(tournament_id))


@router.get(
    "/tournaments/{tournament_id}/results/export.csv",
    response=REFUSED,
    summary="A finished event's results as CSV (the JSON export's rows)",
    openapi_extra=_csv("the results, one row per player placed"),
)
def tournament_csv(request, tournament_id: Id):
    tournament = _tournament(tournament_id)
    return download(exports.tournament_results(tournament), "csv", f"results-{tournament.id}")


@router.get(
    "/tournaments/{tournament_id}/results/upload.csv",
    response=REFUSED,
    summary="A finished event's upload file for the public results databases: one row per paid place",
    openapi_extra=_csv("the upload file (docs/results-exports.md)"),
)
def tournament_upload(request, tournament_id: Id):
    tournament = _tournament(tournament_id)
    return download(exports.tournament_results(tournament), "upload", f"results-{tournament.id}")


@router.get(
    "/festivals/{festival_id}/results/export.json",
    response={200: FestivalExportOut, **REFUSED},
    summary="A festival's results, once every event is over: each finished event with its results",
)
def festival_json(request, festival_id: Id):
    return exports.festival_results(_festival(festival_id))


@router.get(
    "/festivals/{festival_id}/results/export.csv",
    response=REFUSED,
    summary="A festival's results as CSV, each row naming its event",
    openapi_extra=_csv("the results of every finished event"),
)
def festival_csv(request, festival_id: Id):
    festival = _festival(festival_id)
    return download(exports.festival_results(festival), "csv", f"results-festival-{festival.id}")


@router.get(
    "/festivals/{festival_id}/results/upload.csv",
    response=REFUSED,
    summary="A festival's upload file for the public results databases: one row per paid place",
    openapi_extra=_csv("the upload file (docs/results-exports.md)"),
)
def festival_upload(request, festival_id: Id):
    festival = _festival(festival_id)
    return download(exports.festival_results(festival), "upload", f"results-festival-{festival.id}")
