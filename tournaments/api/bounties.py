"""Bounties through the API (issue 23): the public bounty board (lobby, TV), the mystery
envelopes' template (the director), the cashier's bounties due, paying and reversing them."""

from ninja import Field, Router, Schema
from ninja.decorators import decorate_view
from ninja.security import django_auth

from core.access import Action, tournament_for
from core.api import ERRORS, MOST_ENTRIES, Answer, Error, Id, InvalidOut, request_key
from core.http_cache import public_read
from tournaments.api.desk import PlayerSummaryOut
from tournaments.queries.bounties import bounties_due, bounty_board
from tournaments.services import bounties

public = Router(tags=["bounties"])
router = Router(tags=["bounties"], auth=django_auth)


class BountyStageOut(Answer):
    starts: str = Field(..., description="bubble, twice_paid, day_two or level (the ruleset's bounties.stage_starts)")
    level: int | None = Field(..., description="the level the stage starts at (starts: level)")
    started: bool = Field(..., description="mystery: the envelopes are sealed; KO/PKO: always")


class BountyHeadOut(Answer):
    entry: int
    tournament: int = Field(..., description="the event the entry is in (a flight's, or the main event's)")
    name: str = Field(..., description="as public screens name the player")
    head: int = Field(..., description="the bounty on the player now, minor units")


class EnvelopesOut(Answer):
    amount: int = Field(..., description="minor units")
    count: int


class TierOut(Answer):
    share_bp: int = Field(..., description="the tier's share of the pool, basis points (10000 = 100%)")
    count: int | None = Field(..., description="its envelopes; none: the rest")


class BountyAwardOut(Answer):
    id: int = Field(..., description="the award's id (the cashier pays by it)")
    kind: str = Field(..., description="knockout, progressive, mystery, own, disqualified or deal")
    from_entry: int = Field(..., description="the entry whose bounty it was")
    from_name: str
    entry: int | None = Field(..., description="the winner's entry; none: no player (disqualified)")
    name: str
    tournament: int = Field(..., description="the event the bust was in")
    cash: int = Field(..., description="minor units won in cash (or moved, for a destination other than player)")
    to_head: int = Field(..., description="BNT-PKO: minor units added to the winner's own bounty")
    destination: str = Field(..., description="player, prize_pool, out_of_play or carried")
    envelope: int | None = Field(..., description="BNT-MYSTERY: the envelope drawn, minor units")
    draw_number: int | None
    seq: int = Field(..., description="the log seq of the bust (or the finish)")


class BountyBoardOut(Answer):
    format: str = Field(..., description="none, knockout, progressive or mystery")
    bounty: int = Field(..., description="the bounty part of an entry, minor units")
    cash_percent: int = Field(..., description="BNT-PKO: the share of a bounty won paid in cash")
    pool: int = Field(..., description="BNT-POOL: every entry's bounty part, less those given back")
    won: int = Field(..., description="won at busts and the finish (every destination), minor units")
    paid: int = Field(..., description="paid at the cashier")
    due: int = Field(..., description="won by players and not paid yet")
    on_heads: int = Field(..., description="the bounties still on players' heads")
    carried: int = Field(..., description="a disqualified player's bounty waiting for the next bust")
    envelopes_total: int = Field(..., description="mystery: the envelopes not drawn (before the seal: the whole pool)")
    stage: BountyStageOut
    heads: list[BountyHeadOut] = Field(..., description="the ten biggest bounties in play")
    envelopes_left: list[EnvelopesOut] = Field(..., description="mystery: the envelopes not drawn, by amount")
    template: list[TierOut] = Field(..., description="mystery: the envelope tiers")
    sealed: bool
    latest: list[BountyAwardOut] = Field(..., description="the last ten bounties won, latest first")


@public.get(
    "/tournaments/{tournament_id}/bounties/",
    response={200: BountyBoardOut, 404: Error, 422: InvalidOut},
    summary="The bounty board: pool, won, paid, the biggest heads or the envelopes left, the latest knockouts",
)
@decorate_view(public_read)
def board(request, tournament_id: Id):
    return bounty_board(tournament_for(request.user, tournament_id, Action.VIEW_LOBBY))


class TierIn(Schema):
    share_bp: int = Field(..., ge=1, le=10_000, description="the tier's share of the pool, basis points")
    count: int | None = Field(..., ge=1, le=MOST_ENTRIES, description="its envelopes; none: the rest (the last tier)")


class EnvelopeTemplateIn(Schema):
    tiers: list[TierIn] = Field(..., max_length=50, description="empty: the default template")


class EnvelopeTemplateOut(Answer):
    tiers: list[TierOut]


@router.put(
    "/tournaments/{tournament_id}/bounties/template/",
    response={200: EnvelopeTemplateOut, **ERRORS},
    summary="Set the mystery bounty's envelope template (BNT-MYSTERY), until the envelopes are sealed",
)
def template(request, tournament_id: Id, body: EnvelopeTemplateIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    tiers = [tier.dict() for tier in body.tiers]
    return bounties.set_template(tournament_id, tiers, request.user, request_key(request))


class BountyDueOut(BountyAwardOut):
    player: str = Field(..., description="the winner's full name (staff)")
    paid: bool
    method: str | None = Field(..., description="how it was paid; none: not yet")
    paid_at: str | None


@router.get(
    "/tournaments/{tournament_id}/bounties/due/",
    response={200: list[BountyDueOut], **ERRORS},
    summary="The cashier's bounties: every bounty won by a player, paid or not",
)
def due(request, tournament_id: Id):
    return bounties_due(tournament_for(request.user, tournament_id, Action.PAY_PRIZES))


class BountyPayIn(Schema):
    method: str = Field(..., description="cash, card or transfer")


class BountyPaidOut(Answer):
    award: int
    entry: int
    amount: int = Field(..., description="minor units")
    method: str
    player: PlayerSummaryOut


class BountyReverseIn(Schema):
    reason: str = Field(..., max_length=200)


class BountyReversedOut(BountyPaidOut):
    reason: str


@router.post(
    "/tournaments/{tournament_id}/bounties/{award_id}/pay/",
    response={200: BountyPaidOut, **ERRORS},
    summary="Pay a bounty won at the cashier, once (BNT-KO)",
)
def pay(request, tournament_id: Id, award_id: Id, body: BountyPayIn):
    tournament_for(request.user, tournament_id, Action.PAY_PRIZES)
    return bounties.pay_bounty(tournament_id, award_id, body.method, request.user, request_key(request))


@router.post(
    "/tournaments/{tournament_id}/bounties/{award_id}/reverse/",
    response={200: BountyReversedOut, **ERRORS},
    summary="Reverse a bounty payment made by mistake, with a reason; the bounty is due again",
)
def reverse(request, tournament_id: Id, award_id: Id, body: BountyReverseIn):
    tournament_for(request.user, tournament_id, Action.PAY_PRIZES)
    return bounties.reverse_bounty_payment(tournament_id, award_id, body.reason, request.user, request_key(request))
