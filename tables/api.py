"""The director's seating actions."""

from ninja import Field, Router, Schema
from ninja.security import django_auth

from pokerfest.access import Action, tournament_for
from tables import services
from tournaments.api import ERRORS

router = Router(tags=["tables"], auth=django_auth)


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


class MoveIn(Schema):
    from_table: int
    from_seat: int = Field(..., ge=1)
    to_table: int
    to_seat: int = Field(..., ge=1)


@router.post("/tournaments/{tournament_id}/tables/{table_number}/hand-done/", response={200: dict, **ERRORS})
def hand_done(request, tournament_id: int, table_number: int):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    table = services.hand_done(tournament_id, table_number, request.user)
    return {"button": table.button, "small_blind": table.small_blind, "big_blind": table.big_blind}


@router.post("/tournaments/{tournament_id}/tables/{table_number}/seats/{seat}/out/", response={200: dict, **ERRORS},
             summary="A player is out; answers with the balancing moves now needed")
def player_out(request, tournament_id: int, table_number: int, seat: int):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return services.player_out(tournament_id, table_number, seat, request.user)


@router.get("/tournaments/{tournament_id}/moves/", response={200: dict, **ERRORS},
            summary="The balancing moves the tables need now (SEAT-BALANCE)")
def moves(request, tournament_id: int):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return services.proposed_moves(tournament_id)


class MoveRefusedOut(Schema):
    detail: str
    proposal: dict


@router.post("/tournaments/{tournament_id}/moves/confirm/", response={**ERRORS, 200: dict, 409: MoveRefusedOut},
             summary="The target tablet confirms the moved player sat down")
def confirm(request, tournament_id: int, body: MoveIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return services.confirm_move(tournament_id, body.from_table, body.from_seat, body.to_table, body.to_seat,
                                 request.user)


@router.get("/tournaments/{tournament_id}/tables/", response={200: dict, **ERRORS},
            summary="The floor's view: seats, names, positions and the moves needed now")
def floor_view(request, tournament_id: int):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return services.floor_view(tournament_id)
