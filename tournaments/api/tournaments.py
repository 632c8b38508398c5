"""The tournaments' API: the public snapshot and results for screens and live-reporting
sites; the director's rulings (undo a bust, disqualify), deals and the payout desk."""

from datetime import datetime

from ninja import Field, Router, Schema, Status
from ninja.decorators import decorate_view
from ninja.security import django_auth

from core.access import Action, check, tournament_for
from core.api import (
    ERRORS,
    MOST_CHIPS,
    MOST_ENTRIES,
    MOST_LEVELS,
    Chips,
    EntryNumber,
    Error,
    Id,
    InvalidOut,
    Money,
    Stacks,
    request_key,
)
from core.http_cache import public_read
from core.kinds import CATALOGUE
from tournaments.models import Tournament
from tournaments.queries import deals as deals_queries
from tournaments.queries.payout_desk import prizes_to_pay
from tournaments.queries.results import public_standings
from tournaments.queries.satellites import target_of, vouchers_for, vouchers_won_in
from tournaments.queries.snapshot import snapshot
from tournaments.services import deals, desk, payout_desk, rulings, setup

router = Router(tags=["tournaments"])
staff = Router(tags=["rulings and money"], auth=django_auth)


class TournamentSummary(Schema):
    id: int
    name: str
    status: str


class LevelOut(Schema):
    small_blind: int
    big_blind: int
    ante: int
    is_break: bool
    name: str
    duration_s: int
    big_blind_ante: bool
    colour_up: str


class ClockOut(Schema):
    status: str
    level_index: int
    level_number: int | None
    level: LevelOut
    next_level: LevelOut | None
    ends_at: datetime | None
    remaining_ms: int
    version: int
    break_after_ms: int | None
    limit_at: datetime | None
    resume_at: datetime | None


class TournamentOut(Schema):
    id: int
    name: str
    status: str
    festival: str
    venue: str
    time_zone: str
    currency: str


class SnapshotOut(Schema):
    type: str
    audience: str
    seq: int
    server_time: datetime
    tournament: TournamentOut
    entries: int
    players_left: int
    chips_in_play: int
    clock: ClockOut | None
    money: dict | None
    end_of_day: dict | None
    hand_for_hand: dict | None
    winners: list[dict]
    late_registration_over: bool


class EventKindOut(Schema):
    audience: str
    changes: str
    views: list[str]


@router.get(
    "/event-kinds/",
    response=dict[str, EventKindOut],
    summary="The catalogue of event kinds: audience, what each changes, the views it touches",
)
@decorate_view(public_read)
def event_kinds(request):
    return {
        kind.name: {"audience": kind.audience, "changes": kind.changes, "views": sorted(kind.views)}
        for kind in CATALOGUE.values()
    }


@router.get("/tournaments/", response=list[TournamentSummary], summary="List tournaments")
@decorate_view(public_read)
def list_tournaments(request):
    return Tournament.objects.order_by("id").only("id", "name", "status")


@router.get(
    "/tournaments/{tournament_id}/",
    response={200: SnapshotOut, 404: Error, 422: InvalidOut},
    summary="Public snapshot of one tournament (the lobby socket's first frame)",
)
@decorate_view(public_read)
def tournament_snapshot(request, tournament_id: Id):
    tournament_for(request.user, tournament_id, Action.VIEW_LOBBY)
    return snapshot(tournament_id)


class ReasonIn(Schema):
    reason: str = Field(..., max_length=200, description="why, for the log")


class DisqualifyIn(ReasonIn):
    chips: Chips | None = Field(
        None, description="a player still in: the stack counted as it leaves play; none: the chips the player bought"
    )


