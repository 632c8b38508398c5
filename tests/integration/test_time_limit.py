"""The kentucky six-hour limit (CLK-LIMIT): the clock stops at the limit, once, even when the
scheduled task was lost, play cannot resume past it, and the director gets a chip-chop
proposal split as kentucky's sheet splits it."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from clock import tasks
from clock.models import Clock
from clock.services import level_clock as clock_services
from rules.refusals import Refused
from tournaments.models import Event, Tournament


@pytest.mark.django_db
def test_CLK_LIMIT_at_six_hours_the_clock_stops_and_the_director_gets_the_chip_chop(make_tournament, staff):
    tournament = make_tournament(level_seconds=(3600, 3600))
    Tournament.objects.filter(pk=tournament.pk).update(ruleset_preset="kentucky")
    started = clock_services.start_clock(tournament.id, None)
    clock = Clock.objects.get(tournament=tournament)
    assert started["limit_at"] is not None
    assert clock.limit_at() == clock.started_at + timedelta(hours=6)
    assert clock_services.enforce_time_limit(tournament.id) is None  # not yet

    Clock.objects.filter(pk=clock.pk).update(started_at=timezone.now() - timedelta(hours=6, seconds=1))
    assert tasks.reconcile_clocks() >= 1  # beat's repair when the scheduled task was lost
    stopped = Event.objects.get(tournament=tournament, kind="clock.time_limit")
    assert stopped.public["clock"]["status"] == "paused"
    assert tasks.reconcile_clocks() == 0 and clock_services.enforce_time_limit(tournament.id) is None  # once

    director = Client()
    director.force_login(staff["director"])
    # Play cannot resume past the limit: the Resume control is refused with a sentence, and the clock stays.
    resumed = director.post(f"/api/tournaments/{tournament.id}/clock/resume/")
    assert resumed.status_code == 409 and "play cannot resume" in resumed.json()["detail"]
    with pytest.raises(Refused, match="play cannot resume"):
        clock_services.resume_clock(tournament.id, staff["director"])
    assert Clock.objects.get(tournament=tournament).status == "paused"
    url = f"/api/tournaments/{tournament.id}/chip-chop/"
    proposal = director.post(
        url,
        {"stacks": {"7": 400_000, "12": 250_000, "3": 100_000}, "prizes": [1_000_000, 400_000, 200_000]},
        content_type="application/json",
    )
    # kentucky's sheet: 53.3% / 33.3% / 13.4% of $16,000 (the ruleset's rounded_percent split)
    assert proposal.json() == {"shares": {"7": 852_800, "12": 532_800, "3": 214_400}}
    bad = director.post(url, {"stacks": {"7": 0}, "prizes": [100]}, content_type="application/json")
    assert bad.status_code == 422 and bad.json()["detail"] == "Every remaining player has chips."
    floor = Client()
    floor.force_login(staff["floor"])
    assert floor.post(url, {"stacks": {"7": 1}, "prizes": [1]}, content_type="application/json").status_code == 403


@pytest.mark.django_db
def test_CLK_LIMIT_a_tournament_without_a_limit_shows_none(make_tournament):
    tournament = make_tournament()
    assert clock_services.start_clock(tournament.id, None)["limit_at"] is None
