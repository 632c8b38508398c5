"""The set-up page's house choices in Chromium (issue 24): the time limit's chip-chop split
(CLK-LIMIT), whether the director may alter a published breaking order (SEAT-BREAK) and
kentucky's seating by cards, shown as the tournament's ruleset has them and saved from the page."""

import pytest
from playwright.sync_api import expect

from tests.helpers.pages import act, sign_in
from tournaments.models import Festival, Tournament
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


def test_ENT_REBUY_ENT_ADDON_a_league_event_switches_rebuys_and_the_addon_on_from_the_set_up_page(
    stack, new_page, staff
):
    """neverending L37: a league event may sell rebuys for a set time and an add-on at their end
    though its house's preset has neither; the page then asks for their price and chips."""
    festival = Festival.objects.create(name="League Night", venue="The Venue", currency="GBP")
    tournament = act(
        create_tournament,
        festival.id,
        Settings(name="League Week 3", ruleset_preset="neverending", buy_in=5_000, fee=500, starting_stack=10_000),
        None,
        staff["director"],
        speed="standard",
    )
    page = new_page()
    sign_in(page, stack.url, staff["director"], f"/tournaments/{tournament.id}/setup/")
    expect(page.get_by_label("Rebuy price")).to_have_count(0)  # the house sells none
    page.get_by_label("rebuys are sold", exact=False).check()
    page.get_by_label("Rebuys sold for (minutes of play)").fill("70")
    page.get_by_label("an add-on at the end of the rebuy period").check()
    page.get_by_role("button", name="Save the settings").click()
    # The page comes back with the rebuy's and the add-on's numbers to fill in.
    page.get_by_label("Rebuy price").fill("20")
    page.get_by_label("Rebuy chips").fill("10000")
    page.get_by_label("Add-on price").fill("30")
    page.get_by_label("Add-on chips").fill("15000")
    page.get_by_role("button", name="Save the settings").click()
    expect(page.locator("[data-result]")).to_have_text("Settings saved.")
    entries = Tournament.objects.get(pk=tournament.pk).rules().entries
    assert (entries.rebuy, entries.rebuy_minutes, entries.rebuy_price, entries.rebuy_chips) == (True, 70, 2_000, 10_000)
    assert (entries.addon, entries.addon_price, entries.addon_chips) == (True, 3_000, 15_000)
