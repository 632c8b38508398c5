"""BTN-DRAW at a table that gets its players during play: a table opened after the field's
draw and filled by the waiting list, late entries, moves or a break has no button; the high
card draw that the field's draw made at every other table is made there, once it has two
players, or at the latest when its first hand is done. Reactions inside the operation that
seated them (or of the hand done).

Service floor: reads come from the queries.
"""

import random
import secrets

from core import kinds
from core.operation import Operation
from tables.models import TournamentTable
from tables.rules import seating


def first_hand(op: Operation, state: seating.Table) -> seating.Table:
    """Draw the table's button by high card and answer its first hand's positions (BTN-DEAD),
    logged with the cards and the seed; the caller saves the positions."""
    seed = secrets.randbits(62)
    first, cards = seating.first_hand(state, random.Random(seed))
    public = {
        "table": state.number,
        "button": first.button,
        "small_blind": first.small_blind,
        "big_blind": first.big_blind,
        "cards": {str(seat): card for seat, card in cards.items()},
    }
    op.append(kinds.TABLE_BUTTON_DRAWN, public=public, payload={**public, "seed": seed})
    return first


def draw_if_due(op: Operation, table_id: int, state: seating.Table) -> None:
    """A table with two players or more and no button yet gets one, and its first hand's blinds."""
    if not seating.needs_button(state):
        return
    first = first_hand(op, state)
    TournamentTable.objects.filter(pk=table_id).update(
        button=first.button, small_blind=first.small_blind, big_blind=first.big_blind
    )
