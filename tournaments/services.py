"""Desk operations on entries: check, register, void, refund; and the cashier's close-out.

Locking order, as everywhere: the tournament row first. Holding it while counting seats is
what makes two desks unable to sell the same last seat; the database's own check on
seats_sold backs that up.
"""

import random
import secrets
from collections import defaultdict
from dataclasses import dataclass, replace

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from clock import timeline
from clock.models import Clock
from players import eligibility
from players.models import Membership, Player
from players.services import player_summary
from pokerfest.access import recorded_user
from pokerfest.refusals import Refused
from tournaments import events
from tournaments.entries import (
    Kind, PlayerHistory, RefundReason, TournamentMoment, entry_allowed, refund, substitution_allowed,
)
from tournaments.models import Entry, Substitution, Tournament, WonSeat
from tournaments.results import money_summary
from tournaments.snapshot import field_counts


class EntryRefused(Refused):
    """A sale the rules refuse; `reasons` are every failed check, each naming its rule."""

    def __init__(self, reasons: list[eligibility.Reason]):
        super().__init__(" ".join(reason.message for reason in reasons))
        self.reasons = reasons

    def details(self) -> dict:
        return {"reasons": [{"rule": r.rule, "ok": r.ok, "message": r.message} for r in self.reasons]}


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


def _eligibility(tournament: Tournament, player: Player, sale: Sale | None, now,
                 won_seat: WonSeat | None = None) -> list[eligibility.Reason]:
    rules = tournament.rules()
    day = eligibility.local_day(now, tournament.festival.time_zone)
    return list(eligibility.check(player_facts(player, sale, won_seat), rules.eligibility, day).reasons)


def _won_seat(tournament: Tournament, sale: Sale) -> tuple[WonSeat | None, eligibility.Reason | None]:
    if sale.kind != Kind.SATELLITE:
        return None, None
    seat = WonSeat.objects.filter(tournament=tournament, code=sale.won_seat_code.strip().upper()).first()
    if seat is None:
        return None, eligibility.Reason("REG-NONTRANSFER", False,
                                        "No won seat with that voucher code for this tournament.")
    if seat.entry_id:
        return seat, eligibility.Reason("REG-NONTRANSFER", False, "This won seat has already been used.")
    return seat, None


def _window(tournament: Tournament, player: Player, kind: Kind, moment: TournamentMoment) -> eligibility.Reason:
    """The part other desks' sales can change: read it under the tournament lock."""
    if tournament.max_entries is not None and tournament.seats_sold >= tournament.max_entries and kind.seats_a_player:
        return eligibility.Reason("CAPACITY", False, f"Sold out: all {tournament.max_entries} seats are taken.")
    return entry_allowed(kind, entry_rules(tournament), moment, player_history(tournament, player))


def entry_rules(tournament: Tournament):
    """The ruleset's entry rules, with the structure's closing levels (late registration and
    rebuys close at the end of a named level) turned into clock minutes."""
    from clock.structures import minutes_to_end_of

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


def check_entry(tournament: Tournament, player: Player, sale: Sale | None, now) -> dict:
    """Every reason the player can or cannot enter now, and which kinds of sale are open."""
    moment = tournament_moment(tournament, now)
    return {"reasons": _eligibility(tournament, player, sale, now),
            "kinds": {kind: _window(tournament, player, kind, moment) for kind in Kind}}


def register_entry(tournament_id: int, player_id: int, sale: Sale, actor, request_key: str | None = None) -> Entry:
    """Sell an entry (or rebuy, add-on). A refusal changes nothing but the log, which records
    it with its reasons, and raises EntryRefused."""
    now = timezone.now()
    # What other desks cannot change is read before the lock, so desks wait for each other
    # only while the seat is counted and sold.
    tournament = Tournament.objects.select_related("festival").get(pk=tournament_id)
    player = Player.objects.get(pk=player_id)
    won_seat, voucher_problem = _won_seat(tournament, sale)
    refused = [reason for reason in _eligibility(tournament, player, sale, now, won_seat) if not reason.ok]
    if voucher_problem:
        refused.append(voucher_problem)
    moment = tournament_moment(tournament, now)
    won = sale.kind == Kind.SATELLITE
    if won != (sale.method == Entry.Method.WON):
        refused.append(eligibility.Reason(
            "ENT-LATE", False, "A won entry is paid with 'won', and only a won entry is." if won
            else f"Choose how the {sale.kind.replace('_', '-')} is paid; 'won' is for satellite entries."))
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update(of=("self",)).select_related("festival").get(pk=tournament_id)
        if request_key:
            repeated = tournament.entries.filter(request_key=request_key).first()
            if repeated:
                return repeated  # the same form sent twice: one entry
        moment = replace(moment, registration_closed=moment.registration_closed or tournament.registration_closed)
        window = _window(tournament, player, sale.kind, moment)
        if not window.ok:
            refused.append(window)
        if refused:
            # The rules only: the messages can carry personal data (an age) and the staff feed
            # reaches the floor too. The clerk has the full reasons in the answer.
            events.append_event(tournament_id, "entry.refused", actor=actor, public=None, payload={
                "player": player_summary(player), "kind": sale.kind, "rules": [r.rule for r in refused]})
        else:
            entry = _sell(tournament, player, sale, actor, request_key, now)
            if won_seat is not None:
                # The voucher is spent with the sale; the database allows it one entry.
                if WonSeat.objects.filter(pk=won_seat.pk, entry__isnull=True).update(entry=entry) != 1:
                    raise EntryRefused([eligibility.Reason("REG-NONTRANSFER", False,
                                                           "This won seat has already been used.")])
    if refused:
        raise EntryRefused(refused)
    return entry


