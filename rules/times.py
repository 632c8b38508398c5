"""How moments travel to screens. Imports nothing from the project: models use it too."""

from datetime import datetime
from zoneinfo import ZoneInfo


def iso_time(moment: datetime | None) -> str | None:
    # Milliseconds are what JavaScript's Date parses everywhere.
    return None if moment is None else moment.isoformat(timespec="milliseconds")


def festival_time(moment: datetime | None, time_zone: str) -> datetime | None:
    """A start typed on a page is the festival's wall-clock time, wherever the browser is: a
    moment without an offset is read in the festival's time zone; one with an offset is kept."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=ZoneInfo(time_zone))
