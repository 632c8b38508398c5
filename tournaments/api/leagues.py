"""Leagues through the API (PAY-POINTS, issue 26): the public leaderboard and each player's
history, and the director's set-up of a league's formula and tournaments."""

from typing import Annotated

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from ninja import Field, Router, Schema
from ninja.decorators import decorate_view
from ninja.errors import HttpError
from ninja.security import django_auth

from core.access import Action, check
from core.api import ERRORS, Answer, Error, Id, InvalidOut
from core.http_cache import public_read
from tournaments.models import League
from tournaments.queries import leagues as queries
from tournaments.services import leagues

# One router: the public reads and the director's writes share their paths (auth=None: public).
router = Router(tags=["leagues"], auth=django_auth)


Points = Annotated[float, Field(ge=0, le=1_000_000)]


class LeagueTournamentOut(Answer):
    id: int
    name: str
    festival: str
    status: str


class LeagueOut(Answer):
    id: int
    name: str
    table: list[float] = Field(..., description="points by place; empty: the formula")
    expression: str = Field(..., description="a named formula (sqrt_buyin, sqrt, field_minus_place) or an expression")
    formula: str = Field(..., description="the expression the points come from (empty with a table)")
    scale: float = Field(..., description="the expression's points are multiplied by it")
    knockout: float = Field(..., description="points per player knocked out")
    reentry: str = Field(..., description="best or first: which of a player's entries in one event counts")
    tournaments: list[LeagueTournamentOut]


class StandingOut(Answer):
    rank: int = Field(..., description="equal points share a rank")
    player: int
    name: str = Field(..., description="as public screens name the player")
    points: float
    events: int = Field(..., description="events counted")
    best: int = Field(..., description="the best place")
    knockouts: int


class LeaderboardOut(LeagueOut):
    rows: list[StandingOut]


class LeagueHistoryEventOut(Answer):
    event: int = Field(..., description="the tournament's id")
    event_name: str
    entry: int
    place: list[int] = Field(..., description="[best, worst]: a shared range when tied")
    field: int
    knockouts: int
    points: float
    counts: bool = Field(..., description="false: another entry of the player in that event counts (re-entry rule)")


class LeagueHistoryOut(Answer):
    league: LeagueOut
    player: StandingOut
    events: list[LeagueHistoryEventOut]


class LeagueIn(Schema):
    name: str = Field(..., max_length=200)
    table: list[Points] = Field(default_factory=list, max_length=10_000, description="points by place")
    expression: str = Field("sqrt_buyin", max_length=200)
    scale: float = Field(10.0, gt=0, le=1_000_000)
    knockout: float = Field(0.0, ge=0, le=1_000_000)
    reentry: str = Field("best", description="best or first")
    tournaments: list[Id] = Field(..., max_length=1_000)


class LeagueNameOut(Answer):
    id: int
    name: str


@router.get("/leagues/", response={200: list[LeagueNameOut]}, auth=None, summary="Every league, by name")
@decorate_view(public_read)
def every_league(request):
    return queries.all_leagues()


@router.get(
    "/leagues/{league_id}/",
    auth=None,
    response={200: LeaderboardOut, 404: Error, 422: InvalidOut},
    summary="A league's leaderboard (PAY-POINTS): players by points, with its formula and tournaments",
)
@decorate_view(public_read)
def leaderboard(request, league_id: Id):
    return queries.leaderboard(get_object_or_404(League, pk=league_id))


@router.get(
    "/leagues/{league_id}/players/{player_id}/",
    auth=None,
    response={200: LeagueHistoryOut, 404: Error, 422: InvalidOut},
    summary="A player's history in a league: each entry's place and points, and which count",
)
@decorate_view(public_read)
def history(request, league_id: Id, player_id: Id):
    found = queries.player_history(get_object_or_404(League, pk=league_id), player_id)
    if found is None:
        raise HttpError(404, _("That player has no result in this league."))
    return found


@router.post("/leagues/", response={200: LeagueOut, **ERRORS}, summary="Create a league (the director)")
def create(request, body: LeagueIn):
    check(request.user, Action.DIRECTOR_APPROVAL)
    return leagues.save_league(None, body.dict(), request.user)


@router.put("/leagues/{league_id}/", response={200: LeagueOut, **ERRORS}, summary="Edit a league (the director)")
def edit(request, league_id: Id, body: LeagueIn):
    check(request.user, Action.DIRECTOR_APPROVAL)
    return leagues.save_league(league_id, body.dict(), request.user)
