"""A three-flight main event through the pages (issue 15): the director adds the flights on the
main event's set-up page, the desk sells in each (one player in two flights, refused while
still in play in the first: FLIGHT-REENTRY), the floor busts and bags at the end of each day,
the director closes each flight, opens Day 2's tables and draws Day 2; the lobby's "find my
seat" and the flight ticket's seat page show the Day 2 seat and bag; the main event's pool is
every flight's. The superuser's part (the festival, a structure template) is made beforehand;
the end-of-day window (a level ending in ten minutes) is set on the clock's row as in
tests/browser/test_floor_tablet.py."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from clock.models import Clock
from tables.models import Qualifier, Seating
from tests.helpers.pages import sign_in
from tests.helpers.tablet import answer_questions, open_seat
from tests.helpers.whole_event import (
    Floor,
    add_tables,
    create_tournament,
    open_draw_and_start,
    register,
    venue_and_template,
)
from tournaments.models import Entry, Tournament
from tournaments.queries.payouts import prize_pool

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FLIGHTS = {"Day 1A": ["Ann", "Ben", "Cal", "Dan"], "Day 1B": ["Eve", "Fay"], "Day 1C": ["Gus", "Hal", "Ivy"]}


def add_flight(director, name: str) -> None:
    form = director.locator("[data-add-flight]")
    form.get_by_label("Flight name").fill(name)
    form.get_by_label("Entries on sale in the flight").fill("9")
    form.get_by_role("button", name="Add flight").click()
    expect(director.locator(f'[data-flight="{name}"]')).to_contain_text("0 entries / 9")


def find_existing(desk, first: str) -> None:
    desk.get_by_label("Find player").fill(first)
    desk.get_by_role("button", name=re.compile(f"^Field, {first}")).click()
    expect(desk.locator("[data-player-name]")).to_have_text(f"{first} Field")


def sell_existing(desk, first: str) -> None:
    find_existing(desk, first)
    desk.get_by_role("button", name="Register").click()


def play_the_day(pages, base: str, flight: Tournament, floor: Floor, keep: str = "") -> None:
    """Open table 1, draw, start; one player out (never `keep`, whatever seat the draw gave
    them); the day's last hand; bag every seat and have the director count each bag again; the
    worker ends the day."""
    director, tablet, lobby = pages
    open_draw_and_start(director, base, flight.id, "1", "Opened table 1.")
    lobby.goto(f"{base}/tournaments/{flight.id}/")
    expect(lobby.locator('[data-clock="status"]')).to_have_text("running")
    Clock.objects.filter(tournament=flight).update(day_last_level=0, ends_at=timezone.now() + timedelta(minutes=10))

    tablet.goto(f"{base}/tournaments/{flight.id}/floor/")
    expect(tablet.locator("[data-live-status]")).to_have_text("live")
    floor.tournament = flight
    seated = tablet.locator('.table-card[data-table="1"] .seats li:not(.empty)')
    floor.bust(1, (seated.filter(has_not_text=keep) if keep else seated).first.get_attribute("data-seat"))
    director.get_by_label("Last hands of the day").fill("1")
    director.get_by_role("button", name="Stop the clock and announce the last hands").click()
    expect(director.locator("[data-result]")).to_contain_text("Clock stopped")
    card = tablet.locator('.table-card[data-table="1"]')
    expect(card).to_contain_text("1 hand left today")
    card.get_by_role("button", name="Hand done").click()
    expect(card).to_contain_text("Last hand played: bag the chips")
    seats = [item.get_attribute("data-seat") for item in card.locator(".seats li:not(.empty)").all()]
    for n, seat in enumerate(seats):
        sheet = open_seat(tablet, 1, seat)
        sheet.get_by_role("spinbutton").fill(str(20_000 + 5_000 * n))
        sheet.get_by_role("button", name="Bag").click()
        expect(tablet.locator("[data-result]")).to_contain_text(f"Seat {seat} bagged")
    expect(lobby.locator("[data-end-of-day]")).to_have_text("Day 1 is over: chips are bagged.")  # the worker

    # CHIP-COUNT: the director, a second person, counts each bag again on the floor's book.
    director.goto(f"{base}/tournaments/{flight.id}/floor/")
    expect(director.locator("[data-live-status]")).to_have_text("live")
    book = director.locator('.table-card[data-table="1"] details.floor-book')
    expect(book).to_be_visible()  # the tables are drawn: a tap before would be lost in the redraw
    for n, seat in enumerate(seats):
        second = director.get_by_label(f"Second count: seat {seat}")
        if not second.is_visible():
            book.locator("summary").click()
        expect(second).to_be_visible()
        second.fill(str(20_000 + 5_000 * n))
        expect(second).to_have_value(str(20_000 + 5_000 * n))
        second.press("Enter")
        expect(director.locator("[data-result]")).to_contain_text(f"Bag of seat {seat} confirmed.")


def close_the_flight(director, base: str, flight: Tournament) -> None:
    director.goto(f"{base}/tournaments/{flight.id}/director/")
    director.get_by_role("button", name="Close flight").click()
    expect(director.locator(f'[data-flight="{flight.name}"]')).to_contain_text("closed,")


def test_FLIGHT_REENTRY_a_three_flight_main_event_into_day_two_through_the_pages(stack, new_page, staff):
    festival, structure = venue_and_template()
    director, desk, tablet, lobby = new_page(), new_page(), new_page(), new_page()
    answer_questions(director)  # "Close this flight?", "Draw Day 2 now?": OK
    sign_in(director, stack.url, staff["director"], "/")
    main = create_tournament(director, festival, structure, "Main Event", "pokerfest")
    add_tables(director, {1: 9, 2: 9})
    for name in FLIGHTS:
        add_flight(director, name)
    flights = {flight.name: flight for flight in Tournament.objects.filter(main_event=main)}
    assert all(
        (f.buy_in, f.fee, f.starting_stack) == (main.buy_in, main.fee, main.starting_stack) for f in flights.values()
    )

    sign_in(desk, stack.url, staff["desk"], "/")
    for name, flight in flights.items():
        director.goto(f"{stack.url}/tournaments/{flight.id}/director/")
        # The page's parts drawn (the flights, each from its own read) before the tap: a part drawn
        # above the button between Playwright's aim and its tap would take the tap.
        expect(director.locator("[data-live-status]")).to_have_text("live")
        expect(director.locator(f'[data-flight="{name}"]')).to_be_visible()
        director.get_by_role("button", name="Open registration").click()
        expect(director.locator("[data-result]")).to_have_text("Registration is open: the desks sell.")
        expect(director.locator("[data-registration]")).to_have_text("Registration is open.")
        desk.goto(f"{stack.url}/tournaments/{flight.id}/desk/")
        desk.get_by_label("Desk").fill("desk 1")
        desk.get_by_label("Shift").fill("day 1")
        for first in FLIGHTS[name]:
            register(desk, first)
            expect(desk.locator("[data-sale-result]")).to_contain_text("registered")

    pages = (director, tablet, lobby)
    sign_in(tablet, stack.url, staff["floor"], "/")
    a, b, c = flights["Day 1A"], flights["Day 1B"], flights["Day 1C"]
    desk.goto(f"{stack.url}/tournaments/{b.id}/desk/")
    find_existing(desk, "Ann")  # FLIGHT-REENTRY: still in play in Day 1A; the desk says so before a sale
    expect(desk.locator("[data-register-why]")).to_contain_text("a player plays one flight at a time")
    expect(desk.get_by_role("button", name="Register")).to_be_disabled()
    floor = Floor(tablet, a)
    play_the_day(pages, stack.url, a, floor)
    twice = Entry.objects.filter(tournament=a, status="active").order_by("number")[0].player.first_name
    close_the_flight(director, stack.url, a)
    expect(director.locator('[data-flight="Day 1A"]')).to_contain_text("closed, 3 qualified")

    desk.goto(f"{stack.url}/tournaments/{b.id}/desk/")
    sell_existing(desk, twice)  # best_stack: bagged in Day 1A, may try again
    expect(desk.locator("[data-sale-result]")).to_contain_text("registered")
    play_the_day(pages, stack.url, b, floor, keep=twice)  # so that the player has two bags
    close_the_flight(director, stack.url, b)
    play_the_day(pages, stack.url, c, floor)
    close_the_flight(director, stack.url, c)

    # Day 2: the main event's director opens its tables by ranges and draws the bags.
    director.goto(f"{stack.url}/tournaments/{main.id}/director/")
    qualified = Qualifier.objects.filter(main_event=main, status="forward").count()
    expect(director.locator("[data-day-two-state]")).to_have_text(f"{qualified} bags have qualified for Day 2 so far.")
    director.get_by_label("Day 2 tables").fill("1-2")
    director.get_by_role("button", name="Open Day 2 tables").click()
    expect(director.locator("[data-flights-result]")).to_have_text("Day 2 tables opened: 1-2.")  # said after the reload
    expect(director.locator("[data-day-two-tables] input")).to_have_value("")  # reloaded
    director.get_by_role("button", name="Draw Day 2").click()
    expect(director.locator("[data-day-two-state]")).to_have_text(
        f"Day 2 is drawn: {qualified} qualifiers are seated. Find your seat below."
    )
    expect(director.locator("[data-flights-result]")).to_have_text("Day 2 is drawn.")
    seat = Seating.objects.get(
        entry__qualified_from__player__first_name=twice, ended_at__isnull=True, entry__qualified_from__status="forward"
    )
    where = f"table {seat.tournament_table.table.number}, seat {seat.seat}"
    rows = director.locator(f'[data-qualifier="{twice} Field"]')
    expect(rows).to_have_count(2)  # FLIGHT-REENTRY best_stack: the bigger bag goes on, the other is forfeited
    expect(rows.filter(has_text=where)).to_have_count(1)
    expect(rows.filter(has_text="forfeited: The bag of")).to_have_count(1)

    lobby.goto(f"{stack.url}/tournaments/{main.id}/")
    sold = Entry.objects.filter(tournament__main_event=main, kind="buy_in").count()
    assert prize_pool(main)["collected"] == sold * main.buy_in  # one pool from every flight
    expect(lobby.locator("[data-flights-pool]")).to_contain_text(f"{sold} entries in all flights")
    expect(lobby.locator('[data-flight="Day 1B"]')).to_contain_text("3 entries")
    lobby.get_by_label("Your name").fill(twice)
    lobby.get_by_role("button", name="Find").click()
    expect(lobby.locator("[data-found]")).to_contain_text(
        f"{twice} F. (#{seat.entry.number}): {where}, bag {seat.entry.chips:,}"
    )

    ticket = Entry.objects.get(id=seat.entry.qualified_from.flight_entry_id)
    lobby.goto(f"{stack.url}/tournaments/{ticket.tournament_id}/seat/{ticket.public_code}/")
    expect(lobby.locator("[data-day-two-seat]")).to_have_text(f"Day 2: {where}")
    expect(lobby.locator("[data-seat]")).to_have_text(f"Day 2: {where}")  # the headline, live from the seat API
    expect(lobby.locator("[data-day-two-bag]")).to_contain_text(f"Your bag: {seat.entry.chips:,} chips")
