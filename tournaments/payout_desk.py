"""The payout desk: the cashier pays each prize once (REG-ID for wire transfers)."""

from django.db import IntegrityError, transaction
from django.utils import timezone

from players.services import player_summary
from pokerfest.access import recorded_user
from pokerfest.refusals import Refused
from tables.services import lock_tournament
from tournaments import events
from tournaments.models import Entry, PrizePayment
from tournaments.results import standings


def prizes_to_pay(tournament) -> list[dict]:
    """Everyone out with a prize, and whether it has been paid."""
    paid = {p.entry.number: p for p in tournament.prize_payments.select_related("entry")}
    return [{**row, "paid": paid[row["entry"]].method if row["entry"] in paid else None}
            for row in standings(tournament)["out"] if row["prize"]]


def pay_prize(tournament_id: int, entry_number: int, method: str, cashier, request_key: str | None = None) -> dict:
    if method not in PrizePayment.Method.values:
        raise Refused("Pay in cash or by wire transfer.")
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if repeated := events.earlier(tournament_id, request_key):
            return repeated.payload
        entry = Entry.objects.select_related("player").get(tournament=tournament, number=entry_number)
        row = next((r for r in standings(tournament)["out"] if r["entry"] == entry_number), None)
        if row is None or not row["prize"]:
            raise Refused(f"Entry #{entry_number} has no prize to pay.")
        player = entry.player
        if method == PrizePayment.Method.WIRE and not (player.id_document_number and player.id_checked_on):
            raise Refused(f"A wire transfer needs {player}'s ID document on file and checked (REG-ID); "
                          "check it at the desk, or pay in cash.")
        try:
            with transaction.atomic():
                PrizePayment.objects.create(tournament=tournament, entry=entry, amount=row["prize"], method=method,
                                            paid_at=timezone.now(),
                                            cashier=recorded_user(cashier))
        except IntegrityError:
            raise Refused(f"Entry #{entry_number}'s prize has already been paid.") from None
        payload = {"entry": entry_number, "amount": row["prize"], "method": method,
                   "player": player_summary(player)}
        events.append_event(tournament_id, "prize.paid", actor=cashier, public=None, payload=payload,
                            request_key=request_key)
    return payload
