import secrets
from zoneinfo import available_timezones

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Length
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
    filmed = models.BooleanField(default=False, help_text="filmed or televised: the stricter logo sizes apply")
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
    # The seq of the last event appended; bumped in the same transaction as the event row.
    last_seq = models.PositiveBigIntegerField(default=0, editable=False)

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
        ]

    # Written only by the services' own UPDATE statements under the row lock. A save() of an
    # instance loaded earlier (the admin's form, a stale object) must not put old values back.
    COUNTERS = frozenset({"last_seq", "seats_sold", "seats_held"})

    def save(self, *args, **kwargs):
        if not self._state.adding and kwargs.get("update_fields") is None:
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
    # What the request asked for (core.log.request_fingerprint): the key with another request is refused.
    request_fingerprint = models.CharField(max_length=64, null=True, blank=True)

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


def new_public_code() -> str:
    return secrets.token_urlsafe(9)


class Entry(models.Model):
    """One sale at the desk: a seat (buy-in, late, alternate, re-entry, won) or more chips
    (rebuy, add-on). Never deleted: a void or refund is recorded on it and reverses its money."""

    class Kind(models.TextChoices):
        BUY_IN = "buy_in", "buy-in"
        LATE = "late", "late entry"
        ALTERNATE = "alternate"
        RE_ENTRY = "re_entry", "re-entry"
        SATELLITE = "satellite", "won entry (satellite or freeroll)"
        DAY_TWO = "day_two", "Day 2 entry (a flight's bag)"  # a main event's seat from a qualified bag
        REBUY = "rebuy"
        ADDON = "addon", "add-on"

    class Method(models.TextChoices):
        CASH = "cash"
        CARD = "card"
        TRANSFER = "transfer", "bank transfer"
        VOUCHER = "voucher"
        ONLINE = "online", "paid online (pre-registration)"
        WON = "won", "won entry (nothing paid)"
        QUALIFIED = "qualified", "qualified in a flight (paid there)"

    class Status(models.TextChoices):  # labels in the page's language (the seat page, the desk's refusals)
        ACTIVE = "active", gettext_lazy("Active")  # a seat entry still in, or chips bought
        BUSTED = "busted", gettext_lazy("Busted")
        VOIDED = "voided", gettext_lazy("Voided")  # a desk mistake: money fully reversed
        REFUNDED = "refunded", gettext_lazy("Refunded")  # by rule (ENT-REFUND)
        DISQUALIFIED = (
            "disqualified",
            gettext_lazy("Disqualified"),
        )  # PAY-DQ: chips out of play, buy-in stays in the pool, no prize

    # A Day 2 entry is a seat too; the flights' entries paid for it (FLIGHT-REENTRY "each": a
    # player may hold several, so the one-seat constraint below names only the sold kinds).
    SEAT_KINDS = ["buy_in", "late", "alternate", "re_entry", "satellite", "day_two"]

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="entries")
    player = models.ForeignKey("players.Player", on_delete=models.PROTECT, related_name="entries")
    number = models.PositiveIntegerField(help_text="entry number within the tournament, from 1")
    kind = models.CharField(max_length=10, choices=Kind)
    status = models.CharField(max_length=12, choices=Status, default=Status.ACTIVE)
    chips = models.PositiveBigIntegerField()
    pool_part = models.PositiveBigIntegerField(help_text="minor units into the prize pool")
    fee_part = models.PositiveBigIntegerField(help_text="minor units to the house")
    paid = models.PositiveBigIntegerField(help_text="minor units taken at the desk")
    method = models.CharField(max_length=10, choices=Method)
    desk = models.CharField(max_length=40)
    shift = models.CharField(max_length=40)
    clerk = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField()
    visitor_signed_in_by = models.CharField(max_length=30, blank=True, help_text="member number (chips)")
    public_code = models.CharField(max_length=16, unique=True, default=new_public_code, editable=False)
    request_key = models.CharField(max_length=64, null=True, blank=True)
    request_fingerprint = models.CharField(max_length=64, null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    close_reason = models.CharField(max_length=200, blank=True)
    returned = models.PositiveBigIntegerField(default=0, help_text="minor units paid back on void or refund")
    returned_from_pool = models.PositiveBigIntegerField(default=0)
    # AC-EXT, AC-CARRY: the player's time-extension chips. Kept on the entry, so they move
    # with the player to any table and into the next day's bag. None: never issued (the
    # ruleset's starting number).
    time_extensions = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="entry_number_unique"),
            models.UniqueConstraint(
                fields=["tournament", "request_key"],
                condition=models.Q(request_key__isnull=False),
                name="entry_request_key_unique",
            ),
            # One seat at a time per player in a tournament.
            models.UniqueConstraint(
                fields=["tournament", "player"],
                condition=models.Q(status="active", kind__in=["buy_in", "late", "alternate", "re_entry", "satellite"]),
                name="entry_one_active_seat_per_player",
            ),
            models.CheckConstraint(
                condition=(
                    models.Q(method="won", paid=0)
                    | (~models.Q(method="won") & models.Q(paid=models.F("pool_part") + models.F("fee_part")))
                ),
                name="entry_paid_is_pool_plus_fee",
            ),
            models.CheckConstraint(
                condition=models.Q(returned_from_pool__lte=models.F("pool_part")), name="entry_refund_within_pool_part"
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=["active", "busted"], closed_at__isnull=True)
                | models.Q(status__in=["voided", "refunded", "disqualified"], closed_at__isnull=False),
                name="entry_closed_has_a_time",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} entry #{self.number}"


