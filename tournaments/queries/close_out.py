"""The cashier's close-out: what each desk, shift and payment method took, the prizes paid per
cashier and method (reversed payments kept on record), and what the desks took less the prizes."""

from collections import defaultdict

from tournaments.models import Entry, PrizePayment


def close_out(tournament_id: int) -> dict:
    """Counts and totals per desk, shift and payment method: money taken, money paid back, and
    what should be in the drawer. Every row adds up to the totals."""
    rows: dict[tuple, dict] = defaultdict(lambda: {"sales": 0, "taken": 0, "voided": 0, "refunded": 0, "returned": 0})
    for entry in Entry.objects.filter(tournament_id=tournament_id).order_by("desk", "shift", "method"):
        row = rows[(entry.desk, entry.shift, entry.method)]
        row["sales"] += 1
        row["taken"] += entry.paid
        row["returned"] += entry.returned
        row["voided"] += entry.status == Entry.Status.VOIDED
        row["refunded"] += entry.status == Entry.Status.REFUNDED
    table = [
        {"desk": desk, "shift": shift, "method": method, **row, "net": row["taken"] - row["returned"]}
        for (desk, shift, method), row in sorted(rows.items())
    ]
    totals = {
        key: sum(row[key] for row in table) for key in ("sales", "taken", "voided", "refunded", "returned", "net")
    }
    prizes = prizes_paid_by_cashier(tournament_id)
    return {
        "rows": table,
        "totals": totals,
        "prizes": prizes,
        "net_after_prizes": totals["net"] - prizes["totals"]["paid"],
    }


def prizes_paid_by_cashier(tournament_id: int) -> dict:
    """The payout desk's side of the close-out, per cashier and method: payments standing and
    their total, and payments reversed (kept on record, not in the total)."""
    rows: dict[tuple, dict] = defaultdict(lambda: {"payments": 0, "paid": 0, "reversed": 0, "reversed_amount": 0})
    for payment in PrizePayment.objects.filter(tournament_id=tournament_id).select_related("cashier"):
        row = rows[(payment.cashier.get_username() if payment.cashier else "", payment.method)]
        if payment.reversed_at is None:
            row["payments"] += 1
            row["paid"] += payment.amount
        else:
            row["reversed"] += 1
            row["reversed_amount"] += payment.amount
    table = [{"cashier": cashier, "method": method, **row} for (cashier, method), row in sorted(rows.items())]
    totals = {key: sum(row[key] for row in table) for key in ("payments", "paid", "reversed", "reversed_amount")}
    return {"rows": table, "totals": totals}
