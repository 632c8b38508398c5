"""Desk operations on entries: register (sell), void, refund, substitute, issue a won seat,
close registration.

Service floor: tournaments' services may call the tables' and the clock's (a late entry sits
down at once); reads come from the queries. Locking order is the operation's: the tournament
row first. Holding it while counting seats is what makes two desks unable to sell the same
last seat; the database's own check on seats_sold backs that up. A flight's seat sale then
locks the player's row: two flights' desks selling one player at once take turns, and the
second sees the first's entry (FLIGHT-REENTRY: one flight at a time).
"""

import random
import secrets
from dataclasses import dataclass, replace
from datetime import datetime

from django.db import connection
from django.utils.translation import gettext as _

from core import kinds, log, model_rows, time_source
from core.access import recorded_user
from core.operation import Operation, operation
from players.models import Player
from players.queries.players import player_summary
from players.rules import eligibility
from rules.refusals import Refused, logged_reason
from tables.queries.tables import breaking_order
from tables.queries.waiting_list import FIELD_DRAWN, waiting_entries
from tables.services.draw import seat_new_entry
from tables.services.finish import close
from tournaments.models import Entry, Substitution, Tournament, WonSeat
from tournaments.queries.entries import (
    UNREAD,
    Sale,
    eligibility_reasons,
    entry_rules,
    entry_summary,
    player_history,
    sale_clock,
    sale_window,
    tournament_moment,
)
from tournaments.queries.flights import flight_reason
from tournaments.queries.payouts import field_and_money, places_paid
from tournaments.queries.satellites import won_seat_for
from tournaments.queries.snapshot import field_counts
from tournaments.rules.entries import Kind, RefundReason, refund, substitution_allowed


@dataclass(frozen=True)
class Known:
    """What a caller of register_entry has read already: the tournament (with its festival),
    the player and the clock row (UNREAD: not read), the time; `new_player`: the player's row
    was written in the caller's transaction, so nobody else has a record of them yet (no
    membership, exclusion or entry anywhere: none is read)."""

    tournament: Tournament
    player: Player | None = None
    clock: object = UNREAD
    now: datetime | None = None
    new_player: bool = False


class EntryRefused(Refused):
    """A sale the rules refuse; `reasons` are every failed check, each naming its rule."""

    def __init__(self, reasons: list[eligibility.Reason]):
        super().__init__(" ".join(reason.message for reason in reasons))
        self.reasons = reasons

    def details(self) -> dict:
        return {"reasons": [{"rule": r.rule, "ok": r.ok, "message": r.message} for r in self.reasons]}


