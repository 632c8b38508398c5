"""Issue 27, "Devices that drop": the director's one tap pauses the level clock and every table's
action clock, in Chromium against real web, worker and beat."""

import pytest
from playwright.sync_api import expect

from clock.models import Clock
from clock.services import level_clock
from tables.services.draw import draw_field, open_tables
from tests.helpers.fields import field
from tests.helpers.pages import act, sign_in
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_AC_SUSPEND_the_director_pauses_every_clock_with_one_tap(stack, new_page, make_tournament, staff):
    tournament = field(make_tournament, 12, tables=2)
    Tournament.objects.filter(pk=tournament.pk).update(ruleset={"preset": "action-clock"})
    act(open_tables, tournament.id, [1, 2], staff["director"])
    act(draw_field, tournament.id, staff["director"], 3)
    act(level_clock.start_clock, tournament.id, staff["director"])

    page = new_page()
    sign_in(page, stack.url, staff["director"], f"/tournaments/{tournament.id}/director/")
    expect(page.locator("[data-live-status]")).to_have_text("live")
    page.get_by_text("The tablets dropped: pause every clock").click()
    page.get_by_role("button", name="Pause every clock").click()
    expect(page.locator("[data-pause-everything-result]")).to_have_text("Every clock is paused.")
    clock = Clock.objects.get(tournament=tournament)
    assert clock.status == "paused" and clock.action_suspended == "the tablets lost the network"
    assert list(tournament.events.order_by("-seq").values_list("kind", flat=True)[:2]) == [
        "clock.paused",
        "action.suspension",
    ]
