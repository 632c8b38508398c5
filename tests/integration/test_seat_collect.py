"""SEAT-COLLECT (pokerfest L148) through the service and the floor's API: at the draw each stack
waits for its seat card; a seat number's stacks go into play once every seat of it is collected."""

import pytest
from django.test import Client

from tables.models import Seating
from tables.services.collect import collect_seat
from tables.services.draw import draw_field, open_tables


def seats_of(tournament):
    return sorted(
        Seating.objects.filter(tournament=tournament, ended_at__isnull=True).values_list(
            "tournament_table__table__number", "seat"
        )
    )


@pytest.mark.django_db
def test_SEAT_COLLECT_all_seat_8s_go_into_play_together_once_every_one_is_collected(field, staff):
    tournament, _entries = field(27, tables=3)  # pokerfest: the house collects seat cards
    open_tables(tournament.id, [1, 2, 3], staff["director"])
    draw_field(tournament.id, staff["director"], seed=2)
    floor = Client()
    floor.force_login(staff["floor"])
    base = f"/api/tournaments/{tournament.id}"
    view = floor.get(f"{base}/tables/").json()["collecting"]
    assert view == {
        "in_play": [],
        "waiting": list(range(1, 10)),
        "to_collect": {"1": list(range(1, 10)), "2": list(range(1, 10)), "3": list(range(1, 10))},
    }

    first = collect_seat(tournament.id, 1, 8, staff["floor"])
    assert first == {"table": 1, "seat": 8, "in_play": [], "waiting": list(range(1, 10))}  # tables 2, 3 wait
    assert collect_seat(tournament.id, 1, 8, staff["floor"])["in_play"] == []  # a second tap changes nothing
    collect_seat(tournament.id, 2, 8, staff["floor"])
    answer = floor.post(f"{base}/tables/3/seats/8/collected/")
    assert answer.status_code == 200 and answer.json()["in_play"] == [8]
    view = floor.get(f"{base}/tables/").json()["collecting"]
    assert view["in_play"] == [8] and 8 not in view["waiting"] and view["to_collect"]["3"] == [1, 2, 3, 4, 5, 6, 7, 9]
    logged = [e.payload for e in tournament.events.filter(kind="seat.collected").order_by("seq")]
    assert [(p["table"], p["seat"], p["in_play"]) for p in logged] == [(1, 8, []), (2, 8, []), (3, 8, [8])]

    for table, seat in seats_of(tournament):
        if seat != 8:
            collect_seat(tournament.id, table, seat, staff["floor"])
    assert floor.get(f"{base}/tables/").json()["collecting"] is None  # every stack in play
    again = floor.post(f"{base}/tables/1/seats/5/collected/")
    assert again.status_code == 200 and again.json() == {"table": 1, "seat": 5, "in_play": [], "waiting": []}
    assert Client().post(f"{base}/tables/1/seats/5/collected/").status_code == 401


@pytest.mark.django_db
def test_SEAT_COLLECT_a_house_that_does_not_collect_puts_every_stack_in_play_at_the_draw(field, staff):
    tournament, _entries = field(9, tables=1)
    tournament.ruleset_preset = "chips"
    tournament.save()
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=2)
    assert not Seating.objects.filter(to_collect=True).exists()
    with pytest.raises(Exception, match="no seat card to collect"):
        collect_seat(tournament.id, 1, 1, staff["floor"])


@pytest.mark.django_db
def test_SEAT_COLLECT_the_set_up_page_turns_seat_cards_off_and_on_in_the_tournaments_ruleset(make_tournament, staff):
    tournament = make_tournament()
    director = Client()
    director.force_login(staff["director"])
    url = f"/api/tournaments/{tournament.id}/settings/"
    body = {"name": tournament.name, "buy_in": 10_000, "fee": 1_000}
    assert tournament.rules().seating.collect_by_seat_number  # the pokerfest preset collects them
    same = director.post(url, {**body, "collect_seat_cards": True}, content_type="application/json")
    assert same.status_code == 200 and "collect_seat_cards" not in same.json()["changes"]
    off = director.post(url, {**body, "collect_seat_cards": False}, content_type="application/json")
    assert off.status_code == 200 and off.json()["changes"]["collect_seat_cards"] is False
    tournament.refresh_from_db()
    assert not tournament.rules().seating.collect_by_seat_number
    page = director.get(f"/tournaments/{tournament.id}/setup/").content.decode()
    assert 'name="collect_seat_cards" type="checkbox" >' in page  # unticked
