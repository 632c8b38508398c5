"""The cashier and the desk across a festival (issue 22), in Chromium against real web, worker and
beat: the desk shows the price before the sale and what happened after it, a returning player's
bag from an earlier flight, and adds an ID document to a player who has none; the main event's
close-out counts its flights and links the festival's, which is printable and downloads as CSV."""

import csv
import io
from datetime import date

import pytest
from playwright.sync_api import expect

from clock.models import Clock
from clock.services.day import bag_chips
from players.services import desk as player_services
from tables.models import Seating, Table, TournamentTable
from tables.services.draw import draw_field, open_tables
from tests.helpers.pages import act, sign_in
from tournaments.models import Tournament, WonSeat
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk
from tournaments.services.flights import add_flight

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def person(tournament, name, document=True):
    return player_services.create_player(
        tournament.id,
        player_services.NewPlayer(
            name,
            "Guest",
            date(1980, 1, 1),
            id_document_type="passport" if document else "",
            id_document_number=f"D{name}" if document else "",
            accepts_terms=True,
            id_checked=document,
        ),
        None,
    )


def main_event_in_flights(make_tournament, staff):
    """A pokerfest main event at 200.00 + 20.00 in flights Day 1A and Day 1B, both selling."""
    main = make_tournament(name="Main Event")
    Tournament.objects.filter(pk=main.pk).update(buy_in=20_000, fee=2_000)
    flights = [
        Tournament.objects.get(pk=act(add_flight, main.id, name, None, None, staff["director"])["flight"]["id"])
        for name in ("Day 1A", "Day 1B")
    ]
    Tournament.objects.filter(pk__in=[f.pk for f in flights]).update(status=Tournament.Status.REGISTRATION)
    return main, flights


