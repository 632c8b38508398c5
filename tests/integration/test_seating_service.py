"""Drawing the field against PostgreSQL (SEAT-DRAW, BTN-DRAW): one director action."""

import random
from datetime import date, timedelta

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.utils import timezone

from players.models import Player
from players.services import desk as player_services
from rules.refusals import Refused
from tables.models import Seating, Table
from tables.queries.floor import floor_view
from tables.queries.tables import proposed_moves, seat_of
from tables.rules import seating
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done, player_out
from tournaments.models import Entry
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


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
    assert again.status_code == 409
    assert (
        again.json()["detail"]
        == "The venue has no table 9: add it on the set-up page (Venue tables, Add the table) first."
    )

    drawn = director.post(f"{base}/seating/draw/").json()
    assert sorted(drawn["tables"].values()) == [8, 8, 8, 9, 9, 9, 9]
    open_seats = Seating.objects.filter(tournament=tournament, ended_at__isnull=True)
    assert sorted(s.entry_id for s in open_seats) == sorted(e.id for e in entries)
    for tournament_table in tournament.tables.all():
        seats = set(open_seats.filter(tournament_table=tournament_table).values_list("seat", flat=True))
        assert tournament_table.button in seats  # BTN-DRAW put the button on a player
    replay = seating.draw(
        sorted(e.id for e in entries),
        [seating.Table(n, 9) for n in [3, 1, 2, 4, 5, 6, 7]],
        random.Random(drawn["seed"]),
    )
    assert {(t.number, s, p) for t in replay.tables for s, p in t.players.items()} == {
        (s.tournament_table.table.number, s.seat, s.entry_id) for s in open_seats
    }
    logged = tournament.events.get(kind="seating.drawn")
    # Checkable draws: the seed is public once drawn, and its hash was published before.
    assert logged.payload["seed"] == drawn["seed"] == logged.public["seed"]
    assert tournament.events.get(kind="draw.committed", seq__lt=logged.seq).public["seed_hash"] == drawn["seed_hash"]
    # BTN-DRAW (pokerfest): one draw at one table sets the button seat of every table.
    button_seat = drawn["button_draw"]["seat"]
    assert logged.public["button_draw"] == drawn["button_draw"] and drawn["button_draw"]["table"] == 3
    for tournament_table in tournament.tables.select_related("table"):
        state = seating.Table(
            tournament_table.table.number,
            9,
            dict(open_seats.filter(tournament_table=tournament_table).values_list("seat", "entry_id")),
        )
        expected = button_seat if button_seat in state.players else state.next_occupied(button_seat)
        assert tournament_table.button == expected

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
    from tables.services.draw import draw_field, open_tables

    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=5)
    taken = Seating.objects.filter(tournament=tournament).first()
    now = timezone.now()
    with pytest.raises(IntegrityError), transaction.atomic():
        Seating.objects.create(
            tournament=tournament,
            entry=entries[2] if taken.entry != entries[2] else entries[1],
            tournament_table=taken.tournament_table,
            seat=taken.seat,
            started_at=now,
        )
    free = next(s for s in range(1, 10) if not Seating.objects.filter(seat=s).exists())
    with pytest.raises(IntegrityError), transaction.atomic():
        Seating.objects.create(
            tournament=tournament, entry=taken.entry, tournament_table=taken.tournament_table, seat=free, started_at=now
        )


def seat_map(tournament):
    return {
        (s.tournament_table.table.number, s.seat): s.entry_id
        for s in Seating.objects.filter(tournament=tournament, ended_at__isnull=True).select_related(
            "tournament_table__table"
        )
    }