def register_entry(
    tournament_id: int,
    player_id: int,
    sale: Sale,
    actor,
    request_key: str | None = None,
    releasing_hold: bool = False,
    player_locked: bool = False,
    known: Known | None = None,
) -> Entry:
    """Sell an entry (or rebuy, add-on). A refusal changes nothing but the log, which records
    it with its reasons, and raises EntryRefused. `releasing_hold`: the seat is one a
    pre-registration holds (Tournament.seats_held), which the sale turns into a seat sold.
    `player_locked`: the caller's transaction already holds the player's row (a confirmation
    locked or created it), so FLIGHT-REENTRY is read before the tournament's lock. `known`: what
    the caller read already in this transaction (not read twice)."""
    # What other desks cannot change is read before the lock, so desks wait for each other
    # only while the seat is counted and sold.
    if known is None:
        known = Known(Tournament.objects.select_related("festival").get(pk=tournament_id))
    now = known.now or time_source.now()
    tournament = known.tournament
    player = known.player if known.player is not None else Player.objects.get(pk=player_id)
    clock = sale_clock(tournament) if known.clock is UNREAD else known.clock
    won_seat, voucher_problem = won_seat_for(tournament, sale)
    refused = [
        reason
        for reason in eligibility_reasons(tournament, player, sale, now, won_seat, known.new_player)
        if not reason.ok
    ]
    if voucher_problem:
        refused.append(voucher_problem)
    moment = tournament_moment(tournament, now, clock)
    rules = entry_rules(tournament, clock)  # the ruleset and structure: the director's, not the other desks'
    won = sale.kind == Kind.SATELLITE
    if won != (sale.method == Entry.Method.WON):
        refused.append(
            eligibility.Reason(
                "ENT-LATE",
                False,
                "A won entry is paid with 'won', and only a won entry is."
                if won
                else _("Choose how the %(value)s is paid; 'won' is for satellite entries.")
                % {"value": sale.kind.replace("_", "-")},
            )
        )
    flight_checked = player_locked and sale.kind.seats_a_player
    if flight_checked:
        # Other flights' sales of this player lock its row, which this transaction holds: what
        # they sold is committed and stays so. Read outside the flight's lock, so the desks of
        # a registration burst queue for fewer statements (issue 25).
        if flight_problem := flight_reason(tournament, player, True, known.new_player):  # FLIGHT-REENTRY
            refused.append(flight_problem)
    # The entry row carries the form's key (a sale refused and then retried must be sold).
    # Inside a confirmation (`player_locked`), without a voucher, nothing inside raises a
    # refusal the confirmation's transaction would go on after: no savepoint. A sale of its own
    # keeps one: a caller's transaction (a reused request key's read) goes on after a refusal.
    with operation(tournament_id, actor, savepoint=won_seat is not None or not player_locked) as op:
        if flight_checked:  # the main event as read for FLIGHT-REENTRY (the director's, not the desks')
            op.tournament.main_event = tournament.main_event
        tournament = op.tournament
        # A confirmation (`releasing_hold`) is answered again by its pre-registration's row,
        # locked before this: its key, `prereg-<code>`, has sold nothing yet (a round trip fewer
        # under the flight's row in a registration burst).
        if request_key and not releasing_hold:
            repeated = _entry_of_request(tournament.pk, request_key)
            if repeated:
                log.check_same_request(repeated.request_fingerprint, request_key)
                return repeated  # the same form sent twice: one entry
        moment = replace(moment, registration_closed=moment.registration_closed or tournament.registration_closed)
        if tournament.main_event_id is not None and sale.kind.seats_a_player and not flight_checked:
            # FLIGHT-REENTRY: one flight at a time. Two desks of two flights each hold their own
            # flight's lock; the player's row makes the second wait for the first, then read its sale.
            Player.objects.select_for_update().filter(pk=player.pk).first()
        if not flight_checked and (flight_problem := flight_reason(tournament, player, sale.kind.seats_a_player)):
            refused.append(flight_problem)  # FLIGHT-REENTRY
        if releasing_hold:  # the held seat is this player's: it does not count against their sale
            tournament.seats_held -= 1
        window = sale_window(tournament, player, sale.kind, moment, rules, known.new_player)
        if not window.ok:
            refused.append(window)
        if refused:
            # The rules only: the messages can carry personal data (an age) and the staff feed
            # reaches the floor too. The clerk has the full reasons in the answer.
            op.append(
                kinds.ENTRY_REFUSED,
                public=None,
                payload={"player": player_summary(player), "kind": sale.kind, "rules": [r.rule for r in refused]},
            )
        else:
            if releasing_hold and sale.kind in (Kind.REBUY, Kind.ADDON):  # a seat sold writes both counts (_sell)
                Tournament.objects.filter(pk=tournament.pk).update(seats_held=tournament.seats_held)
            entry = _sell(op, player, sale, request_key, now)
            if won_seat is not None:
                # The voucher is spent with the sale; the database allows it one entry.
                if WonSeat.objects.filter(pk=won_seat.pk, entry__isnull=True).update(entry=entry) != 1:
                    raise EntryRefused(
                        [eligibility.Reason("REG-NONTRANSFER", False, _("This won seat has already been used."))]
                    )
    if refused:
        raise EntryRefused(refused)
    return entry


