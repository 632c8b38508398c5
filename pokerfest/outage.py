"""When PostgreSQL is away: answer at once with 503 and a sentence, never a 500 after a hang.

The pool (settings.DATABASES) gives up waiting for a connection after DB_WAIT_SECONDS; the
error reaches the API's exception handler (JSON) or Django's handler500 (a page). Either way the
transaction was rolled back, so the person is told the action was not recorded.
"""

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, HttpResponseServerError, JsonResponse
from django.template import loader
from django.utils.translation import gettext, gettext_noop

# Errors that mean "no working connection": the server is down, restarting or unreachable.
OUTAGE = (OperationalError, InterfaceError)
SENTENCE = gettext_noop("The database is unavailable; the action was not recorded, try again in a few seconds.")
RETRY_AFTER_SECONDS = "5"


def api_answer(request, exc) -> JsonResponse:
    response = JsonResponse({"detail": gettext(SENTENCE)}, status=503)
    response["Retry-After"] = RETRY_AFTER_SECONDS
    return response


def page_answer() -> HttpResponse:
    # A page of its own that needs neither the session nor the user: both live in the database.
    response = HttpResponse(
        loader.render_to_string("pokerfest/unavailable.html", {"sentence": gettext(SENTENCE)}), status=503
    )
    response["Retry-After"] = RETRY_AFTER_SECONDS
    return response


def server_error(request) -> HttpResponse:
    """handler500: Django calls it inside the `except` that caught the failure, so the error is
    in sys.exc_info(); a database outage becomes 503, anything else stays a plain 500."""
    failure = sys.exc_info()[1]
    if isinstance(failure, OUTAGE):
        if request.path.startswith("/api/"):
            return api_answer(request, failure)
        return page_answer()
    return HttpResponseServerError(loader.render_to_string("pokerfest/server_error.html"))
