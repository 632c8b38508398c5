"""A 503's sentence says what happened: PostgreSQL away, or every pooled connection in use
(the festival day's bench met the second and read "the database is unavailable")."""

import json

from django.db import OperationalError
from django.test import RequestFactory
from psycopg_pool import PoolTimeout

from pokerfest import outage


def failure(cause: Exception) -> OperationalError:
    try:
        raise OperationalError(str(cause)) from cause  # how Django's wrapper hands psycopg's errors on
    except OperationalError as wrapped:
        return wrapped


def test_a_pool_that_stayed_busy_says_busy_and_a_lost_server_says_unavailable():
    request = RequestFactory().get("/api/tournaments/1/")
    busy = outage.api_answer(request, failure(PoolTimeout("couldn't get a connection after 4.00 sec")))
    away = outage.api_answer(request, failure(ConnectionRefusedError("connection refused")))
    assert (busy.status_code, busy["Retry-After"]) == (503, outage.RETRY_AFTER_SECONDS)
    assert json.loads(busy.content)["detail"].startswith("The server is busy; the action was not recorded")
    assert json.loads(away.content)["detail"].startswith("The database is unavailable")
    assert b"The server is busy" in outage.page_answer(failure(PoolTimeout("timeout"))).content
