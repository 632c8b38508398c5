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

from clock.models import Clock, Structure
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
from tournaments.models import Entry, Festival
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

    open_draw_and_start(director, stack.url, tournament.id, "1-3", "Opened tables 1, 2, 3.")
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
    # The tablet redrawn for hand-for-hand too (HFH-ALLIN's button at both tables): a redraw
    # in the middle of the next tap would close the seat's actions under it.
    expect(tablet.get_by_role("button", name="All-in, frozen")).to_have_count(2)
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


def sell(desk, donor: int, kind: str, entry: int, amount: str) -> None:
    """A rebuy or an add-on at the desk for Donor<n>: its price shown, then the sale's amount."""
    desk.get_by_label("Find player").fill(f"Donor{donor}")
    desk.get_by_role("button", name=f"Field, Donor{donor} · born 1980-01-01").click()
    expect(desk.locator("[data-player-name]")).to_have_text(f"Donor{donor} Field")
    desk.locator("[data-kinds]").select_option(kind)
    expect(desk.locator("[data-sale-price]")).to_have_text(f"Price: {amount}.")
    desk.get_by_role("button", name="Register").click()
    expect(desk.locator("[data-sale-result]")).to_contain_text(f"Entry #{entry} registered: {amount} by cash.")


def test_END_FINISH_a_kentucky_event_ends_by_the_time_limits_recorded_chip_chop(stack, new_page, staff):
    """kentucky from the pages: four donors buy in at 4,500.00 (85% to the pool, PAY-POOL), ten
    rebuys of 2,000 chips for 50.00 before the intermission (ENT-REBUY), one add-on of 5,000
    chips for 50.00 each at it, never two (ENT-ADDON): a pool of 16,000.00. Each sale's amount is
    checked at the desk and the close-out, the seats by the cards, one donor out, and at six hours
    (CLK-LIMIT) the sheet's chop: 400,000 / 250,000 / 100,000 chips split 16,000.00 as
    8,528.00 / 5,328.00 / 2,144.00 (53.3% / 33.3% / 13.4%; split exactly, about 8,533 / 5,333 / 2,133)."""
    festival, _hours = venue_and_template()
    Festival.objects.filter(pk=festival.pk).update(currency="USD")
    structure = Structure.objects.create(name="Charity levels", is_template=True)
    for position, (small, big) in enumerate([(100, 200), (200, 400), (0, 0), (300, 600), (400, 800)]):
        structure.levels.create(
            position=position, small_blind=small, big_blind=big, ante=0, is_break=not small, duration="01:00:00"
        )
    director, desk, tablet = new_page(), new_page(), new_page()
    sign_in(director, stack.url, staff["director"], "/")
    tournament = create_tournament(
        director, festival, structure, "Charity Night", "kentucky", places_paid="3", price=("4500", "85", "675.00")
    )
    add_tables(director, {1: 10})
    open_registration(director, tournament)
    sign_in(desk, stack.url, staff["desk"], f"/tournaments/{tournament.id}/desk/")
    desk.get_by_label("Desk").fill("desk 1")
    desk.get_by_label("Shift").fill("evening")
    for i in range(4):
        register(desk, f"Donor{i}")
        expect(desk.locator("[data-sale-result]")).to_contain_text(f"Entry #{i + 1} registered: 4,500.00 USD by cash.")
    open_draw_and_start(director, stack.url, tournament.id, "1", "Opened table 1.")
    expect(director.locator('[data-clock="status"]')).to_have_text("running")

    # Seats by the cards (kentucky L21-28): the ace keeps the seat and the button.
    sign_in(tablet, stack.url, staff["floor"], f"/tournaments/{tournament.id}/floor/")
    form = tablet.locator("[data-seat-cards]")
    expect(form.locator("input")).to_have_count(4)
    for label, card in zip(form.locator("input").all(), ["As", "Kd", "10c", "2h"]):
        label.fill(card)
    form.get_by_role("button", name="Seat by the cards").click()
    expect(tablet.locator("[data-result]")).to_contain_text("Table 1 seated by the cards")

    # ENT-REBUY until the intermission: 4 + 3 + 2 + 1 rebuys of 50.00 USD each.
    entry = 4
    for donor, rebuys in enumerate([4, 3, 2, 1]):
        for _ in range(rebuys):
            entry += 1
            sell(desk, donor, "rebuy", entry, "50.00 USD")
    # ENT-ADDON at the intermission (the first break): one each, and no more rebuys.
    director.get_by_label("Level", exact=True).select_option("2")
    director.get_by_role("button", name="Go to level").click()
    expect(director.locator('[data-clock="level"]')).to_contain_text("Break")
    for donor in range(4):
        entry += 1
        sell(desk, donor, "addon", entry, "50.00 USD")
    expect(desk.locator("[data-kinds] option[value=addon]")).to_contain_text("not now")
    expect(desk.locator("[data-kinds] option[value=rebuy]")).to_contain_text("not now")
    expect(desk.locator("[data-player-entries] li")).to_have_count(3)  # Donor3: buy-in, rebuy, add-on
    expect(desk.locator("[data-player-entries]")).to_contain_text("add-on · active · 50.00 USD")
    close_out = new_page()
    sign_in(close_out, stack.url, staff["cashier"], f"/tournaments/{tournament.id}/close-out/")
    expect(close_out.locator("[data-close-out] tbody tr")).to_have_count(1)
    expect(close_out.locator("[data-close-out] tbody tr td").nth(4)).to_have_text("18")  # sales
    expect(close_out.locator("[data-net-total]")).to_have_text("18,700.00 USD")  # 4 x 4,500 + 14 x 50

    # One donor out; six hours pass (CLK-LIMIT): beat's repair finds the limit due and stops the clock.
    out = Entry.objects.get(tournament=tournament, number=4)
    floor = Floor(tablet, tournament)
    floor.bust(1, seat=out.seatings.get(ended_at__isnull=True).seat)
    Clock.objects.filter(tournament=tournament).update(started_at=timezone.now() - timedelta(hours=6, minutes=1))
    expect(director.locator('[data-clock="status"]')).to_have_text("paused", timeout=20_000)
    answer_questions(director)
    director.get_by_text("Deals: chip-chop, ICM").click()
    expect(director.locator("[data-chips]")).to_have_count(3)
    for number, chips in [(1, "400,000"), (2, "250,000"), (3, "100,000")]:
        director.locator(f'[data-chips="{number}"]').fill(chips)
    director.get_by_role("button", name="Time limit: the chip-chop is the result").click()
    expect(director.locator("[data-result]")).to_have_text(
        "The tournament is over (chip-chop): #1 Donor0 Field 8,528.00 USD, #2 Donor1 Field 5,328.00 USD, "
        "#3 Donor2 Field 2,144.00 USD."
    )
    results = new_page()
    results.goto(f"{stack.url}/tournaments/{tournament.id}/results/")
    expect(results.locator("[data-pool]")).to_have_text("16,000.00 USD")
    rows = results.locator("[data-results] tbody tr")
    expect(rows).to_have_count(4)
    for row, (place, prize) in enumerate([("1", "8,528.00 USD"), ("2", "5,328.00 USD"), ("3", "2,144.00 USD")]):
        expect(rows.nth(row).locator("td").first).to_have_text(place)
        expect(rows.nth(row).locator("td").nth(3)).to_have_text(prize)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    places = {row["entry"]: row["place"][0] for row in standings(tournament)["out"]}
    assert places == {1: 1, 2: 2, 3: 3, 4: 4}
