"""The one exception type for "the rules or the current state do not allow this".

Pure rule modules raise subclasses of it; views, the API and consumers turn it into a clear
message for the person who asked (HTTP 409). It imports nothing, so pure modules may use it.
"""


class Refused(Exception):
    """An operation a person asked for was refused; str(exc) says why and what to do instead."""

    def details(self) -> dict:
        """More for the client than the sentence (the rules that refused, a new proposal…);
        JSON-ready, added to the API's error answer."""
        return {}