@pytest.mark.django_db(transaction=True)
def test_SEAT_BALANCE_a_bust_proposes_the_move_two_tablets_confirm_it_once(field, staff):
    import threading

    from django.db import connection

    from tables.queries.tables import proposed_moves
    from tables.services.draw import draw_field, open_tables
    from tables.services.floor import confirm_move

    tournament, entries = field(18, tables=2)
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=42)
    assert proposed_moves(tournament.id)["moves"] == []
    floor = signed_in(staff["floor"])
    base = f"/api/tournaments/{tournament.id}"
    assert post(signed_in(staff["media"]), f"{base}/tables/1/hand-done/", {"hand": 1}).status_code == 403
    # In seat order: the seat rows come back in no order, and with seats 8 and 9 (the blinds of
    # seed 42's first hand) empty, no open seat may take a moved player yet (SEAT-BALANCE): the
    # move waits for the hand (proposed_moves' "waiting").
    table_one = sorted(seat for (number, seat) in seat_map(tournament) if number == 1)
    for seat in table_one[:2]:  # two busts at table 1: 7 against 9
        answer = floor.post(f"{base}/tables/1/seats/{seat}/out/").json()
    assert floor.post(f"{base}/tables/1/seats/{table_one[0]}/out/").json()["detail"].endswith("is empty.")
    (move,) = answer["moves"]
    assert (move["from_table"], move["to_table"]) == (2, 1)
    positions = tournament.tables.get(table__number=2)
    due = seating.big_blind_order(
        seating.Table(
            2,
            9,
            {s: e for (n, s), e in seat_map(tournament).items() if n == 2},
            positions.button,
            positions.small_blind,
            positions.big_blind,
        )
    )[0]
    assert move["from_seat"] == due  # the player due the big blind next moves

    results = []

    def confirm():
        try:
            results.append(
                confirm_move(
                    tournament.id,
                    move["from_table"],
                    move["from_seat"],
                    move["to_table"],
                    move["to_seat"],
                    staff["floor"],
                )
            )
        except Refused as refused:  # issue 27: the second is told the move was made, by whom
            results.append({"already_done": True, "detail": str(refused)})
        finally:
            connection.close()

    threads = [threading.Thread(target=confirm) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(r["already_done"] for r in results) == [False, True]
    (told,) = [r["detail"] for r in results if r["already_done"]]
    assert f"by {staff['floor'].username} at" in told and told.endswith("already: nothing more was done.")
    assert tournament.events.filter(kind="player.moved").count() == 1
    assert seat_map(tournament)[(1, move["to_seat"])] == move["entry"]
    assert proposed_moves(tournament.id)["moves"] == []  # 8 and 8


@pytest.mark.django_db
def test_SEAT_BALANCE_a_seat_filled_meanwhile_is_refused_with_a_new_proposal(field, staff):
    from tables.services.draw import draw_field, open_tables
    from tables.services.floor import player_out

    tournament, entries = field(18, tables=2)
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=7)
    seats = [seat for (number, seat) in seat_map(tournament) if number == 1]
    player_out(tournament.id, 1, seats[0], staff["floor"])
    move = player_out(tournament.id, 1, seats[1], staff["floor"])["moves"][0]
    occupied = next(seat for (number, seat) in seat_map(tournament) if number == 1)
    response = signed_in(staff["floor"]).post(
        f"/api/tournaments/{tournament.id}/moves/confirm/",
        {"from_table": move["from_table"], "from_seat": move["from_seat"], "to_table": 1, "to_seat": occupied},
        content_type="application/json",
    )
    assert response.status_code == 409
    assert response.json()["detail"] == f"Seat {occupied} at table 1 was just filled; here is a new proposal."
    assert response.json()["proposal"]["moves"] == [move]


@pytest.mark.django_db
def test_BTN_DEAD_hand_done_moves_the_blinds_and_keeps_a_dead_button(field, staff):
    from tables.services.draw import draw_field, open_tables
    from tables.services.floor import hand_done, player_out

    tournament, _ = field(9, tables=1)
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    first = tournament.tables.get()
    following = hand_done(tournament.id, 1, staff["floor"])
    assert following["small_blind"] == first.big_blind  # the big blind moved one player on
    player_out(tournament.id, 1, following["small_blind"], staff["floor"])
    player_out(tournament.id, 1, following["big_blind"], staff["floor"])
    after = hand_done(tournament.id, 1, staff["floor"])
    assert (after["button"], after["small_blind"]) == (following["small_blind"], following["big_blind"])  # both dead
    assert after["big_blind"] in seat_map_seats(tournament)
    assert tournament.events.filter(kind="hand.done").count() == 2


def seat_map_seats(tournament):
    return {seat for (_, seat) in seat_map(tournament)}


