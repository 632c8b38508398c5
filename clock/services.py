"""Clock services: the only code that changes a clock (CLK-CONTROL).

Each runs in one transaction: lock the tournament row, then its clock (always in that order),
apply the pure rule from clock/timeline.py, save, append one event, and after commit schedule
the next level boundary and broadcast.
"""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from clock import calls, structures, tasks, timeline
from clock.models import Clock
from tournaments import events
from tournaments.models import Tournament

# A director's "add/remove time" beyond this is a typo, not a ruling.
MAX_ADJUST = timedelta(hours=6)


def locked_clock(tournament_id: int) -> Clock:
    Tournament.objects.select_for_update().get(pk=tournament_id)
    try:
        return Clock.objects.select_for_update().get(tournament_id=tournament_id)
    except Clock.DoesNotExist:
        raise timeline.ClockRefused(
            "This tournament has no structure yet; choose one in the admin before running the clock."
        ) from None


def _locked_clock_for_task(tournament_id: int) -> Clock | None:
    """For a scheduled task: the locked clock, or None when the tournament or its clock has
    gone since the task was scheduled."""
    try:
        return locked_clock(tournament_id)
    except (Tournament.DoesNotExist, timeline.ClockRefused):
        return None


def _change(tournament_id: int, actor, kind: str, change, request_key: str | None = None, also=None,
            **staff_details) -> dict:
    """One clock control. `also(clock)` may change more in the same transaction and returns
    what to add to the event (or None)."""
    now = timezone.now()
    with transaction.atomic():
        clock = locked_clock(tournament_id)
        levels = clock.structure.timeline_levels()
        if events.already_done(tournament_id, request_key):
            return clock.document(now, levels)  # a retry of a request that already took effect
        clock.set_state(change(clock.state, levels, now))
        clock.version += 1
        clock.resume_at = None  # any control ends a timed time-out; time_out sets its own
        if kind == "clock.started" and clock.started_at is None:
            clock.started_at = now
            _enforce_limit_after_commit(clock)
        more = also(clock) if also else None
        clock.save()
        public = {"clock": clock.document(now, levels), **(more or {})}
        if kind == "clock.started":
            Tournament.objects.filter(pk=tournament_id, status=Tournament.Status.SCHEDULED).update(
                status=Tournament.Status.RUNNING
            )
            public["tournament_status"] = Tournament.Status.RUNNING
        events.append_event(
            tournament_id, kind, actor=actor, payload={**public, **staff_details}, public=public, request_key=request_key
        )
        _schedule_boundary_after_commit(clock)
    return public["clock"]


def _schedule_boundary_after_commit(clock: Clock) -> None:
    if clock.status != timeline.RUNNING:
        return
    tournament_id, version, ends_at = clock.tournament_id, clock.version, clock.ends_at
    # robust: with the broker away the change still stands; reconcile_clocks repairs the boundary.
    transaction.on_commit(
        lambda: tasks.advance_level.apply_async((tournament_id, version), eta=ends_at), robust=True
    )


# Every control takes an optional request_key: the same key twice changes the clock once.


def start_clock(tournament_id: int, actor, request_key: str | None = None) -> dict:
    return _change(tournament_id, actor, "clock.started", timeline.start, request_key)


def pause_clock(tournament_id: int, actor, reason: str = "", request_key: str | None = None) -> dict:
    return _change(tournament_id, actor, "clock.paused", timeline.pause, request_key, reason=reason)


def resume_clock(tournament_id: int, actor, request_key: str | None = None) -> dict:
    from clock.day import start_next_day  # the day builds on the clock

    return _change(tournament_id, actor, "clock.resumed", timeline.resume, request_key, also=start_next_day)


def adjust_clock(tournament_id: int, actor, seconds: int, request_key: str | None = None) -> dict:
    delta = timedelta(seconds=seconds)
    if seconds == 0:
        raise timeline.ClockRefused("Say how many seconds to add (positive) or remove (negative).")
    if abs(delta) > MAX_ADJUST:
        raise timeline.ClockRefused(
            f"{timeline.format_duration(delta)} is more than the {timeline.format_duration(MAX_ADJUST)} "
            "a level can be changed by at once."
        )
    return _change(
        tournament_id, actor, "clock.adjusted", lambda state, levels, now: timeline.adjust(state, levels, now, delta),
        request_key, seconds=seconds,
    )


def skip_break(tournament_id: int, actor, request_key: str | None = None) -> dict:
    return _change(tournament_id, actor, "clock.break_skipped", timeline.skip_break, request_key)


MAX_TIME_OUT = timedelta(hours=2)


def time_out(tournament_id: int, actor, minutes: int, reason: str = "", request_key: str | None = None) -> dict:
    """A timed time-out: the clock pauses now and resumes by itself after `minutes`."""
    if not 1 <= minutes <= MAX_TIME_OUT / timedelta(minutes=1):
        raise timeline.ClockRefused(f"A time-out lasts from 1 to {int(MAX_TIME_OUT / timedelta(minutes=1))} minutes.")

    def until(clock: Clock) -> dict:
        clock.resume_at = timezone.now() + timedelta(minutes=minutes)
        resume_at, tournament_id_, version = clock.resume_at, clock.tournament_id, clock.version
        transaction.on_commit(lambda: tasks.end_time_out.apply_async((tournament_id_, version), eta=resume_at),
                              robust=True)
        return {"minutes": minutes}

    return _change(tournament_id, actor, "clock.time_out", timeline.pause, request_key, also=until, reason=reason)


