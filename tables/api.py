"""The director's seating actions."""

from ninja import Field, Router, Schema
from ninja.security import django_auth

from pokerfest.access import Action, tournament_for
from tables import services
from tournaments.api import Error

router = Router(tags=["tables"], auth=django_auth)
ERRORS = {401: Error, 403: Error, 404: Error, 409: Error, 422: Error}


class OpenIn(Schema):
    tables: list[int] = Field(..., min_length=1, description="venue table numbers, in the order they open")


@router.post("/tournaments/{tournament_id}/tables/open/", response={200: dict, **ERRORS})
def open_tables(request, tournament_id: int, body: OpenIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    opened = services.open_tables(tournament_id, body.tables, request.user)
    return {"opened": [t.table.number for t in opened]}


@router.post("/tournaments/{tournament_id}/seating/draw/", response={200: dict, **ERRORS},
             summary="Seat the whole field at random (SEAT-DRAW) and draw the buttons (BTN-DRAW)")
def draw(request, tournament_id: int):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return services.draw_field(tournament_id, request.user)
