"""Which entries may be sold now, and what a refund pays back (ENT-LATE, ENT-REBUY,
ENT-ADDON, ENT-REFUND). Pure: the service passes where the tournament and the player stand."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from players.rules.eligibility import Reason
from rules.refusals import gettext as _
from tournaments.rules.rulesets import EntryRules


class Kind(StrEnum):
    BUY_IN = "buy_in"  # before play starts
    LATE = "late"  # after the start, in late registration
    ALTERNATE = "alternate"  # neverending's word for the same
    RE_ENTRY = "re_entry"  # a new entry after busting
    SATELLITE = "satellite"  # an entry won in a satellite or freeroll: nothing to pay
    REBUY = "rebuy"  # more chips for a player still in
    ADDON = "addon"  # the add-on at the end of the rebuy period

    @property
    def seats_a_player(self) -> bool:
        return self not in (Kind.REBUY, Kind.ADDON)


# A player holding a seat is not sold another in the same tournament. No rule of RULES.md says
# it (ENT-LATE is about late entries' stacks and seats, FLIGHT-REENTRY about other flights): the
# desk names it with this plain word, as it does "CAPACITY" and "REGISTRATION".
ENTERED = "ENTERED"


@dataclass(frozen=True)
class TournamentMoment:
    started: bool
    clock_minutes: float  # clock time since the start (see clock.timeline.elapsed)
    first_break_reached: bool
    first_break_over: bool
    registration_closed: bool  # closed by the director (or the tournament finished)


@dataclass(frozen=True)
class PlayerHistory:
    """The player's entries in this tournament that stand (not voided or refunded)."""

    active_entry: bool  # holds a seat entry and is still in
    had_entry: bool
    rebuys: int = 0
    addons: int = 0


def entry_allowed(kind: Kind, rules: EntryRules, now: TournamentMoment, player: PlayerHistory) -> Reason:
    if now.registration_closed and kind.seats_a_player:
        return Reason("ENT-LATE", False, _("Registration is closed for this tournament."))
    if kind in (Kind.BUY_IN, Kind.SATELLITE) and not now.started:
        if player.active_entry:
            return Reason(ENTERED, False, _("Already entered: one entry per player at a time."))
        return Reason("ENT-LATE", True, _("Registration is open."))
    if kind == Kind.BUY_IN:
        return Reason("ENT-LATE", False, _("Play has started: sell a late entry instead of a buy-in."))
    if kind in (Kind.LATE, Kind.ALTERNATE, Kind.SATELLITE, Kind.RE_ENTRY):
        return _late(kind, rules, now, player)
    if kind == Kind.REBUY:
        return _rebuy(rules, now, player)
    return _addon(rules, now, player)


# How a sentence names a kind of entry ("sell a buy-in, not a late entry").
WITH_ARTICLE = {
    Kind.BUY_IN: "a buy-in",
    Kind.LATE: "a late entry",
    Kind.ALTERNATE: "an alternate",
    Kind.RE_ENTRY: "a re-entry",
    Kind.SATELLITE: "a won entry",
    Kind.REBUY: "a rebuy",
    Kind.ADDON: "an add-on",
}


def _late(kind: Kind, rules: EntryRules, now: TournamentMoment, player: PlayerHistory) -> Reason:
    if not now.started:
        return Reason(
            "ENT-LATE",
            False,
            _("Play has not started: sell a buy-in, not %(with_article)s.") % {"with_article": WITH_ARTICLE[kind]},
        )
    if kind == Kind.RE_ENTRY:
        if not rules.re_entry:
            return Reason("ENT-LATE", False, _("This tournament has no re-entries."))
        if not player.had_entry or player.active_entry:
            return Reason("ENT-LATE", False, _("A re-entry is for a player who has entered and busted."))
    elif player.active_entry:
        return Reason(ENTERED, False, _("Already entered: one entry per player at a time."))
    elif player.had_entry and kind != Kind.SATELLITE:
        # A busted player's new entry is a re-entry, whatever the desk calls it: a freezeout
        # sells none, and a re-entry event counts it as one (PAY-POINTS' first/best entry).
        if not rules.re_entry:
            return Reason("ENT-LATE", False, _("This tournament has no re-entries."))
        return Reason("ENT-LATE", False, _("Entered before and busted: sell a re-entry."))
    if rules.late_entry_minutes is not None and now.clock_minutes >= rules.late_entry_minutes:
        return Reason(
            "ENT-LATE",
            False,
            _("Late registration ended after %(late_entry_minutes)s minutes of play.")
            % {"late_entry_minutes": rules.late_entry_minutes},
        )
    return Reason(
        "ENT-LATE",
        True,
        _(
            "Late registration is open: full starting stack, seated "
            "anywhere except between the small blind and the button."
        ),
    )


