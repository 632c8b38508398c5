"""What the desk may sell now: the moment of the clock the entry rules need (ENT-LATE,
ENT-REBUY, ENT-ADDON), a player's history and facts for eligibility, every reason for or
against a sale, and an entry as the desk shows it."""

from dataclasses import dataclass, replace

from django.db import connection
from django.utils import timezone
from django.utils.translation import gettext as _

from clock.models import Clock, Structure
from clock.rules import timeline
from clock.rules.structures import minutes_to_end_of
from core import model_rows
from players.models import Membership, Player
from players.rules import eligibility
from tournaments.models import Entry, Tournament, WonSeat
from tournaments.rules.entries import Kind, PlayerHistory, TournamentMoment, entry_allowed

# Entries: what the desk may sell now ----------------------------------------------------


@dataclass(frozen=True)
class Sale:
    kind: Kind
    method: str
    desk: str
    shift: str
    visitor_signed_in_by: str = ""  # chips: the full member's number
    sponsor_present: bool = False
    visitor_fee: int = 0  # chips: the visitor fee charged with the sale, minor units (REG-MEMBER)
    won_seat_code: str = ""  # a won entry: the voucher the player presents


# The clock not read yet (None is a tournament without a clock).
UNREAD = object()


_CLOCK, _STRUCTURE = model_rows.columns(Clock, "c"), model_rows.columns(Structure, "s")
_SALE_CLOCK = f"""
    SELECT {_CLOCK.sql}, {_STRUCTURE.sql}
    FROM {Clock._meta.db_table} c JOIN {Structure._meta.db_table} s ON s.id = c.structure_id
    WHERE c.{Clock._meta.pk.column} = %s"""


def sale_clock(tournament: Tournament) -> Clock | None:
    """The clock row with its structure, read once for a sale's moment and its entry rules:
    a static statement made into the models (core/model_rows.py), as every sale reads it."""
    with connection.cursor() as cursor:
        cursor.execute(_SALE_CLOCK, [tournament.pk])
        row = cursor.fetchone()
    if row is None:
        return None
    clock, clock.structure = model_rows.instances(row, _CLOCK, _STRUCTURE)
    return clock


def tournament_moment(tournament: Tournament, now, clock=UNREAD) -> TournamentMoment:
    clock = sale_clock(tournament) if clock is UNREAD else clock
    closed = tournament.registration_closed or tournament.status in (
        Tournament.Status.FINISHED,
        Tournament.Status.CANCELLED,
    )
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


def player_history(tournament: Tournament, player: Player, new_player: bool = False) -> PlayerHistory:
    """`new_player`: the player's row was written in this transaction: no entries to read."""
    if new_player:
        return PlayerHistory(active_entry=False, had_entry=False, rebuys=0, addons=0)
    # Static SQL: every sale reads it under the tournament's lock.
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT kind, status FROM {Entry._meta.db_table} WHERE tournament_id = %s AND player_id = %s "
            "AND status = ANY(%s)",
            [tournament.pk, player.pk, [Entry.Status.ACTIVE, Entry.Status.BUSTED]],
        )
        standing = cursor.fetchall()
    seats = [(kind, status) for kind, status in standing if kind in Entry.SEAT_KINDS]
    return PlayerHistory(
        active_entry=any(status == Entry.Status.ACTIVE for _, status in seats),
        had_entry=bool(seats),
        rebuys=sum(1 for kind, status in standing if kind == Kind.REBUY and status == Entry.Status.ACTIVE),
        addons=sum(1 for kind, status in standing if kind == Kind.ADDON and status == Entry.Status.ACTIVE),
    )


def player_facts(
    player: Player, sale: Sale | None, won_seat: WonSeat | None = None, new_player: bool = False
) -> eligibility.PlayerFacts:
    """`new_player`: the player's row was written in this transaction: no membership or
    exclusion can name them yet, so neither is read."""
    try:
        membership = None if new_player else Membership.objects.get(player=player)
    except Membership.DoesNotExist:
        membership = None
    member = None
    ended = (membership.end_reason or "ended") if membership is not None and membership.ended_at else None
    if membership is not None and (membership.full_member or ended):
        member = eligibility.Membership(
            membership.number,
            membership.full_member,
            membership.fee_paid_until,
            release_signed=membership.release_signed_at is not None,
            ended=ended,
        )
    elif sale is not None and sale.visitor_signed_in_by:
        # A visitor: valid only when the number is a full member's (one not ended).
        sponsor = Membership.objects.filter(
            number=sale.visitor_signed_in_by.strip(), full_member=True, ended_at__isnull=True
        ).first()
        member = eligibility.Membership(
            membership.number if membership else "visitor",
            False,
            signed_in_by=sponsor.number if sponsor else None,
            sponsor_present=sale.sponsor_present and sponsor is not None,
            visitor_fee_paid=sale.visitor_fee > 0,
        )
    elif membership is not None:
        member = eligibility.Membership(membership.number, False)
    return eligibility.PlayerFacts(
        player_id=player.id,
        date_of_birth=player.date_of_birth,
        membership=member,
        exclusions=() if new_player else tuple(exclusion.as_rule() for exclusion in player.exclusions.all()),
        photo_id_checked_on=player.id_checked_on,
        organiser_staff_or_family=player.organiser_staff_or_family,
        staff_entry_approved=player.staff_entry_approved,
        entry_issued_to=won_seat.player_id if won_seat else None,
    )


