"""The festival's public schedule in the API. Cached by proxies and browsers for a few seconds
and answered 304 to a reader that already has the same content (core.http_cache), so
thousands of phones re-reading it cost little."""

from django.utils.translation import gettext as _
from ninja import Router
from ninja.decorators import decorate_view
from ninja.errors import HttpError

from core.api import Error, Id, InvalidOut
from core.http_cache import public_read
from tournaments.models import Festival
from tournaments.queries.schedule import festival_schedule

router = Router(tags=["festival schedule"])


@router.get(
    "/festivals/{festival_id}/schedule/",
    response={200: dict, 404: Error, 422: InvalidOut},
    summary="The festival's schedule: every event's start, price, flights, status, seats left, waiting list "
    "and satellites (ETag; Cache-Control: public, max-age=5)",
)
@decorate_view(public_read)
def schedule(request, festival_id: Id):
    try:
        return festival_schedule(festival_id)
    except Festival.DoesNotExist:
        raise HttpError(404, _("There is no festival with that id.")) from None
