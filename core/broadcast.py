"""The live broadcast: an event, after its transaction commits, to the tournament's groups,
encoded once per audience, not once per socket, and published once per group on Redis
(core.fanout: each web process writes it to its sockets). Knows no domain: a frame is the log
row as the audience may see it."""

import json
import time
from datetime import timedelta

from core import shared_redis, time_source
from core.fanout import redis_channel
from core.kinds import AUDIENCES, STAFF
from rules.times import iso_time
from tournaments.models import Event


def group_name(tournament_id: int, audience: str) -> str:
    return f"tournament.{tournament_id}.{audience}"


def event_frame(event: Event, audience: str, server_time: str | None = None) -> str:
    frame = {
        "type": "event",
        "seq": event.seq,
        "kind": event.kind,
        "at": iso_time(event.at),
        "server_time": server_time or iso_time(time_source.now_or_local()),
        "data": event.payload if audience == STAFF else event.public,
    }
    if audience == STAFF:
        frame["actor"] = event.actor.get_username() if event.actor_id else None
    return json.dumps(frame, separators=(",", ":"))


def send(event: Event, read_at: float | None = None) -> None:
    """Both audiences' frames of one event to their groups (called after commit). `read_at`:
    this process's monotonic clock when the event's time was read from the database in its
    own statement (core.log): the server's time now is that time carried forward by the same
    monotonic clock, so no statement after the commit (a confirmation sent two)."""
    if read_at is None:
        now = iso_time(time_source.now_or_local())
    else:
        now = iso_time(event.at + timedelta(seconds=max(0.0, time.monotonic() - read_at)))
    publish([(group_name(event.tournament_id, audience), event_frame(event, audience, now)) for audience in AUDIENCES])


def send_heartbeats(seqs: dict[int, int]) -> None:
    """The live protocol's heartbeat: each tournament's current seq to its screens, so a screen
    whose last event was lost notices it (and resyncs) without waiting for another event."""
    now = iso_time(time_source.now_or_local())
    messages = []
    for tournament_id, seq in seqs.items():
        text = json.dumps({"type": "heartbeat", "seq": seq, "server_time": now}, separators=(",", ":"))
        messages += [(group_name(tournament_id, audience), text) for audience in AUDIENCES]
    if messages:
        publish(messages)


def publish(frames: list[tuple[str, str]]) -> None:
    """Group frames from synchronous code (services after commit, beat's heartbeats), sent from
    the calling thread in one pipelined round trip on the process's shared client: no loop of
    its own, so no hop to another thread and back for every event."""
    with shared_redis.publishing().pipeline(transaction=False) as pipe:
        for group, text in frames:
            pipe.publish(redis_channel(group), text)
        pipe.execute()
