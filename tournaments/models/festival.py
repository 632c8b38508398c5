"""Festivals and tournaments: a festival's time zone, currency and language; a tournament's
prices, ruleset copy, seat cap, status, flights and satellite target."""

from zoneinfo import available_timezones

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from tournaments.rules.rulesets import Ruleset, preset


def validate_time_zone(value: str) -> None:
    if value not in available_timezones():
        raise ValidationError(_("%(value)s is not a time zone name such as 'Europe/Vienna'.") % {"value": repr(value)})


class Festival(models.Model):
    name = models.CharField(max_length=200)
    venue = models.CharField(max_length=200)
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone])
    currency = models.CharField(max_length=3, default="EUR", help_text="ISO 4217 code, e.g. EUR")
    # The language of the festival's pages and API answers; empty: each browser's own (Accept-Language).
    language = models.CharField(
        max_length=8,
        blank=True,
        default="",
        choices=[("", "the browser's language"), ("en", "English"), ("de", "Deutsch")],
    )

    class Meta:
        constraints = [
            models.CheckConstraint(condition=models.Q(currency__regex=r"^[A-Z]{3}$"), name="festival_currency_iso4217"),
            models.CheckConstraint(condition=models.Q(language__in=["", "en", "de"]), name="festival_language_known"),
        ]

    def __str__(self) -> str:
        return self.name


# The statuses as the pages show them, {% translate tournament.status %}: marked for makemessages.
STATUS_WORDS = (
    gettext_noop("scheduled"),
    gettext_noop("registration"),
    gettext_noop("running"),
    gettext_noop("finished"),
    gettext_noop("cancelled"),
)


# tournaments/rules/bounties.py Format's values, as the set-up page names them.
BOUNTY_FORMATS = [
    ("none", gettext_lazy("no bounties")),
    ("knockout", gettext_lazy("knockout")),
    ("progressive", gettext_lazy("progressive knockout")),
    ("mystery", gettext_lazy("mystery bounty")),
]


