from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _

from clock.rules import timeline
from rules.times import iso_time
from tournaments.models import Tournament


class Structure(models.Model):
    """Levels and breaks (CLK-LEVELS). A festival keeps templates; a tournament's clock runs a
    copy, so editing a template never changes a running event."""

    name = models.CharField(max_length=200)
    festival = models.ForeignKey(
        "tournaments.Festival",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="structures",
        help_text="empty: a template for every festival",
    )
    is_template = models.BooleanField(default=False)
    late_entry_until_level = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="late registration closes at the end of this level (1, 2, …; breaks not "
        "counted); empty: the ruleset's minutes",
    )
    rebuys_until_level = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="rebuys close at the end of this level; empty: the ruleset's rule"
    )

    def __str__(self) -> str:
        return self.name

    def timeline_levels(self) -> list[timeline.Level]:
        return [level.as_timeline() for level in self.levels.all()]


class Level(models.Model):
    structure = models.ForeignKey(Structure, on_delete=models.CASCADE, related_name="levels")
    position = models.PositiveIntegerField(help_text="Order within the structure, from 0.")
    small_blind = models.PositiveBigIntegerField(default=0)
    big_blind = models.PositiveBigIntegerField(default=0)
    ante = models.PositiveBigIntegerField(default=0)
    duration = models.DurationField(help_text="e.g. 20:00 for twenty minutes")
    is_break = models.BooleanField(default=False)
    name = models.CharField(max_length=100, blank=True, help_text='e.g. "dinner" for a break')
    big_blind_ante = models.BooleanField(default=False, help_text="the ante is one big-blind ante, not per player")
    colour_up = models.CharField(max_length=100, blank=True, help_text='e.g. "$25 green chips leave"')

    class Meta:
        ordering = ["structure", "position"]
        constraints = [
            models.UniqueConstraint(fields=["structure", "position"], name="level_position_unique"),
            models.CheckConstraint(condition=models.Q(duration__gt=timedelta(0)), name="level_duration_positive"),
            models.CheckConstraint(
                condition=models.Q(is_break=True) | models.Q(big_blind__gte=models.F("small_blind")),
                name="level_big_blind_not_below_small",
            ),
        ]

    def __str__(self) -> str:
        if self.is_break:
            return f"break {self.name}".strip() if self.name.strip().lower() != "break" else "break"
        return f"{self.small_blind}/{self.big_blind}" + (f" ante {self.ante}" if self.ante else "")

    def as_timeline(self) -> timeline.Level:
        return timeline.Level(
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            ante=self.ante,
            duration=self.duration,
            is_break=self.is_break,
            name=self.name,
            big_blind_ante=self.big_blind_ante,
            colour_up=self.colour_up,
        )

    def clean(self):
        # Levels already played or being played are history: only future levels change.
        running = Clock.objects.filter(structure_id=self.structure_id).exclude(status=timeline.READY)
        if self.structure_id and running.filter(level_index__gte=self.position).exists():
            raise ValidationError(_("This level has been played or is being played; only future levels can change."))


