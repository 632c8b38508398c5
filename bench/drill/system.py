"""The system under test: `python -m pokerfest.stack run` with its own embedded PostgreSQL and
Redis under a folder of the drill's (so a kill harms no one else), the staff logins, the
database for the invariants the API does not show, and the fault injector.

Which process is which comes from the launcher's var/stack.json (name -> pid) when it writes
one, else from the launcher's children by command line (and PostgreSQL's postmaster.pid).
"""

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

import psutil
import psycopg

from bench.cluster import start_launcher, stop_launcher, wait_for_running
from bench.drill.tally import Tally

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("web-1", "web-2", "worker", "beat", "redis", "postgresql")
RECOVER_WITHIN = 120.0  # seconds; longer is a violation


class System:
    def __init__(self, var: Path, port: int, tally: Tally):
        self.var, self.port, self.tally = var, port, tally
        self.base = f"http://127.0.0.1:{port}"
        self.log_path = var.parent / f"{var.name}-stack.log"
        self.launcher: subprocess.Popen | None = None
        # A developer's run, as `make run` is: the launcher marks its own processes so, but the
        # drill's manage.py commands (load_demo) run beside it and need the mark too, or a shell
        # without SECRET_KEY stops them (the image's POKERFEST_DEVELOPMENT=0 still wins).
        self.env = {"POKERFEST_DEVELOPMENT": "1"} | {
            key: value
            for key, value in os.environ.items()
            if key not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")
        }
        self.env.update(
            POKERFEST_VAR=str(var),
            PORT=str(port),
            POKERFEST_DEMO="0",
            PYTHONUNBUFFERED="1",
            POKERFEST_NAMESPACE=f"drill-{os.getpid()}",
            WEB_PROCESSES="2",
        )

    # Starting and stopping ------------------------------------------------------------

    def start(self) -> None:
        self.launch([], "drill: the system")
        self.wait_healthy(120)
        # The staff logins (director, floor, desk, cashier): the one management command that makes them.
        self.manage("load_demo", database_url=self.database_url(), redis_url=self.redis_url())

    def launch(self, arguments: list[str], what: str) -> None:
        """The launcher (bench/cluster.py's, as every launcher a drill or test starts), until it runs."""
        self.var.mkdir(parents=True, exist_ok=True)
        self.log_path.write_text("")  # "pokerfest is running" from an earlier run is no answer
        self.launcher = start_launcher(arguments, self.env, self.log_path)
        wait_for_running(self.launcher, self.log_path, what)

    def manage(self, *command: str, database_url: str, redis_url: str) -> None:
        """A manage.py command on the drill's system, in the drill's own environment."""
        env = {**self.env, "DATABASE_URL": database_url, "REDIS_URL": redis_url}
        subprocess.run(
            [sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL
        )

    def stop(self) -> None:
        if self.launcher is None:
            return
        started = []
        for pid in self.processes().values():  # anything the launcher leaves behind is killed
            try:
                started.append(psutil.Process(pid))
            except psutil.Error:
                pass
        stop_launcher(self.launcher, started)

    def alive(self) -> bool:
        return self.launcher is not None and self.launcher.poll() is None

    def wait_healthy(self, within: float) -> bool:
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            if self.healthy():
                return True
            time.sleep(0.25)
        return False

    def healthy(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.base}/health/", timeout=5) as answer:
                return answer.status == 200
        except (urllib.error.URLError, OSError, ValueError):
            return False

    # What runs where ------------------------------------------------------------------

    def postmaster(self) -> list[str]:
        """postmaster.pid: pid, data folder, start time, port, socket folder, ..."""
        try:
            return (self.var / "pgdata" / "postmaster.pid").read_text().split("\n")
        except OSError:
            return []

    def database_url(self) -> str:
        lines = self.postmaster()
        return f"postgres://postgres@{quote(lines[4], safe='')}:{lines[3]}/pokerfest"

    def redis_url(self) -> str:
        """The embedded Redis: on a port kept in var/redis.port (a supervising launcher), or
        on var/redis.sock (before it)."""
        port = self.var / "redis.port"
        return (
            f"redis://127.0.0.1:{port.read_text().strip()}/0" if port.exists() else f"unix://{self.var / 'redis.sock'}"
        )

    def database(self) -> psycopg.Connection:
        lines = self.postmaster()
        if len(lines) < 5:
            raise psycopg.OperationalError("PostgreSQL is not running (no postmaster.pid)")
        return psycopg.connect(
            host=lines[4], port=int(lines[3]), user="postgres", dbname="pokerfest", autocommit=True, connect_timeout=5
        )

    def processes(self) -> dict[str, int]:
        """name -> pid of every process a fault may hit."""
        written = self.var / "stack.json"
        if written.exists():
            try:
                found = json.loads(written.read_text())
                return {name: int(pid) for name, pid in found.items() if pid and psutil.pid_exists(int(pid))}
            except (ValueError, OSError, TypeError):
                pass
        found: dict[str, int] = {}
        try:
            children = psutil.Process(self.launcher.pid).children() if self.launcher else []
        except psutil.Error:
            children = []
        webs = []
        for child in children:
            try:
                command = " ".join(child.cmdline())
            except psutil.Error:
                continue
            if "daphne" in command:
                webs.append(child.pid)
            elif "celery" in command and " worker" in command:
                found["worker"] = child.pid
            elif "celery" in command and " beat" in command:
                found["beat"] = child.pid
            elif "redis-server" in command:
                found["redis"] = child.pid
        for number, pid in enumerate(sorted(webs), start=1):
            found[f"web-{number}"] = pid
        lines = self.postmaster()
        if lines and lines[0].strip().isdigit() and psutil.pid_exists(int(lines[0])):
            found["postgresql"] = int(lines[0])
        return found


class Faults:
    """Every `every` seconds, SIGKILL one process (a seeded choice among `targets`), then wait
    until it is replaced, /health/ answers 200 and every screen has had a heartbeat since the
    kill: that is a recovery, timed."""

    def __init__(self, system: System, every: float, targets: list[str], limit: int | None, seed: int, tally: Tally):
        self.system, self.every, self.targets, self.limit, self.tally = system, every, targets, limit, tally
        self.random = random.Random(seed)
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="drill-faults", daemon=True)
        self.done = 0
        self.screens: list = []  # the drill's screens, once open: a recovery waits for their heartbeat

    def start(self) -> None:
        if self.every > 0 and self.targets:
            self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        if self.thread.is_alive():
            self.thread.join(RECOVER_WITHIN + 10)

    def wait_for_the_planned(self) -> None:
        """Until --max-faults faults are injected and recovered from (play waits here near the
        end of a short run)."""
        if self.limit is None or not self.thread.is_alive():
            return
        self.thread.join()

    def _run(self) -> None:
        plan: list[str] = []
        while not self.stopping.wait(self.every):
            if self.limit is not None and self.done >= self.limit:
                return
            if not plan:  # each target once, in a seeded order, then again
                plan = self.random.sample(self.targets, len(self.targets))
            self.kill(plan.pop())

    def kill(self, name: str) -> None:
        running = self.system.processes()
        pid = running.get(name)
        if pid is None:
            self.tally.violation(f"fault: no process {name} to kill (running: {sorted(running)})")
            return
        print(f"[drill] fault: kill -9 {name} (pid {pid})", flush=True)
        killed_at = time.monotonic()
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            return
        self.recover(name, running, pid, killed_at)

    def recover(self, name: str, running: dict[str, int], pid: int | None, killed_at: float) -> None:
        """Counts the fault, then waits for its recovery (`pid`: the process killed, if one was)."""
        self.done += 1
        self.tally.faults[name] += 1
        self.tally.outage = True
        while time.monotonic() - killed_at < RECOVER_WITHIN:
            if not self.system.alive():
                self.tally.violation(f"the launcher exited after {name} was killed (no supervision?)")
                self.tally.outage = False
                return
            now = self.system.processes()
            # Every process named before is back and the killed pid is gone (web processes are
            # numbered by pid when found by command line, so a name alone may move).
            # And every screen has had a heartbeat since: beat, Redis, a worker and a web
            # process carried it, so the whole chain works again.
            # (Beat sends none once the tournament is over.)
            heard = all(screen.heartbeat_at > killed_at or screen.over() for screen in self.screens)
            if set(now) >= set(running) and pid not in now.values() and heard and self.system.healthy():
                seconds = time.monotonic() - killed_at
                self.tally.recovered(name, seconds)
                print(f"[drill] recovered: {name} after {seconds:.1f} s", flush=True)
                return
            time.sleep(0.2)
        self.tally.violation(f"{name} was not back within {RECOVER_WITHIN:.0f} s of its kill")
        self.tally.outage, self.tally.back_at = False, time.monotonic()
