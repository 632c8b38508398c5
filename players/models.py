"""People: player records, memberships, consents, exclusions. Personal data lives here and is
shown to desk, cashier and director only (pokerfest.access.Action.PERSONAL_DATA)."""

from django.conf import settings
from django.db import models
from django.db.models.functions import Upper

from players import eligibility


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
    created_at = models.DateTimeField(auto_now_add=True)

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
