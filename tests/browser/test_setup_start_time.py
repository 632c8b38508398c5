"""The set-up page's start time (issue 27): a start PostgreSQL cannot keep (here midnight of
1 January of the year 1 in Vienna, before the year 1 in UTC) is said on the page as a sentence,
and nothing is saved."""

import pytest
from playwright.sync_api import expect

from tests.helpers.pages import act, sign_in
from tournaments.models import Festival
from tournaments.services.setup import Settings, create_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_start_time_the_database_cannot_keep_is_said_on_the_set_up_page(stack, new_page, staff):
    festival = Festival.objects.create(name="Winter Series", venue="Casino", currency="EUR", time_zone="Europe/Vienna")
    tournament = act(
        create_tournament,
        festival.id,
        Settings(name="Opener", ruleset_preset="pokerfest", buy_in=10_000, fee=1_000, starting_stack=20_000),
        None,
        staff["director"],
        speed="standard",
    )
    page = new_page()
    sign_in(page, stack.url, staff["director"], f"/tournaments/{tournament.id}/setup/")
    page.get_by_role("textbox", name="Starts at", exact=True).fill("0001-01-01T00:00")
    page.get_by_role("button", name="Save the settings").click()
    expect(page.locator("[data-result]")).to_contain_text("A start time must fall between the years 1 and 9999")
    tournament.refresh_from_db()
    assert tournament.starts_at is None
