"""The web process's synchronous Redis client (core/shared_redis.py) against the real Redis:
requests arriving together share one client, so none has its connection closed under it."""

import threading
import time

import redis

from core import shared_redis, throttle

REQUESTS = 8


def test_requests_arriving_together_share_one_client_and_each_is_counted(monkeypatch):
    made = []
    make = redis.Redis.from_url

    def slow_to_make(*args, **kwargs):
        time.sleep(0.05)  # the window in which the requests of a burst all found no client yet
        made.append(make(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(redis.Redis, "from_url", slow_to_make)
    monkeypatch.setattr(shared_redis, "_client", None)  # the process's first requests
    address = f"192.0.2.{time.monotonic_ns() % 250}"
    now = time.time()
    together = threading.Barrier(REQUESTS)
    verdicts, errors = [], []

    def request() -> None:
        together.wait(timeout=30)
        try:
            verdicts.append(throttle.hit("test-burst", address, REQUESTS, now=now))
        except Exception as error:  # what a request would have answered 500 for
            errors.append(error)

    threads = [threading.Thread(target=request) for _ in range(REQUESTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    try:
        assert errors == [] and len(made) == 1
        assert len(verdicts) == REQUESTS and all(verdict.allowed for verdict in verdicts)
        # Counted in Redis, not waved through as "Redis away": one more is over the limit.
        assert not throttle.hit("test-burst", address, REQUESTS, now=now).allowed
    finally:
        throttle.reset("test-burst", address, now=now)