@staff.post(
    "/tournaments/{tournament_id}/entries/{number}/undo-bust/",
    response={200: dict, **ERRORS},
    summary="Undo a bust recorded by mistake: the player sits back down",
)
def undo_bust(request, tournament_id: Id, number: EntryNumber, body: ReasonIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return rulings.undo_bust(tournament_id, number, body.reason, request.user, request_key(request))


@staff.post(
    "/tournaments/{tournament_id}/entries/{number}/disqualify/",
    response={200: dict, **ERRORS},
    summary="Disqualify a player (PAY-DQ): chips out of play, buy-in stays in the pool, no prize",
)
def disqualify(request, tournament_id: Id, number: EntryNumber, body: DisqualifyIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return rulings.disqualify(tournament_id, number, body.reason, request.user, request_key(request), chips=body.chips)


@router.get(
    "/tournaments/{tournament_id}/results/",
    response={200: dict, **ERRORS},
    summary="The prize pool, the payouts and every player out with place and prize",
)
@decorate_view(public_read)
def results(request, tournament_id: Id):
    return public_standings(tournament_for(request.user, tournament_id, Action.VIEW_LOBBY))


class DealIn(Schema):
    stacks: Stacks
    left_to_play: Money = Field(0, description="kept back for the winner of the play that goes on, minor units")


@staff.post(
    "/tournaments/{tournament_id}/deals/proposals/",
    response={200: dict, **ERRORS},
    summary="Chip-chop, ICM and guaranteed-minimum deals side by side (PAY-CHOP); nothing is recorded",
)
def deal_proposals(request, tournament_id: Id, body: DealIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return deals_queries.deal_proposals(tournament_id, body.stacks, body.left_to_play)


@staff.get(
    "/tournaments/{tournament_id}/deals/players/",
    response={200: list[dict], **ERRORS},
    summary="The players a deal is made among: every player left, by entry number and name",
)
def deal_players(request, tournament_id: Id):
    return deals_queries.deal_players(tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL))


class DealAgreedIn(DealIn):
    method: str = Field(..., description="chip_chop, icm or guaranteed")
    agreed: list[EntryNumber] = Field(
        ..., max_length=MOST_ENTRIES, description="the entry numbers of the players who agree: all of them"
    )
    representative: str = Field(..., max_length=100, description="the tournament representative present")


@staff.post(
    "/tournaments/{tournament_id}/deals/",
    response={200: dict, **ERRORS},
    summary="Record the deal every remaining player agreed to (PAY-CHOP)",
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
    )


class StacksIn(Schema):
    stacks: Stacks


@staff.post(
    "/tournaments/{tournament_id}/end/time-limit/",
    response={200: dict, **ERRORS},
    summary="At the time limit, record the chip-chop of the remaining prizes as the result (CLK-LIMIT)",
)
def end_by_time_limit(request, tournament_id: Id, body: StacksIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return deals.end_by_time_limit(tournament_id, body.stacks, request.user, request_key(request))


@staff.post(
    "/tournaments/{tournament_id}/end/gong/",
    response={200: dict, **ERRORS},
    summary="The final gong: the players left are placed by chips and win their places' prizes",
)
def end_at_the_gong(request, tournament_id: Id, body: StacksIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return deals.end_at_the_gong(tournament_id, body.stacks, request.user, request_key(request))


class PayIn(Schema):
    method: str = Field(..., description="cash or wire")


@staff.post(
    "/tournaments/{tournament_id}/entries/{number}/pay-prize/",
    response={200: dict, **ERRORS},
    summary="Pay a prize at the payout desk, once (REG-ID for wire transfers)",
)
def pay_prize(request, tournament_id: Id, number: EntryNumber, body: PayIn):
    tournament_for(request.user, tournament_id, Action.PAY_PRIZES)
    return payout_desk.pay_prize(tournament_id, number, body.method, request.user, request_key(request))


@staff.post(
    "/tournaments/{tournament_id}/entries/{number}/reverse-payment/",
    response={200: dict, **ERRORS},
    summary="Reverse a prize payment made by mistake, with a reason; the prize can be paid again",
)
def reverse_payment(request, tournament_id: Id, number: EntryNumber, body: ReasonIn):
    tournament_for(request.user, tournament_id, Action.PAY_PRIZES)
    return payout_desk.reverse_payment(tournament_id, number, body.reason, request.user, request_key(request))


@staff.get(
    "/tournaments/{tournament_id}/prizes/",
    response={200: list[dict], **ERRORS},
    summary="The payout desk's list: every prize by place, and whether and how it was paid",
)
def prizes(request, tournament_id: Id):
    return prizes_to_pay(tournament_for(request.user, tournament_id, Action.PAY_PRIZES))


@staff.get(
    "/tournaments/{tournament_id}/vouchers/",
    response={200: dict, **ERRORS},
    summary="Won-seat vouchers: those this satellite issued (player, code, target) and those good here",
)
def vouchers(request, tournament_id: Id):
    tournament = tournament_for(request.user, tournament_id, Action.DESK)
    check(request.user, Action.PERSONAL_DATA)
    return {
        "satellite_for": target_of(tournament),
        "issued": vouchers_won_in(tournament),
        "good_here": vouchers_for(tournament),
    }


@staff.post(
    "/tournaments/{tournament_id}/cancel/",
    response={200: dict, **ERRORS},
    summary="Cancel a tournament that does not go ahead: every entry refunded in full (END-CANCEL)",
)
def cancel(request, tournament_id: Id, body: ReasonIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return desk.cancel_tournament(tournament_id, body.reason, request.user, request_key(request))


class SettingsIn(Schema):
    name: str = Field(..., min_length=1, max_length=200)
    ruleset_preset: str = Field("pokerfest", description="pokerfest, neverending, chips, kentucky or action-clock")
    buy_in: Money = Field(0, description="the prize-pool part of an entry, minor units")
    fee: Money = Field(0, description="the house's part of an entry, minor units")
    starting_stack: int = Field(10_000, ge=1, le=MOST_CHIPS)
    starts_at: datetime | None = Field(None, description="when play is due to start")
    max_entries: EntryNumber | None = Field(None, description="seats on sale; none: no cap")
    guarantee: Money | None = Field(None, description="PAY-POOL, minor units")
    places_paid: EntryNumber | None = Field(None, description="none: as the payout table says")
    filmed: bool = False
    satellite_for: Id | None = Field(
        None,
        description="a satellite: the id of the event of the same festival whose "
        "seats its results award (neverending: the next level)",
    )


class CreateIn(SettingsIn):
    festival_id: Id
    structure_id: Id = Field(..., description="the structure template the tournament gets a copy of")
    late_entry_until_level: int | None = Field(
        None, ge=1, le=MOST_LEVELS, description="late registration closes at the end of this play level (1, 2, …)"
    )


@router.post(
    "/tournaments/",
    response={201: dict, **ERRORS},
    auth=django_auth,
    summary="Create a tournament in a festival from a preset and a structure template (the director)",
)
def create_tournament(request, body: CreateIn):
    check(request.user, Action.DIRECTOR_APPROVAL)
    settings = setup.Settings(**body.dict(exclude={"festival_id", "structure_id", "late_entry_until_level"}))
    tournament = setup.create_tournament(
        body.festival_id, settings, body.structure_id, request.user, body.late_entry_until_level
    )
    return Status(
        201,
        {
            "id": tournament.id,
            "name": tournament.name,
            "status": tournament.status,
            "setup_url": f"/tournaments/{tournament.id}/setup/",
        },
    )
