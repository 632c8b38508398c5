"""A whole festival through the pages (issue 22, "Done means"): one Main Event from Day 1A to the
winner, as its people run it, with no admin, no service call and no hand-written API call once
the venue's festival, a structure template and a second floor person exist (the superuser's
part).

The director creates the Main Event with three flights and a satellite feeding it on the
pages; the satellite plays to its winner, whose voucher buys a Day 1A seat at the desk; a player
pre-registers for Day 1B on a phone and the desk confirms the entry, the phone's seat page then
following them to their place and prize; each flight plays to the day's last hand, the floor
bags, a second floor person confirms every bag on its seat panel, the director closes the flight
("Day 1A is over: N bags" on its lobby and TV); Day 2 starts at the level where the flights
stopped, plays hand-for-hand at the bubble, the final table strikes a deal, the winner is known,
the cashier pays every prize, the festival's close-out is read. What holds for one Main Event is
asserted: every flight's entries counted once (results and lobby), every prize paid once, the
money taken at the flights' desks inside the Main Event's and covering the prizes.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.helpers.pages import sign_in
from tests.helpers.tablet import answer_questions, tap
from tests.helpers.whole_event import (
    Floor,
    add_tables,
    create_tournament,
    open_draw_and_start,
    open_registration,
    venue_and_template,
)
from tests.helpers.whole_festival import (
    add_flight,
    amount,
    at_the_desk,
    close_the_flight,
    confirm_preregistration,
    confirm_the_bags,
    create_satellite,
    end_the_day,
    open_flight_registration,
    preregister_on_a_phone,
    second_floor_person,
    sell,
    use_voucher,
)
from tournaments.models import Entry, Tournament, WonSeat
from tournaments.queries.payouts import prize_pool

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FLIGHTS = {"Day 1A": ["Ann", "Ben", "Cal"], "Day 1B": ["Dan", "Eve", "Fay"], "Day 1C": ["Gus", "Hal", "Ivy", "Joe"]}
PLACES_PAID = 4


def test_one_main_event_in_three_flights_with_a_satellite_from_day_1a_to_the_payout_desk_through_the_pages(
    stack, new_page, staff
):
    festival, structure = venue_and_template()
    floor_2 = second_floor_person()
    director, desk, tablet, second, lobby = new_page(), new_page(), new_page(), new_page(), new_page()
    tv, phone = new_page(1920, 1080), new_page(width=390, height=844)
    answer_questions(director)  # "Close this flight?", "Draw Day 2 now?", hand-for-hand, the final table: OK
    sign_in(director, stack.url, staff["director"], "/")
    sign_in(desk, stack.url, staff["desk"], "/")
    sign_in(tablet, stack.url, staff["floor"], "/")
    sign_in(second, stack.url, floor_2, "/")
    floor = Floor(tablet, None)

    # The Main Event (100 EUR: 90 to the pool, 10 fee), its venue tables and three flights.
    main = create_tournament(director, festival, structure, "Main Event", "pokerfest", places_paid=str(PLACES_PAID))
    add_tables(director, {1: 9, 2: 9})
    for name in FLIGHTS:
        add_flight(director, name)
    flights = {flight.name: flight for flight in Tournament.objects.filter(main_event=main)}

    # A satellite for the Main Event: 5 × 25 EUR (22.50 to its pool) wins one seat of 100 EUR.
    director.goto(f"{stack.url}/")
    satellite = create_satellite(director, festival, structure, "Mega Satellite", "Main Event", "25")
    open_registration(director, satellite)
    at_the_desk(desk, stack.url, satellite, "satellite")
    sell(desk, [f"Sat{i}" for i in range(5)])
    open_draw_and_start(director, stack.url, satellite.id, "2", "Opened table 2.")
    sat_lobby = new_page()
    sat_lobby.goto(f"{stack.url}/tournaments/{satellite.id}/")
    expect(sat_lobby.locator('[data-clock="paid"]')).to_contain_text("1 seat in Main Event")
    tablet.goto(f"{stack.url}/tournaments/{satellite.id}/floor/")
    floor.tournament = satellite
    expect(floor.seated()).to_have_count(5)
    for _ in range(3):
        floor.bust(2)
    floor.same_hand = False
    tap(floor.seated(2).first, "Out")
    expect(sat_lobby.locator("[data-winner]")).to_contain_text("The tournament is over. Winner:")
    voucher = WonSeat.objects.select_related("player").get(won_with__tournament=satellite)
    assert voucher.tournament_id == main.id  # good in any of its flights

    # A player pre-registers for Day 1B on their phone; the desk confirms it when they come.
    code = preregister_on_a_phone(phone, stack.url, festival.id, flights["Day 1B"], "Ada", "Lovelace")
    expect(phone.locator("[data-prereg-status]")).to_have_text(
        "Your seat is held: show this code and your photo ID at the desk."
    )

    # Day 1A, 1B, 1C: sold at the desk (the voucher in Day 1A, the pre-registration in Day 1B),
    # played to the day's last hand, bagged, every bag confirmed by a second floor person, closed.
    for name, flight in flights.items():
        open_flight_registration(director, stack.url, flight)
        at_the_desk(desk, stack.url, flight, name)
        sell(desk, FLIGHTS[name])
        if name == "Day 1A":
            use_voucher(desk, voucher.player.first_name, voucher.code)
        if name == "Day 1B":
            confirm_preregistration(desk, stack.url, code, "Ada Lovelace")
            # The phone kept open: once the desk confirms, the seat page is linked (the page follows it).
            phone.locator("[data-seat-link]").click(timeout=30_000)
            expect(phone.locator("[data-live-status]")).to_have_text("live")
        # Day 1C plays into level 2 before its day ends: Day 2 starts there.
        level = 2 if name == "Day 1C" else 1
        seats = end_the_day(director, tablet, lobby, stack.url, flight, floor, level, spare="Ada")
        if name == "Day 1B":
            expect(phone.locator("[data-day-two-seat]")).to_have_text(
                "Bagged: the bag qualifies for Day 2 once the flight closes."
            )
        tv.goto(f"{stack.url}/tournaments/{flight.id}/tv/")
        expect(tv.locator("[data-live-status]")).to_have_text("live")
        confirm_the_bags(second, director, stack.url, flight, seats, staff["floor"].username)
        close_the_flight(director, stack.url, flight)
        expect(director.locator(f'[data-flight="{name}"]')).to_contain_text(f"closed, {len(seats)} qualified")
        over = f"{name} is over: {len(seats)} bags"
        expect(director.locator('[data-clock="status"]').first).to_have_text(over)
        expect(lobby.locator("[data-winner]")).to_have_text(over)
        expect(tv.locator("[data-tv-winner-title]")).to_have_text(over)
        expect(tv.locator("[data-tv-winner-names]")).to_have_text("The bags go to Day 2 of Main Event.")
    voucher.refresh_from_db()
    assert voucher.entry.tournament_id == flights["Day 1A"].id and voucher.entry.paid == 0

    # Day 2: the director opens its tables and draws the bags; the clock starts.
    expect(phone.locator("[data-seat]")).to_have_text("Your flight is over: your way to Day 2 is below.")
    director.goto(f"{stack.url}/tournaments/{main.id}/director/")
    qualified = sum(len(players) for players in FLIGHTS.values()) + 2 - 3  # voucher, pre-registration; one out a day
    expect(director.locator("[data-day-two-state]")).to_have_text(f"{qualified} bags have qualified for Day 2 so far.")
    # Day 2 starts where the flights stopped (the furthest: Day 1C's level 2), confirmed on the console.
    expect(director.locator("[data-day-two-stopped]")).to_have_text(
        "Day 1A stopped in level 1. Day 1B stopped in level 1. Day 1C stopped in level 2. Day 2 starts at level 2."
    )
    first_level = director.get_by_label("Day 2's first level")
    expect(first_level.locator("option:checked")).to_have_text("Level 2 (200 / 400) · where the flights stopped")
    director.get_by_role("button", name="Set Day 2's first level").click()
    expect(director.locator("[data-flights-result]")).to_have_text("Day 2 starts at Level 2.")
    director.get_by_label("Day 2 tables").fill("1-2")
    director.get_by_role("button", name="Open Day 2 tables").click()
    expect(director.locator("[data-flights-result]")).to_have_text("Day 2 tables opened: 1-2.")
    director.get_by_role("button", name="Draw Day 2").click()
    expect(director.locator("[data-flights-result]")).to_have_text("Day 2 is drawn.")
    ada = Entry.objects.get(tournament=main, player__first_name="Ada")
    table, seat = ada.seatings.filter(ended_at=None).values_list("tournament_table__table__number", "seat").get()
    expect(phone.locator("[data-seat]")).to_have_text(f"Day 2: table {table}, seat {seat}")  # live, no reload
    director.get_by_role("button", name="Start", exact=True).click()
    expect(director.locator('[data-clock="status"]')).to_have_text("running")
    expect(director.locator('[data-clock="level"]')).to_have_text("Level 2")
    expect(director.locator('[data-clock="blinds"]')).to_have_text("200 / 400")

    # One Main Event: every flight's entries in one count and one pool.
    sold = Entry.objects.filter(tournament__main_event=main, kind__in=Entry.SEAT_KINDS).count()
    assert sold == qualified + 3
    lobby.goto(f"{stack.url}/tournaments/{main.id}/")
    expect(lobby.locator("[data-flights-pool]")).to_contain_text(f"{sold} entries in all flights")
    expect(lobby.locator('[data-clock="level"]')).to_have_text("Level 2")

    # HFH-MODE at the bubble (4 paid): with five left, hand-for-hand, and one out puts four in the money.
    tablet.goto(f"{stack.url}/tournaments/{main.id}/floor/")
    expect(tablet.locator("[data-live-status]")).to_have_text("live")
    floor.tournament = main
    expect(floor.seated()).to_have_count(qualified)
    while floor.players_left() > PLACES_PAID + 1:
        floor.bust(floor.largest_table())
    for table in (1, 2):  # the hands of those busts are over: hand-for-hand starts with a new one
        floor.hand_done(table)
        expect(tablet.locator("[data-result]")).to_have_text(f"Table {table}: next hand.")
    director.get_by_role("button", name="Start hand-for-hand").click()
    expect(lobby.locator("[data-hand-for-hand]")).to_have_text("Hand-for-hand, hand 1 · playing: 1, 2")
    # The tablet redrawn for hand-for-hand too (HFH-ALLIN's button at both tables): a redraw
    # in the middle of the next tap would close the seat's actions under it.
    expect(tablet.get_by_role("button", name="All-in, frozen")).to_have_count(2)
    floor.bust(floor.largest_table())
    for table in (1, 2):
        floor.hand_done(table)
    expect(lobby.locator("[data-hand-for-hand]")).to_have_text(
        f"In the money! {PLACES_PAID} players left, {PLACES_PAID} paid."
    )

    # SEAT-FINAL, one out, and a deal among the last three ends it.
    director.get_by_role("button", name="Draw the final table").click()
    expect(tablet.locator(".table-card")).to_have_count(1)
    floor.bust(floor.largest_table())
    director.get_by_text("Deals: chip-chop, ICM").click()
    chips = director.locator("[data-chips]")
    expect(chips).to_have_count(3)
    for index, stack_size in enumerate(["150,000", "100,000", "50,000"]):
        chips.nth(index).fill(stack_size)
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

    # The cashier pays every prize once at the payout desk.
    cashier = new_page(1440, 900)
    answer_questions(cashier)  # "Pay … in cash?": OK
    sign_in(cashier, stack.url, staff["cashier"], f"/tournaments/{main.id}/payouts/")
    rows = cashier.locator("[data-prizes] tbody tr")
    expect(rows).to_have_count(PLACES_PAID)
    pay = cashier.get_by_role("button", name="Pay cash")
    for left in range(PLACES_PAID - 1, -1, -1):  # each payment redraws the list before the next
        pay.first.click()
        expect(pay).to_have_count(left)
    main.refresh_from_db()
    assert main.status == "finished"
    pool = prize_pool(main)
    assert pool["collected"] == sold * 9_000  # the won seat's pool part came from the satellite
    paid = main.prize_payments.filter(reversed_at=None)
    assert paid.count() == PLACES_PAID and sum(paid.values_list("amount", flat=True)) == pool["pool"]

    # The results: the winner first, every prize.
    results = new_page()
    results.goto(f"{stack.url}/tournaments/{main.id}/results/")
    expect(results.locator("[data-results] tbody tr").first.locator("td").first).to_have_text("1")
    expect(results.locator("[data-results-summary]")).to_contain_text(f"{PLACES_PAID} places paid")
    expect(results.locator("[data-results-summary]")).to_contain_text(f"{sold} entries in all flights of Main Event")

    # Ada's seat page, open since Day 1B: her place and prize at the end.
    row = results.locator("[data-results] tbody tr").filter(has_text="Ada")
    place, prize = int(row.locator("td").nth(0).inner_text()), row.locator("td").nth(3).inner_text()
    ordinal = {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")
    won = f"prize {prize}: collect it at the payout desk" if prize != "–" else "no prize"
    expect(phone.locator("[data-my-finish]")).to_have_text(f"You finished {ordinal} of {sold} · {won}.")

    # The festival's close-out: fees against the pool, the prizes paid the pool, nothing negative,
    # each flight's takings inside the Main Event's, the satellite's seat tied to it.
    cashier.goto(f"{stack.url}/festivals/{festival.id}/close-out/")
    report = cashier.locator("[data-festival-close-out]")
    assert not re.search(r"[−-]\s*\d", report.inner_text())
    line = report.locator(f"[data-close-out-events] tr[data-event='{main.id}']")
    money = {key: amount(line.locator(f"[data-{key}]").inner_text()) for key in ("taken", "fees", "to-pool", "pool")}
    cash_entries = Entry.objects.filter(tournament__main_event=main, kind__in=Entry.SEAT_KINDS).exclude(paid=0)
    assert money["fees"] == 10 * cash_entries.count() and money["to-pool"] == 90 * cash_entries.count()
    assert money["taken"] == money["fees"] + money["to-pool"]
    assert money["taken"] * 100 == sum(Entry.objects.filter(tournament__main_event=main).values_list("paid", flat=True))
    assert money["pool"] * 100 == pool["pool"] and money["to-pool"] <= money["pool"]
    expect(line.locator("[data-from-seats]")).to_contain_text("90.00 EUR")  # the won seat's pool part
    expect(line.locator("[data-prizes-paid]")).to_have_text(line.locator("[data-pool]").inner_text())
    expect(line.locator("[data-still-to-pay]")).to_have_text("0.00 EUR")
    takings = [
        amount(report.locator(f"tr.flight[data-flight='{f.id}'] [data-taken]").inner_text()) for f in flights.values()
    ]
    assert all(taken > 0 for taken in takings) and sum(takings) == money["taken"]
    satellite_line = report.locator(f"[data-close-out-events] tr[data-event='{satellite.id}']")
    expect(satellite_line.locator("[data-feeds]")).to_have_text("satellite for Main Event")
    expect(satellite_line.locator("[data-seats]")).to_contain_text("1 seat, 100.00 EUR (1 used)")
    expect(line.locator("[data-fed-by]")).to_contain_text("Mega Satellite")
    assert amount(report.locator("[data-total-prizes]").inner_text()) >= money["pool"]
    assert amount(report.locator("[data-drawer]").inner_text()) >= 0

    # The Main Event's own close-out: its flights' desks took the money, so nothing negative after prizes.
    cashier.goto(f"{stack.url}/tournaments/{main.id}/close-out/")
    prizes = amount(cashier.locator("[data-prizes-total]").inner_text())
    assert prizes * 100 == pool["pool"] and prizes <= amount(cashier.locator("[data-net-total]").inner_text())
    expect(cashier.locator("[data-prizes-paid] tfoot")).to_contain_text(str(PLACES_PAID))
    assert amount(cashier.locator("[data-net-after-prizes]").inner_text()) >= 0
