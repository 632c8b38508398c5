"""Standings and results: every player out with their place and prize, the winners, the public
standings (names as each player consented), and the festival's leaderboard (PAY-POINTS)."""

from players.queries.players import public_name_of
from rules.times import iso_time
from tournaments.models import Elimination, Entry, Tournament
from tournaments.queries.payouts import deal_summary, field_size, payout, prize_pool, published
from tournaments.queries.satellites import satellite_summary, seat_price, target_of
from tournaments.rules import payouts, satellites
from tournaments.rules.places import Bust, places, prizes_by_entry


def standings(tournament: Tournament) -> dict:
    """Every player out so far with their place (a shared range when tied) and prize."""
    field = field_size(tournament)
    placed_field = field_size(tournament, disqualified=False)  # the disqualified take no place: the rest move up
    table = payout(tournament)
    rows = list(
        Elimination.objects.filter(tournament=tournament, undone_at__isnull=True, entry__status=Entry.Status.BUSTED)
        .select_related("entry__player")
        .order_by("seq")
    )
    busts = [Bust(row.entry_id, row.seq, row.table, row.hand, row.starting_stack, row.hand_for_hand) for row in rows]
    placed = places(placed_field, busts, tie_across_tables=tournament.rules().payouts.tie_across_tables)
    prizes = prizes_by_entry(placed, table)
    survivors = list(
        tournament.entries.filter(status=Entry.Status.ACTIVE, kind__in=Entry.SEAT_KINDS).select_related("player")
    )
    deal = tournament.deals.order_by("-at").first()
    if len(survivors) == 1:  # the last player standing finishes first
        rows.append(Elimination(entry=survivors[0], seq=0, table=0, hand=0))
        placed[survivors[0].id], prizes[survivors[0].id] = (1, 1), table[0] if table else 0
    elif deal is not None and not deal.left_to_play and tournament.status == Tournament.Status.FINISHED:
        # END-FINISH by a full deal: the players in it are placed by the chips they held.
        by_chips = sorted(survivors, key=lambda entry: -deal.stacks.get(str(entry.number), 0))
        for place, entry in enumerate(by_chips, start=1):
            rows.append(Elimination(entry=entry, seq=0, table=0, hand=0))
            placed[entry.id], prizes[entry.id] = (place, place), 0
    if deal is not None:  # PAY-CHOP: the agreed amounts replace the table's; the winner adds what was left to play
        by_number = {row.entry.number: row.entry_id for row in rows}
        for number, amount in deal.amounts.items():
            entry_id = by_number.get(int(number))
            if entry_id is not None:
                prizes[entry_id] = amount + (deal.left_to_play if placed[entry_id] == (1, 1) else 0)
    rules = tournament.rules().payouts
    free = payouts.freerolls(field, rules)
    out = [
        {
            "entry": row.entry.number,
            "name": str(row.entry.player),
            "player": row.entry.player_id,
            "public_name": public_name_of(row.entry.player),
            "place": list(placed[row.entry_id]),
            "prize": prizes[row.entry_id],
            "table": row.table,
            "hand": row.hand,
            "points": payouts.league_points(field, *placed[row.entry_id], rules),
            "freeroll": placed[row.entry_id][1] <= free,
        }
        for row in rows
    ]
    out.sort(key=lambda r: r["place"][0])
    price, target = seat_price(tournament), target_of(tournament)
    for row in out:  # a satellite's place: a seat in the target, and only the cash is paid at the desk
        won = satellites.award(row["prize"], price) if price else None
        row["seat"], row["prize"] = (target, won.cash) if won and won.seat else (None, row["prize"])
    return {
        "field": field,
        "payouts": table,
        "pool": prize_pool(tournament),
        "out": out,
        "deal": deal_summary(deal),
        "satellite": satellite_summary(tournament, table),
    }


def winners(tournament: Tournament) -> list[dict]:
    """Once the tournament is finished (END-FINISH): the players placed first, by entry number
    and public name."""
    if tournament.status != Tournament.Status.FINISHED:
        return []
    return [
        {"entry": row["entry"], "name": row["public_name"]}
        for row in standings(tournament)["out"]
        if row["place"][0] == 1
    ]


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
            mine = board.setdefault(
                row["player"],
                {"player": row["player"], "name": row["public_name"], "points": 0, "events": 0, "best": None},
            )
            mine["points"] += row["points"]
            mine["events"] += 1
            mine["best"] = min(mine["best"] or row["place"][0], row["place"][0])
    return sorted(board.values(), key=lambda r: (-r["points"], r["best"], r["name"]))


def recent_busts(tournament: Tournament, limit: int = 10) -> list[dict]:
    """The latest busts still standing, newest first: the director picks the one to undo."""
    rows = (
        Elimination.objects.filter(tournament=tournament, undone_at__isnull=True, entry__status=Entry.Status.BUSTED)
        .select_related("entry__player")
        .order_by("-seq")[:limit]
    )
    return [
        {
            "entry": row.entry.number,
            "name": str(row.entry.player),
            "table": row.table,
            "seat": row.seat,
            "at": iso_time(row.at),
        }
        for row in rows
    ]
