"""The bounty reaction of a bust (issue 23): who won the pot that put the player out (ELIM-BY,
BNT-COVER) and what they win from the bounty (BNT-KO, BNT-PKO, BNT-MYSTERY); the winner's own
bounty at the finish; the awards taken back with an undone bust.

Reactions inside the floor's operation (tables.services cannot call tournaments.services, so
the bounty's writes of a bust live here, reading the tournament's rules). Money in minor units;
every split hands out the odd units to the first winners left of the button (BNT-COVER).
"""

import secrets
from dataclasses import dataclass

from django.db.models import F
from django.utils.translation import gettext as _

from clock.models import Clock
from clock.queries.clock import level_now
from core import kinds, time_source
from core.operation import Operation
from players.queries.players import player_summary, public_name_of
from rules.refusals import Refused
from tables.models import Seating, TournamentTable
from tournaments.models import BountyAward, Elimination, Entry, Envelope, Knockout, Tournament
from tournaments.queries.bounties import family_ids, ledger, root_of
from tournaments.queries.flights import field_final
from tournaments.queries.payouts import field_and_money, places_paid
from tournaments.rules import bounties
from tournaments.rules.bounties import Format, Pot, StageStart


def check_eliminators(
    op: Operation, here: TournamentTable, sitting: Seating, eliminated_by: list[int] | None, pots: list[dict] | None
) -> tuple[int, ...]:
    """ELIM-BY, before anything is written: the seats that won the pot that put `sitting` out
    (`pots`: BNT-COVER decides, the last pot the player was in). Every winner named must be
    seated at this table. A bounty event needs them; elsewhere they are optional (empty: none named)."""
    winners: tuple[int, ...] = ()
    if pots:
        try:
            parsed = [Pot(tuple(pot.get("winners") or ()), tuple(pot.get("eligible") or ())) for pot in pots]
            winners = bounties.pot_winners(sitting.seat, parsed)
        except (ValueError, TypeError, AttributeError) as problem:
            raise Refused(str(problem)) from None
        # The pots' winners sit here; a pot's other players may have gone out in the same hand.
        named = set(winners)
        if any(not 1 <= seat <= here.table.seats for pot in parsed for seat in (*pot.winners, *pot.eligible)):
            raise Refused(
                _("Table %(table)s has seats 1 to %(seats)s.") % {"table": here.table.number, "seats": here.table.seats}
            )
        if eliminated_by and set(eliminated_by) != set(winners):
            raise Refused(
                _("The pots say seats %(seats)s won the player's bounty, not the seats named.")
                % {"seats": ", ".join(str(seat) for seat in winners)}
            )
    else:
        winners = tuple(dict.fromkeys(eliminated_by or ()))
        named = set(winners)
    if sitting.seat in winners:
        raise Refused(_("Seat %(seat)s cannot eliminate itself.") % {"seat": sitting.seat})
    seated = set(here.seatings.filter(ended_at__isnull=True).values_list("seat", flat=True)) if named else set()
    if stray := sorted(named - seated):
        raise Refused(
            _("Nobody sits in seat %(seats)s at table %(table)s: name the seats that won the pot.")
            % {"seats": ", ".join(str(seat) for seat in stray), "table": here.table.number}
        )
    if not winners and op.tournament.bounty_format != Format.NONE:
        raise Refused(
            _("This is a bounty event: say who won the pot that put seat %(seat)s out (eliminated by).")
            % {"seat": sitting.seat}
        )
    return winners


