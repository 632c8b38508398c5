"""Penalties as plain data (PEN-LADDER, PEN-FINE, PEN-CARRY): each house's ladder, the step the
floor proposes from a player's record, and what is left to serve.

A step is written the way a floor person says it, parts joined by "+":
    "warning", "match", "small blind", "big blind", "2 hands", "1 orbit", "10 minutes",
    "dead hand", "elimination", "disqualification", "ban"
e.g. "big blind + 5 minutes". A ladder is the steps for one infraction, in order; "any" is the
ladder for an infraction the house does not name. Escalation need not be sequential: the floor
may give any step, the system only proposes the next one.

Time away is counted in running tournament time (a paused clock or a break does not serve it),
so what is left carries to a new table and to the next day unchanged (PEN-CARRY).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.refusals import gettext as _
from rules.refusals import gettext_noop

INFRACTION_ANY = "any"


@dataclass(frozen=True)
class Step:
    """One rung of a ladder: what the player gets."""

    warning: bool = False
    match: bool = False  # chips: a bet out of turn must match the bet before it
    fine_blinds: str | None = None  # "small" or "big": chips from the stack to the pot (PEN-FINE)
    hands: int = 0
    orbits: int = 0  # one hand per player seated at the table when it is given
    minutes: int = 0
    dead_hand: bool = False
    elimination: bool = False  # pokerfest L275: out now, placed as the elimination equals (a bust)
    disqualification: bool = False  # PAY-DQ: out, no place, no prize
    ban: bool = False  # disqualification and an exclusion from the festival's events

    @property
    def sits_out(self) -> bool:
        return bool(self.hands or self.orbits or self.minutes)

    def __str__(self) -> str:
        parts = []
        if self.warning:
            parts.append("warning")
        if self.match:
            parts.append("match")
        if self.fine_blinds:
            parts.append(f"{self.fine_blinds} blind")
        for count, unit in ((self.hands, "hand"), (self.orbits, "orbit"), (self.minutes, "minute")):
            if count:
                parts.append(f"{count} {unit}{'' if count == 1 else 's'}")
        if self.dead_hand:
            parts.append("dead hand")
        if self.elimination:
            parts.append("elimination")
        if self.ban:
            parts.append("ban")
        elif self.disqualification:
            parts.append("disqualification")
        return " + ".join(parts)


_FLAGS = {
    "warning": "warning",
    "verbal warning": "warning",
    "match": "match",
    "dead hand": "dead_hand",
    "elimination": "elimination",
    "disqualification": "disqualification",
    "ban": "ban",
}
_COUNTED = re.compile(r"^(\d+)\s*(hand|hands|orbit|orbits|minute|minutes|min)$")
_MOST = {"hands": 50, "orbits": 10, "minutes": 120}  # beyond these a ruling is a disqualification


def parse_step(text: str) -> Step:
    """Raises ValueError with a sentence naming the part that is not understood."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError(_('A penalty step is text such as "warning", "2 orbits" or "big blind + 5 minutes".'))
    values: dict = {}
    for raw in text.split("+"):
        part = " ".join(raw.strip().lower().split())
        if part in _FLAGS:
            values[_FLAGS[part]] = True
        elif part in ("small blind", "big blind"):
            values["fine_blinds"] = part.split()[0]
        elif counted := _COUNTED.match(part):
            unit = {"hand": "hands", "orbit": "orbits", "minute": "minutes", "min": "minutes"}.get(
                counted.group(2), counted.group(2)
            )
            amount = int(counted.group(1))
            if not 1 <= amount <= _MOST[unit]:
                raise ValueError(
                    _('"%(part)s": give 1 to %(most)s %(unit)s.') % {"part": part, "most": _MOST[unit], "unit": unit}
                )
            values[unit] = amount
        else:
            raise ValueError(
                _(
                    '"%(part)s" is not a penalty: use warning, match, small blind, big '
                    "blind, N hands, N orbits, N minutes, dead hand, elimination, "
                    "disqualification or ban."
                )
                % {"part": part}
            )
    if values.get("ban"):
        values["disqualification"] = True
    if values.get("elimination") and len(values) > 1:
        # An elimination places the player (paid if in the money); a disqualification gives no
        # place; anything else would be served by a player no longer in the tournament.
        raise ValueError(_("An elimination ends the player's tournament with a place: give it on its own."))
    return Step(**values)


def ladder(ladders: tuple, infraction: str) -> tuple[Step, ...]:
    """The house's steps for this infraction, else its ladder for any infraction."""
    named = dict(ladders)
    steps = named.get(infraction, named.get(INFRACTION_ANY, ()))
    return tuple(parse_step(step) for step in steps)


def infractions(ladders: tuple) -> list[str]:
    return [name for name, _ in ladders]


def check_ladders(ladders: tuple) -> None:
    """A ruleset's ladders: [[infraction, [step, ...]], ...]; raises ValueError with a sentence."""
    shape = 'penalties.ladders is a list of [infraction, [step, ...]], e.g. [["any", ["warning", "1 orbit"]]]'
    seen = set()
    for entry in ladders:
        if not (
            isinstance(entry, tuple)
            and len(entry) == 2
            and isinstance(entry[0], str)
            and entry[0].strip()
            and isinstance(entry[1], tuple)
            and entry[1]
        ):
            raise ValueError(_("%(shape)s.") % {"shape": shape})
        if entry[0] in seen:
            raise ValueError(_('penalties.ladders names "%(entry)s" twice.') % {"entry": entry[0]})
        seen.add(entry[0])
        for step in entry[1]:
            try:
                parse_step(step)
            except ValueError as problem:
                raise ValueError(
                    _('penalties.ladders, "%(entry)s": %(problem)s') % {"entry": entry[0], "problem": problem}
                ) from None


