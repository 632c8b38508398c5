"""Knockout events through the pages (issue 23): the set-up's bounty settings with the price
split shown live, the floor tablet's "Who won the pot?" (one tap, and a split pot), the TV's
bounty panel and a phone's seat page following it live, the cashier paying every bounty at the
payout desk, and the close-out's bounty lines exact to the cent."""

import re
from datetime import date

import pytest
from playwright.sync_api import expect

from players.services import desk as player_services
from tables.models import Seating, Table
from tables.services.draw import draw_field, open_tables
from tables.services.floor import player_out as floor_out
from tests.helpers.day_two import bag_the_rest_and_close, draw_day_two_at, end_the_day, flight_of
from tests.helpers.pages import act, sign_in
from tests.helpers.tablet import question, seat_action
from tournaments.models import BountyAward, Elimination, Entry, Tournament
from tournaments.queries.bounties import ledger
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EUR = " EUR"


def euros(minor: int) -> str:
    return f"{minor // 100:,}.{minor % 100:02d}{EUR}"


def balanced(tournament: Tournament) -> dict:
    """BNT-POOL: every cent of the bounty pool is somewhere."""
    book = ledger(Tournament.objects.get(pk=tournament.pk))
    assert book["pool"] == book["won"] + book["on_heads"] + book["envelopes_left"] + book["carried"], book
    return book


def who_won(page, seats: list[int], chips: int | None = None) -> None:
    """Answer the tablet's "Who won the pot?": one tap for one winner, "Split pot" for several;
    `chips`: typed first into the same dialog's optional starting-stack box."""
    asked = page.locator("dialog.who-won[open]")
    expect(asked).to_be_visible()
    if chips is not None:
        asked.get_by_label("Chips at the start of this hand (needed when two are out in one hand)").fill(str(chips))
    if len(seats) > 1:
        asked.get_by_role("button", name="Split pot").click()
        for seat in seats:
            asked.locator(f'[data-won-by="{seat}"]').click()
        asked.get_by_role("button", name="Confirm").click()
    else:
        asked.locator(f'[data-won-by="{seats[0]}"]').click()
    expect(asked).to_have_count(0)


def out(page, table: int, seat: int, winners: list[int], new_hand: bool = True, chips: int | None = None) -> None:
    """Out on the tablet, in a new hand (the tablet asks once a player went out in this one):
    Out, then the winner: the starting-stack box is in the winner's dialog."""
    seat_action(page, table, seat, "Out")
    if new_hand:
        question(page).locator("button", has_text="A new hand").click()
    who_won(page, winners, chips)