def record_knockout(
    op: Operation, elimination: Elimination, here: TournamentTable, winners: tuple[int, ...]
) -> list[BountyAward]:
    """ELIM-BY rows for the pot's winners, then the bounty they win (if any), in the bust's
    operation; `bounty.won` says what moved."""
    if not winners:
        return []
    by_seat = dict(here.seatings.filter(ended_at__isnull=True, seat__in=winners).values_list("seat", "entry_id"))
    Knockout.objects.bulk_create([Knockout(elimination=elimination, by_entry_id=by_seat[seat]) for seat in winners])
    tournament = op.tournament
    if tournament.bounty_format == Format.NONE:
        return []
    busted = Entry.objects.select_for_update(of=("self",)).select_related("player").get(pk=elimination.entry_id)
    button, seats = here.button or 0, here.table.seats
    carried = _carried(tournament)
    if tournament.bounty_format == Format.MYSTERY:
        parts = _mystery(op, busted, winners, button, seats)
        if not parts:  # before the bounty stage (or no envelope left): nothing is won, a carried bounty waits
            return []
    else:
        head = busted.head
        Entry.objects.filter(pk=busted.pk).update(head=0)
        if tournament.bounty_format == Format.KNOCKOUT:
            won = bounties.knockout_award(head, winners, button, seats)
        else:
            won = bounties.progressive_award(head, tournament.bounty_cash_percent, winners, button, seats)
        kind = (
            BountyAward.Kind.KNOCKOUT if tournament.bounty_format == Format.KNOCKOUT else BountyAward.Kind.PROGRESSIVE
        )
        parts = [Part(award.seat, award.cash, award.to_head, kind, None) for award in won]
    # A disqualified player's bounty carried to this bust (next_eliminator) is shared like it.
    extra = bounties.split_equally(sum(c.cash for c in carried), winners, button, seats) if carried else {}
    awards = [
        BountyAward.objects.create(
            tournament=tournament,
            elimination=elimination,
            winner_id=by_seat[part.seat],
            from_entry=busted,
            kind=part.kind,
            cash=part.cash + extra.get(part.seat, 0),
            to_head=part.to_head,
            envelope=part.envelope,
            seq=elimination.seq,
        )
        for part in parts
    ]
    for award in awards:
        if award.to_head:
            Entry.objects.filter(pk=award.winner_id).update(head=F("head") + award.to_head)
    if carried:
        BountyAward.objects.filter(pk__in=[c.pk for c in carried]).update(taken_by=elimination)
    if awards:
        announce(op, busted, awards)
    return awards


@dataclass(frozen=True)
class Part:
    seat: int
    cash: int
    to_head: int
    kind: str
    envelope: Envelope | None


def _carried(tournament: Tournament) -> list[BountyAward]:
    return list(
        BountyAward.objects.select_for_update()
        .filter(
            tournament_id__in=family_ids(tournament),
            destination=BountyAward.Destination.CARRIED,
            taken_by__isnull=True,
            undone_at__isnull=True,
        )
        .order_by("seq", "id")
    )


def _mystery(op: Operation, busted: Entry, winners, button: int, seats: int) -> list[Part] | None:
    """BNT-MYSTERY: from the bounty stage on, each elimination draws one envelope (a split pot
    splits it). The first bust in the stage seals the envelopes."""
    root = _sealed_root(op, players_going_out=1)
    if root is None:
        return None
    envelope = draw_envelope(root)
    if envelope is None:
        return []
    shares = bounties.split_equally(envelope.amount, winners, button, seats)
    return [Part(seat, cash, 0, BountyAward.Kind.MYSTERY, envelope) for seat, cash in shares.items()]


def _sealed_root(op: Operation, players_going_out: int) -> Tournament | None:
    """The event holding the envelopes, sealed now if the stage has just started (locked), or
    None while the bounty stage has not started or registration is open (the stage waits)."""
    tournament = op.tournament
    root = root_of(tournament)
    root = Tournament.objects.select_for_update().get(pk=root.pk) if root.pk != tournament.pk else tournament
    if root.bounty_seed:
        return root
    rules = root.rules().bounties
    players_left = field_and_money(tournament).money["players_left"] + players_going_out
    # Day 2: a main event's own busts once its flights are played, or a multi-day event's clock on day 2 or later.
    day = Clock.objects.filter(tournament=tournament).values_list("day", flat=True).first() or 1
    is_day_two = tournament.main_event_id is None and (day >= 2 or tournament.flights.exists())
    started = bounties.stage_started(
        StageStart(rules.stage_starts),
        rules.stage_level,
        players_left=players_left,
        places_paid=places_paid(tournament),
        current_level=(level_now(tournament.id) or 0) + 1,
        is_day_two=is_day_two,
    )
    if not started or not registration_over(root):
        return None
    seal(op, root, players_left)
    return root


