"""The action clock's period and its suspension (action-clock rulebook: "Should a tournament day
conclude during the Action Clock period of play"; "The Tournament Action Clock will NOT be
suspended unless an extreme situation arises in which play will be halted"). AC-PERIOD: the
ruleset says from which level or day it runs, and to which. AC-SUSPEND: the director suspends it
at a table or for the whole tournament, with a reason, logged, and resumes it."""

import pytest
from django.test import Client

from clock.models import Clock, TableClock
from clock.services import calls, day, suspensions
from clock.services import level_clock as clock_services
from rules.refusals import Refused
from tables.queries.floor import floor_view
from tables.services.draw import draw_field, open_tables
from tournaments.models import Event
from tournaments.rules.rulesets import Ruleset

pytestmark = pytest.mark.django_db
JSON = "application/json"


def seated(field, staff, clock=None):
    tournament, _entries = field(12, tables=2)
    tournament.ruleset = {"preset": "action-clock", "clock": clock or {}}
    tournament.save()
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=4)
    return tournament


def seats_at(tournament, table):
    return sorted(int(s) for s in floor_view(tournament.id)["tables"][table - 1]["players"])


def test_AC_PERIOD_the_action_clock_runs_from_the_rulesets_level_to_its_last(field, staff):
    tournament = seated(field, staff, {"action_clock_from_level": 2, "action_clock_until_level": 2})
    seat = seats_at(tournament, 1)[0]
    clock_services.start_clock(tournament.id, staff["director"])
    with pytest.raises(Refused, match=r"^The action clock runs from level 2; this is level 1\.$"):
        calls.start_action_clock(tournament.id, 1, seat, False, staff["floor"])
    assert floor_view(tournament.id)["action_clock_now"]["outside"] == (
        "The action clock runs from level 2; this is level 1."
    )
    clock_services.go_to_level(tournament.id, staff["director"], 1)
    assert calls.start_action_clock(tournament.id, 1, seat, False, staff["floor"])["seconds"] == 15  # AC-TIMES
    assert floor_view(tournament.id)["action_clock_now"]["outside"] is None
    clock_services.go_to_level(tournament.id, staff["director"], 2)
    with pytest.raises(Refused, match=r"^The action clock ran until level 2; this is level 3\.$"):
        calls.start_action_clock(tournament.id, 1, seat, False, staff["floor"])


def test_AC_PERIOD_the_action_clock_runs_from_the_rulesets_day(field, staff):
    tournament = seated(field, staff, {"action_clock_from_day": 2})
    seat = seats_at(tournament, 1)[0]
    clock_services.start_clock(tournament.id, staff["director"])
    with pytest.raises(Refused, match=r"^The action clock runs from Day 2; this is Day 1\.$"):
        calls.start_action_clock(tournament.id, 1, seat, False, staff["floor"])
    clock_services.pause_clock(tournament.id, staff["director"])
    tournament.tables.update(hands_left=0)  # the day's last hands played and bagged (CLK-EOD)
    assert day.finish_day(tournament.id)
    clock_services.resume_clock(tournament.id, staff["director"])  # Day 2
    assert calls.start_action_clock(tournament.id, 1, seat, False, staff["floor"])["seconds"] == 15


def test_AC_PERIOD_a_period_that_ends_before_it_starts_is_refused_with_a_sentence():
    ruleset = {"preset": "action-clock", "clock": {"action_clock_from_level": 5, "action_clock_until_level": 3}}
    with pytest.raises(ValueError, match=r"clock.action_clock_until_level must be 5 or later"):
        Ruleset.from_json(ruleset)


