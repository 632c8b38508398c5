"""Colour-ups and chip races in the API (CHIP-RACE, CHIP-ODD): the director starts a colour-up,
each table's tablet sends its race sheet and gets the race's result, once."""

from typing import Annotated

from ninja import Field, Router, Schema
from ninja.security import django_auth

from core.access import Action, tournament_for
from core.api import ERRORS, Answer, Id, SeatNumber, TableNumber, request_key
from tables.queries.colour_up import colour_up_view
from tables.services import colour_up
from tournaments.queries.snapshot import field_counts

router = Router(tags=["colour-ups"], auth=django_auth)

ChipValue = Annotated[int, Field(ge=1, le=colour_up.MOST_CHIP_VALUE)]
ColourUpNumber = Annotated[int, Field(ge=1, le=1_000)]


class ColourUpIn(Schema):
    leaving: ChipValue = Field(..., description="the chip value leaving play, e.g. 25")
    smallest: ChipValue = Field(..., description="the smallest chip value staying in play, e.g. 100")
    note: str = Field("", max_length=100, description="the structure's note, for the log")


class SeatOddChips(Schema):
    seat: SeatNumber
    odd_chips: Annotated[int, Field(ge=0, le=colour_up.MOST_ODD_CHIPS)] = Field(
        ..., description="chips of the leaving value the player could not change up"
    )
    has_other_chips: bool = Field(True, description="false: the odd chips are the player's whole stack")


class RaceSheetIn(Schema):
    seats: list[SeatOddChips] = Field(..., max_length=12, description="one row per seated player")


class RaceOut(Answer):
    """One table's race as recorded (CHIP-RACE, CHIP-ODD)."""

    colour_up: int = Field(..., description="the colour-up's number")
    table: int
    leaving: int
    smallest: int
    pot: bool = Field(..., description="CHIP-ODD: the odd chips went to the high card in one pot")
    start_after: int | None = Field(..., description="the race dealt from the seat after this one")
    new_chips: dict[str, int] = Field(..., description="seat -> chips of the smallest value won")
    protected: list[int] = Field(..., description="seats given one chip so they are not raced out")
    cards: dict[str, list[str]] = Field(..., description="seat -> the cards dealt, in order")
    lines: dict[str, str] = Field(..., description="seat -> what the tablet says")
    odd_value: int = Field(..., description="what left play")
    new_value: int = Field(..., description="what came in")
    difference: int = Field(..., description="the chips in play change by this")
    raced_at: str
    already_raced: bool = Field(..., description="a second sheet for the table: the race recorded, not run again")


class RacedOut(RaceOut):
    chips_in_play: int | None = Field(None, description="after the race (left out when it was raced before)")


class TableRaceOut(Answer):
    table: int
    raced: bool
    race: RaceOut | None


class CurrentColourUpOut(Answer):
    number: int
    leaving: int
    smallest: int
    note: str
    started_at: str
    tables: list[TableRaceOut] = Field(..., description="each open table, and each table raced")
    difference: int = Field(..., description="the races' differences together")
    to_race: int = Field(..., description="open tables yet to race")


class SuggestionOut(Answer):
    leaving: int | None = Field(..., description="the chip the structure's notes say leaves next")
    smallest: int | None = Field(..., description="the smallest chip staying, when a later note names one")
    note: str


class ColourUpOut(Answer):
    current: CurrentColourUpOut | None = Field(..., description="the latest colour-up")
    suggestion: SuggestionOut
    chips_in_play: int


def _view(tournament) -> dict:
    return {**colour_up_view(tournament), "chips_in_play": field_counts(tournament.id)["chips_in_play"]}


@router.get(
    "/tournaments/{tournament_id}/colour-up/",
    response={200: ColourUpOut, **ERRORS},
    summary="The latest colour-up, each open table's race (or that it has yet to race), the chips in play "
    "and the next colour-up the structure's notes suggest",
)
def colour_up_sheets(request, tournament_id: Id):
    return _view(tournament_for(request.user, tournament_id, Action.FLOOR))


@router.post(
    "/tournaments/{tournament_id}/colour-ups/",
    response={200: ColourUpOut, **ERRORS},
    summary="Start a colour-up: a chip leaves play and every table races its odd chips",
)
def start_colour_up(request, tournament_id: Id, body: ColourUpIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    view = colour_up.start_colour_up(
        tournament_id, body.leaving, body.smallest, request.user, request_key(request), note=body.note
    )
    return {**view, "chips_in_play": field_counts(tournament_id)["chips_in_play"]}


@router.post(
    "/tournaments/{tournament_id}/colour-ups/{number}/tables/{table_number}/race/",
    response={200: RacedOut, **ERRORS},
    exclude_unset=True,  # a key the answer leaves out stays out,
    summary="A table's race sheet: the race is run once and its result recorded; a second sheet for the "
    "same table gets the recorded result",
)
def race_table(request, tournament_id: Id, number: ColourUpNumber, table_number: TableNumber, body: RaceSheetIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    rows = [row.model_dump() for row in body.seats]
    return colour_up.race_table(tournament_id, number, table_number, rows, request.user, request_key(request))
