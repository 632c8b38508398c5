"""Online pre-registration as people use it, in Chromium against a real web process: players
on phones register for a flight and get their QR code, a second finds it full and joins the
waiting list, and the clerk scans the code, checks the ID and confirms the entry in one tap."""

import re

import pytest
from playwright.sync_api import expect

from players.models import PreRegistration
from tests.helpers.pages import sign_in
from tournaments.models import Entry, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 390, "height": 844}


def fill_in(page, first: str, last: str, document: str) -> None:
    page.get_by_label("First name").fill(first)
    page.get_by_label("Last name").fill(last)
    page.get_by_label("Date of birth").fill("1990-05-17")
    page.get_by_label("Email").fill(f"{first.lower()}@example.com")
    page.get_by_label("Nationality").fill("AT")
    page.get_by_label("Photo ID you will show at the desk").select_option("passport")
    page.get_by_label("ID number").fill(document)
    page.get_by_label("Issued by (country)").fill("AT")
    page.get_by_label("I accept the terms and tournament rules").check()


def test_players_pre_register_on_phones_and_the_desk_confirms_the_entry_in_one_tap(
    stack, new_page, make_tournament, staff
):
    main = make_tournament(name="Main Event")
    Tournament.objects.filter(pk=main.pk).update(status="scheduled", buy_in=100_000, fee=10_000)
    day_1a = Tournament.objects.create(
        festival=main.festival,
        name="Day 1A",
        main_event=main,
        max_entries=1,
        buy_in=100_000,
        fee=10_000,
        status=Tournament.Status.REGISTRATION,
    )
    day_1b = Tournament.objects.create(
        festival=main.festival,
        name="Day 1B",
        main_event=main,
        max_entries=2,
        buy_in=100_000,
        fee=10_000,
        status=Tournament.Status.REGISTRATION,
    )
    register = f"{stack.url}/festivals/{main.festival_id}/register/"

    # The second player has the page open already: its seats left change as others register.
    second = new_page(**PHONE)
    second.goto(register)
    expect(second.locator(f'[data-seats-left="{day_1a.id}"]')).to_have_text("1 seat left")

    first = new_page(**PHONE)
    first.goto(register)
    expect(first.locator(".flight-group")).to_contain_text("Main Event")
    first.locator(f'[data-flight="{day_1a.id}"] input').check()
    fill_in(first, "Ada", "Lovelace", "AT 1234567")
    first.get_by_label("I agree to be filmed and photographed (image rights)").check()
    first.get_by_role("button", name="Register").click()
    expect(first).to_have_url(re.compile(r"/preregistered/[A-Z0-9]{10}/$"))
    expect(first.locator("[data-prereg-status]")).to_have_text(
        "Your seat is held: show this code and your photo ID at the desk."
    )
    expect(first.locator("[data-qr] svg")).to_be_visible()
    code = first.locator("[data-prereg-code]").inner_text()

    expect(second.locator(f'[data-seats-left="{day_1a.id}"]')).to_have_text("full")  # live, no reload
    second.locator(f'[data-flight="{day_1a.id}"] input').check()
    fill_in(second, "Grace", "Hopper", "US1906")
    second.get_by_role("button", name="Register").click()
    expect(second.locator("[data-prereg-result]")).to_contain_text(
        "Day 1A is full: join its waiting list or choose Day 1B."
    )
    expect(second.get_by_role("button", name="Choose Day 1B")).to_be_visible()
    second.get_by_role("button", name="Join the waiting list").click()
    expect(second).to_have_url(re.compile(r"/preregistered/[A-Z0-9]{10}/$"))
    expect(second.locator("[data-prereg-status]")).to_have_text("You are number 1 on the waiting list.")

    # The desk: a USB scanner types the QR code's URL into the Pre-registered field, then Enter.
    desk = new_page()
    sign_in(desk, stack.url, staff["desk"], f"/tournaments/{day_1a.id}/desk/")
    expect(desk.locator("[data-live-status]")).to_have_text("live")
    desk.get_by_label("Desk").fill("desk 1")
    desk.get_by_label("Shift").fill("Saturday morning")
    desk.get_by_label("Pre-registered").fill(f"{stack.url}/preregistered/{code}/")
    desk.get_by_label("Pre-registered").press("Enter")
    details = desk.locator("[data-prereg-details]")
    expect(desk.locator("[data-prereg-name]")).to_have_text(f"Ada Lovelace · {code}")
    expect(details).to_contain_text("1990-05-17")
    expect(details).to_contain_text("AT1234567")
    expect(details).to_contain_text("pay at the desk")
    desk.locator("[data-prereg-method]").select_option("card")
    desk.get_by_role("button", name="Photo ID checked: confirm the entry").click()
    expect(desk.locator("[data-prereg-result]")).to_contain_text("Entry #1 registered for Ada Lovelace.")
    expect(desk.locator("[data-entries]")).to_have_text("1")  # live from the staff feed
    entry = Entry.objects.get(tournament=day_1a)
    assert (entry.method, entry.player.id_document_number) == ("card", "AT1234567")
    assert PreRegistration.objects.get(code=code).status == "confirmed"

    desk.locator("[data-prereg-result]").get_by_role("link", name="Print ticket").click()
    ticket = desk.locator("[data-ticket]")
    expect(ticket).to_contain_text("Ada Lovelace")
    expect(ticket).to_contain_text("#1 · buy-in")
    expect(ticket.locator(".qr svg")).to_be_visible()

    # The registration page: Day 1A is full (sold now, not held), Day 1B has its two seats.
    second.goto(register)
    expect(second.locator(f'[data-seats-left="{day_1a.id}"]')).to_have_text("full")
    expect(second.locator(f'[data-waiting="{day_1a.id}"]')).to_have_text("· 1 waiting")
    expect(second.locator(f'[data-seats-left="{day_1b.id}"]')).to_have_text("2 seats left")