class Tournament(models.Model):
    class Preset(models.TextChoices):
        POKERFEST = "pokerfest", gettext_lazy("pokerfest (touring festival)")
        NEVERENDING = "neverending", gettext_lazy("neverending (league of venues)")
        CHIPS = "chips", gettext_lazy("chips (members' club)")
        KENTUCKY = "kentucky", gettext_lazy("kentucky (charity night)")
        ACTION_CLOCK = "action-clock", gettext_lazy("action clock and time extensions")

    class Status(models.TextChoices):
        SCHEDULED = "scheduled"  # being set up; the desks do not sell yet
        REGISTRATION = "registration", "registration open"
        RUNNING = "running"
        FINISHED = "finished"
        CANCELLED = "cancelled"

    festival = models.ForeignKey(Festival, on_delete=models.PROTECT, related_name="tournaments")
    name = models.CharField(max_length=200)
    starts_at = models.DateTimeField(null=True, blank=True, help_text="when play is due to start")
    ruleset_preset = models.CharField(max_length=20, choices=Preset, default=Preset.POKERFEST)
    # The tournament's own copy of its preset (tournaments/rules/rulesets.py), editable by the director.
    ruleset = models.JSONField(default=dict, blank=True, help_text="empty: the preset as shipped")
    status = models.CharField(max_length=12, choices=Status, default=Status.SCHEDULED)
    # Money in the festival's currency, integer minor units (cents).
    buy_in = models.PositiveBigIntegerField(default=0, help_text="the prize-pool part of an entry, minor units")
    fee = models.PositiveBigIntegerField(default=0, help_text="the house's part of an entry, minor units")
    starting_stack = models.PositiveBigIntegerField(default=10000)
    max_entries = models.PositiveIntegerField(null=True, blank=True, help_text="seats on sale; empty: no cap")
    registration_closed = models.BooleanField(default=False)
    places_paid = models.PositiveIntegerField(
        null=True, blank=True, help_text="empty: as the payout table says; set to override it"
    )
    guarantee = models.PositiveBigIntegerField(
        null=True, blank=True, help_text="PAY-POOL: minor units, tops up the pool"
    )
    guarantee_void = models.BooleanField(default=False, help_text="force majeure: the guarantee does not apply")
    forecast_on_tv = models.BooleanField(
        default=False, help_text="the TV shows the forecast bubble and end of the day (the director allows it)"
    )
    # PF-LOGO-SIZE: the filmed sizes apply at a TV table (Table.is_tv), not to a whole tournament.
    # BNT-POOL: a bounty event's price is buy_in + bounty + fee; the bounty part never enters the
    # prize pool. The format is tournaments/rules/bounties.py's Format.
    bounty_format = models.CharField(max_length=12, choices=BOUNTY_FORMATS, default="none")
    bounty = models.PositiveBigIntegerField(default=0, help_text="the bounty part of an entry, minor units")
    bounty_cash_percent = models.PositiveSmallIntegerField(
        default=50, help_text="BNT-PKO: the share of a bounty won paid in cash (the rest goes on the winner's head)"
    )
    bounty_seed = models.CharField(
        max_length=32, blank=True, help_text="BNT-MYSTERY: set when the envelopes are sealed"
    )
    bounty_template = models.JSONField(
        default=list, blank=True, help_text="BNT-MYSTERY: the envelope tiers; empty: the default template"
    )
    # A flight (Day 1A, 1B, ...) is a tournament of its own (registration, tables, clock, end of
    # day) that feeds its main event: one prize pool from every flight's entries, and Day 2 is
    # played in the main event from the flights' qualified bags.
    main_event = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="flights",
        help_text="a flight: the event it feeds (its Day 2, prize pool and payouts)",
    )
    # A satellite's results issue won-seat vouchers for its target (REG-NONTRANSFER); in
    # neverending the freeroll entries of each level become vouchers for the next level.
    satellite_for = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="satellites",
        help_text="the event whose seats this one awards (a satellite's target, neverending's next level)",
    )
    # Seats sold and standing; the database refuses a sale over max_entries.
    seats_sold = models.PositiveIntegerField(default=0, editable=False)
    # Seats held by online pre-registrations not yet confirmed at the desk: they count against
    # max_entries with the seats sold, so a walk-in never takes a pre-registered seat.
    seats_held = models.PositiveIntegerField(default=0, editable=False)
    # Pre-registrations on the waiting list: kept by the database (migration 0033's triggers),
    # so a hold's seat UPDATE returns it under the row's lock.
    preregistrations_waiting = models.PositiveIntegerField(default=0, editable=False)
    # The seq of the last event appended; bumped in the same transaction as the event row.
    last_seq = models.PositiveBigIntegerField(default=0, editable=False)
    # The hash of that last event: the head of the log's hash chain (rules/chain.py), read
    # with last_seq under the same lock; empty before the first event.
    chain_head = models.CharField(max_length=64, default="", editable=False)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=["scheduled", "registration", "running", "finished", "cancelled"]),
                name="tournament_status_valid",
            ),
            models.CheckConstraint(
                condition=models.Q(
                    ruleset_preset__in=["pokerfest", "neverending", "chips", "kentucky", "action-clock"]
                ),
                name="tournament_ruleset_preset_valid",
            ),
            models.CheckConstraint(
                condition=models.Q(max_entries__isnull=True)
                | models.Q(max_entries__gte=models.F("seats_sold") + models.F("seats_held")),
                name="tournament_seats_sold_and_held_within_cap",
            ),
            models.CheckConstraint(
                condition=~models.Q(main_event=models.F("id")), name="tournament_not_its_own_flight"
            ),
            models.CheckConstraint(
                condition=~models.Q(satellite_for=models.F("id")), name="tournament_not_its_own_satellite"
            ),
            models.CheckConstraint(
                condition=models.Q(bounty_format__in=[value for value, _label in BOUNTY_FORMATS]),
                name="tournament_bounty_format_valid",
            ),
            models.CheckConstraint(
                condition=models.Q(bounty_format="none", bounty=0)
                | (~models.Q(bounty_format="none") & models.Q(bounty__gt=0)),
                name="tournament_bounty_only_in_a_bounty_event",
            ),
            models.CheckConstraint(
                condition=models.Q(bounty_cash_percent__lte=100), name="tournament_bounty_cash_percent"
            ),
        ]

    # Written only by the services' own UPDATE statements under the row lock. A save() of an
    # instance loaded earlier (the admin's form, a stale object) must not put old values back.
    COUNTERS = frozenset({"last_seq", "chain_head", "seats_sold", "seats_held", "preregistrations_waiting"})

    def save(self, *args, **kwargs):
        # A tournament with a primary key is stored (ids come from the database; nothing makes
        # one with its own id), so only its other fields are written.
        if self.pk is not None and kwargs.get("update_fields") is None and not kwargs.get("force_insert"):
            kwargs["update_fields"] = [
                field.name
                for field in self._meta.concrete_fields
                if not field.primary_key and field.name not in self.COUNTERS
            ]
        super().save(*args, **kwargs)

    def clean(self):
        if self.ruleset:
            try:
                Ruleset.from_json(self.ruleset)
            except ValueError as problem:
                raise ValidationError({"ruleset": str(problem)}) from None

    def rules(self):
        return Ruleset.from_json(self.ruleset) if self.ruleset else preset(self.ruleset_preset)

    def __str__(self) -> str:
        return self.name
