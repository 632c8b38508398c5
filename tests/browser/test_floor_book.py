"""The floor's book in Chromium: a ruling recorded on a tablet and disputed before the next
hand, reviewed and overturned on the director's page (TD-RULING); stacks counted on the tablet,
checked against the chips in play on the director's page, the chip leaders published to the
lobby (CHIP-COUNT)."""

import pytest
from playwright.sync_api import expect

from tables.services.draw import draw_field, open_tables
from tests.helpers.fields import field
from tests.helpers.pages import act, sign_in
from tests.helpers.tablet import answer_questions, fill_fields

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_TD_RULING_CHIP_COUNT_the_floor_keeps_its_book_on_the_tablet_and_the_director_reviews_it(
    stack, new_page, make_tournament, staff
):
    tournament = field(make_tournament, 6, 1)  # 6 players × 10,000 chips at table 1
    t = tournament.id
    act(open_tables, t, [1], staff["director"])
    act(draw_field, t, staff["director"], 5)
    tablet, director, lobby = new_page(), new_page(), new_page()
    answers = {"tablet": "seat 3: the dealer had not called time", "director": "Chips were over the line: a call."}
    sign_in(tablet, stack.url, staff["floor"], f"/tournaments/{t}/floor/")
    answer_questions(tablet, lambda asked: (answers["tablet"], None))
    sign_in(director, stack.url, staff["director"], f"/tournaments/{t}/director/")
    answer_questions(director, lambda asked: (answers["director"], None))
    lobby.goto(f"{stack.url}/tournaments/{t}/")
    card = tablet.locator('.table-card[data-table="1"][data-hand="1"]')
    expect(card.locator(".seats li:not(.empty)")).to_have_count(6)

    # TD-RULING: two taps to the book, the form, one tap to record.
    card.get_by_text("Floor's book · table 1").click()
    card.get_by_label("Called by: table 1").fill("the dealer")
    first_player = card.locator("fieldset label").first
    player_name = first_player.inner_text().split(". ", 1)[1]
    first_player.locator("input").check()
    card.get_by_label("Decision: table 1").fill("The raise stands: the action had not changed.")
    card.get_by_label("Rule cited: table 1").fill("PEN-LADDER")
    card.get_by_label("director consulted").check()
    card.get_by_role("button", name="Record the ruling").click()
    expect(tablet.locator("[data-result]")).to_have_text("Ruling recorded at table 1, hand 1.")
    expect(card.get_by_label("Decision: table 1")).to_have_value("")  # the form is done with
    ruling = card.locator(".ruling")
    expect(ruling).to_contain_text("Ruling, hand 1: The raise stands")
    ruling.get_by_role("button", name="Dispute").click()
    expect(tablet.locator("[data-result]")).to_have_text("Dispute recorded: the director reviews it.")
    expect(card.locator(".ruling")).to_contain_text("disputed: the director reviews it")

    director.get_by_text("Rulings at the tables (TD-RULING)").click()
    row = director.locator("[data-rulings-list] tr").first
    expect(row).to_contain_text("Table 1 · hand 1 · called by the dealer")
    expect(row).to_contain_text(f"Disputed: {answers['tablet']}")
    expect(row).to_contain_text(player_name)
    row.get_by_role("button", name="Overturn").click()
    expect(director.locator("[data-result]")).to_have_text("Ruling overturned.")
    expect(director.locator("[data-rulings-list] tr").first).to_contain_text(f"Overturned: {answers['director']}")
    expect(card.locator(".ruling")).to_contain_text(f"overturned by the director: {answers['director']}")
    director.get_by_label("Find rulings by player").fill("nobody")
    director.get_by_role("button", name="Find", exact=True).click()
    expect(director.locator("[data-rulings-list]")).to_have_text("No ruling names this player.")

    # CHIP-COUNT: every stack counted on the tablet; the director sees the counts agree.
    director.get_by_text("Chips in play and counts (CHIP-COUNT)").click()
    expect(director.locator("[data-chips-in-play]")).to_have_text("60,000")
    counts = card.get_by_label("Chip count: seat")
    expect(counts).to_have_count(6)
    fill_fields(counts, [20_000, 5_000, 15_000, 8_000, 7_000, 5_000])
    card.get_by_role("button", name="Report the counts").click()
    expect(tablet.locator("[data-result]")).to_have_text("The counts agree: 60,000 chips in play.")
    expect(director.locator("[data-count-sentence]")).to_have_text("The counts agree: 60,000 chips in play.")
    director.get_by_role("button", name="Publish the chip leaders to the lobby").click()
    expect(director.locator("[data-result]")).to_have_text("The chip leaders are on the lobby.")
    expect(lobby.locator("[data-chip-leaders-list] li")).to_have_count(6)
    expect(lobby.locator("[data-chip-leaders-list] li").first).to_contain_text("20,000 (table 1)")
    expect(lobby.locator("[data-chip-leaders-when]")).to_contain_text("average 10,000")
