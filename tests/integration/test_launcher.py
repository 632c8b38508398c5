"""`make run` as a newcomer meets it: `python -m pokerfest.stack run` with no DATABASE_URL or
REDIS_URL starts embedded PostgreSQL and Redis, serves the demo lobby with its clock running,
and Ctrl-C stops every process it started."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import psutil

from pokerfest import stack


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_run_with_no_services_installed_serves_the_demo_and_ctrl_c_leaves_nothing_running(tmp_path):
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "REDIS_URL")}
    env.update(PORT=str(port), POKERFEST_VAR=str(tmp_path / "var"), POKERFEST_NAMESPACE=f"launcher-{os.getpid()}",
               WEB_PROCESSES="2", PYTHONUNBUFFERED="1")
    env.pop("DJANGO_SETTINGS_MODULE", None)
    log = open(tmp_path / "run.log", "w+")
    launcher = subprocess.Popen([sys.executable, "-m", "pokerfest.stack", "run"], cwd=stack.ROOT, env=env,
                                stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 90
        while "pokerfest is running" not in (tmp_path / "run.log").read_text():
            assert launcher.poll() is None and time.monotonic() < deadline, (tmp_path / "run.log").read_text()
            time.sleep(0.2)
        printed = (tmp_path / "run.log").read_text()
        for screen in ("lobby", "desk", "floor", "director", "admin"):
            assert f"http://127.0.0.1:{port}/" in printed and screen in printed
        assert "director   password pokerfest-demo" in printed
        snapshot = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tournaments/1/", timeout=10))
        assert snapshot["clock"]["status"] == "running" and snapshot["tournament"]["name"] == "Demo Main Event"
        lobby = urllib.request.urlopen(f"http://127.0.0.1:{port}/tournaments/1/", timeout=10)
        assert lobby.status == 200
        started = psutil.Process(launcher.pid).children(recursive=True)
        commands = [" ".join(child.cmdline()) for child in started]
        assert sum("daphne" in c for c in commands) == 2
        assert any("celery" in c and " worker" in c for c in commands)
        assert any("celery" in c and " beat" in c for c in commands)
        assert any("redis-server" in c for c in commands)
        postgres = psutil.Process(int((tmp_path / "var/pgdata/postmaster.pid").read_text().split()[0]))
    finally:
        launcher.send_signal(signal.SIGINT)  # what Ctrl-C sends
        code = launcher.wait(60)
    assert code == 0, (tmp_path / "run.log").read_text()
    time.sleep(0.5)
    left = [child for child in [*started, postgres] if child.is_running() and child.status() != psutil.STATUS_ZOMBIE]
    assert left == [], [" ".join(child.cmdline()) for child in left]
