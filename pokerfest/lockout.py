"""What a locked-out sign-in sees (django-axes calls `locked_out`, settings.AXES_LOCKOUT_CALLABLE):
the sign-in page again with a sentence saying why and for how long, as a 429; JSON for the API.
And django-axes' middleware, declared to run in the request's thread (`LockoutToSignIn`)."""

import math

from axes.helpers import get_client_username, get_cool_off
from axes.middleware import AxesMiddleware
from axes.models import AccessAttempt
from django.contrib.auth.forms import AuthenticationForm
from django.db.models import Max, Q
from django.http import JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import ngettext

STATUS = 429  # Too Many Requests


def minutes_left(request, username: str | None) -> int:
    """Minutes until the newest failure counted against this username or address ages out."""
    about = Q(ip_address=getattr(request, "axes_ip_address", None))
    if username:
        about |= Q(username=username)
    last = AccessAttempt.objects.filter(about).aggregate(last=Max("attempt_time"))["last"] or timezone.now()
    return max(1, math.ceil((last + get_cool_off(request) - timezone.now()).total_seconds() / 60))


def message(minutes: int) -> str:
    return ngettext(
        "Too many failed sign-ins for this user or from this address: try again in %(minutes)s "
        "minute, or ask a director to unlock it.",
        "Too many failed sign-ins for this user or from this address: try again in %(minutes)s "
        "minutes, or ask a director to unlock it.",
        minutes,
    ) % {"minutes": minutes}


def locked_out(request, original_response=None, credentials=None):
    # axes 8.3.1 passes the credentials second when its middleware runs async, third when sync;
    # without them the username comes from the form post, which is where it came from anyway.
    username = get_client_username(request, credentials if isinstance(credentials, dict) else None)
    sentence = message(minutes_left(request, username))
    if request.path.startswith("/api/") or "application/json" in request.headers.get("Accept", ""):
        return JsonResponse({"detail": sentence}, status=STATUS)
    form = AuthenticationForm(request, initial={"username": username or ""})
    context = {"form": form, "lockout": sentence, "next": request.POST.get("next") or request.GET.get("next", "")}
    return render(request, "registration/login.html", context, status=STATUS)


class LockoutToSignIn(AxesMiddleware):
    """django-axes' middleware, sync only (`async_capable`, a documented middleware flag).

    Django runs each middleware in the mode it declares. Under ASGI, with axes innermost and able
    to run async, every middleware out to the first sync-only one (FestivalLocale) ran async, and
    each of Django's own hopped to a thread and back for its request and response hooks: about a
    dozen switches between the event loop and a thread per request, each of them CPU (Django's
    docs: about a millisecond each). Sync only, the whole chain runs in the request's thread,
    entered once; the views are sync anyway. A pre-registration's CPU in the web process fell
    from 22.7 to 12.2 ms (docs/benchmarks.md).
    """

    async_capable = False
