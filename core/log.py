"""The tournament's event log: the audit trail, the source for undo and replay, and the live
feed.

An operation (core/operation.py) may append several events in its one transaction, in order:
a bust that tops up extension chips appends both. Each takes the next `seq` of its tournament,
gap-free and in commit order, and goes out to the channel groups only after the transaction
commits, so a rolled-back change is never seen. A request's `Idempotency-Key` marks the first
event it caused, with the fingerprint of that request: the key answers a retry of the same
request, and refuses a different one.

Each event also carries its link in the tournament's hash chain (rules/chain.py, issue 27): the
hash of its predecessor's hash and its own content. The head of the chain is kept on the
tournament row, beside `last_seq`, so the append reads it in the same statement that locks the
row: no extra read, and no two appends can chain from the same head.
"""

import hashlib
import json
import time
from datetime import UTC, datetime
from typing import NamedTuple

from django.db import connection, transaction
from django.utils.translation import gettext as _

from core import broadcast
from core.access import recorded_user
from core.kinds import CATALOGUE, STAFF, EventKind
from rules import chain
from tournaments.models import Event, Tournament


class RequestKey(str):
    """A client's Idempotency-Key, carrying the fingerprint of the request it came with, so
    the operation can store it with its first event (a plain str key, from a task or a
    test, has no fingerprint and is matched by the key alone)."""

    fingerprint: str | None

    def __new__(cls, key: str, fingerprint: str | None):
        made = super().__new__(cls, key)
        made.fingerprint = fingerprint
        return made


class KeyReused(Exception):
    """The key came with a different request than the one it was first used for (HTTP 422)."""


def request_fingerprint(method: str, path: str, body: bytes) -> str:
    """What a request asks for, whatever the spacing or the order of its JSON keys: method,
    path and body. No body is the empty object, as the API's parser reads it."""
    try:
        canonical = json.dumps(json.loads(body or b"{}"), sort_keys=True, separators=(",", ":")).encode()
    except ValueError:
        canonical = body  # a form: its bytes as sent
    return hashlib.sha256(b"\n".join([method.upper().encode(), path.encode(), canonical])).hexdigest()


def fingerprint_of(request_key: str | None) -> str | None:
    return getattr(request_key, "fingerprint", None)


def check_same_request(stored_fingerprint: str | None, request_key: str | None) -> None:
    """Raise KeyReused when the key's first request had another fingerprint than this one."""
    asked = fingerprint_of(request_key)
    if stored_fingerprint and asked and stored_fingerprint != asked:
        raise KeyReused(
            _(
                "This Idempotency-Key was used for a different request (another action, "
                "address or body): send a new key with each new request, and the same key "
                "only to retry the same request."
            )
        )


def earlier(tournament_id: int, request_key: str | None) -> Event | None:
    """The event a request with this key already caused, if any; KeyReused if that was a
    different request. Call it with the tournament row locked, so a concurrent retry waits
    for the first request and then sees it."""
    if not request_key:
        return None
    found = Event.objects.filter(tournament_id=tournament_id, request_key=request_key).first()
    if found is not None:
        check_same_request(found.request_fingerprint, request_key)
    return found


# A service that writes the tournament row anyway bumps the seq in that same UPDATE (one
# statement fewer under the row's lock): `SET …, {BUMP} … RETURNING …, {BUMPED}`, and hands the
# last three columns to append_event as its Place.
BUMP = "last_seq = last_seq + 1"
BUMPED = "last_seq, chain_head, clock_timestamp()"


class Place(NamedTuple):
    """The event's seq, the chain's head before it and its time, as an UPDATE of the row returned them."""

    seq: int
    head: str | None
    at: datetime


def append_event(
    tournament_id: int,
    kind: EventKind,
    *,
    actor=None,
    payload: dict,
    public: dict | None,
    request_key: str | None = None,
    place: Place | None = None,
) -> Event:
    """Append one event to the tournament's log in the caller's transaction.

    `payload` is what staff see; `public` is what the lobby sees: None exactly for the kinds
    the catalogue keeps to staff (the lobby still receives the seq, so it sees no gap).
    `place`: the seq the caller's own UPDATE of the tournament row took (BUMP, BUMPED).
    """
    _check_kind(kind, public)
    # Bumping the counter locks the tournament row until commit, so seqs are gap-free and in
    # commit order; a rollback takes the bump back with everything else. The head it returns
    # is read under that lock: the chain cannot fork. The event's time is the one clock's
    # (core/time_source.py), read in the same statement rather than one more.
    table = Tournament._meta.db_table
    if place is None:
        with connection.cursor() as cursor:
            cursor.execute(f"UPDATE {table} SET {BUMP} WHERE id = %s RETURNING {BUMPED}", [tournament_id])
            row = cursor.fetchone()
        if row is None:
            raise Tournament.DoesNotExist(f"no tournament {tournament_id}")
        place = Place(*row)
    # The server's time at the broadcast is `at` carried forward from here (core.broadcast.send).
    read_at = time.monotonic()
    event = _linked(tournament_id, kind, place, actor, payload, public, request_key, read_at)
    _write(event, table)
    _broadcast_after_commit(event)
    return event


