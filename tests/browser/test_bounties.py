"""Knockout events through the pages (issue 23): the set-up's bounty settings with the price
split shown live, the floor tablet's "Who won the pot?" (one tap, and a split pot), the TV's
bounty panel and a phone's seat page following it live, the cashier paying every bounty at the
payout desk, and the close-out's bounty lines exact to the cent."""

from datetime import date

import pytest
from playwright.sync_api import expect

from players.services import desk as player_services
from tables.models import Seating, Table
from tables.services.draw import draw_field, open_tables
from tests.helpers.pages import act, sign_in
from tests.helpers.tablet import answer, question, seat_action
from tournaments.models import Entry, Tournament
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
# The core's bounty models and ledger (branch bounty-core): skipped until they are merged.
BountyAward = pytest.importorskip("tournaments.models.bounties", reason="needs bounty-core").BountyAward
ledger = pytest.importorskip("tournaments.queries.bounties", reason="needs bounty-core").ledger

EUR = " EUR"


def euros(minor: int) -> str:
    return f"{minor // 100:,}.{minor % 100:02d}{EUR}"


def balanced(tournament: Tournament) -> dict:
    """BNT-POOL: every cent of the bounty pool is somewhere."""
    book = ledger(Tournament.objects.get(pk=tournament.pk))
    assert book["pool"] == book["won"] + book["on_heads"] + book["envelopes_left"] + book["carried"], book
    return book


def who_won(page, seats: list[int]) -> None:
    """Answer the tablet's "Who won the pot?": one tap for one winner, "Split pot" for several."""
    asked = page.locator("dialog.who-won[open]")
    expect(asked).to_be_visible()
    if len(seats) > 1:
        asked.get_by_role("button", name="Split pot").click()
        for seat in seats:
            asked.locator(f'[data-won-by="{seat}"]').click()
        asked.get_by_role("button", name="Confirm").click()
    else:
        asked.locator(f'[data-won-by="{seats[0]}"]').click()
    expect(asked).to_have_count(0)


def out(page, table: int, seat: int, winners: list[int], new_hand: bool = True) -> None:
    """Out on the tablet, in a new hand (the tablet asks once a player went out in this one)."""
    seat_action(page, table, seat, "Out")
    if new_hand:
        question(page).locator("button", has_text="A new hand").click()
    answer(page, "")  # no starting stack: one out in the hand
    who_won(page, winners)


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

    # The TV holds the bounty panel; Boris's phone follows his seat page.
    tv, phone, tablet = new_page(), new_page(), new_page()
    tv.goto(f"{stack.url}/tournaments/{tournament.id}/tv/?panel=bounties")
    expect(tv.locator('[data-tv-bounty="pool"]')).to_have_text("400.04 EUR")
    phone.goto(f"{stack.url}/tournaments/{tournament.id}/seat/{entries['Boris'].public_code}/")
    expect(phone.locator("[data-my-bounty]")).to_contain_text("Your bounty: 100.01 EUR")
    sign_in(tablet, stack.url, staff["floor"], f"/tournaments/{tournament.id}/floor/")
    expect(tablet.locator(".seats li:not(.empty)")).to_have_count(4)

    # Boris knocks Anna out: one tap. 100.01 -> 50.00 cash, 50.01 onto his head.
    out(tablet, 1, seat["Anna"], [seat["Boris"]], new_hand=False)
    expect(tablet.locator(".seats li:not(.empty)")).to_have_count(3)
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
    expect(cashier.locator("[data-bounty-paid]")).to_have_text(euros(40_004))
    expect(cashier.locator("[data-bounty-due]")).to_have_text(euros(0))

    # The results: knockouts and bounties won beside the places (ELIM-BY).
    cashier.goto(f"{stack.url}/tournaments/{tournament.id}/results/")
    boris = cashier.locator(f'[data-results] tbody tr[data-entry="{entries["Boris"].number}"] td')
    expect(boris.nth(5)).to_have_text("3")
    expect(boris.nth(6)).to_have_text(euros(won))
