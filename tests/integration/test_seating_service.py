"""Drawing the field against PostgreSQL (SEAT-DRAW, BTN-DRAW): one director action."""

import random
from datetime import date

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.utils import timezone

from players import services as player_services
from tables import seating
from tables.models import Seating, Table
from tournaments import services as desk
from tournaments.entries import Kind


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def field(make_tournament):
    def make(players, tables=7):
        tournament = make_tournament()
        for number in range(1, tables + 1):
            Table.objects.create(festival=tournament.festival, number=number, seats=9)
        entries = []
        for i in range(players):
            player = player_services.create_player(tournament.id, player_services.NewPlayer(
                f"P{i}", "Seated", date(1980, 1, 1), accepts_terms=True, id_checked=True), None)
            entries.append(desk.register_entry(tournament.id, player.id,
                                               desk.Sale(Kind.BUY_IN, "cash", "d", "s"), None))
        return tournament, entries

    return make


@pytest.mark.django_db
def test_SEAT_DRAW_the_director_seats_the_whole_field_in_one_action_replayable_from_its_seed(field, staff):
    tournament, entries = field(60)
    director = signed_in(staff["director"])
    base = f"/api/tournaments/{tournament.id}"
    assert signed_in(staff["desk"]).post(f"{base}/seating/draw/").status_code == 403
    assert director.post(f"{base}/seating/draw/").json()["detail"] == "Open the tournament's tables first."
    opened = director.post(f"{base}/tables/open/", {"tables": [3, 1, 2, 4, 5, 6, 7]}, content_type="application/json")
    assert opened.json() == {"opened": [3, 1, 2, 4, 5, 6, 7]}
    again = director.post(f"{base}/tables/open/", {"tables": [3, 9]}, content_type="application/json")
    assert again.status_code == 409 and again.json()["detail"] == "The venue has no table 9; add it in the admin first."

    drawn = director.post(f"{base}/seating/draw/").json()
    assert sorted(drawn["tables"].values()) == [8, 8, 8, 9, 9, 9, 9]
    open_seats = Seating.objects.filter(tournament=tournament, ended_at__isnull=True)
    assert sorted(s.entry_id for s in open_seats) == sorted(e.id for e in entries)
    for tournament_table in tournament.tables.all():
        seats = set(open_seats.filter(tournament_table=tournament_table).values_list("seat", flat=True))
        assert tournament_table.button in seats  # BTN-DRAW put the button on a player
    replay = seating.draw(sorted(e.id for e in entries), [seating.Table(n, 9) for n in [3, 1, 2, 4, 5, 6, 7]],
                          random.Random(drawn["seed"]))
    assert {(t.number, s, p) for t in replay.tables for s, p in t.players.items()} == {
        (s.tournament_table.table.number, s.seat, s.entry_id) for s in open_seats}
    logged = tournament.events.get(kind="seating.drawn")
    assert logged.payload["seed"] == drawn["seed"] and "seed" not in logged.public

    assert director.post(f"{base}/seating/draw/").json()["detail"].startswith("The field is already drawn")
    ticket = signed_in(staff["desk"]).get(f"/tournaments/{tournament.id}/entries/1/ticket/").content.decode()
    seat = Seating.objects.get(entry=entries[0], ended_at__isnull=True)
    where = f"Table {seat.tournament_table.table.number} · seat {seat.seat}"
    assert where in ticket
    assert where in Client().get(f"/tournaments/{tournament.id}/seat/{entries[0].public_code}/").content.decode()


@pytest.mark.django_db
def test_SEAT_DRAW_refuses_a_field_larger_than_the_open_tables(field, staff):
    tournament, _ = field(20, tables=2)
    director = signed_in(staff["director"])
    director.post(f"/api/tournaments/{tournament.id}/tables/open/", {"tables": [1, 2]}, content_type="application/json")
    refused = director.post(f"/api/tournaments/{tournament.id}/seating/draw/")
    assert refused.status_code == 409 and "need more than the 18 seats" in refused.json()["detail"]


@pytest.mark.django_db
def test_the_database_allows_one_player_per_seat_and_one_open_seat_per_entry(field, staff):
    tournament, entries = field(3, tables=1)
    from tables.services import draw_field, open_tables

    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=5)
    taken = Seating.objects.filter(tournament=tournament).first()
    now = timezone.now()
    with pytest.raises(IntegrityError), transaction.atomic():
        Seating.objects.create(tournament=tournament, entry=entries[2] if taken.entry != entries[2] else entries[1],
                               tournament_table=taken.tournament_table, seat=taken.seat, started_at=now)
    free = next(s for s in range(1, 10) if not Seating.objects.filter(seat=s).exists())
    with pytest.raises(IntegrityError), transaction.atomic():
        Seating.objects.create(tournament=tournament, entry=taken.entry, tournament_table=taken.tournament_table,
                               seat=free, started_at=now)


def seat_map(tournament):
    return {(s.tournament_table.table.number, s.seat): s.entry_id
            for s in Seating.objects.filter(tournament=tournament, ended_at__isnull=True)
            .select_related("tournament_table__table")}


