"""A satellite through the pages (REG-NONTRANSFER): created on the new-tournament page with its
target, sold at the desk, busted to its winner on the floor tablet; at the finish the vouchers
appear on the director's page and the winner's seat page, the target's desk finds the
winner's voucher by player and sells the won entry with it, and the festival schedule (a
360 px phone) shows the satellite and the target's seats left change live."""

import re

import pytest
from playwright.sync_api import expect

from clock.models import Clock
from tests.helpers.pages import sign_in
from tests.helpers.tablet import answer_questions, tap
from tests.helpers.whole_event import Floor, open_draw_and_start, open_registration, register, venue_and_template
from tournaments.models import Entry, Tournament, WonSeat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_SAT_SEATS_REG_NONTRANSFER_a_satellite_through_the_pages_awards_seats_the_target_s_desk_sells(
    stack, new_page, staff
):
    festival, structure = venue_and_template()
    # The target: 200 + 20 EUR, 20 seats, registration open.
    target = Tournament.objects.create(
        festival=festival,
        name="Main Event",
        buy_in=20_000,
        fee=2_000,
        max_entries=20,
        status=Tournament.Status.REGISTRATION,
    )
    Clock.objects.create(tournament=target, structure=structure)
    director, desk, tablet, phone = new_page(), new_page(), new_page(), new_page(width=360, height=740)
    answer_questions(director)
    sign_in(director, stack.url, staff["director"], "/")

    # The satellite names its target on the new-tournament page: 5 × (90 + 10) → 450 in the pool,
    # two seats of 220 and 10 in cash to 3rd.
    director.get_by_role("link", name="New tournament").click()
    director.get_by_label("Festival", exact=True).select_option(str(festival.id))
    director.get_by_label("Name", exact=True).fill("Satellite A")
    director.get_by_label("Entry price").fill("100")
    expect(director.get_by_label("Fee")).to_have_value("10.00")
    director.get_by_label("Satellite for").select_option(label="Main Event (Club Series)")
    director.get_by_label("Structure").select_option(str(structure.id))
    director.get_by_role("button", name="Create the tournament").click()
    expect(director).to_have_url(re.compile(r"/tournaments/\d+/setup/$"))
    expect(director.locator(".setup[data-wired]")).to_have_count(1)  # static/setup.js answers the forms
    satellite = Tournament.objects.get(name="Satellite A")
    assert satellite.satellite_for_id == target.id
    expect(director.get_by_label("Satellite for")).to_have_value(str(target.id))
    director.get_by_label("Table number").fill("1")
    director.get_by_label("Seats", exact=True).fill("9")
    director.get_by_role("button", name="Add the table").click()
    expect(director.locator("[data-result]")).to_have_text("Table 1 added (9 seats).")
    open_registration(director, satellite)

    # The festival schedule on a phone: the satellite feeds the main event, whose seats are all left.
    phone.goto(f"{stack.url}/festivals/{festival.id}/schedule/")
    main = phone.locator(f'[data-event="{target.id}"]')
    expect(main).to_contain_text("Main Event")
    expect(main.locator("[data-seats-left]")).to_have_text("20 of 20 seats left")
    expect(main).to_contain_text("Satellites: Satellite A")
    expect(phone.locator(f'[data-event="{satellite.id}"]')).to_contain_text("Satellite: seats in Main Event")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360  # fits the phone

    sign_in(desk, stack.url, staff["desk"], f"/tournaments/{satellite.id}/desk/")
    desk.get_by_label("Desk").fill("desk 1")
    desk.get_by_label("Shift").fill("evening")
    for i in range(5):
        register(desk, f"Sat{i}")
        expect(desk.locator("[data-sale-result]")).to_contain_text(f"Entry #{i + 1} registered")

    open_draw_and_start(director, stack.url, satellite.id, "1", "Opened table 1.")
    lobby = new_page()
    lobby.goto(f"{stack.url}/tournaments/{satellite.id}/")
    expect(lobby.locator('[data-clock="paid"]')).to_have_text(
        "2 seats in Main Event · 10.00 EUR cash to the next place"
    )

    # The floor busts the field to its winner, one hand each.
    sign_in(tablet, stack.url, staff["floor"], f"/tournaments/{satellite.id}/floor/")
    floor = Floor(tablet, satellite)
    expect(floor.seated()).to_have_count(5)
    for _ in range(3):
        floor.bust(1)
    floor.same_hand = False
    tap(floor.seated(1).first, "Out")
    expect(lobby.locator("[data-winner]")).to_contain_text("The tournament is over. Winner:")

    # The director's page lists the two vouchers; the winner's seat page shows theirs.
    seats = list(WonSeat.objects.filter(won_with__tournament=satellite).select_related("player", "won_with"))
    assert len(seats) == 2 and {seat.tournament_id for seat in seats} == {target.id}
    director.reload()
    issued = director.locator("[data-vouchers-issued] tbody tr")
    expect(issued).to_have_count(2)
    for seat in seats:
        expect(director.locator(f'[data-vouchers-issued] tr[data-voucher="{seat.code}"]')).to_contain_text(
            f"{seat.player}{seat.code}Main Event"
        )
    winner = next(seat for seat in seats if seat.won_with.status == Entry.Status.ACTIVE)
    seat_page = new_page(width=360, height=740)
    seat_page.goto(f"{stack.url}/tournaments/{satellite.id}/seat/{winner.won_with.public_code}/")
    expect(seat_page.locator("[data-my-vouchers]")).to_have_text(f"You won a seat in Main Event: voucher {winner.code}")
    results = new_page()
    results.goto(f"{stack.url}/tournaments/{satellite.id}/results/")
    expect(results.locator(f'[data-results] tr[data-entry="{winner.won_with.number}"]')).to_contain_text(
        "Seat in Main Event"
    )

    # The target's desk finds the voucher by the player and sells the won entry with it; the
    # schedule's seats left for the main event go down without a reload.
    desk.goto(f"{stack.url}/tournaments/{target.id}/desk/")
    desk.get_by_label("Find player").fill(winner.player.first_name)
    desk.locator("[data-results] button").first.click()
    voucher = desk.locator(f'[data-won-seats] li[data-voucher="{winner.code}"]')
    expect(voucher).to_contain_text(f"Won seat in Main Event: voucher {winner.code}")
    voucher.get_by_role("button", name="Use this voucher").click()
    expect(desk.locator("#sale [name=won_seat_code]")).to_have_value(winner.code)
    expect(desk.locator("#sale [name=won_seat_code]")).to_be_visible()  # the won entry's field is shown
    desk.get_by_role("button", name="Register").click()
    expect(desk.locator("[data-sale-result]")).to_contain_text("Entry #1 registered")
    winner.refresh_from_db()
    assert winner.entry.tournament_id == target.id and winner.entry.paid == 0
    expect(main.locator("[data-seats-left]")).to_have_text("19 of 20 seats left")
    expect(desk.locator("[data-won-seats] li")).to_have_count(0)  # spent: no longer offered
