"""BTN-DRAW at a restart (pokerfest L175): "a draw for the button will be held at one table at
the beginning of each event and also for restarts". In a one-flight event played over days,
the director's resume that starts Day 2 draws the field's button again, logged with its seed."""

import random

import pytest
from django.test import Client

from clock.models import Clock
from clock.services import day
from clock.services import level_clock as clock_services
from tables.models import TournamentTable
from tables.queries.tables import table_state
from tables.rules import seating
from tables.services.draw import draw_field, open_tables
from tournaments.models import Event, Tournament

pytestmark = pytest.mark.django_db


def day_one_over(field, staff, preset="pokerfest"):
    tournament, _entries = field(20, tables=3)
    Tournament.objects.filter(pk=tournament.pk).update(ruleset_preset=preset)
    open_tables(tournament.id, [1, 2, 3], staff["director"])
    draw_field(tournament.id, staff["director"], seed=11)
    clock_services.start_clock(tournament.id, staff["director"])
    clock_services.pause_clock(tournament.id, staff["director"])
    tournament.tables.update(hands_left=0)  # every table played its last hand and bagged (CLK-EOD)
    assert day.finish_day(tournament.id)
    return tournament


def buttons(tournament):
    return {
        here.table.number: (here.button, here.small_blind, here.big_blind)
        for here in TournamentTable.objects.filter(tournament=tournament, broken_at__isnull=True).select_related(
            "table"
        )
    }


def test_BTN_DRAW_day_two_of_a_one_flight_event_restarts_with_one_button_draw_for_the_whole_field(field, staff):
    tournament = day_one_over(field, staff)
    # The day's last hands moved the buttons on, table by table.
    TournamentTable.objects.filter(tournament=tournament).update(button=None, small_blind=None, big_blind=None)
    director = Client()
    director.force_login(staff["director"])
    resumed = director.post(f"/api/tournaments/{tournament.id}/clock/resume/")
    assert resumed.status_code == 200 and resumed.json()["status"] == "running"

    event = Event.objects.filter(tournament=tournament, kind="clock.resumed").last()
    draw = event.public["button_draw"]
    assert event.public["day"] == 2 and set(draw) == {"table", "seat"}
    assert "button_seed" not in event.public and event.payload["button_draw"] == draw
    assert Clock.objects.get(tournament=tournament).day == 2
    # One draw at one table sets every table's button seat; its seed replays it.
    states = [table_state(here) for here in tournament.tables.filter(broken_at__isnull=True).order_by("table__number")]
    replayed, at = seating.draw_buttons(
        [seating.Table(s.number, s.seats, s.players) for s in states], random.Random(event.payload["button_seed"]), True
    )
    assert at == (draw["table"], draw["seat"])
    for state in states:
        assert replayed[state.number] == draw["seat"]
        # Where that seat is empty the button moves on as a dead button does.
        expected = draw["seat"] if draw["seat"] in state.players else state.next_occupied(draw["seat"])
        assert buttons(tournament)[state.number][0] == expected
        assert None not in buttons(tournament)[state.number]  # the first hand's blinds follow it

    # Resuming within the day is no restart: no new draw.
    before = buttons(tournament)
    clock_services.pause_clock(tournament.id, staff["director"])
    clock_services.resume_clock(tournament.id, staff["director"])
    assert "button_draw" not in Event.objects.filter(tournament=tournament, kind="clock.resumed").last().public
    assert buttons(tournament) == before


def test_BTN_DRAW_a_house_without_the_field_wide_draw_keeps_its_tables_buttons_at_the_restart(field, staff):
    tournament = day_one_over(field, staff, preset="action-clock")
    before = buttons(tournament)
    clock_services.resume_clock(tournament.id, staff["director"])
    event = Event.objects.filter(tournament=tournament, kind="clock.resumed").last()
    assert event.public["day"] == 2 and "button_draw" not in event.public
    assert buttons(tournament) == before
