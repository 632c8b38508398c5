"""Issue 14, the director's console and the desk in Chromium: the state at a glance on a laptop
(1440x900), only the actions valid now (Start and Draw the field gone once used, the clock's
controls gone after the finish), a log in words; the desk's voucher field only for a won entry,
each sale starting afresh, and Register disabled, with the reasons, for a player the rules
refuse."""

import re
from datetime import date
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from players.services import desk as player_services
from tables.services.draw import draw_field, open_tables
from tables.services.floor import player_out
from tests.helpers.bounties import bounty_field
from tests.helpers.fields import field
from tests.helpers.pages import act, sign_in
from tests.helpers.tablet import answer_questions
from tournaments.models import Festival
from tournaments.services import deals, rulings
from tournaments.services import satellites as satellite_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GLANCE = ("tables", "balance", "hfh", "waiting", "chips", "disputes", "penalties")


def test_CLK_CONTROL_TD_RULING_END_FINISH_the_console_shows_the_state_at_a_glance_and_only_the_actions_valid_now(
    stack, new_page, make_tournament, staff
):
    tournament = field(make_tournament, 12, 2)
    t = tournament.id
    act(open_tables, t, [1, 2], staff["director"])
    director = new_page(1440, 900)  # a laptop
    answer_questions(director)
    sign_in(director, stack.url, staff["director"], f"/tournaments/{t}/director/")
    expect(director.locator("[data-live-status]")).to_have_text("live")
    glance = director.locator("[data-glance]")
    expect(glance.locator('[data-glance="tables"]')).to_have_text("2")
    expect(glance.locator('[data-glance="balance"]')).to_have_text("balanced")
    expect(glance.locator('[data-glance="hfh"]')).to_have_text("off")
    expect(glance.locator('[data-glance="waiting"]')).to_have_text("nobody waiting")
    expect(glance.locator('[data-glance="chips"]')).to_contain_text("120,000 in play")
    expect(glance.locator('[data-glance="disputes"]')).to_have_text("none")
    expect(glance.locator('[data-glance="penalties"]')).to_have_text("none")
    for name in GLANCE:  # on a laptop the whole state is on the first screen, no scrolling
        expect(glance.locator(f'[data-glance="{name}"]')).to_be_in_viewport(ratio=1)
    expect(director.locator('.glance [data-clock="remaining"]')).to_be_in_viewport(ratio=1)
    assert director.locator("h1").count() == 1
    # The log opens with what happened before the page did, in words: the tables opened, then
    # the hash of the seed the field's draw will use (checkable draws).
    feed = director.locator("[data-event-feed] li")
    expect(feed.first).to_contain_text("The next seat draw's seed hash is published by director-user")
    expect(feed.nth(1)).to_contain_text("Venue tables open for the tournament by director-user")

    # Before the draw and the start: the set-up's actions; nothing of the clock or the deal.
    start = director.get_by_role("button", name="Start", exact=True)
    draw = director.get_by_role("button", name="Draw the field")
    for hidden in ("Pause", "Resume", "+1 min", "Go to level", "Propose deals"):
        expect(director.get_by_role("button", name=hidden, exact=True)).to_be_hidden()
    expect(start).to_be_enabled()
    draw.click()
    expect(director.locator("[data-result]")).to_contain_text("Field drawn")
    expect(draw).to_be_hidden()  # used once: gone
    expect(director.locator('[data-phase="end"]')).to_be_visible()  # a deal may now be made
    start.click()
    expect(director.locator('[data-clock="status"]')).to_have_text("running")
    expect(start).to_be_hidden()
    expect(director.get_by_role("button", name="Use this structure")).to_be_hidden()  # only before the start
    expect(director.get_by_role("button", name="Resume")).to_be_disabled()
    # Still valid once play runs: closing registration and opening tables, now in the running phase.
    running = director.locator('[data-phase="running"]')
    expect(running.get_by_role("button", name="Close registration")).to_be_visible()
    expect(running.get_by_role("button", name="Open tables")).to_be_visible()
    expect(director.locator('[data-phase="before"]')).to_be_hidden()

    director.get_by_label("Reason for pausing").fill("a dispute at table 2")
    director.get_by_role("button", name="Pause").click()
    expect(director.get_by_role("button", name="Resume")).to_be_enabled()
    expect(director.get_by_role("button", name="Pause")).to_be_disabled()
    # The log in words (core/kinds.py), not the kinds' names.
    log = director.locator("[data-event-feed] li")
    expect(log.first).to_contain_text("The clock stops")
    expect(log.first).to_contain_text("by director-user")
    expect(log.first).not_to_contain_text("clock.paused")
    expect(log.filter(has_text="The whole field is seated at random")).to_have_count(1)

    # TD-RULING: a disputed ruling draws the eye until the director reviews it.
    ruling = act(rulings.record_ruling, t, 1, "seat 2", [1], "The bet stands.", "", False, staff["floor"])
    act(rulings.dispute_ruling, t, ruling["id"], "seat 2 says the bet was a string bet", staff["floor"])
    disputes = glance.locator('[data-glance="disputes"]')
    expect(disputes).to_have_text("1 to review")
    expect(director.locator('[data-glance-box="disputes"]')).to_have_class(re.compile(r"\balert\b"))
    disputes.click()
    expect(director.locator("[data-rulings]")).to_have_attribute("open", "")
    expect(director.locator("[data-rulings-list] tr.needs")).to_have_count(1)

    # END-FINISH: a deal every player agrees ends it; the clock's controls go, the results stay.
    stacks = dict.fromkeys(range(1, 13), 10000)
    act(deals.record, t, "chip_chop", stacks, 0, list(stacks), "Pat Floor", staff["director"])
    expect(director.locator("[data-tournament-status]").first).to_have_text("finished")
    for gone in ("Pause", "Resume", "+1 min", "Add/remove seconds", "Go to level", "Skip the break", "Time-out"):
        expect(director.get_by_role("button", name=gone, exact=True)).to_be_hidden()
    expect(start).to_be_hidden()
    expect(draw).to_be_hidden()
    expect(director.get_by_role("button", name="Propose deals")).to_be_hidden()
    expect(director.get_by_role("link", name="Results and payouts")).to_be_visible()


