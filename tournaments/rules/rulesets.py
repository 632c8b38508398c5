"""Rules are data: every number and choice a house makes, one Ruleset per tournament.

A tournament copies a preset when it is created; the director may then edit its copy. The
five presets come from the rulebooks in ../shared/rulebooks/. Stored as JSON on the
tournament; this module is pure (no Django).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace

from players.rules.eligibility import EligibilityPolicy, MembershipRule
from rules.refusals import gettext as _
from tables.rules.penalties import CHIPS_LADDERS, NEVERENDING_LADDERS, PLAIN_LADDERS, POKERFEST_LADDERS, check_ladders
from tournaments.rules.bounties import Disqualified, StageStart
from tournaments.rules.flights import FlightReentry
from tournaments.rules.payouts import EXACT, ROUNDED_PERCENT, TIME_LIMIT_SPLITS, PayoutRules


@dataclass(frozen=True)
class EntryRules:
    """When which kind of entry may be bought (ENT-LATE, ENT-REBUY, ENT-ADDON, ENT-REFUND).

    Times are minutes of tournament clock since the start (breaks count, pauses do not).
    """

    late_entry_minutes: int | None = None  # late entries, alternates, re-entries; None: until the director closes
    re_entry: bool = False
    rebuy: bool = False
    rebuy_until_first_break: bool = False  # kentucky: until the intermission
    rebuy_minutes: int | None = None  # chips: 50
    rebuy_extra_minutes_for_first: int = 0  # chips: 15 more minutes for anyone without a rebuy yet
    rebuy_price: int = 0  # minor units
    rebuy_chips: int = 0
    addon: bool = False  # at the end of the rebuy period (the first break without timed rebuys)
    addon_price: int = 0
    addon_chips: int = 0
    addons_per_player: int = 1
    # ENT-ADDON after a timed rebuy period (rebuy_minutes, or the structure's rebuys_until_level):
    # the add-on is on sale this many minutes of clock from the end of the rebuy period.
    addon_minutes: int = 15
    freeroll_withdrawal_fee_percent: int = 50  # neverending: freeroll-won entry refunded less 50%
    substitutes: bool = False  # neverending: a substitute may take a seat with the director's approval
    # FLIGHT-REENTRY (tournaments/rules/flights.py): "best_stack", "first" or "each".
    flight_reentry: str = "first"
    # FLIGHT-ITM: once the main event's bubble has burst (by the combined field) a flight plays on
    # into the money, its busts placed and paid from the one pool; False: flights stop at the bubble.
    flights_play_into_money: bool = True


@dataclass(frozen=True)
class SeatingRules:
    """Balancing, breaking and the final table (SEAT-BALANCE, SEAT-FINAL)."""

    balance_tolerance: int = 1  # largest minus smallest table may be this much
    halt_when_short_by: int | None = None  # pokerfest: 3, play halts at a table that many short
    move_by_corresponding_seat: bool = False  # neverending: higher levels and final tables
    final_table_size: int | None = None  # None: the seats of the final table; kentucky: 10
    field_button_draw: bool = False  # pokerfest: one button draw at one table sets every table's (BTN-DRAW)
    # SEAT-BREAK: the director may alter the published breaking order, with a reason (pokerfest L154)
    alter_published_breaking_order: bool = False
    # SEAT-COLLECT (pokerfest L148): at the draw the players collect their seat cards; the stacks
    # of a seat number go into play once every seat of that number is collected.
    collect_by_seat_number: bool = False
    # kentucky (L21-28, L39-40): at the start and at the final table the floor enters each player's
    # card and the seats follow, high card on the button, the rest to its left high to low
    seat_by_cards: bool = False
    # The public data feed (issue 26) shows the seats this many minutes after the latest draw,
    # so the room knows its seats before media and results sites do.
    feed_draw_delay_minutes: int = 10


@dataclass(frozen=True)
class ClockRules:
    """Clock calls (CLK-CALL), intervals, limits and the action clock (AC-*)."""

    call_seconds: int = 60  # before the countdown
    call_countdown_seconds: int = 10
    short_level_minutes: int | None = None  # pokerfest: 20, levels this short get the short call
    short_call_seconds: int = 25
    short_call_countdown_seconds: int = 5
    interval_minutes: int | None = None  # chips: an interval every 55 minutes (CLK-INTERVAL)
    interval_length_minutes: int = 5  # the rulebook gives no length: 5 keeps chips' hourly rhythm
    time_limit_minutes: int | None = None  # kentucky: 360 (CLK-LIMIT)
    # CLK-LIMIT: the remaining prizes split by chips "exact", or "rounded_percent" (kentucky's sheet:
    # percentages of the chips rounded to one decimal that total 100%, tournaments.rules.payouts).
    time_limit_split: str = EXACT
    heads_up_minimum_hands: int = 0  # chips: 10 (CLK-HEADSUP)
    final_gong: bool = False  # chips: play may end at the final gong, survivors placed by chips (END-FINISH)
    action_clock: bool = False  # the action-clock preset, or on top of any other
    # AC-PERIOD: the action clock's period of play, from a level and/or a day to a level and/or a
    # day (play levels numbered 1, 2, ...; days 1, 2, ...), each bound included; None: no bound.
    action_clock_from_level: int | None = None
    action_clock_until_level: int | None = None
    action_clock_from_day: int | None = None
    action_clock_until_day: int | None = None
    first_action_seconds: int = 15
    first_action_in_the_money_seconds: int = 20
    voluntary_action_seconds: int = 30
    full_time_from_players: int = 6  # from this many players left every action has the full time
    extension_seconds: int = 30
    starting_extensions: int = 10
    top_up_to: int = 6
    top_up_first_at_players: int = 24
    top_up_second_at_players: int = 6


@dataclass(frozen=True)
class PenaltyRules:
    """The house's ladders (PEN-LADDER, PEN-FINE): [[infraction, [step, ...]], ...], steps as the
    floor says them (tables.rules.penalties); "any" for an infraction not named. And absent players
    (PEN-ABSENT): their stack is removed after this many minutes, or never (None)."""

    ladders: tuple = PLAIN_LADDERS
    absent_stack_removed_after_minutes: int | None = None


@dataclass(frozen=True)
class ChipRules:
    """Colour-ups (CHIP-RACE, CHIP-ODD) and counts (CHIP-COUNT)."""

    race_from_seat_1: bool = False  # neverending; otherwise from the first player left of the dealer
    odd_chips_to_high_card: bool = False  # kentucky: the table's odd chips in one pot to the high card
    # chips (L105): a count on request must be correct to within 10% of the actual chips; the count
    # check says when the counts' gap is within it (still a gap, never "agrees"). 0: exact.
    count_on_request_percent: int = 0


@dataclass(frozen=True)
class BountyRules:
    """Knockout events (BNT-MYSTERY, PAY-DQ): when the mystery bounty stage starts ("bubble",
    "twice_paid", "day_two" or "level": from clock level stage_level on) and what becomes of a
    disqualified player's bounty ("next_eliminator", "prize_pool" or "out_of_play"). The same in
    every preset: the event's bounty format and amounts are the tournament's, not the house's."""

    stage_starts: StageStart = StageStart.BUBBLE
    stage_level: int | None = None
    disqualified_bounty: Disqualified = Disqualified.NEXT_ELIMINATOR


