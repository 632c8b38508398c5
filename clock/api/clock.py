"""The director's clock controls (CLK-CONTROL): each call is one service call."""

from datetime import datetime, timedelta

from ninja import Field, Router, Schema
from ninja.errors import HttpError
from ninja.security import django_auth

from clock.services import calls, day, suspensions
from clock.services import level_clock as services
from core.access import Action, tournament_for
from core.api import (
    ERRORS,
    MOST_ENTRIES,
    MOST_LEVELS,
    Answer,
    Chips,
    Id,
    Money,
    SeatNumber,
    Stacks,
    TableNumber,
    request_key,
)
from tournaments.rules import payouts

DAY_SECONDS = 24 * 60 * 60

router = Router(tags=["clock"], auth=django_auth)


class PauseIn(Schema):
    reason: str = Field("", max_length=200, description="Why the clock stops, for the log")


class AdjustIn(Schema):
    seconds: int = Field(
        ...,
        ge=-DAY_SECONDS,
        le=DAY_SECONDS,
        description="Positive adds time to the current level, negative removes it (a day at most)",
    )


class LevelIn(Schema):
    level_index: int = Field(..., ge=0, lt=MOST_LEVELS, description="Position in the structure, from 0 (breaks count)")


class LevelOut(Answer):
    small_blind: int
    big_blind: int
    ante: int
    is_break: bool
    name: str
    duration_s: int
    big_blind_ante: bool
    colour_up: str


class ClockOut(Answer):
    """The clock as every screen gets it (the clock's operations answer it too)."""

    status: str
    level_index: int
    level_number: int | None = Field(..., description="none: a break")
    level: LevelOut
    next_level: LevelOut | None
    ends_at: datetime | None = Field(..., description="a running level's end; none: paused or not started")
    remaining_ms: int
    version: int
    break_after_ms: int | None = Field(..., description="time to the next break; none: no break ahead")
    limit_at: datetime | None = Field(..., description="CLK-LIMIT: when play must end; none: no limit, or not started")
    resume_at: datetime | None = Field(..., description="a timed time-out's end")


class TableClockOut(Answer):
    """A countdown on one player at one table (clock.models.TableClock.document)."""

    kind: str = Field(..., description='"call" (CLK-CALL) or "action" (AC-TIMES)')
    seat: int
    started_at: str
    ends_at: str = Field(..., description="when the time runs out (before any extension chip)")
    countdown_seconds: int = Field(..., description="the last seconds counted aloud")
    extensions_used: int
    outcome: str | None = Field(..., description='"acted", "hand dead", "hand over"; none while it runs')


class CalledClockOut(TableClockOut):
    table: int


class ActionClockOut(CalledClockOut):
    seconds: int = Field(..., description="the player's time to act")
    extensions_left: int = Field(..., description="the player's time-extension chips (AC-EXT)")


class DayEndOut(Answer):
    day: int
    level_index: int
    level_number: int = Field(..., description="the level's number as the clock shows it (breaks take none)")


class LastHandsOut(Answer):
    day: int
    hands: int = Field(..., description="hands every table still plays today")
    clock: ClockOut = Field(..., description="the clock, stopped")
    playing: list[int] = Field(..., description="the open tables, each playing its last hands")


class BaggedOut(Answer):
    table: int
    seat: int


class ChipChopOut(Answer):
    shares: dict[str, int] = Field(..., description="entry number -> minor units proposed")


def _director(request, tournament_id: Id) -> int:
    tournament_for(request.user, tournament_id, Action.RUN_CLOCK)
    return tournament_id


@router.post("/tournaments/{tournament_id}/clock/start/", response={200: ClockOut, **ERRORS})
def start(request, tournament_id: Id):
    return services.start_clock(_director(request, tournament_id), request.user, request_key(request))


@router.post("/tournaments/{tournament_id}/clock/pause/", response={200: ClockOut, **ERRORS})
def pause(request, tournament_id: Id, body: PauseIn | None = None):
    reason = body.reason if body else ""
    return services.pause_clock(_director(request, tournament_id), request.user, reason, request_key(request))


