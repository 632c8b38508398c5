"""The cashier's close-outs in the API: one tournament's (a main event's with its flights') and
the whole festival's. Money in minor units; director, desk and cashier only."""

from django.utils.translation import gettext as _
from ninja import Field, Router
from ninja.errors import HttpError
from ninja.security import django_auth

from core.access import Action, check, tournament_for
from core.api import ERRORS, Answer, Id
from tournaments.api.tournaments import EventRefOut
from tournaments.models import Festival
from tournaments.queries import close_out as close_out_queries
from tournaments.queries.festival_close_out import festival_close_out

router = Router(tags=["close-out"], auth=django_auth)


class CloseOutRowOut(Answer):
    """One tournament (a flight, for a main event), desk, shift and payment method; money in minor units."""

    event_id: int
    event: str = Field(..., description="the tournament or flight the sales were made in")
    desk: str
    shift: str
    method: str
    sales: int
    taken: int
    bounty: int = Field(..., description="BNT-POOL: of taken, the bounty parts (less those given back)")
    visitor_fees: int = Field(..., description="REG-MEMBER (chips): of taken, the visitor fees (the club's)")
    voided: int
    refunded: int
    returned: int
    net: int = Field(..., description="taken less returned")


class CloseOutTotalsOut(Answer):
    sales: int
    taken: int
    bounty: int = Field(..., description="BNT-POOL: of taken, the bounty parts (less those given back)")
    visitor_fees: int = Field(..., description="REG-MEMBER (chips): of taken, the visitor fees (the club's)")
    voided: int
    refunded: int
    returned: int
    net: int


class CloseOutEventOut(CloseOutTotalsOut):
    """The tournament's own sales, or one of its flights'."""

    id: int
    name: str
    prizes_paid: int
    bounties_paid: int


class CashierRowOut(Answer):
    """One cashier and method at the payout desk; reversed payments are kept on record, not in paid."""

    event_id: int
    event: str
    cashier: str
    method: str
    payments: int
    paid: int
    reversed: int
    reversed_amount: int


class CashierTotalsOut(Answer):
    payments: int
    paid: int
    reversed: int
    reversed_amount: int


class PrizesPaidOut(Answer):
    rows: list[CashierRowOut]
    totals: CashierTotalsOut


class CloseOutBountiesOut(Answer):
    """The cashier's bounties (issue 23) and where the bounty pool is (BNT-POOL)."""

    rows: list[CashierRowOut] = Field(..., description="bounties paid per event, cashier and method")
    totals: CashierTotalsOut
    pool: int
    won: int
    due: int = Field(..., description="won by players and not paid yet")
    on_heads: int
    envelopes_left: int
    carried: int


class VisitorSaleOut(Answer):
    """REG-MEMBER (chips): a visitor's sale, signed in by a full member."""

    event: str
    entry: int
    player: str
    signed_in_by: str = Field(..., description="the full member's number who signed the visitor in")
    visitor_fee: int = Field(..., description="minor units")


class CloseOutOut(Answer):
    rows: list[CloseOutRowOut]
    totals: CloseOutTotalsOut
    events: list[CloseOutEventOut] = Field(..., description="the tournament, then each of its flights")
    prizes: PrizesPaidOut = Field(..., description="the payout desk's side")
    bounties: CloseOutBountiesOut
    visitors: list[VisitorSaleOut] = Field(..., description="REG-MEMBER (chips): visitors and who signed them in")
    net_after_prizes: int = Field(..., description="what the desks took less the prizes and bounties paid, minor units")
    main_event: EventRefOut | None = Field(..., description="a flight's main event, whose close-out counts it")
    festival_id: int


@router.get(
    "/tournaments/{tournament_id}/close-out/",
    response={200: CloseOutOut, **ERRORS},
    summary="Cashier close-out: counts and totals per desk, shift and payment method (a main event's flights included)",
    operation_id="tournaments_api_desk_close_out",
)
def close_out(request, tournament_id: Id):
    tournament_for(request.user, tournament_id, Action.CASHIER_REPORT)
    return close_out_queries.close_out(tournament_id)


class FestivalEventFlightOut(CloseOutTotalsOut):
    id: int
    name: str


class FestivalEventOut(Answer):
    """One event of the festival (its flights in it); money in minor units."""

    id: int
    name: str
    entries: int = Field(..., description="seat entries standing, flights included, Day 2 entries not again")
    won_entries: int = Field(..., description="of them, won seats (satellite vouchers): no cash at this desk")
    taken: int = Field(..., description="cash taken less paid back, at this event's and its flights' desks")
    fees: int = Field(..., description="the house's part of the cash taken")
    to_pool: int = Field(..., description="the prize pool's part of the cash taken")
    to_bounty: int = Field(..., description="BNT-POOL: the bounty pool's part of the cash taken")
    from_seats: int = Field(..., description="the pool parts of won seats, paid by the satellites' pools")
    won_returned: int = Field(..., description="paid back on won entries (a freeroll's refund)")
    pool: int = Field(..., description="the prize pool (PAY-POOL), guarantee included")
    overlay: int = Field(..., description="what the guarantee adds to the pool collected")
    guarantee: int
    feeds: EventRefOut | None = Field(..., description="a satellite's target event")
    fed_by: list[EventRefOut] = Field(..., description="the satellites feeding this event")
    seat_price: int = Field(
        ..., description="a satellite's seat: the target's buy-in, bounty and fee (0: not a satellite)"
    )
    seats_awarded: int = Field(..., description="a satellite's vouchers issued")
    seats_used: int
    seats_value: int = Field(..., description="the vouchers issued × the seat price: the pool paid as seats")
    prizes_paid: int = Field(..., description="cash prizes paid at the payout desk")
    bounties_paid: int = Field(..., description="bounties paid at the cashier")
    bounties_due: int = Field(..., description="bounties won by players and not paid yet")
    still_to_pay: int = Field(..., description="the pool less the seats awarded and the prizes paid")
    flights: list[FestivalEventFlightOut]


class FestivalTotalsOut(Answer):
    entries: int
    won_entries: int
    taken: int
    fees: int
    to_pool: int
    to_bounty: int
    from_seats: int
    pool: int
    overlay: int
    seats_awarded: int
    seats_value: int
    prizes_paid: int
    bounties_paid: int
    bounties_due: int
    still_to_pay: int


class FestivalRefOut(Answer):
    id: int
    name: str
    currency: str


class FestivalDesksOut(Answer):
    rows: list[CloseOutRowOut]
    totals: CloseOutTotalsOut


class BountiesOut(Answer):
    """Bounties paid per event, cashier and method; reversed payments kept on record."""

    rows: list[CashierRowOut]
    totals: CashierTotalsOut


class FestivalCloseOutOut(Answer):
    festival: FestivalRefOut
    events: list[FestivalEventOut]
    totals: FestivalTotalsOut
    desks: FestivalDesksOut = Field(..., description="every desk, shift and method of every event and flight")
    prizes: PrizesPaidOut = Field(..., description="every cashier and method at the payout desks")
    bounties: BountiesOut
    drawer: int = Field(..., description="cash taken less prizes and bounties paid, minor units")


@router.get(
    "/festivals/{festival_id}/close-out/",
    response={200: FestivalCloseOutOut, **ERRORS},
    summary="The festival's close-out: every desk and cashier, fees against prize pools, satellites' seats, prizes",
)
def festival(request, festival_id: Id):
    check(request.user, Action.CASHIER_REPORT)
    try:
        return festival_close_out(festival_id)
    except Festival.DoesNotExist:
        raise HttpError(404, _("There is no festival with that id.")) from None
