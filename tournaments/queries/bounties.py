"""Bounties as the screens read them (issue 23): the ledger of an event's bounty pool, the board
(lobby, TV, API), the bounties due at the cashier, a player's own.

An event's bounties are its family's: a main event and its flights share one pool (the flights'
entries pay into it, a Day 2 entry carries its bags' heads), so each of them reads the whole.
The ledger balances in minor units (BNT-POOL): pool == won + on_heads + envelopes_left + carried.
"""

from django.db.models import Q, Sum

from players.queries.players import public_name_of
from tournaments.models import BountyAward, BountyPayment, Entry, Envelope, Knockout, Tournament
from tournaments.rules.bounties import StageStart, tiers_from_json, tiers_to_json

WON = ~Q(destination=BountyAward.Destination.CARRIED)


def root_of(tournament: Tournament) -> Tournament:
    """The event whose pool this is: a flight's main event, else the tournament itself."""
    return tournament.main_event if tournament.main_event_id is not None else tournament


def family_ids(tournament: Tournament) -> list[int]:
    root = root_of(tournament)
    return [root.id, *root.flights.order_by("id").values_list("id", flat=True)]


def _sum(queryset, expression) -> int:
    return queryset.aggregate(total=Sum(expression))["total"] or 0


def ledger(tournament: Tournament) -> dict:
    """Where every minor unit of the bounty pool is (BNT-POOL). `envelopes_left` is the whole
    pool while a mystery event's envelopes are not sealed."""
    root, ids = root_of(tournament), family_ids(tournament)
    entries = Entry.objects.filter(tournament_id__in=ids)
    awards = BountyAward.objects.filter(tournament_id__in=ids, undone_at__isnull=True)
    pool = _sum(entries, "bounty_part") - _sum(entries, "bounty_returned")
    won = _sum(awards.filter(WON), "cash")
    carried = _sum(awards.filter(destination=BountyAward.Destination.CARRIED, taken_by__isnull=True), "cash")
    on_heads = _sum(entries, "head")
    if root.bounty_format == "mystery" and not root.bounty_seed:
        envelopes_left = pool - won - carried - on_heads
    else:
        envelopes_left = _sum(Envelope.objects.filter(tournament=root, draw_number__isnull=True), "amount")
    return {"pool": pool, "won": won, "on_heads": on_heads, "envelopes_left": envelopes_left, "carried": carried}


def bounties_to_the_pool(tournament: Tournament) -> int:
    """What disqualified players' bounties added to the prize pool (ruleset: prize_pool)."""
    if tournament.bounty_format == "none":
        return 0
    awards = BountyAward.objects.filter(
        tournament_id__in=family_ids(tournament),
        undone_at__isnull=True,
        destination=BountyAward.Destination.PRIZE_POOL,
    )
    return _sum(awards, "cash")


def paid_and_due(tournament: Tournament) -> tuple[int, int]:
    ids = family_ids(tournament)
    owed = _sum(
        BountyAward.objects.filter(
            tournament_id__in=ids, undone_at__isnull=True, destination=BountyAward.Destination.PLAYER
        ),
        "cash",
    )
    paid = _sum(
        BountyPayment.objects.filter(
            award__tournament_id__in=ids, award__undone_at__isnull=True, reversed_at__isnull=True
        ),
        "amount",
    )
    return paid, owed - paid


def stage(tournament: Tournament) -> dict:
    root = root_of(tournament)
    rules = root.rules().bounties
    return {
        "starts": str(rules.stage_starts),
        "level": rules.stage_level if rules.stage_starts == StageStart.LEVEL else None,
        "started": bool(root.bounty_seed) if root.bounty_format == "mystery" else root.bounty_format != "none",
    }


def template(tournament: Tournament) -> list[dict]:
    return tiers_to_json(tiers_from_json(root_of(tournament).bounty_template))


def envelopes_left(tournament: Tournament) -> list[dict]:
    """The envelopes not drawn, by amount, largest first: {amount, count}."""
    counts: dict[int, int] = {}
    for amount in Envelope.objects.filter(tournament=root_of(tournament), draw_number__isnull=True).values_list(
        "amount", flat=True
    ):
        counts[amount] = counts.get(amount, 0) + 1
    return [{"amount": amount, "count": count} for amount, count in sorted(counts.items(), reverse=True)]


