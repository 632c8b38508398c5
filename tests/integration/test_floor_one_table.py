"""Issue 25: a table's own tablet reads its own table (`?table=N`), not the whole room. Its answer
is the room's for that table: the same seats, stacks, penalties and absent players, and the moves
into or out of it; a table never opened in the tournament is refused with a sentence."""

import json

import pytest
from django.test import Client

from tables.models import Seating
from tables.services.absent import mark_absent
from tables.services.counts import report_counts
from tables.services.draw import draw_field, open_tables
from tables.services.floor import player_out
from tournaments.services.penalties import give_penalty

pytestmark = pytest.mark.django_db


def seats_at(tournament, table) -> list[int]:
    return sorted(
        Seating.objects.filter(
            tournament=tournament, ended_at__isnull=True, tournament_table__table__number=table
        ).values_list("seat", flat=True)
    )


def without_as_of(tables: list[dict]) -> list[dict]:
    """The tables with each penalty's `as_of` (the moment of the read) left out."""
    for table in tables:
        for player in table["players"].values():
            if player["penalty"]:
                player["penalty"].pop("as_of")
    return tables


@pytest.fixture
def room(field, staff):
    """Three tables; table 1 short (moves pending into it), an absent player, a penalty and counts."""
    tournament, _ = field(24, tables=4)
    open_tables(tournament.id, [1, 2, 3], staff["director"])
    draw_field(tournament.id, staff["director"], seed=7)
    moves = []
    for seat in seats_at(tournament, 1):
        moves = player_out(tournament.id, 1, seat, staff["floor"])["moves"]
        if moves:
            break
    assert moves
    mark_absent(tournament.id, 2, seats_at(tournament, 2)[0], staff["floor"])
    mark_absent(tournament.id, 1, seats_at(tournament, 1)[-1], staff["floor"])
    give_penalty(tournament.id, 3, seats_at(tournament, 3)[1], "any", staff["floor"], step="1 orbit")
    report_counts(tournament.id, 3, {str(seat): 30_000 for seat in seats_at(tournament, 3)}, staff["floor"])
    client = Client()
    client.force_login(staff["floor"])
    return tournament, client


def test_SEAT_BALANCE_a_tables_own_answer_is_the_rooms_entry_for_it_with_the_moves_into_or_out_of_it(room):
    tournament, client = room
    base = f"/api/tournaments/{tournament.id}/tables/"
    whole = client.get(base).json()
    assert whole["moves"] and whole["absent"] and len(whole["tables"]) == 3
    for number in (1, 2, 3):
        mine = client.get(f"{base}?table={number}").json()
        (expected,) = [table for table in whole["tables"] if table["number"] == number]
        assert without_as_of(mine["tables"]) == without_as_of([expected])
        assert mine["moves"] == [m for m in whole["moves"] if number in (m["from_table"], m["to_table"])]
        here = str(number)
        assert mine["absent"] == ({here: whole["absent"][here]} if here in whole["absent"] else {})
        assert mine["id_checks"]["unchecked"] == [r for r in whole["id_checks"]["unchecked"] if r["table"] == number]
        same = ("breaking_order", "halted", "waiting", "break_due", "final_due", "players_left", "money")
        assert {key: mine[key] for key in same} == {key: whole[key] for key in same}
        assert mine["broken_table"] is None
    moved = whole["moves"][0]
    into = client.get(f"{base}?table={moved['to_table']}").json()["moves"]
    assert into[0]["name"] == moved["name"] != ""  # a player seated elsewhere yet is named
    assert any(player["penalty"] for player in client.get(f"{base}?table=3").json()["tables"][0]["players"].values())


def test_a_table_never_opened_in_the_tournament_is_refused_with_a_sentence(room):
    tournament, client = room
    base = f"/api/tournaments/{tournament.id}/tables/"
    refused = client.get(f"{base}?table=4")  # a venue table, never opened in this tournament
    assert refused.status_code == 422
    assert "Table 4 has not been opened in this tournament" in refused.json()["detail"]
    assert client.get(f"{base}?table=0").status_code == 422
    assert json.loads(client.get(f"{base}?table=2").content)["tables"][0]["number"] == 2
