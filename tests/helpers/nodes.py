"""Nodes as on separate machines, for the integration tests: each a launcher (`python -m
pokerfest.stack run --node`) with a web process, a worker and beat on a port of its own, all
sharing this test's PostgreSQL database and a Redis namespace of their own
(tests/integration/test_nodes.py, and test_proxy.py with nginx in front). The nodes and the
proxy themselves are bench/cluster.py's, shared with the benchmarks and the two-node drill.
Waits are on state, each bounded."""

import json
import secrets
import time
import urllib.error
import urllib.request
from contextlib import ExitStack
from pathlib import Path

from django.conf import settings
from websockets.sync.client import ClientConnection, connect

from bench.cluster import START_WITHIN, Node, node_environment
from tests.helpers.processes import process_env

__all__ = ["START_WITHIN", "Node"]  # bench/cluster.py's, for the tests that import them from here

CSRF = secrets.token_hex(16)  # a CSRF secret of our own, sent as cookie and header


def node_env(var: Path, namespace: str, **extra) -> dict:
    """The environment every node of a test shares: the test database, a Redis namespace of the
    test's own, and none of the settings a node takes from its command line."""
    return node_environment(process_env(), var, namespace, **extra)


def call(node, method: str, path: str, cookie: str, body: dict | None = None) -> tuple[int, dict]:
    """A JSON request to `node.base` (a node, or the proxy in front of them)."""
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


def wait_until(condition, what: str, nodes: list, bound: float = 90):
    """The condition's first true answer, asked every 0.2 s; on timeout, every log's end."""
    deadline = time.monotonic() + bound
    while not (answer := condition()):
        if time.monotonic() > deadline:
            logs = "\n".join(f"--- {node.name}\n{node.printed()[-4000:]}" for node in nodes)
            raise AssertionError(f"no {what} within {bound:.0f} s\n{logs}")
        time.sleep(0.2)
    return answer


def serves(node, tournament_id: int) -> bool:
    try:
        return call(node, "GET", f"/api/tournaments/{tournament_id}/", "")[0] == 200
    except OSError:  # not listening yet, or its web process still starting
        return False


def session_cookie(client) -> str:
    """The Cookie header's part for a django.test.Client's session (in PostgreSQL: every node
    knows it)."""
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


def lobby_url(node, tournament_id: int) -> str:
    return f"{node.base.replace('http', 'ws', 1)}/ws/tournaments/{tournament_id}/lobby/"


class Lobby:
    """A lobby socket and every frame it has received, so a wait for one event keeps the others."""

    def __init__(self, node, tournament_id: int, sockets: ExitStack) -> None:
        self.socket: ClientConnection = sockets.enter_context(
            connect(lobby_url(node, tournament_id), origin=node.base, open_timeout=60)
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
