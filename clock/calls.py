"""Calling the clock on a player, from the floor tablet (CLK-CALL).

The floor person starts it; the table's tablet shows the countdown; the player acting stops
it; at zero a task (scheduled for that moment, repaired by beat if it is lost) declares the
hand dead and logs who called the clock. One clock at a time per table, in the database.
"""

from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from clock import table_clocks, timeline
from clock.models import Clock, TableClock
from pokerfest.refusals import Refused
from tables.services import lock_tournament, open_table, sitting_at
from tournaments import events


def call_the_clock(tournament_id: int, table_number: int, seat: int, actor, request_key: str | None = None) -> dict:
    now = timezone.now()
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if repeated := events.earlier(tournament_id, request_key):
            return repeated.public
        here = open_table(tournament, table_number)
        sitting = sitting_at(here, seat)
        running = here.clocks.filter(ended_at__isnull=True).first()
        if running is not None:
            raise Refused(f"A clock is already running at table {table_number}, on seat {running.seat}.")
        call = table_clocks.call_clock(tournament.rules().clock, seat, _level_duration(tournament_id, now), now)
        try:
            with transaction.atomic():
                clock = TableClock.objects.create(
                    tournament=tournament, tournament_table=here, seat=seat, entry=sitting.entry,
                    kind=TableClock.Kind.CALL, hand=here.hands_dealt, started_at=now, ends_at=call.ends_at,
                    countdown_seconds=call.countdown, called_by=actor if getattr(actor, "pk", None) else None)
        except IntegrityError:
            raise Refused(f"A clock is already running at table {table_number}.") from None
        public = {"table": table_number, **clock.document()}
        events.append_event(tournament_id, "clock.called", actor=actor, public=public, payload=public,
                            request_key=request_key)
        _expire_at(clock)
    return public


def player_acted(tournament_id: int, table_number: int, actor, request_key: str | None = None) -> dict:
    """The player acted in time: the table's clock stops."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if repeated := events.earlier(tournament_id, request_key):
            return repeated.public
        here = open_table(tournament, table_number)
        clock = here.clocks.filter(ended_at__isnull=True).first()
        if clock is None:
            raise Refused(f"No clock is running at table {table_number}.")
        now = timezone.now()
        if now >= clock.ends_at:
            raise Refused(f"Time ran out at table {table_number}: the hand of seat {clock.seat} is dead.")
        clock.ended_at, clock.outcome = now, TableClock.Outcome.ACTED
        clock.save(update_fields=["ended_at", "outcome"])
        public = {"table": table_number, **clock.document()}
        events.append_event(tournament_id, "clock.stopped", actor=actor, public=public, payload=public,
                            request_key=request_key)
    return public


def expire(clock_id: int) -> bool:
    """At zero: the hand is dead, logged with who called the clock. Idempotent: a clock that
    has ended, or whose time has not run out, is left alone."""
    now = timezone.now()
    with transaction.atomic():
        clock = TableClock.objects.filter(pk=clock_id).select_related("tournament_table__table", "called_by").first()
        if clock is None:
            return False
        lock_tournament(clock.tournament_id)
        clock.refresh_from_db(fields=["ended_at", "outcome", "ends_at"])
        if clock.ended_at is not None or clock.ends_at > now:
            return False
        clock.ended_at, clock.outcome = clock.ends_at, TableClock.Outcome.HAND_DEAD
        clock.save(update_fields=["ended_at", "outcome"])
        public = {"table": clock.tournament_table.table.number, **clock.document()}
        events.append_event(clock.tournament_id, "clock.hand_dead", actor=None, public=public,
                            payload={**public, "called_by": clock.called_by.get_username() if clock.called_by else None,
                                     "entry": clock.entry_id})
    return True


def expire_due() -> int:
    """Beat's repair: every table clock whose time ran out unnoticed."""
    due = TableClock.objects.filter(ended_at__isnull=True, ends_at__lte=timezone.now()).values_list("id", flat=True)
    return sum(expire(clock_id) for clock_id in due)


def _level_duration(tournament_id: int, now) -> timedelta:
    """The current level's length, which sets pokerfest's call; a full-length call before the
    clock has a structure."""
    clock = Clock.objects.filter(tournament_id=tournament_id).select_related("structure").first()
    if clock is None:
        return timedelta(hours=1)
    levels = clock.structure.timeline_levels()
    return timeline.view(clock.state, levels, now).level.duration


def _expire_at(clock: TableClock) -> None:
    from clock import tasks  # tasks import the services

    clock_id, ends_at = clock.id, clock.ends_at
    transaction.on_commit(lambda: tasks.expire_table_clock.apply_async((clock_id,), eta=ends_at), robust=True)