def award_line(award: BountyAward) -> dict:
    """One award as the screens list it (no personal data but the public name)."""
    return {
        "id": award.id,
        "kind": award.kind,
        "from_entry": award.from_entry.number,
        "from_name": public_name_of(award.from_entry.player),
        "entry": award.winner.number if award.winner_id else None,
        "name": public_name_of(award.winner.player) if award.winner_id else "",
        "tournament": award.tournament_id,
        "cash": award.cash,
        "to_head": award.to_head,
        "destination": award.destination,
        "envelope": award.envelope.amount if award.envelope_id else None,
        "draw_number": award.envelope.draw_number if award.envelope_id else None,
        "seq": award.seq,
    }


def _awards(ids):
    return BountyAward.objects.filter(tournament_id__in=ids, undone_at__isnull=True).select_related(
        "from_entry__player", "winner__player", "envelope"
    )


def bounty_board(tournament: Tournament) -> dict:
    """The bounty board of the lobby, the TV and GET /api/tournaments/{id}/bounties/."""
    root, ids = root_of(tournament), family_ids(tournament)
    balance = ledger(tournament)
    paid, due = paid_and_due(tournament)
    heads = (
        Entry.objects.filter(tournament_id__in=ids, status=Entry.Status.ACTIVE, head__gt=0)
        .select_related("player")
        .order_by("-head", "tournament_id", "number")[:10]
    )
    latest = _awards(ids).exclude(kind=BountyAward.Kind.DEAL).order_by("-seq", "-id")[:10]
    return {
        "format": root.bounty_format,
        "bounty": root.bounty,
        "cash_percent": root.bounty_cash_percent,
        "pool": balance["pool"],
        "won": balance["won"],
        "paid": paid,
        "due": due,
        "on_heads": balance["on_heads"],
        "carried": balance["carried"],
        "envelopes_total": balance["envelopes_left"],
        "stage": stage(tournament),
        "heads": [
            {"entry": e.number, "tournament": e.tournament_id, "name": public_name_of(e.player), "head": e.head}
            for e in heads
        ],
        "envelopes_left": envelopes_left(tournament),
        "template": template(tournament),
        "sealed": bool(root.bounty_seed),
        "latest": [award_line(award) for award in latest],
    }


def bounties_due(tournament: Tournament) -> list[dict]:
    """The cashier's list: every bounty won by a player and not paid (or paid and reversed),
    with the payment standing if there is one, oldest first."""
    ids = family_ids(tournament)
    awards = _awards(ids).filter(destination=BountyAward.Destination.PLAYER, cash__gt=0).order_by("seq", "id")
    payments = {
        p.award_id: p
        for p in BountyPayment.objects.filter(award__in=awards, reversed_at__isnull=True).select_related("cashier")
    }
    rows = []
    for award in awards:
        payment = payments.get(award.id)
        rows.append(
            {
                **award_line(award),
                "player": str(award.winner.player),
                "paid": payment is not None,
                "method": payment.method if payment else None,
                "paid_at": payment.paid_at.isoformat() if payment else None,
            }
        )
    return rows


def player_bounties(entry: Entry, *earlier: Entry) -> dict:
    """The seat page's part: the bounty on the entry now, the players it knocked out (ELIM-BY)
    and what it won, the envelopes drawn among it; `earlier`: the flight entry a Day 2 entry came
    from, whose knockouts and bounties count too."""
    runs = [entry, *earlier]
    won = list(
        BountyAward.objects.filter(winner__in=runs, undone_at__isnull=True)
        .select_related("envelope")
        .order_by("seq", "id")
    )
    return {
        "format": entry.tournament.bounty_format,
        "head": entry.head,
        "knockouts": Knockout.objects.filter(by_entry__in=runs, elimination__undone_at__isnull=True).count(),
        "won": sum(award.cash for award in won if award.destination == BountyAward.Destination.PLAYER),
        "envelopes": [
            {"amount": award.envelope.amount, "draw_number": award.envelope.draw_number, "cash": award.cash}
            for award in won
            if award.envelope_id
        ],
    }
