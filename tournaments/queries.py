"""Reads of a tournament: the snapshot a screen starts from, the field's counts, the moment of
the clock the desk's rules need, what a player may buy now, the prize pool, payouts,
standings and results, the cashier's close-out, deal proposals and the prizes to pay.

Query floor: below every service, above core and the models. Tournaments' queries may read
the tables', the clock's and the players' queries (the apps to their right), never a service.
"""

from collections import defaultdict
from datetime import timedelta
from dataclasses import dataclass, replace

from django.db import connection, transaction
from django.db.models import Count, Exists, OuterRef, Q, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from clock import timeline
from clock.models import Clock
from clock.structures import minutes_to_end_of
from core.kinds import CHIP_LEADERS_PUBLISHED, PUBLIC, STAFF
from core.refusals import Refused
from core.times import iso_time
from players import eligibility
from players.models import Membership, Player
from players.queries import public_name_of
from tables.models import ChipAdjustment
from tables.queries import bubble_burst, hand_for_hand_view
from tournaments import payouts, satellites
from tournaments.entries import Kind, PlayerHistory, TournamentMoment, entry_allowed
from tournaments.flight_queries import entries_sold, payout_field, pooled_entries
from tournaments.models import Elimination, Entry, Event, PrizePayment, Tournament, WonSeat
from tournaments.places import Bust, places, prizes_by_entry
from tournaments.record_queries import announcements_up
from tournaments.won_seat_queries import satellite_summary, seat_price, target_of


def snapshot(tournament_id: int, audience: str = PUBLIC) -> dict:
    """Raises Tournament.DoesNotExist for an unknown id."""
    if audience not in (PUBLIC, STAFF):
        raise ValueError(f"unknown audience {audience!r}")
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if outermost:
            # One consistent view: the seq and the state it describes come from one moment.
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        tournament = Tournament.objects.select_related("festival").get(pk=tournament_id)
        clock = Clock.objects.filter(tournament_id=tournament_id).select_related("structure").first()
        now = timezone.now()
        document = {
            "type": "snapshot",
            "audience": audience,
            "seq": tournament.last_seq,
            "server_time": iso_time(now),
            "tournament": {
                "id": tournament.id,
                "name": tournament.name,
                "status": tournament.status,
                "festival": tournament.festival.name,
                "venue": tournament.festival.venue,
                "time_zone": tournament.festival.time_zone,
                "currency": tournament.festival.currency,
            },
            "entries": entries_sold(tournament),
            **field_counts(tournament_id),
            "clock": clock.document(now) if clock else None,
            "money": None,
            "end_of_day": end_of_day(tournament, clock),
        }
        document["money"] = money_summary(tournament, document["players_left"])
        document["hand_for_hand"] = hand_for_hand_view(tournament)
        document["bubble_burst"] = bubble_burst(tournament) if document["hand_for_hand"] is None else None
        document["winners"] = winners(tournament)
        document["late_registration_over"] = late_registration_over(tournament)
        document["announcements"] = announcements_up(tournament_id, now)
        document["chip_leaders"] = published_chip_leaders(tournament)
    return document


def published_chip_leaders(tournament: Tournament) -> dict | None:
    """CHIP-COUNT: the chip leaders as last published to the lobby (the log is their record)."""
    last = tournament.events.filter(kind=CHIP_LEADERS_PUBLISHED.name).order_by("-seq").values("public").first()
    if not last:
        return None
    # The record of a moment: a leader out since then is marked out, not silently kept.
    still_in = set(tournament.entries.filter(status=Entry.Status.ACTIVE).values_list("number", flat=True))
    board = last["public"]
    return {**board, "leaders": [{**row, "out": row.get("entry") not in still_in} for row in board["leaders"]]}


# A finished tournament's screens stay up while its prizes are paid (and the lobby shows the
# winner): its heartbeat goes on this long after its last event, so an event lost then is noticed.
HEARTBEAT_AFTER_THE_END = timedelta(hours=12)


def live_seqs() -> dict[int, int]:
    """Every tournament whose screens are live, and its last seq: not finished or cancelled, or
    finished with an event in the last HEARTBEAT_AFTER_THE_END."""
    over = [Tournament.Status.FINISHED, Tournament.Status.CANCELLED]
    recent = Event.objects.filter(tournament=OuterRef("pk"), at__gte=timezone.now() - HEARTBEAT_AFTER_THE_END)
    return dict(Tournament.objects.filter(~Q(status__in=over) | Exists(recent)).values_list("id", "last_seq"))


