"""Issue 22, set-up without the admin, in Chromium: a structure made from a speed's template,
edited (levels and breaks numbered as the clock numbers them), a bad CSV refused naming its
line, copied; venue tables added as a range, changed and removed, the TV box never carried over;
the console's controls by the event's phase and its house's endings."""

import re

import pytest
from playwright.sync_api import expect

from clock.models import Structure
from clock.rules.speeds import speed_levels
from clock.services.level_clock import start_clock
from tables.models import Table
from tables.services.draw import open_tables
from tests.helpers.pages import act, sign_in
from tests.helpers.tablet import answer_questions
from tournaments.models import Tournament
from tournaments.services.flights import add_flight

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_CLK_LEVELS_the_director_makes_edits_imports_and_copies_a_structure_on_its_page(stack, new_page, staff):
    page = new_page(1440, 900)
    sign_in(page, stack.url, staff["director"], "/structures/")
    page.get_by_label("Structure name").fill("Autumn Turbo")
    page.get_by_label("Start from").select_option("speed:turbo")
    page.get_by_role("button", name="Create the structure").click()
    expect(page).to_have_url(re.compile(r"/structures/\d+/$"))
    turbo = speed_levels("turbo")
    rows = page.locator("[data-levels] tr")
    expect(rows).to_have_count(len(turbo))
    expect(rows.nth(0).locator("th")).to_have_text("1")
    expect(rows.nth(6).locator("th")).to_have_text("Break")  # after level 6: no number of its own
    expect(rows.nth(7).locator("th")).to_have_text("7")

    page.get_by_label("Level 2: big blind", exact=True).fill("150")
    page.get_by_label("Level 2: small blind", exact=True).fill("300")
    page.get_by_role("button", name="Save the structure").click()
    expect(page.locator("[data-result]")).to_have_text("Level 2: the big blind (150) is below the small blind (300).")
    page.get_by_label("Level 2: small blind", exact=True).fill("150")
    page.get_by_label("Level 2: big blind", exact=True).fill("300")
    rows.nth(0).get_by_role("button", name="Remove").click()  # level 2 becomes level 1
    page.get_by_role("button", name="Add a break").click()
    expect(rows.last.locator("th")).to_have_text("Break")
    page.get_by_role("button", name="Save the structure").click()
    levels, breaks = sum(not level.is_break for level in turbo) - 1, sum(level.is_break for level in turbo) + 1
    said = f"{levels} level{'s' * (levels != 1)}, {breaks} break{'s' * (breaks != 1)}"  # ngettext by each count
    expect(page.locator("[data-result]")).to_have_text(f"Structure saved: {said}.")
    expect(page.get_by_label("Level 1: small blind", exact=True)).to_have_value("150")
    structure = Structure.objects.get(name="Autumn Turbo")
    assert structure.timeline_levels()[0].big_blind == 300 and structure.timeline_levels()[-1].is_break

    page.get_by_label("CSV to import").set_input_files(
        files=[
            {
                "name": "bad.csv",
                "mimeType": "text/csv",
                "buffer": b"small_blind,big_blind,minutes\n100,200,20\n300,200,20\n",
            }
        ]
    )
    page.get_by_role("button", name="Import the CSV over the levels").click()
    expect(page.locator("[data-result]")).to_have_text("Line 3: the big blind (200) is below the small blind (300).")
    page.get_by_label("CSV to import").set_input_files(
        files=[
            {
                "name": "ok.csv",
                "mimeType": "text/csv",
                "buffer": b"small_blind,big_blind,minutes,is_break\n100,200,20,\n0,0,10,yes\n200,400,20,\n",
            }
        ]
    )
    page.get_by_role("button", name="Import the CSV over the levels").click()
    expect(page.locator("[data-result]")).to_have_text("CSV imported: Structure saved: 2 levels, 1 break.")
    expect(rows.locator("th")).to_have_text(["1", "Break", "2"])

    page.get_by_label("Name of the copy").fill("Winter Turbo")
    page.get_by_role("button", name="Copy as a new template").click()
    expect(page.locator("h1")).to_have_text("Winter Turbo")
    expect(rows.locator("th")).to_have_text(["1", "Break", "2"])
    page.goto(f"{stack.url}/tournaments/new/")
    options = page.get_by_label("Structure").locator("option")
    expect(options).to_contain_text(
        ["Autumn Turbo", "Winter Turbo", "Deepstack (40-minute levels)", "Turbo (15-minute levels)"]
    )


