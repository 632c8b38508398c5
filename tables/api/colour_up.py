"""Colour-ups and chip races in the API (CHIP-RACE, CHIP-ODD): the director starts a colour-up,
each table's tablet sends its race sheet and gets the race's result, once."""

from typing import Annotated

from ninja import Field, Router, Schema
from ninja.security import django_auth

from core.access import Action, tournament_for
from core.api import ERRORS, Id, SeatNumber, TableNumber, request_key
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


def _view(tournament) -> dict:
    return {**colour_up_view(tournament), "chips_in_play": field_counts(tournament.id)["chips_in_play"]}


@router.get(
    "/tournaments/{tournament_id}/colour-up/",
    response={200: dict, **ERRORS},
    summary="The latest colour-up, each open table's race (or that it has yet to race), the chips in play "
    "and the next colour-up the structure's notes suggest",
)
def colour_up_sheets(request, tournament_id: Id):
    return _view(tournament_for(request.user, tournament_id, Action.FLOOR))


@router.post(
    "/tournaments/{tournament_id}/colour-ups/",
    response={200: dict, **ERRORS},
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
    response={200: dict, **ERRORS},
    summary="A table's race sheet: the race is run once and its result recorded; a second sheet for the "
    "same table gets the recorded result",
)
def race_table(request, tournament_id: Id, number: ColourUpNumber, table_number: TableNumber, body: RaceSheetIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    rows = [row.model_dump() for row in body.seats]
    return colour_up.race_table(tournament_id, number, table_number, rows, request.user, request_key(request))