def test_BNT_PKO_a_progressive_knockout_to_its_winner_through_the_pages_with_the_cashier_paying_every_bounty(
    stack, new_page, make_tournament, staff
):
    """BNT-PKO, BNT-COVER, ELIM-BY, BNT-POOL: four players, 100.01 EUR on each head, half in cash."""
    tournament = make_tournament(name="PKO Sunday")
    Tournament.objects.filter(pk=tournament.pk).update(buy_in=10_000, fee=1_000)
    Table.objects.create(festival=tournament.festival, number=1, seats=9)

    # The set-up: the price split shown live as the bounty is typed, saved with the settings.
    director = new_page()
    sign_in(director, stack.url, staff["director"], f"/tournaments/{tournament.id}/setup/")
    director.get_by_label("Bounty format").select_option("progressive")
    director.get_by_label("Bounty part").fill("100.01")
    director.get_by_label("Cash share of a won bounty %").fill("50")
    expect(director.locator("[data-price-split]")).to_have_text(
        "Price 210.01 EUR = 100.00 EUR prize pool + 100.01 EUR bounty + 10.00 EUR fee. "
        "Knocking out a starting bounty pays 50.00 EUR in cash and adds 50.01 EUR to the eliminator's bounty."
    )
    director.get_by_role("button", name="Save the settings").click()
    expect(director.locator("[data-result]")).to_have_text("Settings saved.")
    tournament.refresh_from_db()
    assert (tournament.bounty_format, tournament.bounty, tournament.bounty_cash_percent) == ("progressive", 10_001, 50)

    players = []
    for first in ("Anna", "Boris", "Clara", "Dora"):
        player = act(
            player_services.create_player,
            tournament.id,
            player_services.NewPlayer(first, "Knock", date(1980, 1, 1), accepts_terms=True, id_checked=True),
            None,
        )
        act(desk.register_entry, tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "Desk 1", "Day"), None)
        players.append(player)
    entries = {e.player.first_name: e for e in Entry.objects.filter(tournament=tournament).select_related("player")}
    assert {e.bounty_part for e in entries.values()} == {10_001}
    act(open_tables, tournament.id, [1], staff["director"])
    act(draw_field, tournament.id, staff["director"], 4)
    seat = {name: Seating.objects.get(entry=entry, ended_at__isnull=True).seat for name, entry in entries.items()}

    # The desk's price names the bounty part (BNT-POOL).
    clerk = new_page()
    sign_in(clerk, stack.url, staff["desk"], f"/tournaments/{tournament.id}/desk/")
    clerk.get_by_label("Desk", exact=True).fill("Desk 1")
    clerk.get_by_label("Shift").fill("Day")
    clerk.get_by_label("Shift").dispatch_event("change")
    clerk.get_by_label("Find player").fill("Anna")
    clerk.get_by_role("button", name=re.compile(r"^Knock, Anna")).click()
    expect(clerk.locator("[data-sale-price]")).to_have_text(
        "Price: 210.01 EUR (100.00 EUR buy-in + 100.01 EUR bounty + 10.00 EUR fee)."
    )
    clerk.close()

    # The TV holds the bounty panel; Boris's phone follows his seat page.
    tv, phone, tablet = new_page(), new_page(), new_page()
    tv.goto(f"{stack.url}/tournaments/{tournament.id}/tv/?panel=bounties")
    expect(tv.locator('[data-tv-bounty="pool"]')).to_have_text("400.04 EUR")
    phone.goto(f"{stack.url}/tournaments/{tournament.id}/seat/{entries['Boris'].public_code}/")
    expect(phone.locator("[data-my-bounty]")).to_contain_text("Your bounty: 100.01 EUR")
    sign_in(tablet, stack.url, staff["floor"], f"/tournaments/{tournament.id}/floor/")
    expect(tablet.locator(".seats li:not(.empty)")).to_have_count(4)

    # Boris knocks Anna out: Out, then one tap (her starting stack typed in the same dialog).
    # 100.01 -> 50.00 cash, 50.01 onto his head.
    out(tablet, 1, seat["Anna"], [seat["Boris"]], new_hand=False, chips=7_500)
    expect(tablet.locator(".seats li:not(.empty)")).to_have_count(3)
    assert Elimination.objects.get(entry=entries["Anna"]).starting_stack == 7_500
    expect(phone.locator("[data-my-bounty]")).to_contain_text("Your bounty: 150.02 EUR")
    expect(phone.locator("[data-my-bounty]")).to_contain_text("1 knockout · bounties won: 50.00 EUR")
    expect(tv.locator("[data-tv-knockouts] li").first).to_have_text(
        f"#{entries['Boris'].number} Boris K. knocks out #{entries['Anna'].number} Anna K.: 50.00 EUR, 50.01 EUR onto their bounty"
    )
    balanced(tournament)

    # Boris and Dora split the pot that puts Clara out: 100.01 split, the odd cent left of the button.
    out(tablet, 1, seat["Clara"], [seat["Boris"], seat["Dora"]])
    expect(tablet.locator(".seats li:not(.empty)")).to_have_count(2)
    split = list(BountyAward.objects.filter(from_entry=entries["Clara"], undone_at__isnull=True))
    assert sorted(a.winner.player.first_name for a in split) == ["Boris", "Dora"]
    assert sum(a.cash + a.to_head for a in split) == 10_001
    balanced(tournament)

    # Boris knocks Dora out and wins: he takes Dora's bounty and his own.
    out(tablet, 1, seat["Dora"], [seat["Boris"]])
    expect(tablet.locator("[data-tables]")).to_have_text("The tournament is over: every table is closed.")
    book = balanced(tournament)
    assert book["on_heads"] == 0 and book["won"] == 40_004

    # The cashier pays every bounty: cash to the cent, each once.
    cashier = new_page()
    sign_in(cashier, stack.url, staff["director"], f"/tournaments/{tournament.id}/payouts/")
    rows = cashier.locator("[data-bounties-due] tbody tr")
    awards = BountyAward.objects.filter(
        tournament=tournament, undone_at__isnull=True, destination="player", cash__gt=0
    ).count()
    expect(rows).to_have_count(awards)
    expect(cashier.locator("[data-bounties-total]")).to_have_text("Due now: 400.04 EUR.")
    for paid in range(awards):
        cashier.locator("[data-bounties-due] button[data-pay-bounty]").first.click()
        dialog = cashier.locator("dialog[data-ask][open]")
        dialog.get_by_role("button", name="cash", exact=True).click()
        expect(cashier.locator("[data-bounties-due] button[data-pay-bounty]")).to_have_count(awards - paid - 1)
    expect(cashier.locator("[data-bounties-total]")).to_have_text("Due now: 0.00 EUR.")
    won = sum(
        BountyAward.objects.filter(winner=entries["Boris"], undone_at__isnull=True, destination="player").values_list(
            "cash", flat=True
        )
    )
    expect(phone.locator("[data-my-bounty]")).to_contain_text(f"3 knockouts · bounties won: {euros(won)}")

    # The close-out: collected and paid exact to the cent.
    cashier.goto(f"{stack.url}/tournaments/{tournament.id}/close-out/")
    expect(cashier.locator("[data-bounty-collected]")).to_have_text(euros(40_004))
    # A standalone event's pool is its own: no word of flights.
    expect(cashier.locator("[data-bounty-pool] >> xpath=preceding-sibling::dt[1]")).to_have_text("Bounty pool")
    expect(cashier.locator("[data-bounty-paid]")).to_have_text(euros(40_004))
    expect(cashier.locator("[data-bounty-due]")).to_have_text(euros(0))

    # The festival's close-out: the event's row adds up with its bounty part, and the bounties
    # paid are listed (not "no bounty events").
    cashier.goto(f"{stack.url}/festivals/{tournament.festival_id}/close-out/")
    row = cashier.locator(f'[data-close-out-events] tr[data-event="{tournament.id}"]')
    expect(row.locator("[data-taken]")).to_have_text(euros(84_004))
    expect(row.locator("[data-fees]")).to_have_text(euros(4_000))
    expect(row.locator("[data-to-pool]")).to_have_text(euros(40_000))
    expect(row.locator("[data-to-bounty]")).to_have_text(euros(40_004))
    expect(cashier.locator("[data-bounties-paid-total]")).to_have_text(euros(40_004))
    expect(cashier.locator("[data-bounties] tbody tr").first).to_contain_text("PKO Sunday")
    expect(cashier.locator("body")).not_to_contain_text("No bounty events")

    # The lobby's bounty section: every cent paid, nothing left on heads.
    cashier.goto(f"{stack.url}/tournaments/{tournament.id}/")
    expect(cashier.locator("[data-bounty-summary]")).to_have_text(
        "Bounty pool 400.04 EUR · paid 400.04 EUR · on heads 0.00 EUR"
    )
    expect(cashier.locator("[data-bounty-latest] li").first).to_contain_text("wins the tournament and their own bounty")

    # The results: knockouts and bounties won beside the places (ELIM-BY).
    cashier.goto(f"{stack.url}/tournaments/{tournament.id}/results/")
    boris = cashier.locator(f'[data-results] tbody tr[data-entry="{entries["Boris"].number}"] td')
    expect(boris.nth(5)).to_have_text("3")
    expect(boris.nth(6)).to_have_text(euros(won))


