"""The festival's public schedule in the API. Cached by proxies and browsers for a few seconds
and answered 304 to a reader that already has the same content (core.http_cache), so
thousands of phones re-reading it cost little."""

from django.utils.translation import gettext as _
from ninja import Field, Router
from ninja.decorators import decorate_view
from ninja.errors import HttpError

from core.api import Answer, Error, Id, InvalidOut
from core.http_cache import public_read
from tournaments.api.tournaments import TargetOut
from tournaments.models import Festival
from tournaments.queries.schedule import festival_schedule

router = Router(tags=["festival schedule"])


class ScheduleFestivalOut(Answer):
    id: int
    name: str
    venue: str
    time_zone: str
    currency: str


class FeederOut(Answer):
    """A satellite feeding the event or one of its flights."""

    id: int
    name: str
    url: str
    starts_at: str | None
    status: str
    price: int


class ScheduledEventOut(Answer):
    id: int
    name: str
    url: str = Field(..., description="the event's lobby")
    starts_at: str | None = Field(..., description="in the festival's time zone, with its offset")
    status: str
    buy_in: int = Field(..., description="minor units")
    fee: int = Field(..., description="minor units")
    price: int = Field(..., description="buy-in plus fee, minor units")
    max_entries: int | None = Field(..., description="none: no cap")
    seats_sold: int = Field(..., description="a main event without a cap: its flights' too")
    seats_held: int = Field(..., description="held by online pre-registrations")
    seats_left: int | None = Field(..., description="for sale, less those held; none: no cap")
    waiting: int = Field(..., description="on the waiting list, at the desk and online")
    satellite_for: TargetOut | None = Field(..., description="a satellite: the event its seats are in")
    flights: list["ScheduledEventOut"] = Field(..., description="a main event's flights, by start")
    satellites: list[FeederOut]


class ScheduleOut(Answer):
    festival: ScheduleFestivalOut
    events: list[ScheduledEventOut] = Field(
        ..., description="by start, those with none last; flights under their event"
    )


@router.get(
    "/festivals/{festival_id}/schedule/",
    response={200: ScheduleOut, 404: Error, 422: InvalidOut},
    summary="The festival's schedule: every event's start, price, flights, status, seats left, waiting list "
    "and satellites (ETag; Cache-Control: public, max-age=5)",
)
@decorate_view(public_read)
def schedule(request, festival_id: Id):
    try:
        return festival_schedule(festival_id)
    except Festival.DoesNotExist:
        raise HttpError(404, _("There is no festival with that id.")) from None
