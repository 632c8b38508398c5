"""A player's personal data at the desk, in Chromium: the clerk finds the player, opens their
data page, sees everything held and the export, and erases it on the player's request after
confirming; the page then shows the public name only."""

import re
from datetime import date

import pytest
from playwright.sync_api import expect

from players.models import Player
from players.services import desk as player_services
from tests.helpers.pages import act, sign_in
from tournaments.models import Festival

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_REG_CONSENT_the_desk_exports_and_erases_a_players_data_on_request(stack, new_page, make_tournament, staff):
    tournament = make_tournament()
    player = act(
        player_services.create_player,
        tournament.id,
        player_services.NewPlayer(
            "Hedy",
            "Lamarr",
            date(1914, 11, 9),
            email="hedy@example.invalid",
            phone="+43 1 234",
            accepts_terms=True,
            id_checked=True,
        ),
        None,
    )
    page = new_page()
    sign_in(page, stack.url, staff["desk"], f"/tournaments/{tournament.id}/desk/")
    page.get_by_label("Find player").fill("lam")
    page.get_by_role("button", name="Lamarr, Hedy · born 1914-11-09").click()
    page.get_by_role("link", name="Personal data: export, erase on request").click()

    expect(page.locator("[data-player-data-name]")).to_have_text("Hedy Lamarr")
    expect(page.locator("[data-player-record]")).to_contain_text("hedy@example.invalid")
    export = page.locator("[data-export]")
    expect(export).to_have_attribute("href", f"/api/tournaments/{tournament.id}/players/{player.id}/data/")

    page.get_by_role("button", name="Erase on request").click()  # not confirmed: refused, nothing erased
    expect(page.locator("[data-refusal]")).to_contain_text("cannot be undone")
    page.get_by_label("The player asked for erasure; I understand it cannot be undone").check()
    page.get_by_role("button", name="Erase on request").click()
    expect(page.locator("[data-erased]")).to_contain_text("personal data is erased")
    expect(page.locator("[data-player-data-name]")).to_have_text("Hedy L.")
    expect(page.locator("[data-player-record]")).not_to_contain_text("hedy@example.invalid")
    assert Player.objects.get(pk=player.id).email == ""


def test_the_personal_data_page_names_each_field_in_words_not_its_column(stack, new_page, make_tournament, staff):
    tournament = make_tournament()
    player = act(
        player_services.create_player,
        tournament.id,
        player_services.NewPlayer(
            "Hedy", "Lamarr", date(1914, 11, 9), email="hedy@example.invalid", accepts_terms=True, id_checked=True
        ),
        None,
    )
    page = new_page()
    sign_in(page, stack.url, staff["desk"], f"/tournaments/{tournament.id}/players/{player.id}/data/")
    record = page.locator("[data-player-record]")
    expect(record.locator("dt", has_text="Date of birth")).to_have_count(1)
    expect(record.locator("dt", has_text="E-mail")).to_have_count(1)
    expect(record.locator("dt", has_text="Initials only on public screens")).to_have_count(1)
    expect(record.locator("dt", has_text=re.compile(r"^[a-z_]+$"))).to_have_count(0)  # no column names
    expect(record).not_to_contain_text("date_of_birth")
    expect(record).not_to_contain_text("False")  # yes or no, in words
    expect(page.locator("[data-player-consents]")).to_contain_text("terms and tournament rules · yes")

    Festival.objects.filter(pk=tournament.festival_id).update(language="de")
    page.reload()
    expect(record.locator("dt", has_text="Geburtsdatum")).to_have_count(1)
    expect(record.locator("dt", has_text="Nur Initialen auf öffentlichen Bildschirmen")).to_have_count(1)
    expect(page.locator("[data-player-consents]")).to_contain_text("Teilnahmebedingungen und Turnierregeln · ja")