@pytest.mark.django_db
def test_ENT_LATE_after_the_draw_a_late_entry_sits_at_a_smallest_table_outside_the_blinds(field, staff):
    from clock.services import level_clock as clock_services
    from tables.queries.tables import seat_of
    from tables.services.draw import draw_field, open_tables

    tournament, entries = field(17, tables=2)
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=99)
    clock_services.start_clock(tournament.id, None)
    late = player_services.create_player(
        tournament.id,
        player_services.NewPlayer("Late", "Comer", date(1980, 1, 1), accepts_terms=True, id_checked=True),
        None,
    )
    entry = desk.register_entry(tournament.id, late.id, Sale(Kind.LATE, "cash", "d", "s"), None)
    where = seat_of(entry)
    assert where is not None
    counts = {n: sum(1 for (t, _) in seat_map(tournament) if t == n) for n in (1, 2)}
    assert counts == {1: 9, 2: 9}  # it went to the table with 8
    here = tournament.tables.get(table__number=where[0])
    before = seating.Table(
        where[0],
        9,
        {s: e for (t, s), e in seat_map(tournament).items() if t == where[0] and e != entry.id},
        here.button,
        here.small_blind,
        here.big_blind,
    )
    assert seating.hands_until_big_blind(before, where[1]) is not None
    assert tournament.events.get(kind="entry.registered", payload__entry__number=entry.number).payload["seat"] == list(
        where
    )


def post(client, url, body=None):
    return client.post(url, body or {}, content_type="application/json")


@pytest.mark.django_db
def test_SEAT_BREAK_the_breaking_order_is_editable_until_registration_closes_then_published(field, staff):
    """SEAT-BREAK: in a house that does not reserve the right to alter it (kentucky), the
    published order no longer changes."""
    from tournaments.models import Tournament
    from tournaments.services.desk import close_registration

    tournament, _ = field(20, tables=3)
    Tournament.objects.filter(pk=tournament.pk).update(ruleset_preset="kentucky")
    director, base = signed_in(staff["director"]), f"/api/tournaments/{tournament.id}"
    post(director, f"{base}/tables/open/", {"tables": [1, 2, 3]})
    assert director.get(f"{base}/tables/").json()["breaking_order"] == [3, 2, 1]  # the last opened breaks first
    assert post(signed_in(staff["floor"]), f"{base}/tables/breaking-order/", {"tables": [2, 3, 1]}).status_code == 403
    missing = post(director, f"{base}/tables/breaking-order/", {"tables": [2, 3]})
    assert missing.status_code == 409
    assert missing.json()["detail"] == "List every open table once, first to break first: the open tables are 1, 2, 3."
    assert post(director, f"{base}/tables/breaking-order/", {"tables": [2, 3, 1]}).json() == {
        "breaking_order": [2, 3, 1]
    }
    close_registration(tournament.id, staff["director"])
    assert tournament.events.get(kind="registration.closed").public["breaking_order"] == [2, 3, 1]
    late = post(director, f"{base}/tables/breaking-order/", {"tables": [1, 2, 3]})
    assert late.status_code == 409 and "published when registration closed" in late.json()["detail"]
    assert director.get(f"{base}/tables/").json()["breaking_order"] == [2, 3, 1]


@pytest.mark.django_db
def test_SEAT_BREAK_the_next_table_in_the_order_breaks_into_seat_cards_when_the_field_fits(field, staff):
    from tables.queries.tables import proposed_moves
    from tables.services.breaking import set_breaking_order
    from tables.services.draw import draw_field, open_tables
    from tables.services.floor import player_out

    tournament, _ = field(20, tables=3)
    open_tables(tournament.id, [1, 2, 3], staff["director"])
    draw_field(tournament.id, staff["director"], seed=11)
    set_breaking_order(tournament.id, [2, 1, 3], staff["director"])
    floor, base = signed_in(staff["floor"]), f"/api/tournaments/{tournament.id}"
    early = post(floor, f"{base}/tables/break/")
    assert early.status_code == 409
    assert early.json()["detail"] == "No table breaks yet: the 20 players left do not fit in one table fewer."
    for _ in range(2):  # 18 left: two tables of nine
        table, seat = next(iter(seat_map(tournament)))
        player_out(tournament.id, table, seat, staff["floor"])
    assert proposed_moves(tournament.id)["break_due"] == 2 and proposed_moves(tournament.id)["moves"] == []
    players_at_two = {e for (n, _), e in seat_map(tournament).items() if n == 2}

    broken = post(floor, f"{base}/tables/break/").json()
    assert broken["table"] == 2
    assert [m["from_seat"] for m in broken["moves"]] == sorted(m["from_seat"] for m in broken["moves"])  # seat 1 on
    after = seat_map(tournament)
    assert {n for (n, _) in after} == {1, 3} and len(after) == 18 and len(set(after.values())) == 18
    assert players_at_two <= set(after.values())
    assert tournament.tables.get(table__number=2).broken_at is not None
    logged = tournament.events.get(kind="table.broken")
    assert logged.payload["seed"] == broken["seed"] == logged.public["seed"] and "names" not in logged.public
    left_two = Seating.objects.filter(tournament_table__table__number=2, ended_because="table broken")
    assert logged.payload["names"] == {
        str(s.seat): str(s.entry.player) for s in left_two.select_related("entry__player")
    }
    assert proposed_moves(tournament.id)["break_due"] is None
    # The broken table's tablet (floor?table=2) lists where each of its players sits now.
    listing = floor.get(f"{base}/tables/?broken=2").json()["broken_table"]
    assert [(p["from_seat"], p["table"], p["seat"]) for p in listing["players"]] == [
        (m["from_seat"], m["to_table"], m["to_seat"]) for m in broken["moves"]
    ]
    assert all(p["name"] for p in listing["players"])
    assert floor.get(f"{base}/tables/?broken=1").json()["broken_table"] is None  # still open