def registration_over(root: Tournament) -> bool:
    """No entry can join the pool any more: the event's registration is closed (with flights:
    every flight's is closed or the flight is over, FLIGHT-ITM's field_final)."""
    return field_final(root) if root.flights.exists() else root.registration_closed


def seal(op: Operation, root: Tournament, count: int) -> None:
    """BNT-MYSTERY: the pool as `count` envelopes by the template, with the seed every draw
    replays from; the envelopes are on the screens from now on."""
    pool = ledger(root)["envelopes_left"]
    amounts = bounties.envelopes(pool, bounties.tiers_from_json(root.bounty_template), max(count, 1))
    root.bounty_seed = secrets.token_hex(8)
    Tournament.objects.filter(pk=root.pk).update(bounty_seed=root.bounty_seed)
    Envelope.objects.bulk_create(
        [Envelope(tournament=root, number=i, amount=amount) for i, amount in enumerate(amounts, start=1)]
    )
    public = {"count": len(amounts), "pool": pool, "envelopes": _by_amount(amounts)}
    op.append(kinds.ENVELOPES_SEALED, public=public, payload={**public, "seed": root.bounty_seed})


def _by_amount(amounts: list[int]) -> list[dict]:
    counts: dict[int, int] = {}
    for amount in amounts:
        counts[amount] = counts.get(amount, 0) + 1
    return [{"amount": amount, "count": n} for amount, n in sorted(counts.items(), reverse=True)]


def draw_envelope(root: Tournament) -> Envelope | None:
    """The next draw (replayable: the seed and the draw's number pick among the envelopes left,
    in their sealed order)."""
    left = list(
        Envelope.objects.select_for_update().filter(tournament=root, draw_number__isnull=True).order_by("number")
    )
    if not left:
        return None
    last = Envelope.objects.filter(tournament=root, draw_number__isnull=False).order_by("-draw_number").first()
    number = (last.draw_number if last else 0) + 1
    envelope = left[bounties.draw([e.amount for e in left], root.bounty_seed, number)]
    envelope.draw_number = number
    envelope.save(update_fields=["draw_number"])
    return envelope


def announce(op: Operation, source: Entry, awards: list[BountyAward]):
    """`bounty.won`: public the entry numbers and amounts, staff the names too."""
    envelope = awards[0].envelope
    winners = {
        e.id: e
        for e in Entry.objects.filter(pk__in=[a.winner_id for a in awards if a.winner_id]).select_related("player")
    }
    public = {
        "entry": source.number,
        "kind": awards[0].kind,
        "awards": [
            {
                "award": a.id,
                "entry": winners[a.winner_id].number if a.winner_id else None,
                "name": public_name_of(winners[a.winner_id].player) if a.winner_id else "",
                "cash": a.cash,
                "to_head": a.to_head,
                "destination": a.destination,
            }
            for a in awards
        ],
        "envelope": envelope.amount if envelope else None,
        "draw_number": envelope.draw_number if envelope else None,
    }
    staff = {
        **public,
        "player": player_summary(source.player),
        "winners": [player_summary(winners[a.winner_id].player) for a in awards if a.winner_id],
    }
    return op.append(kinds.BOUNTY_WON, public=public, payload=staff)


