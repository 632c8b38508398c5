"""The tournament's record: the event log (one row per event, seq per tournament), and the
director's announcements, rulings, photo-ID checks and the TV's images."""

from django.conf import settings
from django.db import models
from django.db.models.functions import Length

from tournaments.models.entries import Entry
from tournaments.models.festival import Festival, Tournament


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
    # Its link in the tournament's hash chain (rules/chain.py): sha256 of the previous event's
    # hash and this row's content. `manage.py verify_log` checks it.
    hash = models.CharField(max_length=64, editable=False, default="")

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
