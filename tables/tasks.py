"""Celery tasks for the tables: thin, idempotent, given ids never model instances.

Entry floor, like the views: a task calls services; services queue tasks by name after commit
(core/schedule.py), so they never import this module.
"""

from celery import shared_task

from tables.queries.penalties import minutes_served
from tables.services import penalties


@shared_task(name="tables.tasks.settle_penalties")
def settle_penalties(tournament_id: int) -> int:
    """Scheduled (ETA) for when a penalty's minutes away would run out if play runs on: ends the
    penalties served by then (PEN-LADDER). Early (the clock was paused) it ends nothing."""
    return penalties.settle_due(tournament_id)


@shared_task(name="tables.tasks.settle_served_minutes")
def settle_served_minutes() -> int:
    """Beat's repair: minutes away served while the scheduled task was early (a pause, a break)
    or lost."""
    return sum(penalties.settle_due(tournament_id) for tournament_id in minutes_served())
