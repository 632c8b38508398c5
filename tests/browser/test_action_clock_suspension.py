"""AC-SUSPEND in Chromium: the director suspends the action clock at a table from the console,
with a reason; the table's tablet says it is suspended at once and offers the floor's clock call
instead; resumed, the tablet's action clock is back. AC-PERIOD: the set-up page sets its period."""

import re

import pytest
from playwright.sync_api import expect

from clock.services.level_clock import start_clock
from tables.models import Seating
from tables.services.draw import draw_field, open_tables
from tests.helpers.fields import field
from tests.helpers.pages import act, sign_in
from tests.helpers.tablet import answer_questions, open_seat
from tournaments.models import Tournament

ACT = re.compile(r"^Act$")  # the dealer's start of the action clock (its accessible name says the seat)
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_AC_SUSPEND_the_director_suspends_the_action_clock_at_a_table_and_its_tablet_shows_it(
    stack, new_page, make_tournament, staff
):
    tournament = field(make_tournament, 6, 1)
    Tournament.objects.filter(pk=tournament.pk).update(ruleset={"preset": "action-clock"})
    act(open_tables, tournament.id, [1], staff["director"])
    act(draw_field, tournament.id, staff["director"], 5)
    act(start_clock, tournament.id, staff["director"])

    tablet, director = new_page(), new_page(1440, 900)
    sign_in(tablet, stack.url, staff["floor"], f"/tournaments/{tournament.id}/floor/?table=1")
    expect(tablet.locator("[data-live-status]")).to_have_text("live")
    expect(tablet.locator("[data-action-halted]")).to_have_count(0)
    seat = Seating.objects.filter(tournament=tournament, ended_at__isnull=True).values_list("seat", flat=True).first()
    expect(open_seat(tablet, 1, seat).locator("button", has_text=ACT)).to_be_visible()
    answer_questions(director)
    sign_in(director, stack.url, staff["director"], f"/tournaments/{tournament.id}/director/")
    expect(director.locator("[data-live-status]")).to_have_text("live")
    director.locator("summary", has_text="Action clock: suspend it in an extreme case").click()
    expect(director.locator("[data-action-state]")).to_have_text("The action clock runs.")
    director.get_by_label("Action clock: table").fill("1")
    suspend = director.get_by_role("button", name="Suspend the action clock")
    suspend.click()
    expect(director.locator("[data-result]")).to_have_text(
        "Say why the action clock is suspended: the reason goes in the tournament log."
    )
    director.get_by_label("Action clock: why it is suspended").fill("a player collapsed")
    suspend.click()
    expect(director.locator("[data-result]")).to_have_text("Action clock suspended at table 1.")
    expect(director.locator("[data-action-state]")).to_have_text("Suspended at table 1 (a player collapsed)")
    expect(tablet.locator('[data-action-halted="1"]')).to_have_text(
        "Action clock suspended by the director: a player collapsed"
    )
    # Play is halted at that table: the floor may still call the clock, the action clock is off.
    expect(open_seat(tablet, 1, seat).locator("button", has_text=ACT)).to_have_count(0)
    event = tournament.events.get(kind="action.suspension")
    assert (event.public, event.payload["reason"]) == ({"table": 1, "suspended": True}, "a player collapsed")

    director.get_by_label("Action clock: table").fill("1")
    director.get_by_role("button", name="Resume the action clock").click()
    expect(director.locator("[data-result]")).to_have_text("Action clock resumed at table 1.")
    expect(director.locator("[data-action-state]")).to_have_text("The action clock runs.")
    expect(tablet.locator("[data-action-halted]")).to_have_count(0)


def test_AC_PERIOD_the_set_up_page_sets_the_action_clocks_period(stack, new_page, make_tournament, staff):
    tournament = make_tournament()
    Tournament.objects.filter(pk=tournament.pk).update(
        ruleset_preset="action-clock", ruleset={"preset": "action-clock"}
    )
    page = new_page(1440, 900)
    sign_in(page, stack.url, staff["director"], f"/tournaments/{tournament.id}/setup/")
    page.get_by_label("Action clock from level").fill("9")
    page.get_by_label("Action clock until level").fill("4")
    page.get_by_role("button", name="Save the settings").click()
    expect(page.locator("[data-result]")).to_have_text(
        "clock.action_clock_until_level must be 9 or later: the period starts there."
    )
    page.get_by_label("Action clock until level").fill("")
    page.get_by_label("Action clock from day").fill("2")
    page.get_by_role("button", name="Save the settings").click()
    expect(page.locator("[data-result]")).to_have_text("Settings saved.")
    clock = Tournament.objects.get(pk=tournament.pk).rules().clock
    assert (clock.action_clock_from_level, clock.action_clock_until_level, clock.action_clock_from_day) == (9, None, 2)
