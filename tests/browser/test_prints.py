"""Issue 26, "Print": each slip printed to PDF in Chromium, from the link on its screen, on the
paper asked for: the page's size (80 mm roll or A4, from its @page) and what it says."""

import io

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tables.models import Seating
from tables.services.breaking import break_next_table
from tables.services.draw import draw_field, open_tables
from tests.helpers.fields import field, seated_field
from tests.helpers.pages import act, sign_in
from tests.helpers.play import play_to_the_end
from tournaments.queries.payout_desk import prizes_to_pay
from tournaments.services.payout_desk import pay_prize

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MM = 72 / 25.4  # PDF points in a millimetre
ROLL, A4 = 80 * MM, 210 * MM


def printed(page) -> tuple[float, float, str]:
    """The first page's width and height in points, and the whole PDF's text."""
    pdf = PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True, print_background=False)))
    box = pdf.pages[0].mediabox
    return float(box.width), float(box.height), " ".join(p.extract_text() for p in pdf.pages)


def opened(page, click):
    """The print page a link or form opens in a new tab (target=_blank)."""
    with page.context.expect_page() as popup:
        click()
    slip = popup.value
    slip.wait_for_load_state()
    expect(slip.locator("[data-print]")).to_be_visible()
    return slip


def test_SEAT_BREAK_CHIP_COUNT_the_director_prints_a_broken_tables_moves_and_the_chip_count_sheet(
    stack, new_page, make_tournament, staff
):
    tournament = field(make_tournament, 6, tables=2)
    act(open_tables, tournament.id, [1, 2], staff["director"])
    act(draw_field, tournament.id, staff["director"], 3)
    act(break_next_table, tournament.id, staff["floor"], seed=1)
    moved = list(
        Seating.objects.filter(tournament=tournament, ended_because="table broken").select_related("entry__player")
    )
    page = new_page()
    sign_in(page, stack.url, staff["director"], f"/tournaments/{tournament.id}/director/")
    page.get_by_text("Print: move slips, chip-count sheet").click()
    page.get_by_label("Broken table").fill("2")
    slips = opened(page, lambda: page.get_by_role("button", name="Print its move slips").click())
    slips.get_by_role("link", name="A4").click()
    expect(slips.locator(".paper-a4")).to_have_count(1)
    width, height, text = printed(slips)
    assert (round(width), round(height)) == (round(A4), round(297 * MM))
    assert "Table 2 is broken" in text
    for sitting in moved:
        now = Seating.objects.get(entry=sitting.entry, ended_at__isnull=True)
        assert str(sitting.entry.player) in text
        assert f"To table {now.tournament_table.table.number}, seat {now.seat}" in text

    slips.get_by_role("link", name="80 mm roll").click()
    expect(slips.locator(".paper-80mm")).to_have_count(1)
    width, _, text = printed(slips)
    assert round(width) == round(ROLL) and str(moved[0].entry.player) in text

    one = moved[0].entry
    page.get_by_label("Moved entry #").fill(str(one.number))
    slip = opened(page, lambda: page.get_by_role("button", name="Print the player's move slip").click())
    expect(slip.locator(".paper-80mm")).to_have_count(1)  # this device's paper, remembered
    width, _, text = printed(slip)
    assert round(width) == round(ROLL) and str(one.player) in text and f"#{one.number}" in text

    sheet = opened(page, lambda: page.get_by_role("link", name="Print the chip-count sheet").click())
    sheet.goto(sheet.url + "?paper=a4")
    width, _, text = printed(sheet)
    assert round(width) == round(A4) and "Chip-count sheet" in text and "6 players seated" in text


def test_the_cashier_prints_a_payout_receipt_and_the_desk_a_seat_ticket(stack, new_page, make_tournament, staff):
    tournament = seated_field(make_tournament, staff, 3)
    act(play_to_the_end, tournament, staff)
    [*_, winner] = prizes_to_pay(tournament)
    act(pay_prize, tournament.id, winner["entry"], "cash", staff["cashier"])

    page = new_page()
    sign_in(page, stack.url, staff["cashier"], f"/tournaments/{tournament.id}/payouts/")
    row = page.locator(f"[data-prizes] tr[data-entry='{winner['entry']}']")
    receipt = opened(page, lambda: row.get_by_role("link", name="Receipt").click())
    width, _, text = printed(receipt)
    assert round(width) == round(ROLL)
    assert "Payout receipt" in text and winner["name"] in text and f"#{winner['entry']}" in text

    receipt.goto(f"{stack.url}/tournaments/{tournament.id}/entries/{winner['entry']}/ticket/?paper=80mm")
    width, _, text = printed(receipt)
    assert round(width) == round(ROLL) and winner["name"] in text and f"#{winner['entry']}" in text
