"""The one exception type for "the rules or the current state do not allow this" (ground floor).

Pure rule modules raise subclasses of it; views, the API and consumers turn it into a clear
message for the person who asked (HTTP 409). It imports nothing, so pure modules may use it.
"""


class Refused(Exception):
    """An operation a person asked for was refused; str(exc) says why and what to do instead."""

    def details(self) -> dict:
        """More for the client than the sentence (the rules that refused, a new proposal…);
        JSON-ready, added to the API's error answer."""
        return {}


def logged_reason(reason: str, what: str) -> str:
    """A ruling outside the rules (a move by hand, an undone bust, a disqualification) needs
    a reason for the log: the reason, stripped, or a refusal that says so."""
    reason = reason.strip()
    if not reason:
        raise Refused(f"Say why {what}: the reason goes in the tournament log.")
    return reason
