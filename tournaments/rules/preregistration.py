"""Online pre-registration: what can be checked before the player stands at the desk.

Plain data in, plain data out. The application is checked against the rules a web form can
check (REG-AGE on the day of play, REG-CONSENT's terms, a photo-ID document named, how the
player pays); the rest (REG-ID's look at the photo, REG-EXCLUDE, REG-MEMBER) waits for the
desk, which confirms through the sale's own rules. No Django, no clock: days are parameters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from players.rules.eligibility import Reason, age_on
from rules.refusals import gettext as _

DOCUMENT_TYPES = ("passport", "id_card", "driving_licence")
PAYMENTS = ("desk", "online")
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 10
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_COUNTRY = re.compile(r"^[A-Z]{2}$")


@dataclass(frozen=True)
class Application:
    """What the player types on the registration page, as the desk's new-player form takes it."""

    first_name: str
    last_name: str
    date_of_birth: date
    email: str
    id_document_type: str
    id_document_number: str
    id_document_country: str = ""
    nationality: str = ""
    accepts_terms: bool = False
    filming_release: bool = False
    marketing_opt_in: bool = False
    initials_only: bool = False
    payment: str = "desk"
    payment_reference: str = ""


def check_application(application: Application, minimum_age: int, play_day: date, today: date) -> list[Reason]:
    """Every failed check of what can be checked online, each naming its rule (empty: fine).
    `play_day` is the flight's first day (REG-AGE counts the age on it), `today` the day of the
    application (a birth date in the future is a typing mistake)."""
    refused = []
    if not application.first_name.strip() or not application.last_name.strip():
        refused.append(Reason("PRE-FORM", False, _("Give your first and last name as on your photo ID.")))
    if not _EMAIL.match(application.email.strip()):
        refused.append(
            Reason(
                "PRE-FORM",
                False,
                _(
                    "Give an email address such as name@example.com: the confirmation "
                    "and any waiting-list news go there."
                ),
            )
        )
    born = application.date_of_birth
    if born > today or born.year < 1900:
        refused.append(Reason("PRE-FORM", False, _("Check the date of birth against your photo ID.")))
    elif age_on(born, play_day) < minimum_age:
        refused.append(
            Reason(
                "REG-AGE",
                False,
                _("Players must be %(minimum_age)s or older on the day of play (%(day)s).")
                % {"minimum_age": minimum_age, "day": play_day.isoformat()},
            )
        )
    if application.id_document_type not in DOCUMENT_TYPES or not document_number(application.id_document_number):
        refused.append(Reason("REG-ID", False, _("Name the photo ID you will show at the desk: its type and number.")))
    for country in (application.id_document_country, application.nationality):
        if country and not _COUNTRY.match(country.strip().upper()):
            refused.append(Reason("PRE-FORM", False, _("Give a country as its two-letter code, e.g. AT or DE.")))
            break
    if not application.accepts_terms:
        refused.append(Reason("REG-CONSENT", False, _("Accept the terms and tournament rules to register.")))
    if application.payment not in PAYMENTS:
        refused.append(Reason("PRE-PAY", False, _("Choose to pay at the desk or give your online payment reference.")))
    elif application.payment == "online" and not application.payment_reference.strip():
        refused.append(
            Reason("PRE-PAY", False, _("Give the reference of your online payment, or choose to pay at the desk."))
        )
    return refused


def document_number(number: str) -> str:
    """As players.models stores it: no spaces, dashes or case."""
    return "".join(ch for ch in number.upper() if ch.isalnum())


def code_from_scan(scanned: str) -> str:
    """The pre-registration code in what the desk's field received: the code typed by hand
    (any case, spaces or dashes), or the whole URL a USB scanner types from the QR code."""
    text = scanned.strip().rstrip("/")
    if "/" in text:
        text = text.rsplit("/", 1)[1]
    return "".join(ch for ch in text.upper() if ch.isalnum())


def looks_like_code(text: str) -> bool:
    return len(text) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in text)


def seats_left(max_entries: int | None, sold: int, held: int) -> int | None:
    """None: no cap."""
    return None if max_entries is None else max(0, max_entries - sold - held)


def waiting_position(waiting_ids: list[int], preregistration_id: int) -> int | None:
    """1 for the first in line; None when not on the list."""
    return waiting_ids.index(preregistration_id) + 1 if preregistration_id in waiting_ids else None
