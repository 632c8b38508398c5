"""The tables' API: opening tables and the draw, the floor's commands, moves, breaking,
the final table, hand-for-hand, and the public seating reads."""

from typing import Annotated, Literal

from ninja import Field, Query, Router, Schema
from ninja.decorators import decorate_view
from ninja.security import django_auth

from core import time_source
from core.access import Action, tournament_for
from core.api import (
    ERRORS,
    MOST_SEATS,
    MOST_TABLES,
    Answer,
    Chips,
    EntryNumber,
    HandNumber,
    Id,
    SeatNumber,
    TableNumber,
    request_key,
)
from core.http_cache import public_read
from tables.api.answers import CompanionOut, FloorOut, HandForHandOut, MovesOut, SeededOut, TableSeatOut, WaitingListOut
from tables.api.moves import ByHandIn, MovedByHandOut, MovedOut, MoveIn, SwapIn, SwappedOut
from tables.queries import floor as floor_queries
from tables.queries import seating as seating_queries
from tables.queries import waiting_list as waiting_list_queries
from tables.queries.absent import floor_extras
from tables.queries.floor import broken_table
from tables.queries.tables import proposed_moves
from tables.queries.undo import undo_offer
from tables.services import breaking, floor, hand_for_hand, undo
from tables.services import draw as drawing
from tournaments.queries.payouts import field_and_money
from tournaments.queries.seat import companion

router = Router(tags=["tables"], auth=django_auth)


class OpenedOut(Answer):
    opened: list[int] = Field(..., description="the venue tables opened")


class DrawOut(SeededOut):
    tables: dict[int, int] = Field(..., description="table number -> players seated there")
    button_draw: TableSeatOut | None = Field(
        None, description="where the ruleset draws one button for the whole field: the seat drawn, at that table"
    )
    kept_apart_failed: int = Field(..., description="keep-apart pairs that had to share a table (SEAT-SEPARATE)")
    not_needed: list[int] = Field(
        [], description="a flight: open tables its field did not need, closed again (SEAT-DRAW at the fewest tables)"
    )


class HandOut(Answer):
    table: int
    hand: int = Field(..., description="the hand now being played")
    button: int | None
    small_blind: int | None = Field(..., description="the small blind's seat")
    big_blind: int | None = Field(..., description="the big blind's seat")
    already_done: bool = Field(..., description="another tablet had confirmed the hand: nothing moved")


class OutUndoneOut(Answer):
    undone: Literal["out"]
    entry: int
    table: int
    seat: int
    players_left: int
    chips_in_play: int


class HandUndoneOut(Answer):
    undone: Literal["hand_done"]
    table: int
    hand: int = Field(..., description="the hand now being played again")
    button: int | None
    small_blind: int | None
    big_blind: int | None


UndoneOut = Annotated[OutUndoneOut | HandUndoneOut, Field(discriminator="undone")]


class BreakingOrderOut(Answer):
    breaking_order: list[int]


class SeatCardOut(Answer):
    from_seat: int
    to_table: int
    to_seat: int


class BrokenOut(SeededOut):
    table: int = Field(..., description="the table broken")
    moves: list[SeatCardOut] = Field(..., description="its players, from seat 1 clockwise, and their new seats")


class FinalTableOut(SeededOut):
    table: int
    seats: list[int] = Field(..., description="the seats taken")
    button: int | None
    cards: dict[str, str] = Field(..., description="seat -> the card dealt for the button (BTN-DRAW)")


class ChartSeatOut(Answer):
    entry: int
    name: str = Field(..., description="the public name")


class ChartTableOut(Answer):
    number: int
    seats: int
    button: int | None
    is_final: bool
    players: dict[str, ChartSeatOut] = Field(..., description="seat -> the player there")


class SeatingChartOut(Answer):
    tables: list[ChartTableOut]
    waiting_list: WaitingListOut


class FoundSeatOut(Answer):
    name: str = Field(..., description="the public name")
    entry: int
    table: int
    seat: int
    bag: int | None = Field(None, description="a Day 2 seat: the bag it was drawn with (AC-CARRY)")


