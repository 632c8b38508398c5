"""The results' downloads and the schedule's calendar feed (issue 26): plain GETs anyone may
follow, as the results page and the schedule are public. Each names players only as they
consented (the results query's public names). Before an event is finished the download is a
page that says why (422), never an empty file."""

from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.models import Festival, Tournament
from tournaments.queries import exports
from tournaments.queries.calendar import schedule_calendar

KINDS = {
    "json": ("application/json", "json"),
    "csv": ("text/csv; charset=utf-8", "csv"),
    "upload": ("text/csv; charset=utf-8", "csv"),
}


def _refused(request, sentence: str, back: str, back_label: str) -> HttpResponse:
    page = {"sentence": sentence, "back": back, "back_label": back_label}
    return render(request, "pokerfest/export_refused.html", page, status=422)


def download(document: dict, kind: str, stem: str) -> HttpResponse:
    """The document as the file asked for, an attachment named `stem`."""
    content_type, extension = KINDS[kind]
    if kind == "json":
        answer = JsonResponse(document, json_dumps_params={"ensure_ascii": False, "indent": 1})
    else:
        text = exports.results_csv(document) if kind == "csv" else exports.upload_csv(document)
        answer = HttpResponse(text, content_type=content_type)
    suffix = "-upload" if kind == "upload" else ""
    answer["Content-Disposition"] = f'attachment; filename="{stem}{suffix}.{extension}"'
    return answer


def tournament_results(request, tournament_id: int, kind: str):
    tournament = get_object_or_404(Tournament.objects.select_related("festival"), pk=tournament_id)
    sentence = exports.refusal(tournament)
    if sentence:
        return _refused(request, sentence, reverse("results", args=[tournament.id]), _("Back to the results"))
    return download(exports.tournament_results(tournament), kind, f"results-{tournament.id}")


def festival_results(request, festival_id: int, kind: str):
    festival = get_object_or_404(Festival, pk=festival_id)
    sentence = exports.festival_refusal(festival)
    if sentence:
        return _refused(request, sentence, reverse("schedule", args=[festival.id]), _("Back to the schedule"))
    return download(exports.festival_results(festival), kind, f"results-festival-{festival.id}")


def schedule_ics(request, festival_id: int):
    """The schedule as a calendar to subscribe to: one event per tournament and flight."""
    festival = get_object_or_404(Festival, pk=festival_id)
    feed = schedule_calendar(festival, request.get_host().split(":")[0], f"{request.scheme}://{request.get_host()}")
    answer = HttpResponse(feed, content_type="text/calendar; charset=utf-8")
    answer["Content-Disposition"] = f'attachment; filename="schedule-festival-{festival.id}.ics"'
    return answer
