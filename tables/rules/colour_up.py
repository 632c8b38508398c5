"""Colour-ups as plain data (CHIP-RACE, CHIP-ODD).

When a denomination leaves play, each player changes up what they can; what is left over are the
odd chips. Their total value is replaced by chips of the smallest denomination still in play,
`round(total / smallest)` of them with half a chip or more rounding up.

- The chip race (pokerfest, neverending and the plain houses): one card per odd chip, dealt one at
  a time round the table from seat 1 (neverending) or the first player left of the dealer
  (pokerfest); the highest card wins the first new chip, the next highest held by someone else the
  next, and so on: at most one chip per player. Nobody is raced out: a player whose odd chips were
  their whole stack and who wins nothing gets one chip of the smallest denomination.
- kentucky (CHIP-ODD): the table's odd chips make one pot; a card drawn by each player with odd
  chips gives the whole pot, coloured up, to the high card.

Cards come in as a list (a shuffled shoe from tables.rules.high_card), so a recorded seed replays a
race exactly. The value is accounted for, not conserved: `difference` (the rounding and any chip a
player could not be raced out of) is what the chips in play change by.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.refusals import gettext as _
from tables.rules.high_card import Card


@dataclass(frozen=True)
class OddChips:
    """One seat at the colour-up: its odd chips of the leaving denomination, and whether the
    player has any other chips (a player with none cannot be raced out)."""

    seat: int
    odd_chips: int
    has_other_chips: bool = True


@dataclass(frozen=True)
class RaceResult:
    new_chips: dict  # seat -> chips of the smallest denomination won (0 or 1; CHIP-ODD: the pot)
    protected: tuple  # seats given one chip so they are not raced out
    cards: dict  # seat -> the cards dealt, as text, in the order dealt
    odd_value: int  # what left play
    new_value: int  # what came in
    difference: int  # new_value - odd_value: the change in chips in play

    def value_after(self, seat: int, smallest: int) -> int:
        return self.new_chips.get(seat, 0) * smallest


def chips_for(value: int, smallest: int) -> int:
    """Chips of `smallest` that replace `value`: half a chip or more rounds up."""
    whole, left = divmod(value, smallest)
    return whole + (1 if 2 * left >= smallest else 0)


def race_order(seats: list[int], start_after: int | None) -> list[int]:
    """Seats in dealing order: from seat 1 when start_after is None, else from the first seat
    after start_after (the dealer's seat), round the table."""
    ordered = sorted(seats)
    if start_after is None:
        return ordered
    return [seat for seat in ordered if seat > start_after] + [seat for seat in ordered if seat <= start_after]


def _check(table: list[OddChips], leaving: int, smallest: int) -> None:
    if leaving <= 0 or smallest <= leaving:
        raise ValueError(_("The denomination leaving play must be smaller than the smallest one staying."))
    if len({row.seat for row in table}) != len(table):
        raise ValueError(_("Each seat appears once in a chip race."))
    for row in table:
        if row.odd_chips < 0 or row.odd_chips * leaving >= smallest:
            raise ValueError(
                _(
                    "Seat %(seat)s: odd chips are what cannot be changed up, fewer than "
                    "%(smallest)s chips of %(leaving)s."
                )
                % {"seat": row.seat, "smallest": smallest // leaving, "leaving": leaving}
            )


def _deal(players: list[int], holding: dict, cards: list[Card]) -> dict:
    """One card at a time round the table to each player still owed one."""
    dealt: dict = {seat: [] for seat in players}
    shoe = iter(cards)
    while any(len(dealt[seat]) < holding[seat] for seat in players):
        for seat in players:
            if len(dealt[seat]) < holding[seat]:
                try:
                    dealt[seat].append(next(shoe))
                except StopIteration:
                    raise ValueError(_("Not enough cards for the race.")) from None
    return dealt


def chip_race(
    table: list[OddChips], leaving: int, smallest: int, start_after: int | None, cards: list[Card]
) -> RaceResult:
    """CHIP-RACE: `leaving` is the denomination going out, `smallest` the smallest staying,
    `start_after` the dealer's seat (None: deal from seat 1)."""
    _check(table, leaving, smallest)
    rows = {row.seat: row for row in table}
    players = [seat for seat in race_order(list(rows), start_after) if rows[seat].odd_chips]
    holding = {seat: rows[seat].odd_chips for seat in players}
    dealt = _deal(players, holding, cards)
    odd_value = sum(holding.values()) * leaving
    to_win = chips_for(odd_value, smallest)
    # Every card, best first; a player already given a chip is passed over.
    ranked = sorted(
        ((card.strength, -players.index(seat), seat) for seat in players for card in dealt[seat]), reverse=True
    )
    winners: list[int] = []
    for _strength, _order, seat in ranked:
        if len(winners) == to_win:
            break
        if seat not in winners:
            winners.append(seat)
    new_chips = {seat: 1 if seat in winners else 0 for seat in players}
    return _result(new_chips, _not_raced_out(table, new_chips), dealt, odd_value, smallest)


def odd_chip_pot(table: list[OddChips], leaving: int, smallest: int, cards: list[Card]) -> RaceResult:
    """CHIP-ODD (kentucky): the table's odd chips in one pot; each player with odd chips draws a
    card, in seat order; the high card takes the pot, coloured up. Nobody is raced out here either."""
    _check(table, leaving, smallest)
    players = [row.seat for row in sorted(table, key=lambda row: row.seat) if row.odd_chips]
    if not players:
        return RaceResult({}, (), {}, 0, 0, 0)
    if len(cards) < len(players):
        raise ValueError(_("Not enough cards for the draw."))
    dealt = {seat: [card] for seat, card in zip(players, cards)}
    odd_value = sum(row.odd_chips for row in table) * leaving
    winner = max(players, key=lambda seat: (dealt[seat][0].strength, -players.index(seat)))
    new_chips = dict.fromkeys(players, 0)
    new_chips[winner] = chips_for(odd_value, smallest)
    return _result(new_chips, _not_raced_out(table, new_chips), dealt, odd_value, smallest)


def _not_raced_out(table: list[OddChips], new_chips: dict) -> tuple:
    """Gives one chip to each player left with nothing; returns their seats."""
    protected = tuple(
        row.seat for row in table if row.odd_chips and not row.has_other_chips and not new_chips.get(row.seat)
    )
    for seat in protected:
        new_chips[seat] = 1
    return protected


def _result(new_chips: dict, protected: tuple, dealt: dict, odd_value: int, smallest: int) -> RaceResult:
    new_value = sum(new_chips.values()) * smallest
    return RaceResult(
        new_chips,
        protected,
        {seat: [str(card) for card in cards] for seat, cards in dealt.items()},
        odd_value,
        new_value,
        new_value - odd_value,
    )


# Starting a colour-up: the denominations, and what the structure's notes suggest ----------

_PRICED = re.compile(r"[$€£T]\s*([0-9][0-9,]*)")
_NUMBER = re.compile(r"([0-9][0-9,]*)")


def denomination_in(note: str) -> int | None:
    """The chip value a structure's colour-up note names: "$25 green chips leave" -> 25,
    "T1,000 chips leave" -> 1000 (a value after a currency sign first, else the first number);
    None when it names none."""
    match = _PRICED.search(note or "") or _NUMBER.search(note or "")
    value = int(match.group(1).replace(",", "")) if match else 0
    return value or None


def suggested_colour_up(notes: list[str], smallest_in_play: int | None) -> tuple:
    """notes: the structure's colour-up notes from the current level on, in order;
    smallest_in_play: the smallest chip staying at the last colour-up (None before the first).
    The first note naming a chip still in play gives (leaving, smallest staying or None, the
    note): the smallest staying is the next larger value a later note names (that chip leaves
    later, so it is still in play)."""
    named = [(value, note) for note in notes if (value := denomination_in(note))]
    for i, (value, note) in enumerate(named):
        if smallest_in_play is not None and value < smallest_in_play:
            continue  # gone already
        later = next((other for other, _ in named[i + 1 :] if other > value), None)
        return value, later, note
    return None, None, ""


def colour_up_problem(leaving: int, smallest: int, smallest_in_play: int | None) -> str | None:
    """Why a colour-up of `leaving` to `smallest` makes no sense, or None. `smallest_in_play`:
    the smallest chip staying at the last colour-up (None before the first)."""
    if leaving < 1:
        return _("The chip leaving play is a value of at least 1, such as 25.")
    if smallest <= leaving:
        return _(
            "The smallest chip staying in play (%(smallest)s) must be worth more than the chip leaving (%(leaving)s)."
        ) % {"smallest": format(smallest, ","), "leaving": format(leaving, ",")}
    if smallest % leaving:
        return _(
            "A chip of %(smallest)s is not a whole number of %(leaving)s chips: the odd chips "
            "could not be changed up. Check the two values."
        ) % {"smallest": format(smallest, ","), "leaving": format(leaving, ",")}
    if smallest_in_play is not None and leaving < smallest_in_play:
        return _(
            "Chips of %(leaving)s already left play at an earlier colour-up: the smallest chip "
            "in play is %(smallest_in_play)s."
        ) % {"leaving": format(leaving, ","), "smallest_in_play": format(smallest_in_play, ",")}
    return None


def seat_lines(new_chips: dict, protected, smallest: int, pot: bool) -> dict:
    """What the tablet says for each seat that raced: seat (int) -> a sentence. Seats may come
    as text (a race read back from JSON)."""
    safe = {int(seat) for seat in protected}
    lines = {}
    for seat, won in sorted((int(seat), won) for seat, won in new_chips.items()):
        if seat in safe:
            lines[seat] = _("seat %(seat)s keeps one %(smallest)s chip: not raced out") % {
                "seat": seat,
                "smallest": format(smallest, ","),
            }
        elif won and pot:
            lines[seat] = _("seat %(seat)s takes the pot: %(chips)s") % {"seat": seat, "chips": _chips(won, smallest)}
        elif won:
            lines[seat] = _("seat %(seat)s wins %(chips)s") % {"seat": seat, "chips": _chips(won, smallest)}
        else:
            lines[seat] = _("seat %(seat)s wins nothing") % {"seat": seat}
    return lines


def _chips(count: int, value: int) -> str:
    if count == 1:
        return _("one %(value)s chip") % {"value": format(value, ",")}
    return _("%(count)s chips of %(value)s") % {"count": count, "value": format(value, ",")}
