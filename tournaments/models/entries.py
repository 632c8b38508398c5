"""Entries and the money they carry: entries (buy-ins, re-entries, rebuys, add-ons), won-seat
vouchers, substitutions, eliminations, deals and prize payments."""

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from tournaments.models.festival import Tournament


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
    # BNT-POOL: what this sale put into the bounty pool (a seat sale of a bounty event: the
    # event's bounty; chips bought and Day 2 entries: 0), and the bounty on this entry now
    # (BNT-KO/PKO; a Day 2 entry carries its flight bags' heads; 0 in a mystery event).
    bounty_part = models.PositiveBigIntegerField(default=0, help_text="minor units into the bounty pool")
    head = models.PositiveBigIntegerField(default=0, help_text="the bounty on this entry now, minor units")
    bounty_returned = models.PositiveBigIntegerField(
        default=0, help_text="of `returned`, the bounty given back (a void, refund or cancellation: the head it had)"
    )
    method = models.CharField(max_length=10, choices=Method)
    desk = models.CharField(max_length=40)
    shift = models.CharField(max_length=40)
    clerk = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField()
    visitor_signed_in_by = models.CharField(max_length=30, blank=True, help_text="member number (chips)")
    visitor_fee = models.PositiveBigIntegerField(
        default=0, help_text="minor units: the visitor fee charged with this sale, to the club (REG-MEMBER)"
    )
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
                    models.Q(method="won", paid=models.F("visitor_fee"))
                    | (
                        ~models.Q(method="won")
                        & models.Q(
                            paid=models.F("pool_part")
                            + models.F("fee_part")
                            + models.F("bounty_part")
                            + models.F("visitor_fee")
                        )
                    )
                ),
                name="entry_paid_is_its_parts",
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
    # SAT-SEATS: the winner was disqualified later (PAY-DQ); the seat passed to the next place.
    voided_at = models.DateTimeField(null=True, blank=True)
    void_reason = models.CharField(max_length=200, blank=True)

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
    bounties_included = models.PositiveBigIntegerField(
        default=0, help_text="BNT-DEAL: the bounties left that the deal shared (0: they stayed out)"
    )
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