@dataclass(frozen=True)
class Ruleset:
    preset: str
    eligibility: EligibilityPolicy = field(default_factory=EligibilityPolicy)
    entries: EntryRules = field(default_factory=EntryRules)
    seating: SeatingRules = field(default_factory=SeatingRules)
    clock: ClockRules = field(default_factory=ClockRules)
    payouts: PayoutRules = field(default_factory=PayoutRules)
    penalties: PenaltyRules = field(default_factory=PenaltyRules)
    chips: ChipRules = field(default_factory=ChipRules)
    bounties: BountyRules = field(default_factory=BountyRules)

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> Ruleset:
        """Raises ValueError naming the setting that is wrong."""
        if not isinstance(data, dict):
            raise ValueError(_('A ruleset is a JSON object such as {"entries": {"late_entry_minutes": 120}}.'))
        # A setting left out keeps the named preset's value (the plain default for "custom").
        base = PRESETS.get(data.get("preset"), cls("custom"))
        eligibility = _build(base.eligibility, data.get("eligibility", {}), "eligibility")
        try:
            eligibility = replace(eligibility, membership=MembershipRule(eligibility.membership))
        except ValueError:
            choices = ", ".join(rule.value for rule in MembershipRule)
            raise ValueError(_("eligibility.membership must be one of: %(choices)s.") % {"choices": choices}) from None
        seating = _build(base.seating, data.get("seating", {}), "seating")
        if seating.final_table_size is not None and not 2 <= seating.final_table_size <= 12:
            raise ValueError(_("seating.final_table_size must be from 2 to 12 players, or null."))
        if not 0 <= seating.feed_draw_delay_minutes <= 24 * 60:
            raise ValueError(_("seating.feed_draw_delay_minutes must be from 0 to 1440 minutes."))
        payouts = _build(base.payouts, data.get("payouts", {}), "payouts")
        _check_percent_table(payouts.percent_table)
        penalties = _build(base.penalties, data.get("penalties", {}), "penalties")
        check_ladders(penalties.ladders)
        entries = _build(base.entries, data.get("entries", {}), "entries")
        if entries.flight_reentry not in set(FlightReentry):
            raise ValueError(
                _("entries.flight_reentry must be one of: %(choices)s.") % {"choices": ", ".join(FlightReentry)}
            )
        if entries.addon and not entries.addon_minutes:
            raise ValueError(_("entries.addon_minutes must be 1 or more: the add-on is on sale that long."))
        bounties = _bounties(_build(base.bounties, data.get("bounties", {}), "bounties"))
        clock = _build(base.clock, data.get("clock", {}), "clock")
        if clock.time_limit_split not in TIME_LIMIT_SPLITS:
            raise ValueError(
                _("clock.time_limit_split must be one of: %(choices)s.") % {"choices": ", ".join(TIME_LIMIT_SPLITS)}
            )
        _check_action_period(clock)
        chips = _build(base.chips, data.get("chips", {}), "chips")
        if chips.count_on_request_percent > 100:
            raise ValueError(_("chips.count_on_request_percent must be from 0 to 100."))
        return cls(
            preset=data.get("preset", "custom"),
            eligibility=eligibility,
            entries=entries,
            seating=seating,
            clock=clock,
            payouts=payouts,
            penalties=penalties,
            chips=chips,
            bounties=bounties,
        )