@router.post(
    "/tournaments/{tournament_id}/clock/pause-everything/",
    response={200: ClockOut, **ERRORS},
    summary="Pause the level clock and every table's action clock at once (the tablets lost the network)",
)
def pause_everything(request, tournament_id: Id, body: PauseIn | None = None):
    reason = body.reason if body else ""
    return services.pause_everything(_director(request, tournament_id), request.user, reason, request_key(request))


@router.post("/tournaments/{tournament_id}/clock/resume/", response={200: ClockOut, **ERRORS})
def resume(request, tournament_id: Id):
    return services.resume_clock(_director(request, tournament_id), request.user, request_key(request))


@router.post("/tournaments/{tournament_id}/clock/adjust/", response={200: ClockOut, **ERRORS})
def adjust(request, tournament_id: Id, body: AdjustIn):
    return services.adjust_clock(_director(request, tournament_id), request.user, body.seconds, request_key(request))


@router.post("/tournaments/{tournament_id}/clock/level/", response={200: ClockOut, **ERRORS})
def go_to_level(request, tournament_id: Id, body: LevelIn):
    return services.go_to_level(_director(request, tournament_id), request.user, body.level_index, request_key(request))


@router.post(
    "/tournaments/{tournament_id}/tables/{table_number}/seats/{seat}/call-clock/",
    response={200: CalledClockOut, **ERRORS},
    summary="Call the clock on the player in this seat (CLK-CALL)",
)
def call_clock(request, tournament_id: Id, table_number: TableNumber, seat: SeatNumber):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return calls.call_the_clock(tournament_id, table_number, seat, request.user, request_key(request))


@router.post(
    "/tournaments/{tournament_id}/tables/{table_number}/clock/acted/",
    response={200: CalledClockOut, **ERRORS},
    summary="The player acted in time: the table's clock stops",
)
def acted(request, tournament_id: Id, table_number: TableNumber):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return calls.player_acted(tournament_id, table_number, request.user, request_key(request))


class ActionIn(Schema):
    voluntarily_in: bool = Field(False, description="chips in this hand by choice (blinds do not count)")


