"""No process a test starts outlives it: the `processes` fixture's daphne and worker end with
the fixture, and a launcher (bench/cluster.py's, as test_nodes, test_proxy and the drills start
them) stops with every process of its own once whatever started it is gone, even killed outright
(SIGKILL: no `finally`, no fixture teardown). Waits are on state, each bounded."""

import json
import signal
import subprocess
import sys
import time

import psutil
import pytest
from django.conf import settings

from pokerfest import stack
from tests.helpers.nodes import START_WITHIN, node_env
from tests.helpers.processes import Processes

pytestmark = pytest.mark.django_db(transaction=True)

# A caller as a drill or a test is: it starts a node's launcher, says its pid, and waits to be killed.
CALLER = """
import json, sys
from pathlib import Path
from bench.cluster import start_launcher
env, port, live_port, log = json.loads(sys.argv[1]), sys.argv[2], sys.argv[3], Path(sys.argv[4])
launcher = start_launcher(["--node", "--port", port, "--web-processes", "1", "--live-port", live_port], env, log)
print(launcher.pid, flush=True)
sys.stdin.read()
"""


def session_children() -> set[int]:
    return {process.pid for process in psutil.Process().children(recursive=True)}


def alive(pids: set[int]) -> set[int]:
    """Those still running (a zombie has ended; only its parent has not reaped it yet)."""
    running = set()
    for pid in pids:
        try:
            if psutil.Process(pid).status() != psutil.STATUS_ZOMBIE:
                running.add(pid)
        except psutil.NoSuchProcess:
            pass
    return running


def test_no_process_of_the_processes_fixture_outlives_it(tmp_path):
    before = session_children()
    started = Processes(tmp_path)
    try:
        _url, sock, web = started.web()
        worker = started.worker()
        theirs = session_children() - before
        assert {web.pid, worker.pid} <= theirs
    finally:
        started.stop()
    sock.close()
    assert alive(theirs) == set(), "the fixture's processes outlived it"


def test_a_launcher_and_its_processes_stop_when_its_caller_is_killed_outright(tmp_path):
    namespace = f"{settings.NAMESPACE}-orphan"
    env = node_env(tmp_path / "var", namespace, HEARTBEAT_SECONDS="1")
    port, live_port = stack.free_port(), stack.free_port()
    status = tmp_path / "var" / f"node-{port}.json"
    log = tmp_path / "node.log"
    caller = subprocess.Popen(
        [sys.executable, "-c", CALLER, json.dumps(env), str(port), str(live_port), str(log)],
        cwd=stack.ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    launched: set[int] = set()
    try:
        launched.add(int(caller.stdout.readline()))
        deadline = time.monotonic() + START_WITHIN
        while not {"web-1", "live", "worker", "beat"} <= set(running := read_status(status)):
            assert caller.poll() is None and time.monotonic() < deadline, log.read_text(errors="replace")[-4000:]
            time.sleep(0.3)
        launched |= set(running.values())
        caller.kill()  # as a test or a drill killed outright: no teardown runs
        caller.wait()
        deadline = time.monotonic() + 120
        while alive(launched) and time.monotonic() < deadline:
            time.sleep(0.3)
        assert alive(launched) == set(), f"left running: {running}\n{log.read_text(errors='replace')[-4000:]}"
    finally:
        caller.kill()
        for pid in alive(launched):  # the test itself leaves nothing, whatever it found
            psutil.Process(pid).send_signal(signal.SIGKILL)


def read_status(path) -> dict[str, int]:
    try:
        return {name: pid for name, pid in json.loads(path.read_text()).items() if pid}
    except (OSError, ValueError):
        return {}
