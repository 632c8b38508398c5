"""Issue 27, "Devices that drop": one tap pauses the level clock and every table's action clock
(AC-SUSPEND for the whole tournament) in one operation, logged; the tablets' running clocks stop."""

import pytest

from clock.models import Clock, TableClock
from clock.services import calls, suspensions
from clock.services import level_clock as clock_services
from tables.queries.floor import floor_view
from tables.services.draw import draw_field, open_tables
from tests.helpers.api import client_for

pytestmark = pytest.mark.django_db
JSON = "application/json"


def seated(field, staff, preset="action-clock"):
    tournament, _entries = field(12, tables=2)
    tournament.ruleset = {"preset": preset}
    tournament.save()
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=4)
    clock_services.start_clock(tournament.id, staff["director"])
    return tournament


def test_AC_SUSPEND_one_tap_pauses_the_level_clock_and_every_action_clock_logged(field, staff):
    tournament = seated(field, staff)
    for table in (1, 2):
        seat = sorted(int(s) for s in floor_view(tournament.id)["tables"][table - 1]["players"])[0]
        calls.start_action_clock(tournament.id, table, seat, False, staff["floor"])
    before = tournament.events.count()
    director = client_for("director", staff)
    base = f"/api/tournaments/{tournament.id}/clock"
    assert client_for("floor", staff).post(f"{base}/pause-everything/").status_code == 403
    answer = director.post(f"{base}/pause-everything/", {"reason": "the wifi is down"}, content_type=JSON)
    assert answer.status_code == 200 and answer.json()["status"] == "paused"
    clock = Clock.objects.get(tournament=tournament)
    assert clock.status == "paused" and clock.action_suspended == "the wifi is down"
    assert not TableClock.objects.filter(ended_at__isnull=True).exists()
    kinds = list(tournament.events.filter(seq__gt=before).order_by("seq").values_list("kind", flat=True))
    assert kinds == ["action.suspension", "clock.paused"]
    again = director.post(f"{base}/pause-everything/", content_type=JSON)
    assert again.status_code == 409 and tournament.events.count() == before + 2  # nothing half-written
    suspensions.resume_action_clock(tournament.id, None, staff["director"])
    clock_services.resume_clock(tournament.id, staff["director"])


def test_without_the_action_clock_only_the_level_clock_pauses(field, staff):
    tournament = seated(field, staff, preset="pokerfest")
    clock_services.pause_everything(tournament.id, staff["director"])
    clock = Clock.objects.get(tournament=tournament)
    assert clock.status == "paused" and clock.action_suspended == ""
    assert tournament.events.order_by("-seq").first().kind == "clock.paused"