def test_AC_SUSPEND_the_director_suspends_the_action_clock_at_a_table_with_a_reason_logged(field, staff):
    tournament = seated(field, staff)
    clock_services.start_clock(tournament.id, staff["director"])
    one, two = seats_at(tournament, 1)[0], seats_at(tournament, 2)[0]
    calls.start_action_clock(tournament.id, 1, one, False, staff["floor"])
    director, floor = Client(), Client()
    director.force_login(staff["director"])
    floor.force_login(staff["floor"])
    base = f"/api/tournaments/{tournament.id}/action-clock"

    assert floor.post(f"{base}/suspend/", {"table": 1, "reason": "x"}, content_type=JSON).status_code == 403
    unsaid = director.post(f"{base}/suspend/", {"table": 1, "reason": " "}, content_type=JSON)
    assert unsaid.status_code == 409 and unsaid.json()["detail"] == (
        "Say why the action clock is suspended: the reason goes in the tournament log."
    )
    done = director.post(f"{base}/suspend/", {"table": 1, "reason": "a player collapsed"}, content_type=JSON)
    assert done.status_code == 200 and done.json() == {"table": 1, "suspended": True}
    event = Event.objects.filter(tournament=tournament, kind="action.suspension").last()
    assert event.public == {"table": 1, "suspended": True} and event.payload["reason"] == "a player collapsed"
    assert event.actor == staff["director"]
    # The time running on the player stops: nobody's hand dies while play is halted.
    assert TableClock.objects.get(tournament=tournament, seat=one).outcome == "suspended"
    with pytest.raises(Refused, match=r"suspended the action clock at table 1 \(a player collapsed\)"):
        calls.start_action_clock(tournament.id, 1, one, False, staff["floor"])
    assert calls.start_action_clock(tournament.id, 2, two, False, staff["floor"])["seconds"] == 15  # table 2 plays on
    assert floor_view(tournament.id)["action_clock_now"]["tables_suspended"] == {1: "a player collapsed"}
    again = director.post(f"{base}/suspend/", {"table": 1, "reason": "again"}, content_type=JSON)
    assert again.json()["detail"] == "The action clock is suspended already at table 1: resume it first."

    resumed = director.post(f"{base}/resume/", {"table": 1}, content_type=JSON)
    assert resumed.status_code == 200 and resumed.json() == {"table": 1, "suspended": False}
    assert calls.start_action_clock(tournament.id, 1, one, False, staff["floor"])["seconds"] == 15
    not_suspended = director.post(f"{base}/resume/", {"table": 1}, content_type=JSON)
    assert not_suspended.json()["detail"] == "The action clock is not suspended at table 1."
    assert [e.public["suspended"] for e in Event.objects.filter(tournament=tournament, kind="action.suspension")] == [
        True,
        False,
    ]


def test_AC_SUSPEND_for_the_whole_tournament_every_tables_clock_stops_until_the_director_resumes_it(field, staff):
    tournament = seated(field, staff)
    clock_services.start_clock(tournament.id, staff["director"])
    one, two = seats_at(tournament, 1)[0], seats_at(tournament, 2)[0]
    calls.start_action_clock(tournament.id, 2, two, False, staff["floor"])
    suspensions.suspend_action_clock(tournament.id, 1, "spill at the table", staff["director"])
    answer = suspensions.suspend_action_clock(tournament.id, None, "fire alarm: the room is cleared", staff["director"])
    assert answer == {"table": None, "suspended": True}
    assert not TableClock.objects.filter(ended_at__isnull=True).exists()
    for table, seat in ((1, one), (2, two)):
        with pytest.raises(Refused, match=r"^The director suspended the action clock \(fire alarm"):
            calls.start_action_clock(tournament.id, table, seat, False, staff["floor"])
    with pytest.raises(Refused, match="suspended for the whole tournament: resume it for every table"):
        suspensions.resume_action_clock(tournament.id, 2, staff["director"])
    suspensions.resume_action_clock(tournament.id, None, staff["director"])
    clock = Clock.objects.get(tournament=tournament)
    assert (clock.action_suspended, clock.action_suspended_tables) == ("", {})  # every table resumes
    assert calls.start_action_clock(tournament.id, 1, one, False, staff["floor"])["seconds"] == 15


def test_AC_SUSPEND_only_where_the_action_clock_is_played(field, staff):
    tournament, _ = field(2, tables=1)
    with pytest.raises(Refused, match="does not play with the action clock"):
        suspensions.suspend_action_clock(tournament.id, None, "fire alarm", staff["director"])
