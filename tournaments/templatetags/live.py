"""{% event_kinds %}: the catalogue's views per event kind (core/kinds.py) as a JSON script
element, which static/live.js reads; so no page keeps its own list of event kinds.
{% event_wording %}: what each kind changes, in words, for a page whose live log people read
(the director's console): static/live.js writes these instead of the kinds' names.
{% live_port %}: where pages open the public lobby socket (settings.LIVE_PORT)."""

from django import template
from django.conf import settings
from django.utils.html import json_script
from django.utils.translation import gettext

from core.kinds import CATALOGUE, for_screens

register = template.Library()


@register.simple_tag
def event_kinds() -> str:
    return json_script(for_screens(), "pokerfest-event-kinds")


@register.simple_tag
def event_wording() -> str:
    return json_script({kind.name: gettext(kind.changes) for kind in CATALOGUE.values()}, "pokerfest-event-wording")


@register.simple_tag
def live_port() -> str:
    """Where pages open the lobby socket (settings.LIVE_PORT; empty: the page's own origin)."""
    return settings.LIVE_PORT