@pytest.mark.django_db
def test_SEAT_BALANCE_the_tolerance_and_the_halt_come_from_the_ruleset(field, staff):
    from tables.queries.tables import proposed_moves
    from tables.services.draw import draw_field, open_tables
    from tables.services.floor import player_out

    tournament, _ = field(18, tables=2)
    tournament.ruleset = {"preset": "pokerfest", "seating": {"balance_tolerance": 2}}
    tournament.save()
    assert tournament.rules().seating.halt_when_short_by == 3  # left out: the preset's value
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=5)
    seats = [seat for (number, seat) in seat_map(tournament) if number == 1]
    player_out(tournament.id, 1, seats[0], staff["floor"])
    assert proposed_moves(tournament.id)["moves"] == []  # 8 against 9: within 2
    player_out(tournament.id, 1, seats[1], staff["floor"])
    assert proposed_moves(tournament.id)["moves"] == []  # 7 against 9: still within 2
    player_out(tournament.id, 1, seats[2], staff["floor"])
    answer = proposed_moves(tournament.id)
    assert answer["halted"] == [1] and len(answer["moves"]) == 1  # three short: pokerfest halts table 1


@pytest.mark.django_db
def test_SEAT_FINAL_the_final_table_is_redrawn_at_the_tv_table_with_a_new_button(field, staff):
    tournament, _ = field(12, tables=2)
    Table.objects.filter(festival=tournament.festival, number=2).update(is_tv=True)
    director, base = signed_in(staff["director"]), f"/api/tournaments/{tournament.id}"
    post(director, f"{base}/tables/open/", {"tables": [1, 2]})
    post(director, f"{base}/seating/draw/")
    early = post(director, f"{base}/seating/final-table/")
    assert early.status_code == 409 and early.json()["detail"] == "12 players are left: the final table is drawn at 9."
    from tables.services.floor import player_out

    for _ in range(3):
        table, seat = next(iter(seat_map(tournament)))
        player_out(tournament.id, table, seat, staff["floor"])
    view = director.get(f"{base}/tables/").json()
    # SEAT-BALANCE: balancing moves are still proposed while the redraw waits (issue 22)
    assert view["final_due"] and view["break_due"] is None
    assert post(signed_in(staff["floor"]), f"{base}/seating/final-table/").status_code == 403
    before = set(seat_map(tournament).values())

    final = post(director, f"{base}/seating/final-table/").json()
    after = seat_map(tournament)
    assert final["table"] == 2 and {n for (n, _) in after} == {2} and set(after.values()) == before
    assert final["button"] in {seat for (_, seat) in after}
    assert set(final["cards"]) == {str(seat) for (_, seat) in after}  # BTN-DRAW: a card to every player
    here = tournament.tables.get(table__number=2)
    assert here.is_final and here.button == final["button"] and tournament.tables.get(table__number=1).broken_at
    assert tournament.events.get(kind="final_table.drawn").payload["seed"] == final["seed"]
    again = post(director, f"{base}/seating/final-table/")
    assert again.status_code == 409 and again.json()["detail"] == "The final table (table 2) is already drawn."
    assert director.get(f"{base}/tables/").json()["final_due"] is False
    # ELIM-SAMETABLE: the redraw starts a new hand: nobody out before it is "out in this hand".
    shown = next(t for t in floor_view(tournament.id)["tables"] if t["number"] == 2)
    assert shown["hand"] == 2 and shown["out_this_hand"] == []
    seat = next(seat for (number, seat) in seat_map(tournament) if number == 2)
    player_out(tournament.id, 2, seat, staff["floor"])
    hands = sorted(tournament.eliminations.values_list("hand", flat=True))
    assert hands == [0, 0, 0, 1]  # three before the redraw, in the first hand; this one after it


