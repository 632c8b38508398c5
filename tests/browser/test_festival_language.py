"""The lobby in German in Chromium (issue 14): a browser asking for German, and a festival set
to German shown to a browser asking for English."""

import pytest
from playwright.sync_api import expect

from tournaments.models import Festival

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_lobby_speaks_german_to_a_german_browser_and_for_a_german_festival(stack, new_page, make_tournament):
    tournament = make_tournament()
    german = new_page(390, 844)
    german.set_extra_http_headers({"Accept-Language": "de-DE,de;q=0.9"})
    german.goto(f"{stack.url}/tournaments/{tournament.id}/")
    expect(german.locator("html")).to_have_attribute("lang", "de")
    expect(german.get_by_role("heading", name="Meinen Platz finden")).to_be_visible()
    expect(german.get_by_role("button", name="Suchen")).to_be_visible()
    expect(german.get_by_text("Spieler übrig")).to_be_visible()
    expect(german.get_by_label("Ihr Name")).to_be_visible()

    english = new_page(390, 844)
    english.set_extra_http_headers({"Accept-Language": "en-GB,en;q=0.9"})
    english.goto(f"{stack.url}/tournaments/{tournament.id}/")
    expect(english.get_by_role("heading", name="Find my seat")).to_be_visible()
    Festival.objects.filter(pk=tournament.festival_id).update(language="de")
    english.reload()
    expect(english.locator("html")).to_have_attribute("lang", "de")
    expect(english.get_by_role("heading", name="Meinen Platz finden")).to_be_visible()
