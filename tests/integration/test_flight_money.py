"""One Main Event in every count, on PostgreSQL: a flight's lobby shows its main event's pool
(with the guarantee), places paid and pay jumps; the main event's results count every flight's
entries; Day 1 busts outside the money take no place, and once the combined field's bubble has
burst a flight plays into the money, paid from the one pool (FLIGHT-ITM)."""

import pytest
from django.test import Client

from rules.refusals import Refused
from tables.models import Table
from tables.services.day_two import draw_day_two, open_day_two_tables
from tables.services.draw import draw_field, open_tables
from tests.helpers.flight_field import bag_and_close, flight, main_event, out, seats, sell, two_flights
from tournaments.models import Entry, Tournament
from tournaments.queries.payout_desk import prizes_to_pay
from tournaments.queries.payouts import payout
from tournaments.queries.results import standings
from tournaments.queries.seat import companion
from tournaments.queries.snapshot import snapshot
from tournaments.services.desk import close_registration
from tournaments.services.payout_desk import pay_prize


@pytest.fixture
def flights(make_tournament, staff):
    return two_flights(make_tournament, staff)


@pytest.mark.django_db(transaction=True)
def test_a_flights_lobby_shows_the_main_events_money_and_its_results_count_every_flight(flights):
    """PAY-POOL, PAY-STRUCT for a flight: its lobby's money line is the main event's (pool with
    the guarantee, places paid, min cash), never "0 places paid"; the main event's results and
    the flight's count every flight's entries (10), not the Day 2 field."""
    main, a, b = flights
    table = payout(main)
    assert len(table) == 6 and payout(b) == table
    money = snapshot(b.id)["money"]
    assert (money["pool"], money["guarantee"], money["places_paid"], money["min_cash"]) == (
        100_000,
        50_000,
        6,
        table[-1],
    )
    assert money["players_left"] == 9  # three bags from Day 1A and six playing Day 1B
    assert not money["in_the_money"]
    answer = Client().get(f"/api/tournaments/{main.id}/results/").json()
    assert (answer["field"], answer["payouts"], answer["main_event"]["name"]) == (10, table, "Main Event")
    flight_answer = Client().get(f"/api/tournaments/{a.id}/results/").json()
    assert (flight_answer["field"], flight_answer["payouts"], flight_answer["out"]) == (10, table, [])
    assert flight_answer["out_before_the_money"] == 1  # FLIGHT-ITM: a Day 1 bust outside the money has no place


@pytest.mark.django_db(transaction=True)
def test_FLIGHT_ITM_a_flight_plays_into_the_money_once_the_combined_bubble_bursts(flights, staff):
    """FLIGHT-ITM through the services: Day 1B's busts take no place while its registration is
    open; once the field is final and 5 players are left across the flights (6 paid), the next
    out of Day 1B takes 6th and its prize from the one pool, paid at Day 1B's payout desk; Day 2
    places the rest above it; a house that does not let flights play into the money places none."""
    main, a, b = flights
    playing = seats(b)
    for seat in playing[:3]:
        out(b, 2, seat, staff)
    assert standings(b)["out"] == [] and standings(b)["out_before_the_money"] == 3
    close_registration(b.id, staff["director"])
    assert standings(b)["out"] == []  # 9th, 8th and 7th: out before the money
    out(b, 2, playing[3], staff)
    money = snapshot(b.id)["money"]
    assert (money["players_left"], money["in_the_money"]) == (5, True)
    table = payout(main)
    [row] = standings(b)["out"]
    assert (row["place"], row["prize"], row["flight"]) == ([6, 6], table[5], "Day 1B")
    assert standings(b)["out_before_the_money"] == 3
    [to_pay] = prizes_to_pay(b)
    assert to_pay["prize"] == table[5]
    assert prizes_to_pay(main) == []  # paid where the player went out
    assert pay_prize(b.id, row["entry"], "cash", staff["cashier"])["amount"] == table[5]
    with pytest.raises(Refused):
        pay_prize(b.id, row["entry"], "cash", staff["cashier"])

    bag_and_close(b, 2, staff)
    open_day_two_tables(main.id, "3", staff["director"])
    draw_day_two(main.id, staff["director"], seed=1)
    assert main.entries.filter(kind=Entry.Kind.DAY_TWO).count() == 5
    day_two_seat = seats(main)[0]
    out(main, 3, day_two_seat, staff)
    result = standings(main)
    assert result["field"] == 10
    assert [(r["place"], r["flight"], r["prize"]) for r in result["out"]] == [
        ([5, 5], None, table[4]),
        ([6, 6], "Day 1B", table[5]),
    ]

    ruleset = main.rules().to_json()
    ruleset["entries"]["flights_play_into_money"] = False
    Tournament.objects.filter(pk=main.pk).update(ruleset=ruleset)
    b, main = Tournament.objects.get(pk=b.pk), Tournament.objects.get(pk=main.pk)
    assert standings(b)["out"] == [] and standings(b)["out_before_the_money"] == 4
    assert [r["place"] for r in standings(main)["out"]] == [[5, 5]]


