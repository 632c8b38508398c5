"""{% staff_nav tournament %}: the navigation bar of a tournament's pages, each link shown only
to a role that may open it (core/access.py), the current page marked."""

from django import template
from django.urls import reverse

from core.access import Action, can

register = template.Library()

PAGES = (  # (label, url name, the action that opens it)
    ("Lobby", "lobby", Action.VIEW_LOBBY),
    ("Desk", "desk", Action.DESK),
    ("Floor", "floor", Action.FLOOR),
    ("Director", "director", Action.RUN_CLOCK),
    ("Set-up", "setup", Action.DIRECTOR_APPROVAL),
    ("Compliance", "compliance", Action.LOGO_RULINGS),
    ("Close-out", "close_out", Action.CASHIER_REPORT),
    ("Payouts", "payout_desk", Action.PAY_PRIZES),
    ("Counts", "media", Action.COUNT_CHIPS),
    ("Results", "results", Action.VIEW_LOBBY),
    ("TV", "tv", Action.VIEW_LOBBY),
)


@register.inclusion_tag("pokerfest/_nav.html", takes_context=True)
def staff_nav(context, tournament) -> dict:
    request = context["request"]
    links, staff = [], False
    for label, name, action in PAGES:
        if can(request.user, action):
            url = reverse(name, args=[tournament.id])
            links.append({"label": label, "url": url, "current": request.path == url})
            staff = staff or action != Action.VIEW_LOBBY
    return {"links": links if staff else []}  # the public sees the lobby's own links
