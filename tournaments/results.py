"""Prize pool, payouts and standings from the database (PAY-POOL, PAY-STRUCT, ELIM-*, PAY-DQ):
reads over the entries and eliminations, computed by the pure rules in payouts.py and
places.py, so every screen shows the same numbers."""

from django.db.models import Sum
from django.utils import timezone

from players.services import public_name
from tournaments import payouts
from tournaments.models import Elimination, Entry, Tournament
from tournaments.places import Bust, places, prizes_by_entry

IN_THE_POOL = [Entry.Status.ACTIVE, Entry.Status.BUSTED, Entry.Status.DISQUALIFIED]  # PAY-DQ: the buy-in stays


def prize_pool(tournament: Tournament) -> dict:
    """PAY-POOL: the entries' pool parts (buy-ins, re-entries, rebuys, add-ons; fees are the
    house's), less anything refunded from the pool, topped up to the guarantee unless force
    majeure voided it."""
    collected = tournament.entries.filter(status__in=IN_THE_POOL).aggregate(
        pool=Sum("pool_part"), back=Sum("returned_from_pool"))
    collected = (collected["pool"] or 0) - (collected["back"] or 0)
    guaranteed = tournament.guarantee if tournament.guarantee and not tournament.guarantee_void else 0
    return {"collected": collected, "guarantee": guaranteed, "pool": max(collected, guaranteed),
            "overlay": max(0, guaranteed - collected)}


def field_size(tournament: Tournament) -> int:
    """The entries that take a place: seat entries not voided, refunded or disqualified."""
    return tournament.entries.filter(kind__in=Entry.SEAT_KINDS,
                                     status__in=[Entry.Status.ACTIVE, Entry.Status.BUSTED]).count()


def payout(tournament: Tournament) -> list[int]:
    """PAY-STRUCT: prizes by place for the field as it stands."""
    return payouts.payout_table(field_size(tournament), prize_pool(tournament)["pool"], tournament.rules().payouts)


def places_paid(tournament: Tournament, table: list[int] | None = None) -> int:
    """The tournament's override, else the payout table's length (`table`: already computed)."""
    if tournament.places_paid is not None:
        return tournament.places_paid
    return len(payout(tournament) if table is None else table)


def standings(tournament: Tournament) -> dict:
    """Every player out so far with their place (a shared range when tied) and prize."""
    field = field_size(tournament)
    table = payout(tournament)
    rows = list(Elimination.objects.filter(tournament=tournament, undone_at__isnull=True,
                                           entry__status=Entry.Status.BUSTED)
                .select_related("entry__player").order_by("seq"))
    busts = [Bust(row.entry_id, row.seq, row.table, row.hand, row.starting_stack, row.hand_for_hand) for row in rows]
    placed = places(field, busts, tie_across_tables=tournament.rules().payouts.tie_across_tables)
    prizes = prizes_by_entry(placed, table)
    winner = tournament.entries.filter(status=Entry.Status.ACTIVE, kind__in=Entry.SEAT_KINDS).select_related("player")
    if winner.count() == 1:  # the last player standing finishes first
        champion = winner.get()
        rows.append(Elimination(entry=champion, seq=0, table=0, hand=0))
        placed[champion.id], prizes[champion.id] = (1, 1), table[0] if table else 0
    deal = tournament.deals.order_by("-at").first()
    if deal is not None:  # PAY-CHOP: the agreed amounts replace the table's; the winner adds what was left to play
        by_number = {row.entry.number: row.entry_id for row in rows}
        for number, amount in deal.amounts.items():
            entry_id = by_number.get(int(number))
            if entry_id is not None:
                prizes[entry_id] = amount + (deal.left_to_play if placed[entry_id] == (1, 1) else 0)
    rules = tournament.rules().payouts
    free = payouts.freerolls(field, rules)
    out = [{"entry": row.entry.number, "name": str(row.entry.player), "player": row.entry.player_id,
            "public_name": public_name(row.entry.player.first_name, row.entry.player.last_name),
            "place": list(placed[row.entry_id]), "prize": prizes[row.entry_id], "table": row.table, "hand": row.hand,
            "points": payouts.league_points(field, *placed[row.entry_id], rules),
            "freeroll": placed[row.entry_id][1] <= free} for row in rows]
    out.sort(key=lambda r: r["place"][0])
    return {"field": field, "payouts": table, "pool": prize_pool(tournament), "out": out,
            "deal": {"method": deal.get_method_display(), "left_to_play": deal.left_to_play,
                     "amounts": deal.amounts} if deal else None}


def published(tournament: Tournament) -> bool:
    """PAY-POOL: the payouts are public from the start, or (kentucky, whose rebuys run to the
    intermission) from the first break."""
    if not tournament.rules().payouts.publish_at_first_break:
        return True
    from tournaments.services import tournament_moment

    return tournament_moment(tournament, timezone.now()).first_break_reached


def money_summary(tournament: Tournament, players_left: int) -> dict:
    """For the lobby: pool, places paid, what the next player out wins, and the jump after;
    `hand_for_hand_due` once the field is within the ruleset's margin of the money."""
    table = payout(tournament)
    next_out = table[players_left - 1] if 0 < players_left <= len(table) else 0
    jump = table[players_left - 2] if 1 < players_left <= len(table) + 1 else 0
    paid = places_paid(tournament, table)
    margin = tournament.rules().payouts.hand_for_hand_margin
    return {"pool": prize_pool(tournament)["pool"], "places_paid": paid, "in_the_money": 0 < players_left <= paid,
            "published": published(tournament),
            "hand_for_hand_due": paid < players_left <= paid + margin, "next_out_prize": next_out, "next_pay_jump": jump,
            "min_cash": table[-1] if table else 0}


def public_standings(tournament: Tournament) -> dict:
    """The standings as the public sees them: first names and initials, and no payouts or
    prizes before they are published (PAY-POOL)."""
    table = standings(tournament)
    for row in table["out"]:
        row["name"] = row.pop("public_name")
        row.pop("player")
    table["published"] = published(tournament)
    if not table["published"]:
        table["payouts"] = []
        for row in table["out"]:
            row["prize"] = None
    return table


def leaderboard(festival_id: int) -> list[dict]:
    """PAY-POINTS: the season (a festival's tournaments) by ranking points, then best place;
    names as the public pages show them."""
    board: dict[int, dict] = {}
    for tournament in Tournament.objects.filter(festival_id=festival_id).order_by("id"):
        for row in standings(tournament)["out"]:
            mine = board.setdefault(row["player"], {"player": row["player"], "name": row["public_name"], "points": 0,
                                                    "events": 0, "best": None})
            mine["points"] += row["points"]
            mine["events"] += 1
            mine["best"] = min(mine["best"] or row["place"][0], row["place"][0])
    return sorted(board.values(), key=lambda r: (-r["points"], r["best"], r["name"]))

