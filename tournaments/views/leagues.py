"""The league pages (PAY-POINTS): the public leaderboard, its CSV and each player's history,
and the director's set-up page (a plain form: name, formula, tournaments; no admin needed)."""

import csv

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from core.access import Action, can
from rules.refusals import Refused
from tournaments.models import League, Tournament
from tournaments.queries import leagues as queries
from tournaments.rules.league import NAMED
from tournaments.services import leagues


def leaderboard(request, league_id: int):
    league = get_object_or_404(League, pk=league_id)
    return render(
        request,
        "pokerfest/league.html",
        {"board": queries.leaderboard(league), "may_edit": can(request.user, Action.DIRECTOR_APPROVAL)},
    )


def leaderboard_csv(request, league_id: int):
    """The leaderboard as the page shows it (public names): rank, player, points, events, best."""
    board = queries.leaderboard(get_object_or_404(League, pk=league_id))
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="league-{league_id}.csv"'
    writer = csv.writer(response)
    writer.writerow(["rank", "player", "name", "points", "events", "best_place", "knockouts"])
    for row in board["rows"]:
        writer.writerow(
            [row["rank"], row["player"], row["name"], row["points"], row["events"], row["best"], row["knockouts"]]
        )
    return response


def player(request, league_id: int, player_id: int):
    found = queries.player_history(get_object_or_404(League, pk=league_id), player_id)
    if found is None:
        raise Http404(_("That player has no result in this league."))
    return render(request, "pokerfest/league_player.html", found)


def _form(post) -> dict:
    table = [points.strip() for points in post.get("table", "").replace(";", ",").split(",") if points.strip()]
    return {
        "name": post.get("name", ""),
        "table": table,
        "expression": post.get("expression", ""),
        "scale": post.get("scale") or 10,
        "knockout": post.get("knockout") or 0,
        "reentry": post.get("reentry", "best"),
        "tournaments": [t for t in post.getlist("tournaments") if t.isdigit()],
    }


def setup(request, league_id: int | None = None):
    """The director's league: create one, or edit its formula and tournaments."""
    if not can(request.user, Action.DIRECTOR_APPROVAL):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return render(
            request, "pokerfest/forbidden.html", {"message": _("Leagues need the director's role.")}, status=403
        )
    league = get_object_or_404(League, pk=league_id) if league_id is not None else None
    problem, status = None, 200
    values = queries.summary(league) if league else {"expression": "sqrt_buyin", "scale": 10.0, "knockout": 0.0}
    if request.method == "POST":
        data = _form(request.POST)
        try:
            saved = leagues.save_league(league_id, data, request.user)
        except Refused as refused:
            problem, status = str(refused), 422
            values = {**data, "tournaments": [{"id": int(t)} for t in data["tournaments"]]}
        else:
            return redirect("league", saved["id"])
    chosen = {t["id"] for t in values.get("tournaments", [])}
    return render(
        request,
        "pokerfest/league_setup.html",
        {
            "league": league,
            "values": values,
            "table_text": ", ".join(str(p) for p in values.get("table", [])),
            "problem": problem,
            "named": NAMED,
            "tournaments": [
                {"id": t.id, "name": t.name, "festival": t.festival.name, "chosen": t.id in chosen}
                for t in Tournament.objects.select_related("festival").order_by("-starts_at", "-id")[:300]
            ],
            "leagues": queries.all_leagues(),
        },
        status=status,
    )
