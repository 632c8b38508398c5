"""{% event_kinds %}: the catalogue's views per event kind (core/kinds.py) as a JSON script
element, which static/live.js reads; so no page keeps its own list of event kinds."""

from django import template
from django.utils.html import json_script

from core.kinds import for_screens

register = template.Library()


@register.simple_tag
def event_kinds() -> str:
    return json_script(for_screens(), "pokerfest-event-kinds")
