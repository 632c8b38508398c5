"""The director's rulings on a player: undo a bust recorded by mistake, disqualify (PAY-DQ);
and the record of the floor's rulings at the tables (TD-RULING).

Service floor: calls the tables' services to seat a player again; reads the queries.
"""

import random
import secrets

from django.utils.translation import gettext as _

from core import kinds, time_source
from core.access import recorded_user
from core.operation import operation
from players.models import Membership
from players.queries.players import player_summary
from players.rules.eligibility import MembershipRule
from rules.refusals import Invalid, Refused, logged_reason
from tables.models import ChipAdjustment, Seating, TournamentTable
from tables.services.draw import seat_new_entry
from tables.services.finish import award_seats
from tables.services.floor import end_seating
from tables.services.knockouts import disqualified_bounty
from tables.services.undo import bust_undone, reentered_since
from tournaments.models import Entry, PrizePayment, Ruling, Tournament, WonSeat
from tournaments.queries.record import ruling_document
from tournaments.queries.results import standings
from tournaments.queries.snapshot import field_counts
from tournaments.services.desk import locked_entry


def undo_bust(tournament_id: int, entry_number: int, reason: str, director, request_key: str | None = None) -> dict:
    """A bust recorded by mistake: the player sits back down in the same seat (or, if it has
    been filled, a seat where a new player may sit), the entry is active again and the places
    of everyone out after are as if it never happened. The log keeps both."""
    reason = logged_reason(reason, _("the bust is undone"))
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.public
        tournament = op.tournament
        if tournament.status == tournament.Status.FINISHED:
            raise Refused(_("The tournament is finished: its results are final."))
        entry = locked_entry(tournament, entry_number)
        bust = entry.eliminations.filter(undone_at__isnull=True).first()
        if bust is None or entry.status != Entry.Status.BUSTED:
            raise Refused(
                _("Entry #%(entry_number)s is not out: there is no bust to undo.") % {"entry_number": entry_number}
            )
        if reentered_since(tournament, entry):
            raise Refused(
                _("%(player)s has re-entered since: void or refund that entry first.") % {"player": entry.player}
            )
        now = time_source.now()
        here = tournament.tables.filter(broken_at__isnull=True, table__number=bust.table).first()
        if here is not None and not here.seatings.filter(seat=bust.seat, ended_at__isnull=True).exists():
            table, seat = bust.table, bust.seat
            Seating.objects.create(tournament=tournament, entry=entry, tournament_table=here, seat=seat, started_at=now)
        else:
            place = seat_new_entry(op, entry, random.Random(secrets.randbits(62)))
            if place is None:
                raise Refused(_("No seat is free where a player may sit this hand: undo after the next hand."))
            table, seat = place
        bust_undone(op, bust, reason, now)
        counts = field_counts(tournament_id)
        public = {"entry": entry_number, "table": table, "seat": seat, **counts}
        op.append(
            kinds.PLAYER_OUT_UNDONE,
            public=public,
            payload={**public, "reason": reason, "player": player_summary(entry.player)},
        )
    return public


# REG-MEMBER: the grounds on which a members' house may end a membership with the disqualification
# (the record's words; the console shows them translated).
GROUNDS = {"collusion": "collusion", "chip_dumping": "chip dumping"}


