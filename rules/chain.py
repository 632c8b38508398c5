"""The log's hash chain (issue 27): each event's hash covers its predecessor's hash and its own
content, so an event changed, removed or put in out of its order no longer matches the hashes
after it, and a chain's head names everything before it.

Pure: the content comes in as plain values. The canonical form is JSON with sorted keys and no
spaces, and a float that is a whole number written as that integer: PostgreSQL's jsonb keeps a
number's value, not how Python wrote it (1e20 comes back as 100000000000000000000), so the hash
of what was stored is the hash of what was appended.
"""

import hashlib
import json
from datetime import UTC, datetime

# The predecessor of a tournament's first event.
GENESIS = "0" * 64


def _plain(value):
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


def moment(at: datetime) -> str:
    """An event's time as the chain writes it: UTC, to the microsecond (PostgreSQL's precision)."""
    return at.astimezone(UTC).isoformat(timespec="microseconds")


def event_content(
    *,
    tournament: int,
    seq: int,
    at: datetime,
    kind: str,
    actor: int | None,
    payload,
    public,
    request_key: str | None,
) -> dict:
    """Everything an event row says, but its hash."""
    return {
        "tournament": tournament,
        "seq": seq,
        "at": moment(at),
        "kind": kind,
        "actor": actor,
        "payload": payload,
        "public": public,
        "request_key": request_key,
    }


def canonical(content: dict) -> bytes:
    return json.dumps(_plain(content), sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def link(previous: str, content: dict) -> str:
    """The hash of an event whose predecessor's hash is `previous` (GENESIS for the first)."""
    return hashlib.sha256(previous.encode() + b"\n" + canonical(content)).hexdigest()
