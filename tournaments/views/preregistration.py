"""The public pre-registration pages: a festival's registration form (flights with seats left,
live) and the player's confirmation with its QR code, which the desk scans."""

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.csrf import ensure_csrf_cookie

from players.models import TERMS_VERSION
from tournaments.models import Festival
from tournaments.queries import preregistration as queries
from tournaments.views.pages import qr_svg


@ensure_csrf_cookie
def register(request, festival_id: int):
    festival = get_object_or_404(Festival, pk=festival_id)
    groups = queries.festival_board(festival)
    chosen = request.GET.get("tournament", "")
    return render(
        request,
        "pokerfest/preregister.html",
        {
            "festival": festival,
            "groups": groups,
            "chosen": chosen,
            "any_open": any(row["open"] for group in groups for row in [group["event"], *group["flights"]]),
        },
    )


def confirmation(request, prereg_code: str):
    """The player's confirmation: the code is the key, so it shows their own name and flight."""
    entry = queries.by_code(prereg_code)
    if entry is None:
        raise Http404("no pre-registration with this code")
    url = request.build_absolute_uri(reverse("preregistered", args=[entry.code]))
    return render(
        request,
        "pokerfest/preregistered.html",
        {
            "prereg": queries.public_view(entry),
            "entry": entry,
            "festival": entry.tournament.festival,
            "qr": mark_safe(qr_svg(url)),  # our own SVG of our own URL, no user text
            "url": url,
        },
    )


def terms(request, festival_id: int):
    """The terms and tournament rules a player accepts online and at the desk (REG-CONSENT),
    linked from the registration form."""
    festival = get_object_or_404(Festival, pk=festival_id)
    return render(request, "pokerfest/terms.html", {"festival": festival, "version": TERMS_VERSION})