def _bounties(bounties: BountyRules) -> BountyRules:
    """The bounties section's choices as their enums; a stage that starts at a level names it."""
    choices = {}
    for setting, kind in (("stage_starts", StageStart), ("disqualified_bounty", Disqualified)):
        try:
            choices[setting] = kind(getattr(bounties, setting))
        except ValueError:
            raise ValueError(
                _("bounties.%(setting_name)s must be one of: %(choices)s.")
                % {"setting_name": setting, "choices": ", ".join(kind)}
            ) from None
    if choices["stage_starts"] == StageStart.LEVEL and not bounties.stage_level:
        raise ValueError(_("bounties.stage_level must be 1 or more when the bounty stage starts at a level."))
    return replace(bounties, **choices)


def _check_action_period(clock: ClockRules) -> None:
    """AC-PERIOD: levels and days count from 1, and a period ends no earlier than it starts."""
    for unit in ("level", "day"):
        start, end = getattr(clock, f"action_clock_from_{unit}"), getattr(clock, f"action_clock_until_{unit}")
        if 0 in (start, end):
            raise ValueError(_("clock.action_clock_from_%(unit)s and _until_%(unit)s count from 1.") % {"unit": unit})
        if start is not None and end is not None and end < start:
            raise ValueError(
                _("clock.action_clock_until_%(unit)s must be %(start)s or later: the period starts there.")
                % {"unit": unit, "start": start}
            )


def _check_percent_table(table: tuple) -> None:
    """payouts.percent_table: [[up to this many entries, [basis points by place, ...]], ...]."""
    shape = "payouts.percent_table is a list of [entries, [basis points by place, ...]] bands"
    last = 0
    for band in table:
        if not (
            isinstance(band, tuple)
            and len(band) == 2
            and isinstance(band[0], int)
            and isinstance(band[1], tuple)
            and band[1]
            and all(isinstance(p, int) and p >= 0 for p in band[1])
        ):
            raise ValueError(_("%(shape)s, e.g. [[9, [6500, 3500]], [27, [5000, 3000, 2000]]].") % {"shape": shape})
        if band[0] <= last:
            raise ValueError(_("payouts.percent_table: list the bands by growing entry count."))
        if sum(band[1]) > 10_000 or list(band[1]) != sorted(band[1], reverse=True):
            raise ValueError(
                _(
                    "payouts.percent_table: the band up to %(band)s entries must pay at "
                    "most 10,000 basis points, never more to a lower place."
                )
                % {"band": band[0]}
            )
        last = band[0]


def _frozen(value):
    return tuple(_frozen(item) for item in value) if isinstance(value, (list, tuple)) else value


