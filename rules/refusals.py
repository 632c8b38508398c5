"""The one exception type for "the rules or the current state do not allow this" (ground floor).

Pure rule modules raise subclasses of it; views, the API and consumers turn it into a clear
message for the person who asked (HTTP 409). It imports nothing, so pure modules may use it.

The pure rule modules import no Django, yet their refusals are read by people in the page's
language: they translate through gettext() here, which Django's start (tournaments/apps.py)
points at django.utils.translation.gettext; without Django (the rule modules' own tests) it
answers the English sentence. makemessages finds their sentences as `_("…")` all the same.
"""

_translate = str


def gettext(message: str) -> str:
    """The message in the language of the current request (English outside Django)."""
    return _translate(message)


def gettext_noop(message: str) -> str:
    """Marks a sentence kept as data (a template's text) for makemessages; gettext() it when shown."""
    return message


def translate_with(translate) -> None:
    """Django's start hands over its gettext (tournaments/apps.py)."""
    global _translate
    _translate = translate


class Refused(Exception):
    """An operation a person asked for was refused; str(exc) says why and what to do instead."""

    def details(self) -> dict:
        """More for the client than the sentence (the rules that refused, a new proposal…);
        JSON-ready, added to the API's error answer."""
        return {}


class Invalid(Refused):
    """The input is not what the operation takes (a count missing, a number out of place): the
    API answers 422 with the sentence, a page says it like any refusal."""


def logged_reason(reason: str, what: str) -> str:
    """A ruling outside the rules (a move by hand, an undone bust, a disqualification) needs
    a reason for the log: the reason, stripped, or a refusal that says so."""
    reason = reason.strip()
    if not reason:
        raise Refused(gettext("Say why %(what)s: the reason goes in the tournament log.") % {"what": what})
    return reason
