from zoneinfo import available_timezones

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models


def validate_time_zone(value: str) -> None:
    if value not in available_timezones():
        raise ValidationError(f"{value!r} is not a time zone name such as 'Europe/Vienna'.")


class Festival(models.Model):
    name = models.CharField(max_length=200)
    venue = models.CharField(max_length=200)
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone])
    currency = models.CharField(max_length=3, default="EUR", help_text="ISO 4217 code, e.g. EUR")

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(currency__regex=r"^[A-Z]{3}$"), name="festival_currency_iso4217"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Tournament(models.Model):
    class Preset(models.TextChoices):
        POKERFEST = "pokerfest", "pokerfest (touring festival)"
        NEVERENDING = "neverending", "neverending (league of venues)"
        CHIPS = "chips", "chips (members' club)"
        KENTUCKY = "kentucky", "kentucky (charity night)"
        ACTION_CLOCK = "action-clock", "action clock and time extensions"

    class Status(models.TextChoices):
        SCHEDULED = "scheduled"
        RUNNING = "running"
        FINISHED = "finished"
        CANCELLED = "cancelled"

    festival = models.ForeignKey(Festival, on_delete=models.PROTECT, related_name="tournaments")
    name = models.CharField(max_length=200)
    ruleset_preset = models.CharField(max_length=20, choices=Preset, default=Preset.POKERFEST)
    status = models.CharField(max_length=10, choices=Status, default=Status.SCHEDULED)
    # The seq of the last event appended; bumped in the same transaction as the event row.
    last_seq = models.PositiveBigIntegerField(default=0, editable=False)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=["scheduled", "running", "finished", "cancelled"]),
                name="tournament_status_valid",
            ),
            models.CheckConstraint(
                condition=models.Q(ruleset_preset__in=["pokerfest", "neverending", "chips", "kentucky", "action-clock"]),
                name="tournament_ruleset_preset_valid",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Event(models.Model):
    """One row of a tournament's append-only event log: the audit trail and the live feed."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveBigIntegerField()
    at = models.DateTimeField()
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    kind = models.CharField(max_length=64)
    payload = models.JSONField(help_text="Everything staff see, personal data included.")
    public = models.JSONField(null=True, help_text="What the lobby sees; null when nothing is public.")
    # The client's key for the request that caused this event: a retried request with the
    # same key finds it and changes nothing.
    request_key = models.CharField(max_length=64, null=True, blank=True)

    class Meta:
        ordering = ["tournament", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "seq"], name="event_seq_unique_per_tournament"),
            models.CheckConstraint(condition=models.Q(seq__gte=1), name="event_seq_positive"),
            models.UniqueConstraint(
                fields=["tournament", "request_key"],
                condition=models.Q(request_key__isnull=False),
                name="event_request_key_unique_per_tournament",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id}#{self.seq} {self.kind}"
