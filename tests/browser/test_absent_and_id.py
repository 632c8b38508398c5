"""Absent players and photo ID at restarts on the floor tablet (PEN-ABSENT, REG-ID), and the
media's chip-count page (CHIP-COUNT), in Chromium against the real stack."""

import re

import pytest
from playwright.sync_api import expect

from clock.models import Clock
from clock.services.day import finish_day
from tables.services.draw import draw_field, open_tables
from tests.helpers.fields import field
from tests.helpers.pages import act, sign_in
from tests.helpers.tablet import answer_questions, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _end_day_one(tournament):
    """CLK-EOD: every table played its last hand and day 1 is over; the players come back."""
    tournament.tables.update(hands_left=0)
    act(finish_day, tournament.id)  # beat's repair (finish_due_days) may have ended it a moment before
    assert Clock.objects.get(tournament=tournament).day_over
    tournament.tables.update(hands_left=None)
    # Day 2 starts (what resuming the clock does): the tablets now list the day's ID checks.
    Clock.objects.filter(tournament=tournament).update(day=2, day_over=False)


def test_PEN_ABSENT_REG_ID_the_floor_marks_a_seat_absent_and_checks_returning_players_ids(
    stack, new_page, make_tournament, staff
):
    tournament = field(make_tournament, 4, 1)
    t = tournament.id
    act(open_tables, t, [1], staff["director"])
    act(draw_field, t, staff["director"], 5)
    _end_day_one(tournament)
    tablet = new_page()
    sign_in(tablet, stack.url, staff["floor"], f"/tournaments/{t}/floor/")
    card = tablet.locator('.table-card[data-table="1"]')
    expect(card.locator(".seats li:not(.empty)")).to_have_count(4)
    unchecked = card.locator("[data-id-unchecked]")
    expect(unchecked).to_have_attribute("data-id-unchecked", "4")
    expect(unchecked).to_contain_text("Photo ID to check for day 2:")

    # PEN-ABSENT: the first seated player has not arrived for the restart.
    seat = card.locator(".seats li:not(.empty)").first
    name = seat.locator(".name").inner_text()
    tap(seat, "Absent")  # tap the seat, then Absent in its actions
    expect(tablet.locator("[data-result]")).to_have_text(f"{name} is absent: dealt in and blinded off.")
    note = card.locator(".seats li.absent .absent-note")
    expect(note).to_contain_text("absent: dealt in, blinded off since")
    expect(note).to_have_attribute("data-absent", "blinded-off")  # pokerfest never removes the stack
    expect(card.get_by_role("button", name="Remove stack")).to_have_count(0)

    # REG-ID: a returning player shows their ID; the list of unchecked players shrinks.
    second = card.locator(".seats li:not(.empty)").nth(1).get_attribute("data-seat")
    tap(card.locator(".seats li:not(.empty)").nth(1), "ID checked")
    expect(tablet.locator("[data-result]")).to_contain_text("photo ID checked for day 2.")
    expect(unchecked).to_have_attribute("data-id-unchecked", "3")
    expect(card.locator(f'[data-sheet="{second}"]').get_by_role("button", name="Photo ID checked")).to_have_count(0)

    # REG-ID at the desk: the player's active entry row has "ID checked" too; the tablet follows.
    first_name = card.locator(".seats li:not(.empty)").nth(3).locator(".name").inner_text().split()[0]
    desk = new_page()
    sign_in(desk, stack.url, staff["desk"], f"/tournaments/{t}/desk/")
    desk.get_by_label("Find player").fill(first_name)
    desk.get_by_role("button", name=f"Field, {first_name} · born 1980-01-01").click()
    desk.get_by_role("button", name="Photo ID checked: entry #").click()  # "ID checked (day 2)"
    expect(desk.locator("[data-sale-result]")).to_contain_text("photo ID checked for day 2.")
    expect(unchecked).to_have_attribute("data-id-unchecked", "2")

    # The absent player arrives.
    tap(card.locator(".seats li.absent"), "Arrived")
    expect(tablet.locator("[data-result]")).to_have_text(f"{name} has arrived: plays from the next hand.")
    expect(card.locator(".seats li.absent")).to_have_count(0)


def test_CHIP_COUNT_media_count_a_seat_on_their_page_and_publish_the_leaders_to_the_lobby(
    stack, new_page, make_tournament, staff
):
    tournament = field(make_tournament, 3, 1)  # 3 × 10,000 chips
    t = tournament.id
    act(open_tables, t, [1], staff["director"])
    act(draw_field, t, staff["director"], 5)
    media, lobby = new_page(), new_page()
    lobby.goto(f"{stack.url}/tournaments/{t}/")
    sign_in(media, stack.url, staff["media"], "/")
    media.get_by_role("link", name="Counts").click()  # linked from home for a media user
    expect(media.locator("[data-live-status]")).to_have_text("live")
    expect(media.locator("[data-chips-in-play]")).to_have_text("30,000")
    counts = media.get_by_label("Chip count: seat")
    expect(counts).to_have_count(3)
    expect(media.locator(".table-card label").first).to_contain_text(
        re.compile(r"^\d+\. Player\d\d F\. #\d+")
    )  # public name, entry
    counts.first.fill("12000")
    media.get_by_role("button", name="Report the counts").click()
    expect(media.locator("[data-result]")).to_contain_text("1 of 3 stacks counted")
    expect(media.locator("[data-chips-counted]")).to_have_text("12,000 in 1 of 3 stacks")
    answer_questions(media)  # the counts are not complete: publish all the same
    media.get_by_role("button", name="Publish the chip leaders to the lobby").click()
    expect(media.locator("[data-result]")).to_have_text("The chip leaders are on the lobby.")
    expect(lobby.locator("[data-chip-leaders-list] li")).to_have_count(1)
    expect(lobby.locator("[data-chip-leaders-list] li").first).to_contain_text("12,000 (table 1)")
