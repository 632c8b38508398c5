"""A whole festival through the pages (tests/browser/test_whole_festival.py): a Main Event's
flights, its satellite and online pre-registration, as the director, the desk, two floor people
and a player's phone do them. Builds on tests/helpers/whole_event.py."""

import re
from decimal import Decimal

from django.contrib.auth.models import Group, User
from playwright.sync_api import expect

from tests.helpers.personas import PASSWORD
from tests.helpers.tablet import open_seat
from tests.helpers.whole_event import Floor, open_draw_and_start, register
from tournaments.models import Tournament

# Sums as the pages print them: "1,170.00 EUR", "−13.50 EUR".
AMOUNT = re.compile(r"([−-]?)([\d,]+\.\d\d)")


def amount(text: str) -> Decimal:
    sign, digits = AMOUNT.search(text).groups()
    return Decimal(digits.replace(",", "")) * (-1 if sign else 1)


def second_floor_person() -> User:
    """Another floor person: a bag is confirmed by someone other than who bagged it (CHIP-COUNT)."""
    user = User.objects.create_user("floor-2", password=PASSWORD)
    user.groups.add(Group.objects.get(name="floor"))
    return user


def add_flight(director, name: str, seats: int = 9) -> None:
    form = director.locator("[data-add-flight]")
    form.get_by_label("Flight name").fill(name)
    form.get_by_label("Entries on sale in the flight").fill(str(seats))
    form.get_by_role("button", name="Add flight").click()
    expect(director.locator(f'[data-flight="{name}"]')).to_contain_text(f"0 entries / {seats}")


def open_flight_registration(director, base: str, flight: Tournament) -> None:
    director.goto(f"{base}/tournaments/{flight.id}/director/")
    director.get_by_role("button", name="Open registration").click()
    expect(director.locator("[data-registration]")).to_have_text("Registration is open.")


def at_the_desk(desk, base: str, tournament: Tournament, shift: str) -> None:
    desk.goto(f"{base}/tournaments/{tournament.id}/desk/")
    expect(desk.locator("[data-live-status]")).to_have_text("live")
    desk.get_by_label("Desk").fill("desk 1")
    desk.get_by_label("Shift").fill(shift)


def sell(desk, names: list[str]) -> None:
    for first in names:
        register(desk, first)
        expect(desk.locator("[data-sale-result]")).to_contain_text("registered")


def create_satellite(director, festival, structure, name: str, target: str, price: str) -> Tournament:
    """A satellite named on the new-tournament page with its target (REG-NONTRANSFER)."""
    director.get_by_role("link", name="New tournament").click()
    director.get_by_label("Festival", exact=True).select_option(str(festival.id))
    director.get_by_label("Name", exact=True).fill(name)
    director.get_by_label("Entry price").fill(price)
    director.get_by_label("Satellite for").select_option(label=f"{target} ({festival.name})")
    director.get_by_label("Structure").select_option(str(structure.id))
    director.get_by_role("button", name="Create the tournament").click()
    expect(director).to_have_url(re.compile(r"/tournaments/\d+/setup/$"))
    expect(director.locator(".setup[data-wired]")).to_have_count(1)  # static/setup.js answers the forms
    return Tournament.objects.get(name=name)


def use_voucher(desk, first: str, code: str) -> None:
    """The target's desk finds the winner and sells the won entry with their voucher."""
    desk.get_by_label("Find player").fill(first)
    desk.locator("[data-results] button").first.click()
    voucher = desk.locator(f'[data-won-seats] li[data-voucher="{code}"]')
    expect(voucher).to_contain_text(f"voucher {code}")
    voucher.get_by_role("button", name="Use this voucher").click()
    expect(desk.locator("#sale [name=won_seat_code]")).to_have_value(code)
    desk.get_by_role("button", name="Register").click()
    expect(desk.locator("[data-sale-result]")).to_contain_text("registered")


def preregister_on_a_phone(phone, base: str, festival_id: int, flight: Tournament, first: str, last: str) -> str:
    """The player registers for a flight on the festival's page; their code for the desk."""
    phone.goto(f"{base}/festivals/{festival_id}/register/")
    phone.locator(f'[data-flight="{flight.id}"] input').check()
    phone.get_by_label("First name").fill(first)
    phone.get_by_label("Last name").fill(last)
    phone.get_by_label("Date of birth").fill("1990-05-17")
    phone.get_by_label("Email").fill(f"{first.lower()}@example.com")
    phone.get_by_label("Nationality").fill("AT")
    phone.get_by_label("Photo ID you will show at the desk").select_option("passport")
    phone.get_by_label("ID number").fill(f"AT{first.upper()}1")
    phone.get_by_label("Issued by (country)").fill("AT")
    phone.get_by_label("I accept the terms and tournament rules").check()
    phone.get_by_role("button", name="Register").click()
    expect(phone).to_have_url(re.compile(r"/preregistered/[A-Z0-9]{10}/$"))
    return phone.locator("[data-prereg-code]").inner_text()


