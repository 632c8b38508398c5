"""Standings and results: every player out with their place and prize, the winners, the public
standings (names as each player consented), and the festival's leaderboard (PAY-POINTS)."""

from django.db.models import Count, Sum

from players.queries.players import public_name_of
from rules.times import iso_time
from tables.models import ChipBag, Qualifier
from tournaments.models import BountyAward, Elimination, Entry, Knockout, Tournament
from tournaments.queries.day_two import flight_entries
from tournaments.queries.flights import field_final, main_event_with_flights, payout_field, players_left_in_event
from tournaments.queries.payouts import (
    deal_summary,
    field_size,
    latest_deal,
    payout,
    places_paid,
    prize_pool,
    published,
)
from tournaments.queries.satellites import satellite_summary, seat_price, target_of
from tournaments.rules import payouts, satellites
from tournaments.rules.flights import FlightBust, flight_places
from tournaments.rules.places import Bust, places, prizes_by_entry


def flights_in_the_money(main: Tournament) -> dict[int, tuple[int, int]]:
    """FLIGHT-ITM: flight entry id -> (best, worst) place of the players out of the main event's
    flights in the money; the busts before the money take no place."""
    rules = main.rules()
    if not rules.entries.flights_play_into_money or not field_final(main):
        return {}
    flights = main.flights.order_by("starts_at", "id").values_list("id", flat=True)
    order = {flight: n for n, flight in enumerate(flights)}
    rows = list(
        Elimination.objects.filter(
            tournament__main_event=main, undone_at__isnull=True, entry__status=Entry.Status.BUSTED
        ).select_related("entry")
    )
    bagged: dict[int, list] = {}  # player -> when each of their bags still going forward was bagged
    bags = ChipBag.objects.filter(tournament__main_event=main).exclude(qualifier__status=Qualifier.Status.FORFEITED)
    for player, at in bags.values_list("entry__player_id", "bagged_at"):
        bagged.setdefault(player, []).append(at)
    busts = [
        FlightBust(
            entry=row.entry_id,
            moment=(row.at, order[row.tournament_id], row.seq),
            flight=row.tournament_id,
            table=row.table,
            hand=row.hand,
            starting_stack=row.starting_stack,
            hand_for_hand=row.hand_for_hand,
            holds_a_bag=any(at < row.at for at in bagged.get(row.entry.player_id, [])),
        )
        for row in rows
    ]
    return flight_places(
        players_left_in_event(main, still_in=False),
        places_paid(main),
        busts,
        plays_into_money=True,
        field_final=True,
        reentry=rules.entries.flight_reentry,
        tie_across_tables=rules.payouts.tie_across_tables,
    )


