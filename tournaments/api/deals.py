"""Final-table deals through the API (PAY-CHOP): the proposals side by side, the players a deal
is made among, recording the deal everyone agreed to; and the recorded ends without one, the
time limit's chip-chop (CLK-LIMIT) and the final gong.

The operations moved here from tournaments/api/tournaments.py keep the operation ids they had
there, which clients generated from the OpenAPI document know them by."""

from ninja import Field, Router, Schema
from ninja.security import django_auth

from core.access import Action, tournament_for
from core.api import ERRORS, MOST_ENTRIES, Answer, EntryNumber, Id, Money, Stacks, request_key
from tournaments.api.tournaments import EntryNameOut, MoneyOut
from tournaments.queries import deals as deals_queries
from tournaments.services import deals

router = Router(tags=["rulings and money"], auth=django_auth)


class DealIn(Schema):
    stacks: Stacks
    left_to_play: Money = Field(0, description="kept back for the winner of the play that goes on, minor units")


class DealsOut(Answer):
    """Each deal: entry number -> amount, minor units."""

    chip_chop: dict[str, int]
    icm: dict[str, int]
    guaranteed: dict[str, int] = Field(
        ..., description="everyone first gets the lowest prize in play, the rest by chips"
    )


class ProposalsOut(Answer):
    entries: list[int] = Field(..., description="the players left by chips, most first")
    prizes: list[int] = Field(..., description="the prizes in play, by place, minor units")
    left_to_play: int
    deals: DealsOut


@router.post(
    "/tournaments/{tournament_id}/deals/proposals/",
    response={200: ProposalsOut, **ERRORS},
    summary="Chip-chop, ICM and guaranteed-minimum deals side by side (PAY-CHOP); nothing is recorded",
    operation_id="tournaments_api_tournaments_deal_proposals",
)
def deal_proposals(request, tournament_id: Id, body: DealIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return deals_queries.deal_proposals(tournament_id, body.stacks, body.left_to_play)


class DealPlayerRowOut(EntryNameOut):
    chips: int | None = Field(..., description="the chips last counted (a count or a bag); none: not counted yet")


@router.get(
    "/tournaments/{tournament_id}/deals/players/",
    response={200: list[DealPlayerRowOut], **ERRORS},
    summary="The players a deal is made among: every player left, by entry number and name",
    operation_id="tournaments_api_tournaments_deal_players",
)
def deal_players(request, tournament_id: Id):
    return deals_queries.deal_players(tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL))


class DealAgreedIn(DealIn):
    method: str = Field(..., description="chip_chop, icm or guaranteed")
    agreed: list[EntryNumber] = Field(
        ..., max_length=MOST_ENTRIES, description="the entry numbers of the players who agree: all of them"
    )
    representative: str = Field(..., max_length=100, description="the tournament representative present")
    include_bounties: bool = Field(
        False, description="BNT-DEAL: the players agreed to share the bounties left in the deal's proportions"
    )


class DealPlayerOut(Answer):
    entry: int
    name: str = Field(..., description="as public screens name the player")
    chips: int
    amount: int = Field(..., description="minor units")


class DealRecordedOut(Answer):
    method: str = Field(..., description="the deal's name in words")
    left_to_play: int
    bounties_included: int = Field(..., description="BNT-DEAL: the bounties left the deal shared (0: they stayed out)")
    players: list[DealPlayerOut] = Field(..., description="by chips, most first")
    money: MoneyOut


@router.post(
    "/tournaments/{tournament_id}/deals/",
    response={200: DealRecordedOut, **ERRORS},
    summary="Record the deal every remaining player agreed to (PAY-CHOP)",
    operation_id="tournaments_api_tournaments_record_deal",
)
def record_deal(request, tournament_id: Id, body: DealAgreedIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return deals.record(
        tournament_id,
        body.method,
        body.stacks,
        body.left_to_play,
        body.agreed,
        body.representative,
        request.user,
        request_key(request),
        include_bounties=body.include_bounties,
    )


class StacksIn(Schema):
    stacks: Stacks


@router.post(
    "/tournaments/{tournament_id}/end/time-limit/",
    response={200: DealRecordedOut, **ERRORS},
    summary="At the time limit, record the chip-chop of the remaining prizes as the result (CLK-LIMIT)",
    operation_id="tournaments_api_tournaments_end_by_time_limit",
)
def end_by_time_limit(request, tournament_id: Id, body: StacksIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return deals.end_by_time_limit(tournament_id, body.stacks, request.user, request_key(request))


@router.post(
    "/tournaments/{tournament_id}/end/gong/",
    response={200: DealRecordedOut, **ERRORS},
    summary="The final gong: the players left are placed by chips and win their places' prizes",
    operation_id="tournaments_api_tournaments_end_at_the_gong",
)
def end_at_the_gong(request, tournament_id: Id, body: StacksIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return deals.end_at_the_gong(tournament_id, body.stacks, request.user, request_key(request))
