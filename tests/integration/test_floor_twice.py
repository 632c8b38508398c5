"""Two tablets, one tap each, at the same moment (issue 27): a floor action sent from two devices
at once takes effect once, and the second device is told who did it and when, with a 409 and a
sentence. Through the API the tablet page uses, with real concurrent requests on PostgreSQL."""

import json
import threading

import pytest
from django.contrib.auth.models import Group, User
from django.db import connection
from django.test import Client

from tables.models import Penalty, Seating
from tables.services.draw import draw_field, open_tables
from tournaments.models import Elimination, Event

JSON = "application/json"


@pytest.fixture
def seated(field, staff):
    tournament, _ = field(6, tables=1)
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=7)
    return tournament


def floor_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def at_once(*calls):
    """Runs the calls in threads released together; their answers, in the calls' order."""
    answers, start = [None] * len(calls), threading.Barrier(len(calls))

    def run(index, call):
        start.wait()
        try:
            answers[index] = call()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


@pytest.mark.django_db(transaction=True)
def test_PEN_LADDER_the_same_penalty_from_two_tablets_at_once_is_given_once_and_the_second_is_told_by_whom(
    seated, staff
):
    """PEN-LADDER: both tablets saw a clean record and tap "acting out of turn" for the same seat:
    one penalty, the ladder's first step, not two warnings or the second step; the other tablet
    hears that it was given, by whom and when. A second penalty given on purpose (the seat opened
    again) still climbs the ladder."""
    tournament = seated
    seat = Seating.objects.filter(tournament=tournament, ended_at__isnull=True).order_by("seat").first().seat
    second = User.objects.create_user("floor-two", password="x")
    second.groups.add(Group.objects.get(name="floor"))
    tablets = {"floor-user": floor_client(staff["floor"]), "floor-two": floor_client(second)}
    url = f"/api/tournaments/{tournament.id}/tables/1/seats/{seat}/penalty/"
    offers = {name: tablet.get(url, {"infraction": "acting out of turn"}).json() for name, tablet in tablets.items()}
    assert {offer["given_before"] for offer in offers.values()} == {0}
    first_step = offers["floor-user"]["proposed"]

    def tap(name):
        body = {"infraction": "acting out of turn", "given_before": offers[name]["given_before"]}
        return lambda: tablets[name].post(url, json.dumps(body), content_type=JSON, headers={"Idempotency-Key": name})

    answers = dict(zip(tablets, at_once(*(tap(name) for name in tablets)), strict=True))
    statuses = sorted(answer.status_code for answer in answers.values())
    assert statuses == [200, 409], {name: answer.content for name, answer in answers.items()}
    given = Penalty.objects.get(tournament=tournament)
    assert given.step == first_step
    giver = next(name for name, answer in answers.items() if answer.status_code == 200)
    told = next(answer for answer in answers.values() if answer.status_code == 409).json()["detail"]
    assert given.given_by.username == giver
    player = str(given.entry.player)
    assert told.startswith(f"{player} was given {first_step} for acting out of turn by {giver} at ")
    assert told.endswith("your tablet looked: nothing more is given. To give another penalty, open the seat again.")

    # Opened again, the seat shows the record with that penalty: a second one is a decision, and climbs.
    fresh = tablets["floor-two"].get(url, {"infraction": "acting out of turn"}).json()
    assert fresh["given_before"] == 1
    body = {"infraction": "acting out of turn", "given_before": 1}
    again = tablets["floor-two"].post(url, json.dumps(body), content_type=JSON)
    assert again.status_code == 200 and again.json()["step"] == fresh["proposed"]
    assert Penalty.objects.filter(tournament=tournament).count() == 2


