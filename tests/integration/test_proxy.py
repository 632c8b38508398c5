"""The proxy for real: Debian's nginx running deploy/nginx.conf itself (bench/cluster.py
writes only the upstream's servers, the listening address and the top-level file around it) in
front of two nodes, each a launcher with a web process, a worker and beat (tests/helpers/nodes.py).
Pages, /health/, the API and lobby sockets (routed to each node's live process) all go through the
proxy's one address; an action
through it reaches the sockets on both nodes. Then one node dies with every process on it (as a
machine losing power): the proxy goes on answering HTTP from the other, the screens whose socket
was on the dead node reconnect through the proxy and start again from a snapshot, and every
screen converges on the same seq, the log's last. Waits are on state, each bounded; every
process is stopped in `finally`. Skipped only where nginx is not installed (`make test`
installs Debian's)."""

import json
import random
import time
import urllib.error
import urllib.request
from contextlib import ExitStack, suppress

import psutil
import pytest
import redis
from django.conf import settings
from django.db.models import Max
from django.test import Client
from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.sync.client import ClientConnection, connect

from bench.cluster import Proxy, nginx_binary
from core import kinds
from tests.helpers.nodes import START_WITHIN, Node, call, lobby_url, node_env, serves, session_cookie, wait_until
from tournaments.models import Event

NGINX = nginx_binary()
SCREENS = 4  # least_conn spreads them two and two over the nodes
FIRST_PAUSE, LONGEST_PAUSE = 0.5, 10.0  # docs/live-protocol.md, "What a client does", step 4

pytestmark = pytest.mark.skipif(NGINX is None, reason="nginx is not installed (`make test` installs Debian's)")


class Screen:
    """A lobby screen as docs/live-protocol.md's client keeps one: a snapshot first, then events
    in seq order; a gap, or a heartbeat ahead of it, asks for a resync; when the socket closes it
    reconnects with backoff and starts again from a snapshot. `pump` takes what has arrived."""

    def __init__(self, proxy: Proxy, tournament_id: int) -> None:
        self.url, self.origin = lobby_url(proxy, tournament_id), proxy.base
        self.held = ExitStack()  # the open connection, closed as the screen lets it go
        self.socket: ClientConnection | None = None
        self.seq: int | None = None  # None while waiting for a snapshot
        self.clock: dict | None = None
        self.announcements: list[dict] = []
        self.connections = 0
        self.pause = FIRST_PAUSE
        self.reconnect_at = 0.0
        self.open()

    def open(self) -> None:
        self.socket = self.held.enter_context(connect(self.url, origin=self.origin, open_timeout=30))
        self.connections += 1
        self.seq = None

    def pump(self, timeout: float) -> None:
        if self.socket is None:
            if time.monotonic() < self.reconnect_at:
                return
            try:
                self.open()
            except (OSError, TimeoutError, WebSocketException):  # no node behind the proxy yet
                self.back_off()
                return
            self.pause = FIRST_PAUSE
        try:
            frame = json.loads(self.socket.recv(timeout=timeout))
        except TimeoutError:
            return
        except ConnectionClosed:
            self.close()
            self.back_off()
            return
        self.apply(frame)

    def back_off(self) -> None:
        """0.5 s doubling to 10 s, with jitter, so a room of screens does not come back in one burst."""
        self.reconnect_at = time.monotonic() + self.pause * random.uniform(0.5, 1.0)
        self.pause = min(self.pause * 2, LONGEST_PAUSE)

    def apply(self, frame: dict) -> None:
        if frame["type"] == "snapshot":
            self.seq, self.clock, self.announcements = frame["seq"], frame["clock"], frame["announcements"]
        elif self.seq is None:
            return  # a resync's snapshot is on its way
        elif frame["type"] == "event" and frame["seq"] == self.seq + 1:
            self.seq = frame["seq"]
            data = frame["data"] or {}
            self.clock = data.get("clock", self.clock)
            self.announcements = data.get("announcements", self.announcements)
        elif frame["type"] in ("event", "heartbeat") and frame["seq"] > self.seq:
            self.socket.send(json.dumps({"type": "resync"}))  # a lost event
            self.seq = None

    def close(self) -> None:
        self.held.close()
        self.socket = None


def follow(screens: list[Screen], condition, what: str, bound: float, logs: list) -> None:
    """Every screen takes its frames until the condition holds."""
    deadline = time.monotonic() + bound
    while not condition():
        for screen in screens:
            screen.pump(0.05)
        if time.monotonic() > deadline:
            seqs = [(screen.seq, screen.connections) for screen in screens]
            printed = "\n".join(f"--- {part.name}\n{part.printed()[-4000:]}" for part in logs)
            raise AssertionError(f"no {what} within {bound:.0f} s; (seq, connections) per screen: {seqs}\n{printed}")


