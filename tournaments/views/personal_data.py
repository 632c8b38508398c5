"""A player's personal data page for the desk and the director: everything held about them
(the readable export; the JSON from the API), and erasure on their request, confirmed."""

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.access import Action, check
from players.models import Player
from players.queries.personal_data import everything_about
from players.services import erasure
from tournaments.views.pages import _allowed

# The page reads each field of the record under a person's words, not its column's name
# (the JSON export keeps the names: it is for machines). A field without one shows its name.
LABELS = {
    "id": gettext_lazy("Player number"),
    "first_name": gettext_lazy("First name"),
    "last_name": gettext_lazy("Last name"),
    "date_of_birth": gettext_lazy("Date of birth"),
    "nationality": gettext_lazy("Nationality"),
    "id_document_type": gettext_lazy("ID document"),
    "id_document_number": gettext_lazy("ID document number"),
    "id_checked_on": gettext_lazy("Photo ID last seen on"),
    "email": gettext_lazy("E-mail"),
    "phone": gettext_lazy("Phone"),
    "city": gettext_lazy("City"),
    "organiser_staff_or_family": gettext_lazy("Organiser's staff or family"),
    "staff_entry_approved": gettext_lazy("Staff entry approved in advance"),
    "initials_only": gettext_lazy("Initials only on public screens"),
    "created_at": gettext_lazy("Recorded on"),
    "erased_at": gettext_lazy("Personal data erased on"),
}
MEMBERSHIP_LABELS = {
    "id": gettext_lazy("Membership record"),
    "number": gettext_lazy("Membership number"),
    "full_member": gettext_lazy("Full member"),
    "fee_paid_until": gettext_lazy("Fee paid until"),
    "release_signed_at": gettext_lazy("Release signed on"),
    "ended_at": gettext_lazy("Membership ended on"),
    "end_reason": gettext_lazy("Why it ended"),
}
VALUES = {
    "passport": gettext_lazy("passport"),
    "id_card": gettext_lazy("national ID card"),
    "driving_licence": gettext_lazy("driving licence"),
    "terms": gettext_lazy("terms and tournament rules"),
    "filming": gettext_lazy("filming and image rights"),
    "marketing": gettext_lazy("marketing messages (revocable)"),
}


def shown(value):
    """A value as the page says it: yes or no, a document's or consent's name, a dash for none."""
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return VALUES.get(value, value) if isinstance(value, str) else value


def labelled(record: dict | None, labels: dict) -> list[tuple[str, object]]:
    return [(labels.get(name, name), shown(value)) for name, value in (record or {}).items()]


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
    data = everything_about(player)
    return render(
        request,
        "pokerfest/player_data.html",
        {
            "tournament": tournament,
            "player": player,
            "data": data,
            "record": labelled(data["player"], LABELS),
            "membership": labelled(data["membership"], MEMBERSHIP_LABELS),
            "consents": [
                {**consent, "kind": shown(consent["kind"]), "granted": shown(consent["granted"])}
                for consent in data["consents"]
            ],
            "refusal": refusal,
            "done": done,
        },
        status=409 if refusal else 200,
    )
