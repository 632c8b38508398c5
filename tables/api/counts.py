"""Chip counts in the API (CHIP-COUNT): counts from the tables, bags confirmed by a second
person, the check against the chips in play, and the chip leaders published to the lobby."""

from ninja import Field, Router, Schema
from ninja.security import django_auth

from core.access import Action, tournament_for
from core.api import ERRORS, Answer, Chips, Id, SeatNumber, TableNumber, request_key
from tables.api.answers import BagOut
from tables.queries.counts import bags_view, counts_view
from tables.services import counts
from tournaments.queries.snapshot import field_counts

router = Router(tags=["chip counts"], auth=django_auth)


class CountCheckOut(Answer):
    """The latest counts of every player still in against the chips in play (CHIP-COUNT)."""

    counted: int = Field(..., description="the counts' total")
    in_play: int = Field(..., description="the chips in play")
    gap: int = Field(..., description="counted minus in play")
    complete: bool = Field(..., description="every player still in is counted")
    agrees: bool
    within_tolerance: bool = Field(..., description="a gap within the house's tolerance for a count on request")
    tolerance_percent: int = Field(..., description="that tolerance, percent of the chips in play (chips: 10)")
    seats_counted: int
    seats_in_play: int
    bags_to_confirm: int = Field(..., description="bags a second person has still to count")
    stale_counts: int = Field(..., description="counts taken before a colour-up raced their table")
    sentence: str


class StackOut(Answer):
    entry: int
    table: int
    seat: int
    chips: int
    bag: bool = Field(..., description="the latest count is an end-of-day bag")
    confirmed: bool | None = Field(..., description="a bag: confirmed by a second person; none for a count")


class ChipsInPlayPartsOut(Answer):
    """CHIP-COUNT: in play = bought − removed − forfeited + colour-ups."""

    bought: int = Field(..., description="starting stacks, rebuys and add-ons")
    removed: int = Field(..., description="stacks taken out of play (disqualifications, absent stacks, eliminations)")
    forfeited: int = Field(..., description="chips forfeited at the tables that left play")
    colour_ups: int = Field(..., description="the colour-ups' differences, either sign")
    dead_money: int = Field(..., description="dodged blinds put in pots: moved, still in play")


class CountsViewOut(CountCheckOut):
    stacks: list[StackOut] = Field(..., description="by table and seat")
    parts: ChipsInPlayPartsOut


class BagConfirmedOut(Answer):
    table: int
    seat: int
    chips: int


class SeatToBagOut(Answer):
    table: int
    seat: int
    entry: int = Field(..., description="the entry number")
    name: str


class BagsOut(Answer):
    """CHIP-COUNT, CLK-EOD: the day's bags as the director sees them before closing a flight."""

    day: int
    day_over: bool = Field(..., description="every table has played its last hand")
    to_bag: list[SeatToBagOut] = Field(..., description="seats at tables done for the day not yet bagged")
    waiting: list[BagOut] = Field(..., description="bags waiting for a second person to confirm them")
    confirmed: int = Field(..., description="bags confirmed by a second person")


class LeaderOut(Answer):
    name: str = Field(..., description="the public name")
    entry: int
    chips: int
    table: int


class ChipLeadersOut(Answer):
    leaders: list[LeaderOut]
    average: int = Field(..., description="chips in play over players left, rounded down")
    counted_at: str


class CountsIn(Schema):
    counts: dict[SeatNumber, Chips] = Field(..., description="seat -> chips counted now", max_length=12)


class SecondCountIn(Schema):
    chips: Chips = Field(..., description="the second person's count of the bag")


@router.post(
    "/tournaments/{tournament_id}/tables/{table_number}/chip-counts/",
    response={200: CountCheckOut, **ERRORS},
    summary="Stacks counted at a table now; answers how all counts compare with the chips in play",
)
def report_counts(request, tournament_id: Id, table_number: TableNumber, body: CountsIn):
    tournament_for(request.user, tournament_id, Action.COUNT_CHIPS)
    return counts.report_counts(tournament_id, table_number, body.counts, request.user, request_key(request))


@router.post(
    "/tournaments/{tournament_id}/tables/{table_number}/seats/{seat}/bag/confirm/",
    response={200: BagConfirmedOut, **ERRORS},
    summary="A second person's count of an end-of-day bag",
)
def confirm_bag(request, tournament_id: Id, table_number: TableNumber, seat: SeatNumber, body: SecondCountIn):
    tournament_for(request.user, tournament_id, Action.CONFIRM_BAG)
    return counts.confirm_bag(tournament_id, table_number, seat, body.chips, request.user, request_key(request))


@router.get(
    "/tournaments/{tournament_id}/chip-counts/",
    response={200: CountsViewOut, **ERRORS},
    summary="Chips in play, the latest count of every player still in, and whether they agree",
)
def chip_counts(request, tournament_id: Id):
    tournament = tournament_for(request.user, tournament_id, Action.COUNT_CHIPS)
    return counts_view(tournament, field_counts(tournament_id)["chips_in_play"])


@router.get(
    "/tournaments/{tournament_id}/bags/",
    response={200: BagsOut, **ERRORS},
    summary="The day's bags: seats still to bag and bags waiting for a second person (CHIP-COUNT)",
)
def bags(request, tournament_id: Id):
    tournament = tournament_for(request.user, tournament_id, Action.FLOOR)
    return bags_view(tournament, request.user.id)


@router.post(
    "/tournaments/{tournament_id}/chip-leaders/publish/",
    response={200: ChipLeadersOut, **ERRORS},
    summary="Publish the chip leaders and the average stack from the latest counts to the lobby",
)
def publish_chip_leaders(request, tournament_id: Id):
    tournament_for(request.user, tournament_id, Action.PUBLISH_COUNTS)
    return counts.publish_chip_leaders(tournament_id, request.user, request_key(request))
