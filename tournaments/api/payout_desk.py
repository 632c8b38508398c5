"""The payout desk through the API: pay a prize once (REG-ID for wire transfers), reverse a
payment made by mistake, the list of prizes and how each was paid, and the won-seat vouchers.

The operations moved here from tournaments/api/tournaments.py keep the operation ids they had
there, which clients generated from the OpenAPI document know them by."""

from ninja import Field, Router, Schema
from ninja.security import django_auth

from core.access import Action, check, tournament_for
from core.api import ERRORS, Answer, EntryNumber, Id, request_key
from tournaments.api.desk import PlayerSummaryOut, VoucherOut
from tournaments.api.tournaments import ReasonIn, TargetOut
from tournaments.queries.payout_desk import prizes_to_pay
from tournaments.queries.satellites import target_of, vouchers_for, vouchers_won_in
from tournaments.services import payout_desk

router = Router(tags=["rulings and money"], auth=django_auth)


class PayIn(Schema):
    method: str = Field(..., description="cash or wire")


class PaidOut(Answer):
    entry: int
    amount: int = Field(..., description="minor units")
    method: str
    player: PlayerSummaryOut


class ReversedOut(Answer):
    entry: int
    amount: int = Field(..., description="minor units")
    method: str
    reason: str
    player: PlayerSummaryOut


@router.post(
    "/tournaments/{tournament_id}/entries/{number}/pay-prize/",
    response={200: PaidOut, **ERRORS},
    summary="Pay a prize at the payout desk, once (REG-ID for wire transfers)",
    operation_id="tournaments_api_tournaments_pay_prize",
)
def pay_prize(request, tournament_id: Id, number: EntryNumber, body: PayIn):
    tournament_for(request.user, tournament_id, Action.PAY_PRIZES)
    return payout_desk.pay_prize(tournament_id, number, body.method, request.user, request_key(request))


@router.post(
    "/tournaments/{tournament_id}/entries/{number}/reverse-payment/",
    response={200: ReversedOut, **ERRORS},
    summary="Reverse a prize payment made by mistake, with a reason; the prize can be paid again",
    operation_id="tournaments_api_tournaments_reverse_payment",
)
def reverse_payment(request, tournament_id: Id, number: EntryNumber, body: ReasonIn):
    tournament_for(request.user, tournament_id, Action.PAY_PRIZES)
    return payout_desk.reverse_payment(tournament_id, number, body.reason, request.user, request_key(request))


class PrizeOut(Answer):
    """A player placed with a prize (staff: the player's name and id too), and how it was paid."""

    entry: int
    name: str
    player: int = Field(..., description="the player's id")
    public_name: str = Field(..., description="as public screens name the player")
    place: list[int] = Field(..., description="[best, worst]: a range when places are shared")
    prize: int = Field(..., description="minor units")
    table: int
    hand: int
    points: int = Field(..., description="PAY-POINTS: ranking points")
    freeroll: bool
    seat: TargetOut | None = Field(..., description="a satellite's place: the seat won in the target")
    flight: str | None = Field(..., description="FLIGHT-ITM: the flight the player went out of in the money")
    knockouts: int = Field(..., description="ELIM-BY: the players this entry knocked out")
    bounties_won: int = Field(..., description="the bounties this entry won in cash, minor units")
    paid: str | None = Field(..., description="how it was paid (cash or wire); none: not yet")
    paid_amount: int | None = Field(..., description="differs from prize if the places changed after the payment")


@router.get(
    "/tournaments/{tournament_id}/prizes/",
    response={200: list[PrizeOut], **ERRORS},
    summary="The payout desk's list: every prize by place, and whether and how it was paid",
    operation_id="tournaments_api_tournaments_prizes",
)
def prizes(request, tournament_id: Id):
    return prizes_to_pay(tournament_for(request.user, tournament_id, Action.PAY_PRIZES))


class VouchersOut(Answer):
    satellite_for: TargetOut | None = Field(..., description="a satellite: the event its seats are in")
    issued: list[VoucherOut] = Field(..., description="the vouchers this satellite issued at its finish")
    good_here: list[VoucherOut] = Field(..., description="every voucher good in this tournament")


@router.get(
    "/tournaments/{tournament_id}/vouchers/",
    response={200: VouchersOut, **ERRORS},
    summary="Won-seat vouchers: those this satellite issued (player, code, target) and those good here",
    operation_id="tournaments_api_tournaments_vouchers",
)
def vouchers(request, tournament_id: Id):
    tournament = tournament_for(request.user, tournament_id, Action.DESK)
    check(request.user, Action.PERSONAL_DATA)
    return {
        "satellite_for": target_of(tournament),
        "issued": vouchers_won_in(tournament),
        "good_here": vouchers_for(tournament),
    }
