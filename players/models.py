"""People: player records, memberships, consents, exclusions. Personal data lives here and is
shown to desk, cashier and director only (core.access.Action.PERSONAL_DATA)."""

import secrets

from django.conf import settings
from django.db import models
from django.db.models.functions import Upper
from django.utils.translation import gettext_lazy

from players.rules import eligibility

# The terms and tournament rules players accept, at the desk and online (REG-CONSENT).
TERMS_VERSION = "2026-1"


def normalise_document_number(number: str) -> str:
    """ID numbers compare without spaces, dashes or case: 'ab 12-34' is 'AB1234'."""
    return "".join(ch for ch in number.upper() if ch.isalnum())


class Player(models.Model):
    class Document(models.TextChoices):
        PASSPORT = "passport"
        ID_CARD = "id_card", "national ID card"
        DRIVING_LICENCE = "driving_licence", "driving licence"

    first_name = models.CharField(max_length=100)
    last_name = models.CharField(max_length=100)
    date_of_birth = models.DateField()
    nationality = models.CharField(max_length=2, blank=True, help_text="ISO 3166 country code, e.g. AT")
    id_document_type = models.CharField(max_length=20, choices=Document, blank=True)
    id_document_number = models.CharField(max_length=64, blank=True, help_text="stored normalised")
    id_checked_on = models.DateField(null=True, blank=True, help_text="last day of play the photo ID was seen")
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=40, blank=True)
    city = models.CharField(max_length=100, blank=True, help_text="suburb or city")
    organiser_staff_or_family = models.BooleanField(default=False)
    staff_entry_approved = models.BooleanField(default=False, help_text="approved in advance by the organiser")
    initials_only = models.BooleanField(
        default=False, help_text="REG-CONSENT: public screens show initials only, not first name and last initial"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Erased on request (players/services/erasure.py): the personal fields are gone, the results
    # stay under the public name they consented to.
    erased_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(Upper("last_name"), Upper("first_name"), name="player_name_search")]
        constraints = [
            # Two desks can never create the same person twice from the same document.
            models.UniqueConstraint(
                fields=["id_document_type", "id_document_number"],
                condition=~models.Q(id_document_number=""),
                name="player_id_document_unique",
            ),
            models.CheckConstraint(
                condition=models.Q(id_document_number="") | ~models.Q(id_document_type=""),
                name="player_id_number_has_a_type",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name}"

    def save(self, *args, **kwargs):
        self.id_document_number = normalise_document_number(self.id_document_number)
        super().save(*args, **kwargs)


class Membership(models.Model):
    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="membership")
    number = models.CharField(max_length=30, unique=True)
    full_member = models.BooleanField(default=True, help_text="unticked: a visitor")
    fee_paid_until = models.DateField(null=True, blank=True)
    release_signed_at = models.DateTimeField(null=True, blank=True)
    # REG-MEMBER (chips): collusion or chip dumping may end a membership with the disqualification.
    ended_at = models.DateTimeField(null=True, blank=True)
    end_reason = models.CharField(max_length=200, blank=True)

    def __str__(self) -> str:
        return self.number


class Consent(models.Model):
    """Consent history: the latest row of a kind is the player's current answer."""

    class Kind(models.TextChoices):
        TERMS = "terms", "terms and tournament rules"
        FILMING = "filming", "filming and image rights"
        MARKETING = "marketing", "marketing messages (revocable)"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="consents")
    kind = models.CharField(max_length=10, choices=Kind)
    granted = models.BooleanField()
    version = models.CharField(max_length=20, blank=True, help_text="of the terms accepted")
    at = models.DateTimeField()
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["player", "kind", "-at", "-id"]


