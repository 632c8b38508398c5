"""Leagues (PAY-POINTS, issue 26) through the service and the API, on PostgreSQL: a league
across two festivals' tournaments scored from their results rows, knockouts counted; a bad
formula or tournament refused with a sentence and nothing written; the public leaderboard,
each player's history and the CSV."""

import csv
import io
import math

import pytest
from django.test import Client

from rules.refusals import Invalid, Refused
from tests.helpers.leagues import league_players, played_out
from tournaments.models import Event, League
from tournaments.services.leagues import save_league

pytestmark = pytest.mark.django_db(transaction=True)

TABLE = {"table": [100, 60, 40, 20], "knockout": 5}


@pytest.fixture
def two_events(make_tournament, staff):
    """Event 1: L0 beats L1, L2, L3 (knocking all three out). Event 2, another festival: L1
    beats L0 and L2."""
    first, ids = league_players(make_tournament, 4)
    played_out(first, ids, staff)
    second = played_out(make_tournament(name="League Event 2"), [ids[1], ids[0], ids[2]], staff, buy_in=5_000)
    return first, second, ids


def director(staff) -> Client:
    client = Client()
    client.force_login(staff["director"])
    return client


def test_PAY_POINTS_a_league_across_festivals_counts_places_and_knockouts(two_events, staff):
    first, second, ids = two_events
    assert first.festival_id != second.festival_id
    league = save_league(
        None, {"name": "Winter League", **TABLE, "tournaments": [first.id, second.id]}, staff["director"]
    )
    board = Client().get(f"/api/leagues/{league['id']}/").json()
    assert [(row["player"], row["points"], row["rank"]) for row in board["rows"]] == [
        (ids[0], 100 + 3 * 5 + 60, 1),
        (ids[1], 60 + 100 + 2 * 5, 2),
        (ids[2], 40 + 40, 3),
        (ids[3], 20, 4),
    ]
    assert board["rows"][0]["knockouts"] == 3 and board["rows"][0]["events"] == 2
    for tournament in (first, second):  # the change is in each tournament's log
        event = Event.objects.filter(tournament=tournament, kind="league.changed").get()
        assert event.public["added"] == [first.id, second.id] and event.actor_id == staff["director"].id


def test_PAY_POINTS_the_named_formula_scores_by_field_and_buy_in(two_events, staff):
    first, second, ids = two_events
    league = save_league(None, {"name": "TDD", "expression": "sqrt_buyin", "scale": 1, "tournaments": [first.id]}, None)
    history = Client().get(f"/api/leagues/{league['id']}/players/{ids[1]}/").json()
    (only,) = history["events"]
    assert only["place"] == [2, 2] and only["field"] == 4 and only["counts"]
    assert only["points"] == pytest.approx((4 / 2) ** 0.5 * (1 + math.log10(100.25)), abs=0.01)


def test_PAY_POINTS_a_bad_league_is_refused_with_a_sentence_and_nothing_written(two_events, staff):
    first, second, ids = two_events
    events = Event.objects.count()
    with pytest.raises(Invalid, match="more points than the place above"):
        save_league(None, {"name": "Upside down", "expression": "place", "tournaments": [first.id]}, None)
    with pytest.raises(Invalid, match="no tournament 999999"):
        save_league(None, {"name": "Ghost", "tournaments": [first.id, 999_999]}, None)
    with pytest.raises(Invalid, match="at least one tournament"):
        save_league(None, {"name": "Empty", "tournaments": []}, None)
    assert League.objects.count() == 0 and Event.objects.count() == events
    save_league(None, {"name": "Taken", "tournaments": [first.id]}, None)
    with pytest.raises(Refused, match="Another league is called"):
        save_league(None, {"name": "taken", "tournaments": [second.id]}, None)


def test_PAY_POINTS_the_api_sets_up_a_league_for_the_director_only_and_answers_422_for_bad_input(two_events, staff):
    first, second, ids = two_events
    body = {"name": "Spring", "expression": "field_minus_place", "scale": 1, "tournaments": [first.id]}
    assert Client().post("/api/leagues/", body, content_type="application/json").status_code in (401, 403)
    client = director(staff)
    bad = client.post("/api/leagues/", {**body, "expression": "__import__('os')"}, content_type="application/json")
    assert bad.status_code == 422 and "may use only numbers" in bad.json()["detail"]
    bad = client.post("/api/leagues/", {**body, "scale": -1}, content_type="application/json")
    assert bad.status_code == 422
    assert League.objects.count() == 0
    made = client.post("/api/leagues/", body, content_type="application/json")
    assert made.status_code == 200, made.content
    league = made.json()
    assert league["formula"] == "n - place + 1" and [t["id"] for t in league["tournaments"]] == [first.id]
    edited = client.put(
        f"/api/leagues/{league['id']}/",
        {**body, "tournaments": [first.id, second.id], "reentry": "first"},
        content_type="application/json",
    )
    assert edited.status_code == 200 and edited.json()["reentry"] == "first"
    removed = client.put(
        f"/api/leagues/{league['id']}/", {**body, "tournaments": [second.id]}, content_type="application/json"
    )
    assert removed.status_code == 200
    assert Event.objects.filter(tournament=first, kind="league.changed").last().public["removed"] == [first.id]
    assert Client().get(f"/api/leagues/{league['id']}/players/{ids[3]}/").status_code == 404  # not in event 2
    assert Client().get("/api/leagues/").json() == [{"id": league["id"], "name": "Spring"}]


def test_PAY_POINTS_the_leaderboard_page_csv_and_history_agree_with_the_api(two_events, staff):
    first, second, ids = two_events
    league = save_league(None, {"name": "Club", **TABLE, "tournaments": [first.id, second.id]}, None)
    api = Client().get(f"/api/leagues/{league['id']}/").json()["rows"]
    page = Client().get(f"/leagues/{league['id']}/")
    assert page.status_code == 200 and "L0 L." in page.content.decode()
    download = Client().get(f"/leagues/{league['id']}/leaderboard.csv")
    rows = list(csv.DictReader(io.StringIO(download.content.decode())))
    assert [(int(r["player"]), float(r["points"])) for r in rows] == [(r["player"], r["points"]) for r in api]
    history = Client().get(f"/leagues/{league['id']}/players/{ids[0]}/")
    assert history.status_code == 200 and "League Event 2" in history.content.decode()
    results = Client().get(f"/tournaments/{first.id}/results/").content.decode()
    assert f"/leagues/{league['id']}/" in results  # the results page links the league