class Clock(models.Model):
    """A tournament's level clock, stored as timestamps (see clock/rules/timeline.py)."""

    class Status(models.TextChoices):
        READY = timeline.READY
        RUNNING = timeline.RUNNING
        PAUSED = timeline.PAUSED
        FINISHED = timeline.FINISHED

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, primary_key=True, related_name="clock")
    structure = models.ForeignKey(Structure, on_delete=models.PROTECT, related_name="clocks")
    status = models.CharField(max_length=10, choices=Status, default=Status.READY)
    level_index = models.PositiveIntegerField(default=0)
    ends_at = models.DateTimeField(null=True, blank=True)
    remaining = models.DurationField(null=True, blank=True)
    # Bumped by every change; a scheduled boundary task carries the version it was made for
    # and does nothing when the clock has moved on.
    version = models.PositiveBigIntegerField(default=0)
    # AC-REPLENISH: players-left marks whose top-up is done, and those waiting for the first
    # level after registration closes.
    top_ups_done = models.JSONField(default=list, blank=True)
    top_ups_waiting = models.JSONField(default=list, blank=True)
    # CLK-EOD: multi-day events. The level index the day ends with, the day being played, and
    # whether it is over (every table has played its last hands).
    # CLK-LIMIT: when play first started (the limit runs in real time from then), and whether
    # the limit has stopped the clock.
    started_at = models.DateTimeField(null=True, blank=True)
    limit_reached = models.BooleanField(default=False)
    # A timed time-out: the clock is paused and resumes by itself at this moment.
    resume_at = models.DateTimeField(null=True, blank=True)
    day = models.PositiveSmallIntegerField(default=1)
    day_last_level = models.PositiveIntegerField(null=True, blank=True)
    day_over = models.BooleanField(default=False)
    # AC-SUSPEND: the director suspended the action clock in an extreme case, for the whole
    # tournament (its reason, empty: not suspended) or at tables ({"table number": reason}).
    action_suspended = models.CharField(max_length=200, blank=True)
    action_suspended_tables = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(status=timeline.RUNNING, ends_at__isnull=False, remaining__isnull=True)
                    | (~models.Q(status=timeline.RUNNING) & models.Q(ends_at__isnull=True, remaining__isnull=False))
                ),
                name="clock_running_has_ends_at_else_remaining",
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=[timeline.READY, timeline.RUNNING, timeline.PAUSED, timeline.FINISHED]),
                name="clock_status_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"clock of {self.tournament}"

    @property
    def state(self) -> timeline.ClockState:
        return timeline.ClockState(self.status, self.level_index, ends_at=self.ends_at, remaining=self.remaining)

    def clean(self):
        if self.structure_id is None:
            return
        # A clock not stored yet has no row here, so only a stored one is held to its structure.
        stored = Clock.objects.filter(pk=self.pk).values_list("status", "structure_id").first()
        if stored and stored[0] != timeline.READY and stored[1] != self.structure_id:
            raise ValidationError({"structure": _("The structure can be changed only before the clock starts.")})
        first = self.structure.levels.order_by("position").first()
        if first is None:
            raise ValidationError({"structure": _("This structure has no levels yet; add its levels first.")})
        if self.status == timeline.READY:
            # A clock not yet started begins with the first level's full time.
            self.level_index, self.remaining = 0, first.duration

    def save(self, *args, **kwargs):
        if self.status == timeline.READY and self.remaining is None:
            first = self.structure.levels.order_by("position").first()
            self.remaining = first.duration if first else timedelta(0)
        super().save(*args, **kwargs)

    def document(self, now, levels: list[timeline.Level] | None = None) -> dict:
        """The clock as every screen gets it: public, computed for `now`, no personal data."""
        if levels is None:
            levels = self.structure.timeline_levels()
        shown = timeline.view(self.state, levels, now)
        return {
            "status": shown.status,
            "level_index": shown.level_index,
            "level_number": shown.level_number,
            "level": level_document(shown.level),
            "next_level": level_document(shown.next_level) if shown.next_level else None,
            "ends_at": iso_time(shown.ends_at),
            "remaining_ms": int(shown.remaining.total_seconds() * 1000),
            "version": self.version,
            # time to the next break = this level's time left + this (None: no break ahead)
            "break_after_ms": _ms(timeline.between_level_and_break(levels, shown.level_index)),
            "limit_at": iso_time(self.limit_at()),  # CLK-LIMIT; None: no limit, or not started
            "resume_at": iso_time(self.resume_at),  # a timed time-out's end
        }

    def limit_at(self):
        """CLK-LIMIT: the moment play must end (the ruleset's limit from the first start)."""
        minutes = self.tournament.rules().clock.time_limit_minutes
        if minutes is None or self.started_at is None:
            return None
        return self.started_at + timedelta(minutes=minutes)

    def set_state(self, state: timeline.ClockState) -> None:
        self.status = state.status
        self.level_index = state.level_index
        self.ends_at = state.ends_at
        self.remaining = state.remaining


def _ms(duration: timedelta | None) -> int | None:
    return None if duration is None else int(duration.total_seconds() * 1000)


def level_document(level: timeline.Level) -> dict:
    return {
        "small_blind": level.small_blind,
        "big_blind": level.big_blind,
        "ante": level.ante,
        "is_break": level.is_break,
        "name": level.name,
        "duration_s": int(level.duration.total_seconds()),
        "big_blind_ante": level.big_blind_ante,
        "colour_up": level.colour_up,
    }


class TableClock(models.Model):
    """A countdown on one player at one table: a clock called by the floor (CLK-CALL) or the
    action clock (AC-*). Stored as the moment it ends; at that moment the hand is dead (or, on
    the action clock, an extension chip is used)."""

    class Kind(models.TextChoices):
        CALL = "call", "clock call"
        ACTION = "action", "action clock"

    class Outcome(models.TextChoices):
        ACTED = "acted", "the player acted"
        HAND_DEAD = "hand dead", "hand dead"
        HAND_OVER = "hand over", "the hand ended"
        SUSPENDED = "suspended", "the director suspended the action clock"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="table_clocks")
    tournament_table = models.ForeignKey("tables.TournamentTable", on_delete=models.CASCADE, related_name="clocks")
    seat = models.PositiveSmallIntegerField()
    entry = models.ForeignKey("tournaments.Entry", on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=10, choices=Kind)
    hand = models.PositiveIntegerField(help_text="the table's hand number when the clock started")
    started_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    countdown_seconds = models.PositiveSmallIntegerField(default=0)
    extensions_used = models.PositiveSmallIntegerField(default=0)
    ended_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=10, choices=Outcome, blank=True)
    called_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament_table"],
                condition=models.Q(ended_at__isnull=True),
                name="table_clock_one_running_per_table",
            ),
            models.CheckConstraint(
                condition=models.Q(ends_at__gte=models.F("started_at")), name="table_clock_ends_after_it_starts"
            ),
        ]

    def document(self) -> dict:
        return {
            "kind": self.kind,
            "seat": self.seat,
            "started_at": iso_time(self.started_at),
            "ends_at": iso_time(self.ends_at),
            "countdown_seconds": self.countdown_seconds,
            "extensions_used": self.extensions_used,
            "outcome": self.outcome or None,
        }