def confirm_preregistration(desk, base: str, code: str, name: str) -> None:
    """The clerk scans the code, checks the photo ID and confirms the entry in one tap."""
    desk.get_by_label("Pre-registered").fill(f"{base}/preregistered/{code}/")
    desk.get_by_label("Pre-registered").press("Enter")
    expect(desk.locator("[data-prereg-name]")).to_have_text(f"{name} · {code}")
    desk.locator("[data-prereg-method]").select_option("cash")
    desk.get_by_role("button", name="Photo ID checked: confirm the entry").click()
    expect(desk.locator("[data-prereg-result]")).to_contain_text(f"registered for {name}.")


def end_the_day(
    director, tablet, lobby, base: str, flight: Tournament, floor: Floor, level: int = 1, spare: str = ""
) -> list[str]:
    """Open table 1, draw, start; one player out (not `spare`); in `level` (the director goes to
    it on the console), ten minutes before its end (the clock adjusted) the day ends with it,
    one last hand is announced and played; the floor bags every seat. The seats bagged."""
    open_draw_and_start(director, base, flight.id, "1", "Opened table 1.")
    lobby.goto(f"{base}/tournaments/{flight.id}/")
    expect(lobby.locator('[data-clock="status"]')).to_have_text("running")
    tablet.goto(f"{base}/tournaments/{flight.id}/floor/")
    expect(tablet.locator("[data-live-status]")).to_have_text("live")
    floor.tournament = flight
    out = floor.seated(1).filter(has_not_text=spare) if spare else floor.seated(1)
    floor.bust(1, int(out.first.get_attribute("data-seat")))
    if level > 1:
        director.locator("#level-index").select_option(str(level - 1))
        director.get_by_role("button", name="Go to level").click()
        expect(lobby.locator('[data-clock="level"]')).to_have_text(f"Level {level}")
    director.get_by_label("Seconds to add or remove").fill("-3000")
    director.get_by_role("button", name="Add/remove seconds").click()
    expect(director.locator('[data-clock="remaining"]').first).to_have_text(re.compile(r"^(10|[5-9]):\d\d$"))
    director.get_by_role("button", name="The day ends with this level").click()
    expect(director.locator("[data-result]")).to_have_text(f"Day 1 ends with level {level}.")
    director.get_by_label("Last hands of the day").fill("1")
    director.get_by_role("button", name="Stop the clock and announce the last hands").click()
    expect(director.locator("[data-result]")).to_contain_text("Clock stopped")
    card = tablet.locator('.table-card[data-table="1"]')
    expect(card).to_contain_text("1 hand left today")
    card.get_by_role("button", name="Hand done").click()
    expect(card).to_contain_text("Last hand played: bag the chips")
    expect(card.get_by_role("button", name="Hand done", exact=True)).to_have_count(0)
    seats = [item.get_attribute("data-seat") for item in card.locator(".seats li:not(.empty)").all()]
    for n, seat in enumerate(seats):
        sheet = open_seat(tablet, 1, seat)
        sheet.get_by_role("spinbutton").fill(str(20_000 + 5_000 * n))
        sheet.get_by_role("button", name="Bag", exact=True).click()
        expect(tablet.locator("[data-result]")).to_contain_text(f"Seat {seat} bagged")
        expect(card.locator(f'li[data-seat="{seat}"] [data-bag-mark]')).to_have_text("bagged")
    expect(lobby.locator("[data-end-of-day]")).to_have_text("Day 1 is over: chips are bagged.")  # the worker
    return seats


def confirm_the_bags(second, director, base: str, flight: Tournament, seats: list[str], bagger: str) -> None:
    """CHIP-COUNT: a second floor person counts each bag again and confirms it on its seat panel
    (offered "Confirm", never "Recount"); the director's console lists the bags still waiting."""
    director.goto(f"{base}/tournaments/{flight.id}/director/")
    waiting = director.locator("[data-bags-waiting]")
    expect(waiting).to_contain_text(f"{len(seats)} bags wait for a second person to confirm them:")
    second.goto(f"{base}/tournaments/{flight.id}/floor/")
    expect(second.locator("[data-live-status]")).to_have_text("live")
    for n, seat in enumerate(seats):
        panel = open_seat(second, 1, seat)
        expect(panel).to_contain_text(f"Seat bagged by {bagger}: count it again and confirm.")
        expect(panel.get_by_role("button", name="Recount", exact=True)).to_have_count(0)
        panel.get_by_role("spinbutton").fill(str(20_000 + 5_000 * n))
        panel.get_by_role("button", name="Confirm", exact=True).click()
        expect(second.locator("[data-result]")).to_have_text(f"Bag of seat {seat} confirmed.")
        expect(second.locator(f'.table-card li[data-seat="{seat}"] [data-bag-mark]')).to_have_text("✓ confirmed")
        expect(waiting.locator("[data-bag-waiting]")).to_have_count(len(seats) - 1 - n)  # live on the console
    expect(waiting).to_have_text(f"All {len(seats)} bags confirmed by a second person.")


def close_the_flight(director, base: str, flight: Tournament) -> None:
    """On the flight's console (open since the bags were confirmed)."""
    director.get_by_role("button", name="Close flight").click()
    expect(director.locator(f'[data-flight="{flight.name}"]')).to_contain_text("closed,")
