"""How moments travel to screens. Imports only the refusals from the project: models use it too."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from rules.refusals import Invalid
from rules.refusals import gettext as _

# PostgreSQL keeps a moment's UTC offset only up to 15:59:59 either way.
LARGEST_OFFSET = timedelta(hours=16)


def iso_time(moment: datetime | None) -> str | None:
    # Milliseconds are what JavaScript's Date parses everywhere.
    return None if moment is None else moment.isoformat(timespec="milliseconds")


def festival_time(moment: datetime | None, time_zone: str) -> datetime | None:
    """A start typed on a page is the festival's wall-clock time, wherever the browser is: a
    moment without an offset is read in the festival's time zone; one with an offset is kept."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=ZoneInfo(time_zone))
    return storable(moment, time_zone)


def storable(moment: datetime, time_zone: str) -> datetime:
    """A start the database can keep and the pages can show, or a sentence: an offset PostgreSQL
    takes (at most 15:59 hours) and a moment within the years 1 to 9999, in UTC and in the
    festival's time zone."""
    offset = moment.utcoffset()
    if offset is not None and abs(offset) >= LARGEST_OFFSET:
        raise Invalid(
            _("A start time's offset from UTC is at most 15:59 hours either way, not %(offset)s.")
            % {"offset": moment.strftime("%z")[:3] + ":" + moment.strftime("%z")[3:5]}
        )
    try:
        moment.astimezone(UTC)
        moment.astimezone(ZoneInfo(time_zone))
    except OverflowError:
        raise Invalid(
            _("A start time must fall between the years 1 and 9999: %(moment)s does not.")
            % {"moment": moment.isoformat()}
        ) from None
    return moment
