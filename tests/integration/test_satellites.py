"""Satellites and promotion in the database (REG-NONTRANSFER, PAY-STRUCT): a satellite's
results issue won-seat vouchers for its target at the finish, once; neverending's freeroll
places become vouchers for the next level; the desk sells the target's won entry (or a
flight's) with the voucher; the festival schedule shows every event live."""

from datetime import date

import pytest
from django.test import Client

from core.operation import operation
from players.services import desk as player_services
from rules.refusals import Refused
from tables.models import Seating
from tables.services.draw import draw_field, open_tables
from tables.services.finish import award_seats
from tables.services.floor import hand_done, player_out
from tests.helpers.api import client_for
from tests.helpers.play import play_to_the_end
from tournaments.models import Entry, Tournament, WonSeat
from tournaments.queries.entries import Sale
from tournaments.queries.payout_desk import prizes_to_pay
from tournaments.queries.payouts import payout
from tournaments.queries.results import standings
from tournaments.rules.entries import Kind
from tournaments.services import desk, rulings, setup


@pytest.fixture
def satellite_and_target(field, staff):
    """A 7-entry satellite at 100 (pool 700) for a target priced 200 + 20: three seats
    (660) and 40 in cash to 4th."""
    satellite, entries = field(7, tables=1, buy_in=100)
    target = Tournament.objects.create(
        festival=satellite.festival,
        name="Main Event",
        buy_in=200,
        fee=20,
        status=Tournament.Status.REGISTRATION,
        max_entries=50,
    )
    Tournament.objects.filter(pk=satellite.pk).update(satellite_for=target)
    satellite.refresh_from_db()
    open_tables(satellite.id, [1], staff["director"])
    draw_field(satellite.id, staff["director"], seed=3)
    return satellite, target


