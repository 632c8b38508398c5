"""The tournaments' API: the public snapshot and results for screens and live-reporting
sites (and the answers' shapes of the money they show, which the deals and the payout desk
answer too); the director's rulings (undo a bust, disqualify), cancelling a tournament, and
creating one."""

from datetime import datetime
from typing import Literal

from django.utils.translation import gettext as _
from ninja import Field, Router, Schema, Status
from ninja.decorators import decorate_view
from ninja.security import django_auth

from clock.api.clock import ClockOut
from core import throttle
from core.access import Action, check, tournament_for
from core.api import (
    ERRORS,
    MOST_CHIPS,
    MOST_LEVELS,
    Answer,
    Chips,
    EntryNumber,
    Error,
    Id,
    InvalidOut,
    Money,
    TooMany,
    TooManyRequests,
    request_key,
)
from core.http_cache import public_read
from core.kinds import CATALOGUE
from tournaments.models import Tournament
from tournaments.queries.results import public_standings, recent_busts
from tournaments.queries.snapshot import snapshot
from tournaments.services import desk, rulings, setup

router = Router(tags=["tournaments"])
staff = Router(tags=["rulings and money"], auth=django_auth)


class TournamentSummary(Answer):
    id: int
    name: str
    status: str


class StoppedClockOut(ClockOut):
    """The clock as the end of play answers it: its moments as the clock's document writes them
    (ISO 8601 with the offset), not re-written as ClockOut's are."""

    ends_at: str | None
    limit_at: str | None
    resume_at: str | None


class TournamentOut(Answer):
    id: int
    name: str
    status: str
    festival: str
    venue: str
    time_zone: str
    currency: str


class TargetOut(Answer):
    """The event a satellite's seats are in (a neverending level's: the next level)."""

    id: int
    name: str


class SatelliteOut(Answer):
    target: TargetOut | None
    price: int = Field(..., description="a seat: the target's buy-in, bounty and fee, minor units")
    seats: int = Field(..., description="the seats the pool buys now")
    remainder: int = Field(..., description="the pool left over after the seats, paid in cash")
    seats_passed: int = Field(
        ..., description="SAT-SEATS: vouchers void (their winner disqualified), each seat passed to the next place"
    )


class DealShareOut(Answer):
    entry: int
    amount: int
    name: str = Field(..., description="as public screens name the player")


class DealSummaryOut(Answer):
    """The latest deal (PAY-CHOP): each player's agreed amount, largest first."""

    method: str = Field(..., description="the deal's name in words: chip-chop, ICM, guaranteed minimum, by place")
    left_to_play: int
    amounts: dict[str, int] = Field(..., description="entry number -> agreed amount, minor units")
    players: list[DealShareOut]


class MoneyOut(Answer):
    """The lobby's money line: pool, places paid, what the next player out wins, the jump after."""

    pool: int
    guarantee: int = Field(..., description="PAY-POOL: the guarantee (a flight's: its main event's), minor units")
    overlay: int = Field(..., description="what the guarantee adds to the pool, minor units")
    players_left: int = Field(..., description="the players the money counts: a flight's are its main event's")
    places_paid: int
    in_the_money: bool
    published: bool = Field(..., description="PAY-POOL: the payouts are public (kentucky: from the first break)")
    hand_for_hand_due: bool = Field(..., description="the field is within the ruleset's margin of the money")
    next_out_prize: int
    next_pay_jump: int
    min_cash: int
    deal: DealSummaryOut | None
    satellite: SatelliteOut | None


class EndOfDayOut(Answer):
    """CLK-EOD: the tables still playing their last hands, once announced."""

    day: int
    day_over: bool
    playing: list[int] = Field(..., description="table numbers")
    hands: int | None = Field(None, description="the last hands the director announced for the day")


class HandForHandOut(Answer):
    """HFH-MODE: the hand-for-hand hand and the open tables by what they reported."""

    hand: int
    playing: list[int]
    done: list[int]
    frozen: list[int] = Field(..., description="a called all-in waits face down (HFH-ALLIN)")
    released: list[int] = Field(..., description="playing its all-in out")


class BubbleBurstOut(Answer):
    """The end of hand-for-hand: the bubble burst and the field is in the money."""

    hand: int
    players_left: int
    places_paid: int
    in_the_money: bool


class EntryNameOut(Answer):
    entry: int
    name: str


class AnnouncementOut(Answer):
    """TD-ANNOUNCE: what every screen shows now."""

    id: int
    text: str
    made_at: str
    expires_at: str | None = Field(..., description="none: up until dismissed")