def get(proxy: Proxy, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(f"{proxy.base}{path}", timeout=60) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as refusal:
        return refusal.code, refusal.read().decode()


def live_connections(nodes: list[Node]) -> int:
    """Open TCP connections into the nodes' live ports (nginx's, one per lobby socket)."""
    ports = {node.live_port for node in nodes}
    return sum(
        1 for c in psutil.net_connections("tcp") if c.status == psutil.CONN_ESTABLISHED and c.laddr.port in ports
    )


def last_seq(tournament_id: int) -> int:
    return Event.objects.filter(tournament_id=tournament_id).aggregate(Max("seq"))["seq__max"]


@pytest.mark.django_db(transaction=True)
def test_nginx_with_deploy_conf_serves_both_nodes_and_screens_converge_after_one_dies(make_tournament, staff, tmp_path):
    """CLK-CONTROL and TD-ANNOUNCE on every screen through the proxy, whichever node serves it."""
    tournament = make_tournament()
    browser = Client()
    browser.force_login(staff["director"])  # a session in PostgreSQL: every node knows it
    director = session_cookie(browser)
    namespace = f"{settings.NAMESPACE}-proxy"
    shared = redis.Redis.from_url(settings.REDIS_URL)
    shared.delete(f"{namespace}:beat", namespace)
    env = node_env(
        tmp_path / "var", namespace, BEAT_LEASE_SECONDS="5", CLOCK_RECONCILE_SECONDS="1", HEARTBEAT_SECONDS="1"
    )
    nodes: list[Node] = []  # filled inside `try`: a node started before a failure is stopped too
    proxy = None
    screens: list[Screen] = []
    try:
        for letter in "ab":
            nodes.append(Node(letter, env, tmp_path))
        for node in nodes:
            wait_until(lambda: serves(node, tournament.id), f"answer from {node.name}", nodes, START_WITHIN)
        proxy = Proxy(
            NGINX,
            [f"127.0.0.1:{node.port}" for node in nodes],
            [f"127.0.0.1:{node.live_port}" for node in nodes],
            tmp_path / "nginx",
        )
        logs = [*nodes, proxy]

        # HTTP through the proxy: a public page, and /health/ once a worker ran beat's heartbeat.
        status, page = get(proxy, f"/tournaments/{tournament.id}/")
        assert status == 200 and tournament.name in page
        wait_until(lambda: get(proxy, "/health/")[0] == 200, "healthy answer through the proxy", logs, 120)

        # Lobby sockets through the proxy (the WebSocket upgrade), spread over both nodes.
        screens = [Screen(proxy, tournament.id) for _ in range(SCREENS)]
        follow(screens, lambda: all(screen.seq is not None for screen in screens), "snapshots", 60, logs)
        assert {screen.clock["status"] for screen in screens} == {"ready"}
        # nginx routed each to a node's live process (deploy/nginx.conf's lobby location), none to daphne.
        assert live_connections(nodes) == SCREENS

        # The director's action through the proxy's API reaches every socket, on either node.
        status, started = call(proxy, "POST", f"/api/tournaments/{tournament.id}/clock/start/", director, {})
        assert status == 200, started
        follow(
            screens,
            lambda: all(screen.clock["status"] == "running" for screen in screens),
            "clock.started on every screen",
            30,
            logs,
        )
        assert {screen.seq for screen in screens} == {last_seq(tournament.id)}
        assert {screen.connections for screen in screens} == {1}

        # One node dies with everything on it.
        before = len(proxy.printed())
        nodes[0].kill()

        # HTTP keeps answering. The first request goes to the dead node (least_conn: it has no
        # connections left) and on to the other (proxy_next_upstream), so none of these fails.
        for _ in range(3):
            assert get(proxy, f"/tournaments/{tournament.id}/")[0] == 200
            assert serves(proxy, tournament.id)
        dead = f'upstream: "http://127.0.0.1:{nodes[0].port}/'
        moved_on = [line for line in proxy.printed()[before:].splitlines() if "[error]" in line and dead in line]
        assert any('request: "GET ' in line for line in moved_on), proxy.printed()[before:]

        # The sockets on the dead node closed; those screens reconnect through the proxy.
        follow(
            screens,
            lambda: any(screen.connections > 1 and screen.seq is not None for screen in screens),
            "screen reconnected",
            60,
            logs,
        )

        # An action through the proxy after the kill, with the director's same session.
        status, made = call(
            proxy, "POST", f"/api/tournaments/{tournament.id}/announcements/", director, {"text": "One node is gone."}
        )
        assert status == 200, made
        target = last_seq(tournament.id)
        follow(
            screens,
            lambda: all(
                screen.seq == target and [shown["text"] for shown in screen.announcements] == ["One node is gone."]
                for screen in screens
            ),
            f"every screen at seq {target} with the announcement",
            60,
            logs,
        )
        # The screens that were on the dead node came back through the proxy; the others never left.
        moved = [screen for screen in screens if screen.connections > 1]
        assert 0 < len(moved) < SCREENS, [screen.connections for screen in screens]
        assert {screen.clock["status"] for screen in screens} == {"running"}
        assert kinds.ANNOUNCEMENT_MADE.name in {
            event.kind for event in Event.objects.filter(tournament_id=tournament.id, seq=target)
        }
    finally:
        for screen in screens:
            with suppress(Exception):
                screen.close()
        if proxy is not None:
            proxy.stop()
        left = [process for node in nodes for process in node.stop()]
        shared.delete(f"{namespace}:beat", namespace)
    assert left == [], [" ".join(process.cmdline()) for process in left]
