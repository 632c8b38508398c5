"""The registration desk as a clerk uses it, in Chromium against real web, worker and beat."""

import re
from datetime import date

import pytest
from playwright.sync_api import expect

from players.services import desk as player_services
from tests.helpers.pages import act, sign_in
from tests.helpers.tablet import answer_questions
from tournaments.models import Entry, Tournament
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk as desk_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_REG_AGE_a_clerk_registers_a_returning_player_prints_the_ticket_and_sees_an_under_age_refusal(
    stack, new_page, make_tournament, staff
):
    tournament = make_tournament()
    Tournament.objects.filter(pk=tournament.pk).update(buy_in=50_000, fee=5_000, starting_stack=30_000)
    act(
        player_services.create_player,
        tournament.id,
        player_services.NewPlayer(
            "Grace",
            "Hopper",
            date(1906, 12, 9),
            id_document_type="passport",
            id_document_number="US-1906",
            accepts_terms=True,
            filming_release=True,
        ),
        None,
    )
    today = date.today()
    act(
        player_services.create_player,
        tournament.id,
        player_services.NewPlayer(
            "Tim", "Young", date(today.year - 17, today.month, 1), accepts_terms=True, id_checked=True
        ),
        None,
    )

    page = new_page()
    sign_in(page, stack.url, staff["desk"], f"/tournaments/{tournament.id}/desk/")
    expect(page.locator("[data-live-status]")).to_have_text("live")
    page.get_by_label("Desk").fill("desk 1")
    page.get_by_label("Shift").fill("Saturday morning")
    page.get_by_label("Shift").dispatch_event("change")

    page.get_by_label("Find player").fill("hop")
    page.get_by_role("button", name="Hopper, Grace · born 1906-12-09 · ID US1906").click()
    reasons = page.locator("[data-reasons] li")
    expect(reasons.filter(has_text="REG-ID")).to_contain_text("Check the player's valid photo ID")
    page.get_by_role("button", name="Photo ID checked now").click()
    expect(reasons.filter(has_text="REG-ID")).to_contain_text("Photo ID checked today.")
    expect(page.locator("[data-reasons] li[data-ok=false]")).to_have_count(0)
    page.get_by_role("button", name="Register").click()
    result = page.locator("[data-sale-result]")
    expect(result).to_contain_text("Entry #1 registered: 550.00 EUR by cash.")
    expect(page.locator("[data-entries]")).to_have_text("1")  # live from the staff feed

    page.get_by_role("link", name="Print ticket").click()
    expect(page.locator("[data-seat]")).to_have_text("Seat pending")
    ticket = page.locator("[data-ticket]")
    expect(ticket).to_contain_text("Grace Hopper")
    expect(ticket).to_contain_text("#1 · buy-in")
    expect(ticket).to_contain_text("30,000 chips")  # the walkthrough read "Stack 20000 chips"
    expect(ticket.locator(".qr svg")).to_be_visible()
    seat_url = ticket.locator(".small").inner_text()
    page.emulate_media(media="print")
    expect(page.locator("header.bar")).to_be_hidden()
    page.emulate_media(media="screen")

    # The QR code's page is public and names no one.
    public = new_page()
    public.goto(seat_url)
    expect(public.locator("[data-seat]")).to_contain_text("Seat pending")
    expect(public.locator("main")).not_to_contain_text("Hopper")

    page.get_by_role("link", name="Back to the desk").click()
    page.get_by_label("Find player").fill("young")
    page.get_by_role("button", name=f"Young, Tim · born {today.year - 17}-{today.month:02d}-01").click()
    expect(reasons.filter(has_text="REG-AGE")).to_contain_text("Under age: 17")
    # A player the rules refuse cannot be registered: the button is disabled and says why.
    expect(page.get_by_role("button", name="Register")).to_be_disabled()
    why = page.locator("[data-register-why]")
    expect(why).to_contain_text("This player will be refused:")
    expect(why.locator("li")).to_have_text([re.compile("REG-AGE.*Under age: 17")])
    assert Entry.objects.filter(tournament=tournament).count() == 1

    page.get_by_text("New player").click()
    page.get_by_label("First name").fill("Alan")
    page.get_by_label("Last name").fill("Turing")
    page.get_by_label("Date of birth").fill("1912-06-23")
    page.get_by_label("ID document").select_option("passport")
    page.get_by_label("ID number").fill("GB 1912")
    page.get_by_label("photo ID seen now").check()
    page.get_by_label("accepts the terms and tournament rules").check()
    page.get_by_role("button", name="Create player").click()
    expect(page.locator("[data-form-result]")).to_have_text("Created Alan Turing.")
    expect(page.locator("[data-player-name]")).to_have_text("Alan Turing")
    page.get_by_label("Paid by").select_option("card")
    page.get_by_role("button", name="Register").click()
    expect(result).to_contain_text("Entry #2 registered: 550.00 EUR by card.")
    expect(page.locator("[data-entries]")).to_have_text("2")


