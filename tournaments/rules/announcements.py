"""Announcements as plain data (TD-ANNOUNCE): the director's templates and the checks on a text.

A template is a starting text the director edits before it goes out; the screens show exactly
what was sent.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.refusals import gettext as _
from rules.refusals import gettext_noop

LONGEST = 500
LONGEST_MINUTES = 24 * 60


@dataclass(frozen=True)
class Template:
    key: str
    label: str
    text: str
    minutes: int | None  # how long it stays up by default; None: until dismissed


TEMPLATES = (
    Template(
        "rule_change",
        gettext_noop("Rule change before the start"),
        gettext_noop("Rule change for today's event: … Ask the floor if anything is unclear."),
        None,
    ),
    Template(
        "colour_up",
        gettext_noop("Colour-up"),
        gettext_noop("Colour-up at the next break: the … chips leave play. Stay at your table to watch the chip race."),
        30,
    ),
    Template(
        "rebuys_closing",
        gettext_noop("Rebuys closing"),
        gettext_noop("Last chance for rebuys and add-ons: they close at the end of this level."),
        20,
    ),
    Template(
        "hand_for_hand",
        gettext_noop("Hand-for-hand"),
        gettext_noop("We are on the bubble: hand-for-hand from the next hand. Wait for the floor before each deal."),
        None,
    ),
    Template(
        "end_of_day",
        gettext_noop("End of day"),
        gettext_noop("Last level of the day: bag and tag your chips when the floor tells your table."),
        60,
    ),
)
BY_KEY = {template.key: template for template in TEMPLATES}
# Templates about the level being played ("they close at the end of this level", "at the next
# break", "last level of the day"): old news once the level ends, so they go with it.
LEVEL_BOUND = frozenset({"colour_up", "rebuys_closing", "end_of_day"})


def expires_at(template: str, minutes_end, level_end):
    """When an announcement goes: after its minutes (None: until dismissed) or, for a template
    about the level being played, at the level's end if that comes first (None: no clock running)."""
    if template not in LEVEL_BOUND or level_end is None:
        return minutes_end
    return level_end if minutes_end is None else min(minutes_end, level_end)


def translated() -> list[Template]:
    """The templates in the language of the current request (the director's list)."""
    return [replace(template, label=_(template.label), text=_(template.text)) for template in TEMPLATES]


def checked(text: str, template: str, minutes: int | None) -> tuple[str, str, int | None]:
    """The text, template key and minutes to keep it up, or ValueError with a sentence."""
    text = " ".join((text or "").split())
    if not text:
        raise ValueError(_("Write the announcement first."))
    if len(text) > LONGEST:
        raise ValueError(
            _("An announcement is at most %(longest)s characters; this one has %(text_count)s.")
            % {"longest": LONGEST, "text_count": len(text)}
        )
    if "…" in text and template:
        raise ValueError(_("Fill in the template's … before sending it."))
    if template and template not in BY_KEY:
        raise ValueError(
            _("Unknown template %(template)s; choose one of: %(by_key)s.")
            % {"template": repr(template), "by_key": ", ".join(BY_KEY)}
        )
    if minutes is not None and not 1 <= minutes <= LONGEST_MINUTES:
        raise ValueError(
            _("Keep an announcement up for 1 to %(longest_minutes)s minutes, or until it is dismissed.")
            % {"longest_minutes": LONGEST_MINUTES}
        )
    return text, template, minutes