class HandForHandTableOut(HandForHandOut):
    table: int


class OpenIn(Schema):
    tables: list[TableNumber] = Field(
        ..., min_length=1, max_length=MOST_TABLES, description="venue table numbers, in the order they open"
    )


@router.post("/tournaments/{tournament_id}/tables/open/", response={200: OpenedOut, **ERRORS})
def open_tables(request, tournament_id: Id, body: OpenIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    opened = drawing.open_tables(tournament_id, body.tables, request.user, request_key=request_key(request))
    return {"opened": [t.table.number for t in opened]}


@router.post(
    "/tournaments/{tournament_id}/seating/draw/",
    response={200: DrawOut, **ERRORS},
    exclude_unset=True,  # a key the answer leaves out stays out
    summary="Seat the whole field at random (SEAT-DRAW) and draw the buttons (BTN-DRAW)",
)
def draw(request, tournament_id: Id):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return drawing.draw_field(tournament_id, request.user, request_key=request_key(request))


class HandDoneIn(Schema):
    hand: HandNumber = Field(..., description="the table's hand the tablet showed (`hand` in the floor view)")


@router.post(
    "/tournaments/{tournament_id}/tables/{table_number}/hand-done/",
    response={200: HandOut, **ERRORS},
    summary="The hand the tablet showed is done: the button and blinds move once, however many "
    "tablets confirm it (`already_done`); a hand older than the last one is refused",
)
def hand_done(request, tournament_id: Id, table_number: TableNumber, body: HandDoneIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return floor.hand_done(tournament_id, table_number, request.user, request_key(request), hand=body.hand)


ELIMINATED_BY = "ELIM-BY: the seats at this table that won the pot (a bounty event: this or `pots`)"


class PotIn(Schema):
    winners: list[SeatNumber] = Field(..., min_length=1, max_length=MOST_SEATS, description="its winners' seats")
    eligible: list[SeatNumber] = Field(..., min_length=1, max_length=MOST_SEATS, description="the seats in it")


class OutIn(Schema):
    starting_stack: Chips | None = Field(
        None, description="the player's chips at the start of the hand: players out in the same hand rank by it"
    )
    new_hand: bool = Field(
        False,
        description="true: a new hand since the last bust at this table, though hand "
        "done was not tapped; it is recorded first",
    )
    last_hand: bool = Field(False, description="true: recorded late, the bust happened in the hand already done")
    hand: HandNumber | None = Field(
        None,
        description="with new_hand, the table's hand the tablet showed: when "
        "another tablet has tapped hand done for it, it is not counted "
        "again",
    )
    entry: EntryNumber | None = Field(
        None,
        description="the entry number the tablet showed in the seat: refused "
        "when someone else sits there now (a tap sent late)",
    )
    eliminated_by: list[SeatNumber] | None = Field(None, max_length=MOST_SEATS, description=ELIMINATED_BY)
    pots: list[PotIn] | None = Field(None, max_length=MOST_SEATS, description="BNT-COVER: the hand's pots, main first")


@router.post(
    "/tournaments/{tournament_id}/tables/{table_number}/seats/{seat}/out/",
    response={200: MovesOut, **ERRORS},
    summary="A player is out; answers with the balancing moves now needed",
)
def player_out(request, tournament_id: Id, table_number: TableNumber, seat: SeatNumber, body: OutIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return floor.player_out(
        tournament_id,
        table_number,
        seat,
        request.user,
        request_key(request),
        starting_stack=body.starting_stack,
        new_hand=body.new_hand,
        last_hand=body.last_hand,
        hand=body.hand,
        entry=body.entry,
        eliminated_by=body.eliminated_by,
        pots=[pot.dict() for pot in body.pots] if body.pots is not None else None,
    )


class UndoIn(Schema):
    key: str | None = Field(
        None,
        max_length=64,
        description="the Idempotency-Key the tap was sent with (the tablet's own tap); none: the table's last event",
    )


@router.post(
    "/tournaments/{tournament_id}/tables/{table_number}/undo/",
    response={200: UndoneOut, **ERRORS},
    summary="Undo the floor's last tap at a table (Out, Hand done) within a minute of it, while nothing "
    "else happened at the table; answers `undone` (out, hand_done) and the event's data",
)
def undo_last(request, tournament_id: Id, table_number: TableNumber, body: UndoIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return undo.undo_last(tournament_id, table_number, request.user, request_key(request), key=body.key)


class UndoOfferOut(Answer):
    possible: bool = Field(..., description="the tap can still be undone on the floor")
    reason: str = Field(..., description="why not, in a sentence; empty when it can")


@router.get(
    "/tournaments/{tournament_id}/tables/{table_number}/undo/",
    response={200: UndoOfferOut, **ERRORS},
    summary="Whether the tablet's last tap at a table (its Idempotency-Key) can still be undone: the "
    "tablet stops offering Undo once it cannot",
)
def undo_possible(request, tournament_id: Id, table_number: TableNumber, key: str = Query(..., max_length=64)):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return undo_offer(tournament_id, table_number, key, time_source.now())


@router.get(
    "/tournaments/{tournament_id}/moves/",
    response={200: MovesOut, **ERRORS},
    summary="The balancing moves the tables need now (SEAT-BALANCE)",
)
def moves(request, tournament_id: Id):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return proposed_moves(tournament_id)


@router.post(
    "/tournaments/{tournament_id}/moves/confirm/",
    response={200: MovedOut, **ERRORS},
    summary="The target tablet confirms the moved player sat down",
)
def confirm(request, tournament_id: Id, body: MoveIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return floor.confirm_move(tournament_id, body.from_table, body.from_seat, body.to_table, body.to_seat, request.user)


@router.get(
    "/tournaments/{tournament_id}/tables/",
    response={200: FloorOut, **ERRORS},
    summary="The floor's view: seats, names, positions and the moves needed now",
)
def floor_view(
    request,
    tournament_id: Id,
    broken: TableNumber | None = None,
    table: TableNumber | None = None,
):
    tournament = tournament_for(request.user, tournament_id, Action.FLOOR)
    # `table`: a table's own tablet, answered with that table alone and the moves into or out of it
    view = floor_queries.floor_view(tournament_id, request.user.id, table)
    if table is not None and not view["tables"]:  # not open: broken, or never opened here (refused)
        floor_queries.played_here(tournament, table)
        broken = broken or table
    # `broken`: a table tablet's own number, answered with where its players went once it broke
    return {
        **view,
        "broken_table": broken_table(tournament, broken) if broken else None,
        "money": field_and_money(tournament).money,
        **floor_extras(tournament, time_source.now(), table),
    }  # PEN-ABSENT, REG-ID (tables.queries.absent)


class OrderIn(Schema):
    tables: list[TableNumber] = Field(
        ..., min_length=1, max_length=MOST_TABLES, description="every open table, the first to break first"
    )
    reason: str = Field(
        "", max_length=200, description="why a published order changes (required then; announced to the room)"
    )


@router.post(
    "/tournaments/{tournament_id}/tables/breaking-order/",
    response={200: BreakingOrderOut, **ERRORS},
    summary="Set the breaking order; once published, alter it with a reason where the house allows (SEAT-BREAK)",
)
def set_breaking_order(request, tournament_id: Id, body: OrderIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    order = breaking.set_breaking_order(tournament_id, body.tables, request.user, request_key(request), body.reason)
    return {"breaking_order": order}


@router.post(
    "/tournaments/{tournament_id}/tables/break/",
    response={200: BrokenOut, **ERRORS},
    summary="Break the next table of the breaking order; seat cards for its players (SEAT-BREAK)",
)
def break_table(request, tournament_id: Id):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return breaking.break_next_table(tournament_id, request.user, request_key=request_key(request))


@router.post(
    "/tournaments/{tournament_id}/seating/final-table/",
    response={200: FinalTableOut, **ERRORS},
    summary="Redraw seats and the button for the final table (SEAT-FINAL, BTN-DRAW)",
)
def final_table(request, tournament_id: Id):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return breaking.draw_final_table(tournament_id, request.user, request_key=request_key(request))


@router.post(
    "/tournaments/{tournament_id}/moves/by-hand/",
    response={200: MovedByHandOut, **ERRORS},
    summary="Move a player by hand into an empty seat, with a reason",
)
def move_by_hand(request, tournament_id: Id, body: ByHandIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return floor.move_by_hand(
        tournament_id,
        body.from_table,
        body.from_seat,
        body.to_table,
        body.to_seat,
        body.reason,
        request.user,
        request_key(request),
    )


@router.post(
    "/tournaments/{tournament_id}/moves/swap/",
    response={200: SwappedOut, **ERRORS},
    summary="Swap two seated players, with a reason",
)
def swap(request, tournament_id: Id, body: SwapIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return floor.swap_seats(
        tournament_id,
        body.table_a,
        body.seat_a,
        body.table_b,
        body.seat_b,
        body.reason,
        request.user,
        request_key(request),
    )


public = Router(tags=["seating"])


@public.get(
    "/tournaments/{tournament_id}/seating/",
    response={200: SeatingChartOut, **ERRORS},
    summary="The public seating chart: tables, seats, first names and last initials",
)
@decorate_view(public_read)
def seating_chart(request, tournament_id: Id):
    tournament_for(request.user, tournament_id, Action.VIEW_LOBBY)
    return seating_queries.seating_chart(tournament_id)


@public.get(
    "/tournaments/{tournament_id}/waiting-list/",
    response={200: WaitingListOut, **ERRORS},
    summary="The waiting list (ENT-WAIT): seats left and each entry waiting, in order (public names)",
)
@decorate_view(public_read)
def waiting_list(request, tournament_id: Id):
    return waiting_list_queries.waiting_list(tournament_for(request.user, tournament_id, Action.VIEW_LOBBY))


@public.get(
    "/tournaments/{tournament_id}/seating/find/",
    response={200: list[FoundSeatOut], **ERRORS},
    exclude_unset=True,  # a key the answer leaves out stays out
    summary="Find my seat: players still seated whose names start with the words typed",
)
def find_seat(request, tournament_id: Id, name: str):
    tournament_for(request.user, tournament_id, Action.VIEW_LOBBY)
    return seating_queries.find_seat(tournament_id, name)


@public.get(
    "/tournaments/{tournament_id}/seat/{code}/",
    response={200: CompanionOut, **ERRORS},
    exclude_unset=True,  # a key the answer leaves out stays out
    summary="The player's companion from the ticket's code: seat, penalty, absence, pay jumps, place, prize",
)
def seat(request, tournament_id: Id, code: str):
    tournament_for(request.user, tournament_id, Action.VIEW_LOBBY)
    return companion(tournament_id, code)


@router.post(
    "/tournaments/{tournament_id}/hand-for-hand/start/",
    response={200: HandForHandOut, **ERRORS},
    summary="Start hand-for-hand (HFH-MODE)",
)
def start_hand_for_hand(request, tournament_id: Id):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return hand_for_hand.start(tournament_id, request.user, request_key(request))


@router.post(
    "/tournaments/{tournament_id}/tables/{table_number}/hand-for-hand/frozen/",
    response={200: HandForHandTableOut, **ERRORS},
    summary="A called all-in: the table waits face down (HFH-ALLIN)",
)
def all_in_frozen(request, tournament_id: Id, table_number: TableNumber):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return hand_for_hand.all_in_frozen(tournament_id, table_number, request.user, request_key(request))


@router.post(
    "/tournaments/{tournament_id}/tables/{table_number}/hand-for-hand/play-out/",
    response={200: HandForHandTableOut, **ERRORS},
    summary="Release a frozen table to play its all-in out, one at a time",
)
def play_out(request, tournament_id: Id, table_number: TableNumber):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return hand_for_hand.release(tournament_id, table_number, request.user, request_key(request))
