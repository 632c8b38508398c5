"""Issue 25: a bust's proposal first reads the open tables summed up by the database in one row
(tables.queries.tables.field_shape); only when that shape leaves something possibly due are the
tables' sizes read. Against PostgreSQL, through the floor's services, from the draw to the final
table: the shape equals the one summed from every table's size and the breaking order, and
whenever it says nothing is due, the proposal says so too (SEAT-BREAK, SEAT-BALANCE, SEAT-FINAL)."""

import random

import pytest

from tables.models import Seating, Table
from tables.queries.tables import breaking_order, field_shape, open_table_sizes, proposed_moves
from tables.queries.tables import open_tables as tables_now
from tables.rules import breaks, draws
from tables.rules.seating import TableSize
from tables.services.breaking import break_next_table, draw_final_table, set_breaking_order
from tables.services.draw import draw_field, open_tables
from tables.services.floor import confirm_move, player_out
from tournaments.models import DrawSeed, Tournament


def summed_from_every_table(tournament: Tournament) -> breaks.FieldShape:
    sizes = open_table_sizes(tournament)
    counts = [t.state.count for t in sizes.values()]
    seats = [t.state.seats for t in sizes.values()]
    order = breaking_order(tournament, sizes)
    return breaks.FieldShape(
        tables=len(sizes),
        players=sum(counts),
        seats=sum(seats),
        fewest=min(counts, default=0),
        most=max(counts, default=0),
        largest=max(seats, default=0),
        breaking_seats=sizes[order[0]].state.seats if order else 0,
        breaking_table=order[0] if order else None,
    )


def waiting_seed(tournament: Tournament) -> int:
    return DrawSeed.objects.get(tournament=tournament, drawn_at__isnull=True).seed


def every_tables_players(tournament: Tournament, order: list[int]) -> dict:
    """A break's inputs in version 1: every open table's players by entry number, in open order."""
    numbers = dict(tournament.entries.values_list("id", "number"))
    return {
        "tables": [
            [n, t.state.seats, sorted([seat, numbers[entry]] for seat, entry in t.state.players.items())]
            for n, t in tables_now(tournament).items()
        ],
        "breaking_order": order,
        "keep_apart": [],
    }


@pytest.mark.django_db
def test_SEAT_BREAK_SEAT_BALANCE_SEAT_FINAL_the_shape_read_in_one_row_agrees_from_the_draw_to_the_final(field, staff):
    tournament, _ = field(44, tables=6)
    Table.objects.filter(festival=tournament.festival, number=5).update(seats=10)  # the largest table
    Table.objects.filter(festival=tournament.festival, number=3).update(seats=6)
    director, floor = staff["director"], staff["floor"]
    open_tables(tournament.id, [1, 2, 3, 4, 5, 6], director)
    draw_field(tournament.id, director, seed=25)
    set_breaking_order(tournament.id, [3, 1, 6, 2, 4, 5], director)
    rng = random.Random(25)
    seen = {"nothing due": 0, "break": 0, "break from the shape": 0, "moves": 0, "final": 0}
    while True:
        seated = list(
            Seating.objects.filter(tournament=tournament, ended_at__isnull=True).values_list(
                "tournament_table__table__number", "seat"
            )
        )
        if len(seated) < 2 or seen["final"]:
            break
        needs = player_out(tournament.id, *rng.choice(sorted(seated)), floor)
        while True:
            rules = tournament.rules().seating
            shape = field_shape(tournament)
            assert shape == summed_from_every_table(tournament)
            assert {type(figure) for figure in vars(shape).values()} == {int}
            # The sizes' own statement reads the rows the ORM reads, with each table's kept count.
            assert open_table_sizes(tournament) == {
                n: t._replace(state=TableSize(n, t.state.seats, len(t.state.players)))
                for n, t in tables_now(tournament).items()
            }
            if breaks.nothing_due(shape, rules.balance_tolerance, rules.halt_when_short_by):
                seen["nothing due"] += 1
                assert needs == {
                    "moves": [],
                    "halted": [],
                    "waiting": [],
                    "break_due": None,
                    "final_due": False,
                    "players_left": shape.players,
                }
                break
            if needs["final_due"]:
                seen["final"] += 1
                draw_final_table(tournament.id, director)
            elif needs["break_due"] is not None:
                seen["break"] += 1
                # SEAT-BREAK: the table the shape alone showed is the one the sizes show.
                sizes = open_table_sizes(tournament)
                order = breaking_order(tournament, sizes)
                assert needs["break_due"] == breaks.table_to_break([t.state for t in sizes.values()], order)
                seen["break from the shape"] += breaks.break_due(shape) is not None
                # The break reads the fill level and the tables it fills (version 3); it deals
                # the cards a draw from every table's players (version 1) deals with its seed.
                expected = draws.draw("break", waiting_seed(tournament), every_tables_players(tournament, order))
                broken = break_next_table(tournament.id, floor)
                assert broken["moves"] and [[m["from_seat"], m["to_table"], m["to_seat"]] for m in broken["moves"]] == [
                    move[:3] for move in expected.moves
                ]
            elif needs["moves"]:
                seen["moves"] += 1
                for move in needs["moves"]:
                    confirm_move(
                        tournament.id, move["from_table"], move["from_seat"], move["to_table"], move["to_seat"], floor
                    )
            else:
                break  # only possibly due: the sizes said nothing is
            needs = proposed_moves(tournament.id)
    # The breaking order was followed (table 3, six seats, first), and every kind of step was seen.
    assert tournament.tables.get(table__number=3).broken_at is not None
    assert seen["nothing due"] > 10 and seen["break"] >= 3 and seen["final"] == 1
    assert seen["break from the shape"] >= 1