def field_counts(tournament_id: int) -> dict:
    """Players still in and the chips in play (CHIP-COUNT): the chips every entry bought
    (starting stacks, rebuys, add-ons; not voided or refunded) plus the adjustments (stacks
    removed, colour-up differences). The lobby's average stack is one divided by the other."""
    counts = Entry.objects.filter(tournament_id=tournament_id).aggregate(
        players_left=Count("id", filter=Q(status=Entry.Status.ACTIVE, kind__in=Entry.SEAT_KINDS)),
        chips_in_play=Sum("chips", filter=Q(status__in=[Entry.Status.ACTIVE, Entry.Status.BUSTED,
                                                         Entry.Status.DISQUALIFIED])))
    adjusted = ChipAdjustment.objects.filter(tournament_id=tournament_id).aggregate(chips=Sum("chips"))["chips"] or 0
    counts["chips_in_play"] = (counts["chips_in_play"] or 0) + adjusted
    return {"players_left": counts["players_left"], "chips_in_play": counts["chips_in_play"] or 0}


def end_of_day(tournament: Tournament, clock: Clock | None) -> dict | None:
    """CLK-EOD for the lobby: the tables still playing their last hands, once announced."""
    counting = tournament.tables.filter(broken_at__isnull=True, hands_left__isnull=False)
    if clock is None or not counting.exists():
        return None
    playing = sorted(counting.filter(hands_left__gt=0).values_list("table__number", flat=True))
    return {"day": clock.day, "day_over": clock.day_over, "playing": playing}


# Entries: what the desk may sell now ----------------------------------------------------


@dataclass(frozen=True)
class Sale:
    kind: Kind
    method: str
    desk: str
    shift: str
    visitor_signed_in_by: str = ""  # chips: the full member's number
    sponsor_present: bool = False
    visitor_fee_paid: bool = False
    won_seat_code: str = ""  # a won entry: the voucher the player presents


def tournament_moment(tournament: Tournament, now) -> TournamentMoment:
    clock = Clock.objects.filter(tournament=tournament).select_related("structure").first()
    closed = tournament.registration_closed or tournament.status in (Tournament.Status.FINISHED,
                                                                     Tournament.Status.CANCELLED)
    if clock is None or clock.status == timeline.READY:
        return TournamentMoment(False, 0.0, False, False, closed)
    levels = clock.structure.timeline_levels()
    state = timeline.catch_up(clock.state, levels, now)
    first_break = timeline.first_break(levels)
    finished = state.status == timeline.FINISHED
    reached = first_break is not None and (finished or state.level_index >= first_break)
    over = first_break is not None and (finished or state.level_index > first_break)
    minutes = timeline.elapsed(clock.state, levels, now).total_seconds() / 60
    return TournamentMoment(True, minutes, reached, over, closed)


def late_registration_over(tournament: Tournament) -> bool:
    """The late-entry period has run out while registration is still open: the director is
    prompted to close it (which publishes the breaking order)."""
    if tournament.registration_closed or tournament.status != Tournament.Status.RUNNING:
        return False
    minutes = entry_rules(tournament).late_entry_minutes
    return minutes is not None and tournament_moment(tournament, timezone.now()).clock_minutes >= minutes


def player_history(tournament: Tournament, player: Player) -> PlayerHistory:
    standing = list(tournament.entries.filter(player=player, status__in=[Entry.Status.ACTIVE, Entry.Status.BUSTED])
                    .values_list("kind", "status"))
    seats = [(kind, status) for kind, status in standing if kind in Entry.SEAT_KINDS]
    return PlayerHistory(
        active_entry=any(status == Entry.Status.ACTIVE for _, status in seats),
        had_entry=bool(seats),
        rebuys=sum(1 for kind, status in standing if kind == Kind.REBUY and status == Entry.Status.ACTIVE),
        addons=sum(1 for kind, status in standing if kind == Kind.ADDON and status == Entry.Status.ACTIVE),
    )


