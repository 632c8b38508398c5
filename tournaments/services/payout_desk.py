"""The payout desk: the cashier pays each prize once (REG-ID for wire transfers), and reverses
a payment made by mistake, with a reason.

Service floor: reads the queries only.
"""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from core import kinds, time_source
from core.access import recorded_user
from core.operation import operation
from players.queries.players import player_summary
from rules.refusals import Refused, logged_reason
from tournaments.models import Entry, PrizePayment
from tournaments.queries.results import standings


def pay_prize(tournament_id: int, entry_number: int, method: str, cashier, request_key: str | None = None) -> dict:
    if method not in PrizePayment.Method.values:
        raise Refused(_("Pay in cash or by wire transfer."))
    with operation(tournament_id, cashier, request_key) as op:
        if op.repeated:
            return op.repeated.payload
        tournament = op.tournament
        entry = Entry.objects.select_related("player").get(tournament=tournament, number=entry_number)
        if tournament.events.filter(kind=kinds.TOURNAMENT_IMPORTED.name).exists():
            raise Refused(
                _(
                    "This tournament was imported from a club's file: its prizes were paid there, "
                    "not at this payout desk."
                )
            )
        row = next(
            (
                r
                for r in standings(tournament)["out"]
                if r["entry"] == entry_number and not (r["flight"] and tournament.main_event_id is None)
            ),
            None,
        )
        if row is not None and row.get("seat") and not row["prize"]:
            raise Refused(
                _("Entry #%(entry_number)s won a seat in %(target)s, no cash: the voucher is the prize.")
                % {"entry_number": entry_number, "target": row["seat"]["name"]}
            )
        if row is None or not row["prize"]:
            raise Refused(_("Entry #%(entry_number)s has no prize to pay.") % {"entry_number": entry_number})
        player = entry.player
        if method == PrizePayment.Method.WIRE and not (player.id_document_number and player.id_checked_on):
            raise Refused(
                _(
                    "A wire transfer needs %(player)s's ID document on file and checked "
                    "(REG-ID); check it at the desk, or pay in cash."
                )
                % {"player": player}
            )
        try:
            with transaction.atomic():
                PrizePayment.objects.create(
                    tournament=tournament,
                    entry=entry,
                    amount=row["prize"],
                    method=method,
                    paid_at=time_source.now(),
                    cashier=recorded_user(cashier),
                )
        except IntegrityError:
            raise Refused(
                _(
                    "Entry #%(entry_number)s's prize has already been paid: reverse that "
                    "payment first if it was a mistake."
                )
                % {"entry_number": entry_number}
            ) from None
        payload = {"entry": entry_number, "amount": row["prize"], "method": method, "player": player_summary(player)}
        op.append(kinds.PRIZE_PAID, public=None, payload=payload)
    return payload


def reverse_payment(tournament_id: int, entry_number: int, reason: str, actor, request_key: str | None = None) -> dict:
    """A payment made by mistake (the wrong player, the wrong method) is reversed: the record
    stays with the reason, and the prize can be paid again."""
    reason = logged_reason(reason, _("the payment is reversed"))
    with operation(tournament_id, actor, request_key) as op:
        if op.repeated:
            return op.repeated.payload
        payment = (
            PrizePayment.objects.select_for_update()
            .select_related("entry__player")
            .filter(tournament=op.tournament, entry__number=entry_number, reversed_at__isnull=True)
            .first()
        )
        if payment is None:
            raise Refused(
                _("Entry #%(entry_number)s's prize has not been paid: there is nothing to reverse.")
                % {"entry_number": entry_number}
            )
        payment.reversed_at, payment.reversed_by, payment.reversal_reason = (
            time_source.now(),
            recorded_user(actor),
            reason,
        )
        payment.save(update_fields=["reversed_at", "reversed_by", "reversal_reason"])
        payload = {
            "entry": entry_number,
            "amount": payment.amount,
            "method": payment.method,
            "reason": reason,
            "player": player_summary(payment.entry.player),
        }
        op.append(kinds.PRIZE_PAYMENT_REVERSED, public=None, payload=payload)
    return payload
