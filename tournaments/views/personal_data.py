"""A player's personal data page for the desk and the director: everything held about them
(the readable export; the JSON from the API), and erasure on their request, confirmed."""

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from core.access import Action, check
from players.models import Player
from players.queries.personal_data import everything_about
from players.services import erasure
from tournaments.views.pages import _allowed


def player_data(request, tournament_id: int, player_id: int):
    tournament = _allowed(request, tournament_id, Action.DESK)
    if isinstance(tournament, HttpResponse):
        return tournament  # the login page or 403
    check(request.user, Action.PERSONAL_DATA)
    player = Player.objects.filter(pk=player_id).first()
    if player is None:
        raise Http404(_("There is no player with that id."))
    refusal = done = None
    if request.method == "POST":
        if request.POST.get("confirm") != "on":
            refusal = _("Erasure cannot be undone: tick the box once the player has asked for it.")
        else:
            try:
                erasure.erase_player(tournament.id, player.id, request.user)
            except erasure.ErasureRefused as refused:
                refusal = str(refused)
            else:
                done = _("The player's personal data is erased; their results keep their public name.")
                player.refresh_from_db()
    return render(
        request,
        "pokerfest/player_data.html",
        {
            "tournament": tournament,
            "player": player,
            "data": everything_about(player),
            "refusal": refusal,
            "done": done,
        },
        status=409 if refusal else 200,
    )
