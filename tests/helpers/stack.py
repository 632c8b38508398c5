"""One web process, Celery worker and beat shared by the browser tests of a run (the `stack`
fixture in tests/browser/conftest.py), and what keeps each test from meeting an earlier one's.

The servers are separate processes, so the browser tests use a committed database: each test is
`django_db(transaction=True)`, and pytest-django empties every table after it (`flush`). The ids
go on counting (no RESTART IDENTITY), so nothing addressed to an earlier test's rows can reach a
later test's. Before each test, `forget_earlier_tests` also clears what lives outside PostgreSQL:

- the Celery queue (tasks an earlier test queued that the worker has not taken yet);
- the tasks the worker holds: ETA tasks (a level boundary, a clock call's end) and prefetched
  ones, revoked by id, so the worker discards each when its time comes;
- this run's keys in Redis (the pre-registration throttle's counts), but for beat's lease.

What it leaves: beat's lease and heartbeat (the same beat keeps running the schedule), and the
web process's sockets (an earlier test's browser contexts are closed; their groups are left).
"""

import socket
import time
from dataclasses import dataclass, field
from pathlib import Path
from subprocess import Popen

import redis
from celery import current_app
from django.conf import settings

from tests.helpers.processes import Processes, wait_for_log

BEAT_LEASE = "beat"  # pokerfest/beat.py: `<namespace>:beat`
KEPT = {BEAT_LEASE, "health:heartbeat"}  # tournaments/tasks.py: `<namespace>:health:heartbeat`
# Beat sends these every second or so, to whatever the database holds: no test's own.
PERIODIC = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}


@dataclass
class Stack:
    """daphne on `url` (its listening `socket`), a worker and beat, against the test database."""

    processes: Processes
    url: str
    socket: socket.socket
    web: Popen
    worker: Popen | None = None
    worker_name: str | None = None
    beat: Popen | None = None
    test_began: dict[Path, int] = field(default_factory=dict)

    @classmethod
    def start(cls, processes: Processes, worker_name: str | None = None) -> "Stack":
        url, sock, web = processes.web()
        worker = processes.worker(worker_name)
        beat = processes.beat()
        return cls(processes, url, sock, web, worker, worker_name, beat)

    def wait_until_ready(self) -> None:
        wait_for_log(self.processes, self.worker, "ready.", timeout=120)

    def logs_of_this_test(self) -> str:
        return self.processes.logs(since=self.test_began)

    def stop(self) -> None:
        self.processes.stop()
        self.socket.close()


def redis_client() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL)


def queue_keys(client: redis.Redis) -> list[bytes]:
    """The Celery queue of this run (kombu's Redis transport: the queue's name, and one key per
    priority step beside it)."""
    queue = settings.CELERY_TASK_DEFAULT_QUEUE
    return [queue.encode(), *client.scan_iter(match=f"{queue}\x06\x16*")]


def drop_queued_tasks() -> None:
    client = redis_client()
    client.delete(*queue_keys(client))


def forget_run_keys() -> list[bytes]:
    """Delete this run's own keys (`<namespace>:…`) but for beat's lease and heartbeat."""
    client = redis_client()
    prefix = f"{settings.NAMESPACE}:"
    kept = {f"{prefix}{name}".encode() for name in KEPT}
    gone = [key for key in client.scan_iter(match=f"{prefix}*") if key not in kept]
    if gone:
        client.delete(*gone)
    return gone


def ask_worker(worker_name: str, command: str, bound: float = 60):
    """A control command's answer from the one worker, waiting while it is busy with a task
    (a solo worker answers between tasks)."""
    inspect = current_app.control.inspect(destination=[worker_name], limit=1, timeout=5)
    deadline = time.monotonic() + bound
    while True:
        answers = getattr(inspect, command)()
        if answers and worker_name in answers:
            return answers[worker_name]
        if time.monotonic() > deadline:
            raise TimeoutError(f"worker {worker_name} did not answer {command!r} within {bound} s")


def held_tasks(worker_name: str) -> dict[str, dict]:
    """The tasks a test sent that the worker holds and will still run, by id: waiting for their
    ETA, or prefetched (beat's periodic tasks aside)."""
    held = [task["request"] for task in ask_worker(worker_name, "scheduled")]
    held += ask_worker(worker_name, "reserved")
    revoked = set(ask_worker(worker_name, "revoked"))
    return {task["id"]: task for task in held if task["name"] not in PERIODIC and task["id"] not in revoked}


def revoke_held_tasks(worker_name: str) -> set[str]:
    held = set(held_tasks(worker_name))
    if held:
        answers = current_app.control.revoke(list(held), destination=[worker_name], reply=True, limit=1, timeout=30)
        if not any(worker_name in answer for answer in answers or []):
            raise TimeoutError(f"worker {worker_name} did not confirm revoking {sorted(held)}")
    return held


def forget_earlier_tests(stack: Stack) -> None:
    """A clean slate outside PostgreSQL before a test on the shared stack (see the module's words)."""
    drop_queued_tasks()  # first: the worker takes nothing more of an earlier test's
    revoke_held_tasks(stack.worker_name)
    forget_run_keys()
    left = held_tasks(stack.worker_name)
    assert not left, f"the worker still holds tasks of an earlier test: {sorted(left)}"
    stack.test_began = stack.processes.log_sizes()
