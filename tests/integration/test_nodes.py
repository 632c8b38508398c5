"""Two nodes, as on two machines: two launchers (`python -m pokerfest.stack run --node`), each
with a web process, a worker and beat on its own port, sharing this test's PostgreSQL database
and a Redis namespace of their own. An action through one node's API reaches a socket opened on
the other; a level boundary advances once though two workers and two beats could advance it;
killing the node whose beat runs the schedule (every one of its processes, as a machine losing
power) leaves the other serving HTTP and WebSockets, its beat takes over the schedule, and the
next level starts from the boundary, not from when the takeover came. Waits are on state, each
bounded; every process is stopped in `finally`."""

import os
import subprocess
import sys
from contextlib import ExitStack
from datetime import timedelta

import pytest
import redis
from django.conf import settings
from django.test import Client

from clock.models import Clock
from core import kinds
from pokerfest import stack
from tests.helpers.nodes import START_WITHIN, Lobby, Node, call, node_env, serves, session_cookie, wait_until
from tournaments.models import Event

LEVELS = (6, 30, 600)  # level 1 (30 s) outlasts the kill and the takeover on a loaded machine


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
    director = session_cookie(browser)
    namespace = f"{settings.NAMESPACE}-nodes"
    lease_key = f"{namespace}:beat"
    shared = redis.Redis.from_url(settings.REDIS_URL)
    shared.delete(lease_key, namespace)
    env = node_env(
        tmp_path / "var", namespace, BEAT_LEASE_SECONDS="5", CLOCK_RECONCILE_SECONDS="1", HEARTBEAT_SECONDS="1"
    )
    nodes: list[Node] = []  # filled inside `try`: a node started before a failure is stopped too
    sockets = ExitStack()
    try:
        for letter in "ab":
            nodes.append(Node(letter, env, tmp_path))
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
            f"pokerfest is running (1 web process, the live process on port {node.live_port}, "
            "a Celery worker and beat) as node" in node.printed()
            for node in nodes
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
