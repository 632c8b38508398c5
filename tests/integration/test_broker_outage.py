"""A Celery worker outlives a Redis outage: the embedded Redis, started the way the launcher
starts it, is killed and started again under a running worker that holds an ETA task (as it
always does while a level clock runs); the worker stays up and runs a task sent afterwards.

Without pokerfest/broker.py's transport this worker exits with "Unrecoverable error:
AttributeError: 'NoneType' object has no attribute 'hostname'"."""

import time

import pytest
import redis

from pokerfest import stack
from pokerfest.celery import app
from tests.helpers.processes import process_env
from tournaments.tasks import HEARTBEAT_KEY


def wait_until(condition, what: str, child, logs, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert child.poll() is None, f"the worker exited while waiting for {what}:\n{logs()}"
        assert time.monotonic() < deadline, f"no {what} after {timeout} s:\n{logs()}"
        time.sleep(0.1)


@pytest.mark.django_db
def test_a_worker_holding_an_eta_task_outlives_a_restart_of_the_embedded_redis(processes, tmp_path):
    server = stack.EmbeddedRedis(stack.free_port(), tmp_path)
    server.start()
    try:
        worker = processes.start("worker", stack.worker_command(), env=process_env(REDIS_URL=server.url))
        log = processes.log_dir / "worker-0.log"
        wait_until(lambda: "ready." in log.read_text(), "ready worker", worker, processes.logs)
        with app.connection_for_write(server.url) as connection:
            # Far in the future: the worker holds it unacknowledged, like the next level boundary.
            app.send_task("clock.tasks.finish_day", args=[0], countdown=3600, connection=connection)
        wait_until(lambda: "clock.tasks.finish_day" in log.read_text(), "ETA task received", worker, processes.logs)

        server.process.kill()  # a crash, not a shutdown
        server.process.wait()
        wait_until(lambda: "Connection to broker lost" in log.read_text(), "lost connection", worker, processes.logs)
        server.start()  # the launcher's restart: same port, an empty Redis

        client = redis.Redis.from_url(server.url)
        with app.connection_for_write(server.url) as connection:
            app.send_task("tournaments.tasks.heartbeat", connection=connection)
        wait_until(
            lambda: client.get(HEARTBEAT_KEY) is not None,
            "task run after the restart",
            worker,
            processes.logs,
            timeout=90,
        )
        assert worker.poll() is None
        assert "Unrecoverable error" not in log.read_text()
    finally:
        server.stop()
