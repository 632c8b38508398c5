"""The festival's public schedule in the API. Cached by proxies and browsers for a few seconds
(Cache-Control) and answered 304 to a reader that already has the same content (ETag and
If-None-Match), so thousands of phones re-reading it cost little."""

import json

from django.http import HttpResponse, HttpResponseNotModified
from django.utils.http import parse_etags
from django.utils.translation import gettext as _
from ninja import Router
from ninja.errors import HttpError

from tournaments.api import Error, Id, InvalidOut
from tournaments.models import Festival
from tournaments.schedule_queries import entity_tag, festival_schedule

router = Router(tags=["festival schedule"])

CACHE_CONTROL = "public, max-age=5"


@router.get("/festivals/{festival_id}/schedule/", response={200: dict, 304: None, 404: Error, 422: InvalidOut},
            summary="The festival's schedule: every event's start, price, flights, status, seats left, waiting list "
                    "and satellites (ETag; Cache-Control: public, max-age=5)")
def schedule(request, festival_id: Id):
    try:
        document = festival_schedule(festival_id)
    except Festival.DoesNotExist:
        raise HttpError(404, _("There is no festival with that id.")) from None
    tag = entity_tag(document)
    seen = parse_etags(request.headers.get("If-None-Match", ""))
    response = HttpResponseNotModified() if tag in seen or "*" in seen else HttpResponse(
        json.dumps(document), content_type="application/json")
    response["ETag"] = tag
    response["Cache-Control"] = CACHE_CONTROL
    return response
