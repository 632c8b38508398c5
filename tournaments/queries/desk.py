"""What the desk shows beside a player before a sale: the price of each kind of sale in this
tournament, and the player's history across the festival (their entries in other events and
flights, the bags they hold from an earlier flight, and what entering another flight means
under FLIGHT-REENTRY)."""

from django.utils.translation import gettext_lazy as _

from players.models import Player
from tables.models import ChipBag, Qualifier
from tournaments.models import Entry, Tournament
from tournaments.rules.entries import Kind
from tournaments.rules.flights import FlightReentry


def sale_prices(tournament: Tournament) -> dict[str, dict]:
    """Each kind of sale's price at this desk, in minor units: the prize pool's part, the
    bounty part (BNT-POOL) and the fee. A won entry costs nothing here (the voucher: its satellite's pool paid)."""
    rules = tournament.rules().entries
    seat = {"pool": tournament.buy_in, "bounty": tournament.bounty, "fee": tournament.fee}
    parts = {
        Kind.SATELLITE: {"pool": 0, "bounty": 0, "fee": 0},
        Kind.REBUY: {"pool": rules.rebuy_price, "bounty": 0, "fee": 0},
        Kind.ADDON: {"pool": rules.addon_price, "bounty": 0, "fee": 0},
    }
    prices = {}
    for kind in Kind:
        part = parts.get(kind, seat)
        price = part["pool"] + part["bounty"] + part["fee"]
        prices[kind.value] = {**part, "price": price, "voucher": kind == Kind.SATELLITE}
    return prices


REENTRY_MEANS = {
    FlightReentry.BEST_STACK: _(
        "FLIGHT-REENTRY (best stack): the player may play another flight once out of play in this one; "
        "only their biggest bag goes to Day 2 (a tie: the earlier flight's), the other bags leave play."
    ),
    FlightReentry.FIRST: _(
        "FLIGHT-REENTRY (first): once the player has bagged chips in a flight, they cannot enter another; "
        "that bag goes to Day 2."
    ),
    FlightReentry.EACH: _("FLIGHT-REENTRY (each): every flight's bag is a Day 2 entry of its own."),
}


def _bag_status(bag: ChipBag | None, qualifier: Qualifier | None) -> str:
    if bag is None:
        return ""
    if qualifier is not None:
        return qualifier.status  # forward or forfeited
    return "confirmed" if bag.confirmed_at else "bagged"


def festival_history(tournament: Tournament, player: Player) -> dict:
    """The player's entries in the festival's other events and flights (this tournament's are
    the desk's own list), with the bag of each flight entry, and for a flight what entering
    this one means under its main event's FLIGHT-REENTRY rule."""
    entries = (
        Entry.objects.filter(tournament__festival_id=tournament.festival_id, player=player)
        .exclude(tournament=tournament)
        .select_related("tournament", "tournament__main_event")
        .order_by("created_at", "id")
    )
    entries = list(entries)
    bags = {bag.entry_id: bag for bag in ChipBag.objects.filter(entry__in=entries).order_by("day")}
    qualifiers = {q.flight_entry_id: q for q in Qualifier.objects.filter(flight_entry__in=entries)}
    rows = []
    for entry in entries:
        bag = bags.get(entry.id)
        main = entry.tournament.main_event
        rows.append(
            {
                "tournament": {"id": entry.tournament_id, "name": entry.tournament.name},
                "main_event": {"id": main.id, "name": main.name} if main else None,
                "number": entry.number,
                "kind": entry.kind,
                "status": entry.status,
                "paid": entry.paid,
                "bag": bag.chips if bag else None,
                "bag_status": _bag_status(bag, qualifiers.get(entry.id)),
                "same_event": bool(tournament.main_event_id)
                and entry.tournament.main_event_id == tournament.main_event_id,
            }
        )
    main = tournament.main_event
    reentry = main.rules().entries.flight_reentry if main is not None else None
    return {
        "entries": rows,
        "flight_reentry": reentry,
        "reentry_means": str(REENTRY_MEANS[FlightReentry(reentry)]) if reentry else "",
    }
