"""The payout desk: the prizes still to pay, each once."""

from tournaments.queries.results import standings


def prizes_to_pay(tournament) -> list[dict]:
    """Everyone placed with a prize, and how it was paid: `paid` (the method) and `paid_amount`,
    which differs from `prize` if the places changed after the payment (never silently). A main
    event's players placed in the money of a flight are paid at the flight's desk (FLIGHT-ITM)."""
    paid = {
        p.entry.number: p for p in tournament.prize_payments.filter(reversed_at__isnull=True).select_related("entry")
    }
    return [
        {
            **row,
            "paid": paid[row["entry"]].method if row["entry"] in paid else None,
            "paid_amount": paid[row["entry"]].amount if row["entry"] in paid else None,
        }
        for row in standings(tournament)["out"]
        # FLIGHT-ITM: a prize won in a flight is paid at that flight's payout desk
        if row["prize"] and not (row["flight"] and tournament.main_event_id is None)
    ]
