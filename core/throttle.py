"""Rate limits per client address, counted in Redis so every web node and process shares them:
the public write endpoints, and the live feed's sockets and snapshots (a flood of opening or
resyncing from one address).

A fixed window per client address and minute: INCR, and EXPIRE on the first hit. Redis away
means no limit rather than no registrations (a person at the desk is the fallback) or no lobby.
The venue's own addresses (VENUE_ADDRESSES, e.g. the NAT its tablets and TVs share) are never
limited on the live feed: `exempt`.
"""

import asyncio
import json
import time
from dataclasses import dataclass
from ipaddress import ip_address

import redis
import redis.asyncio as aioredis
from django.conf import settings

from core import shared_redis

_async_clients: dict[asyncio.AbstractEventLoop, aioredis.Redis] = {}  # one per event loop


# The live feed's scopes: sockets opened, snapshots asked for (resync and the HTTP snapshot).
SOCKETS = "live-sockets"
SNAPSHOTS = "live-snapshots"
CLOSE_TOO_MANY = 4429  # the close code of a socket refused by a limit (4000-4999: the application's)


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    retry_after: int  # seconds until the window turns

    def reason(self, what: str) -> str:
        """The refused socket's close reason (at most 123 bytes): what, and when to try again."""
        return f"too many {what} from your address: try again in {self.retry_after} s"

    def frame(self, what: str) -> str:
        """The error frame sent just before the close: daphne drops a close's reason, so the
        page reads the wait here too."""
        return json.dumps({"type": "error", "message": self.reason(what), "retry_after": self.retry_after})


def client_address(request) -> str:
    """The socket's address, or the client a trusted proxy named (pokerfest/proxy.py put it in
    REMOTE_ADDR, where the login lockout reads it too); never a header any client can send."""
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def exempt(address: str) -> bool:
    """One of the venue's own addresses (VENUE_ADDRESSES): its tablets and TVs behind one NAT
    open many sockets from one address, and are not a flood."""
    try:
        parsed = ip_address(address.strip().strip("[]"))
    except ValueError:
        return False
    return any(parsed in network for network in settings.VENUE_ADDRESSES)


def _key(scope: str, address: str, now: float) -> str:
    return f"{settings.NAMESPACE}:throttle:{scope}:{address}:{int(now // 60)}"


def hit(scope: str, address: str, per_minute: int, now: float | None = None) -> Verdict:
    """Count one attempt of `address` in `scope`; refused past `per_minute` in this minute."""
    now = time.time() if now is None else now
    key = _key(scope, address, now)
    try:
        pipe = shared_redis.client().pipeline()
        pipe.incr(key)
        pipe.expire(key, 120)
        count = pipe.execute()[0]
    except redis.RedisError:
        return Verdict(True, 0)
    return Verdict(count <= per_minute, 60 - int(now) % 60)


async def hit_async(scope: str, address: str, per_minute: int, now: float | None = None) -> Verdict:
    """`hit` for an event loop (the live process, the Channels consumers): the same count, on
    a connection of this loop's, without blocking the sockets it serves."""
    now = time.time() if now is None else now
    key = _key(scope, address, now)
    loop = asyncio.get_running_loop()
    if loop not in _async_clients:
        _async_clients[loop] = aioredis.Redis.from_url(
            settings.REDIS_URL, socket_timeout=0.5, socket_connect_timeout=0.5
        )
    try:
        async with _async_clients[loop].pipeline(transaction=False) as pipe:
            pipe.incr(key)
            pipe.expire(key, 120)
            count = (await pipe.execute())[0]
    except (redis.RedisError, OSError):
        return Verdict(True, 0)
    return Verdict(count <= per_minute, 60 - int(now) % 60)


async def live_socket_opens(address: str) -> Verdict:
    """One socket opening from `address` (any of the live feed's sockets)."""
    if exempt(address):
        return Verdict(True, 0)
    return await hit_async(SOCKETS, address, settings.LIVE_SOCKETS_PER_ADDRESS_PER_MINUTE)


async def live_snapshot_asked(address: str) -> Verdict:
    """One resync of a live socket from `address`."""
    if exempt(address):
        return Verdict(True, 0)
    return await hit_async(SNAPSHOTS, address, settings.LIVE_SNAPSHOTS_PER_ADDRESS_PER_MINUTE)


def snapshot_asked(address: str) -> Verdict:
    """One snapshot over HTTP from `address`: counted with the sockets' resyncs."""
    if exempt(address):
        return Verdict(True, 0)
    return hit(SNAPSHOTS, address, settings.LIVE_SNAPSHOTS_PER_ADDRESS_PER_MINUTE)


def reset(scope: str, address: str, now: float | None = None) -> None:
    """Forget this minute's count (tests, and a director letting a venue's wifi through)."""
    shared_redis.client().delete(_key(scope, address, time.time() if now is None else now))