def _sell(op: Operation, player: Player, sale: Sale, request_key, now) -> Entry:
    tournament, actor = op.tournament, op.actor
    rules = tournament.rules().entries
    bounty_part = 0  # BNT-POOL: chips bought bring no bounty; every seat sold (a re-entry too) does
    if sale.kind == Kind.REBUY:
        chips, pool_part, fee_part = rules.rebuy_chips, rules.rebuy_price, 0
    elif sale.kind == Kind.ADDON:
        chips, pool_part, fee_part = rules.addon_chips, rules.addon_price, 0
    else:
        chips, pool_part, fee_part = tournament.starting_stack, tournament.buy_in, tournament.fee
        # A won entry's voucher is worth the whole price (the satellite's seat price counts the
        # bounty too, tournaments/queries/satellites.py), so it brings its bounty as well.
        bounty_part = tournament.bounty
    # REG-MEMBER (chips): a visitor signed in pays the visitor fee, the club's money, with the sale.
    visitor_fee = sale.visitor_fee if sale.visitor_signed_in_by.strip() else 0
    unsaved = Entry(
        tournament=tournament,
        player=player,
        kind=sale.kind,
        chips=chips,
        pool_part=pool_part,
        fee_part=fee_part,
        bounty_part=bounty_part,
        head=0 if tournament.bounty_format == "mystery" else bounty_part,
        paid=visitor_fee + (0 if sale.method == Entry.Method.WON else pool_part + bounty_part + fee_part),
        method=sale.method,
        desk=sale.desk,
        shift=sale.shift,
        clerk=recorded_user(actor),
        created_at=now,
        visitor_signed_in_by=sale.visitor_signed_in_by.strip(),
        visitor_fee=visitor_fee,
        request_key=request_key or None,
        request_fingerprint=log.fingerprint_of(request_key),
    )
    entry = _count_the_sale(unsaved, tournament, seat_sold=sale.kind not in (Kind.REBUY, Kind.ADDON))
    entry.tournament, entry.player = tournament, player
    seat, line = None, []
    if sale.kind.seats_a_player:
        # ENT-WAIT: behind anyone already waiting, the new entry waits too (in order of sale).
        line = [waiting.id for waiting in waiting_entries(tournament, drawn=entry.field_drawn)]
        if line == [entry.id]:
            seat = seat_new_entry(op, entry, random.Random(secrets.randbits(62)))
    field, money, place = field_and_money(tournament, next_seq=True)
    counts = {"entries": tournament.seats_sold, **field, "money": money}
    op.append(
        kinds.ENTRY_REGISTERED,
        payload={
            "entry": entry_summary(entry),
            "player": player_summary(player),
            "seats_sold": tournament.seats_sold,
            "seat": seat,
            **counts,
        },
        public=counts,
        place=place,
    )
    if seat is None and entry.id in line:
        public = {"entry": entry.number, "position": line.index(entry.id) + 1}  # ENT-WAIT: the screens list it
        op.append(kinds.ENTRY_WAITING, public=public, payload={**public, "player": player_summary(player)})
    if sale.kind.seats_a_player:  # the answer's place (tables.queries.seating.place_of): as sold, not read again
        entry.place_as_sold = {
            "table": seat[0] if seat else None,
            "seat": seat[1] if seat else None,
            "waiting_position": line.index(entry.id) + 1 if seat is None and entry.id in line else None,
        }
    entry.last_event = op.events[-1]  # a confirmation's event follows it (core.log.following)
    return entry


def _count_the_sale(unsaved: Entry, tournament: Tournament, seat_sold: bool) -> Entry:
    """The entry written with its number (the last one's + 1: numbers are given under the
    tournament's lock, which the operation holds, so this statement's snapshot has every one)
    and, for a seat, the seats sold, in one statement (one round trip under the lock). The
    database refuses a seat past max_entries, whatever the Python above decided: the seats held
    are written with it (one fewer when the sale releases a pre-registration's hold), so the
    check of sold + held <= cap sees the row as written. Whether the field is drawn (ENT-WAIT)
    comes back with it, as `entry.field_drawn`."""
    number = f"(SELECT COALESCE(MAX(number), 0) + 1 FROM {Entry._meta.db_table} WHERE tournament_id = %s)"
    if seat_sold:
        counted = (
            f"UPDATE {Tournament._meta.db_table} SET seats_sold = %s, seats_held = %s "
            f"WHERE id = %s RETURNING {number} AS number, {FIELD_DRAWN} AS drawn"
        )
        params = [tournament.seats_sold + 1, tournament.seats_held, tournament.pk, tournament.pk, tournament.pk]
        tournament.seats_sold += 1
    else:
        counted, params = f"SELECT {number} AS number, {FIELD_DRAWN} AS drawn", [tournament.pk, tournament.pk]
    return model_rows.inserted(
        unsaved,
        before=f"WITH counted AS ({counted})",
        before_params=params,
        computed={"number": "(SELECT number FROM counted)"},
        also={"field_drawn": "(SELECT drawn FROM counted)"},
    )


