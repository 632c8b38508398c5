"""The floor's undo (issue 14): the last tap at a table may be taken back within a minute of
it, by the floor; after that, or once something else happened at the table, it is a matter
for the director. Pure: the moments are parameters (DESIGN.md, "Time")."""

from datetime import datetime, timedelta

UNDO_WINDOW = timedelta(seconds=60)

# The payload keys by which an event names a table (core/kinds.py's seat-changing kinds).
TABLE_KEYS = ("table", "from_table", "to_table", "table_a", "table_b")


def within_undo_window(done_at: datetime, now: datetime) -> bool:
    """A tap done at `done_at` may still be undone at `now`: a minute, to the second."""
    return now - done_at <= UNDO_WINDOW


def seconds_ago(done_at: datetime, now: datetime) -> int:
    """Whole seconds since the tap, for the refusal's sentence (never negative)."""
    return max(0, int((now - done_at).total_seconds()))
