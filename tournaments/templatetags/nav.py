"""{% staff_nav tournament %}: the navigation bar of a tournament's pages, each link shown only
to a role that may open it (core/access.py), the current page marked."""

from django import template
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop

from core.access import Action, can

register = template.Library()

PAGES = (  # (label, url name, the action that opens it)
    (gettext_noop("Lobby"), "lobby", Action.VIEW_LOBBY),
    (gettext_noop("Desk"), "desk", Action.DESK),
    (gettext_noop("Floor"), "floor", Action.FLOOR),
    (gettext_noop("Director"), "director", Action.RUN_CLOCK),
    (gettext_noop("Set-up"), "setup", Action.DIRECTOR_APPROVAL),
    (gettext_noop("Compliance"), "compliance", Action.LOGO_RULINGS),
    (gettext_noop("Close-out"), "close_out", Action.CASHIER_REPORT),
    (gettext_noop("Payouts"), "payout_desk", Action.PAY_PRIZES),
    (gettext_noop("Counts"), "media", Action.COUNT_CHIPS),
    (gettext_noop("Results"), "results", Action.VIEW_LOBBY),
    (gettext_noop("TV"), "tv", Action.VIEW_LOBBY),
)


@register.inclusion_tag("pokerfest/_nav.html", takes_context=True)
def staff_nav(context, tournament) -> dict:
    request = context["request"]
    links, staff = [], False
    for label, name, action in PAGES:
        if can(request.user, action):
            url = reverse(name, args=[tournament.id])
            links.append({"label": gettext(label), "url": url, "current": request.path == url})
            staff = staff or action != Action.VIEW_LOBBY
    return {"links": links if staff else []}  # the public sees the lobby's own links
