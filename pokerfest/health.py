"""GET /health/: is this installation able to run a tournament? For the launcher, compose and
monitoring. Checks PostgreSQL, Redis, and that a worker ran beat's last heartbeat recently (so
both beat and a worker live). 200 with every check "ok", else 503 naming what is wrong.

`clock` reports this node's clock against the database's, which every node reads for the time
(core/time_source.py): more than a second off is said, with the skew in `clock_skew_seconds`,
but does not make the node unhealthy (what screens show does not depend on it)."""

import time

import redis
from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.utils.translation import gettext as _

from core import time_source
from tournaments.tasks import HEARTBEAT_KEY


def _postgresql() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return "ok"
    except Exception as problem:  # any failure is the answer, not a 500
        return f"PostgreSQL does not answer: {problem.__class__.__name__}"


def health(request):
    checks = {"postgresql": _postgresql()}
    try:
        client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2)
        beat = client.get(HEARTBEAT_KEY)
        checks["redis"] = "ok"
    except redis.RedisError as problem:
        beat = None
        checks["redis"] = f"Redis does not answer: {problem.__class__.__name__}"
    age = time.time() - float(beat) if beat else None
    limit = 3 * settings.HEARTBEAT_SECONDS + 5
    checks["worker_and_beat"] = (
        "ok"
        if age is not None and age <= limit
        else (
            "no heartbeat yet: start the Celery worker and beat"
            if age is None
            else f"the last heartbeat ran {int(age)} s ago: is the worker or beat down?"
        )
    )
    healthy = all(value == "ok" for value in checks.values())
    return JsonResponse({"healthy": healthy, **checks, **_clock()}, status=200 if healthy else 503)


def _clock() -> dict:
    try:
        skew = time_source.skew()
    except Exception as problem:  # the database's own check says why
        return {"clock": f"not compared: {problem.__class__.__name__}", "clock_skew_seconds": None}
    seconds = round(skew.total_seconds(), 3)
    if abs(skew) <= time_source.SKEW_LIMIT:
        return {"clock": "ok", "clock_skew_seconds": seconds}
    return {
        "clock": _("this node's clock is %(seconds)+.1f s off the database's: set it right (NTP)")
        % {"seconds": seconds},
        "clock_skew_seconds": seconds,
    }
