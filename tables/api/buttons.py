"""A table's button set by hand (BTN-DRAW): the floor corrects an incorrect button, with a
reason for the log (pokerfest L175)."""

from ninja import Field, Router, Schema
from ninja.security import django_auth

from core.access import Action, tournament_for
from core.api import ERRORS, Id, SeatNumber, TableNumber, request_key
from tables.api.tables import HandOut
from tables.services import floor

router = Router(tags=["tables"], auth=django_auth)


class ButtonIn(Schema):
    seat: SeatNumber = Field(..., description="the seat the button goes to: a player's")
    reason: str = Field(..., max_length=500, description="why the floor corrects the button (logged)")


@router.post(
    "/tournaments/{tournament_id}/tables/{table_number}/button/",
    response={200: HandOut, **ERRORS},
    summary="Set a table's button by hand with a reason (BTN-DRAW): the blinds follow it, logged",
)
def set_button(request, tournament_id: Id, table_number: TableNumber, body: ButtonIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return floor.set_button(tournament_id, table_number, body.seat, body.reason, request.user, request_key(request))