@pytest.mark.django_db
def test_SAT_SEATS_REG_NONTRANSFER_a_satellite_s_results_issue_seats_in_its_target_and_the_remainder_in_cash(
    satellite_and_target, staff
):
    satellite, target = satellite_and_target
    assert payout(satellite) == [220, 220, 220, 40]
    order = play_to_the_end(satellite, staff)
    satellite.refresh_from_db()
    assert satellite.status == Tournament.Status.FINISHED
    results = standings(satellite)
    assert results["satellite"] == {
        "target": {"id": target.id, "name": "Main Event"},
        "price": 220,
        "seats": 3,
        "remainder": 40,
        "seats_passed": 0,
    }
    by_place = {row["place"][0]: row for row in results["out"]}
    assert [by_place[p]["seat"] for p in (1, 2, 3)] == [{"id": target.id, "name": "Main Event"}] * 3
    assert by_place[4]["seat"] is None and by_place[4]["prize"] == 40
    assert all(by_place[p]["prize"] == 0 for p in (1, 2, 3))  # the payout desk pays only the cash
    seats = WonSeat.objects.filter(won_with__tournament=satellite).select_related("won_with", "player")
    assert sorted(seat.won_with.number for seat in seats) == sorted(by_place[p]["entry"] for p in (1, 2, 3))
    assert order[-1] == by_place[2]["entry"]
    assert all(seat.tournament_id == target.id and seat.player_id == seat.won_with.player_id for seat in seats)
    assert [row["entry"] for row in prizes_to_pay(satellite)] == [by_place[4]["entry"]]
    awarded = satellite.events.get(kind="satellite.seats_awarded")
    assert len(awarded.public["seats"]) == 3 and "code" not in awarded.public["seats"][0]
    assert {seat["code"] for seat in awarded.payload["seats"]} == {seat.code for seat in seats}

    director = client_for("director", staff)
    listed = director.get(f"/api/tournaments/{satellite.id}/vouchers/").json()
    assert listed["satellite_for"] == {"id": target.id, "name": "Main Event"}
    assert {(v["player"]["id"], v["code"], v["target"]["name"]) for v in listed["issued"]} == {
        (seat.player_id, seat.code, "Main Event") for seat in seats
    }
    assert len(director.get(f"/api/tournaments/{target.id}/vouchers/").json()["good_here"]) == 3
    first = Entry.objects.get(tournament=satellite, number=by_place[1]["entry"])
    companion = Client().get(f"/api/tournaments/{satellite.id}/seat/{first.public_code}/").json()
    assert [(v["target"]["name"], v["code"]) for v in companion["won_seats"]] == [
        ("Main Event", WonSeat.objects.get(won_with=first).code)
    ]
    assert "player" not in companion["won_seats"][0]  # the seat page names no one

    # The finish run again (a retried operation): no second voucher.
    with operation(satellite.id, staff["director"]) as op:
        assert award_seats(op) == []
    assert WonSeat.objects.filter(won_with__tournament=satellite).count() == 3

    # The payout desk refuses a seat place: there is no cash to pay.
    cashier = Client()
    cashier.force_login(staff["cashier"])
    paid = cashier.post(
        f"/api/tournaments/{satellite.id}/entries/{by_place[1]['entry']}/pay-prize/",
        {"method": "cash"},
        content_type="application/json",
    )
    assert paid.status_code == 409

    # The desk finds the winner's voucher by player and sells the target's won entry with it.
    winner = by_place[1]
    clerk = Client()
    clerk.force_login(staff["desk"])
    check = clerk.get(f"/api/tournaments/{target.id}/players/{winner['player']}/check/").json()
    assert [voucher["target"]["name"] for voucher in check["won_seats"]] == ["Main Event"]
    code = check["won_seats"][0]["code"]
    sold = clerk.post(
        f"/api/tournaments/{target.id}/entries/",
        {
            "player_id": winner["player"],
            "kind": "satellite",
            "method": "won",
            "desk": "d",
            "shift": "s",
            "won_seat_code": code,
        },
        content_type="application/json",
    )
    assert sold.status_code == 201, sold.content
    assert WonSeat.objects.get(code=code).entry.tournament_id == target.id
    # REG-NONTRANSFER: another winner's voucher is not this player's.
    other = WonSeat.objects.filter(won_with__tournament=satellite).exclude(code=code).first()
    refused = clerk.post(
        f"/api/tournaments/{target.id}/entries/",
        {
            "player_id": winner["player"],
            "kind": "satellite",
            "method": "won",
            "desk": "d",
            "shift": "s",
            "won_seat_code": other.code,
        },
        content_type="application/json",
    )
    assert refused.status_code == 409


@pytest.mark.django_db
def test_SAT_SEATS_REG_NONTRANSFER_vouchers_are_issued_once_when_the_finishing_bust_is_sent_again(
    satellite_and_target, staff
):
    satellite, _ = satellite_and_target
    play_to_the_end(satellite, staff, keys=True)
    assert WonSeat.objects.filter(won_with__tournament=satellite).count() == 3
    assert satellite.events.filter(kind="satellite.seats_awarded").count() == 1
    assert satellite.events.filter(kind="tournament.finished").count() == 1


@pytest.mark.django_db
def test_PAY_STRUCT_neverending_freeroll_places_become_vouchers_for_the_next_level(field, staff):
    """PAY-STRUCT (neverending): one freeroll into the next level per ten entrants, to the top
    places; their cash prizes stay."""
    level, _ = field(20, tables=3, buy_in=1_000)
    next_level = Tournament.objects.create(
        festival=level.festival, name="Level 2", ruleset_preset="neverending", status=Tournament.Status.REGISTRATION
    )
    Tournament.objects.filter(pk=level.pk).update(satellite_for=next_level, ruleset_preset="neverending")
    level.refresh_from_db()
    cash_before = payout(level)
    open_tables(level.id, [1, 2, 3], staff["director"])
    draw_field(level.id, staff["director"], seed=4)
    while True:
        sitting = (
            Seating.objects.filter(tournament=level, ended_at__isnull=True)
            .select_related("tournament_table__table")
            .order_by("-tournament_table__table__number", "seat")
        )
        if sitting.count() <= 1:
            break
        first = sitting.first()
        table = first.tournament_table.table.number
        player_out(level.id, table, first.seat, staff["floor"])
        if (
            Seating.objects.filter(
                tournament=level, ended_at__isnull=True, tournament_table__table__number=table
            ).count()
            > 1
        ):
            hand_done(level.id, table, staff["floor"])  # each bust in a hand of its own: no ties
    level.refresh_from_db()
    assert level.status == Tournament.Status.FINISHED
    results = standings(level)
    assert results["payouts"] == cash_before and results["satellite"] is None
    free = sorted(row["entry"] for row in results["out"] if row["freeroll"])
    assert len(free) == 2
    seats = WonSeat.objects.filter(won_with__tournament=level)
    assert sorted(seats.values_list("won_with__number", flat=True)) == free
    assert set(seats.values_list("tournament_id", flat=True)) == {next_level.id}
    assert all("(freeroll)" in seat.source for seat in seats)


