"""Issue 24's rules as a room uses them, through the pages alone, at the devices' sizes: one
pokerfest event of 30 with the floor tablet (1280x800), the director's console (1440x900), the
desk (1366x768), a phone (390x844) and the TV (1920x1080) open at once, from the set-up page to
the last prize paid.

SEAT-COLLECT (the seat cards collected on the tablet until every stack is in play), PF-LOGO-TV
(three of a company pinned to the TV table, resolved on the compliance page), chips forfeited
out of view with the director's chip check agreeing (CHIP-COUNT), the elimination penalty
(pokerfest L275) placing its player, a disqualification taking the counted stack (PAY-DQ),
then busts to the winner, the payout desk, the results and the close-out.
"""

import re

import pytest
from playwright.sync_api import expect

from tables.models import Seating
from tests.helpers.console import disqualify_on_the_console
from tests.helpers.pages import sign_in
from tests.helpers.tablet import answer_questions, open_seat, question, tap
from tests.helpers.whole_event import (
    Floor,
    add_tables,
    create_tournament,
    open_draw_and_start,
    open_registration,
    register,
    venue_and_template,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TABLET, CONSOLE, DESK, PHONE, TV = (1280, 800), (1440, 900), (1366, 768), (390, 844), (1920, 1080)
FIELD, STACK = 30, 20_000


def screens_agree(pages, players: int, chips: int) -> None:
    """The clock's figures on every screen that shows them: players left and the average stack."""
    for page in pages:
        expect(page.locator('[data-clock="players-left"]')).to_have_text(str(players))
        expect(page.locator('[data-clock="average"]')).to_have_text(re.compile(f"^{round(chips / players):,} "))


def test_SEAT_COLLECT_PF_LOGO_TV_CHIP_COUNT_PAY_DQ_a_pokerfest_event_on_every_screen_to_the_last_prize(
    stack, new_page, staff
):
    festival, structure = venue_and_template()
    director = new_page(*CONSOLE)
    answer_questions(director)
    sign_in(director, stack.url, staff["director"], "/")
    tournament = create_tournament(director, festival, structure, "Rulebook Cup", "pokerfest", places_paid="3")
    t = tournament.id

    # The set-up page: the house's choices as pokerfest's rulebook has them, seat cards collected.
    alter = director.get_by_label("the director may alter the published breaking order, with a reason")
    expect(director.get_by_label("Time limit's chip-chop")).to_have_value("exact")
    expect(alter).to_be_checked()  # pokerfest L154
    collect = director.get_by_label(re.compile("Seat cards collected at the draw"))
    expect(collect).to_be_checked()  # pokerfest L148
    director.get_by_role("button", name="Save the settings").click()
    expect(director.locator("[data-result]")).to_have_text("Nothing changed.")  # the preset already has them
    director.get_by_label("Company", exact=True).fill("BetCo")
    director.get_by_label("Company status").select_option("approved")
    director.get_by_role("button", name="Save the company").click()
    expect(director.locator("[data-companies]")).to_contain_text("BetCo")
    add_tables(director, {1: 10, 2: 10})
    director.get_by_label("Table number", exact=True).fill("3")
    director.get_by_label("Seats", exact=True).fill("10")
    director.locator("[data-venue-table]").get_by_label("TV table").check()
    director.get_by_role("button", name="Add the table").click()
    expect(director.locator("[data-result]")).to_contain_text("Table 3 added")
    setup_url = director.url
    open_registration(director, tournament)

    # The desk sells the field; three wear BetCo's logo, within the TV size (4 x 5 cm).
    desk = new_page(*DESK)
    sign_in(desk, stack.url, staff["desk"], f"/tournaments/{t}/desk/")
    desk.get_by_label("Desk").fill("desk 1")
    desk.get_by_label("Shift").fill("evening")
    for i in range(FIELD):
        register(desk, f"Player{i:02d}")
        expect(desk.locator("[data-sale-result]")).to_contain_text(f"Entry #{i + 1} registered")
        if i < 3:
            expect(desk.locator("[data-player-entries] li")).to_have_count(1)  # the panel has the entry now
            desk.get_by_text("Sponsor logo worn").click()
            desk.locator("#logo").get_by_label("Company").select_option(label="BetCo (approved)")
            desk.get_by_label("Width (cm)").fill("3")
            desk.get_by_label("Height (cm)").fill("4")
            desk.get_by_role("button", name="Record logo").click()
            expect(desk.locator("[data-logo-result]")).to_contain_text("Logo recorded: compliant.")
            desk.get_by_text("Sponsor logo worn").click()

    # The three are pinned to the TV table (the media asked for them), then the draw.
    director.goto(setup_url)
    for number in (1, 2, 3):
        director.get_by_label("Pinned entry").fill(str(number))
        director.get_by_label("Pinned table").fill("3")
        director.get_by_label("Pinned seat").fill(str(number))
        director.get_by_label("Why pinned").fill("TV")
        director.get_by_role("button", name="Reserve the seat").click()
        expect(director.locator("[data-pins] li")).to_have_count(number)
    open_draw_and_start(director, stack.url, t, "1-3", "Opened tables 1, 2, 3.")
    expect(director.locator('[data-clock="status"]')).to_have_text("running")

    tablet, phone, tv = new_page(*TABLET), new_page(*PHONE), new_page(*TV)
    sign_in(tablet, stack.url, staff["floor"], f"/tournaments/{t}/floor/")
    phone.goto(f"{stack.url}/tournaments/{t}/")
    tv.goto(f"{stack.url}/tournaments/{t}/tv/")
    for page in (tablet, phone, tv, director):
        expect(page.locator("[data-live-status]")).to_have_text("live")
    floor = Floor(tablet, tournament)
    expect(floor.seated()).to_have_count(FIELD)

    # SEAT-COLLECT: every seat card collected on the tablet, a seat number's stacks in together.
    expect(tablet.locator("[data-collecting]")).to_have_count(3)
    for seat in range(1, 11):
        for table in (1, 2, 3):
            tap(tablet.locator(f'.table-card[data-table="{table}"] li[data-seat="{seat}"]'), "Seat card collected")
            expect(tablet.locator(f'.table-card[data-table="{table}"] li[data-seat="{seat}"]')).not_to_have_attribute(
                "data-collect", "to-collect"
            )
        expect(tablet.locator("[data-result]")).to_have_text(
            f"Every seat {seat} is collected: those stacks go into play."
        )
    expect(tablet.locator("[data-collecting]")).to_have_count(0)
    chips = FIELD * STACK
    screens_agree((director, phone, tv), FIELD, chips)

    # PF-LOGO-TV: three of BetCo at the TV table; the director keeps the two they chose.
    compliance = new_page(*CONSOLE)
    sign_in(compliance, stack.url, staff["director"], f"/tournaments/{t}/compliance/")
    expect(compliance.get_by_text("No company is over the cap.")).to_be_visible()  # 3 of 30 is the 10%
    breach = compliance.locator("[data-tv-breach]")
    expect(breach).to_contain_text("Table 3: BetCo: 3 wear it, 2 may.")
    breach.get_by_label("#1 ").check()
    breach.get_by_label("#3 ").check()
    breach.get_by_role("button", name="Keep the 2 chosen").click()
    expect(compliance.locator("[data-result]")).to_have_text("Kept #1, #3; removed #2.")
    expect(compliance.get_by_text("No TV table has more than two players wearing one company's logo.")).to_be_visible()
    expect(compliance.locator("[data-rulings] li").first).to_contain_text("PF-LOGO-TV BetCo: chosen")

    # Chips out of view, forfeited on the tablet: out of play, and the director's check agrees.
    first = tablet.locator('.table-card[data-table="1"] .seats li:not(.empty)').first
    seat = int(first.get_attribute("data-seat"))
    sheet = open_seat(tablet, 1, seat)
    sheet.get_by_role("button", name=re.compile(f"^Forfeit chips: seat {seat},")).click()
    asked = question(tablet)
    asked.get_by_label("Chips forfeited (or the blinds dodged)").fill("2000")
    asked.get_by_label("Stack counted now, with those chips (a dodged blind may go without)").fill(str(STACK))
    asked.get_by_label("What happened (for the record)").fill("T1000s out of view under a cap")
    asked.get_by_role("button", name="Out of view").click()
    chips -= 2_000
    expect(tablet.locator("[data-result]")).to_contain_text(
        f"forfeits 2,000 chips: out of play, {chips:,} chips in play."
    )
    expect(director.locator("[data-chips-parts]")).to_have_text(
        f"= {FIELD * STACK:,} bought − 0 removed − 2,000 forfeited + 0 colour-ups"
    )
    expect(director.locator("[data-count-sentence]")).to_have_text(
        "1 of 30 stacks counted; the total is checked when all are in."
    )

    # The director's elimination penalty (pokerfest L275), given from the seat at the console:
    # the counted stack leaves play and the player is placed as a bust.
    compliance.goto(f"{stack.url}/tournaments/{t}/floor/")
    expect(compliance.locator("[data-live-status]")).to_have_text("live")
    # Not entry #5, whom the console disqualifies next (the draw's seed decides who sits where).
    seat = (
        Seating.objects.filter(tournament=tournament, ended_at__isnull=True, tournament_table__table__number=2)
        .exclude(entry__number=5)
        .order_by("seat")
        .values_list("seat", flat=True)
        .first()
    )
    open_seat(compliance, 2, seat).get_by_role("button", name=re.compile(f"^Penalty: seat {seat},")).click()
    compliance.get_by_role("button", name="elimination", exact=True).click()
    compliance.get_by_label(f"Stack counted: seat {seat}").fill(str(STACK))
    compliance.get_by_label(f"What happened: seat {seat}").fill("abused the dealer")
    compliance.get_by_role("button", name="Confirm: elimination").click()
    expect(compliance.locator("[data-result]")).to_contain_text(": elimination.")
    expect(tablet.locator(f'.table-card[data-table="2"] li[data-seat="{seat}"]')).to_have_class(re.compile("empty"))
    chips -= STACK
    screens_agree((director, phone, tv), FIELD - 1, chips)

    # PAY-DQ: the console disqualifies with the counted stack, which leaves play.
    disqualify_on_the_console(director, 5, "chip dumping to seat 4", chips="18500")
    expect(director.locator("[data-result]")).to_have_text("Entry #5 is disqualified.")
    chips -= 18_500
    screens_agree((director, phone, tv), FIELD - 2, chips)
    expect(director.locator("[data-chips-parts]")).to_have_text(
        f"= {FIELD * STACK:,} bought − {STACK + 18_500:,} removed − 2,000 forfeited + 0 colour-ups"
    )

    # Busts to the final table, then to the winner.
    while floor.players_left() > 10:
        floor.bust(floor.largest_table())
    director.get_by_role("button", name="Draw the final table").click()
    expect(tablet.locator(".table-card")).to_have_count(1)
    while floor.players_left() > 2:
        floor.bust(floor.largest_table())
    tap(floor.seated().first, "Out")  # the last bust closes every table: no seat left to count
    expect(phone.locator("[data-winner]")).to_contain_text("The tournament is over. Winner:")

    # The payout desk pays every prize once; the results count every entry; the close-out adds up.
    cashier = new_page(*CONSOLE)
    answer_questions(cashier)  # each payment is confirmed in the page
    sign_in(cashier, stack.url, staff["cashier"], f"/tournaments/{t}/payouts/")
    pay = cashier.get_by_role("button", name="Pay cash")
    expect(pay).to_have_count(3)
    for left in (2, 1, 0):
        pay.first.click()
        expect(pay).to_have_count(left)
    phone.goto(f"{stack.url}/tournaments/{t}/results/")
    rows = phone.locator("[data-results] tbody tr")
    expect(rows).to_have_count(FIELD - 1)  # the disqualified take no place (PAY-DQ): the rest move up
    expect(rows.last.locator("td").first).to_have_text(str(FIELD - 1))  # the elimination penalty's place
    expect(rows.first.locator("td").first).to_have_text("1")
    cashier.goto(f"{stack.url}/tournaments/{t}/close-out/")
    expect(cashier.locator("[data-net-total]")).to_have_text(re.compile(r"^\d[\d,]*\.\d\d EUR$"))
