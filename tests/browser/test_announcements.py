"""TD-ANNOUNCE in Chromium: the director announces from a template, every screen of the
tournament (lobby on a phone, a floor tablet, the desk) shows it, and taking it down removes it
everywhere; an expired one goes without an event."""

import pytest
from playwright.sync_api import expect

from tests.helpers.pages import sign_in
from tournaments.models import Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_TD_ANNOUNCE_the_director_announces_and_takes_down_on_every_screen(
    stack, new_page, make_tournament, staff, browser
):
    t = make_tournament().id
    director, floor, desk = new_page(), new_page(), new_page()
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    phone.clock.install()  # the phone's own clock, moved on below to see an announcement expire
    sign_in(director, stack.url, staff["director"], f"/tournaments/{t}/director/")
    sign_in(floor, stack.url, staff["floor"], f"/tournaments/{t}/floor/")
    sign_in(desk, stack.url, staff["desk"], f"/tournaments/{t}/desk/")
    phone.goto(f"{stack.url}/tournaments/{t}/")
    screens = (director, floor, desk, phone)
    for page in screens:
        expect(page.locator("[data-live-status]")).to_have_text("live")
        expect(page.locator("[data-announcements]")).to_be_hidden()

    director.locator("summary", has_text="Announce to every screen").click()
    director.get_by_label("Announcement template").select_option(label="Colour-up")
    text = director.get_by_label("Announcement", exact=True)
    expect(text).to_have_value(
        "Colour-up at the next break: the … chips leave play. Stay at your table to watch the chip race."
    )
    director.get_by_role("button", name="Announce", exact=True).click()
    expect(director.locator("[data-result]")).to_have_text("Fill in the template's … before sending it.")
    text.fill("Colour-up at the next break: the 25 chips leave play.")
    director.get_by_role("button", name="Announce", exact=True).click()
    expect(director.locator("[data-result]")).to_have_text("Announced on every screen.")
    for page in screens:
        expect(page.locator("[data-announcements] .announcement")).to_have_text(
            "Colour-up at the next break: the 25 chips leave play." + (" Take down" if page is director else "")
        )
    expect(floor.get_by_role("button", name="Take down")).to_have_count(0)  # only the director's page takes down

    director.get_by_role("button", name="Take down").click()
    expect(director.locator("[data-result]")).to_have_text("Taken down from every screen.")
    for page in screens:
        expect(page.locator("[data-announcements]")).to_be_hidden()

    # One that expires: the screens drop it by their own clock, no event needed.
    director.get_by_label("Announcement", exact=True).fill("The bar closes in ten minutes.")
    director.get_by_label("Minutes up").fill("10")
    director.get_by_role("button", name="Announce", exact=True).click()
    expect(phone.locator("[data-announcements] .announcement")).to_have_text("The bar closes in ten minutes.")
    phone.clock.fast_forward("10:01")  # ten minutes later on the phone: gone, with no event
    expect(phone.locator("[data-announcements]")).to_be_hidden()
    expect(floor.locator("[data-announcements] .announcement")).to_have_text("The bar closes in ten minutes.")
    assert Event.objects.filter(tournament_id=t, kind="announcement.dismissed").count() == 1
    phone.context.close()
