"""Whole events through the pages alone (issue 11): no admin, no service call, no hand-written
API call once the venue's festival and a structure template exist (the superuser's part).

A 30-player pokerfest event: created on the set-up page, registered at the desk (one refused),
drawn, a late entry on the waiting list seated by a bust, a balancing move, a table break,
hand-for-hand with two busts in one hand at two tables, the final table, a deal, the finish,
every prize paid at the payout desk, the results. And a kentucky event ended by the time
limit's recorded chip-chop.
"""

from datetime import date, timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from clock.models import Clock
from tests.helpers.pages import sign_in
from tests.helpers.tablet import answer_questions
from tests.helpers.whole_event import (
    Floor,
    add_tables,
    create_tournament,
    open_draw_and_start,
    open_registration,
    register,
    venue_and_template,
)
from tournaments.queries.results import standings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_END_FINISH_a_30_player_pokerfest_event_from_set_up_to_the_payout_desk_through_the_pages(
    stack, new_page, staff
):
    festival, structure = venue_and_template()
    director, desk, tablet, lobby = new_page(), new_page(), new_page(), new_page()
    answer_questions(director)  # hand-for-hand, the final table, payments
    sign_in(director, stack.url, staff["director"], "/")
    tournament = create_tournament(director, festival, structure, "Club Championship", "pokerfest", places_paid="12")
    add_tables(director, {1: 10, 2: 10, 3: 9})  # 29 seats for the 29 drawn
    open_registration(director, tournament)

    sign_in(desk, stack.url, staff["desk"], f"/tournaments/{tournament.id}/desk/")
    desk.get_by_label("Desk").fill("desk 1")
    desk.get_by_label("Shift").fill("evening")
    today = date.today()
    register(desk, "Young", born=date(today.year - 17, 1, 1), refused=True)
    expect(desk.locator("[data-register-why]")).to_contain_text("REG-AGE")
    for i in range(29):
        register(desk, f"Player{i:02d}")
        expect(desk.locator("[data-sale-result]")).to_contain_text(f"Entry #{i + 1} registered")

    open_draw_and_start(director, stack.url, tournament.id, "1-3", "Opened table 1, 2, 3.")
    lobby.goto(f"{stack.url}/tournaments/{tournament.id}/")
    expect(lobby.locator('[data-clock="status"]')).to_have_text("running")

    # ENT-WAIT: a late entry with every seat taken waits, and a bust seats it.
    register(desk, "Latecomer")
    expect(desk.locator("[data-sale-result]")).to_contain_text("on the waiting list, position 1")
    sign_in(tablet, stack.url, staff["floor"], f"/tournaments/{tournament.id}/floor/")
    floor = Floor(tablet, tournament)
    expect(floor.seated()).to_have_count(29)
    button = tournament.tables.get(table__number=1).button
    floor.bust(1, seat=button)  # behind the button: the late entry may sit there at once
    expect(tablet.locator(f'.table-card[data-table="1"] .seats li[data-seat="{button}"]')).to_contain_text("Latecomer")

    # SEAT-BALANCE: two out at table 2, and the move the tables need is confirmed.
    floor.bust(2)
    floor.bust(2)
    move = tablet.get_by_role("button", name="Seated at table 2")
    waiting = tablet.locator("[data-moves]").get_by_text("move after the next hand")
    expect(move.or_(waiting)).to_be_visible()
    for _ in range(3):  # open seats between the blinds and the button wait for a hand (SEAT-BALANCE)
        if move.count():
            break
        floor.hand_done(2)  # the moves are redrawn with the next hand
        expect(move.or_(waiting)).to_be_visible()
    move.click()
    expect(move).to_have_count(0)

    # SEAT-BREAK: once the field fits two tables, table 3 (opened last) breaks.
    while floor.players_left() > 20:
        floor.bust(floor.largest_table())
    tablet.get_by_role("button", name="Break table 3").click()
    expect(tablet.locator(".table-card")).to_have_count(2)

    # HFH-MODE at the bubble (12 paid): two out in one hand at two tables share 12th-13th.
    while floor.players_left() > 13:
        floor.bust(floor.largest_table())
    for table in (1, 2):  # the hands of those busts are over: hand-for-hand starts with a new one
        floor.hand_done(table)
        expect(tablet.locator("[data-result]")).to_have_text(f"Table {table}: next hand.")
    director.get_by_role("button", name="Start hand-for-hand").click()
    expect(lobby.locator("[data-hand-for-hand]")).to_have_text("Hand-for-hand, hand 1 · playing: 1, 2")
    floor.bust(1)
    floor.bust(2)
    for table in (1, 2):
        floor.hand_done(table)
    expect(lobby.locator("[data-hand-for-hand]")).to_have_text("In the money! 11 players left, 12 paid.")

    # SEAT-FINAL at ten, then down to three and a deal that ends it.
    floor.bust(floor.largest_table())
    director.get_by_role("button", name="Draw the final table").click()
    expect(tablet.locator(".table-card")).to_have_count(1)
    while floor.players_left() > 3:
        floor.bust(floor.largest_table())
    director.get_by_text("Deals: chip-chop, ICM").click()
    chips = director.locator("[data-chips]")
    expect(chips).to_have_count(3)
    for index, amount in enumerate(["150,000", "100,000", "50,000"]):
        chips.nth(index).fill(amount)
    director.get_by_role("button", name="Propose deals").click()
    agreed = director.locator("[data-deal-agreed] input")
    expect(agreed).to_have_count(3)
    director.get_by_label("Deal", exact=True).select_option("icm")
    for box in agreed.all():
        box.check()
    director.get_by_label("Tournament representative present").fill("Pat Floor")
    director.get_by_role("button", name="Record the deal").click()
    expect(director.locator("[data-result]")).to_contain_text("Deal recorded (ICM)")
    expect(lobby.locator("[data-winner]")).to_contain_text("The tournament is over. Winner:")
    expect(tablet.locator("[data-tables]")).to_have_text("The tournament is over: every table is closed.")

    # The payout desk pays every prize once; the results agree.
    director.get_by_role("link", name="Payouts", exact=True).click()
    rows = director.locator("[data-prizes] tbody tr")
    expect(rows).to_have_count(13)  # 11 places paid outright, the 12th shared by two
    pay = director.get_by_role("button", name="Pay cash")
    for left in range(12, -1, -1):  # each payment redraws the list before the next
        pay.first.click()
        expect(pay).to_have_count(left)
    tournament.refresh_from_db()
    assert tournament.status == "finished" and tournament.prize_payments.filter(reversed_at=None).count() == 13
    paid = sum(tournament.prize_payments.values_list("amount", flat=True))
    assert paid == 30 * 9_000  # every cent of the pool
    results = new_page()
    results.goto(f"{stack.url}/tournaments/{tournament.id}/results/")
    expect(results.locator("[data-results] tbody tr")).to_have_count(30)
    expect(results.locator("[data-results] tbody tr").first.locator("td").first).to_have_text("1")


