"""Real pokerfest processes for the tests: daphne, a Celery worker and beat, talking to this test
run's PostgreSQL database and Redis namespace (the `processes` fixture starts them for one test;
tests/helpers/stack.py keeps one set running for many)."""

import os
import socket
import subprocess
import time
from pathlib import Path
from urllib.error import HTTPError
from urllib.parse import quote
from urllib.request import urlopen

import psutil
from django.conf import settings

from bench.cluster import kill_all
from pokerfest import stack


def database_url_for_children() -> str:
    db = settings.DATABASES["default"]
    auth = quote(db["USER"] or "postgres", safe="")
    if db.get("PASSWORD"):
        auth += ":" + quote(db["PASSWORD"], safe="")
    host = quote(db["HOST"] or "127.0.0.1", safe="")
    return f"postgres://{auth}@{host}:{db['PORT'] or 5432}/{db['NAME']}"


def process_env(**extra) -> dict:
    """The environment a worker or web process of this test run needs: the test database
    (pytest-django has switched NAME to it by now) and this run's Redis namespace."""
    return {
        **os.environ,
        "DATABASE_URL": database_url_for_children(),
        "REDIS_URL": settings.REDIS_URL,
        "POKERFEST_NAMESPACE": settings.NAMESPACE,
        "DJANGO_SETTINGS_MODULE": "tests.settings",
        "PYTHONUNBUFFERED": "1",
        **extra,
    }


class Processes:
    """Starts real pokerfest processes and stops them all afterwards."""

    def __init__(self, log_dir: Path):
        self.log_dir = log_dir
        self.running: list[subprocess.Popen] = []
        self.log_paths: list[Path] = []

    def start(self, name: str, command: list[str], **options) -> subprocess.Popen:
        path = self.log_dir / f"{name}-{len(self.running)}.log"
        with open(path, "w") as log:
            child = stack.spawn(
                command, options.pop("env", process_env()), stdout=log, stderr=subprocess.STDOUT, **options
            )
        self.running.append(child)
        self.log_paths.append(path)
        return child

    def log_of(self, child: subprocess.Popen) -> Path:
        return self.log_paths[self.running.index(child)]

    def worker(self, name: str | None = None) -> subprocess.Popen:
        """A worker; `name` (Celery's node name, `-n`) lets control commands address it alone."""
        return self.start("worker", stack.worker_command() + (["-n", name] if name else []))

    def beat(self) -> subprocess.Popen:
        return self.start(
            "beat",
            stack.beat_command(self.log_dir / "celerybeat-schedule"),
            # A short lease: a beat left by an earlier test, killed, hands over quickly.
            env=process_env(CLOCK_RECONCILE_SECONDS="1", HEARTBEAT_SECONDS="1", BEAT_LEASE_SECONDS="3"),
        )

    def web(self, sock: socket.socket | None = None, **env) -> tuple[str, socket.socket, subprocess.Popen]:
        """A daphne process on `sock` (a new one on a free port by default); the test keeps
        the socket, so another web process can take over the same address. `env`: settings
        of its own (e.g. a limit)."""
        sock = sock or stack.listening_socket("127.0.0.1", 0)
        port = sock.getsockname()[1]
        child = self.start("web", stack.web_command(sock), pass_fds=(sock.fileno(),), env=process_env(**env))
        url = f"http://127.0.0.1:{port}"
        wait_for_answer(url, child)
        return url, sock, child

    def live(self, **env) -> tuple[str, subprocess.Popen]:
        """The `live` process (pokerfest/live.py) on a free port; its ws:// base URL. `env`:
        settings of its own (e.g. a limit)."""
        sock = stack.listening_socket("127.0.0.1", 0)
        port = sock.getsockname()[1]
        child = self.start("live", stack.live_command(sock), pass_fds=(sock.fileno(),), env=process_env(**env))
        sock.close()  # the child holds it
        wait_for_log(self, child, "serving lobby sockets")
        return f"ws://127.0.0.1:{port}", child

    def log_sizes(self) -> dict[Path, int]:
        return {path: path.stat().st_size for path in self.log_dir.glob("*.log")}

    def logs(self, since: dict[Path, int] | None = None) -> str:
        """The end of every log (of what was written after `since`, a log_sizes(), if given)."""
        since = since or {}
        parts = []
        for path in sorted(self.log_dir.glob("*.log")):
            with open(path, "rb") as log:
                log.seek(since.get(path, 0))
                parts.append(f"--- {path.name}\n{log.read().decode(errors='replace')[-3000:]}")
        return "\n".join(parts)

    def stop(self) -> None:
        """Every process started here, and any they started themselves, ends here."""
        theirs = []
        for child in self.running:
            try:
                theirs += psutil.Process(child.pid).children(recursive=True)
            except psutil.NoSuchProcess:
                pass
        stack.stop_processes(self.running)
        kill_all(theirs)


def wait_for_answer(url: str, child: subprocess.Popen, bound: float = 180) -> None:
    """Until the web process answers a page. The socket listens before daphne starts (this
    test made it), so a connection proves nothing: on a loaded machine daphne's start took
    longer than a browser test's first page load may wait (issue 12, item 16)."""
    try:
        urlopen(f"{url}/accounts/login/", timeout=bound).close()  # waits in the socket's queue
    except HTTPError:
        pass  # an answer all the same
    except OSError as error:
        raise TimeoutError(f"the web process (exit code {child.poll()}) did not answer {url}: {error}") from None


def wait_for_log(processes: Processes, child: subprocess.Popen, text: str, timeout: float = 60) -> None:
    """Until the child's log says `text` (it must keep running meanwhile)."""
    path = processes.log_of(child)
    deadline = time.monotonic() + timeout
    while text not in path.read_text():
        assert child.poll() is None, f"{path.name} exited:\n{processes.logs()}"
        if time.monotonic() > deadline:
            raise TimeoutError(f"{path.name} did not say {text!r} within {timeout} s:\n{processes.logs()}")
        time.sleep(0.1)
