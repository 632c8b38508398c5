"""The TV display: one tournament's big clock for the venue's screens, the festival's screen of
every running tournament's clock, and the festival's and sponsors' images they show. Public and
read-only, like the lobby; the live client (static/live.js) does the rest."""

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.http import http_date
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from core.access import Action, tournament_for
from tournaments.models import Festival, Tournament
from tournaments.queries import tv as tv_queries

PANELS = ("payouts", "seating", "leaders", "results", "bounties", "announcements")  # bounties: knockout events only


def tv(request, tournament_id: int):
    """`?panel=NAME` holds one panel (a screen that shows only the payouts, say); otherwise they
    rotate."""
    try:
        tournament = tournament_for(request.user, tournament_id, Action.VIEW_LOBBY)
    except Tournament.DoesNotExist:
        raise Http404(_("There is no tournament with that id.")) from None
    panel = request.GET.get("panel", "")
    return render(
        request,
        "pokerfest/tv.html",
        {"tournament": tournament, "panels": PANELS, "held": panel if panel in PANELS else ""},
    )


def festival_tv(request, festival_id: int):
    try:
        festival, tournaments = tv_queries.festival_screen(festival_id)
    except Festival.DoesNotExist:
        raise Http404(_("There is no festival with that id.")) from None
    return render(
        request,
        "pokerfest/festival_tv.html",
        {"festival": festival, "tournaments": tournaments[:8], "more": max(0, len(tournaments) - 8)},
    )


@require_safe
def tv_image(request, image_id: int):
    """The image's bytes with its own type; an image never changes (a new one is a new id), so
    the TVs keep it for a day."""
    found = tv_queries.image_bytes(image_id)
    if found is None:
        raise Http404(_("There is no such image."))
    data, content_type, uploaded_at = found
    response = HttpResponse(data, content_type=content_type)
    response["Cache-Control"] = "public, max-age=86400, immutable"
    response["Last-Modified"] = http_date(uploaded_at.timestamp())
    response["X-Content-Type-Options"] = "nosniff"
    return response