class Exclusion(models.Model):
    """REG-EXCLUDE: self-exclusions and venue or sponsor bans, checked at every desk."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="exclusions")
    reason = models.CharField(max_length=100)
    starts = models.DateField()
    ends = models.DateField(null=True, blank=True, help_text="empty: until lifted")
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends__isnull=True) | models.Q(ends__gte=models.F("starts")),
                name="exclusion_ends_after_it_starts",
            ),
        ]

    def as_rule(self) -> eligibility.Exclusion:
        return eligibility.Exclusion(self.reason, self.starts, self.ends)


class Company(models.Model):
    """A sponsor whose logo players may (or may not) wear."""

    class Status(models.TextChoices):
        HEADLINE = "headline", gettext_lazy("headline sponsor")
        APPROVED = "approved", gettext_lazy("approved gaming operator")
        BANNED = "banned", gettext_lazy("banned operator (may not advertise here)")
        UNAUTHORISED_SATELLITE = "unauthorised_satellite", gettext_lazy("unauthorised satellite operator")

    name = models.CharField(max_length=100, unique=True)
    status = models.CharField(max_length=30, choices=Status)

    class Meta:
        ordering = ["name"]
        verbose_name_plural = "companies"

    def __str__(self) -> str:
        return self.name


class LogoDeclaration(models.Model):
    """A logo an entrant wears, declared on the waiver (PF-LOGO-DECLARE) or later with proof."""

    class Placement(models.TextChoices):
        BREAST = "breast", "breast pocket"
        SLEEVE = "sleeve", "upper sleeve"
        CAP = "cap", "cap"
        CARD_PROTECTOR = "card_protector", "card protector"
        OTHER = "other", "elsewhere"

    entry = models.ForeignKey("tournaments.Entry", on_delete=models.PROTECT, related_name="logos")
    company = models.ForeignKey(Company, on_delete=models.PROTECT, related_name="declarations")
    placement = models.CharField(max_length=20, choices=Placement)
    width_cm = models.DecimalField(max_digits=5, decimal_places=1)
    height_cm = models.DecimalField(max_digits=5, decimal_places=1)
    declared_at = models.DateTimeField()
    before_start = models.BooleanField(help_text="declared before shuffle-up-and-deal on day 1")
    written_proof = models.CharField(max_length=200, blank=True, help_text="the proof of sponsorship seen")
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    removed_at = models.DateTimeField(null=True, blank=True)
    removed_because = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=models.Q(width_cm__gt=0, height_cm__gt=0), name="logo_has_a_size"),
            models.CheckConstraint(
                condition=models.Q(removed_at__isnull=True) | ~models.Q(removed_because=""),
                name="logo_removal_has_a_reason",
            ),
        ]


class LogoCapResolution(models.Model):
    """The director's recorded answer to a cap breach: who keeps the logo, chosen or drawn."""

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.PROTECT, related_name="+")
    company = models.ForeignKey(Company, on_delete=models.PROTECT, related_name="+")
    rule = models.CharField(max_length=20)
    drawn = models.BooleanField(help_text="by high-card draw; otherwise the players' or company's choice")
    seed = models.BigIntegerField(null=True, blank=True, help_text="replays the draw exactly")
    cards = models.JSONField(default=dict, blank=True)
    kept = models.JSONField(help_text="entry numbers that keep the logo")
    removed = models.JSONField(help_text="entry numbers that must remove it")
    at = models.DateTimeField()
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")


def new_preregistration_code() -> str:
    """What the QR code carries and a clerk can type: 10 letters and digits, no 0/O or 1/I."""
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    return "".join(secrets.choice(alphabet) for _ in range(10))


class PreRegistration(models.Model):
    """A player's online registration for a tournament or flight before the event: their
    details as the desk's new-player form takes them, their consents, and how they pay. A held
    one counts against the tournament's seats (Tournament.seats_held); the desk confirms it
    into an Entry. A waiting one is on the flight's pre-registration waiting list."""

    class Status(models.TextChoices):
        HELD = "held", gettext_lazy("seat held")
        WAITING = "waiting", gettext_lazy("on the waiting list")
        CONFIRMED = "confirmed", gettext_lazy("confirmed at the desk")
        CANCELLED = "cancelled", gettext_lazy("cancelled")

    class Payment(models.TextChoices):
        DESK = "desk", gettext_lazy("pay at the desk")
        ONLINE = "online", gettext_lazy("paid online")

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.PROTECT, related_name="preregistrations")
    code = models.CharField(max_length=16, unique=True, default=new_preregistration_code, editable=False)
    status = models.CharField(max_length=10, choices=Status)
    first_name = models.CharField(max_length=100)
    last_name = models.CharField(max_length=100)
    date_of_birth = models.DateField()
    email = models.EmailField()
    nationality = models.CharField(max_length=2, blank=True, help_text="ISO 3166 country code, e.g. AT")
    id_document_type = models.CharField(max_length=20, choices=Player.Document)
    id_document_number = models.CharField(max_length=64, help_text="stored normalised")
    id_document_country = models.CharField(max_length=2, blank=True, help_text="the issuing country, e.g. AT")
    terms_version = models.CharField(max_length=20, help_text="of the terms accepted online")
    filming_release = models.BooleanField(default=False)
    marketing_opt_in = models.BooleanField(default=False)
    initials_only = models.BooleanField(default=False)
    payment = models.CharField(max_length=10, choices=Payment)
    payment_reference = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField()
    changed_at = models.DateTimeField()
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    entry = models.OneToOneField(
        "tournaments.Entry", null=True, blank=True, on_delete=models.PROTECT, related_name="preregistration"
    )
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        indexes = [models.Index(fields=["tournament", "status", "id"], name="prereg_flight_status")]
        constraints = [
            # The same ID document once per flight, while the registration stands.
            models.UniqueConstraint(
                fields=["tournament", "id_document_type", "id_document_number"],
                condition=models.Q(status__in=["held", "waiting", "confirmed"]),
                name="prereg_one_per_document_per_flight",
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=["held", "waiting", "confirmed", "cancelled"]), name="prereg_status_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(payment="desk", payment_reference="")
                | (models.Q(payment="online") & ~models.Q(payment_reference="")),
                name="prereg_online_payment_has_a_reference",
            ),
            models.CheckConstraint(condition=~models.Q(id_document_number=""), name="prereg_has_an_id_document"),
            models.CheckConstraint(condition=~models.Q(terms_version=""), name="prereg_terms_accepted"),
            models.CheckConstraint(
                condition=models.Q(status="confirmed", entry__isnull=False)
                | (~models.Q(status="confirmed") & models.Q(entry__isnull=True)),
                name="prereg_confirmed_has_its_entry",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name} ({self.code})"

    def save(self, *args, **kwargs):
        self.id_document_number = normalise_document_number(self.id_document_number)
        super().save(*args, **kwargs)
