"""The interface in the festival's language or the browser's (issue 14): `Accept-Language: de`
gives German pages (<html lang="de">) and German API refusals; a festival set to German speaks
German to every device, whatever the browser asks; money is written the German way there."""

from datetime import UTC, datetime

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.utils import translation

from clock.services import level_clock
from tests.helpers.api import client_for
from tournaments.models import Festival, Tournament


@pytest.fixture(autouse=True)
def english_afterwards():
    """The test client answers in this thread: a German answer leaves German active here, which
    the next test's direct service calls would speak."""
    yield
    translation.activate("en")


GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


def page(client: Client, path: str, **headers) -> str:
    answer = client.get(path, **headers)
    assert answer.status_code == 200, path
    return answer.content.decode()


@pytest.mark.django_db
def test_a_browser_asking_for_german_gets_the_lobby_desk_and_floor_in_german(make_tournament, staff):
    tournament = make_tournament()
    lobby = page(Client(), f"/tournaments/{tournament.id}/", **GERMAN)
    assert '<html lang="de">' in lobby
    assert "Meinen Platz finden" in lobby and "Spieler übrig" in lobby and "Find my seat" not in lobby
    desk = page(client_for("desk", staff), f"/tournaments/{tournament.id}/desk/", **GERMAN)
    assert '<html lang="de">' in desk and "Spieler suchen" in desk and "Neuer Spieler" in desk
    assert "Anmeldung" in desk and "Find player" not in desk  # the nav bar too
    floor = page(client_for("floor", staff), f"/tournaments/{tournament.id}/floor/", **GERMAN)
    assert '<html lang="de">' in floor and "Live-Protokoll" in floor and "Tische werden geladen" in floor
    # The page asks for the JavaScript catalog in its own language.
    assert "/jsi18n/?language=de" in floor


@pytest.mark.django_db
def test_english_stays_the_default(make_tournament):
    tournament = make_tournament()
    for headers in ({}, ENGLISH, {"HTTP_ACCEPT_LANGUAGE": "fr-FR"}):
        lobby = page(Client(), f"/tournaments/{tournament.id}/", **headers)
        assert '<html lang="en">' in lobby and "Find my seat" in lobby


@pytest.mark.django_db
def test_a_german_festival_speaks_german_to_a_browser_asking_for_english(make_tournament, staff):
    tournament = make_tournament()
    Festival.objects.filter(pk=tournament.festival_id).update(language="de")
    lobby = page(Client(), f"/tournaments/{tournament.id}/", **ENGLISH)
    assert '<html lang="de">' in lobby and "Meinen Platz finden" in lobby
    assert "/jsi18n/?language=de" in lobby
    board = page(Client(), f"/festivals/{tournament.festival_id}/leaderboard/", **ENGLISH)
    assert '<html lang="de">' in board
    # An English festival speaks English to a German browser; pages of no festival follow the browser.
    Festival.objects.filter(pk=tournament.festival_id).update(language="en")
    assert '<html lang="en">' in page(Client(), f"/tournaments/{tournament.id}/", **GERMAN)
    assert '<html lang="de">' in page(Client(), "/", **GERMAN)


@pytest.mark.django_db
def test_an_api_refusal_comes_in_german(make_tournament, staff):
    tournament = make_tournament()
    director = client_for("director", staff)
    path = f"/api/tournaments/{tournament.id}/clock/level/"
    refused = director.post(path, {"level_index": 9}, content_type="application/json", **GERMAN)
    assert (refused.status_code, refused.json()["detail"]) == (409, "Es gibt kein Level 10; diese Struktur hat 3.")
    english = director.post(path, {"level_index": 9}, content_type="application/json", **ENGLISH)
    assert english.json()["detail"] == "There is no level 10; this structure has 3."
    # The festival's language wins over the browser's for the API too.
    Festival.objects.filter(pk=tournament.festival_id).update(language="de")
    level_clock.start_clock(tournament.id, None)
    bad = director.post(f"/api/tournaments/{tournament.id}/clock/resume/", content_type="application/json", **ENGLISH)
    assert bad.status_code == 409 and "nicht angehalten" in bad.json()["detail"]


@pytest.mark.django_db
def test_the_director_sets_the_festivals_language_through_the_api(staff):
    director = client_for("director", staff)
    made = director.post(
        "/api/festivals/",
        {
            "name": "Wiener Pokertage",
            "venue": "Casino Wien",
            "time_zone": "Europe/Vienna",
            "currency": "EUR",
            "language": "de",
        },
        content_type="application/json",
    )
    assert made.status_code == 201 and made.json()["language"] == "de"
    assert Festival.objects.get(pk=made.json()["id"]).language == "de"
    unknown = director.post(
        "/api/festivals/", {"name": "F", "venue": "V", "language": "fr"}, content_type="application/json"
    )
    assert unknown.status_code == 409 and "language" in unknown.json()["detail"]
    browser = director.post("/api/festivals/", {"name": "G", "venue": "V"}, content_type="application/json")
    assert browser.json()["language"] == ""  # each browser's own
    with pytest.raises(IntegrityError), transaction.atomic():  # the database refuses it too
        Festival.objects.filter(pk=made.json()["id"]).update(language="fr")


@pytest.mark.django_db
def test_a_festivals_pages_tell_its_time(make_tournament, staff):
    tournament = make_tournament()
    Festival.objects.filter(pk=tournament.festival_id).update(time_zone="Europe/Vienna")
    Tournament.objects.filter(pk=tournament.pk).update(starts_at=datetime(2026, 6, 1, 18, 0, tzinfo=UTC))
    setup = page(client_for("director", staff), f"/tournaments/{tournament.id}/setup/")
    assert 'value="2026-06-01T20:00"' in setup  # summer time in Vienna: UTC+2
    new = page(client_for("director", staff), "/tournaments/new/", **GERMAN)
    assert 'name="language"' in new and "Sprache des Festivals" in new


@pytest.mark.django_db
def test_a_german_page_writes_money_the_german_way(make_tournament, staff):
    tournament = make_tournament()
    Festival.objects.filter(pk=tournament.festival_id).update(language="de")
    close_out = page(client_for("director", staff), f"/tournaments/{tournament.id}/close-out/")
    assert "0,00 EUR" in close_out and "Kassenabschluss" in close_out
