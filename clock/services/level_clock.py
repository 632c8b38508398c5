"""The level clock's services: the only code that changes a clock (CLK-CONTROL).

Each is one operation: the tournament row, then its clock (core/operation.py keeps that
order), the pure rule from clock/rules/timeline.py, save, the event, and after commit the next
level boundary is scheduled and the event broadcast.

Service floor: the clock's services are the last in the direction tournaments → tables →
clock; they call no other app's services.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta

from django.utils.translation import gettext as _

from clock.models import Clock, Level, Structure, TableClock
from clock.rules import structures, timeline
from clock.services import calls
from clock.services.next_day import field_button_draw
from core import kinds, time_source
from core.operation import Operation, operation
from tables.models import TournamentTable
from tournaments.models import Tournament

# A director's "add/remove time" beyond this is a typo, not a ruling.
MAX_ADJUST = timedelta(hours=6)


def clock_of(op: Operation) -> Clock:
    """The operation's clock, locked; refused while the tournament has no structure."""
    clock = op.locked_clock()
    if clock is None and op.tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
        # e.g. a tournament imported from a club's file: its results came with it, no clock ever ran
        raise timeline.ClockRefused(
            _("The tournament is %(tournament_status)s: its clock stays stopped.")
            % {"tournament_status": _(op.tournament.status)}
        )
    if clock is None:
        raise timeline.ClockRefused(
            _("This tournament has no structure yet; choose one in the admin before running the clock.")
        )
    return clock


@contextmanager
def _for_task(tournament_id: int) -> Iterator[tuple[Operation | None, Clock | None]]:
    """A scheduled task's operation and its locked clock: (None, None) when the tournament has
    gone since the task was queued, (op, None) when its clock has."""
    if not Tournament.objects.filter(pk=tournament_id).exists():
        yield None, None
        return
    with operation(tournament_id) as op:
        yield op, op.locked_clock()


def _change(
    tournament_id: int, actor, kind: kinds.EventKind, change, request_key: str | None = None, also=None, **staff_details
) -> dict:
    """One clock control. `also(op, clock)` may change more in the same operation and returns
    what to add to the event (or None); its "staff" part goes to the staff's payload only."""
    now = time_source.now()
    with operation(tournament_id, actor, request_key) as op:
        clock = clock_of(op)
        levels = clock.structure.timeline_levels()
        if op.repeated:
            return clock.document(now, levels)  # a retry of a request that already took effect
        if op.tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
            raise timeline.ClockRefused(
                _("The tournament is %(tournament_status)s: its clock stays stopped.")
                % {"tournament_status": _(op.tournament.status)}
            )
        state = change(clock.state, levels, now)
        if clock.limit_reached and state.status == timeline.RUNNING:
            raise timeline.ClockRefused(
                _(
                    "The time limit has been reached (CLK-LIMIT): play cannot resume. End the tournament "
                    "by the time limit: the remaining prizes are split by chip count."
                )
            )
        clock.set_state(state)
        clock.version += 1
        clock.resume_at = None  # any control ends a timed time-out; time_out sets its own
        if kind is kinds.CLOCK_STARTED and clock.started_at is None:
            clock.started_at = now
            _enforce_limit_after_commit(op, clock)
        more = dict(also(op, clock) or {}) if also else {}
        staff_more = more.pop("staff", {})
        clock.save()
        public = {"clock": clock.document(now, levels), **more}
        if kind is kinds.CLOCK_STARTED:
            Tournament.objects.filter(
                pk=tournament_id, status__in=[Tournament.Status.SCHEDULED, Tournament.Status.REGISTRATION]
            ).update(status=Tournament.Status.RUNNING)
            public["tournament_status"] = Tournament.Status.RUNNING
        op.append(kind, payload={**public, **staff_details, **staff_more}, public=public)
        _schedule_boundary_after_commit(op, clock)
    return public["clock"]


def _schedule_boundary_after_commit(op: Operation, clock: Clock) -> None:
    # With the broker away the change still stands; reconcile_clocks repairs the boundary.
    if clock.status == timeline.RUNNING:
        op.after_commit("clock.tasks.advance_level", clock.tournament_id, clock.version, eta=clock.ends_at)


# Every control takes an optional request_key: the same key twice changes the clock once.


def start_clock(tournament_id: int, actor, request_key: str | None = None) -> dict:
    return _change(tournament_id, actor, kinds.CLOCK_STARTED, timeline.start, request_key)