@router.post(
    "/tournaments/{tournament_id}/tables/{table_number}/seats/{seat}/action-clock/",
    response={200: ActionClockOut, **ERRORS},
    summary="Start the action clock for the player to act (AC-TIMES)",
)
def action_clock(request, tournament_id: Id, table_number: TableNumber, seat: SeatNumber, body: ActionIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return calls.start_action_clock(
        tournament_id, table_number, seat, body.voluntarily_in, request.user, request_key(request)
    )


class SuspensionIn(Schema):
    table: TableNumber | None = Field(None, description="one table; none: the whole tournament")
    reason: str = Field("", max_length=200, description="suspending: the extreme situation, for the log")


class SuspensionOut(Answer):
    table: int | None = Field(..., description="the table; null: the whole tournament")
    suspended: bool


@router.post(
    "/tournaments/{tournament_id}/action-clock/suspend/",
    response={200: SuspensionOut, **ERRORS},
    summary="Suspend the action clock in an extreme case, at a table or for the whole tournament (AC-SUSPEND)",
)
def suspend_action_clock(request, tournament_id: Id, body: SuspensionIn):
    return suspensions.suspend_action_clock(
        _director(request, tournament_id), body.table, body.reason, request.user, request_key(request)
    )


@router.post(
    "/tournaments/{tournament_id}/action-clock/resume/",
    response={200: SuspensionOut, **ERRORS},
    summary="Resume the suspended action clock, at a table or for the whole tournament (AC-SUSPEND)",
)
def resume_action_clock(request, tournament_id: Id, body: SuspensionIn):
    return suspensions.resume_action_clock(
        _director(request, tournament_id), body.table, request.user, request_key(request)
    )


class StructureIn(Schema):
    structure_id: Id


@router.post(
    "/tournaments/{tournament_id}/clock/structure/",
    response={200: ClockOut, **ERRORS},
    summary="Give the tournament a copy of a structure template, before the clock starts",
)
def set_structure(request, tournament_id: Id, body: StructureIn):
    return services.copy_structure(
        _director(request, tournament_id), body.structure_id, request.user, request_key(request)
    )


class DayEndIn(Schema):
    level_index: int = Field(..., ge=0, lt=MOST_LEVELS, description="the structure position of the day's last level")


@router.post(
    "/tournaments/{tournament_id}/day/end-level/",
    response={200: DayEndOut, **ERRORS},
    summary="Name the level the day's play ends with (CLK-EOD)",
)
def day_end_level(request, tournament_id: Id, body: DayEndIn):
    return day.set_day_end(_director(request, tournament_id), body.level_index, request.user, request_key(request))


class LastHandsIn(Schema):
    hands: int = Field(..., ge=1, le=day.MOST_HANDS, description="hands every table still plays today")


@router.post(
    "/tournaments/{tournament_id}/day/last-hands/",
    response={200: LastHandsOut, **ERRORS},
    summary="Stop the clock and announce the day's last hands (CLK-EOD)",
)
def last_hands(request, tournament_id: Id, body: LastHandsIn):
    return day.announce_last_hands(_director(request, tournament_id), body.hands, request.user, request_key(request))


class BagIn(Schema):
    chips: Chips = Field(..., description="the chips counted into the bag")


@router.post(
    "/tournaments/{tournament_id}/tables/{table_number}/seats/{seat}/bag/",
    response={200: BaggedOut, **ERRORS},
    summary="Bag a player's chips after the table's last hand of the day (CLK-EOD, AC-CARRY)",
)
def bag(request, tournament_id: Id, table_number: TableNumber, seat: SeatNumber, body: BagIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return day.bag_chips(tournament_id, table_number, seat, body.chips, request.user, request_key(request))


class ChopIn(Schema):
    stacks: Stacks
    prizes: list[Money] = Field(
        ..., min_length=1, max_length=MOST_ENTRIES, description="the unpaid prizes, in minor units"
    )


@router.post(
    "/tournaments/{tournament_id}/chip-chop/",
    response={200: ChipChopOut, **ERRORS},
    summary="A chip-chop proposal for the remaining prizes, split as the ruleset says (CLK-LIMIT): nothing is recorded",
)
def chip_chop(request, tournament_id: Id, body: ChopIn):
    tournament = tournament_for(request.user, tournament_id, Action.RUN_CLOCK)
    numbers = list(body.stacks)
    try:
        split = payouts.time_limit_chop(
            [body.stacks[number] for number in numbers], sum(body.prizes), tournament.rules().clock.time_limit_split
        )
    except ValueError as problem:
        raise HttpError(422, f"{str(problem).capitalize()}.") from None
    return {"shares": {str(number): amount for number, amount in zip(numbers, split)}}


@router.post(
    "/tournaments/{tournament_id}/clock/skip-break/",
    response={200: ClockOut, **ERRORS},
    summary="End the break now: the next level starts with its full time",
)
def skip_break(request, tournament_id: Id):
    return services.skip_break(_director(request, tournament_id), request.user, request_key(request))


class TimeOutIn(Schema):
    minutes: int = Field(
        ...,
        ge=1,
        le=services.MAX_TIME_OUT // timedelta(minutes=1),
        description="the clock resumes by itself after this many minutes",
    )
    reason: str = Field("", max_length=200)


@router.post(
    "/tournaments/{tournament_id}/clock/time-out/",
    response={200: ClockOut, **ERRORS},
    summary="A timed time-out: pause now, resume by itself",
)
def time_out(request, tournament_id: Id, body: TimeOutIn):
    return services.time_out(
        _director(request, tournament_id), request.user, body.minutes, body.reason, request_key(request)
    )
