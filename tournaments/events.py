"""The tournament's event log and its live broadcast.

Every service appends exactly one event inside its own transaction; the event goes out to the
channel groups only after that transaction commits, so a rolled-back change is never seen.
Each frame is encoded once per audience, not once per socket.
"""

import asyncio
import json
import os
import threading
from datetime import datetime

from channels.layers import get_channel_layer
from django.db import connection, transaction
from django.utils import timezone

from pokerfest.access import recorded_user
from tournaments.models import Event, Tournament

PUBLIC = "public"  # the lobby and players' phones: never personal data
STAFF = "staff"  # floor, desk, director
AUDIENCES = (PUBLIC, STAFF)


def group_name(tournament_id: int, audience: str) -> str:
    return f"tournament.{tournament_id}.{audience}"


def iso_time(moment: datetime | None) -> str | None:
    # Milliseconds are what JavaScript's Date parses everywhere.
    return None if moment is None else moment.isoformat(timespec="milliseconds")


def already_done(tournament_id: int, request_key: str | None) -> bool:
    """True when a request with this key has already changed the tournament. Call it after
    locking the tournament row, so a concurrent retry waits and then sees the first one."""
    return earlier(tournament_id, request_key) is not None


def earlier(tournament_id: int, request_key: str | None) -> Event | None:
    """The event a request with this key already caused, if any (call after locking, as above):
    a retried request answers from it instead of acting twice."""
    if not request_key:
        return None
    return Event.objects.filter(tournament_id=tournament_id, request_key=request_key).first()


def append_event(
    tournament_id: int, kind: str, *, actor=None, payload: dict, public: dict | None, request_key: str | None = None
) -> Event:
    """Append one event to the tournament's log in the caller's transaction.

    `payload` is what staff see; `public` is what the lobby sees (None: nothing public, the
    lobby still receives the seq so it sees no gap). `request_key` marks the request that
    caused it (see already_done).
    """
    if not connection.in_atomic_block:
        raise RuntimeError("append_event belongs inside the service's transaction.atomic() block")
    # Bumping the counter locks the tournament row until commit, so seqs are gap-free and in
    # commit order; a rollback takes the bump back with everything else.
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {Tournament._meta.db_table} SET last_seq = last_seq + 1 WHERE id = %s RETURNING last_seq",
            [tournament_id],
        )
        row = cursor.fetchone()
    if row is None:
        raise Tournament.DoesNotExist(f"no tournament {tournament_id}")
    event = Event.objects.create(
        tournament_id=tournament_id,
        seq=row[0],
        at=timezone.now(),
        actor=recorded_user(actor),
        kind=kind,
        payload=payload,
        public=public,
        request_key=request_key or None,
    )
    # robust: a broadcast that fails (Redis away) must not turn a committed change into an
    # error for the person who made it; screens resync on their next event or reconnect.
    transaction.on_commit(lambda: broadcast(event), robust=True)
    return event


def event_frame(event: Event, audience: str) -> str:
    frame = {
        "type": "event",
        "seq": event.seq,
        "kind": event.kind,
        "at": iso_time(event.at),
        "server_time": iso_time(timezone.now()),
        "data": event.payload if audience == STAFF else event.public,
    }
    if audience == STAFF:
        frame["actor"] = event.actor.get_username() if event.actor_id else None
    return json.dumps(frame, separators=(",", ":"))


def broadcast(event: Event) -> None:
    messages = [
        (group_name(event.tournament_id, audience), {"type": "live.frame", "text": event_frame(event, audience)})
        for audience in AUDIENCES
    ]
    _publisher().publish(messages)


class Publisher:
    """Sends group messages from synchronous code (services after commit).

    The pub/sub channel layer keeps one Redis connection per event loop; async_to_sync would
    make a new loop, and so a new connection, for every event. One long-lived loop in a daemon
    thread per process keeps one connection instead.
    """

    TIMEOUT = 5.0  # seconds; a Redis that hangs must not hold a request for long

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, name="broadcast-publisher", daemon=True).start()

    def publish(self, messages: list[tuple[str, dict]]) -> None:
        asyncio.run_coroutine_threadsafe(self._send(messages), self.loop).result(self.TIMEOUT)

    @staticmethod
    async def _send(messages: list[tuple[str, dict]]) -> None:
        layer = get_channel_layer()
        for group, message in messages:
            await layer.group_send(group, message)


_publisher_lock = threading.Lock()
_the_publisher: Publisher | None = None


def _publisher() -> Publisher:
    global _the_publisher
    with _publisher_lock:
        if _the_publisher is None or _the_publisher.pid != os.getpid():  # none yet, or forked
            _the_publisher = Publisher()
        return _the_publisher