class PublishedChipLeaderOut(Answer):
    name: str = Field(..., description="as public screens name the player")
    entry: int
    chips: int
    table: int
    out: bool = Field(..., description="out since the board was published")


class PublishedChipLeadersOut(Answer):
    """CHIP-COUNT: the chip leaders as last published to the lobby."""

    leaders: list[PublishedChipLeaderOut]
    average: int = Field(..., description="chips in play over players left, rounded down")
    counted_at: str


class MainEventNameOut(Answer):
    id: int
    name: str


class FlightClosedScreensOut(Answer):
    """A closed flight: its screens say "Day 1A is over: N bags", not that the tournament is over."""

    flight: str
    bags: int
    main_event_name: str
    main_event: MainEventNameOut


class NextDrawOut(Answer):
    seed_hash: str = Field(..., description="SHA-256 of the next seat draw's seed (its decimal digits)")
    published_at: str
    seq: int = Field(..., description="the draw.committed event")


class SnapshotOut(Answer):
    type: str
    audience: str
    seq: int = Field(..., description="the last event's number: a screen applies the events after it")
    chain_head: str = Field(..., description="the log's hash chain head at seq (sha256, hex; manage.py verify_log)")
    server_time: datetime
    tournament: TournamentOut
    entries: int
    players_left: int
    chips_in_play: int
    clock: ClockOut | None
    money: MoneyOut
    end_of_day: EndOfDayOut | None
    hand_for_hand: HandForHandOut | None
    bubble_burst: BubbleBurstOut | None = Field(..., description="once hand-for-hand has ended in the money")
    winners: list[EntryNameOut] = Field(..., description="once the tournament is finished: the players placed first")
    flight_over: FlightClosedScreensOut | None = Field(..., description="a closed flight's name and bags")
    late_registration_over: bool
    announcements: list[AnnouncementOut]
    chip_leaders: PublishedChipLeadersOut | None
    next_draw: NextDrawOut | None = Field(..., description="checkable draws: the next seat draw's seed hash")


class EventKindOut(Answer):
    audience: str
    changes: str
    views: list[str]


class PoolOut(Answer):
    """PAY-POOL, minor units."""

    collected: int
    guarantee: int
    pool: int
    overlay: int


class FlightEntryOut(Answer):
    flight: str
    entry: int


class PlaceOut(Answer):
    """A player out, with place and prize (public: names as each player consented)."""

    entry: int
    name: str
    place: list[int] = Field(..., description="[best, worst]: a range when places are shared")
    prize: int | None = Field(..., description="minor units; none: the payouts are not published yet")
    table: int
    hand: int
    points: int = Field(..., description="PAY-POINTS: ranking points")
    freeroll: bool = Field(..., description="a neverending level's freeroll into the next level")
    seat: TargetOut | None = Field(..., description="a satellite's place: the seat won in the target")
    from_flight: FlightEntryOut | None = Field(
        None, description="a Day 2 entry: the flight entry it came from (each tournament numbers its own)"
    )
    flight: str | None = Field(..., description="FLIGHT-ITM: the flight the player went out of in the money")
    knockouts: int = Field(..., description="ELIM-BY: the players this entry knocked out (a split pot counts)")
    bounties_won: int = Field(..., description="the bounties this entry won in cash, minor units")


class EventRefOut(Answer):
    id: int
    name: str


class ResultsOut(Answer):
    field: int = Field(..., description="the entries the payout table is made for: a main event's, every flight's")
    payouts: list[int] = Field(..., description="prizes by place, minor units; empty until published")
    pool: PoolOut
    out: list[PlaceOut] = Field(..., description="by place")
    deal: DealSummaryOut | None
    satellite: SatelliteOut | None
    published: bool
    main_event: EventRefOut | None = Field(..., description="a flight's or a main event's with flights: the main event")
    out_before_the_money: int = Field(..., description="a flight's players out before the money: no place (FLIGHT-ITM)")


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
    response={200: SnapshotOut, 404: Error, 422: InvalidOut, 429: TooMany},
    summary="Public snapshot of one tournament (the lobby socket's first frame)",
)
@decorate_view(public_read)
def tournament_snapshot(request, tournament_id: Id):
    # Counted with the live sockets' resyncs: a flood from one address is refused (not the venue's).
    verdict = throttle.snapshot_asked(throttle.client_address(request))
    if not verdict.allowed:
        too_many = _(
            "Too many snapshot requests from your connection in the last minute: wait %(seconds)s "
            "seconds and try again (an open lobby page catches up by itself)."
        )
        raise TooManyRequests(verdict.retry_after, too_many % {"seconds": verdict.retry_after})
    tournament_for(request.user, tournament_id, Action.VIEW_LOBBY)
    return snapshot(tournament_id)


