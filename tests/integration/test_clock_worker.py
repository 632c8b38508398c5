"""The level clock driven by real Celery worker and beat processes over this run's Redis."""

import asyncio
import json
import os
import re
import signal
import time
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from clock import tasks
from clock.models import Clock
from clock.services import level_clock as services
from pokerfest.asgi import application
from tournaments.models import Event

ORIGIN = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]


async def wait_for_log(processes, child, text: str, timeout: float = 40, count: int = 1) -> None:
    """Until the worker's log says `text` (`count` times)."""
    path = processes.log_of(child)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if len(re.findall(text, path.read_text())) >= count:
            return
        assert child.poll() is None, f"worker exited:\n{processes.logs()}"
        await asyncio.sleep(0.1)
    raise TimeoutError(f"worker did not say {text!r}:\n{processes.logs()}")


# The worker's line for a finished run of beat's clock repair.
REPAIRED = r"Task clock\.tasks\.reconcile_clocks\[[^]]+\] succeeded"


def level_events(tournament_id: int) -> list[tuple[int, str, int]]:
    return [
        (e.seq, e.kind, e.payload["clock"]["level_index"])
        for e in Event.objects.filter(tournament_id=tournament_id).order_by("seq")
    ]


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_CLK_LEVELS_a_worker_advances_the_level_at_its_boundary_and_the_lobby_sees_it(
    make_tournament, processes, clean_queue
):
    tournament = await database_sync_to_async(make_tournament)(level_seconds=(2, 60))
    worker = processes.worker()
    await wait_for_log(processes, worker, "ready.")
    lobby = WebsocketCommunicator(application, f"/ws/tournaments/{tournament.id}/lobby/", headers=ORIGIN)
    assert (await lobby.connect(timeout=10))[0]
    assert json.loads(await lobby.receive_from(timeout=5))["type"] == "snapshot"

    started = await database_sync_to_async(services.start_clock)(tournament.id, None)
    assert json.loads(await lobby.receive_from(timeout=5))["kind"] == "clock.started"
    frame = json.loads(await lobby.receive_from(timeout=15))
    arrived = time.time()
    assert (frame["seq"], frame["kind"], frame["data"]["clock"]["level_index"]) == (2, "clock.level_started", 1)
    boundary = started["ends_at"]
    from datetime import datetime

    late_by = arrived - datetime.fromisoformat(boundary).timestamp()
    assert 0 <= late_by < 5, f"level change arrived {late_by:.2f} s after the boundary"
    assert frame["data"]["clock"]["level"]["big_blind"] == 400
    await lobby.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_CLK_LEVELS_a_killed_worker_loses_no_clock_time_and_no_level_advances_twice(
    make_tournament, processes, clean_queue
):
    # Level 2 is long enough that a slow machine's new worker and beat repair level 1's end
    # before level 2's comes (with a short one both boundaries could fold into one repair).
    tournament = await database_sync_to_async(make_tournament)(level_seconds=(4, 60, 60))
    first = processes.worker()
    await wait_for_log(processes, first, "ready.")
    started = await database_sync_to_async(services.start_clock)(tournament.id, None)
    level_one_ends = await database_sync_to_async(lambda: Clock.objects.get(tournament=tournament).ends_at)()
    await wait_for_log(processes, first, "advance_level")  # it holds the boundary task (ETA)
    os.kill(first.pid, signal.SIGKILL)  # dies holding it, unacknowledged
    first.wait()

    second = processes.worker()
    processes.beat()  # the periodic reconcile is what repairs the lost boundary
    await wait_for_log(processes, second, "ready.")

    deadline = time.monotonic() + 45
    while time.monotonic() < deadline:
        clock = await database_sync_to_async(Clock.objects.get)(tournament=tournament)
        if clock.level_index >= 1:
            break
        await asyncio.sleep(0.2)
    assert clock.level_index == 1, processes.logs()
    # The level that ended while no worker held its task still ended on time: level 2 ends
    # exactly one level-2 length after level 1's planned end, however late the repair came.
    assert clock.ends_at == level_one_ends + timedelta(seconds=60)
    # Room for any duplicate to show itself: two more runs of the repair (the first may have
    # begun before the level changed; the second began after it).
    seen = len(re.findall(REPAIRED, processes.log_of(second).read_text()))
    await wait_for_log(processes, second, REPAIRED, count=seen + 2)
    history = await database_sync_to_async(level_events)(tournament.id)
    assert history == [(1, "clock.started", 0), (2, "clock.level_started", 1)]

    # The dead worker's task left Redis with it; a copy that did run (a worker that died just
    # after its run began, a task sent twice) is made for an older version: it changes nothing.
    assert await database_sync_to_async(tasks.advance_level)(tournament.id, 1) is False
    assert await database_sync_to_async(tasks.advance_level)(tournament.id, started["version"]) is False
    assert await database_sync_to_async(level_events)(tournament.id) == history
