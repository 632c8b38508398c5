"""Caching headers for the public reads (a tournament's snapshot, results, seating, the TV's
images, the festival schedule): a short `Cache-Control: public, max-age` so a proxy or CDN can
answer the viewers who don't need a socket, and an ETag so it revalidates cheaply (a 304 instead
of the document). Every other response is private and kept nowhere
(pokerfest.caching.PrivateByDefault).

The live screens never read these over HTTP: their snapshots come on the socket, fresh on every
resync. A reader of the HTTP snapshot counts the clock down from `ends_at` and the response's
`Date` (a cached copy's `server_time` and `remaining_ms` are as old as the copy; a 304 brings a
new `Date`). That is why the ETag leaves those two fields out and is weak: two snapshots of the
same state a second apart are the same document for every purpose but the countdown.
"""

import functools
import hashlib
import json

from django.http import HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control
from django.utils.http import parse_etags

PUBLIC_MAX_AGE = 5  # seconds: a TV or a phone polling the results sees a change this late at most
VOLATILE = frozenset({"server_time", "remaining_ms"})  # the moment of reading, not the state


def without_volatile(value):
    if isinstance(value, dict):
        return {key: without_volatile(item) for key, item in value.items() if key not in VOLATILE}
    if isinstance(value, list):
        return [without_volatile(item) for item in value]
    return value


def etag_of(response: HttpResponse) -> str:
    content = response.content
    if response.get("Content-Type", "").startswith("application/json"):
        content = json.dumps(without_volatile(json.loads(content)), sort_keys=True, separators=(",", ":")).encode()
    return f'W/"{hashlib.blake2b(content, digest_size=16).hexdigest()}"'


def matches(if_none_match: str, tag: str) -> bool:
    # Weak comparison (RFC 9110 13.1.2): W/"x" and "x" match.
    wanted = {etag.removeprefix("W/") for etag in parse_etags(if_none_match)}
    return "*" in wanted or tag.removeprefix("W/") in wanted


def public_read(view):
    """A Django view decorator (on a django-ninja operation: `@decorate_view(public_read)`) for
    a read whose answer is the same for everyone and carries nothing personal."""

    @functools.wraps(view)
    def read(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        if request.method not in ("GET", "HEAD") or response.status_code != 200 or response.streaming:
            return response
        tag = etag_of(response)
        if matches(request.headers.get("If-None-Match", ""), tag):
            response = HttpResponseNotModified()
        response["ETag"] = tag
        response.headers.pop("Cache-Control", None)
        patch_cache_control(response, public=True, max_age=PUBLIC_MAX_AGE)
        return response

    return read