def test_venue_tables_a_range_changed_removed_and_no_stale_tv_box(stack, new_page, make_tournament, staff):
    tournament = make_tournament()
    page = new_page()
    sign_in(page, stack.url, staff["director"], f"/tournaments/{tournament.id}/setup/")
    expect(page.locator(".setup[data-wired]")).to_have_count(1)  # before it a tap reloads the page
    page.get_by_label("Table number").fill("10")
    page.get_by_label("TV table").check()
    page.get_by_role("button", name="Add the table").click()
    expect(page.locator("[data-result]")).to_have_text("Table 10 added (9 seats, TV).")
    expect(page.get_by_label("TV table")).not_to_be_checked()  # the next table starts afresh
    expect(page.get_by_label("Table number")).to_have_value("")
    page.get_by_label("Table number").fill("1-4")
    page.get_by_role("button", name="Add the table").click()
    expect(page.locator("[data-result]")).to_have_text("Tables 1 to 4 added (4 tables, 9 seats each).")
    assert not Table.objects.filter(festival=tournament.festival, number__in=[1, 2, 3, 4], is_tv=True).exists()
    expect(page.locator("[data-venue-table-row]")).to_have_count(5)

    page.get_by_label("Seats at table 2").fill("8")
    page.get_by_role("button", name="Change table 2").click()
    expect(page.locator("[data-result]")).to_have_text("Table 2 changed (8 seats).")
    page.get_by_role("button", name="Remove table 4").click()
    expect(page.locator("[data-result]")).to_have_text("Table 4 removed.")
    expect(page.locator("[data-venue-table-row]")).to_have_count(4)

    act(open_tables, tournament.id, [1], staff["director"])
    page.reload()
    row = page.locator('[data-venue-table-row="1"]')
    expect(row).to_contain_text(f"open in {tournament.name}")
    page.get_by_role("button", name="Remove table 1", exact=True).click()
    expect(page.locator("[data-result]")).to_have_text(
        f"Table 1 is used by {tournament.name} and stays in its record: it cannot be removed."
    )
    page.get_by_label("Seats at table 1", exact=True).fill("6")
    page.get_by_role("button", name="Change table 1", exact=True).click()
    expect(page.locator("[data-result]")).to_have_text(
        f"Table 1 is open in {tournament.name}: change it once it breaks there or that tournament ends."
    )


def test_END_FINISH_the_console_shows_the_controls_of_the_events_phase_and_only_its_houses_endings(
    stack, new_page, make_tournament, staff
):
    main = make_tournament(name="Main Event")  # pokerfest's house rules: no final gong, no time limit
    Table.objects.create(festival=main.festival, number=1, seats=9)
    flight = Tournament.objects.get(
        pk=act(add_flight, main.id, "Day 1A", None, None, staff["director"])["flight"]["id"]
    )
    director = new_page(1440, 900)
    answer_questions(director)
    sign_in(director, stack.url, staff["director"], f"/tournaments/{main.id}/director/")
    expect(director.locator("[data-live-status]")).to_have_text("live")
    expect(director.get_by_role("button", name="Open tables")).to_be_visible()
    expect(director.get_by_role("button", name="Draw the field")).to_be_hidden()  # Day 2 is drawn from the bags
    expect(director.get_by_role("button", name="Draw Day 2")).to_be_visible()
    expect(director.locator('[data-end="gong"]')).to_have_count(0)
    expect(director.locator('[data-end="time-limit"]')).to_have_count(0)

    director.goto(f"{stack.url}/tournaments/{flight.id}/director/")
    expect(director.locator("[data-live-status]")).to_have_text("live")
    expect(director.get_by_role("button", name="Draw the field")).to_be_visible()
    expect(director.get_by_role("button", name="Close flight")).to_be_hidden()  # not before the flight starts
    act(start_clock, flight.id, staff["director"])
    expect(director.get_by_role("button", name="Close flight")).to_be_visible()  # live, without a reload

    chips = make_tournament(name="Club Night")
    Tournament.objects.filter(pk=chips.pk).update(ruleset_preset="chips")
    director.goto(f"{stack.url}/tournaments/{chips.id}/director/")
    expect(director.locator('[data-end="gong"]')).to_have_count(1)
    expect(director.locator('[data-end="time-limit"]')).to_have_count(0)
