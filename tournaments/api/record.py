"""The director's record in the API: announcements to every screen (TD-ANNOUNCE) and the floor's
rulings (TD-RULING)."""

from ninja import Field, Router, Schema
from ninja.security import django_auth

from core.access import Action, tournament_for
from core.api import ERRORS, EntryNumber, Id, TableNumber, request_key
from tournaments.queries import record as record_queries
from tournaments.rules import announcements
from tournaments.services import record, rulings

router = Router(tags=["the director's record"], auth=django_auth)


class AnnouncementIn(Schema):
    text: str = Field(
        ..., max_length=2000, description="what every screen shows (at most 500 characters once spaces are tidied)"
    )
    template: str = Field(
        "", max_length=30, description="the template it started from: " + ", ".join(announcements.BY_KEY)
    )
    minutes: int | None = Field(
        None, ge=1, le=announcements.LONGEST_MINUTES, description="how long it stays up; none: until dismissed"
    )


@router.get(
    "/announcement-templates/",
    response={200: list[dict], **ERRORS},
    summary="The director's announcement templates: key, label, starting text, minutes up",
)
def announcement_templates(request):
    return [{"key": t.key, "label": t.label, "text": t.text, "minutes": t.minutes} for t in announcements.translated()]


@router.post(
    "/tournaments/{tournament_id}/announcements/",
    response={200: dict, **ERRORS},
    summary="Tell every screen of the tournament something, until dismissed or expired (TD-ANNOUNCE)",
)
def announce(request, tournament_id: Id, body: AnnouncementIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return record.announce(tournament_id, body.text, request.user, body.template, body.minutes, request_key(request))


@router.post(
    "/tournaments/{tournament_id}/announcements/{announcement_id}/dismiss/",
    response={200: dict, **ERRORS},
    summary="Take an announcement down from every screen",
)
def dismiss_announcement(request, tournament_id: Id, announcement_id: Id):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return record.dismiss_announcement(tournament_id, announcement_id, request.user, request_key(request))


class RulingIn(Schema):
    table: TableNumber = Field(..., description="the table number")
    called_by: str = Field(..., max_length=200, description="who called the floor: the dealer, seat 4, …")
    players: list[EntryNumber] = Field([], max_length=12, description="the entry numbers of the players involved")
    decision: str = Field(..., max_length=2000)
    rule_cited: str = Field("", max_length=400, description="the rule, e.g. PEN-LADDER or the house rule's words")
    director_consulted: bool = False


class DisputeIn(Schema):
    dispute: str = Field(..., max_length=1000, description="who disputes it and why")


class OverturnIn(Schema):
    reason: str = Field(..., max_length=1000)


@router.get(
    "/tournaments/{tournament_id}/rulings/",
    response={200: list[dict], **ERRORS},
    summary="The rulings made, newest first; ?player= an entry number or a name narrows them (TD-RULING)",
)
def ruling_list(request, tournament_id: Id, player: str = ""):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return record_queries.rulings(tournament_id, player[:100])


@router.post(
    "/tournaments/{tournament_id}/rulings/",
    response={200: dict, **ERRORS},
    summary="Record a floor ruling at a table's current hand (TD-RULING)",
)
def record_ruling(request, tournament_id: Id, body: RulingIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return rulings.record_ruling(
        tournament_id,
        body.table,
        body.called_by,
        body.players,
        body.decision,
        body.rule_cited,
        body.director_consulted,
        request.user,
        request_key(request),
    )


@router.post(
    "/tournaments/{tournament_id}/rulings/{ruling_id}/dispute/",
    response={200: dict, **ERRORS},
    summary="Record a dispute of a ruling, before the table's next hand starts",
)
def dispute_ruling(request, tournament_id: Id, ruling_id: Id, body: DisputeIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return rulings.dispute_ruling(tournament_id, ruling_id, body.dispute, request.user, request_key(request))


@router.post(
    "/tournaments/{tournament_id}/rulings/{ruling_id}/overturn/",
    response={200: dict, **ERRORS},
    summary="The director overturns a ruling, with a reason",
)
def overturn_ruling(request, tournament_id: Id, ruling_id: Id, body: OverturnIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return rulings.overturn_ruling(tournament_id, ruling_id, body.reason, request.user, request_key(request))