def _sell(tournament: Tournament, player: Player, sale: Sale, actor, request_key, now) -> Entry:
    rules = tournament.rules().entries
    if sale.kind == Kind.REBUY:
        chips, pool_part, fee_part = rules.rebuy_chips, rules.rebuy_price, 0
    elif sale.kind == Kind.ADDON:
        chips, pool_part, fee_part = rules.addon_chips, rules.addon_price, 0
    else:
        chips, pool_part, fee_part = tournament.starting_stack, tournament.buy_in, tournament.fee
        # The database refuses this past max_entries, whatever the Python above decided.
        Tournament.objects.filter(pk=tournament.pk).update(seats_sold=tournament.seats_sold + 1)
        tournament.seats_sold += 1
    number = (tournament.entries.aggregate(last=Max("number"))["last"] or 0) + 1
    entry = Entry.objects.create(
        tournament=tournament, player=player, number=number, kind=sale.kind, chips=chips, pool_part=pool_part,
        fee_part=fee_part, paid=0 if sale.method == Entry.Method.WON else pool_part + fee_part, method=sale.method,
        desk=sale.desk, shift=sale.shift, clerk=recorded_user(actor),
        created_at=now, visitor_signed_in_by=sale.visitor_signed_in_by.strip(), request_key=request_key or None,
    )
    seat = None
    if sale.kind.seats_a_player:
        from tables.services import seat_new_entry  # tables builds on entries; imported here, not at the top

        seat = seat_new_entry(tournament, entry, random.Random(secrets.randbits(62)))
    counts = {"entries": tournament.seats_sold, **field_counts(tournament.id)}
    counts["money"] = money_summary(tournament, counts["players_left"])
    events.append_event(tournament.id, "entry.registered", actor=actor, payload={
        "entry": entry_summary(entry), "player": player_summary(player), "seats_sold": tournament.seats_sold,
        "seat": seat, **counts,
    }, public=counts)
    return entry


def entry_summary(entry: Entry) -> dict:
    return {"number": entry.number, "kind": entry.kind, "status": entry.status, "chips": entry.chips,
            "paid": entry.paid, "method": entry.method, "desk": entry.desk, "shift": entry.shift,
            "returned": entry.returned}


def _locked_entry(tournament_id: int, number: int) -> tuple[Tournament, Entry]:
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    entry = Entry.objects.select_for_update(of=("self",)).select_related("player").get(tournament=tournament, number=number)
    if entry.status != Entry.Status.ACTIVE:
        raise Refused(f"Entry #{number} is {entry.status}; only an active entry can be voided or refunded.")
    return tournament, entry


def _close(tournament: Tournament, entry: Entry, status: str, returned: int, from_pool: int, reason: str, actor,
           kind: str, request_key: str | None) -> Entry:
    entry.status, entry.returned, entry.returned_from_pool = status, returned, from_pool
    entry.closed_at, entry.close_reason = timezone.now(), reason
    entry.closed_by = recorded_user(actor)
    entry.save()
    if entry.kind in Entry.SEAT_KINDS:
        tournament.seats_sold -= 1
        Tournament.objects.filter(pk=tournament.pk).update(seats_sold=tournament.seats_sold)
    counts = {"entries": tournament.seats_sold, **field_counts(tournament.id)}
    counts["money"] = money_summary(tournament, counts["players_left"])
    events.append_event(tournament.id, kind, actor=actor, request_key=request_key, payload={
        "entry": entry_summary(entry), "player": player_summary(entry.player), "reason": reason,
        "seats_sold": tournament.seats_sold, **counts}, public=counts)
    return entry