def new_voucher_code() -> str:
    return secrets.token_hex(4).upper()


class WonSeat(models.Model):
    """A seat won in a satellite or freeroll, issued to its winner (REG-NONTRANSFER): the
    desk sells a won entry only against an unused voucher code issued to that same player."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="won_seats")
    player = models.ForeignKey("players.Player", on_delete=models.PROTECT, related_name="won_seats")
    source = models.CharField(max_length=200, help_text='e.g. "Satellite 3, 1st place"')
    code = models.CharField(max_length=16, unique=True, default=new_voucher_code, help_text="printed on the voucher")
    issued_at = models.DateTimeField(auto_now_add=True)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    entry = models.OneToOneField(
        Entry,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="won_seat",
        help_text="the entry it paid for, once used",
    )
    # Issued by a satellite's results (or a neverending freeroll place) at its finish: the entry
    # that won it. One voucher per winning entry, by the database, however often the finish runs.
    won_with = models.OneToOneField(
        Entry,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="seat_won",
        help_text="the satellite entry whose place won it (issued at the finish)",
    )

    def __str__(self) -> str:
        return f"won seat {self.code} ({self.player}) for {self.tournament}"


class Substitution(models.Model):
    """ENT-SUBST: who plays an entry's seat in place of its entrant, approved by the director.
    The entry (and any prize) stays the entrant's."""

    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="substitutions")
    substitute = models.ForeignKey("players.Player", on_delete=models.PROTECT, related_name="substitutions")
    reason = models.CharField(max_length=200)
    approved_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField()


class Elimination(models.Model):
    """A player out (ELIM-*): where and in which hand, with the chips they started that hand
    with, which rank players out together. An undone bust stays, marked, for the record."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="eliminations")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="eliminations")
    seq = models.PositiveBigIntegerField(help_text="the log seq of the bust: the order of eliminations")
    table = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    hand = models.PositiveIntegerField(help_text="the table's hand number")
    hand_for_hand = models.PositiveIntegerField(null=True, blank=True)
    starting_stack = models.PositiveBigIntegerField(null=True, blank=True)
    at = models.DateTimeField()
    undone_at = models.DateTimeField(null=True, blank=True)
    undo_reason = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["entry"], condition=models.Q(undone_at__isnull=True), name="elimination_once_per_entry"
            ),
        ]


class Deal(models.Model):
    """PAY-CHOP: a final-table deal, recorded only with every remaining player's agreement and
    a tournament representative present; reported to media through the public log."""

    class Method(models.TextChoices):
        CHIP_CHOP = "chip_chop", "chip-chop"
        ICM = "icm", "ICM"
        GUARANTEED = "guaranteed", "guaranteed minimum"
        BY_PLACE = "by_place", "final gong: places by chips"

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="deals")
    method = models.CharField(max_length=12, choices=Method)
    stacks = models.JSONField(help_text="entry number -> chips when the deal was made")
    amounts = models.JSONField(help_text="entry number -> minor units agreed")
    left_to_play = models.PositiveBigIntegerField(default=0, help_text="kept back for the winner of the play on")
    representative = models.CharField(max_length=100, help_text="the tournament representative present")
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField()


class PrizePayment(models.Model):
    """A prize paid at the payout desk: one standing payment per entry, by the database. A wire
    transfer needs the player's ID document on file (REG-ID). A payment made by mistake is
    reversed with a reason, never deleted; the prize can then be paid again."""

    class Method(models.TextChoices):
        CASH = "cash"
        WIRE = "wire", "wire transfer"

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="prize_payments")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="prize_payments")
    amount = models.PositiveBigIntegerField()
    method = models.CharField(max_length=10, choices=Method)
    paid_at = models.DateTimeField()
    cashier = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    reversed_at = models.DateTimeField(null=True, blank=True)
    reversed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    reversal_reason = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["entry"], condition=models.Q(reversed_at__isnull=True), name="prize_paid_once_per_entry"
            ),
            models.CheckConstraint(
                condition=models.Q(reversed_at__isnull=True) | ~models.Q(reversal_reason=""),
                name="prize_reversal_has_a_reason",
            ),
        ]


class Announcement(models.Model):
    """TD-ANNOUNCE: what the director tells the whole room, on every screen of the tournament
    (lobby banner, tablets, desk) until dismissed or expired; the log keeps it either way."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="announcements")
    text = models.CharField(max_length=500)
    template = models.CharField(max_length=30, blank=True, help_text="the template it started from, if any")
    made_at = models.DateTimeField()
    made_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    expires_at = models.DateTimeField(null=True, blank=True)
    dismissed_at = models.DateTimeField(null=True, blank=True)
    dismissed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["-made_at"]
        constraints = [
            models.CheckConstraint(condition=~models.Q(text=""), name="announcement_has_text"),
            models.CheckConstraint(
                condition=models.Q(expires_at__isnull=True) | models.Q(expires_at__gt=models.F("made_at")),
                name="announcement_expires_after_it_is_made",
            ),
        ]


