"""Two nodes, as on two machines: two launchers (`python -m pokerfest.stack run --node`), each
with a web process, a worker and beat on its own port, sharing this test's PostgreSQL database
and a Redis namespace of their own. An action through one node's API reaches a socket opened on
the other; a level boundary advances once though two workers and two beats could advance it;
killing the node whose beat runs the schedule (every one of its processes, as a machine losing
power) leaves the other serving HTTP and WebSockets, its beat takes over the schedule, and the
next level starts from the boundary, not from when the takeover came. Waits are on state, each
bounded; every process is stopped in `finally`."""

import json
import os
import secrets
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import ExitStack
from datetime import timedelta
from pathlib import Path

import psutil
import pytest
import redis
from django.conf import settings
from django.test import Client
from websockets.sync.client import ClientConnection, connect

from clock.models import Clock
from core import kinds
from pokerfest import stack
from tests.helpers.processes import process_env
from tournaments.models import Event

LEVELS = (6, 30, 600)  # level 1 (30 s) outlasts the kill and the takeover on a loaded machine
START_WITHIN = 240.0  # seconds for both nodes to migrate and serve on a busy machine
CSRF = secrets.token_hex(16)  # a CSRF secret of our own, sent as cookie and header


class Node:
    """One launcher and everything it started."""

    def __init__(self, letter: str, env: dict, folder: Path) -> None:
        self.port = stack.free_port()
        self.name = f"node-{letter}:{self.port}"
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = folder / f"node-{letter}.log"
        env = {**env, "POKERFEST_NODE_NAME": self.name}
        with open(self.log, "w") as out:
            self.launcher = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "pokerfest.stack",
                    "run",
                    "--node",
                    "--port",
                    str(self.port),
                    "--web-processes",
                    "1",
                ],
                cwd=stack.ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def printed(self) -> str:
        return self.log.read_text()

    def processes(self) -> list[psutil.Process]:
        try:
            launcher = psutil.Process(self.launcher.pid)
            return [launcher, *launcher.children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def kill(self) -> None:
        """Every process of the node at once: the launcher is frozen first, so it restarts
        nothing, and its children die by SIGKILL, so none of them cleans up (no lease is
        given back)."""
        everything = self.processes()
        self.launcher.send_signal(signal.SIGSTOP)
        for process in everything:
            try:
                process.kill()
            except psutil.NoSuchProcess:
                pass
        psutil.wait_procs(everything, timeout=30)

    def stop(self) -> list[psutil.Process]:
        """Ctrl-C, as an operator stops a node; whatever is still running after it is killed
        and returned."""
        everything = self.processes()
        if self.launcher.poll() is None:
            self.launcher.send_signal(signal.SIGINT)
            try:
                self.launcher.wait(60)
            except subprocess.TimeoutExpired:
                pass
        _, left = psutil.wait_procs(everything, timeout=10)
        for process in left:
            try:
                process.kill()
            except psutil.NoSuchProcess:
                pass
        psutil.wait_procs(left, timeout=30)
        return left


def call(node: Node, method: str, path: str, cookie: str, body: dict | None = None) -> tuple[int, dict]:
    headers = {"Accept": "application/json", "Cookie": f"{cookie}; csrftoken={CSRF}"}
    data = None
    if body is not None:
        headers.update({"Content-Type": "application/json", "X-CSRFToken": CSRF})
        data = json.dumps(body).encode()
    request = urllib.request.Request(f"{node.base}{path}", data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refusal:
        return refusal.code, json.loads(refusal.read() or b"null")


def wait_until(condition, what: str, nodes: list[Node], bound: float = 90):
    deadline = time.monotonic() + bound
    while not (answer := condition()):
        if time.monotonic() > deadline:
            logs = "\n".join(f"--- {node.name}\n{node.printed()[-4000:]}" for node in nodes)
            raise AssertionError(f"no {what} within {bound:.0f} s\n{logs}")
        time.sleep(0.2)
    return answer


def serves(node: Node, tournament_id: int) -> bool:
    try:
        return call(node, "GET", f"/api/tournaments/{tournament_id}/", "")[0] == 200
    except OSError:  # not listening yet, or its web process still starting
        return False


class Lobby:
    """A lobby socket and every frame it has received, so a wait for one event keeps the others."""

    def __init__(self, node: Node, tournament_id: int, sockets: ExitStack) -> None:
        self.socket: ClientConnection = sockets.enter_context(
            connect(
                f"ws://127.0.0.1:{node.port}/ws/tournaments/{tournament_id}/lobby/",
                origin=f"http://127.0.0.1:{node.port}",
                open_timeout=60,
            )
        )
        self.frames: list[dict] = []
        self.snapshot = self.frames[self.wait(lambda frame: True, "first frame", 60)]
        assert self.snapshot["type"] == "snapshot", self.snapshot

    def wait(self, matches, what: str, bound: float, after: int = -1) -> int:
        """The index of the first frame after `after` that matches, receiving until it comes."""
        deadline = time.monotonic() + bound
        looked = after + 1
        while True:
            for index in range(looked, len(self.frames)):
                if matches(self.frames[index]):
                    return index
            looked = len(self.frames)
            left = deadline - time.monotonic()
            assert left > 0, f"no {what} within {bound:.0f} s"
            self.frames.append(json.loads(self.socket.recv(timeout=left)))

    def event(self, kind: str, bound: float = 90, **clock) -> dict:
        """The event of this kind (with these clock fields)."""
        index = self.wait(
            lambda frame: (
                frame["type"] == "event"
                and frame["kind"] == kind
                and all(frame["data"]["clock"][key] == value for key, value in clock.items())
            ),
            f"{kind} {clock}",
            bound,
        )
        return self.frames[index]

    def heartbeats_after(self, event: dict, count: int, bound: float = 60) -> None:
        """Until `count` heartbeats have come after `event`: beat has run its periodic tasks (the
        clock repair among them, on the same period) that many times since."""
        index = self.frames.index(event)
        for _ in range(count):
            index = self.wait(lambda frame: frame["type"] == "heartbeat", "heartbeat", bound, after=index)


def level_starts(tournament_id: int) -> list[int]:
    return [
        event.payload["clock"]["level_index"]
        for event in Event.objects.filter(tournament_id=tournament_id, kind=kinds.CLOCK_LEVEL_STARTED.name).order_by(
            "seq"
        )
    ]


@pytest.mark.django_db(transaction=True)
def test_two_nodes_share_the_event_advance_each_level_once_and_one_survives_the_other(make_tournament, staff, tmp_path):
    """CLK-CONTROL on every screen whichever node serves it; CLK-LEVELS advanced exactly once."""
    tournament = make_tournament(level_seconds=LEVELS)
    browser = Client()
    browser.force_login(staff["director"])  # a session in PostgreSQL: every node knows it
    director = f"{settings.SESSION_COOKIE_NAME}={browser.cookies[settings.SESSION_COOKIE_NAME].value}"
    namespace = f"{settings.NAMESPACE}-nodes"
    lease_key = f"{namespace}:beat"
    shared = redis.Redis.from_url(settings.REDIS_URL)
    shared.delete(lease_key, namespace)
    env = process_env(
        POKERFEST_NAMESPACE=namespace,
        POKERFEST_VAR=str(tmp_path / "var"),
        BEAT_LEASE_SECONDS="5",
        CLOCK_RECONCILE_SECONDS="1",
        HEARTBEAT_SECONDS="1",
    )
    for name in ("PORT", "HOST", "WEB_PROCESSES", "POKERFEST_DEMO", "POKERFEST_BEAT", "POKERFEST_NODE"):
        env.pop(name, None)
    nodes = [Node("a", env, tmp_path), Node("b", env, tmp_path)]
    sockets = ExitStack()
    try:
        for node in nodes:
            wait_until(lambda: serves(node, tournament.id), f"answer from {node.name}", nodes, START_WITHIN)
        holder = wait_until(lambda: shared.get(lease_key), "beat holding the lease", nodes, START_WITHIN).decode()
        first = next(node for node in nodes if node.name == holder)  # its beat runs the schedule
        second = next(node for node in nodes if node is not first)
        wait_until(
            lambda: f"beat {second.name}: {first.name} runs the schedule; standing by" in second.printed(),
            "second beat standing by",
            nodes,
        )
        assert all(
            "pokerfest is running (1 web process, a Celery worker and beat) as node" in node.printed() for node in nodes
        )

        # The director starts the clock through the first node; a lobby on the second sees it.
        lobby = Lobby(second, tournament.id, sockets)
        assert lobby.snapshot["clock"]["status"] == "ready"
        status, started = call(first, "POST", f"/api/tournaments/{tournament.id}/clock/start/", director, {})
        assert status == 200, started
        assert lobby.event(kinds.CLOCK_STARTED.name, bound=30)["seq"] == lobby.snapshot["seq"] + 1

        # Level 1 starts once, though two workers and two beats could each start it.
        lobby.event(kinds.CLOCK_LEVEL_STARTED.name, level_index=1)
        level_one_ends = Clock.objects.get(tournament=tournament).ends_at

        # The node whose beat runs the schedule dies with everything on it.
        first.kill()
        clock = Clock.objects.get(tournament=tournament)
        assert clock.level_index == 1, "level 1 ended before the kill: this machine is too slow for the test"

        # The second node still serves pages and the API, with the same director's session.
        assert call(second, "GET", f"/api/tournaments/{tournament.id}/", director)[1]["clock"]["level_index"] == 1
        wait_until(lambda: shared.get(lease_key) == second.name.encode(), "takeover of the lease", nodes, 60)
        assert f"beat {second.name}: runs the schedule" in second.printed()

        # New sockets open on it, and an announcement through its API reaches them all.
        late = Lobby(second, tournament.id, sockets)
        assert late.snapshot["clock"]["level_index"] == 1
        status, made = call(
            second,
            "POST",
            f"/api/tournaments/{tournament.id}/announcements/",
            director,
            {"text": "One node is gone; play on."},
        )
        assert status == 200, made
        for screen in (lobby, late):
            frame = screen.event(kinds.ANNOUNCEMENT_MADE.name, bound=30)
            assert [shown["text"] for shown in frame["data"]["announcements"]] == ["One node is gone; play on."]

        # Level 2 starts on time: from level 1's planned end, however late the survivor got to it.
        level_two = lobby.event(kinds.CLOCK_LEVEL_STARTED.name, level_index=2, bound=LEVELS[1] + 60)
        clock = Clock.objects.get(tournament=tournament)
        assert (clock.level_index, clock.ends_at) == (2, level_one_ends + timedelta(seconds=LEVELS[2]))
        lobby.heartbeats_after(level_two, count=3)  # room for a second advance to show itself
        assert level_starts(tournament.id) == [1, 2]
    finally:
        sockets.close()
        left = [process for node in nodes for process in node.stop()]
        shared.delete(lease_key, namespace)
    # The survivor stops on Ctrl-C as a single launcher does, leaving nothing behind.
    assert left == [], [" ".join(process.cmdline()) for process in left]


def test_a_node_without_the_shared_servers_refuses_to_start_and_says_why():
    env = {name: value for name, value in os.environ.items() if name not in ("DATABASE_URL", "REDIS_URL")}
    refused = subprocess.run(
        [sys.executable, "-m", "pokerfest.stack", "run", "--node"],
        cwd=stack.ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert refused.returncode == 2
    assert (
        "a node shares PostgreSQL and Redis with the other nodes: set DATABASE_URL and REDIS_URL "
        "(an embedded server would be this node's alone)"
    ) in refused.stderr