def test_END_FINISH_a_kentucky_event_ends_by_the_time_limits_recorded_chip_chop(stack, new_page, staff):
    festival, structure = venue_and_template()
    director, desk = new_page(), new_page()
    sign_in(director, stack.url, staff["director"], "/")
    tournament = create_tournament(director, festival, structure, "Charity Night", "kentucky")
    add_tables(director, {1: 10})
    open_registration(director, tournament)
    sign_in(desk, stack.url, staff["desk"], f"/tournaments/{tournament.id}/desk/")
    desk.get_by_label("Desk").fill("desk 1")
    desk.get_by_label("Shift").fill("evening")
    for i in range(4):
        register(desk, f"Donor{i}")
    director.goto(f"{stack.url}/tournaments/{tournament.id}/director/")
    director.get_by_label("Tables to open").fill("1")
    director.get_by_role("button", name="Open tables").click()
    expect(director.locator("[data-result]")).to_have_text("Opened table 1.")
    director.get_by_role("button", name="Draw the field").click()
    expect(director.locator("[data-result]")).to_contain_text("Field drawn")
    director.get_by_role("button", name="Start", exact=True).click()
    expect(director.locator('[data-clock="status"]')).to_have_text("running")
    # Six hours pass (CLK-LIMIT): beat's repair finds the limit due and stops the clock.
    Clock.objects.filter(tournament=tournament).update(started_at=timezone.now() - timedelta(hours=6, minutes=1))
    expect(director.locator('[data-clock="status"]')).to_have_text("paused", timeout=20_000)
    answer_questions(director)
    director.get_by_text("Deals: chip-chop, ICM").click()
    chips = director.locator("[data-chips]")
    expect(chips).to_have_count(4)
    for index, amount in enumerate(["40,000", "30,000", "20,000", "10,000"]):
        chips.nth(index).fill(amount)
    director.get_by_role("button", name="Time limit: the chip-chop is the result").click()
    expect(director.locator("[data-result]")).to_contain_text("The tournament is over (chip-chop)")
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    places = {row["entry"]: row["place"][0] for row in standings(tournament)["out"]}
    assert sorted(places.values()) == [1, 2, 3, 4]
