"""The festival's close-out: every desk and cashier across all its events and flights, each
event's fees against its prize pool, the satellites' seats tied to the events they feed, and
the prizes (and bounties) paid. Money in minor units; every sum is made of the rows shown.

Cash is what the desks took: a won entry (a satellite's voucher used as an entry) took nothing
at its event's desk, its satellite's desk took the money, so it is counted once, as cash in
the satellite and as a seat in the event it feeds. A main event's flights are its own: their
sales are the main event's, each flight shown on its own line."""

from django.db.models import Q

from core.kinds import TOURNAMENT_IMPORTED
from tournaments.models import Entry, Festival, Tournament, WonSeat
from tournaments.queries.bounties import paid_and_due
from tournaments.queries.close_out import CASHIER_SUMS, DESK_SUMS, cashier_rows, counted_events, desk_rows, sums
from tournaments.queries.payouts import IN_THE_POOL, prize_pool
from tournaments.queries.satellites import seat_price

EVENT_SUMS = (
    "entries",
    "won_entries",
    "taken",
    "fees",
    "to_pool",
    "to_bounty",
    "from_seats",
    "pool",
    "overlay",
    "seats_awarded",
    "seats_value",
    "prizes_paid",
    "bounties_paid",
    "bounties_due",
    "still_to_pay",
)


def festival_events(festival: Festival) -> list[Tournament]:
    """The festival's events (flights under their main event), by start, those with none last.
    A tournament imported from a club's file is history, not money of this festival's desks."""
    found = (
        Tournament.objects.filter(festival=festival, main_event=None)
        .exclude(events__kind=TOURNAMENT_IMPORTED.name)
        .order_by("starts_at", "id")
    )
    return sorted(found, key=lambda t: (t.starts_at is None, t.starts_at or 0, t.id))


def _money(entries: list[Entry]) -> dict:
    """Cash taken and where it went: the fees (the house's) and the prize pool; a won entry's
    pool part came from its satellite's pool, not from this desk."""
    paid = [e for e in entries if e.method != Entry.Method.WON]
    won = [e for e in entries if e.method == Entry.Method.WON]
    standing = [e for e in entries if e.status in IN_THE_POOL]
    to_pool = sum(e.pool_part - e.returned_from_pool for e in standing if e.method != Entry.Method.WON)
    to_bounty = sum(e.bounty_part - e.bounty_returned for e in paid)  # BNT-POOL: never the house's
    seats = [e for e in standing if e.kind in Entry.SEAT_KINDS and e.kind != Entry.Kind.DAY_TWO]
    return {
        "entries": len(seats),
        "won_entries": sum(1 for e in seats if e.method == Entry.Method.WON),
        "taken": sum(e.paid - e.returned for e in entries),
        # What the desk kept of the paid entries beyond their pool and bounty parts: the fees, refunds' kept fees.
        "fees": sum(e.paid - e.returned for e in paid) - to_pool - to_bounty,
        "to_pool": to_pool,
        "to_bounty": to_bounty,
        "from_seats": sum(e.pool_part - e.returned_from_pool for e in standing if e.method == Entry.Method.WON),
        "won_returned": sum(e.returned for e in won),
    }


def event_line(event: Tournament, desks: list[dict], cashiers: list[dict], bounty_rows: list[dict]) -> dict:
    """One event (its flights in it): entries, cash, fees, pool, seats and prizes."""
    group = counted_events(event)
    ids = [t.id for t in group]
    entries = list(Entry.objects.filter(tournament_id__in=ids))
    money = _money(entries)
    pool = prize_pool(event)
    price = seat_price(event) or 0
    vouchers = WonSeat.objects.filter(won_with__tournament_id__in=ids)
    awarded, used = vouchers.count(), vouchers.filter(entry__isnull=False).count()
    prizes_paid = sum(row["paid"] for row in cashiers if row["event_id"] in ids)
    fed_by = Tournament.objects.filter(Q(satellite_for=event) | Q(satellite_for__in=ids)).order_by("starts_at", "id")
    target = event.satellite_for
    return {
        "id": event.id,
        "name": event.name,
        **money,
        "pool": pool["pool"],
        "overlay": pool["overlay"],
        "guarantee": pool["guarantee"],
        "feeds": {"id": target.id, "name": target.name} if target else None,
        "fed_by": [{"id": t.id, "name": t.name} for t in fed_by],
        "seat_price": price,
        "seats_awarded": awarded,
        "seats_used": used,
        "seats_value": awarded * price,
        "prizes_paid": prizes_paid,
        "bounties_paid": sum(row["paid"] for row in bounty_rows if row["event_id"] in ids),
        "bounties_due": paid_and_due(event)[1],
        "still_to_pay": pool["pool"] - awarded * price - prizes_paid,
        "flights": [
            {"id": t.id, "name": t.name, **sums([row for row in desks if row["event_id"] == t.id], DESK_SUMS)}
            for t in group[1:]
        ],
    }


def festival_close_out(festival_id: int) -> dict:
    """The whole festival's close-out. Raises Festival.DoesNotExist for an unknown id."""
    festival = Festival.objects.get(pk=festival_id)
    events = festival_events(festival)
    counted = [t for event in events for t in counted_events(event)]
    desks, cashiers = desk_rows(counted), cashier_rows(counted)
    bounty_rows = cashier_rows(counted, bounties=True)
    lines = [event_line(event, desks, cashiers, bounty_rows) for event in events]
    totals = {key: sum(line[key] for line in lines) for key in EVENT_SUMS}
    desk_totals, cashier_totals = sums(desks, DESK_SUMS), sums(cashiers, CASHIER_SUMS)
    return {
        "festival": {"id": festival.id, "name": festival.name, "currency": festival.currency},
        "events": lines,
        "totals": totals,
        "desks": {"rows": desks, "totals": desk_totals},
        "prizes": {"rows": cashiers, "totals": cashier_totals},
        "bounties": {"rows": bounty_rows, "totals": sums(bounty_rows, CASHIER_SUMS)},
        "drawer": desk_totals["net"] - cashier_totals["paid"] - totals["bounties_paid"],
    }
