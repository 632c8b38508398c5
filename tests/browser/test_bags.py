"""Closing a flight in Chromium (issue 22): after the flight's last hand the tablet offers no
"Hand done"; the floor bags each seat on its panel and the map marks it; the director's console
lists the bags waiting for a second person beside "Close flight"; the director, the second
person, is offered "Confirm" (never "Recount") on the seat panel, while the bagger may still
recount; once closed, the flight's console, lobby and TV say "Day 1A is over: 4 bags"
(CHIP-COUNT, CLK-EOD). The flight is made by its services beforehand."""

from datetime import date

import pytest
from playwright.sync_api import expect

from clock.services.day import bag_chips
from clock.services.level_clock import pause_clock, start_clock
from players.services import desk as player_services
from tables.models import Seating, Table, TournamentTable
from tables.services.counts import confirm_bag, report_counts
from tables.services.draw import draw_field, open_tables
from tests.helpers.pages import act, sign_in
from tests.helpers.tablet import answer_questions, open_seat
from tournaments.models import Tournament
from tournaments.queries.entries import Sale
from tournaments.queries.snapshot import field_counts
from tournaments.rules.entries import Kind
from tournaments.services import desk
from tournaments.services.flights import add_flight

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def a_flight(make_tournament, staff) -> Tournament:
    """Day 1A of a main event: four players drawn at table 1."""
    main = make_tournament(name="Main Event")
    Table.objects.create(festival=main.festival, number=1, seats=9)
    act(add_flight, main.id, "Day 1A", None, 9, staff["director"])
    flight = Tournament.objects.get(main_event=main)
    for name in ("Ann", "Ben", "Cal", "Dan"):
        player = act(
            player_services.create_player,
            flight.id,
            player_services.NewPlayer(name, "Flight", date(1980, 1, 1), accepts_terms=True, id_checked=True),
            None,
        )
        act(desk.register_entry, flight.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    act(open_tables, flight.id, [1], staff["director"])
    act(draw_field, flight.id, staff["director"], 4)
    # The flight has played: its clock started, and stopped for the day's last hands.
    act(start_clock, flight.id, staff["director"])
    act(pause_clock, flight.id, staff["director"])
    return flight


def test_CHIP_COUNT_a_second_person_confirms_each_bag_on_the_seat_panel_and_the_closed_flight_says_so(
    stack, new_page, make_tournament, staff
):
    flight = a_flight(make_tournament, staff)
    # CLK-EOD: the director announced the day's last hand (tests/browser/test_floor_tablet.py).
    TournamentTable.objects.filter(tournament=flight).update(hands_left=1)
    seats = sorted(Seating.objects.filter(tournament=flight, ended_at__isnull=True).values_list("seat", flat=True))
    base = stack.url
    tablet, director, second, lobby, tv = new_page(), new_page(), new_page(), new_page(), new_page()
    answer_questions(director)  # "Close this flight?": OK
    sign_in(tablet, base, staff["floor"], f"/tournaments/{flight.id}/floor/")
    sign_in(director, base, staff["director"], f"/tournaments/{flight.id}/director/")
    sign_in(second, base, staff["director"], f"/tournaments/{flight.id}/floor/")
    lobby.goto(f"{base}/tournaments/{flight.id}/")
    tv.goto(f"{base}/tournaments/{flight.id}/tv/")
    for page in (tablet, director, second, lobby, tv):
        expect(page.locator("[data-live-status]")).to_have_text("live")

    card = tablet.locator('.table-card[data-table="1"]')
    expect(card).to_contain_text("1 hand left today")
    card.get_by_role("button", name="Hand done", exact=True).click()
    # After the last hand: no "Hand done", and the banner says what is left to do.
    expect(card).to_contain_text("Last hand played: bag the chips (4 seats to bag)")
    expect(card.get_by_role("button", name="Hand done", exact=True)).to_have_count(0)
    expect(card.locator('[data-bag-mark="to-bag"]')).to_have_count(4)

    for n, seat in enumerate(seats):
        sheet = open_seat(tablet, 1, seat)
        sheet.get_by_role("spinbutton").fill(str(20_000 + 1_000 * n))
        sheet.get_by_role("button", name="Bag", exact=True).click()
        expect(tablet.locator("[data-result]")).to_contain_text(f"Seat {seat} bagged")
        expect(card.locator(f'li[data-seat="{seat}"] [data-bag-mark]')).to_have_text("bagged")
    expect(card).to_contain_text("Every seat bagged: 4 bags wait for a second person to confirm them")
    # The bagger may recount (until confirmed), and is not offered "Confirm".
    mine = open_seat(tablet, 1, seats[0])
    expect(mine).to_contain_text("chips bagged by you, waiting for a second person to confirm.")
    expect(mine.get_by_role("button", name="Confirm", exact=True)).to_have_count(0)
    mine.get_by_role("spinbutton").fill("20500")
    mine.get_by_role("button", name="Recount", exact=True).click()
    expect(tablet.locator("[data-result]")).to_contain_text(f"Seat {seats[0]} counted again: 20,500 chips")
    expect(mine).to_contain_text("(counted again; first count 20,000)")

    # The console lists the bags waiting for a second person, beside "Close flight".
    waiting = director.locator("[data-bags-waiting]")
    expect(waiting).to_contain_text("4 bags wait for a second person to confirm them:")
    expect(waiting.locator("[data-bag-waiting]")).to_have_count(4)
    expect(waiting.locator(f'[data-bag-waiting="1-{seats[0]}"]')).to_contain_text("(counted again; first count 20,000)")

    # The director, a second person, confirms each bag on its seat panel.
    for n, seat in enumerate(seats):
        panel = open_seat(second, 1, seat)
        expect(panel).to_contain_text(f"Seat bagged by {staff['floor'].username}: count it again and confirm.")
        expect(panel.get_by_role("button", name="Recount", exact=True)).to_have_count(0)
        panel.get_by_role("spinbutton").fill("20500" if n == 0 else str(20_000 + 1_000 * n))
        panel.get_by_role("button", name="Confirm", exact=True).click()
        expect(second.locator("[data-result]")).to_have_text(f"Bag of seat {seat} confirmed.")
        expect(second.locator(f'.table-card li[data-seat="{seat}"] [data-bag-mark]')).to_have_text("✓ confirmed")
        expect(waiting.locator("[data-bag-waiting]")).to_have_count(3 - n)  # live on the console
    expect(card.locator('[data-bag-mark="confirmed"]')).to_have_count(4)  # the bagger's tablet too
    expect(card.locator("p.new-level")).to_have_count(0)  # every bag confirmed: no banner left
    expect(waiting).to_have_text("All 4 bags confirmed by a second person.")
    expect(lobby.locator("[data-end-of-day]")).to_have_text("Day 1 is over: chips are bagged.")  # the worker

    director.get_by_role("button", name="Close flight", exact=True).click()
    expect(director.locator('[data-flight="Day 1A"]')).to_contain_text("closed, 4 qualified")
    # The flight's own name and bags on its console, lobby and TV: not "the tournament is over".
    expect(director.locator('[data-clock="status"]').first).to_have_text("Day 1A is over: 4 bags")
    expect(director.locator("[data-tables-summary]")).to_have_text("Day 1A is over: 4 bags")
    expect(lobby.locator("[data-winner]")).to_have_text("Day 1A is over: 4 bags")
    expect(lobby.locator("[data-chart-summary]")).to_have_text("Day 1A is over: 4 bags")
    expect(lobby.locator("[data-end-of-day]")).to_be_hidden()
    expect(lobby.locator('[data-clock="status"]').first).to_have_text("Day 1A is over: 4 bags")
    expect(tv.locator("[data-tv-winner-title]")).to_have_text("Day 1A is over: 4 bags")
    expect(tv.locator("[data-tv-winner-names]")).to_have_text("The bags go to Day 2 of Main Event.")  # live
    tv.reload()
    expect(tv.locator("[data-tv-winner-names]")).to_have_text("The bags go to Day 2 of Main Event.")
    expect(tv.locator('[data-clock="status"]').first).to_have_text("Day 1A is over: 4 bags")
    for page in (tablet, director, lobby, tv):
        expect(page.get_by_text("tournament over")).to_have_count(0)
    expect(tablet.locator("[data-tables]")).to_have_text("Day 1A is over: 4 bags")


def test_CHIP_COUNT_closing_a_flight_whose_counts_differ_names_the_difference_in_the_question(
    stack, new_page, make_tournament, staff
):
    """The walkthrough closed a flight while the chip check said "counts differ" and was asked only
    "Close this flight?…": the question says by how much."""
    flight = a_flight(make_tournament, staff)
    seats = Seating.objects.filter(tournament=flight, ended_at__isnull=True).values_list("seat", flat=True)
    act(report_counts, flight.id, 1, {str(seat): 1_000 for seat in seats}, staff["floor"])
    in_play = field_counts(flight.id)["chips_in_play"]
    director = new_page()
    sign_in(director, stack.url, staff["director"], f"/tournaments/{flight.id}/director/")
    expect(director.locator("[data-live-status]")).to_have_text("live")
    director.get_by_role("button", name="Close flight", exact=True).click()
    question = director.locator("dialog.ask")
    expect(question.locator(".ask-text")).to_have_text(
        f"The bags total 4,000 chips but {in_play:,} are in play: the counts differ by {in_play - 4_000:,}. "
        "Close this flight anyway? Its tables close and its bags qualify for Day 2."
    )
    question.get_by_role("button", name="Cancel").click()
    expect(question).to_have_count(0)
    assert Tournament.objects.get(pk=flight.pk).status != Tournament.Status.FINISHED


# Drops the live frames of one kind before the page's own handler sees them, as a frame lost on a
# busy network would be: the server's heartbeat then shows the gap and the page resyncs.
LOSE_FRAMES = """(kind) => {
  const Real = window.WebSocket;
  window.WebSocket = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (message) => {
        if (JSON.parse(message.data).kind === kind) message.stopImmediatePropagation();
      });
    }
  };
}"""


def test_CHIP_COUNT_a_bag_confirmed_while_the_console_lost_its_event_leaves_the_list_after_the_resync(
    stack, new_page, make_tournament, staff
):
    """CI once saw the console list 4 bags waiting for 30 s after one was confirmed: the frame
    was lost, the page resynced, and the list was not read again."""
    flight = a_flight(make_tournament, staff)
    TournamentTable.objects.filter(tournament=flight).update(hands_left=0)
    seats = sorted(Seating.objects.filter(tournament=flight, ended_at__isnull=True).values_list("seat", flat=True))
    for seat in seats:
        act(bag_chips, flight.id, 1, seat, 20_000, staff["floor"])
    director = new_page()
    director.add_init_script(script=f"({LOSE_FRAMES})('chips.bag_confirmed')")
    sign_in(director, stack.url, staff["director"], f"/tournaments/{flight.id}/director/")
    expect(director.locator("[data-live-status]")).to_have_text("live")
    waiting = director.locator("[data-bags-waiting] [data-bag-waiting]")
    expect(waiting).to_have_count(4)

    act(confirm_bag, flight.id, 1, seats[0], 20_000, staff["director"])
    expect(waiting).to_have_count(3)
    expect(director.locator(f'[data-bag-waiting="1-{seats[0]}"]')).to_have_count(0)
