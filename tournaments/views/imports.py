"""The director's import page (issue 26): upload a Tournament Director 3 file (`.tdt`) into a
festival; the report says which players were matched, created or need a check."""

from django.contrib.auth.views import redirect_to_login
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from core.access import Action, can
from rules.refusals import Refused
from tournaments.models import Festival
from tournaments.rules.tdt import MOST_CHARACTERS
from tournaments.services.tdt_import import import_tdt


def _text(upload) -> str:
    if upload is None:
        raise Refused(_("Choose a .tdt file to import."))
    if upload.size > MOST_CHARACTERS:
        raise Refused(_("The file is larger than a Tournament Director file can be (20 MB)."))
    try:
        return upload.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Refused(_("The file is not text (UTF-8): it is not a Tournament Director file.")) from None


def import_page(request, festival_id: int):
    if not can(request.user, Action.DIRECTOR_APPROVAL):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return render(
            request, "pokerfest/forbidden.html", {"message": _("Imports need the director's role.")}, status=403
        )
    festival = get_object_or_404(Festival, pk=festival_id)
    report, problem, status = None, None, 200
    if request.method == "POST":
        try:
            report = import_tdt(festival_id, _text(request.FILES.get("file")), request.user)
        except Refused as refused:
            problem, status = str(refused), 422
    return render(
        request,
        "pokerfest/import_tdt.html",
        {"festival": festival, "report": report, "problem": problem},
        status=status,
    )
