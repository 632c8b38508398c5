"""The set-up page's house choices in Chromium (issue 24): the time limit's chip-chop split
(CLK-LIMIT), whether the director may alter a published breaking order (SEAT-BREAK) and
kentucky's seating by cards, shown as the tournament's ruleset has them and saved from the page."""

import pytest
from playwright.sync_api import expect

from tests.helpers.pages import act, sign_in
from tournaments.models import Festival
from tournaments.services.setup import Settings, create_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_CLK_LIMIT_SEAT_BREAK_the_set_up_page_edits_the_split_and_the_breaking_order_choice(stack, new_page, staff):
    festival = Festival.objects.create(name="Charity Series", venue="Lodge Hall", currency="USD")
    tournament = act(
        create_tournament,
        festival.id,
        Settings(name="Charity Night", ruleset_preset="kentucky", buy_in=8_500, fee=1_500, starting_stack=10_000),
        None,
        staff["director"],
        speed="standard",
    )
    page = new_page()
    sign_in(page, stack.url, staff["director"], f"/tournaments/{tournament.id}/setup/")
    split = page.get_by_label("Time limit's chip-chop")
    alter = page.get_by_label("the director may alter the published breaking order, with a reason")
    cards = page.get_by_label("seat by cards after the draw and at the final table", exact=False)
    expect(split).to_have_value("rounded_percent")  # kentucky's sheet
    expect(alter).not_to_be_checked()
    expect(cards).to_be_checked()
    split.select_option("exact")
    alter.check()
    cards.uncheck()
    page.get_by_role("button", name="Save the settings").click()
    expect(page.locator("[data-result]")).to_have_text("Settings saved.")
    tournament.refresh_from_db()
    rules = tournament.rules()
    assert rules.clock.time_limit_split == "exact"
    assert rules.seating.alter_published_breaking_order and not rules.seating.seat_by_cards
    page.reload()  # the page shows the tournament's own copy now
    expect(split).to_have_value("exact")
    expect(alter).to_be_checked()
    expect(cards).not_to_be_checked()
