"""PEN-LADDER, PEN-FINE, PEN-CARRY: penalties given at a table (kept beside tables.models'
other models; its own module keeps each under the house's 500 lines)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext as _

from tables.rules.penalties import shown_infraction, shown_step
from tournaments.models import Entry, Tournament


class Penalty(models.Model):
    """PEN-LADDER, PEN-FINE, PEN-CARRY: a penalty given to an entry at a table. What is left to
    serve belongs to the entry, so it follows the player to a new table and to the next day:
    hands (an orbit is counted in hands when given) are counted off by "hand done" wherever the
    player sits, seconds by the tournament's time of play (`played_at`: the seconds of play when
    `seconds_left` was set; a paused clock, a break or the night between days serves none)."""

    class Status(models.TextChoices):
        SERVING = "serving"  # sitting out
        SERVED = "served"  # may return (a warning or a fine is served when given)
        LIFTED = "lifted"  # the director ended it early, with a reason

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="penalties")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="penalties")
    infraction = models.CharField(max_length=100)
    step = models.CharField(max_length=100, help_text='as the floor says it: "1 orbit", "big blind + 5 minutes"')
    proposed = models.BooleanField(default=False, help_text="the step the system proposed from the player's record")
    given_at = models.DateTimeField()
    given_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    table = models.PositiveIntegerField(help_text="the table number where it was given")
    seat = models.PositiveSmallIntegerField()
    hand = models.PositiveIntegerField(help_text="that table's hand being played: hands count from the next one")
    seated_at_table = models.PositiveSmallIntegerField(help_text="players at the table when given (an orbit)")
    hands_left = models.PositiveIntegerField(default=0)
    seconds_left = models.PositiveIntegerField(default=0)
    played_at = models.PositiveBigIntegerField(default=0)
    chips_fined = models.PositiveBigIntegerField(default=0, help_text="PEN-FINE: from the stack to the pot")
    status = models.CharField(max_length=10, choices=Status)
    ended_at = models.DateTimeField(null=True, blank=True)
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    lift_reason = models.CharField(max_length=500, blank=True)
    # Served: the tablet says "may return" at the player's seat until the next "hand done" there.
    may_return = models.BooleanField(default=False)
    # PEN-CARRY: a penalty still being served when its flight closed, carried to the player's
    # Day 2 entry (the original stays in the flight's record; the ladder counts it once).
    carried_from = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="carried_to"
    )

    class Meta:
        ordering = ["-given_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=["serving", "served", "lifted"]), name="penalty_status_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(hands_left__gte=0, seconds_left__gte=0, chips_fined__gte=0, played_at__gte=0),
                name="penalty_counters_not_negative",
            ),
            models.CheckConstraint(
                condition=~models.Q(infraction="") & ~models.Q(step=""), name="penalty_names_infraction_and_step"
            ),
            models.CheckConstraint(
                condition=models.Q(seat__gte=1, table__gte=1, hand__gte=1), name="penalty_given_at_a_seat"
            ),
            # Serving: something is left and it has not ended; otherwise it ended.
            models.CheckConstraint(
                condition=(
                    models.Q(status="serving", ended_at__isnull=True)
                    & (models.Q(hands_left__gt=0) | models.Q(seconds_left__gt=0))
                )
                | (~models.Q(status="serving") & models.Q(ended_at__isnull=False)),
                name="penalty_serving_has_something_left",
            ),
            models.CheckConstraint(
                condition=~models.Q(status="served") | models.Q(hands_left=0, seconds_left=0),
                name="penalty_served_has_nothing_left",
            ),
            # Lifted early: with the reason, and only then.
            models.CheckConstraint(
                condition=(models.Q(status="lifted") & ~models.Q(lift_reason=""))
                | (~models.Q(status="lifted") & models.Q(lift_reason="")),
                name="penalty_lifted_with_a_reason",
            ),
            models.CheckConstraint(
                condition=models.Q(may_return=False) | models.Q(status="served"), name="penalty_may_return_once_served"
            ),
            models.UniqueConstraint(
                fields=["entry"], condition=models.Q(status="serving"), name="penalty_one_served_at_a_time"
            ),
        ]
        indexes = [models.Index(fields=["tournament", "status"], name="penalty_by_status")]

    def __str__(self) -> str:
        return _("%(step)s for %(infraction)s") % {
            "step": shown_step(self.step),
            "infraction": shown_infraction(self.infraction),
        }
