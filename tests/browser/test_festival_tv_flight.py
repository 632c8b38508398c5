"""The festival TV (1920x1080, German) when a flight closes: its card says the flight's end
("Day 1A ist vorbei: 3 Bags", as the flight's own lobby does), not "Turnier beendet" beside a
stopped clock. Every step waits on the page's state."""

import pytest
from playwright.sync_api import expect

from clock.services import level_clock
from tables.services.draw import draw_field, open_tables
from tables.services.floor import player_out
from tests.helpers.flight_field import bag_and_close, flight, main_event, seats, sell
from tests.helpers.pages import act
from tournaments.services import desk

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_TV_DISPLAY_a_closed_flight_s_card_says_its_end_not_a_stale_clock(stack, new_page, make_tournament, staff):
    main = main_event(make_tournament)
    day = flight(main, "Day 1A", staff, 0)
    for i in range(4):
        sell(day, f"Alpha{i}")
    act(open_tables, day.id, [1], staff["director"])
    act(draw_field, day.id, staff["director"], seed=4)
    act(level_clock.start_clock, day.id, staff["director"])
    act(player_out, day.id, 1, seats(day)[0], staff["floor"])
    act(desk.close_registration, day.id, staff["director"])

    screen = new_page(1920, 1080)
    screen.set_extra_http_headers({"Accept-Language": "de-DE,de;q=0.9"})
    screen.goto(f"{stack.url}/festivals/{main.festival_id}/tv/")
    card = screen.locator(f'[data-tournament="{day.id}"]')
    expect(card.locator("[data-feed-status]")).to_have_text("live")
    expect(card.locator('[data-clock="remaining"]')).to_be_visible()

    bag_and_close(day, 1, staff)
    expect(card.locator('[data-clock="status"]')).to_have_text("Day 1A ist vorbei: 3 Bags")
    expect(card.locator('[data-clock="remaining"]')).to_be_hidden()
    expect(card.locator('[data-clock="level"]')).to_be_hidden()
