"""One clock for every node (core/time_source.py): level ends, action clocks, penalty minutes,
the log's times and the screens' server_time are the database's time, so a node whose own clock
is off (here a web process under Debian's faketime, 30 s ahead) changes nothing a screen shows;
GET /health/ on that node reports its skew."""

import json
import shutil
import urllib.error
import urllib.request
from datetime import datetime, timedelta

import pytest
from django.test import Client

from clock.models import Clock
from core import time_source
from pokerfest import stack
from tests.helpers.nodes import call, session_cookie
from tests.helpers.processes import process_env, wait_for_answer
from tournaments.models import Event

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not shutil.which("faketime"), reason="needs Debian's faketime (make faketime)"),
]
AHEAD = 30  # seconds: more than any request takes on a loaded machine, so the bounds below tell


class Web:
    def __init__(self, base: str):
        self.base = base


def web_ahead(processes) -> Web:
    """A web process whose clock runs AHEAD seconds fast (its own wall clock only)."""
    sock = stack.listening_socket("127.0.0.1", 0)
    command = ["faketime", "-f", f"+{AHEAD}s", *stack.web_command(sock)]
    env = process_env(FAKETIME_DONT_FAKE_MONOTONIC="1")
    child = processes.start("web-ahead", command, env=env, pass_fds=(sock.fileno(),))
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    wait_for_answer(base, child)
    return Web(base)


def health(web: Web) -> dict:
    try:
        with urllib.request.urlopen(f"{web.base}/health/", timeout=60) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as unhealthy:  # no worker here: 503, with every check said
        return json.loads(unhealthy.read())


def test_a_node_whose_clock_is_off_changes_nothing_a_screen_shows_and_health_says_so(make_tournament, staff, processes):
    """CLK-CONTROL: the level's end is the same whichever node started the clock."""
    tournament = make_tournament(level_seconds=(600, 600))
    browser = Client()
    browser.force_login(staff["director"])
    director = session_cookie(browser)
    ahead = web_ahead(processes)
    right = Web(processes.web()[0])

    before = time_source.now()
    status, started = call(ahead, "POST", f"/api/tournaments/{tournament.id}/clock/start/", director, {})
    after = time_source.now()
    assert status == 200, started
    level = timedelta(seconds=600)
    # The level ends 600 s after the database's now, not after the fast node's own clock.
    assert before + level <= Clock.objects.get(pk=tournament.id).ends_at <= after + level
    assert before <= Event.objects.get(tournament=tournament, kind="clock.started").at <= after
    # Both nodes show the same level end, and the time the screens count from is the database's.
    shown = []
    for i, web in enumerate((ahead, right)):
        before = time_source.now().replace(microsecond=0)  # server_time is in milliseconds
        answer = call(web, "GET", f"/api/tournaments/{tournament.id}/?node={i}", director)[1]
        assert before <= answer_time(answer) <= time_source.now()
        shown.append(answer["clock"]["ends_at"])
    assert shown[0] == shown[1]

    fast, fine = health(ahead), health(right)
    assert fine["clock"] == "ok" and abs(fine["clock_skew_seconds"]) <= 1
    assert "off the database's" in fast["clock"] and AHEAD - 3 <= fast["clock_skew_seconds"] <= AHEAD + 3


def answer_time(answer: dict) -> datetime:
    return datetime.fromisoformat(answer["server_time"].replace("Z", "+00:00"))