class ReasonIn(Schema):
    reason: str = Field(..., max_length=200, description="why, for the log")


class DisqualifyIn(ReasonIn):
    chips: Chips | None = Field(
        None,
        description="the stack counted as it leaves play: required for a player still in (422 without it); "
        "a player out, or a finished tournament, has none in play",
    )
    grounds: Literal["", "collusion", "chip_dumping"] = Field(
        "", description="collusion or chip dumping: the grounds on which a members' house may end the membership"
    )
    end_membership: bool = Field(False, description="REG-MEMBER: end the player's membership with the ruling")


class BustUndoneOut(Answer):
    entry: int
    table: int = Field(..., description="where the player sits back down")
    seat: int
    players_left: int
    chips_in_play: int


class DisqualifiedOut(Answer):
    entry: int
    players_left: int
    chips_in_play: int


class RecentBustOut(Answer):
    entry: int
    name: str
    table: int
    seat: int
    at: str


@staff.get(
    "/tournaments/{tournament_id}/busts/",
    response={200: list[RecentBustOut], **ERRORS},
    summary="The latest busts still standing, newest first: the director picks the one to undo",
)
def busts(request, tournament_id: Id):
    return recent_busts(tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL))


@staff.post(
    "/tournaments/{tournament_id}/entries/{number}/undo-bust/",
    response={200: BustUndoneOut, **ERRORS},
    summary="Undo a bust recorded by mistake: the player sits back down",
)
def undo_bust(request, tournament_id: Id, number: EntryNumber, body: ReasonIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return rulings.undo_bust(tournament_id, number, body.reason, request.user, request_key(request))


@staff.post(
    "/tournaments/{tournament_id}/entries/{number}/disqualify/",
    response={200: DisqualifiedOut, **ERRORS},
    summary="Disqualify a player (PAY-DQ): chips out of play, buy-in stays in the pool, no prize",
)
def disqualify(request, tournament_id: Id, number: EntryNumber, body: DisqualifyIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return rulings.disqualify(
        tournament_id,
        number,
        body.reason,
        request.user,
        request_key(request),
        chips=body.chips,
        grounds=body.grounds,
        end_membership=body.end_membership,
    )


@router.get(
    "/tournaments/{tournament_id}/results/",
    response={200: ResultsOut, **ERRORS},
    summary="The prize pool, the payouts and every player out with place and prize",
)
@decorate_view(public_read)
def results(request, tournament_id: Id):
    return public_standings(tournament_for(request.user, tournament_id, Action.VIEW_LOBBY))


class CancelledOut(Answer):
    tournament_status: str
    refunded: int = Field(..., description="the entries refunded in full")
    entries: int
    players_left: int
    chips_in_play: int
    clock: StoppedClockOut | None


@staff.post(
    "/tournaments/{tournament_id}/cancel/",
    response={200: CancelledOut, **ERRORS},
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
    satellite_for: Id | None = Field(
        None,
        description="a satellite: the id of the event of the same festival whose "
        "seats its results award (neverending: the next level)",
    )
    bounty_format: str | None = Field(
        None, max_length=12, description="BNT-POOL: none, knockout, progressive or mystery; none given: as it is"
    )
    bounty: Money | None = Field(None, description="the bounty part of an entry, minor units; none given: as it is")
    bounty_cash_percent: int | None = Field(
        None, ge=0, le=100, description="BNT-PKO: the share of a bounty won paid in cash, percent; none: as it is"
    )


class CreateIn(SettingsIn):
    festival_id: Id
    structure_id: Id | None = Field(None, description="the structure template the tournament gets a copy of")
    speed: str | None = Field(
        None, max_length=20, description="instead of a template: deepstack, standard, turbo or day2"
    )
    late_entry_until_level: int | None = Field(
        None, ge=1, le=MOST_LEVELS, description="late registration closes at the end of this play level (1, 2, …)"
    )


class CreatedOut(Answer):
    id: int
    name: str
    status: str
    setup_url: str = Field(..., description="the set-up page, where the director goes on")


@router.post(
    "/tournaments/",
    response={201: CreatedOut, **ERRORS},
    auth=django_auth,
    summary="Create a tournament in a festival from a preset and a structure template (the director)",
)
def create_tournament(request, body: CreateIn):
    check(request.user, Action.DIRECTOR_APPROVAL)
    settings = setup.Settings(**body.dict(exclude={"festival_id", "structure_id", "speed", "late_entry_until_level"}))
    tournament = setup.create_tournament(
        body.festival_id, settings, body.structure_id, request.user, body.late_entry_until_level, speed=body.speed
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
