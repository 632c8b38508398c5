"""One Main Event in every count, in Chromium against real daphne, worker and beat (issue 22): a
flight's lobby and TV show the main event's pool with its guarantee and its places paid (never
"0 places"), the main event's results count every flight's entries, and once the combined
field's bubble has burst a flight plays into the money (FLIGHT-ITM): its next player out is
placed and paid from the one pool, on the flight's results (live) and the main event's."""

import re

import pytest
from playwright.sync_api import expect

from tests.helpers.flight_field import out, seats, two_flights
from tests.helpers.pages import act
from tournaments.services.desk import close_registration

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_FLIGHT_ITM_a_flights_screens_show_the_main_events_money_and_results_count_every_flight(
    stack, new_page, make_tournament, staff
):
    main, _a, b = two_flights(make_tournament, staff)
    lobby = new_page()
    lobby.goto(f"{stack.url}/tournaments/{b.id}/")
    expect(lobby.locator("[data-live-status]")).to_have_text("live")
    expect(lobby.locator('[data-clock="pool"]')).to_have_text(
        re.compile(r"^1,000(\.00)? EUR \(guaranteed 500(\.00)? EUR\)$")
    )
    expect(lobby.locator('[data-clock="paid"]')).to_contain_text("6 places")
    expect(lobby.locator("[data-flights-pool]")).to_contain_text("10 entries in all flights")

    tv = new_page(1920, 1080)
    tv.goto(f"{stack.url}/tournaments/{b.id}/tv/")
    expect(tv.locator("[data-live-status]")).to_have_text("live")
    expect(tv.locator('[data-tv="places-paid"]')).to_have_text("6")
    expect(tv.locator('[data-tv="pool"]')).to_have_text("1,000.00 EUR (guaranteed 500.00 EUR)")

    results = new_page()
    results.goto(f"{stack.url}/tournaments/{main.id}/results/")
    expect(results.locator("[data-live-status]")).to_have_text("live")
    expect(results.locator("[data-results-summary]")).to_contain_text("10 entries in all flights of Main Event")
    expect(results.locator("[data-results-summary]")).to_contain_text("6 places paid")

    flight_results = new_page()
    flight_results.goto(f"{stack.url}/tournaments/{b.id}/results/")
    expect(flight_results.locator("[data-live-status]")).to_have_text("live")
    act(close_registration, b.id, staff["director"])
    for seat in seats(b)[:4]:  # 9th, 8th, 7th: before the money; 6th: in it
        out(b, 2, seat, staff)
    expect(flight_results.locator("[data-out-before-the-money]")).to_have_text(
        "3 players out of this flight before the money: no finishing place (FLIGHT-ITM)."
    )
    row = flight_results.locator("[data-results] tbody tr")
    expect(row).to_have_count(1)
    expect(row.locator("td").first).to_have_text("6")
    expect(row).to_contain_text("(Day 1B)")
    results.reload()  # the main event's page listens to its own log; a flight's bust is in the flight's
    expect(results.locator("[data-results] tbody tr").first).to_contain_text("(Day 1B)")
    expect(results.locator("[data-results] tbody tr").first.locator("td").first).to_have_text("6")
    expect(lobby.locator('[data-clock="paid"]')).to_contain_text("in the money")


def test_FLIGHT_ITM_the_main_event_counts_its_players_in_the_flights_and_no_bubble_before_the_field_is_final(
    stack, new_page, make_tournament, staff
):
    """At a laptop's size (1366x768): the main event's lobby says the players left across its
    flights (3 bags + 6 playing Day 1B), not 0; with 7 left for 6 paid Day 1B's lobby says no
    bubble while it still sells entries, and its results say no place was taken yet, under the
    line counting its players out before the money."""
    main, _a, b = two_flights(make_tournament, staff)
    main_lobby = new_page(1366, 768)
    main_lobby.goto(f"{stack.url}/tournaments/{main.id}/")
    expect(main_lobby.locator("[data-live-status]")).to_have_text("live")
    expect(main_lobby.locator('[data-clock="players-left"]').first).to_have_text("9")

    lobby = new_page(1366, 768)
    lobby.goto(f"{stack.url}/tournaments/{b.id}/")
    expect(lobby.locator("[data-live-status]")).to_have_text("live")
    flight_results = new_page(1366, 768)
    flight_results.goto(f"{stack.url}/tournaments/{b.id}/results/")
    expect(flight_results.locator("[data-live-status]")).to_have_text("live")
    for seat in seats(b)[:2]:
        out(b, 2, seat, staff)
    expect(lobby.locator('[data-clock="players-left"]').first).to_have_text("4")
    lobby.reload()
    expect(lobby.locator('[data-clock="paid"]').first).to_contain_text("6 places")
    expect(lobby.locator('[data-clock="paid"]').first).not_to_contain_text("bubble")
    expect(flight_results.locator("[data-out-before-the-money]")).to_have_text(
        "2 players out of this flight before the money: no finishing place (FLIGHT-ITM)."
    )
    expect(flight_results.locator("[data-results] tbody tr")).to_have_text("No finishing place in this flight yet.")
    main_lobby.reload()
    expect(main_lobby.locator('[data-clock="players-left"]').first).to_have_text("7")

    act(close_registration, b.id, staff["director"])
    lobby.reload()
    expect(lobby.locator('[data-clock="paid"]').first).to_contain_text("the bubble is near")
