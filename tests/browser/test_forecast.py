"""Issue 26, "A live forecast of the day": the director reads it on the console and lets the TV
show the bubble and the end of the day, in Chromium against real web, worker and beat."""

import pytest
from playwright.sync_api import expect

from clock.services import level_clock
from tables.models import Seating
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done, player_out
from tests.helpers.fields import field
from tests.helpers.pages import act, sign_in

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