@pytest.mark.django_db(transaction=True)
def test_SEAT_DRAW_a_small_flight_sits_at_one_table_and_is_never_offered_a_final_table(make_tournament, staff):
    """SEAT-DRAW, SEAT-FINAL in a flight: 9 players and two 9-seat tables open: the draw seats
    them at one table and says the other was not needed (closed again, open to reopen); with
    players out at two tables the console offers breaks and balancing, never a final table."""
    day = flight(main_event(make_tournament), "Day 1A", staff, 0)
    for i in range(9):
        sell(day, f"Nine{i}")
    director = Client()
    director.force_login(staff["director"])
    base = f"/api/tournaments/{day.id}"
    assert director.post(f"{base}/tables/open/", {"tables": [1, 2]}, content_type="application/json").status_code < 300
    drawn = director.post(f"{base}/seating/draw/", {}, content_type="application/json").json()
    assert drawn["tables"] == {"1": 9} and drawn["not_needed"] == [2]
    assert list(day.tables.values_list("table__number", flat=True)) == [1]
    assert director.get(f"{base}/tables/").json()["final_due"] is False
    reopened = director.post(f"{base}/tables/open/", {"tables": [2]}, content_type="application/json")
    assert reopened.status_code < 300
    sell(day, "Late")  # a late entry sits at the table opened for it
    view = director.get(f"{base}/tables/").json()
    assert view["final_due"] is False and view["players_left"] == 10


@pytest.mark.django_db(transaction=True)
def test_SEAT_BALANCE_the_tables_are_balanced_while_the_final_table_waits(make_tournament, staff):
    """SEAT-BALANCE with SEAT-FINAL due: 9 left over two tables (6 and 3) is a final table to
    redraw, and until the director redraws it the tables are still kept balanced."""
    event = make_tournament(name="Day 2 like")
    for number in (1, 2):
        Table.objects.create(festival=event.festival, number=number, seats=9)
    for i in range(12):
        sell(event, f"Bal{i}")
    open_tables(event.id, [1, 2], staff["director"])
    draw_field(event.id, staff["director"], seed=3)
    for seat in seats(event, 2)[:3]:
        out(event, 2, seat, staff)
    client = Client()
    client.force_login(staff["director"])
    view = client.get(f"/api/tournaments/{event.id}/tables/").json()
    assert view["final_due"] is True and view["break_due"] is None
    assert [(move["from_table"], move["to_table"]) for move in view["moves"]] == [(1, 2)]


@pytest.mark.django_db(transaction=True)
def test_FLIGHT_ITM_the_main_events_players_left_and_no_bubble_before_the_field_is_final(flights, staff):
    """FLIGHT-ITM: the main event's screens say the players left across its flights (3 bags
    from Day 1A and Day 1B's players), never 0 before Day 2, the same figure its money line,
    a bagged player's phone and Day 1B's money count; and with 7 left for 6 paid no flight's
    lobby says the bubble is near while Day 1B still sells entries: only once the combined
    field is final."""
    main, a, b = flights
    assert snapshot(main.id)["players_left"] == snapshot(main.id)["money"]["players_left"] == 9
    bagged = a.entries.exclude(status=Entry.Status.BUSTED).values_list("public_code", flat=True).first()
    assert companion(a.id, bagged)["players_left"] == 9
    for seat in seats(b)[:2]:
        out(b, 2, seat, staff)
    assert snapshot(main.id)["players_left"] == 7 and snapshot(b.id)["players_left"] == 4
    for shown in (snapshot(b.id)["money"], snapshot(main.id)["money"]):
        assert (shown["players_left"], shown["hand_for_hand_due"], shown["in_the_money"]) == (7, False, False)
    close_registration(b.id, staff["director"])
    assert snapshot(b.id)["money"]["hand_for_hand_due"] is True