@pytest.mark.django_db
def test_a_player_is_moved_or_swapped_by_hand_only_with_a_reason_that_goes_in_the_log(field, staff):
    tournament, entries = field(10, tables=2)
    floor, base = signed_in(staff["floor"]), f"/api/tournaments/{tournament.id}"
    post(signed_in(staff["director"]), f"{base}/tables/open/", {"tables": [1, 2]})
    post(signed_in(staff["director"]), f"{base}/seating/draw/")
    seats = seat_map(tournament)
    (a_table, a_seat), (b_table, b_seat) = next(k for k in seats if k[0] == 1), next(k for k in seats if k[0] == 2)
    empty = next(s for s in range(1, 10) if (2, s) not in seats)
    move = {"from_table": a_table, "from_seat": a_seat, "to_table": 2, "to_seat": empty, "reason": " "}
    unexplained = post(floor, f"{base}/moves/by-hand/", move)
    assert unexplained.status_code == 409 and unexplained.json()["detail"].startswith("Say why the player is moved")
    taken = post(floor, f"{base}/moves/by-hand/", {**move, "to_seat": b_seat, "reason": "wheelchair access"})
    assert taken.json()["detail"] == f"Seat {b_seat} at table 2 is taken: swap the two players instead."
    assert (
        post(floor, f"{base}/moves/by-hand/", {**move, "to_seat": 10, "reason": "x"}).json()["detail"]
        == "Table 2 has seats 1 to 9."
    )
    assert post(floor, f"{base}/moves/by-hand/", {**move, "reason": "wheelchair access"}).status_code == 200
    assert seat_map(tournament)[(2, empty)] == seats[(a_table, a_seat)]
    assert tournament.events.get(kind="player.moved").public["reason"] == "wheelchair access"

    swap = {"table_a": 2, "seat_a": empty, "table_b": 2, "seat_b": b_seat, "reason": "feuding neighbours"}
    assert post(floor, f"{base}/moves/swap/", swap).status_code == 200
    now = seat_map(tournament)
    assert (now[(2, empty)], now[(2, b_seat)]) == (seats[(b_table, b_seat)], seats[(a_table, a_seat)])
    assert len(now) == 10 and len(set(now.values())) == 10
    assert (
        post(floor, f"{base}/moves/swap/", {**swap, "seat_b": empty}).json()["detail"]
        == "Choose two different seats to swap."
    )
    assert tournament.events.get(kind="players.swapped").payload["reason"] == "feuding neighbours"


@pytest.mark.django_db
def test_the_public_finds_a_seat_by_name_and_the_seat_page_follows_the_entry(field, staff):
    from tables.services.draw import draw_field, open_tables
    from tables.services.floor import move_by_hand

    tournament, entries = field(5, tables=2)
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=8)
    public, base = Client(), f"/api/tournaments/{tournament.id}"
    chart = public.get(f"{base}/seating/").json()
    names = {p["name"] for t in chart["tables"] for p in t["players"].values()}
    assert names == {f"P{i} S." for i in range(5)}  # first name and last initial only
    found = public.get(f"{base}/seating/find/", {"name": "p3"}).json()
    seat = public.get(f"{base}/seat/{entries[3].public_code}/").json()
    assert found == [{"name": "P3 S.", "entry": entries[3].number, "table": seat["table"], "seat": seat["seat"]}]
    assert public.get(f"{base}/seating/find/", {"name": "p3 seated"}).json() == found
    assert (
        public.get(f"{base}/seating/find/", {"name": "x"}).json()["detail"] == "Type at least two letters of the name."
    )
    assert public.get(f"{base}/seat/nonsense/").status_code == 404
    other = 2 if seat["table"] == 1 else 1
    empty = next(s for s in range(1, 10) if (other, s) not in seat_map(tournament))
    move_by_hand(tournament.id, seat["table"], seat["seat"], other, empty, "TV table", staff["floor"])
    answer = public.get(f"{base}/seat/{entries[3].public_code}/").json()
    assert {
        key: answer[key] for key in ("entry", "status", "tournament_status", "table", "seat", "waiting_position")
    } == {
        "entry": entries[3].number,
        "status": "active",
        "tournament_status": "registration",
        "table": other,
        "seat": empty,
        "waiting_position": None,
    }
    assert (answer["penalty"], answer["absent"], answer["finish"]) == (None, None, None)  # the companion's parts


