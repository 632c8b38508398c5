"""The next day of a one-flight event (CLK-EOD): a reaction inside the resume that starts it.

BTN-DRAW (pokerfest L175): "a draw for the button will be held at one table at the beginning
of each event and also for restarts"; where the house draws one button for the whole field,
the restart of play on the next day draws it again. A multi-flight event's Day 2 is drawn from
the bags instead (tables/services/day_two.py), with its own button draw.

Service floor: calls no other app's services; reads the tables' queries.
"""

import random
import secrets
from dataclasses import replace

from core.operation import Operation
from tables.models import TournamentTable
from tables.queries.tables import table_state
from tables.rules import seating


def field_button_draw(op: Operation, seed: int | None = None) -> dict | None:
    """One high-card draw at the first table of two players or more sets every table's button
    seat (an empty seat there: the button moves on as a dead button does). Returns the draw
    for the resume's event ({"table", "seat", "seed"}), or None when the house draws no
    field-wide button or no table is playing."""
    tournament = op.tournament
    if not tournament.rules().seating.field_button_draw:
        return None
    seed = secrets.randbits(62) if seed is None else seed
    playing = {
        here.table.number: here
        for here in tournament.tables.filter(broken_at__isnull=True).select_related("table").order_by("table__number")
    }
    states = [table_state(here) for here in playing.values()]
    buttons, drawn = seating.draw_buttons(states, random.Random(seed), field_wide=True)
    if drawn is None:
        return None
    for state in states:
        if state.number in buttons:
            first = seating.next_hand(replace(state, button=buttons[state.number], small_blind=None, big_blind=None))
            TournamentTable.objects.filter(pk=playing[state.number].pk).update(
                button=first.button, small_blind=first.small_blind, big_blind=first.big_blind
            )
    return {"table": drawn[0], "seat": drawn[1], "seed": seed}