class Ruling(models.Model):
    """TD-RULING: a floor decision at a table, recorded as it is made. It may be disputed until
    the table's next hand starts; the director may overturn it at any time, with a reason."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="rulings")
    table = models.ForeignKey("tables.TournamentTable", on_delete=models.PROTECT, related_name="rulings")
    hand = models.PositiveIntegerField(help_text="the table's hand when the floor was called")
    called_by = models.CharField(max_length=100, help_text="who called the floor: the dealer, seat 4, …")
    players = models.ManyToManyField(Entry, related_name="rulings", blank=True)
    decision = models.CharField(max_length=1000)
    rule_cited = models.CharField(max_length=200, blank=True)
    director_consulted = models.BooleanField(default=False)
    made_at = models.DateTimeField()
    made_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    disputed_at = models.DateTimeField(null=True, blank=True)
    dispute = models.CharField(max_length=500, blank=True, help_text="who disputes it and why")
    overturned_at = models.DateTimeField(null=True, blank=True)
    overturned_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    overturn_reason = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["-made_at"]
        constraints = [
            models.CheckConstraint(condition=~models.Q(decision=""), name="ruling_has_a_decision"),
            models.CheckConstraint(
                condition=models.Q(overturned_at__isnull=True) | ~models.Q(overturn_reason=""),
                name="ruling_overturned_with_a_reason",
            ),
            models.CheckConstraint(
                condition=models.Q(disputed_at__isnull=True) | ~models.Q(dispute=""), name="ruling_disputed_with_words"
            ),
        ]


class PhotoIdCheck(models.Model):
    """REG-ID: a returning player's valid photo ID seen for one day of play (the clock's day,
    CLK-EOD), by the desk or the floor. Once per entry and day."""

    class Where(models.TextChoices):
        DESK = "desk"
        FLOOR = "floor"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="photo_id_checks")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="photo_id_checks")
    day = models.PositiveSmallIntegerField()
    checked_at = models.DateTimeField()
    checked_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    where = models.CharField(max_length=5, choices=Where)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["entry", "day"], name="photo_id_check_once_per_entry_and_day"),
            models.CheckConstraint(condition=models.Q(day__gte=1), name="photo_id_check_day_from_1"),
            models.CheckConstraint(condition=models.Q(where__in=["desk", "floor"]), name="photo_id_check_where_valid"),
        ]


class TvImage(models.Model):
    """The festival's and sponsors' images on the TV display, uploaded by the director. Kept in
    the database (at most 1 MB each; tournaments/rules/tv.py), so every web process serves them
    with no shared media folder."""

    festival = models.ForeignKey(Festival, on_delete=models.CASCADE, related_name="tv_images")
    kind = models.CharField(max_length=10, choices=[("festival", "festival"), ("sponsor", "sponsor")])
    caption = models.CharField(max_length=100, blank=True)
    content_type = models.CharField(max_length=20)
    data = models.BinaryField()
    size = models.PositiveIntegerField()
    uploaded_at = models.DateTimeField()
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        constraints = [
            models.CheckConstraint(condition=models.Q(kind__in=["festival", "sponsor"]), name="tv_image_kind_valid"),
            models.CheckConstraint(
                condition=models.Q(content_type__in=["image/png", "image/jpeg", "image/webp"]),
                name="tv_image_type_valid",
            ),
            models.CheckConstraint(condition=models.Q(size__gt=0, size__lte=1024 * 1024), name="tv_image_at_most_1_mb"),
            models.CheckConstraint(condition=models.Q(size=Length("data")), name="tv_image_size_is_the_data_length"),
        ]