def propose(steps: tuple[Step, ...], given_before: int) -> Step | None:
    """The next step for a player who has had `given_before` penalties for this infraction; past
    the top of the ladder its last step again. None when the house has no ladder for it."""
    if not steps:
        return None
    return steps[min(given_before, len(steps) - 1)]


@dataclass(frozen=True)
class Sentence:
    """What is left to serve: hands (an orbit becomes hands when given) and seconds of running
    tournament time. Both count down; the player may return when both are zero."""

    hands: int = 0
    seconds: int = 0

    @property
    def served(self) -> bool:
        return self.hands <= 0 and self.seconds <= 0

    def after_hand(self) -> Sentence:
        return Sentence(max(0, self.hands - 1), self.seconds)

    def after_play(self, seconds: int) -> Sentence:
        return Sentence(self.hands, max(0, self.seconds - seconds))


def sentence(step: Step, seated_at_table: int) -> Sentence:
    """An orbit is one hand per player seated at that table when the penalty is given (pokerfest:
    six players, six hands); the penalised player counts among them."""
    if step.orbits and seated_at_table < 1:
        raise ValueError(_("An orbit needs the number of players at the table."))
    return Sentence(step.hands + step.orbits * seated_at_table, step.minutes * 60)


def fine(step: Step, small_blind: int, big_blind: int, stack: int) -> int:
    """Chips the fine moves from the stack to the pot; never more than the stack (PEN-FINE)."""
    owed = {"small": small_blind, "big": big_blind}.get(step.fine_blinds, 0)
    return max(0, min(owed, stack))


# The houses' ladders (RULES.md PEN-LADDER). chips' rulebook: "verbal warnings, 5, 10, 15 minutes
# away ... up to and including disqualification"; folding out of turn pays a small blind; a bet out
# of turn is matched with a warning, a repeat costs a big blind and 5 minutes and kills the hand
# (L59: "the current hand will be killed"), further repeats "the same and increments of 5 then
# ten minutes"; dead cards or announcing a hand, a big blind.
CHIPS_LADDERS = (
    (INFRACTION_ANY, ("warning", "5 minutes", "10 minutes", "15 minutes", "disqualification")),
    ("folding out of turn", ("small blind",)),
    (
        "betting out of turn",
        (
            "match + warning",
            "big blind + 5 minutes + dead hand",
            "big blind + 10 minutes + dead hand",
            "big blind + 20 minutes + dead hand",
        ),
    ),
    ("looking at dead cards", ("big blind",)),
    ("announcing a hand", ("big blind",)),
)
# pokerfest (L275): verbal warning, hands, orbits, dead hand, elimination, disqualification, ban.
POKERFEST_LADDERS = (
    (INFRACTION_ANY, ("warning", "1 orbit", "2 orbits", "3 orbits", "elimination", "disqualification", "ban")),
    ("exposing cards with action pending", ("warning", "dead hand + 1 orbit", "2 orbits")),
    ("acting out of turn", ("warning", "3 hands", "1 orbit", "2 orbits")),
    ("abuse", ("1 orbit", "disqualification", "ban")),
)
# neverending: one or more rounds, 5 to 40 minutes away, disqualification.
NEVERENDING_LADDERS = (
    (INFRACTION_ANY, ("1 orbit", "10 minutes", "20 minutes", "40 minutes", "disqualification")),
    ("acting out of turn", ("1 orbit", "2 orbits", "20 minutes", "disqualification")),
)
PLAIN_LADDERS = ((INFRACTION_ANY, ("warning", "1 orbit", "2 orbits", "disqualification")),)

# The presets' infractions and step words, marked for translation: the ladders and the penalties
# keep the floor's English (they are data, and what the API takes); a page shows them in its own
# language (shown_infraction, shown_step; static/penalty_words.js for the tablet, console and phone).
PRESET_WORDS = frozenset(
    (
        gettext_noop("folding out of turn"),
        gettext_noop("betting out of turn"),
        gettext_noop("looking at dead cards"),
        gettext_noop("announcing a hand"),
        gettext_noop("exposing cards with action pending"),
        gettext_noop("acting out of turn"),
        gettext_noop("abuse"),
        gettext_noop("warning"),
        gettext_noop("verbal warning"),
        gettext_noop("match"),
        gettext_noop("small blind"),
        gettext_noop("big blind"),
        gettext_noop("dead hand"),
        gettext_noop("elimination"),
        gettext_noop("disqualification"),
        gettext_noop("ban"),
    )
)
_COUNTED_SHOWN = {
    "hands": (gettext_noop("%(count)s hand"), gettext_noop("%(count)s hands")),
    "orbits": (gettext_noop("%(count)s orbit"), gettext_noop("%(count)s orbits")),
    "minutes": (gettext_noop("%(count)s minute"), gettext_noop("%(count)s minutes")),
}


def shown_infraction(name: str) -> str:
    """A preset's infraction in the page's language; a house's own name as the house wrote it."""
    if name == INFRACTION_ANY:
        return _("any other infraction")
    return _(name) if name in PRESET_WORDS else name


def shown_step(step: str) -> str:
    """ "big blind + 5 minutes" in the page's language, part by part; a part not understood as written."""
    parts = []
    for raw in step.split("+"):
        part = " ".join(raw.strip().lower().split())
        counted = _COUNTED.match(part)
        if counted:
            unit = {"hand": "hands", "orbit": "orbits", "minute": "minutes", "min": "minutes"}.get(
                counted.group(2), counted.group(2)
            )
            count = int(counted.group(1))
            parts.append(_(_COUNTED_SHOWN[unit][count != 1]) % {"count": count})
        else:
            parts.append(_(part) if part in PRESET_WORDS else raw.strip())
    return " + ".join(parts)