def _rebuy(rules: EntryRules, now: TournamentMoment, player: PlayerHistory) -> Reason:
    if not rules.rebuy:
        return Reason("ENT-REBUY", False, _("This tournament has no rebuys."))
    if not player.active_entry:
        return Reason("ENT-REBUY", False, _("Only a player still in the tournament can rebuy; sell an entry instead."))
    if not now.started:
        return Reason("ENT-REBUY", False, _("Rebuys start with play."))
    if rules.rebuy_until_first_break and now.first_break_reached:
        return Reason("ENT-REBUY", False, _("Rebuys ended at the intermission."))
    if rules.rebuy_minutes is not None:
        limit = rules.rebuy_minutes + (rules.rebuy_extra_minutes_for_first if player.rebuys == 0 else 0)
        if now.clock_minutes >= limit:
            if player.rebuys == 0 or rules.rebuy_extra_minutes_for_first == 0:
                return Reason(
                    "ENT-REBUY", False, _("The rebuy period ended after %(limit)s minutes.") % {"limit": limit}
                )
            return Reason(
                "ENT-REBUY",
                False,
                _("After %(rebuy_minutes)s minutes only players who have not rebought yet may rebuy.")
                % {"rebuy_minutes": rules.rebuy_minutes},
            )
    return Reason("ENT-REBUY", True, _("Rebuys are open."))


def _addon(rules: EntryRules, now: TournamentMoment, player: PlayerHistory) -> Reason:
    if not rules.addon:
        return Reason("ENT-ADDON", False, _("This tournament has no add-on."))
    if not player.active_entry:
        return Reason("ENT-ADDON", False, _("Only a player still in the tournament can take the add-on."))
    if (opens := addon_opens(rules)) is not None:
        closes = opens + rules.addon_minutes
        if not (now.started and opens <= now.clock_minutes < closes):
            return Reason(
                "ENT-ADDON",
                False,
                _(
                    "The add-on is sold at the end of the rebuy period only: from %(opens)s to "
                    "%(closes)s minutes of play."
                )
                % {"opens": opens, "closes": closes},
            )
    elif not now.first_break_reached or now.first_break_over:
        return Reason("ENT-ADDON", False, _("The add-on is sold at the intermission (the first break) only."))
    if player.addons >= rules.addons_per_player:
        return Reason(
            "ENT-ADDON",
            False,
            _("Add-ons are limited to %(addons_per_player)s per player.")
            % {"addons_per_player": rules.addons_per_player},
        )
    return Reason("ENT-ADDON", True, _("The add-on is on sale."))


def addon_opens(rules: EntryRules) -> int | None:
    """ENT-ADDON (neverending L37: "at the end of the re-buy period"): the minute of play a
    timed rebuy period ends for everyone (its extra minutes for a first rebuy included), when
    the add-on goes on sale; None when rebuys end at the first break, the add-on's time then."""
    if not rules.rebuy or rules.rebuy_minutes is None or rules.rebuy_until_first_break:
        return None
    return rules.rebuy_minutes + rules.rebuy_extra_minutes_for_first


class RefundReason(StrEnum):
    CANCELLED = "cancelled"  # the tournament does not go ahead
    WITHDRAWAL = "withdrawal"  # the player withdraws before playing
    DISQUALIFIED = "disqualified"


@dataclass(frozen=True)
class Refund:
    to_player: int  # minor units paid back (or credited, for a won entry)
    from_pool: int  # minor units the prize pool gives up
    message: str


def refund(reason: RefundReason, pool_part: int, fee_part: int, won: bool, rules: EntryRules) -> Refund:
    """ENT-REFUND. Cancelled: the entry's full value back. Withdrawal: the buy-in, not the
    fee; an entry won in a freeroll or satellite, its value less the house's administration
    fee (rounded down to the minor unit, in the house's favour). Disqualified: nothing, and the
    buy-in stays in the pool (PAY-DQ)."""
    value = pool_part + fee_part
    if reason == RefundReason.CANCELLED:
        return Refund(value, pool_part, _("Tournament cancelled: full refund of the entry's value."))
    if reason == RefundReason.DISQUALIFIED:
        return Refund(0, 0, "Disqualified: no refund; the chips leave play and the buy-in stays in the pool.")
    if won:
        kept = 100 - rules.freeroll_withdrawal_fee_percent
        return Refund(
            value * kept // 100,
            pool_part,
            _("Withdrawal of a won entry: its value less a %(freeroll_withdrawal_fee_percent)s%% administration fee.")
            % {"freeroll_withdrawal_fee_percent": rules.freeroll_withdrawal_fee_percent},
        )
    return Refund(pool_part, pool_part, "Withdrawal: the buy-in is refunded, the fee is not.")


def substitution_allowed(rules: EntryRules, entry_active: bool, substitute_holds_entry: bool) -> Reason:
    """ENT-SUBST: where the house allows it, a substitute takes a seat with the director's
    approval. The entry stays the original player's: they keep being blinded off and stay
    eligible for the prize."""
    if not rules.substitutes:
        return Reason("ENT-SUBST", False, _("This tournament does not allow substitutes."))
    if not entry_active:
        return Reason("ENT-SUBST", False, _("Only a seat still in play can be handed to a substitute."))
    if substitute_holds_entry:
        return Reason("ENT-SUBST", False, _("The substitute holds an entry of their own in this tournament."))
    return Reason("ENT-SUBST", True, _("The substitute may take the seat; the prize stays with the entrant."))
