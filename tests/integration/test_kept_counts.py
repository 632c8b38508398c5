"""Issue 25: the kept counts (each open table's `seated`, each tournament's FieldSeats) equal the
seat rows after busts, re-entries, balancing moves, a table broken and a disqualification;
the database refuses a count a table cannot hold. Issue 26: SEAT-BALANCE's fair choice."""

import pytest
from django.db import IntegrityError, transaction
from django.db.models import Count

from clock.services import level_clock
from tables.models import FieldSeats, Seating, TournamentTable
from tables.queries.tables import proposed_moves
from tables.services import breaking
from tables.services.draw import draw_field, open_tables
from tables.services.floor import confirm_move, player_out
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk, rulings


def assert_counts_kept(tournament) -> None:
    real = dict(
        Seating.objects.filter(tournament=tournament, ended_at__isnull=True)
        .values("tournament_table_id")
        .annotate(n=Count("id"))
        .values_list("tournament_table_id", "n")
    )
    kept = dict(TournamentTable.objects.filter(tournament=tournament).values_list("id", "seated"))
    assert kept == {table: real.get(table, 0) for table in kept}
    field = FieldSeats.objects.filter(tournament=tournament).values_list("seated", flat=True).first() or 0
    assert field == sum(real.values())


def seated(tournament) -> dict[tuple[int, int], int]:
    return {
        (s.tournament_table.table.number, s.seat): s.entry_id
        for s in Seating.objects.filter(tournament=tournament, ended_at__isnull=True).select_related(
            "tournament_table__table"
        )
    }


def follow_up(tournament, floor) -> int:
    """Every move, break and final table the floor is asked for; answers with the moves made."""
    made = 0
    while True:
        needs = proposed_moves(tournament.id)
        if needs["final_due"]:
            breaking.draw_final_table(tournament.id, floor)
        elif needs["break_due"] is not None:
            breaking.break_next_table(tournament.id, floor)
        elif needs["moves"]:
            for move in needs["moves"]:
                confirm_move(
                    tournament.id, move["from_table"], move["from_seat"], move["to_table"], move["to_seat"], floor
                )
                made += 1
        else:
            return made


@pytest.mark.django_db
def test_the_kept_seat_counts_equal_the_seats_after_busts_reentries_moves_a_break_and_a_disqualification(field, staff):
    tournament, entries = field(30, tables=4)
    open_tables(tournament.id, [1, 2, 3, 4], staff["director"])
    draw_field(tournament.id, staff["director"], seed=7)
    assert_counts_kept(tournament)
    level_clock.start_clock(tournament.id, staff["director"])
    floor = staff["floor"]
    for round_ in range(6):
        (table, seat), entry = sorted(seated(tournament).items())[round_ * 3]
        player_out(tournament.id, table, seat, floor)
        assert_counts_kept(tournament)
        if round_ % 2 == 0:  # the busted player buys in again: seated at once or waiting
            player = next(e for e in entries if e.id == entry).player_id
            desk.register_entry(tournament.id, player, Sale(Kind.RE_ENTRY, "cash", "d", "s"), None)
            assert_counts_kept(tournament)
        follow_up(tournament, floor)
        assert_counts_kept(tournament)
    disqualified = next(e for e in entries if e.id in set(seated(tournament).values()))
    rulings.disqualify(tournament.id, disqualified.number, "collusion", staff["director"], chips=1000)
    assert_counts_kept(tournament)
    follow_up(tournament, floor)
    assert_counts_kept(tournament)
    while len(seated(tournament)) > 16:  # down to two tables: tables break on the way
        (table, seat), _ = sorted(seated(tournament).items())[0]
        player_out(tournament.id, table, seat, floor)
        follow_up(tournament, floor)
        assert_counts_kept(tournament)
    assert tournament.tables.filter(broken_at__isnull=False).exists()
    assert tournament.events.filter(kind="player.moved").exists()


@pytest.mark.django_db
def test_the_database_refuses_a_table_count_a_table_cannot_hold(field, staff):
    tournament, _ = field(9, tables=1)
    open_tables(tournament.id, [1], staff["director"])
    with pytest.raises(IntegrityError), transaction.atomic():
        TournamentTable.objects.filter(tournament=tournament).update(seated=13)
    with pytest.raises(IntegrityError), transaction.atomic():
        FieldSeats.objects.create(tournament=tournament, seated=-1)


@pytest.mark.django_db
def test_SEAT_BALANCE_the_player_moved_fewest_times_moves_and_the_move_says_why(field, staff):
    """Issue 26, through the service: the player due the big blind next has been moved before,
    so the next one, never moved, goes; the seat keeps the move count and the reason, which the
    move event, the floor's seats and the player's seat page carry."""
    from django.test import Client

    from tables.queries.floor import floor_view
    from tables.rules import seating

    tournament, _ = field(18, tables=2)
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=42)
    here = tournament.tables.get(table__number=2)
    at_two = {s.seat: s.entry_id for s in Seating.objects.filter(tournament_table=here, ended_at__isnull=True)}
    order = seating.big_blind_order(seating.Table(2, 9, at_two, here.button, here.small_blind, here.big_blind))
    Seating.objects.filter(tournament_table=here, seat=order[0], ended_at__isnull=True).update(moves=1)
    for seat in sorted(seated_at_table_one := [s for (t, s) in seated(tournament) if t == 1])[:2]:
        player_out(tournament.id, 1, seat, staff["floor"])
    assert len(seated_at_table_one) == 9
    (move,) = proposed_moves(tournament.id)["moves"]
    assert move["from_seat"] == order[1] and move["times_moved"] == 0  # the fewest moved of those due
    assert "moved fewest times (0)" in move["reason"]
    answer = confirm_move(tournament.id, 2, move["from_seat"], 1, move["to_seat"], staff["floor"])
    assert answer["times_moved"] == 1 and answer["reason"] == move["reason"]
    logged = tournament.events.get(kind="player.moved").public
    assert logged["why"]["kind"] == "balance" and logged["reason"] == move["reason"]
    assert (logged["why"]["from_count"], logged["why"]["to_count"]) == (9, 7)
    table_one = next(t for t in floor_view(tournament.id)["tables"] if t["number"] == 1)
    assert table_one["players"][str(move["to_seat"])]["moves"] == 1  # the floor sees the count
    code = tournament.entries.get(pk=move["entry"]).public_code
    page = Client().get(f"/api/tournaments/{tournament.id}/seat/{code}/").json()
    assert page["move_reason"] == move["reason"]