def test_BNT_MYSTERY_a_mystery_main_event_with_a_flight_draws_from_day_two_to_the_last_envelope(
    stack, new_page, make_tournament, staff
):
    """BNT-MYSTERY, FLIGHT-ITM: the set-up's envelope tiers and a Day 2 stage; a flight's bust
    draws nothing; Day 2's first bust seals five envelopes and each bust on the tablet draws one,
    over the whole TV; the winner draws the last; the cashier pays them all, exact to the cent."""
    main = make_tournament(name="Mystery Main", level_seconds=(3600, 3600, 3600))
    Tournament.objects.filter(pk=main.pk).update(buy_in=10_000, fee=1_000, starting_stack=30_000)
    for number in (1, 2, 3, 4):
        Table.objects.create(festival=main.festival, number=number, seats=9)
    director = new_page()
    sign_in(director, stack.url, staff["director"], f"/tournaments/{main.id}/setup/")
    director.get_by_label("Bounty format").select_option("mystery")
    director.get_by_label("Bounty part").fill("20.00")
    director.get_by_label("Bounty stage starts").select_option("day_two")
    director.get_by_role("button", name="Save the settings").click()
    expect(director.locator("[data-result]")).to_have_text("Settings saved.")
    # One top envelope of half the pool, the rest in the others.
    envelopes = director.locator("[data-bounty-envelopes]")
    envelopes.get_by_role("button", name="Remove tier 3").click()
    envelopes.get_by_label("Tier 1 share %").fill("50")
    envelopes.get_by_label("Tier 2 share %").fill("50")
    envelopes.get_by_label("Tier 2 envelopes").fill("")  # the last tier: all the envelopes left
    expect(envelopes.locator("[data-tiers-sum]")).to_have_text("The shares add up to 100.00 of 100.00.")
    envelopes.get_by_role("button", name="Save the envelopes").click()
    expect(director.locator("[data-result]")).to_have_text("Envelopes saved: 2 tiers.")
    main.refresh_from_db()
    assert (main.bounty_format, main.bounty, main.rules().bounties.stage_starts) == ("mystery", 2_000, "day_two")

    people = [
        act(
            player_services.create_player,
            main.id,
            player_services.NewPlayer(f"M{i}", "Mystery", date(1980, 1, 1), accepts_terms=True, id_checked=True),
            None,
        )
        for i in range(6)
    ]
    flight = flight_of(Tournament.objects.get(pk=main.pk), staff, "Day 1A", people, 1, call=act)
    tv = new_page()
    tv.goto(f"{stack.url}/tournaments/{main.id}/tv/?panel=bounties")
    expect(tv.locator('[data-tv-bounty="left"]')).to_have_text("120.00 EUR")
    expect(tv.locator("[data-tv-bounty-list]")).to_have_text("The envelopes are drawn on Day 2.")
    seats = sorted(Seating.objects.filter(tournament=flight, ended_at__isnull=True).values_list("seat", flat=True))
    knocker = Seating.objects.get(tournament=flight, ended_at__isnull=True, seat=seats[1]).entry.player_id
    act(floor_out, flight.id, 1, seats[0], staff["floor"], eliminated_by=[seats[1]])  # only flights play
    assert not BountyAward.objects.exists()
    end_the_day(flight)
    bag_the_rest_and_close(flight, staff, call=act)
    draw_day_two_at(main, staff, [2], call=act)
    balanced(main)

    # Day 2 on the tablet: the lowest seat goes out to the highest of those with no knockout in
    # the flight (which seat that is depends on the draw), who wins in the end.
    day_two = dict(Seating.objects.filter(tournament=main, ended_at__isnull=True).values_list("seat", "entry"))
    players = dict(Entry.objects.filter(pk__in=day_two.values()).values_list("pk", "player_id"))
    winner_seat = max(seat for seat, entry in day_two.items() if players[entry] != knocker)
    winner = Entry.objects.get(pk=day_two[winner_seat])
    ticket = Entry.objects.get(tournament=flight, player=winner.player)
    phone, tablet = new_page(), new_page()
    phone.goto(f"{stack.url}/tournaments/{flight.id}/seat/{ticket.public_code}/")
    expect(phone.locator("[data-my-bounty]")).to_contain_text("0 knockouts")
    sign_in(tablet, stack.url, staff["floor"], f"/tournaments/{main.id}/floor/")
    draw = tv.locator("[data-tv-draw]")
    for number, seat in enumerate(sorted(set(day_two) - {winner_seat}), start=1):
        out(tablet, 2, seat, [winner_seat], new_hand=number > 1)
        expect(draw).to_be_visible()
        expect(draw.locator("[data-tv-draw-title]")).to_have_text(f"Mystery bounty · envelope {number}")
        if number == 1:  # the eliminator's phone: the envelope takes the seat page too
            expect(phone.locator("[data-my-draw]")).to_contain_text("You drew envelope 1")
        balanced(main)
        if number == len(day_two) - 1:  # the last bust: then the winner draws the last envelope
            expect(draw.locator("[data-tv-draw-title]")).to_have_text(f"Mystery bounty · envelope {number + 1}")
            expect(draw.locator("[data-tv-draw-who]")).to_have_text(
                f"the winner #{winner.number} {winner.player.first_name} {winner.player.last_name[0]}. "
                "draws the last envelope"
            )
        expect(draw).to_be_hidden()  # the takeover gives the screen back after a few seconds
    # The last bust ended the tournament: the winner drew the last envelope.
    expect(tablet.locator("[data-tables]")).to_have_text("The tournament is over: every table is closed.")
    expect(tv.locator("[data-tv-bounty-list] li")).to_have_count(0)
    book = balanced(main)
    assert book == {"pool": 12_000, "won": 12_000, "on_heads": 0, "envelopes_left": 0, "carried": 0}
    expect(phone.locator("[data-my-bounty]")).to_contain_text("4 knockouts")
    expect(phone.locator("[data-my-bounty] p")).to_have_count(1 + 5)  # a line for each envelope drawn

    cashier = new_page()
    sign_in(cashier, stack.url, staff["director"], f"/tournaments/{main.id}/payouts/")
    pay = cashier.locator("[data-bounties-due] button[data-pay-bounty]")
    expect(cashier.locator("[data-bounties-total]")).to_have_text("Due now: 120.00 EUR.")
    for left in range(pay.count(), 0, -1):
        pay.first.click()
        cashier.locator("dialog[data-ask][open]").get_by_role("button", name="card", exact=True).click()
        expect(pay).to_have_count(left - 1)
    expect(cashier.locator("[data-bounties-total]")).to_have_text("Due now: 0.00 EUR.")
    cashier.goto(f"{stack.url}/tournaments/{main.id}/close-out/")
    expect(cashier.locator("[data-bounty-pool]")).to_have_text(euros(12_000))
    expect(cashier.locator("[data-bounty-pool] >> xpath=preceding-sibling::dt[1]")).to_have_text(
        "Bounty pool (the main event with its flights)"
    )
    expect(cashier.locator("[data-bounty-paid]")).to_have_text(euros(12_000))
    expect(cashier.locator("[data-bounty-envelopes]")).to_have_text(euros(0))


