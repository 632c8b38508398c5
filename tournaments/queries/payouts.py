"""The money of a tournament: the prize pool (PAY-POOL), the field the payout table is made for,
the payout table and places paid (PAY-STRUCT), whether the payouts are public yet, the latest
deal, and the lobby's money line (next out, next pay jump)."""

from typing import NamedTuple

from django.db import connection
from django.utils import timezone

from core import log
from players.queries.players import public_name_of
from tournaments.models import Entry, Tournament
from tournaments.queries.bounties import bounties_to_the_pool
from tournaments.queries.counts import kept_counts, pooled_counts
from tournaments.queries.entries import tournament_moment
from tournaments.queries.flights import MoneyReads, money_event, money_reads, payout_field
from tournaments.queries.satellites import satellite_summary, seat_price
from tournaments.rules import payouts, satellites

# Money: pool, payouts, standings -------------------------------------------------------

IN_THE_POOL = [Entry.Status.ACTIVE, Entry.Status.BUSTED, Entry.Status.DISQUALIFIED]  # PAY-DQ: the buy-in stays


def pooled_sums(tournament: Tournament) -> dict:
    """The pool parts in the pool (`pool`), what went back from it (`back`), and the payout
    field (`field`: payout_field's count of the money event), as the database keeps them: one
    small read of the money event's and its flights' counts."""
    return pooled_counts(tournament)


def prize_pool(tournament: Tournament, sums: dict | None = None) -> dict:
    """PAY-POOL: the entries' pool parts (buy-ins, re-entries, rebuys, add-ons; fees are the
    house's), less anything refunded from the pool, topped up to the guarantee unless force
    majeure voided it. A flight's is its main event's, with the main event's guarantee.
    `sums`: pooled_sums, when the caller has them."""
    collected = sums or pooled_sums(tournament)
    collected = (collected["pool"] or 0) - (collected["back"] or 0)
    collected += bounties_to_the_pool(tournament)  # a disqualified player's bounty, by the ruleset
    tournament = money_event(tournament)
    guaranteed = tournament.guarantee if tournament.guarantee and not tournament.guarantee_void else 0
    return {
        "collected": collected,
        "guarantee": guaranteed,
        "pool": max(collected, guaranteed),
        "overlay": max(0, guaranteed - collected),
    }


def field_size(tournament: Tournament, disqualified: bool = True) -> int:
    """The field the payout table is made for: seat entries not voided or refunded. A
    disqualified entry still counts there (PAY-DQ: the table does not shrink, prizes already
    paid stay right); `disqualified=False`: the entries that take a place."""
    return kept_counts(tournament.id)["seats" if disqualified else "placed_seats"]


def payout(tournament: Tournament, pool: int | None = None, field: int | None = None) -> list[int]:
    """PAY-STRUCT: prizes by place for the field as it stands; a satellite's: seats at the
    target's price, then the remainder (tournaments/rules/satellites.py; the places paid follow).
    A flight's is its main event's (FLIGHT-ITM: its busts in the money are paid from it).
    `pool` and `field`: prize_pool's amount and payout_field, when the caller has them (a
    flight's and its main event's are one)."""
    if tournament.main_event_id is not None:
        return payout(tournament.main_event, pool, field)
    if pool is None:
        pool = prize_pool(tournament)["pool"]
    price = seat_price(tournament)
    if price is not None:
        return satellites.satellite_table(pool, price, field_size(tournament))
    field = payout_field(tournament) if field is None else field
    return payouts.payout_table(field, pool, tournament.rules().payouts, places=tournament.places_paid)


def places_paid(tournament: Tournament, table: list[int] | None = None) -> int:
    """The tournament's override, else the payout table's length (`table`: already computed).
    The payout table pays the override's number of places too (payout). A flight's are its
    main event's."""
    if tournament.main_event_id is not None:
        return places_paid(tournament.main_event, table)
    if tournament.places_paid is not None:
        return tournament.places_paid
    return len(payout(tournament) if table is None else table)


