"""The director's record in the API: announcements to every screen (TD-ANNOUNCE)."""

from ninja import Field, Router, Schema
from ninja.security import django_auth

from core.access import Action, tournament_for
from tournaments import announcements
from tournaments.api import ERRORS, request_key
from tournaments.services import record

router = Router(tags=["the director's record"], auth=django_auth)


class AnnouncementIn(Schema):
    text: str = Field(..., max_length=2000, description="what every screen shows (at most 500 characters once "
                                                        "spaces are tidied)")
    template: str = Field("", max_length=30, description="the template it started from: "
                                                          + ", ".join(announcements.BY_KEY))
    minutes: int | None = Field(None, ge=1, le=announcements.LONGEST_MINUTES,
                                description="how long it stays up; none: until dismissed")


@router.get("/announcement-templates/", response={200: list[dict], **ERRORS},
            summary="The director's announcement templates: key, label, starting text, minutes up")
def announcement_templates(request):
    return [{"key": t.key, "label": t.label, "text": t.text, "minutes": t.minutes} for t in announcements.TEMPLATES]


@router.post("/tournaments/{tournament_id}/announcements/", response={200: dict, **ERRORS},
             summary="Tell every screen of the tournament something, until dismissed or expired (TD-ANNOUNCE)")
def announce(request, tournament_id: int, body: AnnouncementIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return record.announce(tournament_id, body.text, request.user, body.template, body.minutes, request_key(request))


@router.post("/tournaments/{tournament_id}/announcements/{announcement_id}/dismiss/",
             response={200: dict, **ERRORS}, summary="Take an announcement down from every screen")
def dismiss_announcement(request, tournament_id: int, announcement_id: int):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return record.dismiss_announcement(tournament_id, announcement_id, request.user, request_key(request))
