"""Flights and Day 2 through the API: add a flight to a main event, close a flight (its bags
qualify, FLIGHT-REENTRY), open Day 2's tables by ranges and draw Day 2 (SEAT-DRAW); the public
view of a main event's flights and pool, and the director's list of qualifiers."""

from datetime import datetime

from ninja import Field, Router, Schema, Status
from ninja.security import django_auth

from core.access import Action, tournament_for
from core.api import ERRORS, Answer, Id, request_key
from tables.services import day_two
from tournaments.queries.day_two import day_two_seats, flights_view, main_event_of
from tournaments.services import flights

router = Router(tags=["flights"], auth=django_auth)


class FlightIn(Schema):
    name: str = Field(..., max_length=200, description='e.g. "Day 1A"')
    starts_at: datetime | None = None
    max_entries: int | None = Field(None, ge=1, le=100_000, description="seats on sale; empty: no cap")


class FlightAddedOut(Answer):
    id: int
    name: str
    max_entries: int | None = Field(..., description="seats on sale; none: no cap")
    starts_at: str | None


class AddedOut(Answer):
    flight: FlightAddedOut


@router.post(
    "/tournaments/{tournament_id}/flights/",
    response={201: AddedOut, **ERRORS},
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


class QualifiersUpdatedOut(Answer):
    """FLIGHT-REENTRY decided again over every closed flight: the main event's bags going on."""

    flight: str
    qualified: int
    forfeited: int


class FlightClosedOut(Answer):
    flight: str
    bags: int = Field(..., description='all the flight\'s bags: its screens say "Day 1A is over: N bags"')
    tournament_status: str = Field(..., description="the flight's: finished")
    main_event_name: str = Field(..., description="the main event its bags go to")
    qualified: int = Field(..., description="the flight's bags that go on to Day 2")
    forfeited: int = Field(..., description="bags of players with a better bag in another flight")
    chips: int = Field(..., description="the chips of the bags that go on")
    main_event: QualifiersUpdatedOut


@router.post(
    "/tournaments/{tournament_id}/close-flight/",
    response={200: FlightClosedOut, **ERRORS},
    summary="Close the flight once its day is over and its bags are confirmed: the bags qualify for Day 2",
)
def close_flight(request, tournament_id: Id):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return flights.close_flight(tournament_id, request.user, request_key(request))


class TablesIn(Schema):
    tables: str = Field(..., max_length=500, description='venue tables as ranges, e.g. "1-40, 101-140"')


class DayTwoTablesOut(Answer):
    tables: list[int] = Field(..., description="the table numbers, in the order they open")


@router.post(
    "/tournaments/{tournament_id}/day-two/tables/",
    response={200: DayTwoTablesOut, **ERRORS},
    summary="Open the main event's Day 2 tables, typed as ranges (one or two venues' rooms)",
)
def open_day_two_tables(request, tournament_id: Id, body: TablesIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return day_two.open_day_two_tables(tournament_id, body.tables, request.user, request_key(request))


class ButtonDrawOut(Answer):
    table: int
    seat: int


class DayTwoDrawnOut(Answer):
    tables: dict[int, int] = Field(..., description="table number -> players drawn to it")
    entries: int
    button_draw: ButtonDrawOut = Field(
        None, description="where the ruleset draws one button for the field: its seat (absent otherwise)"
    )
    seed: int = Field(..., description="replays the draw exactly (SEAT-DRAW)")
    seed_hash: str = Field(..., description="the seed's SHA-256, published before the draw (draw.committed)")
    kept_apart_failed: int = Field(..., description="keep-apart pairs that had to share a table (SEAT-SEPARATE)")
    penalties_carried: int = Field(..., description="penalties still being served that go on with the bags (PEN-CARRY)")
    logos_carried: int = Field(
        ..., description="the flights' logos still worn, declared again on the Day 2 entries (PF-LOGO-DECLARE)"
    )


@router.post(
    "/tournaments/{tournament_id}/day-two/draw/",
    response={200: DayTwoDrawnOut, **ERRORS},
    exclude_unset=True,
    summary="Draw Day 2's seats at random from the qualified bags (SEAT-DRAW; the seed is logged)",
)
def draw_day_two(request, tournament_id: Id):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return day_two.draw_day_two(tournament_id, request.user, request_key=request_key(request))


class DayTwoLevelIn(Schema):
    level_index: int = Field(..., ge=0, le=1000, description="the structure's level Day 2 starts with (0: the first)")


class DayTwoLevelOut(Answer):
    level_index: int = Field(..., description="the level Day 2's clock starts with")
    level_number: int | None = Field(..., description="that level's number (breaks take none)")
    proposed: int | None = Field(..., description="where the flights stopped: the level proposed")


@router.post(
    "/tournaments/{tournament_id}/day-two/level/",
    response={200: DayTwoLevelOut, **ERRORS},
    summary="Set the level Day 2 starts with, before its clock starts (by default where the flights stopped)",
)
def set_day_two_level(request, tournament_id: Id, body: DayTwoLevelIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return day_two.set_day_two_level(tournament_id, body.level_index, request.user, request_key(request))


class QualifierOut(Answer):
    flight: str
    flight_entry: int
    name: str
    chips: int
    time_extensions: int
    status: str = Field(..., description="forward or forfeited")
    reason: str = Field(..., description="why forfeited")
    day_two_entry: int | None = Field(..., description="the entry number on Day 2, once drawn")
    table: int | None
    seat: int | None


@router.get(
    "/tournaments/{tournament_id}/day-two/qualifiers/",
    response={200: list[QualifierOut], **ERRORS},
    summary="The qualified bags: flight, entry, chips, extension chips, forfeits and Day 2 seats (staff)",
)
def qualifiers(request, tournament_id: Id):
    tournament = tournament_for(request.user, tournament_id, Action.FLOOR)
    main = main_event_of(tournament)
    return day_two_seats(main) if main is not None else []


class MainEventOut(Answer):
    id: int
    name: str
    status: str


class FlightOfOut(Answer):
    id: int
    name: str
    starts_at: str | None
    status: str
    entries: int
    max_entries: int | None
    closed: bool
    qualified: int
    forfeited: int


class FlightsOut(Answer):
    """A tournament without flights answers only `flights`, empty."""

    main_event: MainEventOut = None
    this_is_the_main_event: bool = None
    flights: list[FlightOfOut]
    entries: int = Field(None, description="across the flights and the main event")
    pool: int = Field(None, description="the combined pool, minor units")
    collected: int = None
    guarantee: int = None
    payouts: list[int] = Field(None, description="prizes by place, minor units")
    places_paid: int = None
    qualifiers: int = None
    day_two_drawn: bool = None
    flight_reentry: str = Field(None, description="the ruleset's re-entry across flights")


@router.get(
    "/tournaments/{tournament_id}/flights/",
    response={200: FlightsOut, **ERRORS},
    exclude_unset=True,
    auth=None,
    summary="The main event's flights with their entries, the combined pool and payouts, Day 2's state",
)
def flights_of(request, tournament_id: Id):
    tournament = tournament_for(request.user, tournament_id, Action.VIEW_LOBBY)
    return flights_view(tournament) or {"flights": []}
