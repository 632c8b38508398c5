"""The director's record in the API: announcements to every screen (TD-ANNOUNCE) and the floor's
rulings (TD-RULING)."""

from typing import Annotated

from ninja import Field, Router, Schema
from ninja.security import django_auth

from core.access import Action, tournament_for
from core.api import ERRORS, Answer, EntryNumber, Id, TableNumber, request_key
from tournaments.api.tournaments import AnnouncementOut, EntryNameOut
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


class TemplateOut(Answer):
    key: str
    label: str
    text: str = Field(..., description="the starting text, with blanks to fill in")
    minutes: int | None = Field(..., description="how long it stays up; none: until dismissed")


@router.get(
    "/announcement-templates/",
    response={200: list[TemplateOut], **ERRORS},
    summary="The director's announcement templates: key, label, starting text, minutes up",
)
def announcement_templates(request):
    return [{"key": t.key, "label": t.label, "text": t.text, "minutes": t.minutes} for t in announcements.translated()]


class AnnouncedOut(Answer):
    announcement: int = Field(None, description="the new announcement's id (absent when a retried request is answered)")
    announcements: list[AnnouncementOut] = Field(..., description="every announcement up now, newest first")


class AnnouncementsOut(Answer):
    announcements: list[AnnouncementOut] = Field(..., description="every announcement up now, newest first")


@router.post(
    "/tournaments/{tournament_id}/announcements/",
    response={200: AnnouncedOut, **ERRORS},
    exclude_unset=True,
    summary="Tell every screen of the tournament something, until dismissed or expired (TD-ANNOUNCE)",
)
def announce(request, tournament_id: Id, body: AnnouncementIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return record.announce(tournament_id, body.text, request.user, body.template, body.minutes, request_key(request))


@router.post(
    "/tournaments/{tournament_id}/announcements/{announcement_id}/dismiss/",
    response={200: AnnouncementsOut, **ERRORS},
    summary="Take an announcement down from every screen",
)
def dismiss_announcement(request, tournament_id: Id, announcement_id: Id):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return record.dismiss_announcement(tournament_id, announcement_id, request.user, request_key(request))


class LogPlayerOut(Answer):
    name: str


class LogSubjectOut(Answer):
    entry: int | None = None
    player: LogPlayerOut | None = None
    name: str | None = Field(None, description="a name the event gives beside an entry")
    table: int | None = None
    seat: int | None = None
    from_table: int | None = None
    to_table: int | None = None


class LogLineOut(Answer):
    seq: int
    at: str
    kind: str = Field(..., description="the event's kind (GET /api/event-kinds/ gives its words)")
    actor: str | None = Field(..., description="who did it (a username); none: the system")
    data: LogSubjectOut = Field(..., description="only what names the line's subject")


# As many lines as a staff screen's log keeps (static/event_log.js).
LOG_LINES = 50


@router.get(
    "/tournaments/{tournament_id}/log/",
    response={200: list[LogLineOut], **ERRORS},
    summary="The log's latest lines after ?after= (a seq), newest first, at most 50: what a staff log missed",
)
def log_lines(request, tournament_id: Id, after: Annotated[int, Field(ge=0, le=2**63 - 1)] = 0):
    tournament_for(request.user, tournament_id, Action.STAFF_FEED)
    return record_queries.latest_log(tournament_id, LOG_LINES, after)


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


class RulingOut(Answer):
    """TD-RULING: a floor ruling at a table's hand, with its dispute and review."""

    id: int
    table: int
    hand: int
    called_by: str
    players: list[EntryNameOut] = Field(..., description="the players involved")
    decision: str
    rule_cited: str
    director_consulted: bool
    made_at: str
    made_by: str | None = Field(..., description="the floor person's username")
    dispute: str | None
    disputed_at: str | None
    open_to_dispute: bool = Field(..., description="until the table's next hand starts")
    overturned_at: str | None
    overturn_reason: str | None


@router.get(
    "/tournaments/{tournament_id}/rulings/",
    response={200: list[RulingOut], **ERRORS},
    summary="The rulings made, newest first; ?player= an entry number or a name narrows them (TD-RULING)",
)
def ruling_list(request, tournament_id: Id, player: str = ""):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return record_queries.rulings(tournament_id, player[:100])


@router.post(
    "/tournaments/{tournament_id}/rulings/",
    response={200: RulingOut, **ERRORS},
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
    response={200: RulingOut, **ERRORS},
    summary="Record a dispute of a ruling, before the table's next hand starts",
)
def dispute_ruling(request, tournament_id: Id, ruling_id: Id, body: DisputeIn):
    tournament_for(request.user, tournament_id, Action.FLOOR)
    return rulings.dispute_ruling(tournament_id, ruling_id, body.dispute, request.user, request_key(request))


@router.post(
    "/tournaments/{tournament_id}/rulings/{ruling_id}/overturn/",
    response={200: RulingOut, **ERRORS},
    summary="The director overturns a ruling, with a reason",
)
def overturn_ruling(request, tournament_id: Id, ruling_id: Id, body: OverturnIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return rulings.overturn_ruling(tournament_id, ruling_id, body.reason, request.user, request_key(request))
