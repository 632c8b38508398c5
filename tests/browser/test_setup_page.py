"""The director's set-up in Chromium (issue 11): a tournament created and edited, venue tables,
a sponsor company and an exclusion, with no admin and no hand-written API call."""

import re
from datetime import date

import pytest
from playwright.sync_api import expect

from clock.models import Clock, Structure
from players.services import desk as player_services
from tests.helpers.pages import act, sign_in
from tournaments.models import Festival, Tournament
from tournaments.services.setup import Settings, create_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_director_creates_a_tournament_adds_tables_a_company_and_an_exclusion_from_the_pages(
    stack, new_page, staff
):
    structure = Structure.objects.create(name="Deepstack", is_template=True)
    for position in range(3):
        structure.levels.create(
            position=position,
            small_blind=100 * (position + 1),
            big_blind=200 * (position + 1),
            ante=0,
            duration="00:30:00",
        )
    page = new_page()
    sign_in(page, stack.url, staff["director"], "/")
    page.get_by_role("link", name="New tournament").click()
    # Until static/setup.js has wired the forms a tap submits natively and reloads the page.
    expect(page.locator(".setup[data-wired]")).to_have_count(1)
    page.get_by_text("New festival").click()  # no festival yet: made here too, not in the admin
    page.get_by_label("Festival name").fill("Autumn Series")
    page.get_by_label("Venue").fill("Grand Casino")
    page.get_by_role("button", name="Create the festival").click()
    expect(page.locator("[data-result]")).to_have_text(
        "Festival Autumn Series created: choose the tournament's settings below."
    )
    expect(page.get_by_label("Festival name")).to_have_value("")  # done with: a second tap makes no second festival
    festival = Festival.objects.get(name="Autumn Series")
    expect(page.get_by_label("Festival", exact=True)).to_have_value(str(festival.id))
    page.get_by_label("Name", exact=True).fill("Autumn Main Event")
    page.get_by_label("House rules").select_option("pokerfest")
    page.get_by_label("Entry price").fill("99,50")  # a decimal comma is a decimal mark, not thousands
    page.get_by_label("Pool share %").fill("90")
    expect(page.get_by_label("Prize-pool part")).to_have_value("89.55")
    expect(page.get_by_label("Fee")).to_have_value("9.95")
    page.get_by_label("Entry price").fill("550")  # the pool share helper splits it
    page.get_by_label("Pool share %").fill("90.91")
    expect(page.get_by_label("Prize-pool part")).to_have_value("500.01")
    page.get_by_label("Prize-pool part").fill("500.00")
    page.get_by_label("Fee").fill("50.00")
    page.get_by_label("Starting stack").fill("30,000")
    page.get_by_label("Places paid").fill("12")
    page.get_by_label("Structure").select_option(str(structure.id))
    page.get_by_label("Late registration until the end of level").fill("2")
    # A second festival typed but not created: the tournament is not silently filed under the first.
    page.get_by_label("Festival name").fill("Winter Series")
    tournaments = Tournament.objects.count()
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.locator("[data-result]")).to_have_text(
        "The festival Winter Series is not created yet: tap \u201cCreate the festival\u201d first, or clear its name to use "
        "the festival chosen in the list."
    )
    assert Tournament.objects.count() == tournaments
    page.get_by_label("Festival name").fill("")
    page.get_by_role("button", name="Create the tournament").click()
    expect(page).to_have_url(re.compile(r"/tournaments/\d+/setup/$"))
    expect(page.locator(".setup[data-wired]")).to_have_count(1)  # static/setup.js answers the forms
    tournament = Tournament.objects.get(name="Autumn Main Event")
    assert (tournament.buy_in, tournament.fee, tournament.starting_stack, tournament.places_paid) == (
        50_000,
        5_000,
        30_000,
        12,
    )
    assert Clock.objects.get(tournament=tournament).structure.late_entry_until_level == 2
    expect(page.get_by_label("Prize-pool part")).to_have_value("500.00")  # shown back in currency units
    expect(page.get_by_label("Entry price")).to_have_value("550.00")  # the walkthrough saw it empty
    expect(page.get_by_label("Pool share %")).to_have_value("90.91")

    page.get_by_label("Seat cap").fill("abc")
    page.get_by_role("button", name="Save the settings").click()
    expect(page.locator("[data-result]")).to_have_text('Seat cap: type a whole number, not "abc".')
    page.get_by_label("Seat cap").fill("300")
    page.get_by_role("button", name="Save the settings").click()
    expect(page.locator("[data-result]")).to_have_text("Settings saved.")
    page.get_by_label("Table number").fill("1")
    page.get_by_role("button", name="Add the table").click()
    expect(page.locator("[data-result]")).to_have_text("Table 1 added (9 seats).")
    expect(page.get_by_label("Seats at table 1", exact=True)).to_have_value("9")  # listed without a reload
    page.get_by_label("Table number").fill("1")
    page.get_by_role("button", name="Add the table").click()
    expect(page.locator("[data-result]")).to_have_text("The venue already has a table 1.")
    page.get_by_label("Company", exact=True).fill("Acme Poker")
    page.get_by_label("Company status").select_option("banned")
    page.get_by_role("button", name="Save the company").click()
    expect(page.locator("[data-result]")).to_have_text("Acme Poker saved (banned).")
    expect(page.locator("[data-companies]")).to_contain_text("Acme Poker: banned")

    act(
        player_services.create_player,
        tournament.id,
        player_services.NewPlayer("Barred", "Player", date(1970, 1, 1), accepts_terms=True),
        None,
    )
    page.get_by_label("Player to exclude").fill("Barred")
    expect(page.get_by_label("Excluded player").locator("option")).to_have_count(1)
    page.get_by_label("Exclusion reason").fill("self-exclusion")
    page.get_by_label("Excluded from").fill(date.today().isoformat())
    page.get_by_role("button", name="Exclude").click()
    expect(page.locator("[data-result]")).to_have_text(
        f"Excluded from {date.today().isoformat()} until lifted: every desk refuses the player."
    )
    tournament.refresh_from_db()
    assert tournament.max_entries == 300


