"""Flights into Day 2: who may enter another flight, which bags go forward (FLIGHT-REENTRY,
AC-CARRY), and the places of players out of a flight that played into the money (FLIGHT-ITM).
Pure: plain data in and out.

A main event's Day 1 is played in flights (Day 1A, 1B, ...). The ruleset's
`entries.flight_reentry` says how a player may play several of them:

- "best_stack": a player may enter several flights; only their biggest bag goes forward, the
  others are forfeited (a tie: the earlier flight's bag);
- "first": once a player has bagged in a flight they cannot enter another; that bag goes forward;
- "each": every bag is a Day 2 entry of its own.

In every case a player plays one flight at a time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from rules.refusals import gettext as _
from tournaments.rules.places import Bust, places


class FlightReentry(StrEnum):
    BEST_STACK = "best_stack"
    FIRST = "first"
    EACH = "each"


@dataclass(frozen=True)
class OtherFlightEntry:
    """A player's seat entry in another flight of the same main event."""

    flight: str  # its name, e.g. "Day 1A"
    playing: bool  # still in that flight's play: active, not bagged, the flight not closed
    bagged: bool  # holds a bag there that is not forfeited


def entry_refusal(rule: str, others: list[OtherFlightEntry]) -> str | None:
    """FLIGHT-REENTRY at the desk: None when the player may enter this flight, else the sentence
    that says why not, naming the rule."""
    playing = [other.flight for other in others if other.playing]
    if playing:
        return _("The player is still in play in %(flight)s: a player plays one flight at a time (FLIGHT-REENTRY).") % {
            "flight": playing[0]
        }
    bagged = [other.flight for other in others if other.bagged]
    if FlightReentry(rule) == FlightReentry.FIRST and bagged:
        return _(
            "The player has bagged chips in %(flight)s, and this event's re-entry rule is 'first': a "
            "player who has bagged in one flight cannot enter another (FLIGHT-REENTRY)."
        ) % {"flight": bagged[0]}
    return None


@dataclass(frozen=True)
class Bag:
    """A bag at the end of a flight (AC-CARRY: its chips and unused extension chips)."""

    bag: int  # its id
    player: int
    flight_order: int  # the flights in order of play: 1 for Day 1A
    flight: str
    chips: int


@dataclass(frozen=True)
class Qualification:
    forward: list[int]  # bag ids going to Day 2, in flight order
    forfeited: dict[int, str]  # bag id -> why


def qualify(rule: str, bags: list[Bag]) -> Qualification:
    """FLIGHT-REENTRY at qualification: which of the closed flights' bags go to Day 2. Each
    player gets one Day 2 entry ("best_stack", "first") or one per bag ("each")."""
    rule = FlightReentry(rule)
    ordered = sorted(bags, key=lambda bag: (bag.flight_order, bag.bag))
    if rule == FlightReentry.EACH:
        return Qualification([bag.bag for bag in ordered], {})
    by_player: dict[int, list[Bag]] = {}
    for bag in ordered:
        by_player.setdefault(bag.player, []).append(bag)
    keep: dict[int, Bag] = {}
    for player, theirs in by_player.items():
        if rule == FlightReentry.BEST_STACK:  # the biggest; a tie: the earlier flight's (min is stable)
            keep[player] = max(theirs, key=lambda bag: (bag.chips, -bag.flight_order, -bag.bag))
        else:
            keep[player] = theirs[0]
    forfeited = {}
    for bag in ordered:
        kept = keep[bag.player]
        if kept.bag != bag.bag:
            forfeited[bag.bag] = _("The bag of %(kept)s (%(chips)s chips) goes forward instead (%(rule)s).") % {
                "kept": kept.flight,
                "chips": format(kept.chips, ","),
                "rule": rule.value,
            }
    return Qualification([bag.bag for bag in ordered if bag.bag not in forfeited], forfeited)


@dataclass(frozen=True)
class FlightBust:
    """A player out of a flight, as the main event sees it (FLIGHT-ITM)."""

    entry: int  # the flight entry's id
    moment: tuple  # orders busts across flights: (when, flight order, the flight's seq)
    flight: int  # the flight's id: its table numbers are its own
    table: int
    hand: int
    starting_stack: int | None = None
    hand_for_hand: int | None = None
    holds_a_bag: bool = False  # the player already holds a bag going to Day 2 from an earlier flight


def flight_places(
    players_left: int,
    places_paid: int,
    busts: list[FlightBust],
    *,
    plays_into_money: bool,
    field_final: bool,
    reentry: str,
    tie_across_tables: bool = True,
) -> dict[int, tuple[int, int]]:
    """FLIGHT-ITM: entry -> (best, worst) place for the players out of the flights in the money.

    Day 1 busts outside the money take no place of their own (they are absent from the answer).
    Once the field is final (no flight sells entries any more) and the house lets flights play
    into the money, the busts are ranked by their order of elimination across the flights: the
    last out takes the place just below the `players_left` still in the event (the bags going
    to Day 2 and the players still playing a flight), the one before it the next place down, and
    so on; a bust whose place is paid is placed (and paid from the one pool), the places above
    go to Day 2. Busts at one table in one hand rank as ELIM-SAMETABLE, hand-for-hand busts as
    ELIM-TIE. A player who already holds a bag going forward (FLIGHT-REENTRY "best_stack",
    "first") is not out of the event when a later flight's entry busts: that bust takes no
    place; with "each" every entry is a life of its own."""
    if not plays_into_money or not field_final or places_paid <= 0:
        return {}
    each = FlightReentry(reentry) == FlightReentry.EACH
    counted = sorted((bust for bust in busts if each or not bust.holds_a_bag), key=lambda bust: bust.moment)
    tables: dict[tuple[int, int], int] = {}
    ranked = [
        Bust(
            bust.entry,
            order,
            tables.setdefault((bust.flight, bust.table), len(tables) + 1),
            bust.hand,
            bust.starting_stack,
            None if bust.hand_for_hand is None else bust.flight * 1_000_000 + bust.hand_for_hand,
        )
        for order, bust in enumerate(counted)
    ]
    placed = places(players_left + len(ranked), ranked, tie_across_tables=tie_across_tables)
    return {entry: span for entry, span in placed.items() if span[0] <= places_paid}


MOST_TABLE_NUMBER = 100_000


def table_ranges(text: str) -> list[int]:
    """The Day 2 tables as the director types them: "1-40, 101-140", "5 7 9". In order, each
    once. Raises ValueError with a sentence to act on."""
    numbers: list[int] = []
    for part in filter(None, re.split(r"[\s,;]+", text.replace("–", "-").replace(" - ", "-"))):
        found = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if not found:
            raise ValueError(
                _("Type table numbers and ranges such as 1-40, 101-140; %(part)s is neither.") % {"part": repr(part)}
            )
        first, last = int(found.group(1)), int(found.group(2) or found.group(1))
        if not 1 <= first <= last <= MOST_TABLE_NUMBER:
            raise ValueError(
                _("The range %(part)s runs backwards or past table %(most)s.")
                % {"part": part, "most": MOST_TABLE_NUMBER}
            )
        numbers += range(first, last + 1)
    if not numbers:
        raise ValueError(_("Type the Day 2 tables, e.g. 1-40, 101-140."))
    if len(set(numbers)) != len(numbers):
        raise ValueError(_("A table is listed twice: list each table once."))
    return numbers