def pause_clock(tournament_id: int, actor, reason: str = "", request_key: str | None = None) -> dict:
    return _change(tournament_id, actor, kinds.CLOCK_PAUSED, timeline.pause, request_key, reason=reason)


def pause_everything(tournament_id: int, actor, reason: str = "", request_key: str | None = None) -> dict:
    """Issue 27, "Devices that drop": the venue's network takes the tablets away, so one tap
    pauses the level clock and, where the action clock plays, suspends it at every table (the
    time running on a player stops), in one operation: nobody's hand or level runs on unseen."""
    reason = reason or _("the tablets lost the network")

    def every_table(op: Operation, clock: Clock) -> dict:
        if not op.tournament.rules().clock.action_clock or clock.action_suspended:
            return {"action_suspended": bool(clock.action_suspended)}
        clock.action_suspended = reason
        op.tournament.table_clocks.filter(kind=TableClock.Kind.ACTION, ended_at__isnull=True).update(
            ended_at=time_source.now(), outcome=TableClock.Outcome.SUSPENDED
        )
        public = {"table": None, "suspended": True}  # as AC-SUSPEND says it, so every tablet shows it
        op.append(kinds.ACTION_SUSPENSION, public=public, payload={**public, "reason": reason})
        return {"action_suspended": True}

    return _change(
        tournament_id, actor, kinds.CLOCK_PAUSED, timeline.pause, request_key, also=every_table, reason=reason
    )


def resume_clock(tournament_id: int, actor, request_key: str | None = None) -> dict:
    return _change(tournament_id, actor, kinds.CLOCK_RESUMED, timeline.resume, request_key, also=_start_next_day)


def adjust_clock(tournament_id: int, actor, seconds: int, request_key: str | None = None) -> dict:
    delta = timedelta(seconds=seconds)
    if seconds == 0:
        raise timeline.ClockRefused(_("Say how many seconds to add (positive) or remove (negative)."))
    if abs(delta) > MAX_ADJUST:
        raise timeline.ClockRefused(
            _("%(delta)s is more than the %(max_adjust)s a level can be changed by at once.")
            % {"delta": timeline.format_duration(delta), "max_adjust": timeline.format_duration(MAX_ADJUST)}
        )
    return _change(
        tournament_id,
        actor,
        kinds.CLOCK_ADJUSTED,
        lambda state, levels, now: timeline.adjust(state, levels, now, delta),
        request_key,
        seconds=seconds,
    )


def skip_break(tournament_id: int, actor, request_key: str | None = None) -> dict:
    return _change(tournament_id, actor, kinds.CLOCK_BREAK_SKIPPED, timeline.skip_break, request_key)


MAX_TIME_OUT = timedelta(hours=2)


def time_out(tournament_id: int, actor, minutes: int, reason: str = "", request_key: str | None = None) -> dict:
    """A timed time-out: the clock pauses now and resumes by itself after `minutes`."""
    if not 1 <= minutes <= MAX_TIME_OUT / timedelta(minutes=1):
        raise timeline.ClockRefused(
            _("A time-out lasts from 1 to %(max_time_out)s minutes.")
            % {"max_time_out": int(MAX_TIME_OUT / timedelta(minutes=1))}
        )

    def until(op: Operation, clock: Clock) -> dict:
        clock.resume_at = time_source.now() + timedelta(minutes=minutes)
        op.after_commit("clock.tasks.end_time_out", clock.tournament_id, clock.version, eta=clock.resume_at)
        return {"minutes": minutes}

    return _change(tournament_id, actor, kinds.CLOCK_TIME_OUT, timeline.pause, request_key, also=until, reason=reason)


def end_time_out(tournament_id: int, version: int | None = None) -> dict | None:
    """The time-out is over: the clock resumes. Idempotent, and does nothing when the clock
    has been changed since (the director resumed early, or started a new time-out)."""
    now = time_source.now()
    with _for_task(tournament_id) as (op, clock):
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
        op.append(kinds.CLOCK_RESUMED, payload=public, public=public)
        _schedule_boundary_after_commit(op, clock)
    return public["clock"]


def go_to_level(tournament_id: int, actor, level_index: int, request_key: str | None = None) -> dict:
    return _change(
        tournament_id,
        actor,
        kinds.CLOCK_LEVEL_SET,
        lambda state, levels, now: timeline.go_to_level(state, levels, now, level_index),
        request_key,
        level_index=level_index,
    )