def _entry_of_request(tournament_id: int, request_key: str) -> Entry | None:
    """The entry a form's key sold already, if any: by its id first (static SQL, as every sale
    asks under the lock and hardly ever finds one), the row only when there is one."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT id FROM {Entry._meta.db_table} WHERE tournament_id = %s AND request_key = %s",
            [tournament_id, request_key],
        )
        found = cursor.fetchone()
    return None if found is None else Entry.objects.get(pk=found[0])


def locked_entry(tournament: Tournament, number: int) -> Entry:
    """The entry's row, locked (inside an operation, so after the tournament's)."""
    return (
        Entry.objects.select_for_update(of=("self",)).select_related("player").get(tournament=tournament, number=number)
    )


def _active_entry(op: Operation, number: int) -> Entry:
    entry = locked_entry(op.tournament, number)
    if entry.status != Entry.Status.ACTIVE:
        raise Refused(
            _("Entry #%(number)s is %(entry_status)s; only an active entry can be voided or refunded.")
            % {"number": number, "entry_status": entry.status}
        )
    return entry


def bounty_back(tournament: Tournament, entry: Entry) -> int:
    """BNT-POOL: what of an entry's bounty goes back when it is voided, refunded or cancelled:
    the bounty on its head now (a mystery event's part while the envelopes are not sealed)."""
    if tournament.bounty_format == "mystery":
        return 0 if tournament.bounty_seed else entry.bounty_part
    return entry.head


def _close(
    op: Operation, entry: Entry, status: str, returned: int, from_pool: int, reason: str, kind: kinds.EventKind
) -> Entry:
    """`returned` counts the prize pool's and the fee's parts; the bounty's (bounty_back) is added."""
    tournament = op.tournament
    entry.bounty_returned, entry.head = bounty_back(tournament, entry), 0
    if entry.method != Entry.Method.WON:  # a won entry's bounty leaves the pool with its voucher
        returned += entry.bounty_returned
    entry.status, entry.returned, entry.returned_from_pool = status, returned, from_pool
    entry.closed_at, entry.close_reason = time_source.now(), reason
    entry.closed_by = recorded_user(op.actor)
    entry.save()
    if entry.kind in Entry.SEAT_KINDS:
        tournament.seats_sold -= 1
        Tournament.objects.filter(pk=tournament.pk).update(seats_sold=tournament.seats_sold)
    field, money, place = field_and_money(tournament, next_seq=True)
    counts = {"entries": tournament.seats_sold, **field, "money": money}
    op.append(
        kind,
        payload={
            "entry": entry_summary(entry),
            "player": player_summary(entry.player),
            "reason": reason,
            "seats_sold": tournament.seats_sold,
            **counts,
        },
        public=counts,
        place=place,
    )
    return entry


def void_entry(tournament_id: int, number: int, reason: str, actor, request_key: str | None = None) -> Entry:
    """A desk mistake: the entry stays on record, its money goes back in full."""
    if not reason.strip():
        raise Refused(_("Say why the entry is voided; the reason is kept with it."))
    with operation(tournament_id, actor, request_key) as op:
        if op.repeated:
            return Entry.objects.get(tournament_id=tournament_id, number=number)
        entry = _active_entry(op, number)
        voucher = WonSeat.objects.filter(entry=entry).first()
        if voucher is not None:  # a won entry sold by mistake: the voucher is good again
            voucher.entry = None
            voucher.save(update_fields=["entry"])
            reason = f"{reason.strip()} (won-seat voucher {voucher.code} released)"
        paid = entry.paid - (0 if entry.method == Entry.Method.WON else entry.bounty_part)  # _close adds the bounty
        return _close(op, entry, Entry.Status.VOIDED, paid, entry.pool_part, reason.strip(), kinds.ENTRY_VOIDED)


def refund_entry(
    tournament_id: int, number: int, why: RefundReason, actor, note: str = "", request_key: str | None = None
) -> Entry:
    """ENT-REFUND: cancelled or withdrawn, paid back by rule."""
    if why == RefundReason.DISQUALIFIED:
        raise Refused(_("A disqualification is a ruling, not a refund: it pays nothing back (PAY-DQ)."))
    with operation(tournament_id, actor, request_key) as op:
        if op.repeated:
            return Entry.objects.get(tournament_id=tournament_id, number=number)
        entry = _active_entry(op, number)
        back = refund(
            why, entry.pool_part, entry.fee_part, entry.method == Entry.Method.WON, op.tournament.rules().entries
        )
        reason = f"{back.message} {note.strip()}".strip()
        return _close(op, entry, Entry.Status.REFUNDED, back.to_player, back.from_pool, reason, kinds.ENTRY_REFUNDED)


def approve_substitute(tournament_id: int, number: int, substitute_id: int, reason: str, director) -> Substitution:
    """ENT-SUBST, the director's approval: the substitute must be eligible to play here."""
    if not reason.strip():
        raise Refused(_("Say why the substitute takes the seat; the reason is kept with the approval."))
    now = time_source.now()
    tournament = Tournament.objects.select_related("festival").get(pk=tournament_id)
    substitute = Player.objects.get(pk=substitute_id)
    refused = [r for r in eligibility_reasons(tournament, substitute, None, now) if not r.ok]
    with operation(tournament_id, director) as op:
        tournament = op.tournament
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
        substitution = Substitution.objects.create(
            entry=entry, substitute=substitute, reason=reason.strip(), approved_by=director, at=now
        )
        op.append(
            kinds.ENTRY_SUBSTITUTED,
            public=None,
            payload={
                "entry": entry_summary(entry),
                "player": player_summary(entry.player),
                "substitute": player_summary(substitute),
                "reason": substitution.reason,
            },
        )
    return substitution


def open_registration(tournament_id: int, director, request_key: str | None = None) -> dict:
    """The director opens registration: from now on the desks sell entries."""
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.public
        if op.tournament.status != Tournament.Status.SCHEDULED:
            raise Refused(
                _("Registration opens once, before play: the tournament is %(tournament)s.")
                % {"tournament": op.tournament.get_status_display()}
            )
        Tournament.objects.filter(pk=tournament_id).update(status=Tournament.Status.REGISTRATION)
        public = {"tournament_status": Tournament.Status.REGISTRATION}
        op.append(kinds.REGISTRATION_OPENED, public=public, payload=public)
    return public


def close_registration(tournament_id: int, director) -> None:
    """The director closes registration: no more entries of any kind that seat a player. The
    breaking order (SEAT-BREAK) and the number of places paid (PAY-STRUCT) are published and
    fixed: from now on only the director's recorded decision (the set-up page) changes them."""
    with operation(tournament_id, director) as op:
        tournament = op.tournament
        if tournament.registration_closed:
            raise Refused(_("Registration is already closed."))
        paid = places_paid(tournament)
        Tournament.objects.filter(pk=tournament_id).update(registration_closed=True, places_paid=paid or None)
        published = {"registration_closed": True, "breaking_order": breaking_order(tournament), "places_paid": paid}
        op.append(kinds.REGISTRATION_CLOSED, payload=published, public=published)


def cancel_tournament(tournament_id: int, reason: str, director, request_key: str | None = None) -> dict:
    """END-CANCEL: a tournament that does not go ahead is cancelled in one action. Every entry
    still standing (in play or out) is refunded in full by ENT-REFUND, the tables close, the
    clock stops and every screen says so."""
    reason = logged_reason(reason, _("the tournament is cancelled"))
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.public
        tournament = op.tournament
        if tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
            raise Refused(
                _("The tournament is already %(tournament_status)s.") % {"tournament_status": _(tournament.status)}
            )
        now, refunds = time_source.now(), []
        standing = (
            tournament.entries.select_for_update(of=("self",))
            .filter(status__in=[Entry.Status.ACTIVE, Entry.Status.BUSTED])
            .order_by("number")
        )
        for entry in standing:
            back = refund(
                RefundReason.CANCELLED,
                entry.pool_part,
                entry.fee_part,
                entry.method == Entry.Method.WON,
                tournament.rules().entries,
            )
            entry.bounty_returned, entry.head = bounty_back(tournament, entry), 0
            back_too = entry.bounty_returned if entry.method != Entry.Method.WON else 0
            entry.status, entry.returned = Entry.Status.REFUNDED, back.to_player + back_too
            entry.returned_from_pool, entry.closed_at = back.from_pool, now
            entry.closed_by, entry.close_reason = recorded_user(director), f"{back.message} {reason}"
            entry.save(
                update_fields=[
                    "status",
                    "returned",
                    "returned_from_pool",
                    "closed_at",
                    "closed_by",
                    "close_reason",
                    "bounty_returned",
                    "head",
                ]
            )
            refunds.append({"entry": entry.number, "returned": back.to_player})
        Tournament.objects.filter(pk=tournament.pk).update(seats_sold=0)
        clock = close(op, Tournament.Status.CANCELLED)
        public = {
            "tournament_status": Tournament.Status.CANCELLED,
            "refunded": len(refunds),
            "entries": 0,
            **field_counts(tournament_id),
            "clock": clock,
        }
        op.append(kinds.TOURNAMENT_CANCELLED, public=public, payload={**public, "reason": reason, "refunds": refunds})
    return public