def player_facts(player: Player, sale: Sale | None, won_seat: WonSeat | None = None) -> eligibility.PlayerFacts:
    membership = Membership.objects.filter(player=player).first()
    member = None
    if membership is not None and membership.full_member:
        member = eligibility.Membership(membership.number, True, membership.fee_paid_until,
                                        release_signed=membership.release_signed_at is not None)
    elif sale is not None and sale.visitor_signed_in_by:
        # A visitor: valid only when the number is a full member's.
        sponsor = Membership.objects.filter(number=sale.visitor_signed_in_by.strip(), full_member=True).first()
        member = eligibility.Membership(
            membership.number if membership else "visitor", False,
            signed_in_by=sponsor.number if sponsor else None,
            sponsor_present=sale.sponsor_present and sponsor is not None, visitor_fee_paid=sale.visitor_fee_paid,
        )
    elif membership is not None:
        member = eligibility.Membership(membership.number, False)
    return eligibility.PlayerFacts(
        player_id=player.id,
        date_of_birth=player.date_of_birth,
        membership=member,
        exclusions=tuple(exclusion.as_rule() for exclusion in player.exclusions.all()),
        photo_id_checked_on=player.id_checked_on,
        organiser_staff_or_family=player.organiser_staff_or_family,
        staff_entry_approved=player.staff_entry_approved,
        entry_issued_to=won_seat.player_id if won_seat else None,
    )


def eligibility_reasons(tournament: Tournament, player: Player, sale: Sale | None, now,
                 won_seat: WonSeat | None = None) -> list[eligibility.Reason]:
    rules = tournament.rules()
    day = eligibility.local_day(now, tournament.festival.time_zone)
    return list(eligibility.check(player_facts(player, sale, won_seat), rules.eligibility, day).reasons)


def sale_window(tournament: Tournament, player: Player, kind: Kind, moment: TournamentMoment, rules=None) -> eligibility.Reason:
    """The part other desks' sales can change: read it under the tournament lock (`rules`: entry_rules, read before)."""
    if tournament.status == Tournament.Status.SCHEDULED:
        return eligibility.Reason("REGISTRATION", False, _("Registration is not open yet: the director opens it."))
    if tournament.max_entries is not None and tournament.seats_sold + tournament.seats_held >= tournament.max_entries and kind.seats_a_player:
        return eligibility.Reason("CAPACITY", False, _("Sold out: all %(max_entries)s seats are taken or held by pre-registrations (%(held)s): confirm one from the Pre-registered field.") % {"max_entries": tournament.max_entries, "held": tournament.seats_held} if tournament.seats_held else _("Sold out: all %(max_entries)s seats are taken.") % {"max_entries": tournament.max_entries})
    return entry_allowed(kind, rules or entry_rules(tournament), moment, player_history(tournament, player))


def entry_rules(tournament: Tournament):
    """The ruleset's entry rules, with the structure's closing levels (late registration and
    rebuys close at the end of a named level) turned into clock minutes."""
    rules = tournament.rules().entries
    clock = Clock.objects.filter(tournament=tournament).select_related("structure").first()
    if clock is None:
        return rules
    structure = clock.structure
    if structure.late_entry_until_level is None and structure.rebuys_until_level is None:
        return rules
    levels = structure.timeline_levels()
    if structure.late_entry_until_level is not None:
        rules = replace(rules, late_entry_minutes=minutes_to_end_of(levels, structure.late_entry_until_level))
    if structure.rebuys_until_level is not None:
        rules = replace(rules, rebuy_minutes=minutes_to_end_of(levels, structure.rebuys_until_level),
                        rebuy_until_first_break=False, rebuy_extra_minutes_for_first=0)
    return rules


def entry_summary(entry: Entry) -> dict:
    return {"number": entry.number, "kind": entry.kind, "status": entry.status, "chips": entry.chips,
            "paid": entry.paid, "method": entry.method, "desk": entry.desk, "shift": entry.shift,
            "returned": entry.returned}


def check_entry(tournament: Tournament, player: Player, sale: Sale | None, now) -> dict:
    """Every reason the player can or cannot enter now, and which kinds of sale are open."""
    moment = tournament_moment(tournament, now)
    return {"reasons": eligibility_reasons(tournament, player, sale, now),
            "kinds": {kind: sale_window(tournament, player, kind, moment) for kind in Kind}}


# Money: pool, payouts, standings -------------------------------------------------------

IN_THE_POOL = [Entry.Status.ACTIVE, Entry.Status.BUSTED, Entry.Status.DISQUALIFIED]  # PAY-DQ: the buy-in stays


def prize_pool(tournament: Tournament) -> dict:
    """PAY-POOL: the entries' pool parts (buy-ins, re-entries, rebuys, add-ons; fees are the
    house's), less anything refunded from the pool, topped up to the guarantee unless force
    majeure voided it."""
    collected = pooled_entries(tournament).filter(status__in=IN_THE_POOL).aggregate(
        pool=Sum("pool_part"), back=Sum("returned_from_pool"))
    collected = (collected["pool"] or 0) - (collected["back"] or 0)
    guaranteed = tournament.guarantee if tournament.guarantee and not tournament.guarantee_void else 0
    return {"collected": collected, "guarantee": guaranteed, "pool": max(collected, guaranteed),
            "overlay": max(0, guaranteed - collected)}


