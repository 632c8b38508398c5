"""The cashier's close-out pages: one tournament's (a main event's with its flights') and the
whole festival's, printable, and the festival's as a CSV download for the office."""

import csv

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from core.access import Action, can
from tournaments.models import Festival
from tournaments.queries import close_out as close_out_queries
from tournaments.queries.festival_close_out import festival_close_out
from tournaments.views.pages import _screen


def close_out(request, tournament_id: int):
    return _screen(
        request,
        tournament_id,
        Action.CASHIER_REPORT,
        "pokerfest/close_out.html",
        context=lambda tournament: {"report": close_out_queries.close_out(tournament.id)},
    )


def _festival_report(request, festival_id: int) -> dict | HttpResponse:
    """The report, or the answer for a visitor without the cashier's report (checked before
    the festival is looked up: no one without the right learns which festivals exist)."""
    if not can(request.user, Action.CASHIER_REPORT):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return render(
            request,
            "pokerfest/forbidden.html",
            {"message": _("The festival's close-out needs the director's, desk's or cashier's role.")},
            status=403,
        )
    try:
        return festival_close_out(festival_id)
    except Festival.DoesNotExist:
        raise Http404(_("There is no festival with that id.")) from None


def festival(request, festival_id: int):
    """The festival's close-out, every event and flight on one printable page."""
    report = _festival_report(request, festival_id)
    if isinstance(report, HttpResponse):
        return report
    return render(request, "pokerfest/festival_close_out.html", {"report": report, "festival": report["festival"]})


EVENT_COLUMNS = (
    "entries",
    "won_entries",
    "taken",
    "fees",
    "to_pool",
    "to_bounty",
    "from_seats",
    "pool",
    "overlay",
    "seats_awarded",
    "seats_used",
    "seats_value",
    "prizes_paid",
    "bounties_paid",
    "bounties_due",
    "still_to_pay",
)
DESK_COLUMNS = ("sales", "voided", "refunded", "taken", "bounty", "returned", "net")
CASHIER_COLUMNS = ("payments", "paid", "reversed", "reversed_amount")


def festival_csv(request, festival_id: int):
    """The festival's close-out for a spreadsheet: one block per table (events, desks, payout
    desks, totals), each with its own header row; money in minor units with the currency."""
    report = _festival_report(request, festival_id)
    if isinstance(report, HttpResponse):
        return report
    currency = report["festival"]["currency"]
    response = HttpResponse(content_type="text/csv")
    response["Content-Disposition"] = f'attachment; filename="close-out-festival-{festival_id}.csv"'
    writer = csv.writer(response)
    writer.writerow(["section", "event", "feeds", *EVENT_COLUMNS, "currency"])
    for event in report["events"]:
        feeds = event["feeds"]["name"] if event["feeds"] else ""
        writer.writerow(["event", event["name"], feeds, *(event[key] for key in EVENT_COLUMNS), currency])
        for flight in event["flights"]:
            writer.writerow(
                [
                    "flight",
                    flight["name"],
                    event["name"],
                    "",
                    "",
                    flight["net"],
                    *[""] * (len(EVENT_COLUMNS) - 3),
                    currency,
                ]
            )
    totals = report["totals"]
    writer.writerow(["total", "", "", *(totals.get(key, "") for key in EVENT_COLUMNS), currency])
    writer.writerow([])
    writer.writerow(["section", "event", "desk", "shift", "method", *DESK_COLUMNS, "currency"])
    for row in report["desks"]["rows"]:
        writer.writerow(
            ["desk", row["event"], row["desk"], row["shift"], row["method"], *(row[k] for k in DESK_COLUMNS), currency]
        )
    writer.writerow(["total", "", "", "", "", *(report["desks"]["totals"][k] for k in DESK_COLUMNS), currency])
    writer.writerow([])
    writer.writerow(["section", "event", "cashier", "method", *CASHIER_COLUMNS, "currency"])
    for row in report["prizes"]["rows"]:
        writer.writerow(
            ["prizes", row["event"], row["cashier"], row["method"], *(row[k] for k in CASHIER_COLUMNS), currency]
        )
    writer.writerow(["total", "", "", "", *(report["prizes"]["totals"][k] for k in CASHIER_COLUMNS), currency])
    for row in report["bounties"]["rows"]:
        writer.writerow(
            ["bounties", row["event"], row["cashier"], row["method"], *(row[k] for k in CASHIER_COLUMNS), currency]
        )
    writer.writerow([])
    writer.writerow(["section", "amount", "currency"])
    writer.writerow(["bounties_paid", report["bounties"]["totals"]["paid"], currency])
    writer.writerow(["drawer", report["drawer"], currency])
    return response