@pytest.mark.django_db(transaction=True)
def test_SEAT_BALANCE_a_bust_proposes_the_move_two_tablets_confirm_it_once(field, staff):
    import threading

    from django.db import connection

    from tables.services import confirm_move, draw_field, open_tables, proposed_moves

    tournament, entries = field(18, tables=2)
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=42)
    assert proposed_moves(tournament.id)["moves"] == []
    floor = signed_in(staff["floor"])
    base = f"/api/tournaments/{tournament.id}"
    assert signed_in(staff["media"]).post(f"{base}/tables/1/hand-done/").status_code == 403
    table_one = [seat for (number, seat) in seat_map(tournament) if number == 1]
    for seat in table_one[:2]:  # two busts at table 1: 7 against 9
        answer = floor.post(f"{base}/tables/1/seats/{seat}/out/").json()
    assert floor.post(f"{base}/tables/1/seats/{table_one[0]}/out/").json()["detail"].endswith("is empty.")
    (move,) = answer["moves"]
    assert (move["from_table"], move["to_table"]) == (2, 1)
    positions = tournament.tables.get(table__number=2)
    due = seating.big_blind_order(seating.Table(2, 9, {s: e for (n, s), e in seat_map(tournament).items() if n == 2},
                                                positions.button, positions.small_blind, positions.big_blind))[0]
    assert move["from_seat"] == due  # the player due the big blind next moves

    results = []

    def confirm():
        try:
            results.append(confirm_move(tournament.id, move["from_table"], move["from_seat"], move["to_table"],
                                        move["to_seat"], staff["floor"]))
        finally:
            connection.close()

    threads = [threading.Thread(target=confirm) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(r["already_done"] for r in results) == [False, True]
    assert tournament.events.filter(kind="player.moved").count() == 1
    assert seat_map(tournament)[(1, move["to_seat"])] == move["entry"]
    assert proposed_moves(tournament.id)["moves"] == []  # 8 and 8


@pytest.mark.django_db
def test_SEAT_BALANCE_a_seat_filled_meanwhile_is_refused_with_a_new_proposal(field, staff):
    from tables.services import draw_field, open_tables, player_out

    tournament, entries = field(18, tables=2)
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=7)
    seats = [seat for (number, seat) in seat_map(tournament) if number == 1]
    player_out(tournament.id, 1, seats[0], staff["floor"])
    move = player_out(tournament.id, 1, seats[1], staff["floor"])["moves"][0]
    occupied = next(seat for (number, seat) in seat_map(tournament) if number == 1)
    response = signed_in(staff["floor"]).post(f"/api/tournaments/{tournament.id}/moves/confirm/", {
        "from_table": move["from_table"], "from_seat": move["from_seat"], "to_table": 1, "to_seat": occupied},
        content_type="application/json")
    assert response.status_code == 409
    assert response.json()["detail"] == f"Seat {occupied} at table 1 was just filled; here is a new proposal."
    assert response.json()["proposal"]["moves"] == [move]


@pytest.mark.django_db
def test_BTN_DEAD_hand_done_moves_the_blinds_and_keeps_a_dead_button(field, staff):
    from tables.services import draw_field, hand_done, open_tables, player_out

    tournament, _ = field(9, tables=1)
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    first = tournament.tables.get()
    following = hand_done(tournament.id, 1, staff["floor"])
    assert following.small_blind == first.big_blind  # the big blind moved one player on
    player_out(tournament.id, 1, following.small_blind, staff["floor"])
    player_out(tournament.id, 1, following.big_blind, staff["floor"])
    after = hand_done(tournament.id, 1, staff["floor"])
    assert (after.button, after.small_blind) == (following.small_blind, following.big_blind)  # both dead
    assert after.big_blind in seat_map_seats(tournament)
    assert tournament.events.filter(kind="hand.done").count() == 2


def seat_map_seats(tournament):
    return {seat for (_, seat) in seat_map(tournament)}


@pytest.mark.django_db
def test_ENT_LATE_after_the_draw_a_late_entry_sits_at_a_smallest_table_outside_the_blinds(field, staff):
    from clock import services as clock_services
    from tables.services import draw_field, open_tables, seat_of

    tournament, entries = field(17, tables=2)
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=99)
    clock_services.start_clock(tournament.id, None)
    late = player_services.create_player(tournament.id, player_services.NewPlayer(
        "Late", "Comer", date(1980, 1, 1), accepts_terms=True, id_checked=True), None)
    entry = desk.register_entry(tournament.id, late.id, desk.Sale(Kind.LATE, "cash", "d", "s"), None)
    where = seat_of(entry)
    assert where is not None
    counts = {n: sum(1 for (t, _) in seat_map(tournament) if t == n) for n in (1, 2)}
    assert counts == {1: 9, 2: 9}  # it went to the table with 8
    here = tournament.tables.get(table__number=where[0])
    before = seating.Table(where[0], 9, {s: e for (t, s), e in seat_map(tournament).items()
                                         if t == where[0] and e != entry.id},
                           here.button, here.small_blind, here.big_blind)
    assert seating.hands_until_big_blind(before, where[1]) is not None
    assert tournament.events.get(kind="entry.registered", payload__entry__number=entry.number).payload["seat"] == list(
        where)
