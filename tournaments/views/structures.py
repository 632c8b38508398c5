"""The structures pages (CLK-LEVELS), for the director without the admin: every template and
every tournament's own structure, a new one (blank, a speed, a copy, a CSV), the editor of one
structure's levels and breaks, and its CSV. static/structures.js posts to the API."""

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import ensure_csrf_cookie

from clock.models import Structure
from clock.queries.structures import speed_choices, structure_document, templates_for, tournaments_structures
from clock.rules.structures import CSV_FIELDS, to_csv
from core.access import Action, can
from tournaments.models import Festival


def _director_only(request) -> HttpResponse | None:
    if can(request.user, Action.DIRECTOR_APPROVAL):
        return None
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    return render(
        request,
        "pokerfest/forbidden.html",
        {"message": _("Structures need the director's role.")},
        status=403,
    )


@ensure_csrf_cookie
def structures(request):
    if refused := _director_only(request):
        return refused
    return render(
        request,
        "pokerfest/structures.html",
        {
            "templates": templates_for(),
            # A copy is usually named after its tournament already: its name is not said twice.
            "running": [
                (clock, not clock.structure.name.startswith(clock.tournament.name))
                for clock in tournaments_structures()
            ],
            "festivals": Festival.objects.order_by("name"),
            "speeds": speed_choices(),
            "csv_fields": ", ".join(CSV_FIELDS),
        },
    )


def _structure(structure_id: int) -> Structure:
    structure = Structure.objects.filter(pk=structure_id).select_related("festival").first()
    if structure is None:
        raise Http404(_("There is no structure with that id."))
    return structure


@ensure_csrf_cookie
def structure(request, structure_id: int):
    if refused := _director_only(request):
        return refused
    found = _structure(structure_id)
    return render(
        request,
        "pokerfest/structure.html",
        {
            "structure": found,
            "document": structure_document(found),
            "festivals": Festival.objects.order_by("name"),
            "csv_fields": ", ".join(CSV_FIELDS),
        },
    )


def structure_csv(request, structure_id: int):
    if refused := _director_only(request):
        return refused
    found = _structure(structure_id)
    response = HttpResponse(to_csv(found.timeline_levels()), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="structure-{found.pk}.csv"'
    return response
