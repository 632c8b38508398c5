"""One beat runs the schedule (pokerfest/beat.py): a Redis lease with an expiry, taken over when
its holder's node dies, given back when it stops; and the periodic repairs are safe twice."""

import threading
import time
import uuid
from datetime import timedelta

import pytest
import redis
from django.conf import settings
from django.db import connections
from django.utils import timezone
from redis.backoff import NoBackoff
from redis.retry import Retry

from clock import tasks
from clock.models import Clock
from clock.services import level_clock
from core import kinds
from pokerfest import stack
from pokerfest.beat import Lease, SingleBeat
from pokerfest.celery import app


@pytest.fixture
def client():
    return redis.Redis.from_url(settings.REDIS_URL)


@pytest.fixture
def key(client):
    name = f"{settings.NAMESPACE}:lease-{uuid.uuid4().hex[:8]}"
    yield name
    client.delete(name)


def gone(client, key: str, bound: float = 10) -> None:
    deadline = time.monotonic() + bound
    while client.exists(key):
        assert time.monotonic() < deadline, f"{key} did not expire"
        time.sleep(0.05)


def test_one_holder_at_a_time_and_another_takes_over_when_the_lease_expires(client, key):
    first, second = Lease(client, key, "node-1", 30), Lease(client, key, "node-2", 30)
    assert first.held() and not second.held()
    assert client.get(key) == b"node-1" and 29_000 < client.pttl(key) <= 30_000
    assert not second.held(now=time.monotonic() + 60)  # checking again changes nothing

    # The first node dies: nobody renews, the key expires, the second takes over.
    client.pexpire(key, 1)
    gone(client, key)
    assert second.held() and client.get(key) == b"node-2"
    # The first comes back (it was only stalled): at its next renewal it finds it lost the lease.
    assert not first.held(now=first.renew_at)


def test_a_stopping_beat_gives_the_lease_back_and_a_restarted_one_takes_its_own_back(client, key):
    first, second = Lease(client, key, "node-1", 30), Lease(client, key, "node-2", 30)
    assert first.held() and not second.held()
    second.release()  # not its to give back
    assert client.get(key) == b"node-1"
    first.release()
    assert not client.exists(key)
    assert second.held()  # at once, no expiry to wait for

    # A beat restarted on the same node (same name) holds the lease again without waiting.
    restarted = Lease(client, key, "node-2", 30)
    assert restarted.held() and client.get(key) == b"node-2"


def test_with_redis_away_a_holder_keeps_its_lease_only_until_it_would_have_expired():
    # No retries: redis-py's default retries (4 s of backoff per call) end in the same error.
    away = redis.Redis(port=stack.free_port(), socket_connect_timeout=0.5, retry=Retry(NoBackoff(), 0))
    lease = Lease(away, "nowhere:beat", "node-1", 30)
    assert not lease.held()  # never held: it runs nothing
    now = time.monotonic()
    lease.holding, lease.expires_at = True, now + 30  # as if claimed just before Redis went
    assert lease.held(now=now + 15)
    assert not lease.held(now=now + 31)


def test_the_scheduler_sends_nothing_while_another_beat_holds_the_lease(client, tmp_path, settings, monkeypatch):
    settings.NAMESPACE = f"{settings.NAMESPACE}-single-beat"
    key = f"{settings.NAMESPACE}:beat"
    sent = []
    monkeypatch.setattr(SingleBeat, "apply_entry", lambda self, entry, producer=None: sent.append(entry.name))
    period = 1  # the repair every second (as the tests' beat processes run it), not CLOCK_RECONCILE_SECONDS
    repair = {**app.conf.beat_schedule["reconcile-clocks"], "schedule": period}
    monkeypatch.setitem(app.conf.beat_schedule, "reconcile-clocks", repair)
    client.set(key, "another-node", px=30_000)
    scheduler = SingleBeat(app=app, schedule_filename=str(tmp_path / "schedule"))
    try:
        assert scheduler.tick() == settings.BEAT_LEASE_SECONDS / 3
        assert sent == [] and client.get(key) == b"another-node"

        client.delete(key)  # the other beat stopped
        deadline = time.monotonic() + 3 * period + 10
        while "reconcile-clocks" not in sent:  # due one period after the schedule was made
            assert time.monotonic() < deadline, sent
            time.sleep(min(max(scheduler.tick(), 0), 0.2))
        assert client.get(key).decode() == scheduler.lease.name
        scheduler.close()
        assert not client.exists(key)
    finally:
        scheduler.close()
        client.delete(key)


@pytest.mark.django_db(transaction=True)
def test_CLK_LEVELS_two_beats_repairing_the_same_boundary_at_once_advance_it_once(make_tournament, clean_queue):
    """Safe twice: the repair locks the tournament, then re-reads the clock it repairs."""
    tournament = make_tournament(level_seconds=(600, 600, 600))
    level_clock.start_clock(tournament.id, None)
    boundary = timezone.now() - timedelta(seconds=1)
    Clock.objects.filter(tournament=tournament).update(ends_at=boundary)  # level 1's end passed unnoticed
    together = threading.Barrier(2)
    advanced = []

    def beat() -> None:
        try:
            together.wait(10)
            advanced.append(tasks.reconcile_clocks())
        finally:
            connections.close_all()

    repairs = [threading.Thread(target=beat) for _ in range(2)]
    for repair in repairs:
        repair.start()
    for repair in repairs:
        repair.join(60)
    assert sorted(advanced) == [0, 1]
    started = tournament.events.filter(kind=kinds.CLOCK_LEVEL_STARTED.name)
    assert [event.payload["clock"]["level_index"] for event in started] == [1]
    assert Clock.objects.get(tournament=tournament).ends_at == boundary + timedelta(seconds=600)