def following(previous: Event, kind: EventKind, *, actor=None, payload: dict, public: dict | None) -> Event:
    """The event right after `previous` (appended by this transaction, which holds the
    tournament's row): its seq, the chain's head before it and its time are `previous`'s seq + 1,
    hash and time, so it needs no statement to take them. Not written yet: `written_with` writes
    it in the caller's own statement."""
    _check_kind(kind, public)
    place = Place(previous.seq + 1, previous.hash, previous.at)
    return _linked(previous.tournament_id, kind, place, actor, payload, public, None, previous.read_at)


def written_with(previous: Event, event: Event, statement: str, params: list) -> tuple:
    """Write `event` (from `following(previous, ...)`) in the caller's `statement` (an UPDATE or
    INSERT with no RETURNING of its own), one round trip: the event's row, and on the tournament's
    row its seq and the chain's head, moved only from `previous`'s (anything else between them
    would fork the chain: refused). Returns the statement's first row."""
    fields = [field for field in Event._meta.concrete_fields if not field.primary_key]
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    values = [field.get_db_prep_save(field.pre_save(event, True), connection) for field in fields]
    table = Tournament._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"WITH written AS (INSERT INTO {Event._meta.db_table} ({columns}) "
            f"VALUES ({', '.join(['%s'] * len(fields))}) RETURNING id), "
            f"moved AS (UPDATE {table} SET last_seq = %s, chain_head = %s "
            f"WHERE id = %s AND last_seq = %s AND chain_head = %s RETURNING id) "
            f"{statement} RETURNING (SELECT id FROM written), (SELECT id FROM moved)",
            [*values, event.seq, event.hash, event.tournament_id, previous.seq, previous.hash, *params],
        )
        row = cursor.fetchone()
    if row is None or row[-1] is None:
        raise RuntimeError(f"the log of tournament {event.tournament_id} moved past seq {previous.seq}: not written")
    event.pk = row[-2]
    _broadcast_after_commit(event)
    return row


def _check_kind(kind: EventKind, public: dict | None) -> None:
    if CATALOGUE.get(str(kind)) is not kind:
        raise ValueError(_("%(kind)s is not an event kind of core/kinds.py") % {"kind": repr(kind)})
    if (public is None) != (kind.audience == STAFF):
        raise ValueError(
            _("%(kind)s: the catalogue says %(audience)s, so public must be %(value)s")
            % {"kind": kind, "audience": kind.audience, "value": "None" if kind.audience == STAFF else "a dict"}
        )
    if not connection.in_atomic_block:
        raise RuntimeError("an event belongs inside the operation's transaction")


def _linked(tournament_id, kind, place: Place, actor, payload, public, request_key, read_at: float) -> Event:
    """The event at `place`, its hash chained to the head before it. `read_at`: the monotonic
    clock when `place.at` was read, which the broadcast carries the time forward from."""
    seq, head, at = place
    event = Event(
        tournament_id=tournament_id,
        seq=seq,
        at=at.astimezone(UTC),
        actor=recorded_user(actor),
        kind=kind.name,
        payload=payload,
        public=public,
        request_key=request_key or None,
        request_fingerprint=fingerprint_of(request_key) if request_key else None,
    )
    event.hash = chain.link(head or chain.GENESIS, content_of(event))
    event.read_at = read_at
    return event


def _broadcast_after_commit(event: Event) -> None:
    # robust: a broadcast that fails (Redis away) must not turn a committed change into an
    # error for the person who made it; screens resync on their next event or reconnect.
    transaction.on_commit(lambda: broadcast.send(event, event.read_at), robust=True)


def _write(event: Event, table: str) -> None:
    """The event's row and the chain's new head on the tournament row, in one statement (a
    round trip fewer under the row's lock): the row as Model.save would insert it."""
    fields = [field for field in Event._meta.concrete_fields if not field.primary_key]
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    values = [field.get_db_prep_save(field.pre_save(event, True), connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(
            f"WITH written AS (INSERT INTO {Event._meta.db_table} ({columns}) "
            f"VALUES ({', '.join(['%s'] * len(fields))}) RETURNING id, hash) "
            f"UPDATE {table} SET chain_head = written.hash FROM written WHERE {table}.id = %s RETURNING written.id",
            [*values, event.tournament_id],
        )
        event.pk = cursor.fetchone()[0]


def content_of(event: Event) -> dict:
    """What the chain hashes of an event: every column but its hash (and the request's
    fingerprint, which only says what the key was first used for)."""
    return chain.event_content(
        tournament=event.tournament_id,
        seq=event.seq,
        at=event.at,
        kind=event.kind,
        actor=event.actor_id,
        payload=event.payload,
        public=event.public,
        request_key=event.request_key,
    )