@pytest.mark.django_db
def test_SEAT_DRAW_and_SEAT_SEPARATE_the_draw_honours_pinned_seats_and_keep_apart_groups(field, staff):
    from django.core.exceptions import ValidationError

    from tables.models import KeepApart, SeatPin
    from tables.services.draw import draw_field, open_tables

    tournament, entries = field(18, tables=3)
    tv = Table.objects.get(festival=tournament.festival, number=3)
    open_tables(tournament.id, [1, 2], staff["director"])
    pin = SeatPin.objects.create(tournament=tournament, entry=entries[0], table=tv, seat=5, reason="TV table")
    refused = signed_in(staff["director"]).post(f"/api/tournaments/{tournament.id}/seating/draw/")
    assert refused.json()["detail"] == "Entry #1 is pinned to table 3, which is not open: open it or change the pin."
    open_tables(tournament.id, [3], staff["director"])
    SeatPin.objects.create(tournament=tournament, entry=entries[1], table=tv, seat=1, reason="wheelchair")
    with pytest.raises(ValidationError, match="seats 1 to 9"):
        SeatPin(tournament=tournament, entry=entries[2], table=tv, seat=10, reason="x").full_clean()
    family = KeepApart.objects.create(tournament=tournament, name="the Seated family")
    family.entries.set(entries[3:6])

    drawn = draw_field(tournament.id, staff["director"], seed=21)
    seats = {entry: place for place, entry in seat_map(tournament).items()}
    assert seats[entries[0].id] == (3, pin.seat) and seats[entries[1].id] == (3, 1)
    assert len({seats[e.id][0] for e in entries[3:6]}) == 3 and drawn["kept_apart_failed"] == 0
    assert sorted(drawn["tables"].values()) == [6, 6, 6]


@pytest.mark.django_db
def test_SEAT_SEPARATE_SEAT_BREAK_a_break_keeps_apart_only_the_group_members_still_in(field, staff):
    """A busted member leaves the group; a group left with one member keeps nobody apart. The
    break's recorded inputs (what the draws page recomputes from) say so."""
    from tables.models import KeepApart
    from tables.services.breaking import break_next_table
    from tournaments.models import DrawSeed

    tournament, entries = field(20, tables=3)
    KeepApart.objects.create(tournament=tournament, name="the Seated family").entries.set(entries[0:3])
    KeepApart.objects.create(tournament=tournament, name="the Seated twins").entries.set(entries[3:5])
    open_tables(tournament.id, [1, 2, 3], staff["director"])
    draw_field(tournament.id, staff["director"], seed=25)
    place = {entry: table_seat for table_seat, entry in seat_map(tournament).items()}
    for out in (entries[2], entries[4]):  # 18 left: one table fewer seats them
        player_out(tournament.id, *place[out.id], staff["floor"])
    assert proposed_moves(tournament.id)["break_due"] is not None
    break_next_table(tournament.id, staff["floor"])
    inputs = DrawSeed.objects.get(tournament=tournament, kind="break").inputs
    assert inputs["keep_apart"] == [[entries[0].number, entries[1].number]]


