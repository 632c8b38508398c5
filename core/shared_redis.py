"""The process's one synchronous Redis client, shared by its threads (the rate limits, the staff
devices' presence), made once under a lock.

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


def client() -> redis.Redis:
    """Short timeouts: callers treat a Redis away as no answer rather than wait for it."""
    global _client
    with _lock:
        if _client is None:
            _client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=0.5, socket_connect_timeout=0.5)
        return _client
