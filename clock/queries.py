"""Reads of the clock that other floors need: the level a hand dealt now plays, and the
current level's length.

Query floor: below every service; reads only the clock's models and rules.
"""

from datetime import timedelta

from django.utils import timezone

from clock import timeline
from clock.models import Clock


def _clock(tournament_id: int) -> Clock | None:
    return Clock.objects.filter(tournament_id=tournament_id).select_related("structure").first()


def level_now(tournament_id: int) -> int | None:
    """The level the clock shows now (None without a clock): the limits a hand dealt now uses."""
    clock = _clock(tournament_id)
    if clock is None:
        return None
    return timeline.view(clock.state, clock.structure.timeline_levels(), timezone.now()).level_index


def level_duration(tournament_id: int, now) -> timedelta:
    """The current level's length, which sets pokerfest's clock call; a full-length call before
    the clock has a structure."""
    clock = _clock(tournament_id)
    if clock is None:
        return timedelta(hours=1)
    return timeline.view(clock.state, clock.structure.timeline_levels(), now).level.duration