@pytest.mark.django_db
def test_a_retried_floor_request_with_the_same_idempotency_key_acts_once(field, staff):
    tournament, _ = field(9, tables=1)
    director, base = signed_in(staff["director"]), f"/api/tournaments/{tournament.id}"
    post(director, f"{base}/tables/open/", {"tables": [1]})
    post(director, f"{base}/seating/draw/")
    first = director.post(
        f"{base}/tables/1/hand-done/", {"hand": 1}, content_type="application/json", HTTP_IDEMPOTENCY_KEY="tap-1"
    ).json()
    again = director.post(
        f"{base}/tables/1/hand-done/", {"hand": 1}, content_type="application/json", HTTP_IDEMPOTENCY_KEY="tap-1"
    ).json()
    assert first == again and tournament.events.filter(kind="hand.done").count() == 1  # the button moved once
    seat = next(iter(seat_map(tournament)))[1]
    out = director.post(f"{base}/tables/1/seats/{seat}/out/", HTTP_IDEMPOTENCY_KEY="tap-2")
    repeat = director.post(f"{base}/tables/1/seats/{seat}/out/", HTTP_IDEMPOTENCY_KEY="tap-2")
    assert out.status_code == repeat.status_code == 200 and tournament.events.filter(kind="player.out").count() == 1
    assert director.post(f"{base}/tables/1/seats/{seat}/out/").json()["detail"] == f"Seat {seat} at table 1 is empty."


@pytest.mark.django_db
def test_CLK_LEVELS_new_limits_apply_from_each_tables_next_hand(field, staff):
    from clock.models import Clock
    from clock.services import level_clock as clock_services
    from tables.queries.floor import floor_view
    from tables.services.draw import draw_field, open_tables
    from tables.services.floor import hand_done

    tournament, _ = field(12, tables=2)
    open_tables(tournament.id, [1, 2], staff["director"])
    clock_services.start_clock(tournament.id, None)
    draw_field(tournament.id, staff["director"], seed=2)
    assert {t["playing_level"] for t in floor_view(tournament.id)["tables"]} == {0}
    Clock.objects.filter(tournament=tournament).update(ends_at=timezone.now() - timedelta(seconds=1))
    clock_services.advance_due_levels(tournament.id)  # level 2 starts mid-hand
    view = floor_view(tournament.id)
    assert view["clock_level"] == 1 and [t["playing_level"] for t in view["tables"]] == [0, 0]
    hand_done(tournament.id, 1, staff["floor"])  # table 1's next hand uses the new limits
    assert [t["playing_level"] for t in floor_view(tournament.id)["tables"]] == [1, 0]


@pytest.mark.django_db
def test_ENT_WAIT_late_entries_wait_in_order_for_a_seat_and_take_the_next_that_opens(field, staff):
    """Issue 11, item 1: a late entry sold while every open table was full stayed "seat pending"
    forever, and no screen listed it."""
    from clock.services import level_clock

    tournament, entries = field(9, tables=2)  # table 2 stays closed until the end
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=5)
    level_clock.start_clock(tournament.id, staff["director"])  # late entries come after the start
    late = [
        desk.register_entry(
            tournament.id,
            player_services.create_player(
                tournament.id,
                player_services.NewPlayer(f"Late{i}", "Comer", date(1980, 1, 1), accepts_terms=True, id_checked=True),
                None,
            ).id,
            Sale(Kind.LATE, "cash", "d", "s"),
            None,
        )
        for i in range(2)
    ]
    waiting = Client().get(f"/api/tournaments/{tournament.id}/waiting-list/").json()
    assert waiting == {
        "seats_left": 0,
        "waiting": [{"position": 1, "entry": 10, "name": "Late0 C."}, {"position": 2, "entry": 11, "name": "Late1 C."}],
    }
    seat_page = Client().get(f"/api/tournaments/{tournament.id}/seat/{late[1].public_code}/").json()
    assert seat_page["waiting_position"] == 2 and seat_page["table"] is None
    in_line = lambda: [w["entry"] for w in floor_view(tournament.id)["waiting_list"]["waiting"]]  # noqa: E731
    assert in_line() == [10, 11]

    busted_seat = tournament.tables.get().big_blind  # the next small blind: no new player sits there yet
    player_out(tournament.id, 1, busted_seat, staff["floor"])
    assert in_line() == [10, 11] and not tournament.events.filter(kind="entry.seated").exists()
    for _ in range(2):  # the blinds move on until the seat is behind the button: the first in line sits
        hand_done(tournament.id, 1, staff["floor"])
    took = tournament.events.get(kind="entry.seated").public
    assert took["entry"] == 10 and (took["table"], took["seat"]) == (1, busted_seat) and in_line() == [11]
    assert seat_of(Entry.objects.get(pk=late[0].pk)) == (1, busted_seat) and seat_of(late[1]) is None
    open_tables(tournament.id, [2], staff["director"])  # a table that opens seats the rest at once
    assert in_line() == [] and seat_of(late[1])[0] == 2


