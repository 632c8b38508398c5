"""The results exported (issue 26) through the API and the download views, on PostgreSQL: a
finished knockout event with a shared place; refused with a sentence before the finish (422);
each player named as they consented to publish it (REG-CONSENT), never their full name; a main
event with flights exporting its whole field; the festival's export."""

import csv
import io
import json

import pytest
from django.test import Client

from players.models import Player
from tables.services.day_two import draw_day_two, open_day_two_tables
from tables.services.floor import hand_done, player_out
from tests.helpers.bounties import bounty_field
from tests.helpers.flight_field import bag_and_close, out, seats, two_flights
from tournaments.models import Entry, Tournament
from tournaments.services.desk import close_registration

pytestmark = pytest.mark.django_db(transaction=True)


def _seat_of(seats_now: dict, number: int) -> int:
    return next(seat for seat, entry in seats_now.items() if entry == number)


def _rows(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text)))


def knockout_event(make_tournament, staff) -> tuple[Tournament, dict]:
    """Five players, a 20.00 knockout bounty, four places paid; entry 1 wins. Entry 5 goes out
    first (5th, unpaid), entries 3 and 4 in one hand with the same stack (ELIM-SAMETABLE: they
    share 3rd-4th), entry 2 second. Entry 3 publishes initials only; entry 4 is Austrian."""
    tournament, seated = bounty_field(make_tournament, staff, 5, "knockout", 2_000)
    Tournament.objects.filter(pk=tournament.pk).update(places_paid=4)
    entry = {e.number: e for e in Entry.objects.filter(tournament=tournament).select_related("player")}
    Player.objects.filter(pk=entry[3].player_id).update(initials_only=True)
    Player.objects.filter(pk=entry[4].player_id).update(nationality="AT")
    by = [_seat_of(seated, 1)]
    floor = staff["floor"]
    player_out(tournament.id, 1, _seat_of(seated, 5), floor, eliminated_by=by)
    hand_done(tournament.id, 1, floor)
    player_out(tournament.id, 1, _seat_of(seated, 3), floor, starting_stack=10_000, eliminated_by=by)
    player_out(tournament.id, 1, _seat_of(seated, 4), floor, starting_stack=10_000, eliminated_by=by)
    hand_done(tournament.id, 1, floor)
    return tournament, seated


def test_REG_CONSENT_a_finished_knockout_event_exports_places_shared_ranges_bounties_and_published_names(
    make_tournament, staff
):
    tournament, seated = knockout_event(make_tournament, staff)
    anyone = Client()
    base = f"/api/tournaments/{tournament.id}/results"
    refused = anyone.get(f"{base}/export.json")
    assert refused.status_code == 422 and "not finished yet" in refused.json()["detail"]
    page = anyone.get(f"/tournaments/{tournament.id}/results/export.csv")
    assert page.status_code == 422 and "not finished yet" in page.content.decode()
    assert "text/html" in page["Content-Type"]  # a page that says why, not an empty file

    player_out(tournament.id, 1, _seat_of(seated, 2), staff["floor"], eliminated_by=[_seat_of(seated, 1)])
    tournament.refresh_from_db()
    assert tournament.status == "finished"

    answer = anyone.get(f"{base}/export.json")
    assert answer.status_code == 200
    document = answer.json()
    results = Client().get(f"/api/tournaments/{tournament.id}/results/").json()  # the results page's query
    event = document["event"]
    assert (event["entries"], event["places_paid"], event["bounties"], event["currency"]) == (5, 4, True, "EUR")
    assert event["entries"] == results["field"] and event["prize_pool"] == results["pool"]["pool"]
    assert event["finished_at"] and event["date"] is None  # no start was ever set
    by_entry = {row["entry"]: row for row in document["results"]}
    assert [row["place"] for row in document["results"]] == ["1", "2", "3-4", "3-4", "5"]
    assert (by_entry[3]["name"], by_entry[4]["name"], by_entry[4]["nationality"]) == ("B. H.", "B3 H.", "AT")
    assert by_entry[3]["prize"] == by_entry[4]["prize"] > 0  # the shared places' prizes split evenly
    assert sum(row["prize"] for row in document["results"]) == event["prize_pool"]
    assert (by_entry[1]["knockouts"], by_entry[1]["bounties_won"]) == (4, 4 * 2_000 + 2_000)  # and its own
    assert by_entry[2]["knockouts"] == 0 and by_entry[5]["prize"] == 0
    shown = {row["entry"]: (row["place"], row["name"], row["prize"]) for row in results["out"]}
    assert shown == {n: ([r["place_from"], r["place_to"]], r["name"], r["prize"]) for n, r in by_entry.items()}

    for url in (f"{base}/export.csv", f"/tournaments/{tournament.id}/results/export.csv"):
        got = anyone.get(url)
        assert got.status_code == 200 and got["Content-Type"].startswith("text/csv")
        assert "attachment" in got["Content-Disposition"]
        text = got.content.decode()
        assert "Hunter" not in text  # REG-CONSENT: no last name the players did not publish
        rows = _rows(text)
        assert [(r["place"], r["entry"], r["knockouts"]) for r in rows] == [
            ("1", "1", "4"),
            ("2", "2", "0"),
            *sorted([("3-4", "3", "0"), ("3-4", "4", "0")], key=lambda r: [x["entry"] for x in rows].index(r[1])),
            ("5", "5", "0"),
        ]
        assert {r["entry"]: r["name"] for r in rows}["3"] == "B. H."
        assert rows[0]["prize"] == f"{by_entry[1]['prize'] // 100}.{by_entry[1]['prize'] % 100:02d}"
        assert rows[0]["bounties_won"] == "100.00" and rows[0]["currency"] == "EUR"

    upload = anyone.get(f"{base}/upload.csv").content.decode()
    assert upload == anyone.get(f"/tournaments/{tournament.id}/results/upload.csv").content.decode()
    paid = _rows(upload)
    assert [r["Place"] for r in paid] == ["1", "2", "3", "3"]  # one row per paid place; 5th is unpaid
    assert {r["Name"] for r in paid} == {"B0 H.", "B1 H.", "B. H.", "B3 H."} and "Hunter" not in upload
    assert {r["Prize note"] for r in paid[2:]} == {"Tied 3-4"}
    assert paid[0]["Entries"] == "5" and paid[0]["Buy-in"] == "130.00" and paid[0]["Event"] == tournament.name
    assert json.loads(anyone.get(f"/tournaments/{tournament.id}/results/export.json").content) == document


