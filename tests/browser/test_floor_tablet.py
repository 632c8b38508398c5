"""The floor tablets in Chromium: busts, the balancing move on both tablets, seat confirmation."""

from datetime import date

import pytest
from playwright.sync_api import expect

from players import services as player_services
from tables.models import Table
from tables.services import draw_field, open_tables
from tests.browser.test_live_pages import act, sign_in
from tournaments import services
from tournaments.entries import Kind

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_SEAT_BALANCE_busts_on_one_tablet_show_the_move_on_both_and_the_target_confirms_it(
    stack, new_page, make_tournament, staff
):
    tournament = make_tournament()
    for number in (1, 2):
        Table.objects.create(festival=tournament.festival, number=number, seats=9)
    for i in range(18):
        player = act(player_services.create_player, tournament.id, player_services.NewPlayer(
            f"Player{i:02d}", "Field", date(1980, 1, 1), accepts_terms=True, id_checked=True), None)
        act(services.register_entry, tournament.id, player.id, services.Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    act(open_tables, tournament.id, [1, 2], staff["director"])
    act(draw_field, tournament.id, staff["director"], 11)

    first, second = new_page(), new_page()
    for page, table in ((first, 1), (second, 2)):
        sign_in(page, stack.url, staff["floor"], f"/tournaments/{tournament.id}/floor/")
        page.goto(f"{stack.url}/tournaments/{tournament.id}/floor/?table={table}")
        page.on("dialog", lambda dialog: dialog.accept())
        expect(page.locator("[data-live-status]")).to_have_text("live")
        expect(page.locator(".table-card")).to_have_count(1)
        expect(page.locator(f'.table-card[data-table="{table}"] .seats li:not(.empty)')).to_have_count(9)
    expect(first.locator(".seats")).to_contain_text("D")  # the drawn button is shown

    for _ in range(2):
        first.locator(".seats li:not(.empty) button").first.click()
        expect(first.locator("[data-result]")).to_contain_text("is out.")
    expect(first.locator(".seats li:not(.empty)")).to_have_count(7)
    for page in (first, second):  # the move shows on the source and the target tablet alike
        expect(page.locator(".move")).to_contain_text("table 2 seat")
        expect(page.locator(".move")).to_contain_text("→ table 1 seat")
    moving = first.locator(".move").inner_text().split(":")[0].removeprefix("Move ")

    first.get_by_role("button", name="Seated at table 1").click()
    expect(first.locator("[data-result]")).to_contain_text(f"{moving} is seated at table 1")
    expect(first.locator(".table-card")).to_contain_text(moving)
    expect(first.locator(".seats li:not(.empty)")).to_have_count(8)
    expect(second.locator(".seats li:not(.empty)")).to_have_count(8)  # updated live
    expect(second.locator(".move")).to_have_count(0)
    second.get_by_role("button", name="Hand done").click()
    expect(second.locator("[data-result]")).to_have_text("Table 2: next hand.")