def field_size(tournament: Tournament, disqualified: bool = True) -> int:
    """The field the payout table is made for: seat entries not voided or refunded. A
    disqualified entry still counts there (PAY-DQ: the table does not shrink, prizes already
    paid stay right); `disqualified=False`: the entries that take a place."""
    statuses = [Entry.Status.ACTIVE, Entry.Status.BUSTED] + ([Entry.Status.DISQUALIFIED] if disqualified else [])
    return tournament.entries.filter(kind__in=Entry.SEAT_KINDS, status__in=statuses).count()


def payout(tournament: Tournament) -> list[int]:
    """PAY-STRUCT: prizes by place for the field as it stands; a satellite's: seats at the
    target's price, then the remainder (tournaments/satellites.py; the places paid follow)."""
    price = seat_price(tournament)
    if price is not None:
        return satellites.satellite_table(prize_pool(tournament)["pool"], price, field_size(tournament))
    return payouts.payout_table(payout_field(tournament), prize_pool(tournament)["pool"], tournament.rules().payouts,
                                places=tournament.places_paid)


def places_paid(tournament: Tournament, table: list[int] | None = None) -> int:
    """The tournament's override, else the payout table's length (`table`: already computed).
    The payout table pays the override's number of places too (payout)."""
    if tournament.places_paid is not None:
        return tournament.places_paid
    return len(payout(tournament) if table is None else table)


def standings(tournament: Tournament) -> dict:
    """Every player out so far with their place (a shared range when tied) and prize."""
    field = field_size(tournament)
    placed_field = field_size(tournament, disqualified=False)  # the disqualified take no place: the rest move up
    table = payout(tournament)
    rows = list(Elimination.objects.filter(tournament=tournament, undone_at__isnull=True,
                                           entry__status=Entry.Status.BUSTED)
                .select_related("entry__player").order_by("seq"))
    busts = [Bust(row.entry_id, row.seq, row.table, row.hand, row.starting_stack, row.hand_for_hand) for row in rows]
    placed = places(placed_field, busts, tie_across_tables=tournament.rules().payouts.tie_across_tables)
    prizes = prizes_by_entry(placed, table)
    survivors = list(tournament.entries.filter(status=Entry.Status.ACTIVE, kind__in=Entry.SEAT_KINDS)
                     .select_related("player"))
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
    out = [{"entry": row.entry.number, "name": str(row.entry.player), "player": row.entry.player_id,
            "public_name": public_name_of(row.entry.player),
            "place": list(placed[row.entry_id]), "prize": prizes[row.entry_id], "table": row.table, "hand": row.hand,
            "points": payouts.league_points(field, *placed[row.entry_id], rules),
            "freeroll": placed[row.entry_id][1] <= free} for row in rows]
    out.sort(key=lambda r: r["place"][0])
    price, target = seat_price(tournament), target_of(tournament)
    for row in out:  # a satellite's place: a seat in the target, and only the cash is paid at the desk
        won = satellites.award(row["prize"], price) if price else None
        row["seat"], row["prize"] = (target, won.cash) if won and won.seat else (None, row["prize"])
    return {"field": field, "payouts": table, "pool": prize_pool(tournament), "out": out,
            "deal": deal_summary(deal), "satellite": satellite_summary(tournament, table)}


def deal_summary(deal) -> dict | None:
    """The latest deal as the lobby and the results show it: each player's agreed amount."""
    if deal is None:
        return None
    players = {entry.number: entry.player for entry in deal.tournament.entries.filter(
        number__in=[int(number) for number in deal.amounts]).select_related("player")}
    return {"method": deal.get_method_display(), "left_to_play": deal.left_to_play, "amounts": deal.amounts,
            "players": [{"entry": int(number), "amount": amount,
                         "name": public_name_of(players[int(number)])}
                        for number, amount in sorted(deal.amounts.items(), key=lambda item: -item[1])]}


def winners(tournament: Tournament) -> list[dict]:
    """Once the tournament is finished (END-FINISH): the players placed first, by entry number
    and public name."""
    if tournament.status != Tournament.Status.FINISHED:
        return []
    return [{"entry": row["entry"], "name": row["public_name"]} for row in standings(tournament)["out"]
            if row["place"][0] == 1]