def advance_due_levels(tournament_id: int, version: int | None = None) -> dict | None:
    """Move a running clock past every boundary that is due; None when there is nothing to do.

    Idempotent: called twice, or with the `version` of a clock that has changed since the
    task was scheduled, it does nothing. A worker that died only delays this; the level still
    ended on time, because the next level's end is counted from the boundary, not from now.
    """
    now = time_source.now()
    with _for_task(tournament_id) as (op, clock):
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
        if clock.status == timeline.FINISHED:
            op.append(kinds.CLOCK_FINISHED, payload=public, public=public)
        else:
            op.append(kinds.CLOCK_LEVEL_STARTED, payload=public, public=public)
            calls.top_up_at_level_start(op, clock)
        _schedule_boundary_after_commit(op, clock)
    return public["clock"]


def copy_structure(tournament_id: int, structure_id: int, director, request_key: str | None = None) -> dict:
    """The director gives the tournament a copy of a template structure (CLK-LEVELS), before
    its clock starts. The tournament runs the copy; the template stays as it was."""
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return Clock.objects.get(tournament=op.tournament).document(time_source.now())
        return structure_from_template(op, structure_id)


def structure_from_template(op: Operation, structure_id: int, late_entry_until_level: int | None = None) -> dict:
    """A copy of the template for the operation's tournament, which runs it (a reaction inside
    copy_structure, or the set-up's creation of a tournament). `late_entry_until_level`: the
    set-up's late-registration end, else the template's."""
    tournament = op.tournament
    template = Structure.objects.filter(pk=structure_id, is_template=True).first()
    if template is None or template.festival_id not in (None, tournament.festival_id):
        raise timeline.ClockRefused(_("There is no such structure template for this festival."))
    clock = op.locked_clock()
    if clock is not None and clock.status != timeline.READY:
        raise timeline.ClockRefused(_("The clock has started: edit the future levels of its structure instead."))
    if not template.levels.exists():
        raise timeline.ClockRefused(
            _("The template %(template_name)s has no levels yet.") % {"template_name": repr(template.name)}
        )
    return run_structure(
        op,
        template.name,
        template.timeline_levels(),
        template.late_entry_until_level if late_entry_until_level is None else late_entry_until_level,
        template.rebuys_until_level,
    )


def run_structure(
    op: Operation,
    name: str,
    levels: list[timeline.Level],
    late_entry_until_level: int | None = None,
    rebuys_until_level: int | None = None,
) -> dict:
    """The operation's tournament runs its own copy of `levels` (a template's, a speed's), named
    after it; a reaction inside an operation whose clock has not started."""
    tournament = op.tournament
    clock = op.locked_clock()
    if clock is not None and clock.status != timeline.READY:
        raise timeline.ClockRefused(_("The clock has started: edit the future levels of its structure instead."))
    structures.check_levels(levels)
    copy = Structure.objects.create(
        name=f"{tournament.name}: {name}",
        festival=tournament.festival,
        late_entry_until_level=late_entry_until_level,
        rebuys_until_level=rebuys_until_level,
    )
    rules = tournament.rules().clock
    if rules.interval_minutes:  # CLK-INTERVAL (chips): the house's intervals go into its copy
        levels = structures.insert_intervals(
            levels, timedelta(minutes=rules.interval_minutes), timedelta(minutes=rules.interval_length_minutes)
        )
    write_levels(copy, levels)
    if clock is None:
        clock = Clock(tournament=tournament)
    clock.structure, clock.level_index, clock.remaining, clock.ends_at = copy, 0, levels[0].duration, None
    clock.version += 1
    clock.save()
    public = {"clock": clock.document(time_source.now(), levels)}
    op.append(kinds.CLOCK_STRUCTURE_SET, public=public, payload={**public, "structure": name})
    return public["clock"]


def write_levels(structure: Structure, levels: list[timeline.Level], first: int = 0) -> None:
    """The structure's levels from position `first` on, as `levels` says (the earlier ones stay)."""
    Level.objects.filter(structure=structure, position__gte=first).delete()
    Level.objects.bulk_create(
        [
            Level(
                structure=structure,
                position=position,
                small_blind=level.small_blind,
                big_blind=level.big_blind,
                ante=level.ante,
                duration=level.duration,
                is_break=level.is_break,
                name=level.name,
                big_blind_ante=level.big_blind_ante,
                colour_up=level.colour_up,
            )
            for position, level in enumerate(levels)
            if position >= first
        ]
    )


@dataclass(frozen=True)
class Revision:
    """The structure a tournament's clock runs, as the director revises it (CLK-LEVELS)."""

    levels: list[timeline.Level] | None  # every level, those played included; None: as they are
    late_entry_until_level: int | None
    rebuys_until_level: int | None


