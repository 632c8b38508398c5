"""One beat runs the schedule however many are started: `CELERY_BEAT_SCHEDULER` names this.

Several nodes may each start beat (the launcher's default, or `--scale beat=2`). A beat runs
the periodic tasks only while it holds the lease: a Redis key `<namespace>:beat` naming it,
with an expiry (BEAT_LEASE_SECONDS) that it renews about three times per lease. Any other beat
stands by and checks every third of a lease; when the holder's node dies its key expires and a
standing-by beat takes over within one lease. A beat that stops (SIGTERM, Ctrl-C) gives the
key back at once. A beat restarted on the same node (same POKERFEST_NODE_NAME, or in a
container the same host name and pid 1) takes its own lease back without waiting.

The periodic tasks are also safe twice (each repair runs inside the tournament's locked
operation and re-reads the state it repairs), so a moment of two beats (a holder stalled longer
than its lease) sends a task twice and changes nothing twice.
"""

from __future__ import annotations

import logging
import os
import socket
import time

import redis
from celery.beat import PersistentScheduler
from django.conf import settings

logger = logging.getLogger("pokerfest.beat")

# Takes the key when it is free or already ours, renewing its expiry; answers who holds it.
CLAIM = """
local holder = redis.call('GET', KEYS[1])
if not holder or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return ARGV[1]
end
return holder
"""
# Gives the key back only if it is still ours.
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""


def beat_name() -> str:
    """How this beat is named in the lease and the logs."""
    return os.environ.get("POKERFEST_NODE_NAME") or f"{socket.gethostname()}:{os.getpid()}"


class Lease:
    """The right to run the schedule, held in Redis for `seconds` at a time."""

    def __init__(self, client: redis.Redis, key: str, name: str, seconds: float) -> None:
        self.key, self.name, self.seconds = key, name, seconds
        self.claim, self.release_script = client.register_script(CLAIM), client.register_script(RELEASE)
        self.holding = False
        self.renew_at = self.expires_at = 0.0
        self.said: str | None = None

    @property
    def check_every(self) -> float:
        return self.seconds / 3

    def held(self, now: float | None = None) -> bool:
        """Claims or renews the lease when due; True while this beat holds it."""
        now = time.monotonic() if now is None else now
        if self.holding and now < self.renew_at:
            return True
        try:
            holder = self.claim(keys=[self.key], args=[self.name, int(self.seconds * 1000)]).decode()
        except redis.RedisError as problem:
            # Redis away: no task can be sent anyway. Keep the lease we had until it would
            # have expired; the key, if Redis lost it, is claimed again when Redis is back.
            self.holding = self.holding and now < self.expires_at
            self.tell(
                f"beat {self.name}: Redis does not answer ({problem.__class__.__name__}); "
                f"{'still running' if self.holding else 'not running'} the schedule"
            )
            return self.holding
        self.holding = holder == self.name
        if self.holding:
            self.renew_at, self.expires_at = now + self.check_every, now + self.seconds
            self.tell(f"beat {self.name}: runs the schedule (lease {self.key}, {self.seconds:g} s)")
        else:
            self.tell(f"beat {self.name}: {holder} runs the schedule; standing by to take over")
        return self.holding

    def release(self) -> None:
        if not self.holding:
            return
        self.holding = False
        try:
            self.release_script(keys=[self.key], args=[self.name])
        except redis.RedisError:
            return  # it expires on its own
        self.tell(f"beat {self.name}: stopped; lease given back")

    def tell(self, message: str) -> None:
        if message != self.said:  # a change of state, said once
            logger.info(message)
            self.said = message


class SingleBeat(PersistentScheduler):
    """Celery's file-backed scheduler, ticking only while this beat holds the lease."""

    def __init__(self, *args, **kwargs) -> None:
        client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=5, socket_connect_timeout=5)
        self.lease = Lease(client, f"{settings.NAMESPACE}:beat", beat_name(), settings.BEAT_LEASE_SECONDS)
        super().__init__(*args, **kwargs)

    def tick(self, *args, **kwargs) -> float:
        if not self.lease.held():
            return self.lease.check_every
        return min(super().tick(*args, **kwargs), self.lease.check_every)

    def close(self) -> None:
        self.lease.release()
        super().close()
