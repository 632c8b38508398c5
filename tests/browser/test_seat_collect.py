"""SEAT-COLLECT (pokerfest L148) on the floor tablet, in Chromium against the real stack: the
seat cards still to collect, a collected stack that waits for its number, and all seat-1s going
into play together."""

import pytest
from playwright.sync_api import expect

from tables.services.draw import draw_field, open_tables
from tests.helpers.fields import field
from tests.helpers.pages import act, sign_in
from tests.helpers.tablet import tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_SEAT_COLLECT_the_tablet_collects_seat_cards_and_a_seat_numbers_stacks_go_in_together(
    stack, new_page, make_tournament, staff
):
    tournament = field(make_tournament, 4, 2, seats=2)  # two tables, seats 1 and 2 taken at each
    act(open_tables, tournament.id, [1, 2], staff["director"])
    act(draw_field, tournament.id, staff["director"], 5)
    tablet = new_page()
    sign_in(tablet, stack.url, staff["floor"], f"/tournaments/{tournament.id}/floor/")
    first, second = (tablet.locator(f'.table-card[data-table="{n}"]') for n in (1, 2))
    expect(first.locator("[data-collecting]")).to_have_attribute("data-collecting", "1,2")
    expect(first.locator('li[data-collect="to-collect"]')).to_have_count(2)
    expect(first.locator("[data-collecting]")).to_contain_text("To collect here: seats 1, 2.")

    tap(first.locator('li[data-seat="1"]'), "Seat card collected")
    expect(tablet.locator("[data-result]")).to_have_text("Table 1 seat 1 collected: its stack waits for every seat 1.")
    expect(first.locator('li[data-seat="1"]')).to_have_attribute("data-collect", "waiting")
    expect(first.locator('li[data-seat="1"]')).to_have_attribute("title", "waits for every seat 1")

    tap(second.locator('li[data-seat="1"]'), "Seat card collected")
    expect(tablet.locator("[data-result]")).to_have_text("Every seat 1 is collected: those stacks go into play.")
    expect(first.locator("[data-collecting]")).to_have_attribute("data-collecting", "2")
    expect(first.locator('li[data-seat="1"][data-collect]')).to_have_count(0)

    for card in (first, second):
        tap(card.locator('li[data-seat="2"]'), "Seat card collected")
    expect(tablet.locator("[data-result]")).to_have_text("Every seat 2 is collected: those stacks go into play.")
    expect(tablet.locator("[data-collecting]")).to_have_count(0)  # every stack in play: nothing to say
