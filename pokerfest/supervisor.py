"""Keeps the launcher's processes running (`python -m pokerfest.stack run`).

Each process has a short name: web-1, web-2, …, live (the lobby sockets), worker, beat, and, when the launcher started
them, redis and postgresql. One that dies is started again after a pause that doubles each
time it dies soon after a start (1 s, 2 s, 4 s … up to 30 s) and is back to 1 s once it has
run for a minute; the others keep serving meanwhile. Each restart is logged, e.g.
"[pokerfest] worker exited with -9; restarting in 1 s".

The status file (`var/stack.json`, or `var/node-<port>.json` for `run --node`; for fault drills
and monitoring) is one JSON object, name → pid, rewritten whenever a pid changes; `launcher` is
the launcher's own pid, and a process waiting to be restarted has null:

    {"launcher": 4100, "redis": 4101, "postgresql": 4102, "web-1": 4120, "web-2": 4121,
     "live": 4124, "worker": 4122, "beat": 4123}

The file is removed when the launcher stops.
"""

from __future__ import annotations

import ctypes
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRST_PAUSE = 1.0  # seconds before the first restart
LONGEST_PAUSE = 30.0
STEADY_AFTER = 60.0  # a process that ran this long is healthy again: its next pause is FIRST_PAUSE
POLL = 0.2


def say(message: str) -> None:
    print(f"[pokerfest] {message}", flush=True)


def _die_with_parent() -> None:
    # Linux: a child gets SIGTERM if the launcher dies, so nothing is left running.
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def spawn(command: list[str], env: dict[str, str], own_session: bool = True, **options) -> subprocess.Popen:
    """Start a child that dies with the launcher; in its own session so Ctrl-C reaches only
    the launcher, which then stops the children in order."""
    return subprocess.Popen(
        command,
        env=env,
        cwd=ROOT,
        start_new_session=own_session,
        preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
        **options,
    )


def stop_processes(children: list[subprocess.Popen], grace: float = 10.0) -> None:
    for child in children:
        if child.poll() is None:
            child.terminate()
    deadline = time.monotonic() + grace
    for child in children:
        try:
            child.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


class Child:
    """One supervised process. Subclasses say how it starts, whether it is still running and
    how it stops."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.pause = FIRST_PAUSE
        self.started_at = 0.0
        self.restart_at: float | None = None  # set while it waits to be restarted

    def start(self) -> None:
        raise NotImplementedError

    def ended(self) -> str | None:
        """None while it runs; once it has ended, how ("exited with -9")."""
        raise NotImplementedError

    @property
    def pid(self) -> int | None:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError


class Process(Child):
    """A child process the launcher starts with `spawn`."""

    def __init__(self, name: str, command: list[str], env: dict[str, str], **options) -> None:
        super().__init__(name)
        self.command, self.env, self.options = command, env, options
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = spawn(self.command, self.env, **self.options)

    def ended(self) -> str | None:
        if self.process is None:
            return "never started"
        code = self.process.poll()
        return None if code is None else f"exited with {code}"

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None and self.process.poll() is None else None

    def stop(self) -> None:
        if self.process is not None:
            stop_processes([self.process])


class Supervisor:
    """Restarts the children that die until `stopping()` says to stop."""

    def __init__(self, status_file: Path) -> None:
        self.status_file = status_file
        self.children: list[Child] = []
        self.written: dict[str, int | None] = {}

    def watch(self, child: Child) -> None:
        """Supervise a child that is already running (the embedded servers)."""
        child.started_at = time.monotonic()
        self.children.append(child)
        self.write_status()

    def start(self, child: Child) -> None:
        child.start()
        self.watch(child)

    def run(self, stopping: Callable[[], bool]) -> None:
        while not stopping():
            for child in self.children:
                self.look_after(child)
                if stopping():
                    break
            self.write_status()
            time.sleep(POLL)

    def look_after(self, child: Child) -> None:
        now = time.monotonic()
        if child.restart_at is None:
            how = child.ended()
            if how is None:
                if now - child.started_at >= STEADY_AFTER:
                    child.pause = FIRST_PAUSE
                return
            self.schedule_restart(child, f"{child.name} {how}")
        elif now >= child.restart_at:
            child.restart_at = None
            try:
                child.start()
            except Exception as error:  # noqa: BLE001 - any failure to start is retried, and said
                self.schedule_restart(child, f"{child.name} did not start ({error})")
                return
            child.started_at = time.monotonic()
            say(f"{child.name} restarted (pid {child.pid})")

    def schedule_restart(self, child: Child, what: str) -> None:
        say(f"{what}; restarting in {child.pause:g} s")
        child.restart_at = time.monotonic() + child.pause
        child.pause = min(child.pause * 2, LONGEST_PAUSE)

    def write_status(self) -> None:
        status = {"launcher": os.getpid(), **{child.name: child.pid for child in self.children}}
        if status != self.written:
            partial = self.status_file.with_suffix(".json.partial")
            partial.write_text(json.dumps(status, indent=1) + "\n")
            partial.replace(self.status_file)  # readers never see half a file
            self.written = status

    def forget(self) -> None:
        self.status_file.unlink(missing_ok=True)
