"""The forecast of the day (issue 26) in the API: the director's whole forecast, the TV's
bubble and end of the day when the director allows it, and the director's switch for that."""

from datetime import datetime

from django.utils import timezone
from ninja import Field, Router, Schema
from ninja.decorators import decorate_view
from ninja.security import django_auth

from core.access import Action, tournament_for
from core.api import ERRORS, Answer, Id, request_key
from core.http_cache import public_read
from tournaments.queries.forecast import day_forecast
from tournaments.services import forecast

router = Router(tags=["Forecast"])


class EstimateOut(Answer):
    at: datetime
    early: datetime = Field(..., description="the early end of the 90 % range")
    late: datetime | None = Field(..., description="the late end; null beyond the horizon")


class HourOut(Answer):
    at: datetime
    players: int
    tables: int
    dealers: int


class SellOutOut(Answer):
    sells_out: bool
    at: datetime | None
    entries: int = Field(..., description="the entries expected by the close of registration")


class ForecastOut(Answer):
    why_not: str = Field(..., description='empty, or why there is no estimate: "not started", "no busts yet", "over"')
    players_left: int | None = None
    busts_measured: int | None = None
    rate_per_hour: float | None = None
    bubble: EstimateOut | None = None
    final_table: EstimateOut | None = None
    end_of_day: EstimateOut | None = None
    day_stops: bool = False
    flight: bool = Field(False, description="a flight of a main event: its day ends with bags to Day 2, never a winner")
    bags: int | None = Field(None, description="a flight's players expected at its day's end: its bags to Day 2")
    hours: list[HourOut] = []
    sell_out: SellOutOut | None = None


class TvForecastOut(Answer):
    shown: bool = Field(..., description="the director allows the TV to show the forecast")
    bubble: EstimateOut | None = None
    end_of_day: EstimateOut | None = None
    day_stops: bool = False
    flight: bool = Field(False, description="a flight of a main event: its day ends with bags to Day 2, never a winner")
    bags: int | None = Field(None, description="a flight's players expected at its day's end: its bags to Day 2")


class TvSwitchIn(Schema):
    shown: bool


class TvSwitchOut(Answer):
    changes: dict[str, bool]


@router.get(
    "/tournaments/{tournament_id}/forecast/",
    response={200: ForecastOut, **ERRORS},
    auth=django_auth,
    summary="The forecast of the day: bubble, final table, end of the day, tables and dealers per hour, sell-out",
)
def whole(request, tournament_id: Id):
    tournament = tournament_for(request.user, tournament_id, Action.RUN_CLOCK)
    made = day_forecast(tournament, timezone.now())
    made.pop("shown", None)
    return made


@router.get(
    "/tournaments/{tournament_id}/forecast/tv/",
    response={200: TvForecastOut, **ERRORS},
    summary="The bubble and end of the day for the TV, if the director allows it",
)
@decorate_view(public_read)
def on_tv(request, tournament_id: Id):
    tournament = tournament_for(request.user, tournament_id, Action.VIEW_LOBBY)
    if not tournament.forecast_on_tv:
        return {"shown": False}
    made = day_forecast(tournament, timezone.now())
    return {
        "shown": True,
        "bubble": made.get("bubble"),
        "end_of_day": made.get("end_of_day"),
        "day_stops": made.get("day_stops", False),
        "flight": made.get("flight", False),
        "bags": made.get("bags"),
    }


@router.post(
    "/tournaments/{tournament_id}/forecast/tv/",
    response={200: TvSwitchOut, **ERRORS},
    auth=django_auth,
    summary="The director shows the forecast's bubble and end of the day on the TV, or takes them off",
)
def switch(request, tournament_id: Id, body: TvSwitchIn):
    tournament_for(request.user, tournament_id, Action.RUN_CLOCK)
    return forecast.show_forecast_on_tv(tournament_id, body.shown, request.user, request_key(request))
