"""Flights and Day 2 through the API: add a flight to a main event, close a flight (its bags
qualify, FLIGHT-REENTRY), open Day 2's tables by ranges and draw Day 2 (SEAT-DRAW); the public
view of a main event's flights and pool, and the director's list of qualifiers."""

from datetime import datetime

from ninja import Field, Router, Schema, Status
from ninja.security import django_auth

from core.access import Action, tournament_for
from core.api import ERRORS, Id, request_key
from tables.services import day_two
from tournaments.queries.day_two import day_two_seats, flights_view, main_event_of
from tournaments.services import flights

router = Router(tags=["flights"], auth=django_auth)


class FlightIn(Schema):
    name: str = Field(..., max_length=200, description='e.g. "Day 1A"')
    starts_at: datetime | None = None
    max_entries: int | None = Field(None, ge=1, le=100_000, description="seats on sale; empty: no cap")


@router.post(
    "/tournaments/{tournament_id}/flights/",
    response={201: dict, **ERRORS},
    summary="Add a flight to the main event: its buy-in, fee, stack, ruleset and structure are the main event's",
)
def add_flight(request, tournament_id: Id, body: FlightIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return Status(
        201,
        flights.add_flight(
            tournament_id, body.name, body.starts_at, body.max_entries, request.user, request_key(request)
        ),
    )


@router.post(
    "/tournaments/{tournament_id}/close-flight/",
    response={200: dict, **ERRORS},
    summary="Close the flight once its day is over and its bags are confirmed: the bags qualify for Day 2",
)
def close_flight(request, tournament_id: Id):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return flights.close_flight(tournament_id, request.user, request_key(request))


class TablesIn(Schema):
    tables: str = Field(..., max_length=500, description='venue tables as ranges, e.g. "1-40, 101-140"')


@router.post(
    "/tournaments/{tournament_id}/day-two/tables/",
    response={200: dict, **ERRORS},
    summary="Open the main event's Day 2 tables, typed as ranges (one or two venues' rooms)",
)
def open_day_two_tables(request, tournament_id: Id, body: TablesIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return day_two.open_day_two_tables(tournament_id, body.tables, request.user, request_key(request))


@router.post(
    "/tournaments/{tournament_id}/day-two/draw/",
    response={200: dict, **ERRORS},
    summary="Draw Day 2's seats at random from the qualified bags (SEAT-DRAW; the seed is logged)",
)
def draw_day_two(request, tournament_id: Id):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return day_two.draw_day_two(tournament_id, request.user, request_key=request_key(request))


@router.get(
    "/tournaments/{tournament_id}/day-two/qualifiers/",
    response={200: list[dict], **ERRORS},
    summary="The qualified bags: flight, entry, chips, extension chips, forfeits and Day 2 seats (staff)",
)
def qualifiers(request, tournament_id: Id):
    tournament = tournament_for(request.user, tournament_id, Action.FLOOR)
    main = main_event_of(tournament)
    return day_two_seats(main) if main is not None else []


@router.get(
    "/tournaments/{tournament_id}/flights/",
    response={200: dict, **ERRORS},
    auth=None,
    summary="The main event's flights with their entries, the combined pool and payouts, Day 2's state",
)
def flights_of(request, tournament_id: Id):
    tournament = tournament_for(request.user, tournament_id, Action.VIEW_LOBBY)
    return flights_view(tournament) or {"flights": []}
