"""How moments travel to screens. Imports nothing from the project: models use it too."""

from datetime import datetime


def iso_time(moment: datetime | None) -> str | None:
    # Milliseconds are what JavaScript's Date parses everywhere.
    return None if moment is None else moment.isoformat(timespec="milliseconds")
