"""Daphne's status line takes its reason phrase from Twisted's table, and the ASGI response has
no reason of its own to send: a status the API answers that the table does not know goes out as
"Unknown Status". That is cosmetic (clients read the number and the body's sentence); the
architecture says so for each such status, so a new one does not pass unremarked."""

from pathlib import Path

from twisted.web.http import RESPONSES

from core.api import ERRORS

ARCHITECTURE = Path(__file__).resolve().parents[2] / "docs" / "architecture.md"


def unknown_to_daphne(statuses) -> list[int]:
    return sorted(status for status in statuses if status not in RESPONSES)


def test_the_check_finds_a_status_twisted_has_no_phrase_for():
    assert unknown_to_daphne([200, 799]) == [799]


def test_every_api_status_daphne_sends_as_unknown_status_is_documented_as_cosmetic():
    text = ARCHITECTURE.read_text()
    undocumented = [status for status in unknown_to_daphne(ERRORS) if f"HTTP/1.1 {status} Unknown Status" not in text]
    assert undocumented == [], f"docs/architecture.md does not say these go out as 'Unknown Status': {undocumented}"