def eligibility_reasons(
    tournament: Tournament,
    player: Player,
    sale: Sale | None,
    now,
    won_seat: WonSeat | None = None,
    new_player: bool = False,
) -> list[eligibility.Reason]:
    rules = tournament.rules()
    day = eligibility.local_day(now, tournament.festival.time_zone)
    facts = player_facts(player, sale, won_seat, new_player)
    return list(eligibility.check(facts, rules.eligibility, day).reasons)


def sale_window(
    tournament: Tournament, player: Player, kind: Kind, moment: TournamentMoment, rules=None, new_player: bool = False
) -> eligibility.Reason:
    """The part other desks' sales can change: read it under the tournament lock (`rules`: entry_rules, read before)."""
    if tournament.status == Tournament.Status.SCHEDULED:
        return eligibility.Reason("REGISTRATION", False, _("Registration is not open yet: the director opens it."))
    if (
        tournament.max_entries is not None
        and tournament.seats_sold + tournament.seats_held >= tournament.max_entries
        and kind.seats_a_player
    ):
        return eligibility.Reason(
            "CAPACITY",
            False,
            _(
                "Sold out: all %(max_entries)s seats are taken or held by pre-registrations (%(held)s): "
                "confirm one from the Pre-registered field."
            )
            % {"max_entries": tournament.max_entries, "held": tournament.seats_held}
            if tournament.seats_held
            else _("Sold out: all %(max_entries)s seats are taken.") % {"max_entries": tournament.max_entries},
        )
    rules = rules or entry_rules(tournament)
    window = entry_allowed(kind, rules, moment, player_history(tournament, player, new_player))
    if window.ok and kind == Kind.REBUY and not (rules.rebuy_price and rules.rebuy_chips):
        # ENT-REBUY: a free rebuy, or one that adds no chips, is a ruleset nobody set.
        return eligibility.Reason(
            "ENT-REBUY",
            False,
            _("This tournament's rebuy has no price or no chips: the director sets both on the set-up page."),
        )
    return window


def entry_rules(tournament: Tournament, clock=UNREAD):
    """The ruleset's entry rules, with the structure's closing levels (late registration and
    rebuys close at the end of a named level) turned into clock minutes."""
    rules = tournament.rules().entries
    clock = sale_clock(tournament) if clock is UNREAD else clock
    if clock is None:
        return rules
    structure = clock.structure
    if structure.late_entry_until_level is None and structure.rebuys_until_level is None:
        return rules
    levels = structure.timeline_levels()
    if structure.late_entry_until_level is not None:
        rules = replace(rules, late_entry_minutes=minutes_to_end_of(levels, structure.late_entry_until_level))
    if structure.rebuys_until_level is not None:
        rules = replace(
            rules,
            rebuy_minutes=minutes_to_end_of(levels, structure.rebuys_until_level),
            rebuy_until_first_break=False,
            rebuy_extra_minutes_for_first=0,
        )
    return rules


def entry_summary(entry: Entry) -> dict:
    return {
        "number": entry.number,
        "kind": entry.kind,
        "status": entry.status,
        "chips": entry.chips,
        "paid": entry.paid,
        "method": entry.method,
        "desk": entry.desk,
        "shift": entry.shift,
        "returned": entry.returned,
    }


def check_entry(tournament: Tournament, player: Player, sale: Sale | None, now) -> dict:
    """Every reason the player can or cannot enter now, and which kinds of sale are open."""
    moment = tournament_moment(tournament, now)
    return {
        "reasons": eligibility_reasons(tournament, player, sale, now),
        "kinds": {kind: sale_window(tournament, player, kind, moment) for kind in Kind},
    }