def _build(base, data: dict, section: str):
    # Keys a newer ruleset does not know are ignored; missing ones keep the base's value. Each
    # value must have its type's default's type (a setting whose default is None takes a number).
    if not isinstance(data, dict):
        raise ValueError(_("%(section)s must be a JSON object.") % {"section": section})
    kind = type(base)
    values = {}
    for setting in fields(kind):
        if setting.name not in data:
            continue
        value, default = data[setting.name], getattr(kind(), setting.name)
        if isinstance(default, tuple):
            if not isinstance(value, (list, tuple)):
                raise ValueError(
                    _("%(section)s.%(setting_name)s must be a list.")
                    % {"section": section, "setting_name": setting.name}
                )
            values[setting.name] = _frozen(value)
            continue
        if default is None:
            ok = value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 0)
        elif isinstance(default, bool):
            ok = isinstance(value, bool)
        elif isinstance(default, int):
            ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
        else:
            ok = isinstance(value, str)
        if not ok:
            wanted = {type(None): "a whole number or null", bool: "true or false", int: "a whole number, 0 or more"}
            raise ValueError(
                _("%(section)s.%(setting_name)s must be %(value)s, not %(value2)s.")
                % {
                    "section": section,
                    "setting_name": setting.name,
                    "value": wanted.get(type(default), "text"),
                    "value2": repr(value),
                }
            )
        values[setting.name] = value
    return replace(base, **values)


PRESETS: dict[str, Ruleset] = {
    # A touring festival: photo ID each day, organiser staff barred, late entries and re-entries.
    "pokerfest": Ruleset(
        "pokerfest",
        EligibilityPolicy(photo_id_each_day=True, organiser_staff_barred=True),
        EntryRules(late_entry_minutes=240, re_entry=True, flight_reentry="best_stack"),
        SeatingRules(
            halt_when_short_by=3,
            field_button_draw=True,
            alter_published_breaking_order=True,
            collect_by_seat_number=True,
        ),
        ClockRules(call_seconds=50, call_countdown_seconds=10, short_level_minutes=20),
        penalties=PenaltyRules(POKERFEST_LADDERS),
    ),
    # A league of venues: members with a signed release; alternates for a set period.
    "neverending": Ruleset(
        "neverending",
        EligibilityPolicy(membership=MembershipRule.MEMBERS),
        EntryRules(late_entry_minutes=60, freeroll_withdrawal_fee_percent=50, substitutes=True),
        payouts=PayoutRules(most_places=10, freeroll_per_entrants=10),
        penalties=PenaltyRules(NEVERENDING_LADDERS),
        chips=ChipRules(race_from_seat_1=True),
    ),
    # A members' club: visitors signed in by a present member; rebuys for 50 + 15 minutes, no add-on.
    "chips": Ruleset(
        "chips",
        EligibilityPolicy(membership=MembershipRule.MEMBERS_OR_SIGNED_IN_VISITORS),
        EntryRules(late_entry_minutes=None, rebuy=True, rebuy_minutes=50, rebuy_extra_minutes_for_first=15),
        clock=ClockRules(interval_minutes=55, heads_up_minimum_hands=10, final_gong=True),
        payouts=PayoutRules(points="sqrt"),
        penalties=PenaltyRules(CHIPS_LADDERS),
        chips=ChipRules(count_on_request_percent=10),
    ),
    # A charity night: unlimited rebuys of 2,000 chips for $50 until the intermission, then
    # one add-on of 5,000 chips for $50 per surviving player.
    "kentucky": Ruleset(
        "kentucky",
        EligibilityPolicy(),
        EntryRules(
            late_entry_minutes=None,
            rebuy=True,
            rebuy_until_first_break=True,
            rebuy_price=5000,
            rebuy_chips=2000,
            addon=True,
            addon_price=5000,
            addon_chips=5000,
            addons_per_player=1,
        ),
        SeatingRules(final_table_size=10, seat_by_cards=True),
        ClockRules(time_limit_minutes=360, time_limit_split=ROUNDED_PERCENT),
        PayoutRules(publish_at_first_break=True),
        chips=ChipRules(odd_chips_to_high_card=True),
    ),
    # The shot clock "usable on top of any preset": on its own, the plainest house rules.
    "action-clock": Ruleset("action-clock", clock=ClockRules(action_clock=True)),
}


def endings(ruleset: Ruleset) -> list[str]:
    """END-FINISH: the recorded ends a house has besides the last player standing and a deal:
    "time-limit" (CLK-LIMIT, kentucky) and "gong" (chips' final gong)."""
    return [
        ending
        for ending, has in (
            ("time-limit", ruleset.clock.time_limit_minutes is not None),
            ("gong", ruleset.clock.final_gong),
        )
        if has
    ]


def preset(name: str) -> Ruleset:
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(
            _("unknown preset %(name)s; choose one of %(presets)s")
            % {"name": repr(name), "presets": ", ".join(PRESETS)}
        ) from None