@pytest.mark.django_db
def test_SAT_SEATS_a_voucher_for_an_event_with_flights_is_good_in_any_flight(satellite_and_target, staff):
    satellite, target = satellite_and_target
    flight = Tournament.objects.create(
        festival=target.festival,
        name="Main Event Day 1B",
        main_event=target,
        buy_in=200,
        fee=20,
        status=Tournament.Status.REGISTRATION,
    )
    play_to_the_end(satellite, staff)
    seat = WonSeat.objects.filter(won_with__tournament=satellite).first()
    entry = desk.register_entry(
        flight.id, seat.player_id, Sale(Kind.SATELLITE, "won", "d", "s", won_seat_code=seat.code.lower()), staff["desk"]
    )
    assert entry.tournament_id == flight.id and entry.paid == 0
    seat.refresh_from_db()
    assert seat.entry_id == entry.id


@pytest.mark.django_db
def test_a_satellite_names_its_target_on_the_settings_and_bad_targets_are_refused(field, staff):
    satellite, _ = field(0, tables=0)
    festival = satellite.festival
    target = Tournament.objects.create(festival=festival, name="High Roller", buy_in=1000, fee=50)
    director = Client()
    director.force_login(staff["director"])
    body = {"name": satellite.name, "buy_in": 0, "fee": 0, "starting_stack": 10_000}

    def settings(target_id):
        return director.post(
            f"/api/tournaments/{satellite.id}/settings/",
            {**body, "satellite_for": target_id},
            content_type="application/json",
        )

    assert settings(satellite.id).json()["detail"] == "A tournament cannot be a satellite for itself."
    elsewhere = Tournament.objects.create(festival=type(festival).objects.create(name="Other", venue="X"), name="X")
    assert settings(elsewhere.id).status_code == 409
    free = Tournament.objects.create(festival=festival, name="Freeroll")
    assert "no entry price" in settings(free.id).json()["detail"]
    done = Tournament.objects.create(festival=festival, name="Over", buy_in=10, status=Tournament.Status.FINISHED)
    assert settings(done.id).status_code == 409
    assert settings(target.id).status_code == 200
    satellite.refresh_from_db()
    assert satellite.satellite_for_id == target.id
    # round in a circle: the target cannot be a satellite for its own satellite
    circle = setup.Settings(
        name=target.name,
        ruleset_preset="pokerfest",
        buy_in=1000,
        fee=50,
        starting_stack=10_000,
        satellite_for=satellite.id,
    )
    with pytest.raises(Exception, match="circle"):
        setup.update_tournament(target.id, circle, staff["director"])
    page = director.get(f"/tournaments/{satellite.id}/setup/").content.decode()
    assert f'<option value="{target.id}" data-festival="{festival.id}" selected>' in page