def test_BNT_DEAL_the_deal_form_includes_the_remaining_bounties_when_ticked(stack, new_page, make_tournament, staff):
    """BNT-DEAL: a knockout event's deal form has "include the remaining bounties"; ticked, the
    deal shares the bounties still on the three heads and says how much."""
    tournament = make_tournament()
    Tournament.objects.filter(pk=tournament.pk).update(buy_in=10_000, bounty_format="knockout", bounty=5_000)
    Table.objects.create(festival=tournament.festival, number=1, seats=9)
    for i in range(3):
        player = act(
            player_services.create_player,
            tournament.id,
            player_services.NewPlayer(f"Deal{i}", "Maker", date(1980, 1, 1), accepts_terms=True, id_checked=True),
            None,
        )
        act(desk.register_entry, tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    act(open_tables, tournament.id, [1], staff["director"])
    act(draw_field, tournament.id, staff["director"], 1)
    director = new_page()
    sign_in(director, stack.url, staff["director"], f"/tournaments/{tournament.id}/director/")
    director.get_by_text("Deals: chip-chop, ICM").click()
    for number, chips in ((1, "400000"), (2, "250000"), (3, "100000")):
        director.get_by_label(f"Chips: #{number} Deal{number - 1} Maker").fill(chips)
    director.get_by_role("button", name="Propose deals").click()
    expect(director.locator("[data-deal-proposals] tbody tr")).to_have_count(3)
    director.get_by_label("Deal", exact=True).select_option("chip_chop")
    for number in (1, 2, 3):
        director.get_by_label(f"#{number} Deal{number - 1} Maker agrees").check()
    director.get_by_label("Tournament representative present").fill("Pat Floor")
    director.get_by_label("include the remaining bounties (the players agree to split them too)").check()
    director.get_by_role("button", name="Record the deal").click()
    expect(director.locator("[data-result]")).to_contain_text("The remaining bounties (150.00 EUR) are shared in it.")
    balanced(tournament)


def test_BNT_PKO_a_tv_switched_on_before_the_bounty_is_set_rotates_through_the_bounty_panel(
    stack, new_page, make_tournament, staff
):
    """BNT-PKO: the TV is on from the start (no ?panel=); the director sets the event's bounty
    after, on the set-up page, and the TV's rotation takes the bounty panel in."""
    tournament = make_tournament(name="PKO Friday")
    Tournament.objects.filter(pk=tournament.pk).update(buy_in=10_000, fee=1_000)
    tv = new_page(1920, 1080)
    tv.goto(f"{stack.url}/tournaments/{tournament.id}/tv/")
    expect(tv.locator("[data-live-status]")).to_have_attribute("data-live-status", "live")
    expect(tv.locator("[data-tv-screen]")).to_have_attribute("data-bounty-format", "none")

    director = new_page()
    sign_in(director, stack.url, staff["director"], f"/tournaments/{tournament.id}/setup/")
    director.get_by_label("Bounty format").select_option("progressive")
    director.get_by_label("Bounty part").fill("100.00")
    director.get_by_label("Cash share of a won bounty %").fill("50")
    director.get_by_role("button", name="Save the settings").click()
    expect(director.locator("[data-result]")).to_have_text("Settings saved.")

    # The board arrives with the settings' change, then the pool with each entry sold.
    expect(tv.locator('[data-tv-bounty="pool"]')).to_have_text(euros(0))
    player = act(
        player_services.create_player,
        tournament.id,
        player_services.NewPlayer("Erin", "Early", date(1980, 1, 1), accepts_terms=True, id_checked=True),
        None,
    )
    act(desk.register_entry, tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "Desk 1", "Day"), None)
    expect(tv.locator('[data-tv-bounty="pool"]')).to_have_text(euros(10_000))

    # The rotation (a 12 s timer in the page; here stepped by hand until the bounty panel is up).
    tv.evaluate(
        "import(document.querySelector('script[type=module]').src).then(({ tvPage }) => { window.rotateTv = () => tvPage.next(); })"
    )
    tv.wait_for_function(
        "() => { window.rotateTv(); return document.querySelector('[data-tv-screen]').dataset.panelShown === 'bounties'; }",
        polling=100,
    )
    expect(tv.locator('[data-panel="bounties"]')).to_be_visible()
    expect(tv.locator('[data-panel="bounties"] h2')).to_have_text("Bounties")