def bag_in_day_1a(main, day_1a, staff) -> None:
    """Day 1A: three players, one table, the day over; the returning player bags 41,500."""
    Table.objects.create(festival=main.festival, number=1, seats=9)
    returning = act(person, main, "Returning")
    entry = act(desk.register_entry, day_1a.id, returning.id, Sale(Kind.BUY_IN, "cash", "desk 1", "Fri"), None)
    for name in ("Other", "Third"):
        act(desk.register_entry, day_1a.id, act(person, main, name).id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    act(open_tables, day_1a.id, [1], staff["director"])
    act(draw_field, day_1a.id, staff["director"], seed=2)
    TournamentTable.objects.filter(tournament=day_1a).update(hands_left=0)
    Clock.objects.filter(tournament=day_1a).update(day_over=True)
    seat = Seating.objects.get(tournament=day_1a, entry=entry, ended_at__isnull=True).seat
    act(bag_chips, day_1a.id, 1, seat, 41_500, staff["floor"])


def test_the_desk_shows_the_price_the_returning_player_s_bag_and_adds_an_id_document(
    stack, new_page, make_tournament, staff
):
    main, (day_1a, day_1b) = main_event_in_flights(make_tournament, staff)
    bag_in_day_1a(main, day_1a, staff)
    act(person, main, "Nodoc", document=False)

    page = new_page()
    sign_in(page, stack.url, staff["desk"], f"/tournaments/{day_1b.id}/desk/")
    expect(page.locator("[data-live-status]")).to_have_text("live")
    page.get_by_label("Desk", exact=True).fill("desk 2")
    page.get_by_label("Shift").fill("Saturday")
    page.get_by_label("Shift").dispatch_event("change")

    # The returning player: the Day 1A bag and what FLIGHT-REENTRY means, then the price.
    page.get_by_label("Find player").fill("Returning")
    page.get_by_role("button", name="Guest, Returning · born 1980-01-01 · ID DRETURNING").click()
    history = page.locator("[data-history-list] li")
    expect(history).to_have_text(
        ["Main Event · Day 1A: entry #1, buy-in, active · bag 41,500 chips (bagged, waiting for a second count)"]
    )
    expect(page.locator("[data-reentry-means]")).to_contain_text("only their biggest bag goes to Day 2")
    price = page.locator("[data-sale-price]")
    expect(price).to_have_text("Price: 220.00 EUR (200.00 EUR buy-in + 20.00 EUR fee).")
    page.get_by_label("Sale").select_option("satellite")
    expect(price).to_have_text("Price: the won-seat voucher, no charge.")
    page.get_by_label("Sale").select_option("buy_in")
    page.get_by_label("Paid by").select_option("cash")
    page.get_by_role("button", name="Register").click()

    # After the sale: what happened, and no red refusal above it.
    expect(page.locator("[data-sale-result]")).to_contain_text("Entry #1 registered: 220.00 EUR by cash.")
    expect(page.locator("[data-sale-result]")).to_have_class("result ok")
    why = page.locator("[data-register-why]")
    expect(why).to_have_text("Already entered: one entry per player at a time.")
    expect(why).to_have_class("note")
    expect(page.locator("#sale .notice")).to_have_count(0)
    expect(page.get_by_role("button", name="Register")).to_be_disabled()

    # A player with no ID document: no "Photo ID checked" until the desk puts one on file.
    page.get_by_label("Find player").fill("Nodoc")
    page.get_by_role("button", name="Guest, Nodoc · born 1980-01-01").click()
    expect(page.locator("[data-player-name]")).to_have_text("Nodoc Guest")
    expect(page.get_by_role("button", name="Photo ID checked now")).to_be_hidden()
    expect(page.locator("[data-reasons] li").filter(has_text="REG-ID")).to_have_attribute("data-ok", "false")
    page.get_by_label("Document type").select_option("id_card")
    page.get_by_label("Document number").fill("at 55-12")
    page.get_by_role("button", name="Add the document: photo ID seen now").click()
    expect(page.locator("[data-id-document-result]")).to_have_text("ID document on file: AT5512. Photo ID seen today.")
    expect(page.locator("[data-reasons] li").filter(has_text="REG-ID")).to_have_attribute("data-ok", "true")
    expect(page.locator("[data-id-document]")).to_be_hidden()
    expect(page.get_by_role("button", name="Register")).to_be_enabled()

    # A new player: "photo ID seen now" only once a document number is given.
    page.get_by_text("New player").click()
    seen = page.get_by_label("photo ID seen now")
    expect(seen).to_be_disabled()
    page.get_by_label("ID number").fill("X 1")
    expect(seen).to_be_enabled()


def test_the_main_event_s_close_out_counts_its_flights_and_the_festival_s_prints_and_downloads(
    stack, new_page, make_tournament, staff
):
    main, (day_1a, day_1b) = main_event_in_flights(make_tournament, staff)
    side = Tournament.objects.create(
        festival=main.festival, name="Side Event", buy_in=5_000, fee=500, status=Tournament.Status.REGISTRATION
    )
    for flight, name, method in ((day_1a, "Ann", "cash"), (day_1a, "Bob", "card"), (day_1b, "Cy", "cash")):
        act(
            desk.register_entry, flight.id, act(person, main, name).id, Sale(Kind.BUY_IN, method, "desk 1", "Sat"), None
        )
    act(desk.register_entry, side.id, act(person, main, "Dee").id, Sale(Kind.BUY_IN, "cash", "desk 3", "Sun"), None)
    winner = act(person, main, "Won")
    voucher = WonSeat.objects.create(tournament=main, player=winner, source="Satellite 1, 1st place")
    act(
        desk.register_entry,
        day_1b.id,
        winner.id,
        Sale(Kind.SATELLITE, "won", "desk 2", "Sat", won_seat_code=voucher.code),
        None,
    )

    page = new_page()
    sign_in(page, stack.url, staff["cashier"], f"/tournaments/{main.id}/close-out/")
    flights = page.locator("[data-close-out-flights] tbody tr")
    expect(flights).to_have_count(3)
    expect(flights.nth(1)).to_contain_text("Day 1A")
    expect(flights.nth(1)).to_contain_text("440.00 EUR")
    expect(page.locator("[data-net-total]")).to_have_text("660.00 EUR")
    expect(page.locator("[data-net-after-prizes]")).to_have_text("660.00 EUR")  # never negative: the flights took it

    page.get_by_role("link", name="The whole festival's close-out").click()
    expect(page.locator("h1")).to_contain_text("Festival close-out · Test Festival")
    main_row = page.locator(f"[data-close-out-events] tr[data-event='{main.id}']")
    expect(main_row.locator("[data-taken]")).to_have_text("660.00 EUR")
    expect(main_row.locator("[data-fees]")).to_have_text("60.00 EUR")
    expect(main_row.locator("[data-to-pool]")).to_have_text("600.00 EUR")
    expect(main_row.locator("[data-from-seats]")).to_contain_text("200.00 EUR")
    expect(main_row.locator("[data-pool]")).to_have_text("800.00 EUR")
    expect(main_row.locator("[data-bounties-paid]")).to_have_text("0.00 EUR")
    expect(page.locator("[data-close-out-events] tr.flight")).to_have_count(2)
    expect(page.locator("[data-total-taken]")).to_have_text("715.00 EUR")
    expect(page.locator("[data-close-out-desks] tbody tr")).to_have_count(5)
    expect(page.locator("[data-drawer]")).to_have_text("715.00 EUR")
    expect(page.locator("[data-bounties]")).to_contain_text("No bounty events")

    page.emulate_media(media="print")
    expect(page.locator("header.bar")).to_be_hidden()
    expect(page.get_by_role("button", name="Print")).to_be_hidden()
    expect(page.locator("[data-close-out-desks]")).to_be_visible()
    page.emulate_media(media="screen")

    with page.expect_download() as downloading:
        page.get_by_role("link", name="Download as CSV").click()
    download = downloading.value
    assert download.suggested_filename == f"close-out-festival-{main.festival_id}.csv"
    with open(download.path(), encoding="utf-8") as saved:
        lines = list(csv.reader(io.StringIO(saved.read())))
    assert ["drawer", "71500", "EUR"] in lines
    assert any(line[:2] == ["event", "Main Event"] for line in lines)

    page.get_by_role("link", name="Schedule").click()
    expect(page.get_by_role("link", name="Festival close-out")).to_be_visible()
