"""A Redis outage loses no level change and doubles none, and the worker serves again after it
(docs/deploy.md, "When a process dies"): the embedded Redis, started the way the launcher starts
it, is killed under a running worker that holds the level boundary's ETA task, stays away past
the boundary and comes back empty. The worker reconnects on its own (kombu's Redis transport
with `ack_emulation` off: pokerfest/settings.py says why); beat's clock repair advances the
level once, counted from the boundary."""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from clock.models import Clock
from clock.services import level_clock as services
from pokerfest import stack
from pokerfest.celery import app
from tests.helpers.processes import process_env
from tournaments.models import Event

REPAIRED = "Task clock.tasks.reconcile_clocks["


def wait_until(condition, what: str, child, logs, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert child.poll() is None, f"the worker exited while waiting for {what}:\n{logs()}"
        assert time.monotonic() < deadline, f"no {what} after {timeout} s:\n{logs()}"
        time.sleep(0.1)


def level_events(tournament_id: int) -> list[tuple[int, str, int]]:
    return [
        (e.seq, e.kind, e.payload["clock"]["level_index"])
        for e in Event.objects.filter(tournament_id=tournament_id).order_by("seq")
    ]


@pytest.mark.django_db(transaction=True)
def test_CLK_LEVELS_a_redis_outage_over_a_level_boundary_loses_no_level_change_and_doubles_none(
    make_tournament, processes, clean_queue, tmp_path
):
    server = stack.EmbeddedRedis(stack.free_port(), tmp_path)
    server.start()
    try:
        # TMPDIR: the worker dumps the task it could not put back there (docs/deploy.md).
        env = process_env(
            REDIS_URL=server.url, CLOCK_RECONCILE_SECONDS="1", BEAT_LEASE_SECONDS="3", TMPDIR=str(tmp_path)
        )
        worker = processes.start("worker", stack.worker_command(), env=env)
        log = processes.log_of(worker)
        wait_until(lambda: "ready." in log.read_text(), "ready worker", worker, processes.logs)

        tournament = make_tournament(level_seconds=(4, 60, 60))
        # The service queues its boundary task on this test run's Redis, which no worker here
        # reads; the same task goes to the worker's Redis, as the service would have sent it.
        started = services.start_clock(tournament.id, None)
        level_one_ends = Clock.objects.get(tournament=tournament).ends_at
        with app.connection_for_write(server.url) as connection:
            app.send_task(
                "clock.tasks.advance_level",
                args=[tournament.id, started["version"]],
                eta=level_one_ends,
                connection=connection,
            )
        received = "clock.tasks.advance_level["
        wait_until(lambda: received in log.read_text(), "boundary task received", worker, processes.logs)

        server.process.kill()  # a crash, not a shutdown
        server.process.wait()
        wait_until(lambda: "Connection to broker lost" in log.read_text(), "lost connection", worker, processes.logs)
        wait_until(lambda: timezone.now() > level_one_ends, "boundary passed", worker, processes.logs)
        server.start()  # the launcher's restart: same port, an empty Redis
        processes.start("beat", stack.beat_command(tmp_path / "celerybeat-schedule"), env=env)

        def level_two() -> bool:
            return Clock.objects.get(tournament=tournament).level_index >= 1

        wait_until(level_two, "level 2", worker, processes.logs, timeout=90)
        clock = Clock.objects.get(tournament=tournament)
        assert clock.level_index == 1
        assert clock.ends_at == level_one_ends + timedelta(seconds=60)  # no clock time lost
        # Room for a duplicate to show itself, and the worker serving after the outage: two more
        # runs of the repair (each logs "received" and "succeeded").
        seen = log.read_text().count(REPAIRED)
        wait_until(lambda: log.read_text().count(REPAIRED) >= seen + 4, "two more repairs", worker, processes.logs)
        assert level_events(tournament.id) == [(1, "clock.started", 0), (2, "clock.level_started", 1)]

        assert worker.poll() is None
        assert "Unrecoverable error" not in log.read_text()
    finally:
        server.stop()