@pytest.mark.django_db
def test_SEAT_DRAW_a_thousand_entries_over_112_tables_each_seated_once_nine_at_most_balanced_within_one(
    make_tournament, staff
):
    """SEAT-DRAW at festival scale, through the director's API: every entry is seated exactly
    once, no table holds more than its nine seats, the tables are within one of each other, every
    table with players has its first hand's positions, and a bust's proposal reads the sizes."""
    tournament = make_tournament()
    Table.objects.bulk_create([Table(festival=tournament.festival, number=n, seats=9) for n in range(1, 113)])
    now = timezone.now()
    people = Player.objects.bulk_create(
        [  # the desk is not what this tests: 1,000 entries in bulk
            Player(
                first_name=f"Large{n}",
                last_name="Field",
                date_of_birth=date(1985, 3, 4),
                id_checked_on=now.date(),
                id_document_type="passport",
                id_document_number=f"LARGE{tournament.id}X{n}",
            )
            for n in range(1000)
        ]
    )
    Entry.objects.bulk_create(
        [
            Entry(
                tournament=tournament,
                player=p,
                number=n + 1,
                kind="buy_in",
                chips=10_000,
                pool_part=0,
                fee_part=0,
                paid=0,
                method="cash",
                desk="d",
                shift="s",
                created_at=now,
            )
            for n, p in enumerate(people)
        ]
    )
    director = signed_in(staff["director"])
    base = f"/api/tournaments/{tournament.id}"
    opened = director.post(f"{base}/tables/open/", {"tables": list(range(1, 113))}, content_type="application/json")
    assert opened.status_code == 200, opened.content
    drawn = director.post(f"{base}/seating/draw/").json()

    sitting = list(
        Seating.objects.filter(tournament=tournament, ended_at__isnull=True).values_list(
            "entry_id", "tournament_table__table__number", "seat"
        )
    )
    assert sorted(entry for entry, _, _ in sitting) == sorted(tournament.entries.values_list("id", flat=True))
    assert len({(table, seat) for _, table, seat in sitting}) == 1000 and all(1 <= seat <= 9 for _, _, seat in sitting)
    counts = {number: sum(1 for _, table, _ in sitting if table == number) for number in range(1, 113)}
    assert max(counts.values()) <= 9 and max(counts.values()) - min(counts.values()) <= 1
    assert drawn["tables"] == {str(number): count for number, count in counts.items()}
    seats_of = {}
    for _, table, seat in sitting:
        seats_of.setdefault(table, set()).add(seat)
    for here in tournament.tables.select_related("table"):
        assert here.button in seats_of[here.table.number] and here.big_blind in seats_of[here.table.number]
    assert proposed_moves(tournament.id) == {
        "moves": [],
        "halted": [],
        "waiting": [],
        "break_due": None,
        "final_due": False,
        "players_left": 1000,
    }


@pytest.mark.django_db
def test_the_floor_view_names_a_player_seated_between_its_reads(field, staff, monkeypatch):
    """A late entry that sits down while the floor's view is being read (after the names,
    before the tables) is shown by name, not a 500 on GET .../tables/."""
    from clock.services import level_clock as clock_services
    from tables.queries import floor as floor_queries

    tournament, _ = field(17, tables=2)
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=99)
    clock_services.start_clock(tournament.id, None)
    late = player_services.create_player(
        tournament.id,
        player_services.NewPlayer("Late", "Comer", date(1980, 1, 1), accepts_terms=True, id_checked=True),
        None,
    )
    read_tables = floor_queries.open_tables

    def a_seat_taken_meanwhile(here, number=None):
        desk.register_entry(tournament.id, late.id, Sale(Kind.LATE, "cash", "d", "s"), None)
        return read_tables(here, number)

    monkeypatch.setattr(floor_queries, "open_tables", a_seat_taken_meanwhile)
    seated = [player for table in floor_view(tournament.id)["tables"] for player in table["players"].values()]
    assert sorted(player["name"] for player in seated if player["name"].startswith("Late")) == ["Late Comer"]