def test_the_console_navigation_bar_reaches_every_page_of_the_event(stack, new_page, make_tournament, staff):
    tournament = make_tournament()
    director = new_page(1440, 900)  # a laptop
    sign_in(director, stack.url, staff["director"], f"/tournaments/{tournament.id}/director/")
    nav = director.get_by_role("navigation", name="Tournament pages")
    for label, path in (
        ("Desk", "desk"),
        ("Floor", "floor"),
        ("Compliance", "compliance"),
        ("Close-out", "close-out"),
        ("Payouts", "payouts"),
        ("Results", "results"),
        ("Counts", "counts"),
        ("TV", "tv"),
    ):
        expect(nav.get_by_role("link", name=label, exact=True)).to_have_attribute(
            "href", f"/tournaments/{tournament.id}/{path}/"
        )
    expect(nav.get_by_role("link", name="Director")).to_have_attribute("aria-current", "page")


def test_REG_NONTRANSFER_ENT_LATE_the_desk_asks_a_voucher_only_for_a_won_entry_and_starts_each_sale_afresh(
    stack, new_page, make_tournament, staff
):
    tournament = make_tournament()
    winner = act(
        player_services.create_player,
        tournament.id,
        player_services.NewPlayer("Sat", "Winner", date(1980, 1, 1), accepts_terms=True, id_checked=True),
        None,
    )
    act(
        player_services.create_player,
        tournament.id,
        player_services.NewPlayer("Cash", "Buyer", date(1980, 1, 1), accepts_terms=True, id_checked=True),
        None,
    )
    seat = act(satellite_services.issue_won_seat, tournament.id, winner.id, "Satellite 3, 1st place", staff["director"])
    page = new_page()
    sign_in(page, stack.url, staff["desk"], f"/tournaments/{tournament.id}/desk/")
    page.get_by_label("Desk", exact=True).fill("desk 1")
    page.get_by_label("Shift").fill("evening")
    page.get_by_label("Find player").fill("Winner")
    page.get_by_role("button", name=re.compile("^Winner, Sat")).click()
    kind, method = page.locator("#sale [name=kind]"), page.locator("#sale [name=method]")
    voucher = page.get_by_label("Won-seat voucher code")
    register = page.get_by_role("button", name="Register")
    expect(kind).to_have_value("buy_in")
    expect(voucher).to_be_hidden()  # a cash buy-in has no voucher
    kind.select_option("satellite")
    expect(voucher).to_be_visible()
    expect(method).to_have_value("won")
    kind.select_option("buy_in")
    expect(voucher).to_be_hidden()
    expect(method).to_have_value("cash")
    method.select_option("won")  # paid by a won entry: the voucher is asked too
    expect(voucher).to_be_visible()
    method.select_option("card")
    expect(voucher).to_be_hidden()

    kind.select_option("satellite")
    voucher.fill(seat.code)
    register.click()
    expect(page.locator("[data-sale-result]")).to_contain_text("Entry #1 registered")
    # The sale is over: the form is back to its defaults, no voucher code left in it.
    expect(kind).to_have_value("buy_in")
    expect(method).to_have_value("cash")
    expect(voucher).to_be_hidden()
    expect(voucher).to_have_value("")
    # One entry at a time: the same player would be refused, and Register says so.
    expect(register).to_be_disabled()
    expect(page.locator("[data-register-why]")).to_contain_text("Already entered: one entry per player at a time.")

    page.get_by_label("Find player").fill("Buyer")
    page.get_by_role("button", name=re.compile("^Buyer, Cash")).click()
    expect(page.locator("[data-player-name]")).to_have_text("Cash Buyer")
    expect(kind).to_have_value("buy_in")
    expect(register).to_be_enabled()
    expect(page.locator("[data-register-why]")).to_be_hidden()
    register.click()
    expect(page.locator("[data-sale-result]")).to_contain_text("Entry #2 registered")


