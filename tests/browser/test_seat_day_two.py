"""One seat page, opened at a phone's size (390x844) from a flight ticket's QR code, follows its
player through the whole main event without a reload (issue 22): the flight's seat, the bag, the
way to Day 2 once the flight closes (the page then listens to the main event: the dead flight's
clock goes), the Day 2 seat with both entry numbers, a table break, the final table's redraw,
and the place and prize at the finish. Every step waits on the page's state."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tables.models import Qualifier
from tables.services.breaking import break_next_table, draw_final_table, set_breaking_order
from tables.services.floor import player_out
from tests.helpers.day_two import bag, bag_the_rest_and_close, draw_day_two_at, end_the_day, main_event_with_a_flight
from tests.helpers.day_two import seat_of_entry as where
from tests.helpers.pages import act
from tournaments.models import Entry, Tournament
from tournaments.queries.payouts import payout

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOLLOWS = "(path) => document.querySelector('[data-live-path]').dataset.livePath === path"
FITS = "() => document.documentElement.scrollWidth <= window.innerWidth"


def test_PHONES_a_flight_ticket_s_seat_page_follows_its_player_live_to_the_prize(
    stack, new_page, make_tournament, staff
):
    main, flight = main_event_with_a_flight(make_tournament, staff, 7, call=act)
    ticket = Entry.objects.get(tournament=flight, number=3)
    page = new_page(390, 844)
    page.goto(f"{stack.url}/tournaments/{flight.id}/seat/{ticket.public_code}/")
    expect(page.locator("[data-live-status]")).to_have_text("live")
    table, seat = where(ticket)
    expect(page.locator("[data-seat]")).to_have_text(f"Table {table} · seat {seat}")
    expect(page.locator("[data-day-two]")).to_be_hidden()

    # The last hand is played and the floor bags the chips: the bag shows at once.
    end_the_day(flight)
    act(bag, flight, staff, ticket, 61_000)
    expect(page.locator("[data-day-two-bag]")).to_have_text("Your bag: 61,000 chips")
    expect(page.locator("[data-day-two-seat]")).to_have_text(
        "Bagged: the bag qualifies for Day 2 once the flight closes."
    )

    # The flight closes: the way to Day 2 and its start, and the page moves to the main event's feed.
    Tournament.objects.filter(pk=main.pk).update(starts_at=timezone.now() + timedelta(days=1))
    act(bag_the_rest_and_close, flight, staff)
    expect(page.locator("[data-day-two-start]")).to_contain_text("Day 2 starts ")
    expect(page.locator("[data-seat]")).to_have_text("Your flight is over: your way to Day 2 is below.")
    expect(page.locator("[data-day-two-seat]")).to_have_text(
        "Qualified for Day 2: your table and seat appear here once Day 2 is drawn."
    )
    page.wait_for_function(FOLLOWS, arg=f"/ws/tournaments/{main.id}/lobby/")
    expect(page.locator("[data-lobby-link]")).to_have_attribute("href", f"/tournaments/{main.id}/")
    expect(page.locator("[data-live-status]")).to_have_text("live")

    # Day 2 is drawn: its seat, both entry numbers.
    act(draw_day_two_at, main, staff, [2, 3])
    day_two = Qualifier.objects.get(flight_entry=ticket).day_two_entry
    table, seat = where(day_two)
    expect(page.locator("[data-seat]")).to_have_text(f"Day 2: table {table}, seat {seat}")
    expect(page.locator("[data-entry-numbers]")).to_have_text(f"Day 1A #3 is Main Event #{day_two.number} on Day 2.")
    expect(page.locator("[data-day-two-seat]")).to_have_text(f"Day 2: table {table}, seat {seat}")
    expect(page.locator("[data-day-two-start]")).to_be_hidden()  # Day 2 is on
    # A new day's first seat, not a move (the flight's seat is gone with the bag).
    expect(page.locator("[data-seat-changed]")).to_have_text(f"Your seat: table {table}, seat {seat}.")

    # The player's table breaks: the new seat, announced.
    other = 5 - table  # 2 <-> 3
    act(set_breaking_order, main.id, [table, other], staff["director"])
    act(break_next_table, main.id, staff["director"], 7)
    table, seat = where(day_two)
    assert table == other
    expect(page.locator("[data-seat]")).to_have_text(f"Day 2: table {table}, seat {seat}")
    expect(page.locator("[data-seat-changed]")).to_contain_text(f"Move to table {table} seat {seat}")

    # The final table is drawn again: the seat there.
    act(draw_final_table, main.id, staff["director"], 8)
    table, seat = where(day_two)
    expect(page.locator("[data-seat]")).to_have_text(f"Day 2: table {table}, seat {seat}")
    page.wait_for_function(FITS)

    # Everyone else goes out: the player wins, place and prize on the page.
    for entry in Entry.objects.filter(tournament=main, status="active").exclude(pk=day_two.pk).order_by("number"):
        act(player_out, main.id, *where(entry), staff["floor"], new_hand=True)
    first = payout(main)[0]
    expect(page.locator("[data-seat]")).to_have_text("The tournament is over: see the results.")
    expect(page.locator("[data-my-finish]")).to_have_text(
        f"You finished 1st of 7 · prize {first / 100:,.2f} EUR: collect it at the payout desk."
    )
    expect(page.locator("[data-day-two-seat]")).to_have_text(f"Day 2 entry #{day_two.number}")
    page.wait_for_function(FITS)
