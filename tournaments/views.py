"""Server-rendered pages, one per kind of screen. Thin: check access, render; the live client
(static/live.js) does the rest over the socket and the API."""

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie

from clock.models import Level
from pokerfest.access import Action, can, tournament_for
from tournaments.models import Tournament


def home(request):
    tournaments = Tournament.objects.select_related("festival").order_by("id")
    return render(
        request,
        "pokerfest/home.html",
        {
            "tournaments": tournaments,
            "may_floor": can(request.user, Action.FLOOR),
            "may_desk": can(request.user, Action.DESK),
            "may_direct": can(request.user, Action.RUN_CLOCK),
        },
    )


def _screen(request, tournament_id: int, action: Action, template: str, **context):
    try:
        tournament = tournament_for(request.user, tournament_id, action)
    except Tournament.DoesNotExist:
        raise Http404("There is no tournament with that id.") from None
    except PermissionDenied as refusal:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return render(request, "pokerfest/forbidden.html", {"message": str(refusal)}, status=403)
    return render(request, template, {"tournament": tournament, **context})


def lobby(request, tournament_id: int):
    return _screen(request, tournament_id, Action.VIEW_LOBBY, "pokerfest/lobby.html")


def floor(request, tournament_id: int):
    return _screen(request, tournament_id, Action.FLOOR, "pokerfest/floor.html")


def desk(request, tournament_id: int):
    return _screen(request, tournament_id, Action.DESK, "pokerfest/desk.html")


@ensure_csrf_cookie  # the controls post to the API with the CSRF token from this cookie
def director(request, tournament_id: int):
    # Lazy: evaluated while rendering, after the access check.
    levels = Level.objects.filter(structure__clocks__tournament_id=tournament_id).order_by("position")
    return _screen(request, tournament_id, Action.RUN_CLOCK, "pokerfest/director.html", levels=levels)
