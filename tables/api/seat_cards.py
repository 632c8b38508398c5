"""Seating by cards (kentucky L21-28, L39-40): the floor enters a table's cards, or their
order, once after the draw and at the final table; the seats follow, logged."""

from typing import Annotated

from ninja import Field, Router, Schema
from ninja.security import django_auth

from core.access import Action, tournament_for
from core.api import ERRORS, MOST_SEATS, Answer, Id, SeatNumber, TableNumber, request_key
from tables.services import seat_cards

router = Router(tags=["tables"], auth=django_auth)


Card = Annotated[str, Field(max_length=8)]


class SeatCardsIn(Schema):
    cards: dict[SeatNumber, Card] | None = Field(
        None, description='each player\'s card by the seat they sit in now, e.g. {"3": "As", "7": "10h"} or ranks alone'
    )
    order: list[SeatNumber] | None = Field(
        None, max_length=MOST_SEATS, description="or the seats they sit in now in card order, high card first"
    )


class SeatedByCardsOut(Answer):
    table: int
    seats: dict[str, int] = Field(..., description="new seat -> the seat the player sat in before")
    cards: dict[str, str] = Field(None, description="new seat -> the card drawn, when cards were given")
    button: int
    small_blind: int | None = Field(..., description="the first hand's small blind seat")
    big_blind: int | None = Field(..., description="the first hand's big blind seat")


@router.post(
    "/tournaments/{tournament_id}/tables/{table_number}/seat-cards/",
    response={200: SeatedByCardsOut, **ERRORS},
    exclude_unset=True,
    summary="Seat a table by its cards (kentucky): high card on the button, the rest to its left, logged",
)
def seat_by_cards(request, tournament_id: Id, table_number: TableNumber, body: SeatCardsIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return seat_cards.seat_by_cards(
        tournament_id, table_number, request.user, cards=body.cards, order=body.order, request_key=request_key(request)
    )
