"""The results' downloads and the schedule's calendar through the pages (issue 26), at desktop
size: before the finish the results page's download says why there is nothing yet; after it,
the results page's and the director's console's links download the JSON, the CSV and the
results databases' upload file, each naming players as they consented (REG-CONSENT); the
schedule page's link downloads the iCalendar feed, read back with a calendar library."""

import csv
import io
import json
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import icalendar
import pytest
from playwright.sync_api import expect

from players.models import Player
from tables.models import Seating
from tables.services.floor import hand_done, player_out
from tests.helpers.fields import seated_field
from tests.helpers.pages import act, sign_in
from tournaments.models import Entry, Festival, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1440, "height": 900}


def downloaded(page, link) -> tuple[str, str]:
    """Click a download link and wait for the file: its suggested name and its text."""
    with page.expect_download() as arriving:
        link.click()
    download = arriving.value
    return download.suggested_filename, Path(download.path()).read_text(encoding="utf-8")


def seat_of(tournament: Tournament, number: int) -> int:
    return Seating.objects.get(tournament=tournament, ended_at__isnull=True, entry__number=number).seat


def test_REG_CONSENT_the_results_download_from_the_results_page_and_the_console_once_finished(
    stack, new_page, make_tournament, staff
):
    tournament = seated_field(make_tournament, staff, 4)
    Tournament.objects.filter(pk=tournament.pk).update(places_paid=3)
    entries = {e.number: e for e in Entry.objects.filter(tournament=tournament)}
    Player.objects.filter(pk=entries[2].player_id).update(initials_only=True, nationality="DE")
    Festival.objects.filter(pk=tournament.festival_id).update(time_zone="Europe/Vienna")
    Tournament.objects.filter(pk=tournament.pk).update(starts_at=datetime(2027, 2, 1, 18, 0, tzinfo=ZoneInfo("UTC")))
    # Entries 1 and 2 out in one hand with the same stack: they share 3rd-4th (ELIM-SAMETABLE).
    for number in (1, 2):
        act(player_out, tournament.id, 1, seat_of(tournament, number), staff["floor"], starting_stack=10_000)
    act(hand_done, tournament.id, 1, staff["floor"])

    page = new_page(**DESKTOP)
    page.goto(f"{stack.url}/tournaments/{tournament.id}/results/")
    downloads = page.locator("[data-results-downloads]")
    expect(downloads.locator("[data-downloads-wait]")).to_be_visible()
    downloads.locator('[data-download="csv"]').click()
    expect(page.locator("[data-export-refused]")).to_contain_text("is not finished yet")
    page.get_by_role("link", name="Back to the results").click()
    expect(page.locator("[data-results-downloads]")).to_be_visible()

    act(player_out, tournament.id, 1, seat_of(tournament, 3), staff["floor"])
    expect(page.locator('[data-results] tr[data-entry="3"]')).to_be_visible()  # live: the last bust arrived
    page.reload()
    downloads = page.locator("[data-results-downloads]")
    expect(downloads.locator("[data-downloads-wait]")).to_have_count(0)

    name, text = downloaded(page, downloads.locator('[data-download="json"]'))
    document = json.loads(text)
    assert name == f"results-{tournament.id}.json"
    assert [(r["place"], r["entry"]) for r in document["results"]][:2] == [("1", 4), ("2", 3)]
    assert {r["entry"]: r["place"] for r in document["results"]}[2] == "3-4"
    assert document["event"]["entries"] == 4 and "Watcher" not in text  # no last name unpublished
    by_entry = {r["entry"]: r for r in document["results"]}
    assert (by_entry[2]["name"], by_entry[2]["nationality"], by_entry[1]["name"]) == ("T. W.", "DE", "Tv0 W.")

    name, text = downloaded(page, downloads.locator('[data-download="csv"]'))
    rows = list(csv.DictReader(io.StringIO(text)))
    assert name == f"results-{tournament.id}.csv" and "Watcher" not in text
    assert [r["place"] for r in rows] == ["1", "2", "3-4", "3-4"]
    assert sum(int(r["prize_minor_units"]) for r in rows) == 40_000 and rows[0]["currency"] == "EUR"

    director = new_page(**DESKTOP)
    sign_in(director, stack.url, staff["director"], f"/tournaments/{tournament.id}/director/")
    on_console = director.locator("[data-results-downloads]")
    expect(on_console).to_be_visible()
    name, text = downloaded(director, on_console.locator('[data-download="upload"]'))
    paid = list(csv.DictReader(io.StringIO(text)))
    assert name == f"results-{tournament.id}-upload.csv"
    assert [(r["Place"], r["Name"]) for r in paid][:2] == [("1", "Tv3 W."), ("2", "Tv2 W.")]
    assert [r["Place"] for r in paid] == ["1", "2", "3", "3"]  # one row per paid place, the tie at 3rd
    assert {r["Event date"] for r in paid} == {"2027-02-01"} and {r["Entries"] for r in paid} == {"4"}
    name, text = downloaded(director, on_console.locator('[data-download="festival-csv"]'))
    assert name == f"results-festival-{tournament.festival_id}.csv"
    assert [r["event"] for r in csv.DictReader(io.StringIO(text))] == [tournament.name] * 4

    director.goto(f"{stack.url}/festivals/{tournament.festival_id}/schedule/")
    name, text = downloaded(director, director.locator("[data-calendar]"))
    assert name == f"schedule-festival-{tournament.festival_id}.ics"
    [event] = icalendar.Calendar.from_ical(text).walk("VEVENT")
    assert str(event["summary"]) == tournament.name
    assert event.decoded("dtstart") == datetime(2027, 2, 1, 19, 0, tzinfo=ZoneInfo("Europe/Vienna"))
