"""Chips forfeited at a seat in the API (CHIP-COUNT, CHIP-RACE): out of view, in a pocket, small
chips left after a chip race (they leave play), or a dodged blind (dead money into the next pot)."""

from ninja import Field, Router, Schema
from ninja.security import django_auth

from core.access import Action, tournament_for
from core.api import ERRORS, MOST_CHIPS, Answer, Chips, Id, SeatNumber, TableNumber, request_key
from tables.api.answers import PlayerRef
from tables.services import forfeits

router = Router(tags=["forfeited chips"], auth=django_auth)


class ForfeitIn(Schema):
    # Any whole number: 0 or a negative amount is refused with a sentence, not a schema error.
    chips: int = Field(..., ge=-MOST_CHIPS, le=MOST_CHIPS, description="the chips found, or the blinds dodged")
    reason: str = Field(..., max_length=20, description='"out_of_view", "in_pocket", "after_race" or "dodged_blind"')
    stack: Chips | None = Field(
        None,
        description="the player's chips counted now, with the chips found: needed when chips leave play "
        "(recorded as the seat's count less what left)",
    )
    note: str = Field("", max_length=1000, description="what happened, for the record")


class ForfeitOut(Answer):
    forfeit: int = Field(..., description="the forfeit's id")
    table: int
    seat: int
    entry: int
    player: PlayerRef
    reason: str
    note: str
    chips: int = Field(..., description="the chips found, or the blinds dodged")
    out_of_play: int = Field(..., description="the chips in play went down by this")
    to_pot: int = Field(..., description="dead money: into the next pot, still in play")
    changed_up: int = Field(..., description="after a chip race: worth whole chips still in play, changed up")
    stack_left: int
    players_left: int
    chips_in_play: int


@router.post(
    "/tournaments/{tournament_id}/tables/{table_number}/seats/{seat}/forfeit/",
    response={200: ForfeitOut, **ERRORS},
    summary="The seated player forfeits chips: out of view, in a pocket, left after a chip race (out of play) "
    "or a dodged blind (dead money to the next pot)",
)
def forfeit(request, tournament_id: Id, table_number: TableNumber, seat: SeatNumber, body: ForfeitIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return forfeits.forfeit_chips(
        tournament_id,
        table_number,
        seat,
        body.chips,
        body.reason,
        request.user,
        request_key(request),
        stack=body.stack,
        note=body.note,
    )
