"""Reads of satellites and the seats they award: what a satellite's seat is worth, the
vouchers a satellite issued, the vouchers a player holds for an event, and the voucher a won
entry is sold against (REG-NONTRANSFER).

A tournament with `satellite_for` set promotes its players into that event at its finish in
one of two ways: a neverending level (its payout rules give freerolls, PAY-STRUCT) keeps its
cash prizes and its 1-in-10 freeroll places become vouchers for the next level; any other
tournament is a satellite, whose whole pool becomes seats at the target's price and the
remainder in cash (tournaments/rules/satellites.py).

Query floor: below tournaments.queries; reads the models and the players' queries only.
"""

from django.db.models import Q
from django.utils.translation import gettext as _

from players.models import Player
from players.rules import eligibility
from tournaments.models import Entry, Tournament, WonSeat


def promotes_by_freeroll(tournament: Tournament) -> bool:
    """PAY-STRUCT: a level whose rules give freeroll entries into the next level."""
    return bool(tournament.satellite_for_id and tournament.rules().payouts.freeroll_per_entrants)


def seat_price(tournament: Tournament) -> int | None:
    """A satellite's seat price (the target's buy-in, bounty and fee, tournaments/rules/satellites.py); None
    when the tournament is not a satellite, or its target has no price (nothing to divide by:
    its pool is then paid in cash by the ordinary table)."""
    if tournament.satellite_for_id is None or promotes_by_freeroll(tournament):
        return None
    target = Tournament.objects.filter(pk=tournament.satellite_for_id).values("buy_in", "bounty", "fee").first()
    return (target["buy_in"] + target["bounty"] + target["fee"]) or None if target else None


def target_of(tournament: Tournament) -> dict | None:
    if tournament.satellite_for_id is None:
        return None
    target = Tournament.objects.filter(pk=tournament.satellite_for_id).values("id", "name").first()
    return {"id": target["id"], "name": target["name"]} if target else None


def satellite_summary(tournament: Tournament, table: list[int]) -> dict | None:
    """For the lobby and the results: the seats the pool buys now, each in the target, and the
    cash to the next place (`table`: the satellite's payout table, satellite_table)."""
    price = seat_price(tournament)
    if price is None:
        return None
    seats = sum(1 for prize in table if prize >= price)
    passed = WonSeat.objects.filter(won_with__tournament=tournament, voided_at__isnull=False).count()
    return {
        "target": target_of(tournament),
        "price": price,
        "seats": seats,
        "remainder": sum(table) - seats * price,
        "seats_passed": passed,  # SAT-SEATS: a disqualified winner's voucher void, its seat to the next place
    }


def _voucher(seat: WonSeat, public: bool = False) -> dict:
    document = {
        "code": seat.code,
        "target": {"id": seat.tournament_id, "name": seat.tournament.name},
        "source": seat.source,
        "used": seat.entry_id is not None,
        "void": seat.voided_at is not None,  # SAT-SEATS: its winner was disqualified, the seat passed on
    }
    if not public:
        document.update(
            player={"id": seat.player_id, "name": str(seat.player)},
            entry=seat.won_with.number if seat.won_with_id else None,
        )
    return document


def vouchers_won_in(tournament: Tournament) -> list[dict]:
    """The vouchers this satellite (or level) issued at its finish: player, code, target."""
    found = (
        WonSeat.objects.filter(won_with__tournament=tournament)
        .select_related("player", "tournament", "won_with")
        .order_by("won_with__number")
    )
    return [_voucher(seat) for seat in found]


def vouchers_for(tournament: Tournament) -> list[dict]:
    """Every voucher good in this tournament: issued for it, or for its main event (a flight)."""
    events = [tournament.id] + ([tournament.main_event_id] if tournament.main_event_id else [])
    found = (
        WonSeat.objects.filter(tournament_id__in=events)
        .select_related("player", "tournament", "won_with")
        .order_by("issued_at", "id")
    )
    return [_voucher(seat) for seat in found]


def unused_vouchers(tournament: Tournament, player: Player) -> list[dict]:
    """The desk finds a player's vouchers good here and not yet spent (REG-NONTRANSFER: only
    the player's own)."""
    return [
        voucher
        for voucher in vouchers_for(tournament)
        if voucher["player"]["id"] == player.id and not voucher["used"] and not voucher["void"]
    ]


def vouchers_won_by(entry: Entry) -> list[dict]:
    """The seat page: the seats this entry won ("You won a seat in …: voucher CODE"). The seat
    page's code is the key, as for the rest of the page: the voucher names no one."""
    return [_voucher(seat, public=True) for seat in WonSeat.objects.filter(won_with=entry).select_related("tournament")]


def won_seat_for(tournament: Tournament, sale) -> tuple[WonSeat | None, eligibility.Reason | None]:
    """The voucher a won entry is sold against: issued for this tournament, or for its main
    event (a voucher for an event with flights is good in any of its flights)."""
    if sale.kind != "satellite":
        return None, None
    good_here = Q(tournament=tournament) | (
        Q(tournament_id=tournament.main_event_id) if tournament.main_event_id else Q()
    )
    seat = WonSeat.objects.filter(good_here, code=sale.won_seat_code.strip().upper()).first()
    if seat is None:
        return None, eligibility.Reason(
            "REG-NONTRANSFER", False, _("No won seat with that voucher code for this tournament.")
        )
    if seat.voided_at:
        return seat, eligibility.Reason(
            "SAT-SEATS",
            False,
            _("Voucher %(code)s is void: its winner was disqualified (PAY-DQ) and the seat passed to the next place.")
            % {"code": seat.code},
        )
    if seat.entry_id:
        return seat, eligibility.Reason("REG-NONTRANSFER", False, _("This won seat has already been used."))
    return seat, None
