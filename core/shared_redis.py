"""The process's synchronous Redis clients, shared by its threads (the rate limits and the staff
devices' presence; the live broadcast's, with a longer wait), each made once under a lock.

Made without one, two requests arriving together each made a client and one was dropped;
redis-py closes a dropped client's connection pool (auto_close_connection_pool), and so the
connection the other request was using: a 500 ("I/O operation on closed file") at the start of
a burst of pre-registrations.
"""

import threading

import redis
from django.conf import settings

_lock = threading.Lock()
_client: redis.Redis | None = None
_publishing: redis.Redis | None = None


def _made(timeout: float) -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL, socket_timeout=timeout, socket_connect_timeout=timeout)


def client() -> redis.Redis:
    """Short timeouts: callers treat a Redis away as no answer rather than wait for it."""
    global _client
    with _lock:
        if _client is None:
            _client = _made(0.5)
        return _client


def publishing() -> redis.Redis:
    """The live broadcast's (core.broadcast): it waits longer, at most 5 s, because a frame not
    published reaches no screen until that screen resyncs."""
    global _publishing
    with _lock:
        if _publishing is None:
            _publishing = _made(5.0)
        return _publishing