def test_ENT_REBUY_the_set_up_page_shows_and_edits_a_chips_events_rebuy(stack, new_page, staff):
    """ENT-REBUY: a chips event carries its rebuy (a starting stack for the pool part of an entry);
    the set-up page shows its price and chips and saves the director's own."""
    festival = Festival.objects.create(name="Club Series", venue="Chips Club", currency="GBP")
    tournament = act(
        create_tournament,
        festival.id,
        Settings(name="Monday Rebuy", ruleset_preset="chips", buy_in=2_000, fee=500, starting_stack=5_000),
        None,
        staff["director"],
        speed="standard",
    )
    page = new_page()
    sign_in(page, stack.url, staff["director"], f"/tournaments/{tournament.id}/setup/")
    expect(page.get_by_label("Rebuy price")).to_have_value("20.00")
    expect(page.get_by_label("Rebuy chips")).to_have_value("5000")
    page.get_by_label("Rebuy price").fill("25.00")
    page.get_by_label("Rebuy chips").fill("6,000")
    page.get_by_role("button", name="Save the settings").click()
    expect(page.locator("[data-result]")).to_have_text("Settings saved.")
    tournament.refresh_from_db()
    assert (tournament.rules().entries.rebuy_price, tournament.rules().entries.rebuy_chips) == (2_500, 6_000)


def test_the_new_tournament_offers_the_chosen_festivals_structures_and_every_festivals(stack, new_page, staff):
    """The walkthrough picked another festival's template on /tournaments/new/ and was refused (409):
    the list follows the festival chosen."""
    spring = Festival.objects.create(name="Spring Open", venue="Grand Casino", currency="EUR")
    summer = Festival.objects.create(name="Summer Open", venue="Grand Casino", currency="EUR")
    shared = Structure.objects.create(name="Every Deepstack", is_template=True)
    own = Structure.objects.create(name="Summer Main", is_template=True, festival=summer)
    for structure in (shared, own):
        structure.levels.create(position=0, small_blind=100, big_blind=200, ante=0, duration="00:30:00")
    page = new_page()
    sign_in(page, stack.url, staff["director"], "/tournaments/new/")
    structures = page.get_by_label("Structure")
    page.get_by_label("Festival", exact=True).select_option(str(summer.id))
    expect(structures.locator(f"option[value='{own.id}']")).to_be_enabled()
    structures.select_option(str(own.id))
    page.get_by_label("Festival", exact=True).select_option(str(spring.id))
    expect(structures.locator(f"option[value='{own.id}']")).to_be_disabled()
    expect(structures.locator(f"option[value='{own.id}']")).to_be_hidden()
    expect(structures.locator(f"option[value='{shared.id}']")).to_be_enabled()
    expect(structures).not_to_have_value(str(own.id))  # the other festival's choice did not stay
    page.get_by_label("Festival", exact=True).select_option(str(summer.id))
    expect(structures.locator(f"option[value='{own.id}']")).to_be_enabled()