def void_entry(tournament_id: int, number: int, reason: str, actor, request_key: str | None = None) -> Entry:
    """A desk mistake: the entry stays on record, its money goes back in full."""
    if not reason.strip():
        raise Refused("Say why the entry is voided; the reason is kept with it.")
    with transaction.atomic():
        if request_key and events.already_done(tournament_id, request_key):
            return Entry.objects.get(tournament_id=tournament_id, number=number)
        tournament, entry = _locked_entry(tournament_id, number)
        voucher = WonSeat.objects.filter(entry=entry).first()
        if voucher is not None:  # a won entry sold by mistake: the voucher is good again
            voucher.entry = None
            voucher.save(update_fields=["entry"])
            reason = f"{reason.strip()} (won-seat voucher {voucher.code} released)"
        return _close(tournament, entry, Entry.Status.VOIDED, entry.paid, entry.pool_part, reason.strip(), actor,
                      "entry.voided", request_key)


def refund_entry(tournament_id: int, number: int, why: RefundReason, actor, note: str = "",
                 request_key: str | None = None) -> Entry:
    """ENT-REFUND: cancelled or withdrawn, paid back by rule."""
    if why == RefundReason.DISQUALIFIED:
        raise Refused("A disqualification is a ruling, not a refund: it pays nothing back (PAY-DQ).")
    with transaction.atomic():
        if request_key and events.already_done(tournament_id, request_key):
            return Entry.objects.get(tournament_id=tournament_id, number=number)
        tournament, entry = _locked_entry(tournament_id, number)
        back = refund(why, entry.pool_part, entry.fee_part, entry.method == Entry.Method.WON, tournament.rules().entries)
        reason = f"{back.message} {note.strip()}".strip()
        return _close(tournament, entry, Entry.Status.REFUNDED, back.to_player, back.from_pool, reason, actor,
                      "entry.refunded", request_key)


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
    return {"rows": table, "totals": totals}


def approve_substitute(tournament_id: int, number: int, substitute_id: int, reason: str, director) -> Substitution:
    """ENT-SUBST, the director's approval: the substitute must be eligible to play here."""
    if not reason.strip():
        raise Refused("Say why the substitute takes the seat; the reason is kept with the approval.")
    now = timezone.now()
    tournament = Tournament.objects.select_related("festival").get(pk=tournament_id)
    substitute = Player.objects.get(pk=substitute_id)
    refused = [r for r in _eligibility(tournament, substitute, None, now) if not r.ok]
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update(of=("self",)).select_related("festival").get(pk=tournament_id)
        entry = Entry.objects.select_related("player").get(tournament=tournament, number=number)
        verdict = substitution_allowed(
            tournament.rules().entries,
            entry_active=entry.status == Entry.Status.ACTIVE and entry.kind in Entry.SEAT_KINDS,
            substitute_holds_entry=player_history(tournament, substitute).active_entry,
        )
        if not verdict.ok:
            refused.insert(0, verdict)
        if refused:
            raise EntryRefused(refused)
        substitution = Substitution.objects.create(entry=entry, substitute=substitute, reason=reason.strip(),
                                                   approved_by=director, at=now)
        events.append_event(tournament_id, "entry.substituted", actor=director, public=None, payload={
            "entry": entry_summary(entry), "player": player_summary(entry.player),
            "substitute": player_summary(substitute), "reason": substitution.reason})
    return substitution


def issue_won_seat(tournament_id: int, player_id: int, source: str, director) -> WonSeat:
    """A satellite or freeroll winner's seat in this tournament, with the voucher code the
    desk will ask for (REG-NONTRANSFER: it is good for this player only)."""
    if not source.strip():
        raise Refused('Say where the seat was won, e.g. "Satellite 3, 1st place".')
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament_id)
        player = Player.objects.get(pk=player_id)
        seat = WonSeat.objects.create(tournament_id=tournament_id, player=player, source=source.strip(),
                                      issued_by=recorded_user(director))
        events.append_event(tournament_id, "won_seat.issued", actor=director, public=None, payload={
            "player": player_summary(player), "source": seat.source, "code": seat.code})
    return seat


def close_registration(tournament_id: int, director) -> None:
    """The director closes registration: no more entries of any kind that seat a player."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        if tournament.registration_closed:
            raise Refused("Registration is already closed.")
        Tournament.objects.filter(pk=tournament_id).update(registration_closed=True)
        from tables.services import breaking_order  # tables builds on entries, as in sell()

        # SEAT-BREAK: the breaking order is published now and no longer changes.
        published = {"registration_closed": True, "breaking_order": breaking_order(tournament)}
        events.append_event(tournament_id, "registration.closed", actor=director, payload=published, public=published)