def test_CLK_EOD_the_ticket_and_the_last_hands_read_as_a_person_writes(stack, new_page, make_tournament, staff):
    tournament = field(make_tournament, 3, 1)
    t = tournament.id
    act(open_tables, t, [1], staff["director"])
    act(draw_field, t, staff["director"], 5)
    page = new_page()
    sign_in(page, stack.url, staff["director"], f"/tournaments/{t}/entries/1/ticket/")
    expect(page.locator("[data-ticket]")).to_contain_text(re.compile(r"\d{1,3}(,\d{3})+ chips"))
    page.goto(f"{stack.url}/tournaments/{t}/director/")
    expect(page.locator("[data-live-status]")).to_have_text("live")
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.locator('[data-clock="status"]')).to_have_text("running")
    page.get_by_role("button", name="The day ends with this level").click()
    expect(page.locator("[data-result]")).to_have_text("Day 1 ends with level 1.")
    page.get_by_label("Last hands of the day").fill("1")
    page.get_by_role("button", name="Stop the clock and announce the last hands").click()
    expect(page.locator("[data-result]")).to_have_text("Clock stopped: 1 more hand at table 1.")


def test_the_logs_first_lines_are_in_the_festivals_time_zone_like_the_live_ones(stack, browser, make_tournament, staff):
    tournament = field(make_tournament, 4, 1)
    Festival.objects.filter(pk=tournament.festival_id).update(time_zone="Pacific/Auckland")
    act(open_tables, tournament.id, [1], staff["director"])
    opened = tournament.events.get(kind="tables.opened")
    context = browser.new_context(
        viewport={"width": 1440, "height": 900}, timezone_id="America/New_York"
    )  # a laptop abroad
    try:
        director = context.new_page()
        sign_in(director, stack.url, staff["director"], f"/tournaments/{tournament.id}/director/")
        expect(director.locator("[data-live-status]")).to_have_text("live")

        def clock(at, zone):
            here = at.astimezone(ZoneInfo(zone))
            return f"{here.hour % 12 or 12}:{here:%M:%S}"

        line = director.locator('[data-event-feed] li[data-kind="tables.opened"]')
        expect(line).to_contain_text(f"#{opened.seq} {clock(opened.at, 'Pacific/Auckland')}")
        act(draw_field, tournament.id, staff["director"], 5)  # a live line, written once the snapshot gave the zone
        drawn = tournament.events.get(kind="seating.drawn")
        expect(director.locator("[data-event-feed]")).to_contain_text(
            f"#{drawn.seq} {clock(drawn.at, 'Pacific/Auckland')}"
        )
        assert clock(opened.at, "Pacific/Auckland") != clock(opened.at, "America/New_York")
    finally:
        context.close()


def test_BNT_POOL_the_console_shows_the_bounty_pool_on_heads_and_due_beside_the_prize_pool_live(
    stack, new_page, make_tournament, staff
):
    """BNT-POOL, BNT-PKO: beside the prize pool, the bounty pool, what is on heads and what is due
    at the cashier, from the bounty board, following a bust live."""
    tournament, seats = act(bounty_field, make_tournament, staff, 4, "progressive", 10_000)
    director = new_page(1440, 900)
    answer_questions(director)
    sign_in(director, stack.url, staff["director"], f"/tournaments/{tournament.id}/director/")
    expect(director.locator("[data-live-status]")).to_have_text("live")
    bounties = director.locator(".glance [data-console-bounties]")
    expect(bounties.locator("dt")).to_have_text("Bounty pool")
    line = bounties.locator("[data-console-bounty-line]")
    expect(line).to_have_text("400.00 EUR · on heads 400.00 EUR · due at the cashier 0.00 EUR")
    ordered = sorted(seats)
    # A bust: 50.00 in cash due to the winner, 50.00 onto their head.
    act(player_out, tournament.id, 1, ordered[0], staff["floor"], eliminated_by=[ordered[1]])
    expect(line).to_have_text("400.00 EUR · on heads 350.00 EUR · due at the cashier 50.00 EUR")