def latest_deal(tournament: Tournament):
    """PAY-CHOP: the tournament's latest deal, or None (a money line looks in money_reads'
    statement). A deal is made at a final table only: a static statement looks (the ORM took
    0.3 ms longer to build the query than PostgreSQL to answer it), and the deal is read only
    when there is one."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT id FROM tournaments_deal WHERE tournament_id = %s ORDER BY at DESC LIMIT 1", [tournament.pk]
        )
        found = cursor.fetchone()
    return None if found is None else tournament.deals.get(pk=found[0])


def deal_summary(deal) -> dict | None:
    """The latest deal as the lobby and the results show it: each player's agreed amount."""
    if deal is None:
        return None
    players = {
        entry.number: entry.player
        for entry in deal.tournament.entries.filter(number__in=[int(number) for number in deal.amounts]).select_related(
            "player"
        )
    }
    return {
        "method": deal.get_method_display(),
        "left_to_play": deal.left_to_play,
        "amounts": deal.amounts,
        "players": [
            {"entry": int(number), "amount": amount, "name": public_name_of(players[int(number)])}
            for number, amount in sorted(deal.amounts.items(), key=lambda item: -item[1])
        ],
    }


def published(tournament: Tournament) -> bool:
    """PAY-POOL: the payouts are public from the start, or (kentucky, whose rebuys run to the
    intermission) from the first break."""
    if not tournament.rules().payouts.publish_at_first_break:
        return True
    return tournament_moment(tournament, timezone.now()).first_break_reached


def money_summary(tournament: Tournament, players_left: int, reads: MoneyReads | None = None) -> dict:
    """For the lobby: pool, places paid, what the next player out wins, and the jump after;
    `hand_for_hand_due` once the field is within the ruleset's margin of the money. A flight's
    and a main event's with flights count the players left across the flights (FLIGHT-ITM).
    `reads`: flights.money_reads, when the caller has them (field_and_money)."""
    reads = reads or money_reads(tournament)
    # FLIGHT-ITM: no bubble and no money while flights still to play can add players.
    players_left = players_left if reads.main is None else reads.event_players_left
    final = reads.main is None or reads.field_final
    pool = prize_pool(tournament, reads.sums)
    table = payout(tournament, pool["pool"], reads.sums["field"])
    # The winner is nobody's "next out": with one player left nothing is next.
    next_out = table[players_left - 1] if 1 < players_left <= len(table) else 0
    jump = table[players_left - 2] if 1 < players_left <= len(table) + 1 else 0
    paid = places_paid(tournament, table)
    margin = tournament.rules().payouts.hand_for_hand_margin
    # PAY-CHOP: after a deal each player's amount is agreed; what the next out wins is theirs.
    deal = deal_summary(None if reads.deal_id is None else tournament.deals.get(pk=reads.deal_id))
    if deal is not None:
        next_out = jump = 0
    return {
        "pool": pool["pool"],
        "guarantee": pool["guarantee"],
        "overlay": pool["overlay"],
        "players_left": players_left,
        "places_paid": paid,
        "in_the_money": final and 0 < players_left <= paid,
        "published": published(tournament),
        "hand_for_hand_due": final and paid < players_left <= paid + margin,
        "next_out_prize": next_out,
        "next_pay_jump": jump,
        "min_cash": table[-1] if table else 0,
        "deal": deal,
        "satellite": satellite_summary(tournament, table),
    }


class FieldAndMoney(NamedTuple):
    counts: dict  # players left and chips in play (snapshot.field_counts)
    money: dict  # money_summary
    place: log.Place | None  # with next_seq: the next event's (flights.money_reads)


def field_and_money(tournament: Tournament, next_seq: bool = False) -> FieldAndMoney:
    """The field's counts and the money line, as every sale and bust writes them in its event:
    one statement. `next_seq`: it takes the seq of the event the caller appends next, too."""
    reads = money_reads(tournament, next_seq)
    counts = {"players_left": reads.kept["players_left"], "chips_in_play": reads.kept["chips_in_play"]}
    return FieldAndMoney(counts, money_summary(tournament, counts["players_left"], reads), reads.place)
