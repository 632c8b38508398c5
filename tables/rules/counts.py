"""Chips in play and whether the counts agree (CHIP-COUNT), as plain data.

Chips in play = starting stacks + rebuys + add-ons − chips removed (forfeits, disqualifications,
chips taken out of play) ± colour-up differences (tables.rules.colour_up). Chips moving between
players (pots, penalty fines into a pot) do not change it. A count is checked against it and a
gap is reported with its size and sign.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.refusals import gettext as _


class Movement(StrEnum):
    STARTING_STACK = "starting_stack"
    REBUY = "rebuy"
    ADDON = "addon"
    REMOVED = "removed"  # forfeit, disqualification, absent stack removed, chips taken out
    COLOUR_UP = "colour_up"  # a race's difference, either sign


ADDS = {Movement.STARTING_STACK, Movement.REBUY, Movement.ADDON}


@dataclass(frozen=True)
class ChipMovement:
    kind: Movement
    chips: int  # positive; COLOUR_UP may be negative


def chips_in_play(movements) -> int:
    total = 0
    for movement in movements:
        if movement.kind in ADDS:
            if movement.chips < 0:
                raise ValueError(
                    _("A %(value)s adds chips; it cannot be negative.") % {"value": movement.kind.replace("_", " ")}
                )
            total += movement.chips
        elif movement.kind == Movement.REMOVED:
            if movement.chips < 0:
                raise ValueError(_("Chips removed from play are a positive number."))
            total -= movement.chips
        else:
            total += movement.chips
    return total


@dataclass(frozen=True)
class CountCheck:
    counted: int
    in_play: int
    seats_counted: int
    seats_in_play: int
    tolerance_percent: int = 0  # the house's tolerance for a count on request (chips: 10)

    @property
    def gap(self) -> int:
        """Counted minus in play: positive, chips appeared; negative, chips are missing."""
        return self.counted - self.in_play

    @property
    def complete(self) -> bool:
        return self.seats_counted == self.seats_in_play

    @property
    def agrees(self) -> bool:
        return self.complete and self.gap == 0

    @property
    def within_tolerance(self) -> bool:
        """A gap no bigger than the house's tolerance for a count on request, of the chips in
        play (CHIP-COUNT): still a gap to find, but what counts on request may be off by."""
        return self.complete and self.gap != 0 and abs(self.gap) * 100 <= self.tolerance_percent * self.in_play

    def sentence(self) -> str:
        if not self.complete:
            return _("%(seats_counted)s of %(seats_in_play)s stacks counted; the total is checked when all are in.") % {
                "seats_counted": self.seats_counted,
                "seats_in_play": self.seats_in_play,
            }
        if self.gap == 0:
            return _("The counts agree: %(in_play)s chips in play.") % {"in_play": format(self.in_play, ",")}
        if self.within_tolerance:
            values = {
                "counted": format(self.counted, ","),
                "gap": format(abs(self.gap), ","),
                "in_play": format(self.in_play, ","),
                "percent": self.tolerance_percent,
            }
            if self.gap > 0:
                return (
                    _(
                        "The counts come to %(counted)s, %(gap)s more than the %(in_play)s chips in play: within the "
                        "%(percent)s%% a count on request may be off; count the stacks exactly to settle it."
                    )
                    % values
                )
            return (
                _(
                    "The counts come to %(counted)s, %(gap)s fewer than the %(in_play)s chips in play: within the "
                    "%(percent)s%% a count on request may be off; count the stacks exactly to settle it."
                )
                % values
            )
        side = "more" if self.gap > 0 else "fewer"
        return _(
            "The counts come to %(counted)s, %(gap)s %(side)s than the %(in_play)s chips in "
            "play: recount or find the chips."
        ) % {
            "counted": format(self.counted, ","),
            "gap": format(abs(self.gap), ","),
            "side": side,
            "in_play": format(self.in_play, ","),
        }


def check_counts(counts: dict, seated: set, in_play: int, tolerance_percent: int = 0) -> CountCheck:
    """counts: seat key -> chips counted (the latest count per seat); seated: the keys of every
    player still in. A count for a seat no longer in play is ignored. tolerance_percent: the
    ruleset's tolerance for a count on request (chips: 10)."""
    for key, chips in counts.items():
        if chips < 0:
            raise ValueError(_("A chip count cannot be negative (%(key)s: %(chips)s).") % {"key": key, "chips": chips})
    relevant = {key: chips for key, chips in counts.items() if key in seated}
    return CountCheck(sum(relevant.values()), in_play, len(relevant), len(seated), tolerance_percent)


@dataclass(frozen=True)
class Leaders:
    leaders: list  # (key, chips), biggest first
    average: int  # chips in play over players left, rounded down


def chip_leaders(counts: dict, in_play: int, players_left: int, top: int = 10) -> Leaders:
    ranked = sorted(counts.items(), key=lambda item: (-item[1], str(item[0])))[:top]
    return Leaders(ranked, in_play // players_left if players_left else 0)