@pytest.mark.django_db
def test_the_festival_schedule_lists_every_event_with_seats_left_flights_and_satellites(satellite_and_target, staff):
    satellite, target = satellite_and_target
    flight = Tournament.objects.create(
        festival=target.festival,
        name="Main Event Day 1A",
        main_event=target,
        buy_in=200,
        fee=20,
        max_entries=10,
        status=Tournament.Status.REGISTRATION,
    )
    url = f"/api/festivals/{target.festival_id}/schedule/"
    answer = Client().get(url)
    assert answer.status_code == 200 and answer["Cache-Control"] == "public, max-age=5" and answer["ETag"]
    events = {event["name"]: event for event in answer.json()["events"]}
    assert "Main Event Day 1A" not in events  # a flight is listed under its main event
    main = events["Main Event"]
    assert main["price"] == 220 and main["seats_left"] == 50 and main["waiting"] == 0
    assert [f["name"] for f in main["flights"]] == ["Main Event Day 1A"] and main["flights"][0]["seats_left"] == 10
    assert [s["name"] for s in main["satellites"]] == [satellite.name]
    assert events[satellite.name]["satellite_for"] == {"id": target.id, "name": "Main Event"}
    assert events[satellite.name]["seats_left"] is None  # no cap
    assert Client().get(url, HTTP_IF_NONE_MATCH=answer["ETag"]).status_code == 304
    player = player_services.create_player(
        flight.id,
        player_services.NewPlayer("Flight", "Player", date(1980, 1, 1), accepts_terms=True, id_checked=True),
        None,
    )
    desk.register_entry(flight.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    again = Client().get(url, HTTP_IF_NONE_MATCH=answer["ETag"])
    assert again.status_code == 200
    assert {e["name"]: e for e in again.json()["events"]}["Main Event"]["flights"][0]["seats_left"] == 9
    assert Client().get(f"/festivals/{target.festival_id}/schedule/").status_code == 200
    assert Client().get("/api/festivals/999999/schedule/").status_code == 404


# The vouchers name players (personal data): the desk's roles and the director; the schedule is public.
VOUCHERS = {
    "anonymous": 401,
    "director": 200,
    "floor": 403,
    "desk": 200,
    "cashier": 200,
    "media": 403,
    "superuser": 200,
}


@pytest.mark.django_db
@pytest.mark.parametrize("persona", sorted(VOUCHERS))
def test_who_sees_the_vouchers_and_the_schedule(persona, satellite_and_target, staff):
    satellite, target = satellite_and_target
    client = client_for(persona, staff)
    assert client.get(f"/api/tournaments/{satellite.id}/vouchers/").status_code == VOUCHERS[persona]
    assert client.get(f"/api/festivals/{target.festival_id}/schedule/").status_code == 200
    assert client.get(f"/festivals/{target.festival_id}/schedule/").status_code == 200


@pytest.mark.django_db
def test_SAT_SEATS_a_seat_in_a_knockout_event_costs_its_bounty_too_and_brings_it(satellite_and_target, staff):
    """SAT-SEATS with BNT-POOL: the target is a knockout event (200 + 30 bounty + 20): the 700 pool
    buys two seats at 250 and 200 in cash to 3rd; the won entry the desk sells brings its bounty to
    the target's bounty pool (its head is 30) though the player pays nothing at the desk."""
    satellite, target = satellite_and_target
    Tournament.objects.filter(pk=target.pk).update(bounty_format="knockout", bounty=30)
    play_to_the_end(satellite, staff)
    results = standings(satellite)
    assert results["satellite"]["price"] == 250
    assert (results["satellite"]["seats"], results["satellite"]["remainder"]) == (2, 200)
    by_place = {row["place"][0]: row for row in results["out"]}
    assert by_place[3]["seat"] is None and by_place[3]["prize"] == 200
    seat = WonSeat.objects.get(won_with__number=by_place[1]["entry"], won_with__tournament=satellite)
    entry = desk.register_entry(
        target.id, seat.player_id, Sale(Kind.SATELLITE, "won", "d", "s", won_seat_code=seat.code), staff["desk"]
    )
    assert (entry.paid, entry.pool_part, entry.bounty_part, entry.fee_part, entry.head) == (0, 200, 30, 20, 30)


@pytest.mark.django_db
def test_SAT_SEATS_PAY_DQ_a_disqualified_winner_s_voucher_is_void_and_the_seat_passes_to_the_next_place(
    satellite_and_target, staff
):
    """SAT-SEATS: a winner disqualified after the finish (PAY-DQ) takes no place: the others
    move up, so the first place without a seat (the cash remainder's) takes the seat and a
    voucher of its own, and the remainder goes one place down. The void voucher is refused at
    the target's desk with a sentence; the new one sells."""
    satellite, target = satellite_and_target
    play_to_the_end(satellite, staff)
    before = {row["place"][0]: row for row in standings(satellite)["out"]}
    second = before[2]["entry"]
    void = WonSeat.objects.get(won_with__tournament=satellite, won_with__number=second)
    director = client_for("director", staff)
    url = f"/api/tournaments/{satellite.id}/entries/{second}/disqualify/"
    out_already = director.post(url, {"reason": "collusion", "chips": 500}, content_type="application/json")
    assert out_already.status_code == 422 and "no chips in play" in out_already.json()["detail"]
    done = director.post(url, {"reason": "collusion found on the video"}, content_type="application/json")
    assert done.status_code == 200, done.content
    void.refresh_from_db()
    assert void.voided_at is not None and void.void_reason == "disqualified: collusion found on the video"
    after = {row["place"][0]: row for row in standings(satellite)["out"]}
    assert [after[p]["entry"] for p in (1, 2, 3, 4)] == [before[p]["entry"] for p in (1, 3, 4, 5)]
    assert after[3]["seat"] == {"id": target.id, "name": "Main Event"} and after[3]["prize"] == 0
    assert after[4]["prize"] == 40  # the cash remainder passes one place down
    assert standings(satellite)["satellite"]["seats_passed"] == 1
    passed = WonSeat.objects.get(won_with__tournament=satellite, won_with__number=before[4]["entry"])
    logged = satellite.events.get(kind="player.disqualified")
    assert logged.payload["voucher_void"]["code"] == void.code and logged.public["seat_passed"] is True
    assert satellite.events.filter(kind="satellite.seats_awarded").count() == 2
    assert satellite.events.order_by("-seq").first().payload["seats"][0]["code"] == passed.code

    # The director's list marks it void; the desk refuses it and sells the new one.
    issued = {v["code"]: v for v in director.get(f"/api/tournaments/{satellite.id}/vouchers/").json()["issued"]}
    assert issued[void.code]["void"] is True and issued[passed.code]["void"] is False
    clerk = client_for("desk", staff)
    check = clerk.get(f"/api/tournaments/{target.id}/players/{void.player_id}/check/").json()
    assert check["won_seats"] == []

    def sell(seat):
        body = {"player_id": seat.player_id, "kind": "satellite", "method": "won", "desk": "d", "shift": "s"}
        return clerk.post(
            f"/api/tournaments/{target.id}/entries/",
            {**body, "won_seat_code": seat.code},
            content_type="application/json",
        )

    refused = sell(void)
    assert refused.status_code == 409
    assert "is void: its winner was disqualified" in str(refused.json())
    assert sell(passed).status_code == 201


@pytest.mark.django_db
def test_SAT_SEATS_a_voucher_already_spent_cannot_pass_until_its_entry_is_voided(satellite_and_target, staff):
    satellite, target = satellite_and_target
    play_to_the_end(satellite, staff)
    first = {row["place"][0]: row for row in standings(satellite)["out"]}[1]["entry"]
    seat = WonSeat.objects.get(won_with__tournament=satellite, won_with__number=first)
    bought = desk.register_entry(
        target.id, seat.player_id, Sale(Kind.SATELLITE, "won", "d", "s", won_seat_code=seat.code), staff["desk"]
    )
    with pytest.raises(Refused, match="void or refund that entry first"):
        rulings.disqualify(satellite.id, first, "collusion", staff["director"])
    assert Entry.objects.get(tournament=satellite, number=first).status == "active"
    desk.void_entry(target.id, bought.number, "bought with a voucher about to be void", staff["director"])
    rulings.disqualify(satellite.id, first, "collusion", staff["director"])
    seat.refresh_from_db()
    assert seat.voided_at is not None and seat.entry_id is None
