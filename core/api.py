"""The API's shared vocabulary: the error answers every operation documents, the bounded number
types every input uses (so nothing out of range reaches PostgreSQL or timedelta), and the
Idempotency-Key a retried request carries."""

import json
from typing import Annotated

from django.http.request import RawPostDataException
from django.utils.translation import gettext as _
from ninja import Field, Schema
from ninja.errors import HttpError
from pydantic import BaseModel, ConfigDict

from core.log import RequestKey, request_fingerprint


class Answer(Schema):
    """The base of every response schema: a field the code answers but the schema does not
    name fails loudly (in the tests) instead of vanishing from the answer, so the OpenAPI
    document describes every field a screen or an integration reads.

    A schema must answer what the code made, unchanged. Pydantic converts what it can: declare
    each field as it is made (3.0 under `int` comes out 3, 3 under `float` comes out 3.0; an ISO
    string under `datetime` comes out rewritten with "Z"), and a key some answers leave out with
    a default, answered with `exclude_unset=True` on the operation (else the default is added)."""

    model_config = ConfigDict(extra="forbid")


class Row(BaseModel):
    """An answer's part made of plain data (dicts, lists, numbers, strings) that comes many to an
    answer: the floor view's tables and seats. It forbids an undeclared field as Answer does, with
    pydantic's own validation only: ninja's Schema wraps each object's validation, and with
    extra="forbid" validates the object's subtree once more at every level it is nested in (each
    seat of the floor view four times over; at 200 tables, half the view's time)."""

    model_config = ConfigDict(extra="forbid")


class Error(Schema):
    detail: str


class ReasonOut(Schema):
    rule: str
    ok: bool
    message: str


class RefusedOut(Schema):
    """409: the rules or the current state refuse; the extras are a Refused's details()."""

    detail: str
    reasons: list[ReasonOut] | None = Field(
        None, description="a refused sale: every rule checked, each with its sentence"
    )
    proposal: dict | None = Field(None, description="a refused move: the balancing proposal now (SEAT-BALANCE)")
    existing_id: int | None = Field(None, description="a new player already on file: that player's id")
    full: bool | None = Field(
        None,
        description="a pre-registration for a full flight: join its waiting list "
        "(join_waiting_list) or choose one of the alternatives",
    )
    waiting: int | None = Field(None, description="a full flight: how many are on its waiting list")
    alternatives: list[dict] | None = Field(
        None, description="a full flight: the same event's flights with seats left (id, name)"
    )


class InvalidOut(Schema):
    """422: the input is not what the operation takes."""

    detail: str
    errors: list[dict] | None = Field(None, description="each invalid field: loc, msg, type (schema validation)")


# The error answers every staff action documents (401 signed out, 403 role, 404 no such
# thing, 409 refused by the rules, 422 invalid input). The 400 for a body that is not JSON is
# added to every operation with a body where the API is assembled (pokerfest/api.py).
ERRORS = {401: Error, 403: Error, 404: Error, 409: RefusedOut, 422: InvalidOut}

# Every number the API takes is bounded by what a tournament can mean, so nothing out of
# range reaches PostgreSQL's integer columns or Python's timedelta (where it would be a 500):
# out of bounds is a 422 that names the field and the bound.
MOST_ENTRIES = 1_000_000  # entries in one tournament: entry numbers, seats on sale, places paid
MOST_TABLES = 10_000  # venue table numbers
MOST_SEATS = 12  # seats at one table
MOST_CHIPS = 10**12  # chips in one stack, bag or starting stack (PostgreSQL's bigint holds 9.2e18)
MOST_MONEY = 10**12  # minor units: a buy-in, fee, guarantee or prize (ten billion in major units)
MOST_LEVELS = 1_000  # positions in one structure, breaks included
MOST_HANDS = 100_000  # hands at one table (a long day deals a few hundred)
Id = Annotated[int, Field(ge=1, le=2**63 - 1)]  # a row's id: PostgreSQL's bigint
EntryNumber = Annotated[int, Field(ge=1, le=MOST_ENTRIES)]
TableNumber = Annotated[int, Field(ge=1, le=MOST_TABLES)]
SeatNumber = Annotated[int, Field(ge=1, le=MOST_SEATS)]
HandNumber = Annotated[int, Field(ge=1, le=MOST_HANDS)]
Chips = Annotated[int, Field(ge=0, le=MOST_CHIPS)]
Money = Annotated[int, Field(ge=0, le=MOST_MONEY)]
Stacks = Annotated[
    dict[EntryNumber, Chips], Field(max_length=MOST_ENTRIES, description="entry number -> chips, for every player left")
]


def request_key(request) -> RequestKey | None:
    """The optional Idempotency-Key header: a client that retries a request sends the same
    key, and the change happens once. The key carries the request's fingerprint, so the same
    key with a different request is refused (core.log.KeyReused) instead of answered."""
    key = request.headers.get("Idempotency-Key", "").strip()
    if len(key) > 64:
        raise HttpError(422, _("The Idempotency-Key header may be at most 64 characters; a UUID fits."))
    return RequestKey(key, request_fingerprint(request.method, request.path, _body(request))) if key else None


def _body(request) -> bytes:
    try:
        return request.body
    except RawPostDataException:  # a multipart form, read into request.POST before the view
        return json.dumps(sorted(request.POST.lists())).encode()


class TooMany(Schema):
    detail: str
    retry_after: int


class TooManyRequests(HttpError):
    """A 429 with Retry-After (pokerfest/api.py answers it): a rate limit of core/throttle.py,
    with a sentence saying what was refused and how long to wait."""

    def __init__(self, retry_after: int, message: str):
        super().__init__(429, message)
        self.retry_after = retry_after