def disqualify(
    tournament_id: int,
    entry_number: int,
    reason: str,
    director,
    request_key: str | None = None,
    chips: int | None = None,
    grounds: str = "",
    end_membership: bool = False,
) -> dict:
    """PAY-DQ: the player's chips leave play, the buy-in stays in the pool, no prize is paid;
    the player takes no place, so the others move up. `chips`: the stack counted as it leaves
    play (CHIP-COUNT), required for a player still in; a player out (or a finished tournament)
    has none in play. In a finished satellite the winner's unused voucher is void and the seat
    passes to the next place (SAT-SEATS). `grounds` collusion or chip dumping may end the
    player's membership in the same ruling (REG-MEMBER, `end_membership`)."""
    reason = logged_reason(reason, _("the player is disqualified"))
    if chips is not None and chips < 0:
        raise Invalid(_("The chips removed with the player are a count, 0 or more."))
    if grounds and grounds not in GROUNDS:
        raise Invalid(_("The grounds are collusion, chip dumping, or none given."))
    if end_membership and not grounds:
        raise Invalid(
            _("A membership ends with a disqualification for collusion or chip dumping only: choose the grounds.")
        )
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.public
        entry = locked_entry(op.tournament, entry_number)
        if entry.status not in (Entry.Status.ACTIVE, Entry.Status.BUSTED):
            raise Refused(
                _(
                    "Entry #%(entry_number)s is %(entry_status)s: only a player in the "
                    "tournament or out of it can be disqualified."
                )
                % {"entry_number": entry_number, "entry_status": entry.status}
            )
        finished = op.tournament.status == Tournament.Status.FINISHED
        in_play = entry.status == Entry.Status.ACTIVE and not finished
        if in_play and chips is None:
            raise Invalid(
                _(
                    "Count %(player)s's stack and give it: a disqualification takes the counted "
                    "stack out of play (PAY-DQ, CHIP-COUNT)."
                )
                % {"player": entry.player}
            )
        if not in_play and chips:
            raise Invalid(
                _(
                    "Entry #%(entry_number)s has no chips in play (out already, or the tournament "
                    "is over): leave the count empty or 0."
                )
                % {"entry_number": entry_number}
            )
        now = time_source.now()
        sitting = entry.seatings.filter(ended_at__isnull=True).first()
        if sitting is not None:
            end_seating(sitting, now, "disqualified")
        entry.eliminations.filter(undone_at__isnull=True).update(undone_at=now, undo_reason=f"disqualified: {reason}")
        Entry.objects.filter(pk=entry.pk).update(
            status=Entry.Status.DISQUALIFIED, closed_at=now, closed_by=recorded_user(director), close_reason=reason
        )
        if in_play:  # a busted player's chips are already in others' stacks
            ChipAdjustment.objects.create(
                tournament=op.tournament,
                kind=ChipAdjustment.Kind.REMOVED,
                chips=-chips,
                entry=entry,
                table=sitting.tournament_table.table.number if sitting else None,
                reason=f"disqualified: {reason}"[:200],
                at=now,
                by=recorded_user(director),
            )
            disqualified_bounty(op, entry)  # a busted player's bounty was won at the bust
        if finished:
            _prizes_paid_stand(op.tournament, entry)
        voided = _void_won_seat(op, entry, reason, now) if finished else None
        ended = _end_membership(op.tournament, entry, grounds, reason, now) if end_membership else None
        counts = field_counts(tournament_id)
        public = {"entry": entry_number, **counts}
        op.append(
            kinds.PLAYER_DISQUALIFIED,
            public={**public, **({"seat_passed": True} if voided else {})},
            payload={
                **public,
                "reason": reason,
                "player": player_summary(entry.player),
                "chips": chips if in_play else 0,
                "grounds": grounds,
                "voucher_void": voided,
                "membership_ended": ended,
            },
        )
        if voided:
            award_seats(op)  # SAT-SEATS: the places moved up, the next place's seat is issued
    return public


def _prizes_paid_stand(tournament: Tournament, entry: Entry) -> None:
    """PAY-DQ after the finish: the disqualified player's prize is not paid, and the players below
    move up to larger prizes. A payment already made for a prize the ruling changes is refused
    by name (the transaction rolls back): the cashier reverses it first, then pays the new one."""
    paid = dict(
        PrizePayment.objects.filter(tournament=tournament, reversed_at__isnull=True).values_list(
            "entry__number", "amount"
        )
    )
    if entry.number in paid:
        raise Refused(
            _(
                "Entry #%(entry_number)s's prize was paid: recover it and reverse the payment at the "
                "payout desk first (PAY-DQ: no prize is paid to a disqualified player)."
            )
            % {"entry_number": entry.number}
        )
    now_due = {row["entry"]: row["prize"] for row in standings(tournament)["out"]}
    changed = sorted(number for number, amount in paid.items() if now_due.get(number, amount) != amount)
    if changed:
        raise Refused(
            _(
                "The disqualification moves up entries whose prizes were already paid (%(entries)s): "
                "reverse those payments at the payout desk first, then pay each their new prize."
            )
            % {"entries": ", ".join(f"#{number}" for number in changed)}
        )


def _void_won_seat(op, entry: Entry, reason: str, now) -> dict | None:
    """SAT-SEATS: the voucher the entry's place won is void; refused when it already bought an
    entry (void or refund that entry first: its seat was the satellite's to pass on)."""
    seat = WonSeat.objects.select_for_update().filter(won_with=entry, voided_at__isnull=True).first()
    if seat is None:
        return None
    if seat.entry_id is not None:
        raise Refused(
            _(
                "Voucher %(code)s won by entry #%(entry_number)s already paid for entry #%(used)s in "
                "%(target)s: void or refund that entry first, then the seat passes to the next place."
            )
            % {"code": seat.code, "entry_number": entry.number, "used": seat.entry.number, "target": seat.tournament}
        )
    seat.voided_at, seat.void_reason = now, f"disqualified: {reason}"[:200]
    seat.save(update_fields=["voided_at", "void_reason"])
    return {"code": seat.code, "target": {"id": seat.tournament_id, "name": seat.tournament.name}}


def _end_membership(tournament: Tournament, entry: Entry, grounds: str, reason: str, now) -> str:
    """REG-MEMBER: a members' house ends the player's membership for collusion or chip dumping;
    the desk then refuses the player's entries."""
    if tournament.rules().eligibility.membership == MembershipRule.NONE:
        raise Invalid(_("This house has no memberships: only a disqualification is recorded."))
    membership = Membership.objects.select_for_update().filter(player=entry.player, ended_at__isnull=True).first()
    if membership is None:
        raise Invalid(_("%(player)s holds no membership to end.") % {"player": entry.player})
    membership.ended_at, membership.end_reason = now, f"{GROUNDS[grounds]}: {reason}"[:200]
    membership.save(update_fields=["ended_at", "end_reason"])
    return membership.number


