"""Issue 26, "A live forecast of the day": the query feeds the pure model from a running
tournament (busts, entries, clock, structure, tables) and the director's console shows it."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from clock.services import level_clock
from tables.models import Seating
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done, player_out
from tests.helpers.api import client_for
from tournaments.queries.forecast import day_forecast


def running_field(field, staff, busts: int):
    tournament, _ = field(30, tables=4, buy_in=10_000)
    open_tables(tournament.id, [1, 2, 3, 4], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    level_clock.start_clock(tournament.id, staff["director"])
    for _ in range(busts):
        sitting = Seating.objects.filter(tournament=tournament, ended_at__isnull=True).first()
        number = sitting.tournament_table.table.number
        player_out(tournament.id, number, sitting.seat, staff["floor"])
        hand_done(tournament.id, number, staff["floor"])
    return tournament


@pytest.mark.django_db
def test_the_forecast_waits_for_the_clock_and_the_first_busts(field, staff):
    tournament, _ = field(12, tables=2)
    assert day_forecast(tournament, timezone.now()) == {"why_not": "not started"}
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    level_clock.start_clock(tournament.id, staff["director"])
    assert day_forecast(tournament, timezone.now())["why_not"] == "no busts yet"


@pytest.mark.django_db
def test_the_forecast_orders_bubble_final_table_and_end_and_the_console_shows_it(field, staff):
    tournament = running_field(field, staff, busts=6)
    later = timezone.now() + timedelta(minutes=10)
    made = day_forecast(tournament, later)
    assert made["why_not"] == "" and made["players_left"] == 24 and made["busts_measured"] == 6
    bubble, final, end = made["bubble"], made["final_table"], made["end_of_day"]
    assert later <= final["early"] <= final["at"] <= bubble["at"] <= end["at"]
    assert all(e["late"] is None or e["at"] <= e["late"] for e in (bubble, final, end))
    assert made["hours"] == [] or made["hours"][0]["tables"] >= 1
    page = client_for("director", staff).get(f"/tournaments/{tournament.id}/director/").content.decode()
    assert "Forecast of the day" in page and "Bubble" in page and "End of the day" in page


@pytest.mark.django_db
def test_the_tv_shows_the_forecast_only_when_the_director_allows_it_logged(field, staff):
    tournament = running_field(field, staff, busts=4)
    public, director = Client(), client_for("director", staff)
    base = f"/api/tournaments/{tournament.id}/forecast"
    assert public.get(f"{base}/tv/").json() == {
        "shown": False,
        "bubble": None,
        "end_of_day": None,
        "day_stops": False,
        "flight": False,
        "bags": None,
    }
    assert public.get(f"{base}/").status_code == 401
    assert (
        client_for("floor", staff).post(f"{base}/tv/", {"shown": True}, content_type="application/json").status_code
        == 403
    )
    whole = director.get(f"{base}/").json()
    assert whole["players_left"] == 26 and whole["bubble"]["at"] and whole["hours"] is not None

    events = tournament.events.count()
    switched = director.post(f"{base}/tv/", {"shown": True}, content_type="application/json")
    assert switched.status_code == 200 and switched.json() == {"changes": {"forecast_on_tv": True}}
    event = tournament.events.order_by("-seq").first()
    assert tournament.events.count() == events + 1 and event.kind == "tournament.updated"
    shown = public.get(f"{base}/tv/").json()
    assert shown["shown"] and shown["bubble"]["at"] and shown["end_of_day"]["at"]
    again = director.post(f"{base}/tv/", {"shown": True}, content_type="application/json")
    assert again.status_code == 409 and again.json()["detail"] == "The TV already shows the forecast."
    assert director.post(f"{base}/tv/", {"shown": False}, content_type="application/json").status_code == 200
    assert public.get(f"{base}/tv/").json()["shown"] is False
