"""One clock for every node: the database server's.

Level ends, action clocks, penalty minutes, the log's times and the `server_time` every screen
sets its countdown by all read `now()` here: PostgreSQL's `clock_timestamp()`, one SELECT on the
connection the operation already holds. Every node shares the one database, so a node whose own
clock is a few seconds off computes the same level end and shows the same time left as the others
(tests/integration/test_time_source.py runs one node under faketime). GET /health/ reports a
node whose own clock is more than a second off the database's (`skew`), for its operator to fix
(NTP): Celery's ETAs and the logs' times are still the node's.
"""

import time
from datetime import UTC, datetime, timedelta

from django.db import DatabaseError, connection
from django.utils import timezone

SKEW_LIMIT = timedelta(seconds=1)


def now() -> datetime:
    """The database server's current time, an aware UTC datetime."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT clock_timestamp()")
        return cursor.fetchone()[0].astimezone(UTC)


def now_or_local() -> datetime:
    """now(), or this node's own clock when the database cannot answer (a broadcast after commit
    must not be lost for the time it carries)."""
    try:
        return now()
    except DatabaseError:
        return timezone.now()


def skew() -> timedelta:
    """This node's clock minus the database's, measured at the middle of the round trip."""
    before = time.time()
    database = now()
    after = time.time()
    return datetime.fromtimestamp((before + after) / 2, database.tzinfo) - database
