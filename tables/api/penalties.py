"""Penalties in the API (PEN-LADDER, PEN-FINE, PEN-CARRY): the step proposed for a seat and an
infraction, a penalty given to a seat, lifted early by the director, the penalties being
served and a player's record."""

from ninja import Field, Router, Schema
from ninja.security import django_auth

from core.access import Action, tournament_for
from core.api import ERRORS, Answer, Chips, Id, SeatNumber, TableNumber, request_key
from rules.refusals import Refused
from tables.api.answers import PenaltyOut, PlayerRef
from tables.queries import penalties as penalty_queries
from tables.queries.tables import open_table, sitting_at
from tables.services import penalties
from tournaments.services.penalties import give_penalty

router = Router(tags=["penalties"], auth=django_auth)


class ProposalOut(Answer):
    """PEN-LADDER: the house's steps for an infraction and the one proposed from the record."""

    entry: int
    name: str
    infraction: str
    infractions: list[str] = Field(..., description="the house's infractions")
    given_before: int = Field(..., description="penalties for this infraction the player has had here")
    ladder: list[str] = Field(..., description="the house's steps, in order")
    proposed: str | None = Field(..., description="the next step; none: the house has no ladder for it")


class LiftedOut(Answer):
    penalty: int = Field(..., description="the penalty's id")
    entry: int
    status: str
    reason: str
    hands_left: int = Field(..., description="what was left when lifted (kept in the record)")
    seconds_left: int
    player: PlayerRef


class PenaltyIn(Schema):
    infraction: str = Field("any", max_length=100, description='one of the house\'s infractions, or "any"')
    step: str | None = Field(
        None,
        max_length=100,
        description='e.g. "1 orbit", "big blind + 5 minutes"; none: the step proposed from the player\'s record',
    )
    chips: Chips | None = Field(
        None, description="a disqualification or ban: the player's stack, counted; it leaves play"
    )
    reason: str = Field("", max_length=200, description="a disqualification or ban: what happened, for the record")
    given_before: int | None = Field(
        None,
        ge=0,
        le=100_000,
        description="the proposal's given_before the tablet saw: a penalty for this infraction given since "
        "(another tablet's tap) refuses this one with who gave it and when",
    )


class LiftIn(Schema):
    reason: str = Field(..., max_length=1000, description="why the penalty ends early (for the record)")


@router.get(
    "/tournaments/{tournament_id}/tables/{table_number}/seats/{seat}/penalty/",
    response={200: ProposalOut, **ERRORS},
    summary="The house's steps for an infraction and the one proposed from the seated player's record",
)
def penalty_proposal(request, tournament_id: Id, table_number: TableNumber, seat: SeatNumber, infraction: str = "any"):
    tournament = tournament_for(request.user, tournament_id, Action.FLOOR)
    entry = sitting_at(open_table(tournament, table_number), seat).entry
    try:
        return penalty_queries.proposal(entry, tournament.rules().penalties.ladders, infraction[:100])
    except ValueError as problem:
        raise Refused(str(problem)) from None


@router.post(
    "/tournaments/{tournament_id}/tables/{table_number}/seats/{seat}/penalty/",
    response={200: PenaltyOut, **ERRORS},
    summary="Give the seated player a penalty: the step named, or the one proposed (PEN-LADDER, PEN-FINE)",
)
def give(request, tournament_id: Id, table_number: TableNumber, seat: SeatNumber, body: PenaltyIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return give_penalty(
        tournament_id,
        table_number,
        seat,
        body.infraction,
        request.user,
        body.step,
        request_key(request),
        stack=body.chips,
        reason=body.reason,
        given_before=body.given_before,
    )


@router.post(
    "/tournaments/{tournament_id}/penalties/{penalty_id}/lift/",
    response={200: LiftedOut, **ERRORS},
    summary="The director ends a penalty early, with a reason",
)
def lift(request, tournament_id: Id, penalty_id: Id, body: LiftIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return penalties.lift_penalty(tournament_id, penalty_id, body.reason, request.user, request_key(request))


@router.get(
    "/tournaments/{tournament_id}/penalties/",
    response={200: list[PenaltyOut], **ERRORS},
    summary="The penalties being served: who, where the player sits now, what is left, given by whom",
)
def active(request, tournament_id: Id):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return penalty_queries.active_penalties(tournament_id)


@router.get(
    "/tournaments/{tournament_id}/penalties/record/",
    response={200: list[PenaltyOut], **ERRORS},
    summary="Every penalty given, newest first; ?player= an entry number or a name narrows them",
)
def record(request, tournament_id: Id, player: str = ""):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return penalty_queries.penalty_record(tournament_id, player[:100])