def test_the_close_out_page_adds_up_what_the_desk_took(stack, new_page, make_tournament, staff):
    from tournaments.queries.entries import Sale
    from tournaments.rules.entries import Kind
    from tournaments.services import desk as services

    tournament = make_tournament()
    Tournament.objects.filter(pk=tournament.pk).update(buy_in=50_000, fee=5_000, ruleset_preset="kentucky")
    for i, method in enumerate(["cash", "cash", "card"]):
        player = act(
            player_services.create_player,
            tournament.id,
            player_services.NewPlayer(f"P{i}", "Player", date(1980, 1, 1), accepts_terms=True),
            None,
        )
        act(services.register_entry, tournament.id, player.id, Sale(Kind.BUY_IN, method, "desk 2", "night"), None)
    page = new_page()
    sign_in(page, stack.url, staff["cashier"], f"/tournaments/{tournament.id}/close-out/")
    rows = page.locator("[data-close-out] tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("card")
    expect(rows.nth(1)).to_contain_text("1,100.00 EUR")
    expect(page.locator("[data-net-total]")).to_have_text("1,650.00 EUR")


def test_PF_LOGO_CAP_a_logo_declared_at_the_desk_over_the_cap_is_drawn_on_the_compliance_page(
    stack, new_page, make_tournament, staff
):
    from players.models import Company
    from tournaments.queries.entries import Sale
    from tournaments.rules.entries import Kind
    from tournaments.services import desk as services

    tournament = make_tournament()
    Company.objects.create(name="BetCo", status="approved")
    players = []
    for i in range(10):  # a field of 10: one player may wear BetCo
        player = act(
            player_services.create_player,
            tournament.id,
            player_services.NewPlayer(f"Player{i}", "Field", date(1980, 1, 1), accepts_terms=True, id_checked=True),
            None,
        )
        act(services.register_entry, tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
        players.append(player)

    desk = new_page()
    sign_in(desk, stack.url, staff["desk"], f"/tournaments/{tournament.id}/desk/")
    for name in ("Player0", "Player1"):
        desk.get_by_label("Find player").fill(name)
        desk.get_by_role("button", name=f"Field, {name} · born 1980-01-01").click()
        expect(desk.locator("[data-player-name]")).to_have_text(f"{name} Field")
        desk.get_by_text("Sponsor logo worn").click()
        desk.get_by_label("Width (cm)").fill("7")
        desk.get_by_label("Height (cm)").fill("10" if name == "Player0" else "12")
        desk.get_by_role("button", name="Record logo").click()
        expected = "Logo recorded: compliant." if name == "Player0" else "84 cm²; at most 70 cm²"
        expect(desk.locator("[data-logo-result]")).to_contain_text(expected)
        desk.get_by_text("Sponsor logo worn").click()  # close it for the next player

    director = new_page()
    sign_in(director, stack.url, staff["director"], f"/tournaments/{tournament.id}/compliance/")
    expect(director.locator("[data-violations]")).to_contain_text("PF-LOGO-SIZE")
    expect(director.locator("[data-breach]")).to_contain_text("BetCo: 2 wear it, 1 may.")
    expect(director.locator("[data-live-status]")).to_have_text("live")
    newcomer = act(
        player_services.create_player,
        tournament.id,
        player_services.NewPlayer("Late", "Comer", date(1980, 1, 1), accepts_terms=True, id_checked=True),
        None,
    )
    act(services.register_entry, tournament.id, newcomer.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    expect(director.locator("[data-changed]")).to_be_visible()  # the field grew while the page was open
    director.get_by_role("button", name="Recompute").click()
    expect(director.locator("[data-breach]")).to_contain_text("BetCo: 2 wear it, 1 may.")
    director.get_by_role("button", name="High-card draw").click()
    expect(director.locator("[data-result]")).to_contain_text("Kept #")
    expect(director.locator("[data-rulings] li").first).to_contain_text("high-card draw (seed ")
    expect(director.get_by_text("No company is over the cap.")).to_be_visible()


def test_SEAT_DRAW_the_director_opens_tables_draws_the_field_and_the_ticket_shows_the_seat(
    stack, new_page, make_tournament, staff
):
    from tables.models import Table
    from tournaments.queries.entries import Sale
    from tournaments.services import desk as services

    tournament = make_tournament()
    for number in range(1, 4):
        Table.objects.create(festival=tournament.festival, number=number, seats=9)
    for i in range(20):
        player = act(
            player_services.create_player,
            tournament.id,
            player_services.NewPlayer(f"P{i}", "Field", date(1980, 1, 1), accepts_terms=True, id_checked=True),
            None,
        )
        act(services.register_entry, tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    director = new_page()
    sign_in(director, stack.url, staff["director"], f"/tournaments/{tournament.id}/director/")
    result = director.locator("[data-result]")
    director.get_by_label("Tables to open").fill("one, two")
    director.get_by_role("button", name="Open tables").click()
    expect(result).to_have_text("List table numbers in the order they open, e.g. 1-5, 8.")
    director.get_by_label("Tables to open").fill("2-3, 1")
    director.get_by_role("button", name="Open tables").click()
    expect(result).to_have_text("Opened tables 2, 3, 1.")
    director.get_by_role("button", name="Draw the field").click()
    expect(result).to_contain_text("table 1: 6, table 2: 7, table 3: 7.")  # the first opened fill first
    ticket = new_page()
    sign_in(ticket, stack.url, staff["desk"], f"/tournaments/{tournament.id}/entries/1/ticket/")
    expect(ticket.locator("[data-seat]")).to_have_text(re.compile(r"^Table [123] · seat [1-9]$"))
    expect(director.get_by_role("button", name="Draw the field")).to_be_hidden()  # drawn once: the console hides it


def test_ENT_REFUND_and_ENT_SUBST_voids_refunds_and_a_substitute_from_the_desk_page(
    stack, new_page, make_tournament, staff
):
    """Issue 11, item 4: voids, refunds and substitutions had no page."""
    tournament = make_tournament()
    Tournament.objects.filter(pk=tournament.pk).update(ruleset_preset="neverending", buy_in=20_000, fee=2_000)
    member = {
        "membership_fee_paid_until": date(2099, 1, 1),
        "release_signed": True,
        "accepts_terms": True,
        "id_checked": True,
    }
    people = [
        act(
            player_services.create_player,
            tournament.id,
            player_services.NewPlayer(first, "Member", date(1980, 1, 1), membership_number=f"N-{i}", **member),
            None,
        )
        for i, first in enumerate(["Mistaken", "Leaving", "Called", "Standin"])
    ]
    for person in people[:3]:
        act(desk_services.register_entry, tournament.id, person.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)

    cashier = new_page()
    answer_questions(cashier)
    sign_in(cashier, stack.url, staff["cashier"], f"/tournaments/{tournament.id}/desk/")
    cashier.get_by_label("Find player").fill("Mistaken")
    cashier.get_by_role("button", name=re.compile("^Member, Mistaken")).click()
    void = cashier.get_by_role("form", name="Void: entry #1")
    void.get_by_label("Why void").fill("sold to the wrong player")
    void.get_by_role("button", name="Void").click()
    expect(cashier.locator("[data-sale-result]")).to_have_text("Entry #1 voided: 220.00 EUR back.")
    expect(cashier.locator("[data-player-entries]")).to_contain_text("#1 buy-in · voided")
    cashier.get_by_label("Find player").fill("Leaving")
    cashier.get_by_role("button", name=re.compile("^Member, Leaving")).click()
    expect(cashier.locator("[data-sale-result]")).to_have_text("")  # the last player's answer is gone
    refund = cashier.get_by_role("form", name="Refund: entry #2")
    refund.get_by_role("button", name="Refund").click()
    expect(cashier.locator("[data-sale-result]")).to_have_text("Entry #2 refunded: 200.00 EUR back.")  # not the fee
    expect(cashier.get_by_role("form", name=re.compile("Approve substitute"))).to_have_count(0)  # the director's

    director = new_page()
    sign_in(director, stack.url, staff["director"], f"/tournaments/{tournament.id}/desk/")
    director.get_by_label("Find player").fill("Called")
    director.get_by_role("button", name=re.compile("^Member, Called")).click()
    substitute = director.get_by_role("form", name="Approve substitute: entry #3")
    substitute.get_by_label("Substitute's name").fill("Standin")
    expect(substitute.get_by_label("Substitute", exact=True).locator("option")).to_have_count(1)
    substitute.get_by_label("Why substitute").fill("family emergency")
    substitute.get_by_role("button", name="Approve substitute").click()
    expect(director.locator("[data-sale-result]")).to_have_text("Standin Member plays entry #3 for Called Member.")
    statuses = dict(Entry.objects.filter(tournament=tournament).values_list("number", "status"))
    assert statuses == {1: "voided", 2: "refunded", 3: "active"}


def test_REG_EXCLUDE_the_desk_excludes_a_player_and_the_reasons_refuse_them(stack, new_page, make_tournament, staff):
    tournament = make_tournament()
    act(
        player_services.create_player,
        tournament.id,
        player_services.NewPlayer("Self", "Excluded", date(1980, 1, 1), accepts_terms=True, id_checked=True),
        None,
    )
    page = new_page()
    answer_questions(page)
    sign_in(page, stack.url, staff["desk"], f"/tournaments/{tournament.id}/desk/")
    page.get_by_label("Find player").fill("Excluded")
    page.get_by_role("button", name=re.compile("^Excluded, Self")).click()
    page.get_by_text("Exclude this player (REG-EXCLUDE)").click()
    form = page.locator("#exclusion")
    form.get_by_label("Reason").fill("self-exclusion")
    form.get_by_label("From").fill(date.today().isoformat())
    form.get_by_role("button", name="Exclude").click()
    expect(page.locator("[data-sale-result]")).to_have_text(
        f"Self Excluded is excluded from {date.today().isoformat()} until lifted."
    )
    expect(page.locator("[data-reasons] li").filter(has_text="REG-EXCLUDE")).to_have_attribute("data-ok", "false")


def test_REG_MEMBER_a_chips_visitor_signed_in_by_a_member_pays_the_visitor_fee_typed_at_the_desk(
    stack, new_page, make_tournament, staff
):
    """REG-MEMBER (chips): the clerk types the member's number and the visitor fee; the sale takes
    the entry's price plus the fee, recorded with the signing member."""
    tournament = make_tournament()
    Tournament.objects.filter(pk=tournament.pk).update(
        ruleset_preset="chips", buy_in=2_000, fee=500, starting_stack=5_000
    )
    act(
        player_services.create_player,
        tournament.id,
        player_services.NewPlayer(
            "Mem",
            "Ber",
            date(1970, 1, 1),
            accepts_terms=True,
            id_checked=True,
            membership_number="C-100",
            membership_fee_paid_until=date(2099, 1, 1),
        ),
        None,
    )
    act(
        player_services.create_player,
        tournament.id,
        player_services.NewPlayer("Vera", "Visitor", date(1980, 1, 1), accepts_terms=True, id_checked=True),
        None,
    )
    page = new_page()
    sign_in(page, stack.url, staff["desk"], f"/tournaments/{tournament.id}/desk/")
    expect(page.locator("[data-live-status]")).to_have_text("live")
    page.get_by_label("Desk").fill("desk 1")
    page.get_by_label("Shift").fill("Monday evening")
    page.get_by_label("Shift").dispatch_event("change")
    page.get_by_label("Find player").fill("visitor")
    page.get_by_role("button", name=re.compile(r"^Visitor, Vera")).click()
    page.get_by_label("Signed in by member number").fill("C-100")
    page.get_by_label("that member is present").check()
    page.get_by_label("Visitor fee charged").fill("5.00")
    page.get_by_role("button", name="Register").click()
    expect(page.locator("[data-sale-result]")).to_contain_text("Entry #1 registered: 30.00 EUR by cash.")
    entry = Entry.objects.get(tournament=tournament, number=1)
    assert (entry.paid, entry.visitor_fee, entry.visitor_signed_in_by) == (3_000, 500, "C-100")


def test_a_player_created_just_after_a_sale_stays_shown_when_the_last_players_check_answers_late(
    stack, new_page, make_tournament, staff
):
    """The walkthrough sold to Grace, created Alan at once, and the panel showed Grace again: her
    slower check after the sale answered last. The latest check asked for wins."""
    tournament = make_tournament()
    grace = act(
        player_services.create_player,
        tournament.id,
        player_services.NewPlayer(
            "Grace",
            "Hopper",
            date(1906, 12, 9),
            id_document_type="passport",
            id_document_number="US-1906",
            accepts_terms=True,
            id_checked=True,
        ),
        None,
    )
    page = new_page()
    sign_in(page, stack.url, staff["desk"], f"/tournaments/{tournament.id}/desk/")
    expect(page.locator("[data-live-status]")).to_have_text("live")
    page.get_by_label("Desk").fill("desk 1")
    page.get_by_label("Shift").fill("Saturday morning")
    page.get_by_label("Shift").dispatch_event("change")
    page.get_by_label("Find player").fill("hop")
    page.get_by_role("button", name=re.compile("Hopper, Grace")).click()
    name = page.locator("[data-player-name]")
    expect(name).to_have_text("Grace Hopper")
    expect(page.get_by_role("button", name="Register")).to_be_enabled()

    held = []  # Grace's checks from now on wait until Alan is shown
    page.route(f"**/api/tournaments/{tournament.id}/players/{grace.id}/check/", lambda route: held.append(route))
    page.evaluate(
        "window.shown = []; document.addEventListener('pokerfest:desk-player',"
        " (event) => window.shown.push(event.detail.player.last_name))"
    )
    page.get_by_role("button", name="Register").click()
    expect(page.locator("[data-sale-result]")).to_contain_text("Entry #1 registered")
    page.get_by_text("New player").click()
    page.get_by_label("First name").fill("Alan")
    page.get_by_label("Last name").fill("Turing")
    page.get_by_label("Date of birth").fill("1912-06-23")
    page.get_by_label("ID document").select_option("passport")
    page.get_by_label("ID number").fill("GB 1912")
    page.get_by_label("photo ID seen now").check()
    page.get_by_label("accepts the terms and tournament rules").check()
    page.get_by_role("button", name="Create player").click()
    expect(page.locator("[data-form-result]")).to_have_text("Created Alan Turing.")
    expect(name).to_have_text("Alan Turing")
    assert held, "Grace's check after the sale was not held"

    for route in list(held):
        with page.expect_request_finished(lambda request: f"/players/{grace.id}/check/" in request.url):
            route.continue_()
    page.unroute(f"**/api/tournaments/{tournament.id}/players/{grace.id}/check/")
    # Alan checked again from the search: its answer comes after Grace's late ones.
    page.get_by_label("Find player").fill("turing")
    page.get_by_role("button", name=re.compile("Turing, Alan")).click()
    page.wait_for_function("() => window.shown.filter((last) => last === 'Turing').length >= 2")
    assert "Hopper" not in page.evaluate("window.shown")
    expect(name).to_have_text("Alan Turing")
    page.get_by_role("button", name="Register").click()
    expect(page.locator("[data-sale-result]")).to_contain_text("Entry #2 registered")
    assert Entry.objects.get(tournament=tournament, number=2).player.last_name == "Turing"


def test_ENT_WAIT_the_desk_names_the_free_seats_that_wait_for_the_blinds_instead_of_every_seat_taken(
    stack, new_page, make_tournament, staff
):
    """Walkthrough: a table gone heads-up had four seats free, and the desk said "Every seat is
    taken". Three seats take late entries; the fourth (ENT-LATE: where no new player sits this
    hand) is named as free while the next entry waits."""
    from tables.models import Seating
    from tests.helpers.heads_up import gone_heads_up

    tournament, _small, _big, _out = gone_heads_up(make_tournament, staff, call=act)  # heads-up, four seats free
    players = [
        act(
            player_services.create_player,
            tournament.id,
            player_services.NewPlayer(f"Player{i}", "Field", date(1980, 1, 1), accepts_terms=True, id_checked=True),
            None,
        )
        for i in range(5, 9)
    ]
    for player in players[:3]:  # the three seats a new player may take this hand
        act(desk_services.register_entry, tournament.id, player.id, Sale(Kind.LATE, "cash", "d", "s"), None)
    assert Seating.objects.filter(tournament=tournament, ended_at__isnull=True).count() == 5

    desk = new_page()
    sign_in(desk, stack.url, staff["desk"], f"/tournaments/{tournament.id}/desk/")
    desk.get_by_label("Desk").fill("desk 1")
    desk.get_by_label("Shift").fill("evening")
    desk.get_by_label("Find player").fill("Player8")
    desk.get_by_role("button", name=re.compile("^Field, Player8")).click()
    desk.get_by_role("button", name="Register").click()
    expect(desk.locator("[data-sale-result]")).to_contain_text(
        "The free seat is in or between the blinds and the button this hand, where no new player sits: "
        "on the waiting list, position 1, seated in turn as seats open (ENT-WAIT)."
    )
