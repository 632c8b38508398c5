"""The launcher's supervisor on a fake process and a fake clock: the pause before a restart
doubles while a process keeps dying, is back to one second once it has run a while, a failed
start is retried, and var/stack.json always names the running pids."""

import json
import os

import pytest

from pokerfest import supervisor
from pokerfest.supervisor import Child, Supervisor


class FakeProcess(Child):
    def __init__(self, name: str = "worker") -> None:
        super().__init__(name)
        self.running = False
        self.starts = 0
        self.refuse: str | None = None  # the error the next start raises

    def start(self) -> None:
        if self.refuse:
            raise RuntimeError(self.refuse)
        self.running = True
        self.starts += 1

    def ended(self) -> str | None:
        return None if self.running else "exited with -9"

    @property
    def pid(self) -> int | None:
        return 1000 + self.starts if self.running else None


@pytest.fixture
def clock(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(supervisor.time, "monotonic", lambda: now[0])
    return now


def test_the_pause_doubles_while_a_process_keeps_dying_and_resets_after_a_steady_run(tmp_path, clock, capsys):
    watched = Supervisor(tmp_path / "stack.json")
    worker = FakeProcess()
    watched.start(worker)
    pauses = []
    for _ in range(7):
        worker.running = False  # killed
        watched.look_after(worker)
        pauses.append(worker.restart_at - clock[0])
        clock[0] = worker.restart_at - 0.1
        watched.look_after(worker)
        assert not worker.running  # not before its pause is over
        clock[0] = worker.restart_at
        watched.look_after(worker)
        assert worker.running
    assert pauses == [1, 2, 4, 8, 16, 30, 30]
    printed = capsys.readouterr().out
    assert "[pokerfest] worker exited with -9; restarting in 1 s\n" in printed
    assert "[pokerfest] worker exited with -9; restarting in 4 s\n" in printed
    assert f"[pokerfest] worker restarted (pid {1000 + worker.starts})\n" in printed

    clock[0] += supervisor.STEADY_AFTER
    watched.look_after(worker)  # still running, for a minute now
    worker.running = False
    watched.look_after(worker)
    assert worker.restart_at - clock[0] == 1


def test_a_start_that_fails_is_retried_after_a_longer_pause(tmp_path, clock, capsys):
    watched = Supervisor(tmp_path / "stack.json")
    redis = FakeProcess("redis")
    watched.start(redis)
    redis.running, redis.refuse = False, "port 6390 is taken"
    watched.look_after(redis)
    clock[0] = redis.restart_at
    watched.look_after(redis)
    assert "[pokerfest] redis did not start (port 6390 is taken); restarting in 2 s" in capsys.readouterr().out
    redis.refuse = None
    clock[0] = redis.restart_at
    watched.look_after(redis)
    assert redis.running and redis.starts == 2


def test_the_status_file_names_each_running_pid_and_null_while_one_waits(tmp_path, clock):
    path = tmp_path / "stack.json"
    watched = Supervisor(path)
    web, worker = FakeProcess("web-1"), FakeProcess("worker")
    watched.start(web)
    watched.start(worker)
    assert json.loads(path.read_text()) == {"launcher": os.getpid(), "web-1": 1001, "worker": 1001}
    worker.running = False
    answers = iter([False] * 3)  # one round over both children, then stop
    watched.run(lambda: next(answers, True))
    assert json.loads(path.read_text())["worker"] is None
    clock[0] = worker.restart_at
    watched.look_after(worker)
    watched.write_status()
    assert json.loads(path.read_text())["worker"] == 1002
    watched.forget()
    assert not path.exists()
