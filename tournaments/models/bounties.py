"""Bounties (issue 23, BNT-*): who knocked out whom (ELIM-BY), each bounty won or moved, the
mystery envelopes and the cashier's payments of bounties won.

The bounty ledger of an event (its main event and flights together) always balances, in minor
units: the entries' bounty parts == the awards' cash (every destination but "carried") + the
bounties still on the players' heads + the envelopes not drawn (the whole mystery pool while
it is not sealed) + what a disqualification carries to the next bust."""

from django.conf import settings
from django.db import models

from tournaments.models.entries import Elimination, Entry
from tournaments.models.festival import Tournament


class Knockout(models.Model):
    """ELIM-BY: one winner of the pot that put a player out (a split pot has several)."""

    elimination = models.ForeignKey(Elimination, on_delete=models.PROTECT, related_name="knockouts")
    by_entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="knockouts")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["elimination", "by_entry"], name="knockout_once_per_winner"),
        ]


class Envelope(models.Model):
    """BNT-MYSTERY: one sealed envelope of the mystery pool; drawn by an award."""

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="envelopes")
    number = models.PositiveIntegerField(help_text="its place in the sealed list, from 1 (largest first)")
    amount = models.PositiveBigIntegerField()
    draw_number = models.PositiveIntegerField(null=True, blank=True, help_text="the draw that took it, from 1")

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="envelope_number_unique"),
            models.UniqueConstraint(
                fields=["tournament", "draw_number"],
                condition=models.Q(draw_number__isnull=False),
                name="envelope_drawn_once_per_draw",
            ),
        ]


class BountyAward(models.Model):
    """A bounty moved: won at a bust (knockout, progressive, an envelope), the winner's own at
    the finish, a disqualified player's (by the ruleset), or shared in a deal. `cash` is owed
    to the winner (destination player) or went elsewhere; `to_head` was added to the winner's
    own bounty (BNT-PKO). An undone bust marks its awards undone; they stay on record."""

    class Kind(models.TextChoices):
        KNOCKOUT = "knockout"
        PROGRESSIVE = "progressive"
        MYSTERY = "mystery"
        OWN = "own"
        DISQUALIFIED = "disqualified"
        DEAL = "deal"

    class Destination(models.TextChoices):
        PLAYER = "player"
        PRIZE_POOL = "prize_pool", "the prize pool"
        OUT_OF_PLAY = "out_of_play", "out of play"
        CARRIED = "carried", "carried to the next bust"

    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="bounty_awards")
    elimination = models.ForeignKey(
        Elimination, null=True, blank=True, on_delete=models.PROTECT, related_name="bounty_awards"
    )
    winner = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="bounties_won")
    from_entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="bounties_lost")
    kind = models.CharField(max_length=12, choices=Kind)
    cash = models.PositiveBigIntegerField(default=0)
    to_head = models.PositiveBigIntegerField(default=0)
    envelope = models.ForeignKey(Envelope, null=True, blank=True, on_delete=models.PROTECT, related_name="awards")
    seq = models.PositiveBigIntegerField(help_text="the log seq of the operation that made it")
    destination = models.CharField(max_length=12, choices=Destination, default=Destination.PLAYER)
    # A carried bounty (a disqualified player's, next_eliminator) is taken by the next bust: its
    # award rows name it here, and its cash is in theirs.
    taken_by = models.ForeignKey(
        Elimination, null=True, blank=True, on_delete=models.PROTECT, related_name="carried_bounties"
    )
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["seq", "id"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(destination="player") | models.Q(winner__isnull=False),
                name="bounty_award_to_a_player_names_the_winner",
            ),
        ]


class BountyPayment(models.Model):
    """A bounty won paid at the cashier: one standing payment per award, by the database. A
    payment made by mistake is reversed with a reason, never deleted."""

    class Method(models.TextChoices):
        CASH = "cash"
        CARD = "card"
        TRANSFER = "transfer", "bank transfer"

    award = models.ForeignKey(BountyAward, on_delete=models.PROTECT, related_name="payments")
    amount = models.PositiveBigIntegerField()
    method = models.CharField(max_length=10, choices=Method)
    cashier = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    paid_at = models.DateTimeField()
    desk = models.CharField(max_length=40, blank=True)
    reversed_at = models.DateTimeField(null=True, blank=True)
    reversed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    reverse_reason = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["award"], condition=models.Q(reversed_at__isnull=True), name="bounty_paid_once_per_award"
            ),
            models.CheckConstraint(
                condition=models.Q(reversed_at__isnull=True) | ~models.Q(reverse_reason=""),
                name="bounty_reversal_has_a_reason",
            ),
        ]
