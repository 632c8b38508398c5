"""A player's personal data at the desk, in Chromium: the clerk finds the player, opens their
data page, sees everything held and the export, and erases it on the player's request after
confirming; the page then shows the public name only."""

from datetime import date

import pytest
from playwright.sync_api import expect

from players.models import Player
from players.services import desk as player_services
from tests.helpers.pages import act, sign_in

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