def end_time_out(tournament_id: int, version: int | None = None) -> dict | None:
    """The time-out is over: the clock resumes. Idempotent, and does nothing when the clock
    has been changed since (the director resumed early, or started a new time-out)."""
    now = timezone.now()
    with transaction.atomic():
        clock = _locked_clock_for_task(tournament_id)
        if clock is None:
            return None
        if clock.resume_at is None or clock.resume_at > now or (version is not None and clock.version != version):
            return None
        levels = clock.structure.timeline_levels()
        clock.set_state(timeline.resume(clock.state, levels, now))
        clock.resume_at = None
        clock.version += 1
        clock.save()
        public = {"clock": clock.document(now, levels)}
        events.append_event(tournament_id, "clock.resumed", actor=None, payload=public, public=public)
        _schedule_boundary_after_commit(clock)
    return public["clock"]


def go_to_level(tournament_id: int, actor, level_index: int, request_key: str | None = None) -> dict:
    return _change(
        tournament_id, actor, "clock.level_set",
        lambda state, levels, now: timeline.go_to_level(state, levels, now, level_index),
        request_key, level_index=level_index,
    )


def advance_due_levels(tournament_id: int, version: int | None = None) -> dict | None:
    """Move a running clock past every boundary that is due; None when there is nothing to do.

    Idempotent: called twice, or with the `version` of a clock that has changed since the
    task was scheduled, it does nothing. A worker that died only delays this; the level still
    ended on time, because the next level's end is counted from the boundary, not from now.
    """
    now = timezone.now()
    with transaction.atomic():
        clock = _locked_clock_for_task(tournament_id)
        if clock is None:
            return None
        if version is not None and clock.version != version:
            return None
        if clock.status != timeline.RUNNING or clock.ends_at > now:
            return None
        levels = clock.structure.timeline_levels()
        clock.set_state(timeline.catch_up(clock.state, levels, now))
        clock.version += 1
        clock.save()
        public = {"clock": clock.document(now, levels)}
        kind = "clock.finished" if clock.status == timeline.FINISHED else "clock.level_started"
        events.append_event(tournament_id, kind, actor=None, payload=public, public=public)
        if kind == "clock.level_started":
            calls.top_up_at_level_start(clock.tournament, clock)
        _schedule_boundary_after_commit(clock)
    return public["clock"]


def copy_structure(tournament_id: int, structure_id: int, director, request_key: str | None = None) -> dict:
    """The director gives the tournament a copy of a template structure (CLK-LEVELS), before
    its clock starts. The tournament runs the copy; the template stays as it was."""
    from clock.models import Structure

    with transaction.atomic():
        tournament = Tournament.objects.select_for_update(of=("self",)).select_related("festival").get(pk=tournament_id)
        if events.already_done(tournament_id, request_key):
            return Clock.objects.get(tournament=tournament).document(timezone.now())
        template = Structure.objects.filter(pk=structure_id, is_template=True).first()
        if template is None or template.festival_id not in (None, tournament.festival_id):
            raise timeline.ClockRefused("There is no such structure template for this festival.")
        clock = Clock.objects.select_for_update().filter(tournament=tournament).first()
        if clock is not None and clock.status != timeline.READY:
            raise timeline.ClockRefused("The clock has started: edit the future levels of its structure instead.")
        if not template.levels.exists():
            raise timeline.ClockRefused(f"The template {template.name!r} has no levels yet.")
        copy = Structure.objects.create(name=f"{tournament.name}: {template.name}", festival=tournament.festival,
                                        late_entry_until_level=template.late_entry_until_level,
                                        rebuys_until_level=template.rebuys_until_level)
        levels = template.timeline_levels()
        rules = tournament.rules().clock
        if rules.interval_minutes:  # CLK-INTERVAL (chips): the house's intervals go into its copy
            levels = structures.insert_intervals(levels, timedelta(minutes=rules.interval_minutes),
                                                 timedelta(minutes=rules.interval_length_minutes))
        Level = copy.levels.model
        Level.objects.bulk_create([Level(structure=copy, position=position, small_blind=level.small_blind,
                                         big_blind=level.big_blind, ante=level.ante, duration=level.duration,
                                         is_break=level.is_break, name=level.name,
                                         big_blind_ante=level.big_blind_ante, colour_up=level.colour_up)
                                   for position, level in enumerate(levels)])
        if clock is None:
            clock = Clock(tournament=tournament)
        clock.structure, clock.level_index, clock.remaining, clock.ends_at = copy, 0, levels[0].duration, None
        clock.version += 1
        clock.save()
        public = {"clock": clock.document(timezone.now(), levels)}
        events.append_event(tournament_id, "clock.structure_set", actor=director, public=public,
                            payload={**public, "structure": template.name}, request_key=request_key)
    return public["clock"]


def _enforce_limit_after_commit(clock: Clock) -> None:
    limit_at = clock.limit_at()
    if limit_at is None:
        return
    tournament_id = clock.tournament_id
    transaction.on_commit(lambda: tasks.enforce_time_limit.apply_async((tournament_id,), eta=limit_at), robust=True)


def enforce_time_limit(tournament_id: int) -> dict | None:
    """CLK-LIMIT: at the limit the clock stops, once; the director then settles the remaining
    prizes by chip count. Idempotent; None when there is nothing to do."""
    now = timezone.now()
    with transaction.atomic():
        clock = _locked_clock_for_task(tournament_id)
        if clock is None:
            return None
        limit_at = clock.limit_at()
        if clock.limit_reached or limit_at is None or limit_at > now:
            return None
        levels = clock.structure.timeline_levels()
        state = timeline.catch_up(clock.state, levels, now)
        if state.status == timeline.RUNNING:
            state = timeline.pause(state, levels, now)
        clock.set_state(state)
        clock.limit_reached = True
        clock.version += 1
        clock.save()
        public = {"clock": clock.document(now, levels)}
        events.append_event(tournament_id, "clock.time_limit", actor=None, payload=public, public=public)
    return public["clock"]