def test_a_main_event_with_flights_exports_its_whole_field_and_the_festival_exports_once_every_event_is_over(
    make_tournament, staff
):
    """FLIGHT-ITM: the main event's export counts every flight's 10 entries and places the
    flight's player out in the money (6th, Day 1B) with Day 2's; a flight alone is refused with
    a sentence that points to its event; the festival's export waits for every event."""
    main, a, b = two_flights(make_tournament, staff)
    playing = seats(b)
    for seat in playing[:3]:
        out(b, 2, seat, staff)
    close_registration(b.id, staff["director"])
    out(b, 2, playing[3], staff)
    bag_and_close(b, 2, staff)
    open_day_two_tables(main.id, "3", staff["director"])
    draw_day_two(main.id, staff["director"], seed=1)
    anyone = Client()
    festival = main.festival_id
    assert anyone.get(f"/api/festivals/{festival}/results/export.json").status_code == 422
    *busting, _winner = seats(main)
    for seat in busting[:-1]:
        out(main, 3, seat, staff)
    player_out(main.id, 3, busting[-1], staff["floor"])  # the last bust finishes the event (END-FINISH)
    main.refresh_from_db()
    assert main.status == "finished"

    flight_answer = anyone.get(f"/api/tournaments/{b.id}/results/export.json")
    assert flight_answer.status_code == 422 and "Main Event" in flight_answer.json()["detail"]
    document = anyone.get(f"/api/tournaments/{main.id}/results/export.json").json()
    results = anyone.get(f"/api/tournaments/{main.id}/results/").json()
    assert document["event"]["entries"] == results["field"] == 10
    assert [(r["place"], r["flight"]) for r in document["results"]][-1] == ("6", "Day 1B")
    assert [r["place_from"] for r in document["results"]] == [1, 2, 3, 4, 5, 6]
    assert [r["entry"] for r in document["results"]] == [r["entry"] for r in results["out"]]
    assert sum(r["prize"] for r in document["results"]) == results["pool"]["pool"]
    assert "Flight" not in json.dumps(document["results"])  # last names stay unpublished

    whole = anyone.get(f"/api/festivals/{festival}/results/export.json")
    assert whole.status_code == 200
    assert [e["event"]["name"] for e in whole.json()["events"]] == ["Main Event"]
    assert whole.json()["events"][0] == document
    rows = _rows(anyone.get(f"/festivals/{festival}/results/export.csv").content.decode())
    assert len(rows) == 6 and {r["event"] for r in rows} == {"Main Event"}
    upload = _rows(anyone.get(f"/api/festivals/{festival}/results/upload.csv").content.decode())
    assert [r["Place"] for r in upload] == ["1", "2", "3", "4", "5", "6"] and upload[0]["Entries"] == "10"


def test_the_exports_are_in_the_openapi_document_and_unknown_ids_are_404(make_tournament):
    schema = Client().get("/api/openapi.json").json()
    for path in (
        "/api/tournaments/{tournament_id}/results/export.json",
        "/api/tournaments/{tournament_id}/results/export.csv",
        "/api/tournaments/{tournament_id}/results/upload.csv",
        "/api/festivals/{festival_id}/results/export.json",
        "/api/festivals/{festival_id}/results/export.csv",
        "/api/festivals/{festival_id}/results/upload.csv",
    ):
        operation = schema["paths"][path]["get"]
        assert "422" in operation["responses"] and "200" in operation["responses"], path
    assert (
        "text/csv"
        in schema["paths"]["/api/tournaments/{tournament_id}/results/upload.csv"]["get"]["responses"]["200"]["content"]
    )
    assert Client().get("/api/tournaments/987654/results/export.json").status_code == 404
    assert Client().get("/tournaments/987654/results/upload.csv").status_code == 404