def standings(tournament: Tournament) -> dict:
    """Every player out so far with their place (a shared range when tied) and prize. A main
    event's field counts every flight's entries, and its players out of a flight in the money
    are placed among its own (FLIGHT-ITM, `flight` names where they went out); a flight's
    players out before the money take no place of their own (`out_before_the_money` counts them)."""
    main = main_event_with_flights(tournament)
    field = field_size(tournament) if main is None else payout_field(main)
    placed_field = field_size(tournament, disqualified=False)  # the disqualified take no place: the rest move up
    table = payout(tournament)
    rows = list(
        Elimination.objects.filter(tournament=tournament, undone_at__isnull=True, entry__status=Entry.Status.BUSTED)
        .select_related("entry__player", "tournament")
        .order_by("seq")
    )
    in_the_money = flights_in_the_money(main) if main is not None else {}
    before_the_money = 0
    if tournament.main_event_id is not None:  # a flight: its places are the main event's, in the money only
        before_the_money = sum(1 for row in rows if row.entry_id not in in_the_money)
        rows = [row for row in rows if row.entry_id in in_the_money]
        placed = {row.entry_id: in_the_money[row.entry_id] for row in rows}
    else:
        busts = [
            Bust(row.entry_id, row.seq, row.table, row.hand, row.starting_stack, row.hand_for_hand) for row in rows
        ]
        placed = places(placed_field, busts, tie_across_tables=tournament.rules().payouts.tie_across_tables)
        if in_the_money:
            rows += list(
                Elimination.objects.filter(entry_id__in=list(in_the_money), undone_at__isnull=True)
                .select_related("entry__player", "tournament")
                .order_by("at")
            )
            placed.update(in_the_money)
    prizes = prizes_by_entry(placed, table)
    survivors = list(
        tournament.entries.filter(status=Entry.Status.ACTIVE, kind__in=Entry.SEAT_KINDS).select_related("player")
    )
    if tournament.main_event_id is not None:
        survivors = []  # a flight's players still in bag for Day 2: nobody finishes first in a flight
    deal = latest_deal(tournament)
    if len(survivors) == 1:  # the last player standing finishes first
        rows.append(Elimination(tournament=tournament, entry=survivors[0], seq=0, table=0, hand=0))
        placed[survivors[0].id], prizes[survivors[0].id] = (1, 1), table[0] if table else 0
    elif deal is not None and not deal.left_to_play and tournament.status == Tournament.Status.FINISHED:
        # END-FINISH by a full deal: the players in it are placed by the chips they held.
        by_chips = sorted(survivors, key=lambda entry: -deal.stacks.get(str(entry.number), 0))
        for place, entry in enumerate(by_chips, start=1):
            rows.append(Elimination(tournament=tournament, entry=entry, seq=0, table=0, hand=0))
            placed[entry.id], prizes[entry.id] = (place, place), 0
    if deal is not None:  # PAY-CHOP: the agreed amounts replace the table's; the winner adds what was left to play
        by_number = {row.entry.number: row.entry_id for row in rows if row.tournament_id == tournament.id}
        for number, amount in deal.amounts.items():
            entry_id = by_number.get(int(number))
            if entry_id is not None:
                prizes[entry_id] = amount + (deal.left_to_play if placed[entry_id] == (1, 1) else 0)
    rules = tournament.rules().payouts
    free = payouts.freerolls(field, rules)
    knocked, won = knockouts_by_entry([row.entry_id for row in rows])  # ELIM-BY, BNT-*
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
            "flight": row.tournament.name if row.tournament.main_event_id is not None else None,
            "knockouts": knocked.get(row.entry_id, 0),
            "bounties_won": won.get(row.entry_id, 0),
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
        "main_event": {"id": main.id, "name": main.name} if main is not None else None,
        "out_before_the_money": before_the_money,
    }


def knockouts_by_entry(entry_ids: list[int]) -> tuple[dict[int, int], dict[int, int]]:
    """ELIM-BY: each entry's knockouts (busts not undone; a split pot counts for each of its
    winners), and the bounties it won in cash (BNT-*), minor units."""
    knocked = dict(
        Knockout.objects.filter(by_entry_id__in=entry_ids, elimination__undone_at__isnull=True)
        .values("by_entry_id")
        .annotate(n=Count("id"))
        .values_list("by_entry_id", "n")
    )
    won = dict(
        BountyAward.objects.filter(winner_id__in=entry_ids, undone_at__isnull=True, destination="player")
        .values("winner_id")
        .annotate(cash=Sum("cash"))
        .values_list("winner_id", "cash")
    )
    return knocked, won


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


def public_standings(tournament: Tournament, keep_player_ids: bool = False) -> dict:
    """The standings as the public sees them: first names and initials, and no payouts or
    prizes before they are published (PAY-POOL). The exports keep each row's player id, to
    add what else the player publishes (their nationality)."""
    table = standings(tournament)
    origins = flight_entries(tournament)  # a Day 2 entry's flight number beside its own
    for row in table["out"]:
        row["name"] = row.pop("public_name")
        if not keep_player_ids:
            row.pop("player")
        # a flight's own row (FLIGHT-ITM) carries the flight's number, not a Day 2 entry's
        row["from_flight"] = None if row["flight"] else origins.get(row["entry"])
    table["published"] = published(tournament)
    if not table["published"]:
        table["payouts"] = []
        for row in table["out"]:
            row["prize"] = None
    return table


def leaderboard(festival_id: int) -> list[dict]:
    """PAY-POINTS: the season (a festival's tournaments) by ranking points, then best place;
    names as the public pages show them; each player's knockouts too (ELIM-BY)."""
    board: dict[int, dict] = {}
    for tournament in Tournament.objects.filter(festival_id=festival_id).order_by("id"):
        for row in standings(tournament)["out"]:
            if row["flight"] and tournament.main_event_id is None:
                continue  # FLIGHT-ITM: counted with the flight the player went out of
            mine = board.setdefault(
                row["player"],
                {
                    "player": row["player"],
                    "name": row["public_name"],
                    "points": 0,
                    "events": 0,
                    "best": None,
                    "knockouts": 0,
                },
            )
            mine["points"] += row["points"]
            mine["knockouts"] += row["knockouts"]  # ELIM-BY: the league counts knockouts
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
