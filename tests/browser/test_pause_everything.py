"""Issue 27, "Devices that drop": the console lists the tablets connected; when most of them
drop at once it says so and its one tap pauses the level clock and every table's action clock,
in Chromium against real web, worker and beat."""

import pytest
import redis
from django.conf import settings
from playwright.sync_api import expect

from clock.models import Clock
from clock.services import level_clock
from tables.services.draw import draw_field, open_tables
from tests.helpers.fields import field
from tests.helpers.pages import act, sign_in
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def forget(tournament_id: int) -> None:
    client = redis.Redis.from_url(settings.REDIS_URL)
    for key in client.scan_iter(f"{settings.NAMESPACE}:presence:{tournament_id}:*"):
        client.delete(key)


def test_AC_SUSPEND_the_console_sees_the_tablets_drop_and_pauses_every_clock_with_one_tap(
    stack, new_page, make_tournament, staff
):
    tournament = field(make_tournament, 12, tables=2)
    forget(tournament.id)
    Tournament.objects.filter(pk=tournament.pk).update(ruleset={"preset": "action-clock"})
    act(open_tables, tournament.id, [1, 2], staff["director"])
    act(draw_field, tournament.id, staff["director"], 3)
    act(level_clock.start_clock, tournament.id, staff["director"])

    page = new_page()
    sign_in(page, stack.url, staff["director"], f"/tournaments/{tournament.id}/director/")
    tablets = []
    for table in (1, 2):
        tablet = new_page()
        sign_in(tablet, stack.url, staff["floor"], f"/tournaments/{tournament.id}/floor/?table={table}")
        expect(tablet.locator("[data-live-status]")).to_have_text("live")
        tablets.append(tablet)
    devices = page.locator("[data-devices]")
    expect(devices.locator("[data-devices-count]")).to_have_text("3")  # the two tablets and the console
    page.get_by_text("Tablets and desks connected").click()
    expect(devices.locator("[data-devices-list] li").filter(has_text="Table 2")).to_contain_text(
        staff["floor"].username
    )
    expect(devices.locator("[data-mass-drop]")).to_be_hidden()

    for tablet in tablets:  # the venue's network goes
        tablet.close()
    expect(devices.locator("[data-mass-drop]")).to_contain_text("2 devices (67%) dropped")
    page.get_by_role("button", name="Pause every clock now").click()
    expect(page.locator("[data-pause-everything-result]")).to_have_text("Every clock is paused.")
    clock = Clock.objects.get(tournament=tournament)
    assert clock.status == "paused" and clock.action_suspended == "the tablets lost the network"
    assert list(tournament.events.order_by("-seq").values_list("kind", flat=True)[:2]) == [
        "clock.paused",
        "action.suspension",
    ]
