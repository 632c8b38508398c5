"""Calling the clock on a player (CLK-CALL), with a real Celery worker declaring the hand dead."""

import time
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from clock import calls
from clock.models import TableClock
from tables.services import draw_field, floor_view, hand_done, open_tables
from tournaments.models import Event

# pokerfest's call with short numbers: 2 s, then a 1 s countdown.
QUICK = {"preset": "pokerfest", "clock": {"short_level_minutes": None, "call_seconds": 2, "call_countdown_seconds": 1}}


def seated(field, staff, players=6):
    tournament, _ = field(players, tables=1)
    tournament.ruleset = QUICK
    tournament.save()
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=4)
    return tournament


@pytest.mark.django_db(transaction=True)
def test_CLK_CALL_the_worker_declares_the_hand_dead_at_zero_and_logs_who_called(field, staff, processes,
                                                                                clean_queue):
    tournament = seated(field, staff)
    processes.worker()
    floor = Client()
    floor.force_login(staff["floor"])
    base = f"/api/tournaments/{tournament.id}/tables/1"
    assert Client().post(f"{base}/seats/1/call-clock/").status_code == 401
    seat = sorted(int(s) for s in floor_view(tournament.id)["tables"][0]["players"])[0]
    called = floor.post(f"{base}/seats/{seat}/call-clock/").json()
    assert (called["seat"], called["countdown_seconds"], called["outcome"]) == (seat, 1, None)
    again = floor.post(f"{base}/seats/{seat}/call-clock/")
    assert again.status_code == 409 and again.json()["detail"] == f"A clock is already running at table 1, on seat {seat}."

    deadline = time.monotonic() + 30
    while not Event.objects.filter(tournament=tournament, kind="clock.hand_dead").exists():
        assert time.monotonic() < deadline, processes.logs()
        time.sleep(0.1)
    dead = Event.objects.get(tournament=tournament, kind="clock.hand_dead")
    assert dead.payload["called_by"] == staff["floor"].username and dead.public["seat"] == seat
    assert "called_by" not in dead.public
    assert TableClock.objects.get().ended_at == TableClock.objects.get().ends_at  # dead at zero, not when seen
    assert floor_view(tournament.id)["tables"][0]["clock"]["outcome"] == "hand dead"  # shown until hand done
    refused = floor.post(f"{base}/clock/acted/")
    assert refused.status_code == 409 and refused.json()["detail"] == "No clock is running at table 1."
    hand_done(tournament.id, 1, staff["floor"])
    assert floor_view(tournament.id)["tables"][0]["clock"] is None


@pytest.mark.django_db
def test_CLK_CALL_acting_in_time_stops_the_clock_and_a_lost_expiry_is_repaired(field, staff):
    tournament = seated(field, staff)
    seats = sorted(int(s) for s in floor_view(tournament.id)["tables"][0]["players"])
    calls.call_the_clock(tournament.id, 1, seats[0], staff["floor"])
    stopped = calls.player_acted(tournament.id, 1, staff["floor"])
    assert stopped["outcome"] == "acted" and floor_view(tournament.id)["tables"][0]["clock"] is None
    with pytest.raises(calls.Refused, match="Seat 9 at table 1 is empty"):
        calls.call_the_clock(tournament.id, 1, 9, staff["floor"])

    second = calls.call_the_clock(tournament.id, 1, seats[1], staff["floor"])
    clock = TableClock.objects.get(ended_at__isnull=True)
    assert calls.expire(clock.id) is False  # not yet zero: nothing happens
    TableClock.objects.filter(pk=clock.id).update(started_at=timezone.now() - timedelta(seconds=10),
                                                  ends_at=timezone.now() - timedelta(seconds=7))
    with pytest.raises(calls.Refused, match="Time ran out at table 1"):
        calls.player_acted(tournament.id, 1, staff["floor"])
    assert calls.expire_due() == 1  # beat's repair when the scheduled task was lost
    assert calls.expire(clock.id) is False and calls.expire_due() == 0  # once only
    assert Event.objects.filter(tournament=tournament, kind="clock.hand_dead").count() == 1
    assert second["seat"] == seats[1]