@pytest.mark.django_db(transaction=True)
def test_ELIM_out_from_two_tablets_at_once_puts_the_player_out_once_and_the_second_is_told_by_whom(seated, staff):
    """ELIM-SAMETABLE: one bust, one place; the second tablet hears who put the player out and when."""
    tournament = seated
    sitting = Seating.objects.filter(tournament=tournament, ended_at__isnull=True).order_by("seat").first()
    number = sitting.entry.number
    second = User.objects.create_user("floor-two", password="x")
    second.groups.add(Group.objects.get(name="floor"))
    tablets = {"floor-user": floor_client(staff["floor"]), "floor-two": floor_client(second)}
    url = f"/api/tournaments/{tournament.id}/tables/1/seats/{sitting.seat}/out/"

    def tap(name):
        body = {"entry": number, "starting_stack": 10_000}
        return lambda: tablets[name].post(url, json.dumps(body), content_type=JSON, headers={"Idempotency-Key": name})

    answers = dict(zip(tablets, at_once(*(tap(name) for name in tablets)), strict=True))
    assert sorted(answer.status_code for answer in answers.values()) == [200, 409], answers
    giver = next(name for name, answer in answers.items() if answer.status_code == 200)
    told = next(answer for answer in answers.values() if answer.status_code == 409).json()["detail"]
    assert told.startswith(
        f"{sitting.entry.player} (entry #{number}) was put out at table 1, seat {sitting.seat} by {giver} at "
    )
    assert told.endswith(" already: nothing more was done.")
    assert Elimination.objects.filter(tournament=tournament).count() == 1
    assert Event.objects.filter(tournament=tournament, kind="player.out").count() == 1


@pytest.mark.django_db(transaction=True)
def test_SEAT_BALANCE_a_move_a_move_by_hand_and_a_swap_from_two_tablets_at_once_take_effect_once(field, staff):
    """Issue 27: the target table's two tablets confirm the same balancing move, then two
    tablets move a player by hand, then swap two players, each pair at once with keys of their
    own: each takes effect once, and the other tablet gets a 409 saying it was done, by whom."""
    from tables.queries.tables import proposed_moves
    from tables.services.floor import player_out

    tournament, _ = field(18, tables=2)
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=42)
    second = User.objects.create_user("floor-two", password="x")
    second.groups.add(Group.objects.get(name="floor"))
    tablets = {"floor-user": floor_client(staff["floor"]), "floor-two": floor_client(second)}
    base = f"/api/tournaments/{tournament.id}"

    def both(path, body):
        def tap(name):
            return lambda: tablets[name].post(
                f"{base}/{path}", json.dumps(body), content_type=JSON, headers={"Idempotency-Key": f"{name}-{path}"}
            )

        answers = dict(zip(tablets, at_once(*(tap(name) for name in tablets)), strict=True))
        assert sorted(a.status_code for a in answers.values()) == [200, 409], {n: a.content for n, a in answers.items()}
        doer = next(name for name, a in answers.items() if a.status_code == 200)
        told = next(a.json()["detail"] for a in answers.values() if a.status_code == 409)
        assert f"by {doer} at" in told and "nothing more was done" in told, told
        return answers[doer].json()

    open_at_one = sorted(
        Seating.objects.filter(tournament_table__table__number=1, ended_at__isnull=True).values_list("seat", flat=True)
    )
    for seat in open_at_one[:2]:
        player_out(tournament.id, 1, seat, staff["floor"])
    (move,) = proposed_moves(tournament.id)["moves"]
    body = {key: move[key] for key in ("from_table", "from_seat", "to_table", "to_seat")}
    assert both("moves/confirm/", body)["moved"] is True
    assert Event.objects.filter(tournament=tournament, kind="player.moved").count() == 1

    empty = next(
        s
        for s in range(1, 10)
        if not Seating.objects.filter(tournament_table__table__number=1, seat=s, ended_at__isnull=True).exists()
    )
    mover = Seating.objects.filter(tournament_table__table__number=2, ended_at__isnull=True).order_by("seat").first()
    by_hand = {"from_table": 2, "from_seat": mover.seat, "to_table": 1, "to_seat": empty, "reason": "broken chair"}
    both("moves/by-hand/", by_hand)
    assert Seating.objects.get(entry_id=mover.entry_id, ended_at__isnull=True).seat == empty
    assert Event.objects.filter(tournament=tournament, kind="player.moved").count() == 2

    a, b = Seating.objects.filter(tournament_table__table__number=2, ended_at__isnull=True).order_by("seat")[:2]
    swap = {"table_a": 2, "seat_a": a.seat, "table_b": 2, "seat_b": b.seat, "reason": "keep the sisters apart"}
    both("moves/swap/", swap)
    assert Seating.objects.get(entry_id=a.entry_id, ended_at__isnull=True).seat == b.seat  # swapped once, not back
    assert Event.objects.filter(tournament=tournament, kind="players.swapped").count() == 1
    again = tablets["floor-user"].post(
        f"{base}/moves/swap/", json.dumps({**swap, "reason": "swap back"}), content_type=JSON
    )
    assert again.status_code == 200  # a swap back on purpose, with a new reason
    assert Seating.objects.get(entry_id=a.entry_id, ended_at__isnull=True).seat == a.seat
