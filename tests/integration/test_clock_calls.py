"""Calling the clock on a player (CLK-CALL), with a real Celery worker declaring the hand dead."""

import time
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from clock.models import TableClock
from clock.services import calls
from tables.queries.floor import floor_view
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done
from tournaments.models import Event


def seat_numbers(tournament) -> list[int]:
    return sorted(int(s) for s in floor_view(tournament.id)["tables"][0]["players"])


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
def test_CLK_CALL_the_worker_declares_the_hand_dead_at_zero_and_logs_who_called(field, staff, processes, clean_queue):
    tournament = seated(field, staff)
    processes.worker()
    floor = Client()
    floor.force_login(staff["floor"])
    base = f"/api/tournaments/{tournament.id}/tables/1"
    assert Client().post(f"{base}/seats/1/call-clock/").status_code == 401
    seat = seat_numbers(tournament)[0]
    called = floor.post(f"{base}/seats/{seat}/call-clock/").json()
    assert (called["seat"], called["countdown_seconds"], called["outcome"]) == (seat, 1, None)
    again = floor.post(f"{base}/seats/{seat}/call-clock/")
    assert (
        again.status_code == 409 and again.json()["detail"] == f"A clock is already running at table 1, on seat {seat}."
    )

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
    seats = seat_numbers(tournament)
    calls.call_the_clock(tournament.id, 1, seats[0], staff["floor"])
    stopped = calls.player_acted(tournament.id, 1, staff["floor"])
    assert stopped["outcome"] == "acted" and floor_view(tournament.id)["tables"][0]["clock"] is None
    with pytest.raises(calls.Refused, match="Seat 9 at table 1 is empty"):
        calls.call_the_clock(tournament.id, 1, 9, staff["floor"])

    second = calls.call_the_clock(tournament.id, 1, seats[1], staff["floor"])
    clock = TableClock.objects.get(ended_at__isnull=True)
    assert calls.expire(clock.id) is False  # not yet zero: nothing happens
    TableClock.objects.filter(pk=clock.id).update(
        started_at=timezone.now() - timedelta(seconds=10), ends_at=timezone.now() - timedelta(seconds=7)
    )
    with pytest.raises(calls.Refused, match="Time ran out at table 1"):
        calls.player_acted(tournament.id, 1, staff["floor"])
    assert calls.expire_due() == 1  # beat's repair when the scheduled task was lost
    assert calls.expire(clock.id) is False and calls.expire_due() == 0  # once only
    assert Event.objects.filter(tournament=tournament, kind="clock.hand_dead").count() == 1
    assert second["seat"] == seats[1]


# The action clock with short numbers: 1 s to act, 1 s per extension, 1 chip each.
ACTION = {
    "preset": "action-clock",
    "clock": {"first_action_seconds": 1, "extension_seconds": 1, "starting_extensions": 1},
}


@pytest.mark.django_db(transaction=True)
def test_AC_EXT_the_worker_uses_an_extension_at_zero_then_declares_the_hand_dead(field, staff, processes, clean_queue):
    tournament, entries = field(8, tables=1)  # above six left: the first-action time applies
    tournament.ruleset = ACTION
    tournament.save()
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=4)
    processes.worker()
    seat = seat_numbers(tournament)[0]
    started = calls.start_action_clock(tournament.id, 1, seat, False, staff["floor"])
    assert (started["seconds"], started["extensions_left"]) == (1, 1)
    deadline = time.monotonic() + 30
    while not Event.objects.filter(tournament=tournament, kind="clock.hand_dead").exists():
        assert time.monotonic() < deadline, processes.logs()
        time.sleep(0.1)
    used = Event.objects.get(tournament=tournament, kind="action.extension_used")
    assert used.public["extensions_left"] == 0 and used.public["extensions_used"] == 1
    clock = TableClock.objects.get()
    assert clock.outcome == "hand dead" and clock.ended_at == clock.started_at + timedelta(seconds=2)
    player = clock.entry
    player.refresh_from_db()
    assert player.time_extensions == 0


