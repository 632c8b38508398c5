"""The TV display's festival and sponsor images in the API: the list (public, for the TV) and
the director's upload and removal. An upload is JSON with the file in base64, so a retried
request (the same Idempotency-Key) is recognised by its whole body like every other action."""

import base64
import binascii

from django.utils.translation import gettext as _
from ninja import Field, Router, Schema
from ninja.decorators import decorate_view
from ninja.errors import HttpError
from ninja.security import django_auth

from core.access import Action, tournament_for
from core.api import ERRORS, Answer, Id, request_key
from core.http_cache import public_read
from rules.refusals import Refused
from tournaments.models import Festival
from tournaments.queries import tv as tv_queries
from tournaments.rules import tv as tv_images
from tournaments.services import tv

# One router: the public list and the director's upload share a path (two routers with one
# path would answer the second method 405). The staff operations name their auth.
router = Router(tags=["TV display"])

# base64 of the largest image, and a little room for line breaks: a bigger body is refused by its
# length (422) before anything is decoded.
LONGEST_BASE64 = (tv_images.LARGEST + 2) // 3 * 4 + 1024


class ImageIn(Schema):
    kind: str = Field(..., max_length=10, description="festival or sponsor")
    caption: str = Field("", max_length=200, description="shown under the image (at most 100 characters)")
    data: str = Field(
        ..., max_length=LONGEST_BASE64, description="the PNG, JPEG or WebP file in base64 (at most 1 MB decoded)"
    )


class ImageOut(Answer):
    id: int
    kind: str = Field(..., description="festival or sponsor")
    caption: str
    content_type: str
    size: int = Field(..., description="bytes")
    uploaded_at: str
    url: str = Field(..., description="the image itself")


class ImageAddedOut(Answer):
    image: int = Field(..., description="the new image's id")
    images: list[ImageOut] = Field(..., description="every image the TV shows now")


class ImagesOut(Answer):
    images: list[ImageOut] = Field(..., description="every image the TV shows now")


@router.get(
    "/tournaments/{tournament_id}/tv-images/",
    response={200: list[ImageOut], **ERRORS},
    summary="The festival's and sponsors' images the tournament's TV shows (each with its url)",
)
@decorate_view(public_read)
def list_images(request, tournament_id: Id):
    return tv_queries.images(tournament_for(request.user, tournament_id, Action.VIEW_LOBBY).festival_id)


@router.post(
    "/tournaments/{tournament_id}/tv-images/",
    response={200: ImageAddedOut, **ERRORS},
    auth=django_auth,
    summary="Upload a festival or sponsor image for the TV display (PNG, JPEG or WebP, at most 1 MB)",
)
def add_image(request, tournament_id: Id, body: ImageIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    try:
        data = base64.b64decode(body.data, validate=False)
    except (binascii.Error, ValueError):
        raise Refused(_("The file did not arrive whole (not base64): choose it again.")) from None
    return tv.add_image(tournament_id, data, body.kind, body.caption, request.user, request_key(request))


@router.post(
    "/tournaments/{tournament_id}/tv-images/{image_id}/remove/",
    response={200: ImagesOut, **ERRORS},
    auth=django_auth,
    summary="Take a festival or sponsor image off the TV display",
)
def remove_image(request, tournament_id: Id, image_id: Id):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return tv.remove_image(tournament_id, image_id, request.user, request_key(request))


class FestivalScreenTournamentOut(Answer):
    id: int
    name: str
    live_path: str = Field(..., description="the tournament's public socket, as its card listens to it")


class FestivalScreenOut(Answer):
    tournaments: list[FestivalScreenTournamentOut] = Field(
        ..., description="every tournament open for registration or running, by start time"
    )


@router.get(
    "/festivals/{festival_id}/tv/",
    response={200: FestivalScreenOut, **ERRORS},
    summary="The tournaments the festival's TV shows now: a TV left on picks up one that opens later",
)
@decorate_view(public_read)
def festival_screen(request, festival_id: Id):
    try:
        _festival, shown = tv_queries.festival_screen(festival_id)
    except Festival.DoesNotExist:
        raise HttpError(404, _("There is no festival with that id.")) from None
    return {"tournaments": [{"id": t.id, "name": t.name, "live_path": f"/ws/tournaments/{t.id}/lobby/"} for t in shown]}
