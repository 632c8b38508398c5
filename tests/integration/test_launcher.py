"""`make run` as a newcomer meets it: `python -m pokerfest.stack run` with no DATABASE_URL or
REDIS_URL starts embedded PostgreSQL and Redis, serves the demo lobby with its clock running and
its lobby socket on the live process's port (which the page names), keeps serving while a web
process, the live process, the worker and the embedded Redis are killed (each is restarted), and
Ctrl-C stops every process it started. One launcher run proves it all."""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from pokerfest import stack


def test_run_with_no_services_installed_serves_the_demo_restarts_what_dies_and_ctrl_c_leaves_nothing_running(
    tmp_path,
):
    port, live_port = stack.free_port(), stack.free_port()
    # Not under tmp_path: another pytest session on this machine makes pytest's temporary root
    # private again (0700), and the embedded PostgreSQL's own user could no longer reach it.
    var = Path(tempfile.mkdtemp(prefix="pokerfest-launcher-")) / "var"
    env = {key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "REDIS_URL")}
    env.update(
        PORT=str(port),
        POKERFEST_VAR=str(var),
        POKERFEST_NAMESPACE=f"launcher-{os.getpid()}",
        WEB_PROCESSES="2",
        LIVE_LISTEN_PORT=str(live_port),
        PYTHONUNBUFFERED="1",
        HEARTBEAT_SECONDS="1",
    )
    env.pop("DJANGO_SETTINGS_MODULE", None)
    log = open(tmp_path / "run.log", "w+")
    launcher = subprocess.Popen(
        [sys.executable, "-m", "pokerfest.stack", "run"], cwd=stack.ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
    )
    seen: dict[int, psutil.Process] = {}

    def printed() -> str:
        return (tmp_path / "run.log").read_text()

    def status() -> dict:
        pids = json.loads((var / "stack.json").read_text())
        for pid in pids.values():
            if pid and pid not in seen:
                seen[pid] = psutil.Process(pid)  # every process ever started, to check none is left
        return pids

    def wait_until(condition, what: str, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            assert launcher.poll() is None, printed()
            assert time.monotonic() < deadline, f"no {what} after {timeout} s:\n{printed()}"
            time.sleep(0.2)

    def restarted(name: str, before: dict) -> bool:
        now = status().get(name)
        return now is not None and now != before[name]

    def answer(path: str) -> tuple[int, bytes] | None:
        """Status and body, or None when nothing answered (a loaded machine starts slowly)."""
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()
        except (urllib.error.URLError, TimeoutError):
            return None

    def lobby_status() -> int | None:
        answered = answer("/tournaments/1/")
        return answered and answered[0]

    def lobby_socket_snapshot(tournament: str) -> dict | None:
        """The live process's first frame on the lobby socket, as the lobby page opens it."""
        try:
            with connect(
                f"ws://127.0.0.1:{live_port}/ws/tournaments/{tournament}/lobby/",
                origin=f"http://127.0.0.1:{port}",
                open_timeout=30,
            ) as socket:
                return json.loads(socket.recv(timeout=30))
        except (OSError, TimeoutError, WebSocketException):
            return None

    def healthy() -> bool:
        answered = answer("/health/")
        return answered is not None and json.loads(answered[1])["healthy"]

    try:
        wait_until(lambda: "pokerfest is running" in printed(), "start", timeout=300)  # migrations on a busy machine
        for screen in ("lobby", "desk", "floor", "director", "admin"):
            assert f"http://127.0.0.1:{port}/" in printed() and screen in printed()
        assert "director   password pokerfest-demo" in printed()
        for page in ("schedule", "pre-register", "new event", "Main Event", "satellite", "side event"):
            assert page in printed()
        # The demo festival in progress (issue 22): the Main Event's Day 1B runs.
        running = re.search(rf"lobby +http://127.0.0.1:{port}/tournaments/(\d+)/", printed())[1]
        wait_until(lambda: answer(f"/api/tournaments/{running}/") is not None, "answer from a web process")
        snapshot = json.loads(answer(f"/api/tournaments/{running}/")[1])
        assert snapshot["clock"]["status"] == "running" and snapshot["tournament"]["name"] == "Day 1B"
        assert lobby_status() == 200
        # The lobby page opens its socket on the live process's port, which sends the snapshot.
        assert (
            f'<meta name="pokerfest-live-port" content="{live_port}">' in answer(f"/tournaments/{running}/")[1].decode()
        )
        first = lobby_socket_snapshot(running)
        assert first["type"] == "snapshot" and first["tournament"]["name"] == "Day 1B"
        started = psutil.Process(launcher.pid).children(recursive=True)
        commands = [" ".join(child.cmdline()) for child in started]
        assert sum("daphne" in c for c in commands) == 2
        assert sum("pokerfest.live" in c for c in commands) == 1
        assert any("celery" in c and " worker" in c for c in commands)
        assert any("celery" in c and " beat" in c for c in commands)
        assert any("redis-server" in c for c in commands)
        before = status()
        assert set(before) == {"launcher", "redis", "postgresql", "web-1", "web-2", "live", "worker", "beat"}
        assert before["launcher"] == launcher.pid

        # The embedded Redis dies: it is restarted on its port; the worker, holding the demo
        # clock's next level as an ETA task, lives on, and beat's heartbeat runs again on it.
        wait_until(healthy, "healthy system before the Redis restart")
        os.kill(before["redis"], signal.SIGKILL)
        wait_until(lambda: restarted("redis", before), "Redis restart")
        assert "redis exited with -9; restarting in 1 s" in printed()
        wait_until(healthy, "healthy system after the Redis restart")
        assert status()["worker"] == before["worker"]

        # The worker dies: it is restarted.
        os.kill(before["worker"], signal.SIGKILL)
        wait_until(lambda: restarted("worker", before), "worker restart")
        assert "worker exited with -9; restarting in 1 s" in printed()

        # The live process dies: it is restarted, and a lobby socket opens on it again.
        os.kill(before["live"], signal.SIGKILL)
        wait_until(lambda: restarted("live", before), "live restart")
        assert "live exited with -9; restarting in 1 s" in printed()
        wait_until(lambda: lobby_socket_snapshot(running) is not None, "lobby socket after the live restart")

        # A web process dies: the other one answers every request until it is back.
        os.kill(before["web-1"], signal.SIGKILL)
        deadline = time.monotonic() + 120
        while not restarted("web-1", before):
            assert lobby_status() == 200
            assert launcher.poll() is None and time.monotonic() < deadline, printed()
        assert "web-1 exited with -9; restarting in 1 s" in printed()
        assert lobby_status() == 200
        postgres = psutil.Process(int((var / "pgdata/postmaster.pid").read_text().split()[0]))
    finally:
        launcher.send_signal(signal.SIGINT)  # what Ctrl-C sends
        code = launcher.wait(60)
        status_file_left = (var / "stack.json").exists()
        shutil.rmtree(var.parent, ignore_errors=True)
    assert code == 0, printed()
    assert not status_file_left
    _, left = psutil.wait_procs([*started, *seen.values(), postgres], timeout=10)
    left = [child for child in left if child.is_running() and child.status() != psutil.STATUS_ZOMBIE]
    assert left == [], [" ".join(child.cmdline()) for child in left]
