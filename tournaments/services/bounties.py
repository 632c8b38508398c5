"""The bounty operations people do (issue 23): the director sets the mystery envelopes'
template (BNT-MYSTERY, until they are sealed), the cashier pays a bounty won and reverses a
payment made by mistake, with a reason.

Service floor: reads the queries; the bust's own bounty writes are tables/services/knockouts.py.
"""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from core import kinds, time_source
from core.access import recorded_user
from core.operation import operation
from players.queries.players import player_summary
from rules.refusals import Refused, logged_reason
from tournaments.models import BountyAward, BountyPayment, Tournament
from tournaments.queries.bounties import family_ids
from tournaments.rules import bounties


def set_template(tournament_id: int, tiers: list[dict], director, request_key: str | None = None) -> dict:
    """BNT-MYSTERY: the published set of envelopes, as tiers of the pool (basis points) and
    counts (the last tier: the rest). Refused once the envelopes are sealed; a flight's is its
    main event's, and the main event's goes to its flights."""
    try:
        checked = bounties.tiers_from_json(tiers)
    except ValueError as problem:
        raise Refused(str(problem)) from None
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.public
        tournament = op.tournament
        if tournament.main_event_id is not None:
            raise Refused(
                _("A flight's envelopes are its main event's: set the template on %(name)s.")
                % {"name": tournament.main_event}
            )
        if tournament.bounty_format != bounties.Format.MYSTERY:
            raise Refused(_("Envelopes are for a mystery bounty event: set the bounty format to mystery first."))
        if tournament.bounty_seed:
            raise Refused(_("The envelopes are sealed: their template can no longer change."))
        stored = bounties.tiers_to_json(checked) if tiers else []
        Tournament.objects.filter(pk=tournament.pk).update(bounty_template=stored)
        tournament.flights.update(bounty_template=stored)
        public = {"tiers": bounties.tiers_to_json(checked)}
        op.append(kinds.BOUNTY_TEMPLATE_SET, public=public, payload=public)
    return public


def _award(tournament: Tournament, award_id: int) -> BountyAward:
    award = (
        BountyAward.objects.select_for_update(of=("self",))
        .select_related("winner__player")
        .filter(pk=award_id, tournament_id__in=family_ids(tournament))
        .first()
    )
    if award is None:
        raise Refused(_("There is no bounty %(award)s in this event.") % {"award": award_id})
    return award


def _payload(award: BountyAward, payment: BountyPayment, **more) -> dict:
    return {
        "award": award.id,
        "entry": award.winner.number,
        "amount": payment.amount,
        "method": payment.method,
        "player": player_summary(award.winner.player),
        **more,
    }


def pay_bounty(
    tournament_id: int, award_id: int, method: str, cashier, request_key: str | None = None, desk: str = ""
) -> dict:
    """BNT-KO: a bounty won is paid at the cashier as it happens, once (the database holds one
    standing payment per award)."""
    if method not in BountyPayment.Method.values:
        raise Refused(_("Pay the bounty in cash, by card or by bank transfer."))
    with operation(tournament_id, cashier, request_key) as op:
        if op.repeated:
            return op.repeated.payload
        award = _award(op.tournament, award_id)
        if award.undone_at is not None or award.destination != BountyAward.Destination.PLAYER or not award.cash:
            raise Refused(_("Bounty %(award)s is not owed to a player: nothing to pay.") % {"award": award_id})
        try:
            with transaction.atomic():
                payment = BountyPayment.objects.create(
                    award=award,
                    amount=award.cash,
                    method=method,
                    cashier=recorded_user(cashier),
                    paid_at=time_source.now(),
                    desk=desk[:40],
                )
        except IntegrityError:
            raise Refused(
                _("Bounty %(award)s has already been paid: reverse that payment first if it was a mistake.")
                % {"award": award_id}
            ) from None
        payload = _payload(award, payment)
        op.append(kinds.BOUNTY_PAID, public=None, payload=payload)
    return payload


def reverse_bounty_payment(
    tournament_id: int, award_id: int, reason: str, actor, request_key: str | None = None
) -> dict:
    """A bounty paid by mistake is reversed: the record stays with the reason, and the bounty is
    due again."""
    reason = logged_reason(reason, _("the bounty payment is reversed"))
    with operation(tournament_id, actor, request_key) as op:
        if op.repeated:
            return op.repeated.payload
        award = _award(op.tournament, award_id)
        payment = BountyPayment.objects.select_for_update().filter(award=award, reversed_at__isnull=True).first()
        if payment is None:
            raise Refused(_("Bounty %(award)s has not been paid: there is nothing to reverse.") % {"award": award_id})
        payment.reversed_at, payment.reversed_by, payment.reverse_reason = (
            time_source.now(),
            recorded_user(actor),
            reason,
        )
        payment.save(update_fields=["reversed_at", "reversed_by", "reverse_reason"])
        payload = _payload(award, payment, reason=reason)
        op.append(kinds.BOUNTY_PAYMENT_REVERSED, public=None, payload=payload)
    return payload