def own_bounty(op: Operation) -> list[BountyAward]:
    """END-FINISH: the winner takes their own bounty (KO/PKO: kind "own") or draws the last
    envelope (mystery, BNT-MYSTERY; a pool never sealed is sealed now for the players left).
    After a deal that ends play, each player left does."""
    tournament = op.tournament
    if tournament.bounty_format == Format.NONE:
        return []
    left = list(
        Entry.objects.select_for_update(of=("self",))
        .select_related("player")
        .filter(tournament=tournament, status=Entry.Status.ACTIVE, kind__in=Entry.SEAT_KINDS)
        .order_by("number")
    )
    root = _sealed_root(op, players_going_out=0) if tournament.bounty_format == Format.MYSTERY and left else None
    if root is None and left and tournament.bounty_format == Format.MYSTERY and tournament.main_event_id is None:
        # The bounty stage never came (a level not reached, no Day 2): at the finish the pool is
        # sealed as one envelope per player left, and they draw it.
        root = tournament
        seal(op, root, len(left))
    awards = []
    for entry in left:
        if tournament.bounty_format == Format.MYSTERY:
            envelope = draw_envelope(root) if root is not None else None
            if envelope is None:
                continue
            cash, kind = envelope.amount, BountyAward.Kind.MYSTERY
        else:
            envelope, cash, kind = None, entry.head, BountyAward.Kind.OWN
            if not cash:  # shared in a deal already (BNT-DEAL)
                continue
            Entry.objects.filter(pk=entry.pk).update(head=0)
        award = BountyAward.objects.create(
            tournament=tournament, winner=entry, from_entry=entry, kind=kind, cash=cash, envelope=envelope, seq=0
        )
        awards.append(award)
        logged = announce(op, entry, [award])
        BountyAward.objects.filter(pk=award.pk).update(seq=logged.seq)
    return awards


def undo_knockout(op: Operation, elimination: Elimination) -> list[dict]:
    """An undone bust takes its bounty back: each award undone, the heads restored on both
    sides, the envelope back on the board, a carried bounty carried again. Refused when an
    award was paid at the cashier (reverse the payment first)."""
    awards = list(
        BountyAward.objects.select_for_update().filter(elimination=elimination, undone_at__isnull=True).order_by("id")
    )
    if any(award.payments.filter(reversed_at__isnull=True).exists() for award in awards):
        raise Refused(
            _("A bounty of this bust has been paid at the cashier: reverse the payment first, then undo the bust.")
        )
    Knockout.objects.filter(elimination=elimination).delete()
    if not awards:
        return []
    heads = dict(Entry.objects.filter(pk__in=[a.winner_id for a in awards]).values_list("id", "head"))
    moved_on = any(award.taken_by_id is not None for award in awards)  # a carried bounty taken by a later bust
    if moved_on or any(award.to_head > heads.get(award.winner_id, 0) for award in awards):
        raise Refused(_("The bounty won at this bust has moved on with its winner since: ask the director."))
    now, back = time_source.now(), 0
    for award in awards:
        if award.to_head:
            Entry.objects.filter(pk=award.winner_id).update(head=F("head") - award.to_head)
        if award.kind in (BountyAward.Kind.KNOCKOUT, BountyAward.Kind.PROGRESSIVE):
            back += award.cash + award.to_head
        elif award.kind == BountyAward.Kind.DISQUALIFIED and award.envelope_id is None:
            back += award.cash
    carried = BountyAward.objects.filter(taken_by=elimination)
    back -= sum(carried.values_list("cash", flat=True)) if back else 0
    carried.update(taken_by=None)
    if back:
        Entry.objects.filter(pk=elimination.entry_id).update(head=F("head") + back)
    Envelope.objects.filter(pk__in={a.envelope_id for a in awards if a.envelope_id}).update(draw_number=None)
    BountyAward.objects.filter(pk__in=[a.pk for a in awards]).update(undone_at=now)
    public = {"entry": elimination.entry.number, "awards": [a.id for a in awards]}
    op.append(kinds.BOUNTY_UNDONE, public=public, payload=public)
    return [{"award": a.id, "cash": a.cash} for a in awards]