def _words(text: str, most: int, what: str, needed: bool = True) -> str:
    text = " ".join((text or "").split())
    if needed and not text:
        raise Refused(_("Say %(what)s: it goes in the record.") % {"what": what})
    if len(text) > most:
        raise Refused(
            _("Keep %(what)s to %(most)s characters (this is %(text_count)s).")
            % {"what": what, "most": most, "text_count": len(text)}
        )
    return text


def record_ruling(
    tournament_id: int,
    table_number: int,
    called_by: str,
    entry_numbers: list[int],
    decision: str,
    rule_cited: str,
    director_consulted: bool,
    floor,
    request_key: str | None = None,
) -> dict:
    """TD-RULING: recorded against the table's hand being played, with the players involved."""
    called_by = _words(called_by, 100, _("who called the floor"))
    decision = _words(decision, 1000, _("the decision"))
    rule_cited = _words(rule_cited, 200, _("the rule cited"), needed=False)
    with operation(tournament_id, floor, request_key) as op:
        if op.repeated:
            return ruling_document(Ruling.objects.get(pk=op.repeated.payload["ruling"]))
        table = (
            TournamentTable.objects.select_for_update(of=("self",))
            .select_related("table")
            .filter(tournament=op.tournament, table__number=table_number, broken_at__isnull=True)
            .first()
        )
        if table is None:
            raise Refused(
                _("Table %(table_number)s is not playing in this tournament.") % {"table_number": table_number}
            )
        entries = list(Entry.objects.filter(tournament=op.tournament, number__in=set(entry_numbers)))
        unknown = sorted(set(entry_numbers) - {entry.number for entry in entries})
        if unknown:
            raise Refused(_("No entry #%(unknown)s in this tournament.") % {"unknown": ", #".join(map(str, unknown))})
        ruling = Ruling.objects.create(
            tournament=op.tournament,
            table=table,
            hand=table.hands_dealt + 1,
            called_by=called_by,
            decision=decision,
            rule_cited=rule_cited,
            director_consulted=director_consulted,
            made_at=time_source.now(),
            made_by=recorded_user(floor),
        )
        ruling.players.set(entries)
        op.append(
            kinds.RULING_RECORDED,
            public=None,
            payload={
                "ruling": ruling.id,
                "table": table_number,
                "hand": ruling.hand,
                "players": sorted(entry_numbers),
                "decision": decision,
                "rule_cited": rule_cited,
            },
        )
        return ruling_document(ruling)


def _locked_ruling(op, ruling_id: int) -> Ruling:
    ruling = (
        Ruling.objects.select_for_update(of=("self",))
        .select_related("table__table")
        .filter(tournament=op.tournament, pk=ruling_id)
        .first()
    )
    if ruling is None:
        raise Refused(_("There is no such ruling in this tournament."))
    return ruling


def dispute_ruling(tournament_id: int, ruling_id: int, dispute: str, floor, request_key: str | None = None) -> dict:
    """A dispute must be raised before the table's next hand starts (TD-RULING)."""
    dispute = _words(dispute, 500, _("who disputes the ruling and why"))
    with operation(tournament_id, floor, request_key) as op:
        ruling = _locked_ruling(op, ruling_id)
        if op.repeated:
            return ruling_document(ruling)
        if ruling.disputed_at:
            raise Refused(_("This ruling is already disputed; the director reviews it."))
        if ruling.table.hands_dealt >= ruling.hand or ruling.table.broken_at:
            raise Refused(
                _(
                    "Too late to dispute: table %(table_number)s has started its next hand "
                    "since the ruling. The director may still review it."
                )
                % {"table_number": ruling.table.table.number}
            )
        ruling.disputed_at, ruling.dispute = time_source.now(), dispute
        ruling.save(update_fields=["disputed_at", "dispute"])
        op.append(
            kinds.RULING_DISPUTED,
            public=None,
            payload={"ruling": ruling.id, "table": ruling.table.table.number, "dispute": dispute},
        )
        return ruling_document(ruling)


def overturn_ruling(tournament_id: int, ruling_id: int, reason: str, director, request_key: str | None = None) -> dict:
    """The director may overturn a floor ruling, with a reason (TD-RULING)."""
    reason = logged_reason(reason, _("the ruling is overturned"))
    if len(reason) > 500:
        raise Refused(
            _("Keep the reason to 500 characters (this is %(reason_count)s).") % {"reason_count": len(reason)}
        )
    with operation(tournament_id, director, request_key) as op:
        ruling = _locked_ruling(op, ruling_id)
        if op.repeated:
            return ruling_document(ruling)
        if ruling.overturned_at:
            raise Refused(_("This ruling is already overturned."))
        ruling.overturned_at, ruling.overturned_by, ruling.overturn_reason = (
            time_source.now(),
            recorded_user(director),
            reason,
        )
        ruling.save(update_fields=["overturned_at", "overturned_by", "overturn_reason"])
        op.append(
            kinds.RULING_OVERTURNED,
            public=None,
            payload={"ruling": ruling.id, "table": ruling.table.table.number, "reason": reason},
        )
        return ruling_document(ruling)
