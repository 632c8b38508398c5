"""Director controls beyond start/pause (CLK-CONTROL): skip a break, a timed time-out."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import timezone

from clock import tasks
from clock.models import Clock
from clock.services import level_clock as services
from tournaments.models import Event, Tournament


@pytest.mark.django_db
def test_CLK_CONTROL_a_timed_time_out_resumes_by_itself_and_skip_break_ends_a_break(make_tournament, staff):
    tournament = make_tournament(level_seconds=(600, 300, 600), breaks=(1,))
    director = Client()
    director.force_login(staff["director"])
    base = f"/api/tournaments/{tournament.id}/clock"
    director.post(f"{base}/start/")
    bad = director.post(f"{base}/time-out/", {"minutes": 0}, content_type="application/json")
    assert bad.status_code == 422  # the schema's bounds are the service's: 1 to 120 minutes
    assert bad.json()["detail"] == "Invalid input — minutes: Input should be greater than or equal to 1"
    paused = director.post(
        f"{base}/time-out/", {"minutes": 5, "reason": "medical"}, content_type="application/json"
    ).json()
    assert paused["status"] == "paused" and paused["resume_at"] is not None
    assert Event.objects.get(kind="clock.time_out").payload["reason"] == "medical"
    assert services.end_time_out(tournament.id) is None  # five minutes are not over
    clock = Clock.objects.get(tournament=tournament)
    assert services.end_time_out(tournament.id, clock.version - 1) is None  # a stale task does nothing
    Clock.objects.filter(pk=clock.pk).update(resume_at=timezone.now() - timedelta(seconds=1))
    assert tasks.reconcile_clocks() >= 1  # resumed, even without the scheduled task
    clock.refresh_from_db()
    assert (clock.status, clock.resume_at) == ("running", None)
    assert Event.objects.filter(kind="clock.resumed").last().actor is None

    refused = director.post(f"{base}/skip-break/")
    assert refused.status_code == 409 and refused.json()["detail"] == "The clock is not on a break."
    Clock.objects.filter(pk=clock.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    services.advance_due_levels(tournament.id)  # now on the break
    skipped = director.post(f"{base}/skip-break/").json()
    assert skipped["level_index"] == 2 and skipped["remaining_ms"] > 590_000

    services.time_out(tournament.id, staff["director"], 3)
    early = services.resume_clock(tournament.id, staff["director"])  # the director ends it early
    assert early["resume_at"] is None and Clock.objects.get(pk=clock.pk).resume_at is None


@pytest.mark.django_db
def test_CLK_LEVELS_a_started_clocks_structure_is_kept_and_a_new_clock_takes_any(make_tournament, staff):
    tournament = make_tournament()
    clock = Clock.objects.get(tournament=tournament)
    other = make_tournament(name="Other").clock.structure
    clock.structure = other
    clock.clean()  # ready: its structure may still change
    services.start_clock(tournament.id, None)
    clock.refresh_from_db()
    clock.structure = other
    with pytest.raises(ValidationError, match="only before the clock starts"):
        clock.clean()
    fresh = Tournament.objects.create(festival=tournament.festival, name="Unclocked")
    Clock(tournament=fresh, structure=other).clean()  # not stored yet: nothing to keep
