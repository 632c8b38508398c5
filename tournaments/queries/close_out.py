"""The cashier's close-out: what each desk, shift and payment method took, the prizes paid per
cashier and method (reversed payments kept on record), and what the desks took less the prizes.

A main event played in flights took its money at the flights' desks: its close-out counts every
flight's sales with its own (each row names the flight it was sold in) and shows each flight's
total, so it never reads "prizes paid" against nothing taken. The whole festival's close-out is
tournaments/queries/festival_close_out.py, built from the same rows."""

from collections import defaultdict

from tournaments.models import BountyPayment, Entry, PrizePayment, Tournament
from tournaments.queries.bounties import ledger, paid_and_due

DESK_SUMS = ("sales", "taken", "bounty", "visitor_fees", "voided", "refunded", "returned", "net")
CASHIER_SUMS = ("payments", "paid", "reversed", "reversed_amount")


def counted_events(tournament: Tournament) -> list[Tournament]:
    """The tournament and, for a main event, its flights (by start): where its money came in."""
    if tournament.main_event_id is not None:
        return [tournament]
    return [tournament, *tournament.flights.order_by("starts_at", "id")]


def desk_rows(tournaments: list[Tournament]) -> list[dict]:
    """One row per tournament, desk, shift and payment method, in the tournaments' order."""
    order = {t.id: position for position, t in enumerate(tournaments)}
    names = {t.id: t.name for t in tournaments}
    rows: dict[tuple, dict] = defaultdict(
        lambda: {"sales": 0, "taken": 0, "bounty": 0, "visitor_fees": 0, "voided": 0, "refunded": 0, "returned": 0}
    )
    # A Day 2 entry is a bag carried forward, not a sale: its money came in at its flight's desk.
    for entry in Entry.objects.filter(tournament_id__in=order).exclude(kind=Entry.Kind.DAY_TWO):
        row = rows[(order[entry.tournament_id], entry.desk, entry.shift, entry.method)]
        row["sales"] += 1
        row["taken"] += entry.paid
        if entry.method != Entry.Method.WON:  # BNT-POOL: the bounty part taken, less what went back
            row["bounty"] += entry.bounty_part - entry.bounty_returned
        row["visitor_fees"] += entry.visitor_fee  # REG-MEMBER (chips): the club's, in what was taken
        row["returned"] += entry.returned
        row["voided"] += entry.status == Entry.Status.VOIDED
        row["refunded"] += entry.status == Entry.Status.REFUNDED
    ids = {position: tournament_id for tournament_id, position in order.items()}
    return [
        {
            "event_id": ids[position],
            "event": names[ids[position]],
            "desk": desk,
            "shift": shift,
            "method": method,
            **row,
            "net": row["taken"] - row["returned"],
        }
        for (position, desk, shift, method), row in sorted(rows.items())
    ]


def visitor_sales(tournaments: list[Tournament]) -> list[dict]:
    """REG-MEMBER (chips): each visitor's sale with the full member who signed them in and the fee."""
    names = {t.id: t.name for t in tournaments}
    found = Entry.objects.filter(tournament_id__in=names).exclude(visitor_signed_in_by="").select_related("player")
    return [
        {
            "event": names[entry.tournament_id],
            "entry": entry.number,
            "player": str(entry.player),
            "signed_in_by": entry.visitor_signed_in_by,
            "visitor_fee": entry.visitor_fee,
        }
        for entry in found.order_by("tournament_id", "number")
    ]


def cashier_rows(tournaments: list[Tournament], bounties: bool = False) -> list[dict]:
    """The payout desk per tournament, cashier and method: payments standing and their total,
    and payments reversed (kept on record, not in the total). `bounties`: the bounties paid
    (BountyPayment, by the event the bounty was won in) instead of the prizes."""
    order = {t.id: position for position, t in enumerate(tournaments)}
    names = {t.id: t.name for t in tournaments}
    rows: dict[tuple, dict] = defaultdict(lambda: {"payments": 0, "paid": 0, "reversed": 0, "reversed_amount": 0})
    if bounties:
        payments = [
            (payment, payment.award.tournament_id)
            for payment in BountyPayment.objects.filter(award__tournament_id__in=order).select_related(
                "cashier", "award"
            )
        ]
    else:
        payments = [
            (payment, payment.tournament_id)
            for payment in PrizePayment.objects.filter(tournament_id__in=order).select_related("cashier")
        ]
    for payment, tournament_id in payments:
        key = (order[tournament_id], payment.cashier.get_username() if payment.cashier else "", payment.method)
        row = rows[key]
        if payment.reversed_at is None:
            row["payments"] += 1
            row["paid"] += payment.amount
        else:
            row["reversed"] += 1
            row["reversed_amount"] += payment.amount
    ids = {position: tournament_id for tournament_id, position in order.items()}
    return [
        {"event_id": ids[position], "event": names[ids[position]], "cashier": cashier, "method": method, **row}
        for (position, cashier, method), row in sorted(rows.items())
    ]


def bounty_lines(tournament: Tournament) -> dict:
    """The bounty pool's lines (the main event's with its flights): won, due at the cashier, on
    heads, in the envelopes left, carried (BNT-POOL)."""
    balance = ledger(tournament)
    _paid, due = paid_and_due(tournament)
    return {
        "pool": balance["pool"],
        "won": balance["won"],
        "due": due,
        "on_heads": balance["on_heads"],
        "envelopes_left": balance["envelopes_left"],
        "carried": balance["carried"],
    }


def sums(rows: list[dict], keys: tuple) -> dict:
    return {key: sum(row[key] for row in rows) for key in keys}


def close_out(tournament_id: int) -> dict:
    """Counts and totals per desk, shift and payment method (a main event's flights included):
    money taken, money paid back, and what should be in the drawer. Every row adds up to the
    totals, and each flight's rows to its line in `events`."""
    tournament = Tournament.objects.get(pk=tournament_id)
    events = counted_events(tournament)
    table = desk_rows(events)
    prizes = cashier_rows(events)
    bounty_rows = cashier_rows(events, bounties=True)
    totals, paid = sums(table, DESK_SUMS), sums(prizes, CASHIER_SUMS)
    bounties_paid = sums(bounty_rows, CASHIER_SUMS)
    per_event = [
        {
            "id": event.id,
            "name": event.name,
            **sums([row for row in table if row["event_id"] == event.id], DESK_SUMS),
            "prizes_paid": sum(row["paid"] for row in prizes if row["event_id"] == event.id),
            "bounties_paid": sum(row["paid"] for row in bounty_rows if row["event_id"] == event.id),
        }
        for event in events
    ]
    return {
        "rows": table,
        "totals": totals,
        "events": per_event,
        "prizes": {"rows": prizes, "totals": paid},
        "bounties": {"rows": bounty_rows, "totals": bounties_paid, **bounty_lines(tournament)},
        "visitors": visitor_sales(events),
        "net_after_prizes": totals["net"] - paid["paid"] - bounties_paid["paid"],
        "main_event": (
            {"id": tournament.main_event_id, "name": tournament.main_event.name} if tournament.main_event_id else None
        ),
        "festival_id": tournament.festival_id,
    }
