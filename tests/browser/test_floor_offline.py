"""Issue 14, the offline-tolerant floor tablet in Chromium: taps made while the socket and the
HTTP connection are cut wait on the tablet with their idempotency keys and are replayed in
order, once each, when the connection is back; a refused replay is shown to the floor; the
last tap may be undone."""

import re

import pytest
from playwright.sync_api import expect

from tables.models import TournamentTable
from tables.services.draw import draw_field, open_tables
from tables.services.floor import player_out
from tests.helpers.fields import field
from tests.helpers.pages import act, sign_in
from tests.helpers.tablet import no_native_dialogs
from tests.helpers.tablet import player_out as tap_out
from tournaments.models import Elimination, Event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


class Connection:
    """The tablet's network, cut by the test: `answers_lost` lets requests reach the server
    and loses the answers; `cut` reaches nothing, and the live socket is closed."""

    def __init__(self, page):
        self.page, self.mode, self.sockets = page, "up", []
        page.route("**/api/**", self.request)
        page.route_web_socket(re.compile(r"/ws/"), self.socket)

    def request(self, route):
        if self.mode == "cut":
            return route.abort()
        if self.mode == "answers_lost" and route.request.method == "POST":
            route.fetch()  # the server takes the tap…
            return route.abort()  # …and its answer never comes back
        route.fallback()

    def socket(self, ws):
        if self.mode != "up":
            return ws.close()
        self.sockets.append(ws)
        ws.connect_to_server()

    def set(self, mode):
        self.mode = mode
        self.page.context.set_offline(mode == "cut")
        if mode != "up":
            for ws in self.sockets:
                ws.close()
            self.sockets.clear()


def floor_tablet(stack, new_page, make_tournament, staff):
    tournament = field(make_tournament, 6, 1)
    act(open_tables, tournament.id, [1], staff["director"])
    act(draw_field, tournament.id, staff["director"], 5)
    page = new_page()
    connection = Connection(page)
    sign_in(page, stack.url, staff["floor"], f"/tournaments/{tournament.id}/floor/")
    page.native_dialogs = no_native_dialogs(page)  # checked at the end: the tablet asks in the page
    expect(page.locator("[data-live-status]")).to_have_text("live")
    expect(page.locator('.table-card[data-table="1"][data-hand="1"] .seats li:not(.empty)')).to_have_count(6)
    return tournament, page, connection


def test_taps_made_offline_wait_on_the_tablet_and_are_applied_once_in_order_when_the_connection_is_back(
    stack, new_page, make_tournament, staff
):
    tournament, page, connection = floor_tablet(stack, new_page, make_tournament, staff)
    seat = next(s for s in range(1, 10) if page.locator(f'.seats li[data-seat="{s}"]:not(.empty)').count())
    name = page.locator(f'.seats li[data-seat="{seat}"] .name').inner_text()

    connection.set("answers_lost")  # mid-hand the Wi-Fi goes: the Out reaches the server, its answer does not
    tap_out(page, 1, seat)  # the starting stack asked in the page, left empty
    queue = page.locator(".offline-queue li")
    expect(queue).to_have_text([f"Out: table 1, seat {seat}, {name}"])
    said = page.locator("[data-result]")
    expect(said).to_contain_text("No connection: the tap waits")
    expect(said).to_have_class("result waiting")  # not the green of a tap done
    connection.set("cut")
    page.get_by_role("button", name="Hand done", exact=True).click()
    expect(queue).to_have_text([f"Out: table 1, seat {seat}, {name}", "Hand done: table 1, hand 1"])
    expect(page.locator('.table-card[data-table="1"] .taps-waiting')).to_have_text("2 taps waiting")
    expect(page.locator(f'.seats li[data-seat="{seat}"]')).to_have_class(re.compile("tap-waiting"))
    expect(page.locator("[data-live-status]")).not_to_have_text("live")
    kept = page.evaluate(
        "Object.keys(localStorage).filter((k) => k.startsWith('pokerfest-floor-queue'))"
        ".map((k) => JSON.parse(localStorage.getItem(k)).items.length)"
    )
    assert kept == [2]  # a reload keeps them

    connection.set("up")
    expect(page.locator("[data-live-status]")).to_have_text("live")
    expect(page.locator(".offline-queue")).to_be_hidden()
    expect(page.locator('.table-card[data-table="1"][data-hand="2"] .seats li:not(.empty)')).to_have_count(5)
    expect(page.locator(".taps-waiting")).to_have_count(0)
    expect(said).to_have_text("Connection back: every tap that waited is recorded.")  # the waiting line is gone
    expect(said).to_have_class("result ok")

    # Once each, the bust and then the next hand: the bust in hand 1, the table on hand 2.
    busts = Elimination.objects.filter(tournament=tournament, undone_at__isnull=True)
    assert busts.count() == 1 and busts.get().hand == 0 and busts.get().seat == seat
    assert TournamentTable.objects.get(tournament=tournament).hands_dealt == 1
    kinds = list(
        Event.objects.filter(tournament=tournament, kind__in=["player.out", "hand.done"])
        .order_by("seq")
        .values_list("kind", flat=True)
    )
    assert kinds == ["player.out", "hand.done"]
    assert (
        page.evaluate("localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('pokerfest-floor')))")
        == '{"items":[],"refused":[]}'
    )
    assert page.native_dialogs == []


def test_a_refused_replay_is_shown_to_the_floor_the_taps_after_it_still_count_and_the_last_is_undone(
    stack, new_page, make_tournament, staff
):
    tournament, page, connection = floor_tablet(stack, new_page, make_tournament, staff)
    seat = next(s for s in range(1, 10) if page.locator(f'.seats li[data-seat="{s}"]:not(.empty)').count())
    connection.set("cut")
    tap_out(page, 1, seat)
    page.get_by_role("button", name="Hand done", exact=True).click()
    expect(page.locator(".offline-queue li")).to_have_count(2)
    act(player_out, tournament.id, 1, seat, staff["floor"])  # another tablet got there first

    connection.set("up")
    refused = page.locator(".offline-refused li")
    expect(refused).to_have_count(1)
    expect(refused).to_contain_text(f"Out: table 1, seat {seat}")
    # The tablet sent the entry it saw there: the answer says who put the player out (issue 27).
    expect(refused).to_contain_text(f"was put out at table 1, seat {seat} by floor-user at")
    expect(refused).to_contain_text("already: nothing more was done.")
    expect(page.locator('.table-card[data-table="1"][data-hand="2"]')).to_have_count(1)  # the hand done counted
    assert Elimination.objects.filter(tournament=tournament).count() == 1

    # The hand done was the tablet's last tap: undone within the minute, the table is on hand 1 again.
    expect(page.locator("[data-undo]")).to_have_text("Last tap: Hand done: table 1, hand 1 Undo")
    page.get_by_role("button", name="Undo", exact=True).click()
    expect(page.locator("[data-result]")).to_have_text("Undone: Hand done: table 1, hand 1.")
    expect(page.locator('.table-card[data-table="1"][data-hand="1"]')).to_have_count(1)
    assert TournamentTable.objects.get(tournament=tournament).hands_dealt == 0

    expect(refused).to_have_count(1)  # still there after the redraws, until dismissed
    page.get_by_role("button", name="Dismiss").click()
    expect(page.locator(".offline-refused")).to_be_hidden()
    assert page.native_dialogs == []