def revise_structure(tournament_id: int, revision: Revision, director, request_key: str | None = None) -> dict:
    """The director revises the tournament's own structure: anything before its clock starts;
    after that only the levels still to come, so the level being played and its time stay.
    Late registration and rebuys close where the players were told once play has started."""
    now = time_source.now()
    with operation(tournament_id, director, request_key) as op:
        clock = clock_of(op)
        if op.repeated:
            return clock.document(now)
        if op.tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
            raise timeline.ClockRefused(
                _("The tournament is %(tournament_status)s: its structure is history.")
                % {"tournament_status": _(op.tournament.status)}
            )
        structure = clock.structure
        before = structure.timeline_levels()
        levels = before if revision.levels is None else list(revision.levels)
        if not levels:
            raise timeline.ClockRefused(_("A structure needs at least one level."))
        structures.check_levels(levels)
        started = clock.status != timeline.READY
        played = clock.level_index + 1 if started else 0
        if levels[:played] != before[:played]:
            # numbered as every screen numbers them: play levels 1, 2, 3…, breaks unnumbered
            raise timeline.ClockRefused(
                _(
                    "%(where)s is being played: it and what came before it stay as they were; only the "
                    "levels and breaks after it can change."
                )
                % {"where": structures.position_name(before, clock.level_index, starts_a_sentence=True)}
            )
        closing = {
            "late_entry_until_level": revision.late_entry_until_level,
            "rebuys_until_level": revision.rebuys_until_level,
        }
        revised = [name for name, value in closing.items() if value != getattr(structure, name)]
        if started and revised:
            raise timeline.ClockRefused(
                _("The clock has started: late registration and rebuys close at the levels the players were told.")
            )
        if levels != before:
            revised.append("levels")
            write_levels(structure, levels, first=played)
        if not revised:
            raise timeline.ClockRefused(_("Nothing changed."))
        Structure.objects.filter(pk=structure.pk).update(**closing)
        if not started:  # a clock not yet started begins with the first level's full time
            clock.level_index, clock.remaining = 0, levels[0].duration
            clock.version += 1
            clock.save()
        public = {"clock": clock.document(now, levels)}
        op.append(
            kinds.CLOCK_STRUCTURE_SET,
            public=public,
            payload={**public, "structure": structure.name, "revised": revised},
        )
    return public["clock"]


def _enforce_limit_after_commit(op: Operation, clock: Clock) -> None:
    if (limit_at := clock.limit_at()) is not None:
        op.after_commit("clock.tasks.enforce_time_limit", clock.tournament_id, eta=limit_at)


def enforce_time_limit(tournament_id: int) -> dict | None:
    """CLK-LIMIT: at the limit the clock stops, once; the director then settles the remaining
    prizes by chip count. Idempotent; None when there is nothing to do."""
    now = time_source.now()
    with _for_task(tournament_id) as (op, clock):
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
        clock.resume_at = None  # a timed time-out does not resume play past the limit either
        clock.version += 1
        clock.save()
        public = {"clock": clock.document(now, levels)}
        op.append(kinds.CLOCK_TIME_LIMIT, payload=public, public=public)
    return public["clock"]


def _start_next_day(op: Operation, clock: Clock) -> dict | None:
    """Resuming a clock whose day is over (CLK-EOD) starts the next day."""
    if not clock.day_over:
        return None
    clock.day += 1
    clock.day_over, clock.day_last_level = False, None
    TournamentTable.objects.filter(tournament_id=clock.tournament_id).update(hands_left=None)
    drawn = field_button_draw(op)  # BTN-DRAW: a restart draws the field's button again
    if drawn is None:
        return {"day": clock.day}
    draw = {"table": drawn["table"], "seat": drawn["seat"]}
    return {"day": clock.day, "button_draw": draw, "staff": {"button_seed": drawn["seed"]}}


def stop_at_the_finish(op: Operation) -> dict | None:
    """END-FINISH: a reaction inside the finish's operation. A running clock stops for good
    (no control restarts it); its document for the finish's event, or None without a clock."""
    clock = op.locked_clock()
    if clock is None:
        return None
    now = time_source.now()
    levels = clock.structure.timeline_levels()
    if clock.status == timeline.RUNNING:
        clock.set_state(timeline.pause(clock.state, levels, now))
    clock.resume_at = None
    clock.version += 1  # a level boundary or time-out queued before the finish does nothing
    clock.save()
    return clock.document(now, levels)