@pytest.mark.django_db
def test_AC_TIMES_and_AC_CARRY_the_dealer_starts_each_action_and_chips_travel_with_the_player(field, staff):
    from tables.services.floor import move_by_hand

    tournament, entries = field(12, tables=2)
    tournament.ruleset = {"preset": "action-clock"}
    tournament.save()
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=4)
    view = floor_view(tournament.id)
    assert (
        view["action_clock"]
        and view["tables"][0]["players"][next(iter(view["tables"][0]["players"]))]["extensions"] == 10
    )
    seats = sorted(int(s) for s in view["tables"][0]["players"])
    first = calls.start_action_clock(tournament.id, 1, seats[0], False, staff["floor"])
    assert first["seconds"] == 15
    second = calls.start_action_clock(tournament.id, 1, seats[1], True, staff["floor"])
    assert second["seconds"] == 30  # chips in by choice
    assert TableClock.objects.get(seat=seats[0]).outcome == "acted"  # the next player's clock ended the last
    tournament.places_paid = 12
    tournament.save()
    assert calls.start_action_clock(tournament.id, 1, seats[2], False, staff["floor"])["seconds"] == 20  # ITM

    mover = TableClock.objects.get(seat=seats[0]).entry
    type(mover).objects.filter(pk=mover.pk).update(time_extensions=3)
    empty = next(s for s in range(1, 10) if str(s) not in view["tables"][1]["players"])
    move_by_hand(tournament.id, 1, seats[0], 2, empty, "table balance", staff["floor"])
    assert floor_view(tournament.id)["tables"][1]["players"][str(empty)]["extensions"] == 3  # AC-CARRY

    plain = field(2, tables=1)[0]
    open_tables(plain.id, [1], staff["director"])
    draw_field(plain.id, staff["director"], seed=1)
    with pytest.raises(calls.Refused, match="does not play with the action clock"):
        calls.start_action_clock(plain.id, 1, seat_numbers(plain)[0], False, staff["floor"])


@pytest.mark.django_db
def test_AC_REPLENISH_24_before_registration_closes_tops_up_at_the_level_after_it_closes(field, staff):
    from clock.models import Clock
    from clock.services import level_clock as clock_services
    from tables.services.floor import player_out
    from tournaments.services.desk import close_registration

    tournament, entries = field(26, tables=3)
    tournament.ruleset = {"preset": "action-clock"}
    tournament.save()
    open_tables(tournament.id, [1, 2, 3], staff["director"])
    draw_field(tournament.id, staff["director"], seed=4)
    low, high = entries[0], entries[1]
    type(low).objects.filter(pk=low.pk).update(time_extensions=2)
    type(high).objects.filter(pk=high.pk).update(time_extensions=9)
    seated = {
        s["entry"]: (t["number"], int(seat))
        for t in floor_view(tournament.id)["tables"]
        for seat, s in t["players"].items()
    }
    for entry in entries[2:4]:  # 24 left while registration is open: the top-up waits
        player_out(tournament.id, *seated[entry.id], staff["floor"])
    clock = Clock.objects.get(tournament=tournament)
    clock.refresh_from_db()
    assert clock.top_ups_waiting == [24] and not Event.objects.filter(kind="action.extensions_topped_up").exists()
    close_registration(tournament.id, staff["director"])
    player_out(tournament.id, *seated[entries[4].id], staff["floor"])  # a bust after closing: still waits
    assert not Event.objects.filter(kind="action.extensions_topped_up").exists()

    clock_services.start_clock(tournament.id, None)
    Clock.objects.filter(pk=clock.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    clock_services.advance_due_levels(tournament.id)  # the next level starts: now the top-up
    topped = Event.objects.get(tournament=tournament, kind="action.extensions_topped_up")
    assert topped.public == {"to": 6, "players_left": 23}
    low.refresh_from_db()
    high.refresh_from_db()
    assert (low.time_extensions, high.time_extensions) == (6, 9)  # up to six; more are kept
    clock.refresh_from_db()
    assert (clock.top_ups_done, clock.top_ups_waiting) == ([24], [])


@pytest.mark.django_db
def test_CLK_HEADSUP_the_tablet_counts_the_heads_up_hands_from_the_bust_that_leaves_two(field, staff):
    from tables.services.floor import player_out

    tournament, _ = field(3, tables=1)
    tournament.ruleset = {"preset": "chips"}
    tournament.save()
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=4)
    hand_done(tournament.id, 1, staff["floor"])
    assert floor_view(tournament.id)["tables"][0]["heads_up"] is None
    player_out(tournament.id, 1, seat_numbers(tournament)[0], staff["floor"])
    for _ in range(3):
        hand_done(tournament.id, 1, staff["floor"])
    assert floor_view(tournament.id)["tables"][0]["heads_up"] == {"played": 3, "minimum": 10, "to_play": 7}
