"""Refuse a NUL character in any text a request carries, before a view or the API sees it.

PostgreSQL's text cannot hold U+0000, so a NUL that reaches a query or a save is a 500. One
middleware covers every text field of every page, form, admin screen and API operation at
once (a validator on the API's schemas would miss the pages, the login form, the admin and
every field added later): the path, the query string, the headers (the Idempotency-Key, the
session cookie), form fields, and a JSON body's strings and keys, whether the NUL came raw,
as %00 or as the JSON escape \\u0000.
"""

import json

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.template import loader

SENTENCE = (
    "The request contains a NUL character (U+0000) in {where}; no name, reason or search can hold one. "
    "Remove it and send the request again."
)
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _holds_nul(value) -> bool:
    """Whether a JSON value holds a NUL in any string or key, at any depth."""
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_holds_nul(key) or _holds_nul(item) for key, item in value.items())
    if isinstance(value, list):
        return any(_holds_nul(item) for item in value)
    return False


def _fits_in_memory(request) -> bool:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    try:
        return limit is None or int(request.META.get("CONTENT_LENGTH") or 0) <= limit
    except ValueError:
        return False


def _nul_in_body(request) -> bool:
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return False
    if request.content_type in FORM_TYPES:
        if _fits_in_memory(request):
            # Read and kept, so what reads request.body later (the API's parser) still can once
            # request.POST is parsed; a bigger upload (a structure's CSV) is parsed from the stream.
            request.body  # noqa: B018
        # The fields only: an uploaded file's bytes are its own business.
        return any(_holds_nul(key) or _holds_nul(values) for key, values in request.POST.lists())
    if not request.body:
        return False
    if b"\x00" in request.body:
        return True
    try:
        return _holds_nul(json.loads(request.body))
    except (ValueError, RecursionError):
        return False  # not JSON (or absurdly deep): the API answers its own 400 for a malformed body


def where_nul_is(request) -> str | None:
    """Where the request carries a NUL (for the sentence), or None when it carries none."""
    if "\x00" in request.path_info:
        return "the address"
    if any(_holds_nul(key) or _holds_nul(values) for key, values in request.GET.lists()):
        return "the query string"
    if any("\x00" in str(value) for name, value in request.META.items() if name.startswith("HTTP_")):
        return "a header"
    if _nul_in_body(request):
        return "the form or body"
    return None


class RefuseNulCharacters:
    """422 with a sentence: JSON under /api/, a plain page elsewhere."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        where = where_nul_is(request)
        if where is None:
            return self.get_response(request)
        sentence = SENTENCE.format(where=where)
        if request.path_info.startswith("/api/"):
            return JsonResponse({"detail": sentence}, status=422)
        page = loader.render_to_string("pokerfest/invalid_input.html", {"sentence": sentence})
        return HttpResponse(page, status=422, content_type="text/html; charset=utf-8")
