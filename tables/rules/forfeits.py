"""Chips a player forfeits at the table (CHIP-COUNT, CHIP-RACE), as plain data.

- Out of view (pokerfest L185: "The forfeited chips will be taken out of play") and in a pocket
  (neverending L89, chips L107: "taken out of play from the tournament"): the chips leave play.
- Left after a race (pokerfest L179): chips of a denomination already raced off found in a stack
  are forfeited "unless they are equivalent in value to a chip still in play": the part worth
  whole chips of the smallest denomination still in play is changed up, the rest leaves play.
- A dodged blind (neverending L87): "The money will be put into the next pot and will be
  considered dead money." Dead money is chips that can win nothing for the one who put them in,
  but the pot they go into is won by someone: they leave the player's stack and stay in play,
  like a chip fine (PEN-FINE). The chips in play do not change.

A player forfeits only chips they have, some of them: a whole stack forfeited leaves a player
without chips, which is a bust (or the director's elimination penalty), not a forfeit.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.refusals import gettext as _
from rules.refusals import gettext_noop


class Reason(StrEnum):
    OUT_OF_VIEW = "out_of_view"
    IN_POCKET = "in_pocket"
    AFTER_RACE = "after_race"
    DODGED_BLIND = "dodged_blind"


# How the tablet, the log and the console say each reason (translated when shown).
REASON_WORDS = {
    Reason.OUT_OF_VIEW: gettext_noop("chips out of view"),
    Reason.IN_POCKET: gettext_noop("chips in a pocket"),
    Reason.AFTER_RACE: gettext_noop("small chips left after a chip race"),
    Reason.DODGED_BLIND: gettext_noop("dodged blind: dead money in the next pot"),
}


@dataclass(frozen=True)
class Forfeiture:
    chips: int  # the chips found (or the blinds dodged)
    out_of_play: int  # the chips in play go down by this
    to_pot: int  # dead money: into the next pot, still in play
    changed_up: int  # after a race: worth whole chips still in play, changed up
    stack_left: int

    @property
    def leaves_stack(self) -> int:
        return self.out_of_play + self.to_pot


def reason_of(text) -> Reason:
    try:
        return Reason(text)
    except ValueError:
        raise ValueError(
            _("Say why the chips are forfeited: out of view, in a pocket, left after a chip race or a dodged blind.")
        ) from None


def forfeiture(reason: Reason, chips: int, stack: int, smallest_in_play: int | None = None) -> Forfeiture:
    """`chips`: found (or the blinds dodged); `stack`: the player's chips with them;
    `smallest_in_play`: the smallest chip staying at the last colour-up (None before any).
    Raises ValueError with the sentence the floor sees."""
    if not isinstance(chips, int) or isinstance(chips, bool) or chips < 1:
        raise ValueError(
            _("%(chips)s chips cannot be forfeited: enter the chips found, a whole number of 1 or more.")
            % {"chips": chips}
        )
    if not isinstance(stack, int) or isinstance(stack, bool) or stack < 0:
        raise ValueError(_("The stack is a count of chips, 0 or more."))
    if chips > stack:
        raise ValueError(
            _("%(chips)s chips is more than the player's stack of %(stack)s: a player forfeits only chips they have.")
            % {"chips": format(chips, ","), "stack": format(stack, ",")}
        )
    if chips == stack:
        raise ValueError(
            _(
                "%(chips)s chips is the player's whole stack: a player left without chips is out. Record the "
                "bust, or the director gives an elimination penalty."
            )
            % {"chips": format(chips, ",")}
        )
    if reason == Reason.DODGED_BLIND:
        return Forfeiture(chips, 0, chips, 0, stack - chips)
    if reason == Reason.AFTER_RACE:
        if smallest_in_play is None:
            raise ValueError(_("No chip has been raced off yet: chips left after a race come after a colour-up."))
        out = chips % smallest_in_play
        if not out:
            raise ValueError(
                _("%(chips)s is worth whole chips of %(smallest)s, still in play: they are changed up, not forfeited.")
                % {"chips": format(chips, ","), "smallest": format(smallest_in_play, ",")}
            )
        return Forfeiture(chips, out, 0, chips - out, stack - out)
    return Forfeiture(chips, chips, 0, 0, stack - chips)
