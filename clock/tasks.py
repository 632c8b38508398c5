"""Celery tasks for the clock: thin, idempotent, given ids never model instances.

Entry floor, like the views: a task calls services. Services queue tasks by name after commit
(core/schedule.py), so they never import this module.
"""

from celery import shared_task

from clock.models import Clock
from clock.services import calls, day
from clock.services import level_clock as services
from core import time_source


@shared_task(name="clock.tasks.advance_level")
def advance_level(tournament_id: int, version: int) -> bool:
    """Scheduled (ETA) at a level boundary for the clock version that set it."""
    return services.advance_due_levels(tournament_id, version) is not None


@shared_task(name="clock.tasks.reconcile_clocks")
def reconcile_clocks() -> int:
    """Periodic repair: advance every running clock whose boundary passed unnoticed, and end
    every table clock whose time ran out unnoticed."""
    due = Clock.objects.filter(status=Clock.Status.RUNNING, ends_at__lte=time_source.now())
    advanced = 0
    for tournament_id in due.values_list("tournament_id", flat=True):
        if services.advance_due_levels(tournament_id) is not None:
            advanced += 1
    now = time_source.now()
    started = Clock.objects.filter(started_at__isnull=False, limit_reached=False).select_related("tournament")
    over = [clock.tournament_id for clock in started if (limit := clock.limit_at()) is not None and limit <= now]
    limits = sum(services.enforce_time_limit(tournament_id) is not None for tournament_id in over)
    timed_out = Clock.objects.filter(resume_at__lte=now).values_list("tournament_id", flat=True)
    limits += sum(services.end_time_out(tournament_id) is not None for tournament_id in timed_out)
    return advanced + calls.expire_due() + day.finish_due_days() + limits


@shared_task(name="clock.tasks.expire_table_clock")
def expire_table_clock(clock_id: int) -> bool:
    """Scheduled (ETA) for the moment a clock call or action clock reaches zero."""
    return calls.expire(clock_id)


@shared_task(name="clock.tasks.finish_day")
def finish_day(tournament_id: int) -> bool:
    """After a table's last hand of the day: ends the day once every table is done."""
    return day.finish_day(tournament_id)


@shared_task(name="clock.tasks.enforce_time_limit")
def enforce_time_limit(tournament_id: int) -> bool:
    """Scheduled (ETA) for the tournament's time limit (CLK-LIMIT)."""
    return services.enforce_time_limit(tournament_id) is not None


@shared_task(name="clock.tasks.end_time_out")
def end_time_out(tournament_id: int, version: int) -> bool:
    """Scheduled (ETA) for the end of a timed time-out, for the clock version that set it."""
    return services.end_time_out(tournament_id, version) is not None