def published(tournament: Tournament) -> bool:
    """PAY-POOL: the payouts are public from the start, or (kentucky, whose rebuys run to the
    intermission) from the first break."""
    if not tournament.rules().payouts.publish_at_first_break:
        return True
    return tournament_moment(tournament, timezone.now()).first_break_reached


def money_summary(tournament: Tournament, players_left: int) -> dict:
    """For the lobby: pool, places paid, what the next player out wins, and the jump after;
    `hand_for_hand_due` once the field is within the ruleset's margin of the money."""
    table = payout(tournament)
    # The winner is nobody's "next out": with one player left nothing is next.
    next_out = table[players_left - 1] if 1 < players_left <= len(table) else 0
    jump = table[players_left - 2] if 1 < players_left <= len(table) + 1 else 0
    paid = places_paid(tournament, table)
    margin = tournament.rules().payouts.hand_for_hand_margin
    # PAY-CHOP: after a deal each player's amount is agreed; what the next out wins is theirs.
    deal = deal_summary(tournament.deals.order_by("-at").first())
    if deal is not None:
        next_out = jump = 0
    return {"pool": prize_pool(tournament)["pool"], "places_paid": paid, "in_the_money": 0 < players_left <= paid,
            "published": published(tournament),
            "hand_for_hand_due": paid < players_left <= paid + margin, "next_out_prize": next_out, "next_pay_jump": jump,
            "min_cash": table[-1] if table else 0, "deal": deal, "satellite": satellite_summary(tournament, table)}


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
    table = [{"desk": desk, "shift": shift, "method": method, **row, "net": row["taken"] - row["returned"]}
             for (desk, shift, method), row in sorted(rows.items())]
    totals = {key: sum(row[key] for row in table) for key in ("sales", "taken", "voided", "refunded", "returned", "net")}
    prizes = prizes_paid_by_cashier(tournament_id)
    return {"rows": table, "totals": totals, "prizes": prizes,
            "net_after_prizes": totals["net"] - prizes["totals"]["paid"]}


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


def prizes_to_pay(tournament) -> list[dict]:
    """Everyone placed with a prize, and how it was paid: `paid` (the method) and `paid_amount`,
    which differs from `prize` if the places changed after the payment (never silently)."""
    paid = {p.entry.number: p for p in tournament.prize_payments.filter(reversed_at__isnull=True)
            .select_related("entry")}
    return [{**row, "paid": paid[row["entry"]].method if row["entry"] in paid else None,
             "paid_amount": paid[row["entry"]].amount if row["entry"] in paid else None}
            for row in standings(tournament)["out"] if row["prize"]]


def deal_players(tournament: Tournament) -> list[dict]:
    """The deal form's rows: every player left, by entry number, named as the staff see them."""
    return [{"entry": number, "name": str(entry.player)}
            for number, entry in sorted(players_left_by_number(tournament).items())]


def players_left_by_number(tournament: Tournament) -> dict[int, Entry]:
    return {entry.number: entry for entry in tournament.entries.filter(
        status=Entry.Status.ACTIVE, kind__in=Entry.SEAT_KINDS).select_related("player")}


def deal_stacks(tournament: Tournament, stacks: dict[int, int]) -> tuple[list[int], list[int], list[int]]:
    """(entry numbers, their stacks, the prizes in play), checked against the players left."""
    left = players_left_by_number(tournament)
    if len(left) < 2:
        raise Refused(_("A deal needs at least two players left."))
    if set(stacks) != set(left):
        raise Refused(_("Give the chips of every player left, and only theirs: entries %(left)s.") % {"left": ', '.join(map(str, sorted(left)))})
    numbers = sorted(left, key=lambda n: -stacks[n])
    table = payout(tournament)
    prizes = (table + [0] * len(numbers))[:len(numbers)]
    return numbers, [stacks[n] for n in numbers], prizes


def deal_proposals(tournament_id: int, stacks: dict[int, int], left_to_play: int = 0) -> dict:
    tournament = Tournament.objects.get(pk=tournament_id)
    numbers, chips, prizes = deal_stacks(tournament, stacks)
    try:
        deals = payouts.deal_proposals(chips, prizes, left_to_play)
    except ValueError as problem:
        raise Refused(_("%(problem)s.") % {"problem": str(problem).capitalize()}) from None
    return {"entries": numbers, "prizes": prizes, "left_to_play": left_to_play,
            "deals": {method: dict(zip(map(str, numbers), amounts)) for method, amounts in deals.items()}}
