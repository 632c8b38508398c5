"""Rate limits for the public write endpoints, counted in Redis so every web node shares them.

A fixed window per client address and minute: INCR, and EXPIRE on the first hit. Redis away
means no limit rather than no registrations (a person at the desk is the fallback).
"""

import time
from dataclasses import dataclass

import redis
from django.conf import settings

_client: redis.Redis | None = None


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    retry_after: int  # seconds until the window turns


def client_address(request) -> str:
    """The socket's address, or the client a trusted proxy named (pokerfest/proxy.py put it in
    REMOTE_ADDR, where the login lockout reads it too); never a header any client can send."""
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def _redis() -> redis.Redis:
    global _client
    if _client is None:
        _client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=0.5, socket_connect_timeout=0.5)
    return _client


def hit(scope: str, address: str, per_minute: int, now: float | None = None) -> Verdict:
    """Count one attempt of `address` in `scope`; refused past `per_minute` in this minute."""
    now = time.time() if now is None else now
    window = int(now // 60)
    key = f"{settings.NAMESPACE}:throttle:{scope}:{address}:{window}"
    try:
        pipe = _redis().pipeline()
        pipe.incr(key)
        pipe.expire(key, 120)
        count = pipe.execute()[0]
    except redis.RedisError:
        return Verdict(True, 0)
    return Verdict(count <= per_minute, 60 - int(now) % 60)


def reset(scope: str, address: str, now: float | None = None) -> None:
    """Forget this minute's count (tests, and a director letting a venue's wifi through)."""
    now = time.time() if now is None else now
    _redis().delete(f"{settings.NAMESPACE}:throttle:{scope}:{address}:{int(now // 60)}")