def disqualified_bounty(op: Operation, entry: Entry, elimination: Elimination | None = None) -> BountyAward | None:
    """PAY-DQ in a bounty event: the disqualified player's bounty goes where the ruleset's
    `disqualified_bounty` says: carried to the next bust's winners (next_eliminator), into the
    prize pool, or out of play. A mystery event's: before the seal nothing (the part stays in
    the pool); once sealed the player draws no envelope for themselves, one is drawn for the
    rule instead (with next_eliminator the next eliminator takes two)."""
    tournament = op.tournament
    if tournament.bounty_format == Format.NONE:
        return None
    policy = bounties.Disqualified(root_of(tournament).rules().bounties.disqualified_bounty)
    envelope = None
    if tournament.bounty_format == Format.MYSTERY:
        root = root_of(tournament)
        root = Tournament.objects.select_for_update().get(pk=root.pk) if root.pk != tournament.pk else tournament
        envelope = draw_envelope(root) if root.bounty_seed else None
        amount = envelope.amount if envelope else 0
    else:
        amount = Entry.objects.select_for_update(of=("self",)).get(pk=entry.pk).head
        Entry.objects.filter(pk=entry.pk).update(head=0)
    if not amount:
        return None
    award = BountyAward.objects.create(
        tournament=tournament,
        elimination=elimination,  # a stack removed (PEN-ABSENT): an undone bust takes it back
        from_entry=entry,
        kind=BountyAward.Kind.DISQUALIFIED,
        cash=amount,
        envelope=envelope,
        destination=bounties.disqualified_destination(policy),
        seq=0,
    )
    public = {
        "entry": entry.number,
        "destination": award.destination,
        "amount": amount,
        "envelope": amount if envelope else None,
        "words": bounties.disqualified(policy),
    }
    logged = op.append(kinds.BOUNTY_DISQUALIFIED, public=public, payload=public)
    BountyAward.objects.filter(pk=award.pk).update(seq=logged.seq)
    return award


def deal_bounties(op: Operation, numbers: list[int], amounts: list[int]) -> int:
    """BNT-DEAL, the players agreed to include the bounties left: the heads of the players in
    the deal (KO/PKO) or the envelopes not drawn (mystery; sealed now if they were not) are
    shared in the prize deal's proportions: each player's part is total * amount // the deal's
    total, the odd minor units one each to the players in the deal's order (most chips first).
    Awards of kind "deal"; answers with the total shared."""
    tournament = op.tournament
    if tournament.bounty_format == Format.NONE:
        return 0
    entries = {
        e.number: e
        for e in Entry.objects.select_for_update(of=("self",))
        .select_related("player")
        .filter(tournament=tournament, number__in=numbers)
    }
    if tournament.bounty_format == Format.MYSTERY:
        root = root_of(tournament)
        root = Tournament.objects.select_for_update().get(pk=root.pk) if root.pk != tournament.pk else tournament
        if not root.bounty_seed:
            seal(op, root, len(numbers))
        left = Envelope.objects.filter(tournament=root, draw_number__isnull=True).order_by("number")
        last = Envelope.objects.filter(tournament=root, draw_number__isnull=False).order_by("-draw_number").first()
        number = last.draw_number if last else 0
        total = 0
        for envelope in left:
            number += 1
            total += envelope.amount
            Envelope.objects.filter(pk=envelope.pk).update(draw_number=number)
    else:
        total = sum(entries[n].head for n in numbers)
        Entry.objects.filter(pk__in=[entries[n].pk for n in numbers]).update(head=0)
    if not total:
        return 0
    whole = sum(amounts)
    parts = [total * amount // whole if whole else 0 for amount in amounts]
    if not whole:
        parts = [total // len(numbers)] * len(numbers)
    for i in range(total - sum(parts)):
        parts[i % len(parts)] += 1
    awards = [
        BountyAward.objects.create(
            tournament=tournament,
            winner=entries[n],
            from_entry=entries[n],
            kind=BountyAward.Kind.DEAL,
            cash=part,
            seq=0,
        )
        for n, part in zip(numbers, parts)
    ]
    logged = announce(op, entries[numbers[0]], awards)
    BountyAward.objects.filter(pk__in=[a.pk for a in awards]).update(seq=logged.seq)
    return total
