"""Issue 26, "A live forecast of the day": the director reads it on the console and lets the TV
show the bubble and the end of the day, in Chromium against real web, worker and beat."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from clock.services import level_clock
from clock.services.day import set_day_end
from tables.models import Seating
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done, player_out
from tests.helpers.fields import field
from tests.helpers.flight_field import flight, main_event, sell
from tests.helpers.pages import WAIT_MS, act, sign_in
from tournaments.models import Festival
from tournaments.services.forecast import show_forecast_on_tv

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_director_reads_the_forecast_and_puts_it_on_the_tv(stack, new_page, make_tournament, staff):
    tournament = field(make_tournament, 24, tables=3)
    act(open_tables, tournament.id, [1, 2, 3], staff["director"])
    act(draw_field, tournament.id, staff["director"], 3)
    act(level_clock.start_clock, tournament.id, staff["director"])
    for _ in range(5):
        sitting = Seating.objects.filter(tournament=tournament, ended_at__isnull=True).first()
        number = sitting.tournament_table.table.number
        act(player_out, tournament.id, number, sitting.seat, staff["floor"])
        act(hand_done, tournament.id, number, staff["floor"])

    tv = new_page(1920, 1080)
    tv.goto(f"{stack.url}/tournaments/{tournament.id}/tv/")
    expect(tv.locator("[data-tv-forecast]")).to_be_hidden()

    page = new_page()
    sign_in(page, stack.url, staff["director"], f"/tournaments/{tournament.id}/director/")
    forecast = page.locator("[data-forecast]")
    expect(forecast).to_contain_text("19 players left")
    expect(forecast.locator("dt")).to_have_text(["Bubble", "Final table", "End of the day"])
    page.get_by_role("button", name="Show the bubble and end of the day on the TV").click()
    expect(page.locator("[data-forecast-tv-result]")).to_have_text("The TV shows the forecast.")
    expect(page.get_by_role("button", name="Take the forecast off the TV")).to_be_visible()

    tv.reload()
    expect(tv.locator("[data-tv-forecast]")).to_contain_text("Bubble about")
    expect(tv.locator("[data-tv-forecast]")).to_contain_text("Winner about")


def busy_day(tournament, staff, busts=5):
    """Three tables drawn, the clock running and `busts` players out, each in a hand of its own."""
    act(open_tables, tournament.id, [1, 2, 3], staff["director"])
    act(draw_field, tournament.id, staff["director"], 3)
    act(level_clock.start_clock, tournament.id, staff["director"])
    for _ in range(busts):
        sitting = Seating.objects.filter(tournament=tournament, ended_at__isnull=True).first()
        number = sitting.tournament_table.table.number
        act(player_out, tournament.id, number, sitting.seat, staff["floor"])
        act(hand_done, tournament.id, number, staff["floor"])
    act(show_forecast_on_tv, tournament.id, True, staff["director"])


def tv_in_new_york(browser, stack, tournament):
    """The TV in a browser whose own clock is in New York, and the forecast answer it drew."""
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, timezone_id="America/New_York")
    context.set_default_timeout(WAIT_MS)
    tv = context.new_page()
    with tv.expect_response(lambda response: "/forecast/tv/" in response.url) as answered:
        tv.goto(f"{stack.url}/tournaments/{tournament.id}/tv/")
    return context, tv, answered.value.json()


def test_the_tvs_forecast_tells_the_festivals_time_not_the_devices(stack, browser, make_tournament, staff):
    tournament = field(make_tournament, 24, tables=3)
    Festival.objects.filter(pk=tournament.festival_id).update(time_zone="Asia/Tokyo")
    busy_day(tournament, staff)
    context, tv, answer = tv_in_new_york(browser, stack, tournament)
    tokyo = ZoneInfo("Asia/Tokyo")
    bubble = datetime.fromisoformat(answer["bubble"]["at"]).astimezone(tokyo)
    line = tv.locator("[data-tv-forecast]")
    expect(line).to_contain_text(f"Bubble about {bubble:%H:%M} (")
    end = datetime.fromisoformat(answer["end_of_day"]["at"]).astimezone(tokyo)
    expect(line).to_contain_text(f"Winner about {end:%H:%M} (")  # an event of its own plays to a winner
    context.close()


def test_a_flights_forecast_on_the_tv_ends_with_its_bags_to_day_two_not_a_winner(
    stack, browser, make_tournament, staff
):
    """A flight has no winner (FLIGHT-REENTRY): its day ends with the bags going to Day 2."""
    main = main_event(make_tournament)
    day_1a = flight(main, "Day 1A", staff, 0)
    for i in range(24):
        sell(day_1a, f"Flyer{i:02d}")
    act(set_day_end, day_1a.id, 1, staff["director"])  # the flight plays two levels
    busy_day(day_1a, staff)
    context, tv, answer = tv_in_new_york(browser, stack, day_1a)
    assert answer["flight"] and answer["day_stops"] and answer["bags"]
    end = datetime.fromisoformat(answer["end_of_day"]["at"]).astimezone(ZoneInfo("UTC"))
    line = tv.locator("[data-tv-forecast]")
    bags = f"{answer['bags']} bag" + ("s" if answer["bags"] != 1 else "")
    expect(line).to_contain_text(f"Flight over about {end:%H:%M}: about {bags} to Day 2")
    expect(line).not_to_contain_text("Winner")
    expect(line).not_to_contain_text("Day ends")
    context.close()
