"""A club switching over (issue 26): a Tournament Director 3 file imported as a finished
tournament with its results, through the service, the API and the director's page: players
deduplicated against the database (name, and e-mail when the file has one) with a report;
places, re-entries and knockouts as the results rows read them; a garbage or partial file
refused with a sentence and nothing written."""

from datetime import date, timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from clock.models import Clock
from players.models import Player
from rules.refusals import Invalid, Refused
from tests.helpers.tdt import club_night, player, tdt_file
from tournaments.models import Elimination, Entry, Event, Festival, Knockout, Tournament
from tournaments.queries.festival_close_out import festival_close_out
from tournaments.queries.results import standings
from tournaments.services.payout_desk import pay_prize
from tournaments.services.tdt_import import UNKNOWN_BIRTH, import_tdt

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def festival():
    return Festival.objects.create(name="Club Season", venue="The Club", currency="EUR")


def counts() -> tuple:
    return tuple(m.objects.count() for m in (Tournament, Player, Entry, Elimination, Knockout, Event))


def test_a_club_night_is_imported_finished_with_places_reentries_knockouts_and_a_report(festival, staff):
    ann = Player.objects.create(
        first_name="Ann", last_name="Archer", date_of_birth=date(1970, 5, 5), email="ANN@example.invalid"
    )
    Player.objects.create(first_name="Ben", last_name="Baker", date_of_birth=date(1971, 1, 1))
    Player.objects.create(first_name="ben", last_name="baker", date_of_birth=date(1985, 1, 1))
    report = import_tdt(festival.id, club_night(), staff["director"])
    assert [p["id"] for p in report["matched"]] == [ann.id]
    assert [p["name"] for p in report["ambiguous"]] == ["Ben Baker"]  # two Ben Bakers on file
    assert sorted(p["name"] for p in report["created"]) == ["Carl Cole", "Dana Dune"]
    assert Player.objects.get(pk=report["created"][0]["id"]).date_of_birth == UNKNOWN_BIRTH
    tournament = Tournament.objects.get(pk=report["tournament"])
    assert (tournament.status, tournament.name, tournament.buy_in) == ("finished", "Club Night 12", 5_000)
    table = standings(tournament)
    placed = {(row["name"], row["entry"]): (row["place"], row["knockouts"]) for row in table["out"]}
    assert table["field"] == 5
    assert placed[("Ann Archer", 5)] == ([1, 1], 3)
    assert placed[("Dana Dune", 1)] == ([5, 5], 0) and placed[("Dana Dune", 2)] == ([4, 4], 0)
    assert placed[("Ben Baker", 4)] == ([2, 2], 1)  # Ben knocked out Dana's re-entry
    kinds = list(Event.objects.filter(tournament=tournament).order_by("seq").values_list("kind", flat=True))
    assert kinds[0] == "tournament.imported" and kinds.count("player.out") == 4 and kinds.count("player.created") == 3
    # Its money is the club's history: not in this festival's close-out, its prizes not paid again here.
    assert festival_close_out(festival.id)["events"] == []
    with pytest.raises(Refused, match="prizes were paid there"):
        pay_prize(tournament.id, 5, "cash", staff["cashier"])


@pytest.mark.parametrize(
    "text, says",
    [
        ("this is not a tournament", "cannot be imported"),
        (club_night()[:400], "cannot be imported"),
        (tdt_file([player("P1", "Ann A", [None]), player("P2", "Ben B", [None])]), "not finished"),
    ],
)
def test_a_garbage_or_partial_file_is_refused_with_a_sentence_and_nothing_written(festival, staff, text, says):
    before = counts()
    with pytest.raises(Invalid, match=says):
        import_tdt(festival.id, text, staff["director"])
    assert counts() == before


def test_the_api_imports_for_the_director_and_answers_422_for_garbage(festival, staff):
    url = f"/api/festivals/{festival.id}/import-tdt/"
    assert Client().post(url, {"text": club_night()}, content_type="application/json").status_code in (401, 403)
    director = Client()
    director.force_login(staff["director"])
    before = counts()
    bad = director.post(url, {"text": "{T: new Tournament({"}, content_type="application/json")
    assert bad.status_code == 422 and "cannot be imported" in bad.json()["detail"] and counts() == before
    made = director.post(url, {"text": club_night()}, content_type="application/json")
    assert made.status_code == 200, made.content
    assert made.json()["entries"] == 5 and len(made.json()["created"]) == 4
    # The same file again (a double submit, a retried request) is refused: one import per file.
    before = counts()
    twice = director.post(url, {"text": club_night()}, content_type="application/json")
    assert twice.status_code == 409 and f"as tournament {made.json()['tournament']}" in twice.json()["detail"]
    assert counts() == before
    next_week = club_night().replace("P4", "P5")  # another night of the same players
    again = director.post(url, {"text": next_week}, content_type="application/json").json()
    assert len(again["matched"]) == 4 and again["created"] == []  # the second import finds them on file


def test_the_director_page_imports_an_upload_and_shows_the_report(festival, staff):
    director = Client()
    director.force_login(staff["director"])
    page = f"/festivals/{festival.id}/import/"
    refused = director.post(page, {"file": SimpleUploadedFile("x.tdt", b"\xff\xfe garbage")})
    assert refused.status_code == 422 and "not text" in refused.content.decode()
    done = director.post(page, {"file": SimpleUploadedFile("night.tdt", club_night().encode())})
    assert done.status_code == 200 and "Dana Dune" in done.content.decode()
    assert Tournament.objects.filter(festival=festival, status="finished").count() == 1
    # The director finds the page, and the league's, from any tournament's set-up page (the second
    # walkthrough found no link to either).
    made = Tournament.objects.get(festival=festival)
    setup = director.get(f"/tournaments/{made.id}/setup/").content.decode()
    assert f'href="{page}"' in setup and 'href="/leagues/new/"' in setup


def test_the_files_levels_become_the_structure_and_the_report_names_what_was_not_imported(festival, staff):
    """The file's two levels are the imported tournament's structure; its prizes per place, the
    missing birth dates, the league and the points formula are each named as not imported."""
    report = import_tdt(festival.id, club_night(), staff["director"])
    clock = Clock.objects.get(tournament_id=report["tournament"])
    levels = list(clock.structure.levels.values_list("small_blind", "big_blind", "duration"))
    assert report["levels"] == 2 and levels == [(25, 50, timedelta(minutes=20)), (50, 100, timedelta(minutes=20))]
    assert clock.status == "finished"
    left = report["not_imported"]
    assert any("prizes per place (1: 120.00, 2: 80.00)" in why for why in left), left
    assert any("Birth dates" in why and "1900-01-01" in why for why in left), left
    assert any("Thursday League" in why for why in left) and any("sqrt(n/r)" in why for why in left), left
    page = Client()
    page.force_login(staff["director"])
    shown = page.post(
        f"/festivals/{festival.id}/import/",
        {"file": SimpleUploadedFile("n.tdt", club_night().replace("P4", "P9").encode())},
    ).content.decode()
    assert "data-not-imported" in shown and "prizes per place" in shown
