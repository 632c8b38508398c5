"""A colour-up in Chromium (CHIP-RACE): the director starts it from the structure's note, a
tablet fills in its table's race sheet and sends it, the tablet shows each seat's result, and the
director's chips in play are the same value as before plus the difference the race recorded."""

import re

import pytest
from playwright.sync_api import expect

from clock.models import Level
from tables.services.draw import draw_field, open_tables
from tests.helpers.fields import field
from tests.helpers.pages import act, sign_in
from tests.helpers.tablet import fill_fields

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_CHIP_RACE_a_race_sheet_filled_in_on_a_tablet_leaves_the_chips_in_play_unchanged_in_value(
    stack, new_page, make_tournament, staff
):
    tournament = field(make_tournament, 6, 1)  # 6 players × 10,000 chips at table 1
    t = tournament.id
    structure = tournament.clock.structure
    Level.objects.filter(structure=structure, position=0).update(colour_up="$25 green chips leave")
    Level.objects.filter(structure=structure, position=2).update(colour_up="$100 black chips leave")
    act(open_tables, t, [1], staff["director"])
    act(draw_field, t, staff["director"], 5)
    tablet, other_tablet, director = new_page(), new_page(), new_page()
    sign_in(tablet, stack.url, staff["floor"], f"/tournaments/{t}/floor/")
    sign_in(other_tablet, stack.url, staff["floor"], f"/tournaments/{t}/floor/?table=1")
    sign_in(director, stack.url, staff["director"], f"/tournaments/{t}/director/")
    card = tablet.locator('.table-card[data-table="1"]')
    expect(card.locator(".seats li:not(.empty)")).to_have_count(6)
    expect(card.locator("[data-race-sheet]")).to_have_count(0)  # no colour-up yet

    # The director: prefilled from the structure's note; a value that makes no sense is refused.
    director.get_by_text("Colour-up and chip races (CHIP-RACE)").click()
    expect(director.locator("[data-colour-up-in-play]")).to_have_text("60,000")
    leaving, smallest = director.get_by_label("Chip leaving play"), director.get_by_label("Smallest chip staying")
    expect(leaving).to_have_value("25")
    expect(smallest).to_have_value("100")
    expect(director.locator("[data-colour-up-note]")).to_have_text("Next in the structure: $25 green chips leave.")
    smallest.fill("30")
    director.get_by_role("button", name="Start the colour-up").click()
    expect(director.locator("[data-result]")).to_contain_text("A chip of 30 is not a whole number of 25 chips")
    smallest.fill("100")
    director.get_by_role("button", name="Start the colour-up").click()
    expect(director.locator("[data-result]")).to_have_text("Colour-up 1 started: chips of 25 leave; the tables race.")
    expect(director.locator('[data-colour-up-tables] li[data-colour-up-table="1"]')).to_have_text("Table 1: to race")

    # The tablet: the race sheet arrives with the live event; odd chips per seat, one player's
    # single odd chip is their whole stack.
    sheet = card.locator('[data-race-sheet="1"]')
    expect(sheet.locator("h3")).to_have_text("Colour-up 1: chips of 25 leave · race into 100")
    odd = sheet.get_by_label("Odd chips: seat")
    expect(odd).to_have_count(6)
    fill_fields(odd, [3, 1, 2, 0, 3, 1])  # 10 × 25 = 250: three chips of 100 race off
    sheet.get_by_label("Other chips: seat").nth(1).select_option("no")
    sheet.get_by_role("button", name="Race the odd chips").click()
    expect(tablet.locator("[data-result]")).to_contain_text("Table 1 raced: seat ")
    outcome = sheet.locator(".race-result")
    expect(outcome.locator("li")).to_have_count(5)  # every seat that had odd chips
    expect(outcome.locator("li").filter(has_text=re.compile(r"^seat \d+ wins one 100 chip"))).to_have_count(3)
    expect(sheet.locator("h3")).to_have_text("Colour-up 1: chips of 25 leave · chip race done")
    difference = int(outcome.get_attribute("data-difference"))
    assert difference in (300 - 250, 400 - 250)  # the rounding, and a chip if seat 2 was not raced out
    protected = outcome.locator("li").filter(has_text="keeps one 100 chip: not raced out")
    expect(protected).to_have_count(1 if difference == 150 else 0)

    # Another tablet at the table: its sheet turns into the same result, nothing raced twice.
    other = other_tablet.locator('.table-card[data-table="1"] [data-race-sheet="1"] .race-result')
    expect(other).to_have_attribute("data-difference", str(difference))
    expect(other.locator("li")).to_have_text(outcome.locator("li").all_inner_texts())

    # The director: table 1 raced, the chips in play moved by exactly the difference.
    expect(director.locator('[data-colour-up-tables] li[data-colour-up-table="1"]')).to_have_text(
        f"Table 1: raced · +{difference}"
    )
    expect(director.locator("[data-colour-up-in-play]")).to_have_text(f"{60_000 + difference:,}")
    expect(director.locator("[data-colour-up-status]")).to_contain_text(
        f"1 of 1 table raced · chips in play changed by +{difference}"
    )
