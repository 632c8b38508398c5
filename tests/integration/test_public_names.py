"""REG-CONSENT on PostgreSQL: public screens name a player as they chose at the desk: first
name and last initial by default, initials only for a player who opted out, everywhere the
public looks (seating chart, find my seat, waiting list, chip leaders, results, winners). And the
player's seat page, which shows only public facts."""

import json

import pytest
from django.test import Client

from players.models import Player
from players.queries.players import public_name
from tables.services.absent import mark_absent
from tables.services.counts import publish_chip_leaders, report_counts
from tables.services.floor import player_out
from tournaments.services.penalties import give_penalty

pytestmark = pytest.mark.django_db


def as_user(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def post(client, path, body):
    return client.post(path, json.dumps(body), content_type="application/json")


def test_REG_CONSENT_public_name_is_first_name_and_last_initial_or_initials_only():
    assert public_name("Anna", "Klein") == "Anna K."
    assert public_name("Anna", "Klein", initials_only=True) == "A. K."
    assert public_name("anna", "", initials_only=True) == "A."


def test_REG_CONSENT_the_desk_records_the_choice_when_creating_the_player(make_tournament, staff):
    tournament = make_tournament()
    created = post(
        as_user(staff["desk"]),
        f"/api/tournaments/{tournament.id}/players/",
        {
            "first_name": "Greta",
            "last_name": "Hidden",
            "date_of_birth": "1980-02-03",
            "accepts_terms": True,
            "initials_only": True,
        },
    )
    assert created.status_code == 201 and created.json()["initials_only"] is True
    assert Player.objects.get(pk=created.json()["id"]).initials_only
    plain = post(
        as_user(staff["desk"]),
        f"/api/tournaments/{tournament.id}/players/",
        {"first_name": "Hans", "last_name": "Shown", "date_of_birth": "1980-02-03", "accepts_terms": True},
    )
    assert plain.json()["initials_only"] is False  # the default: first name and last initial


def test_REG_CONSENT_an_opted_out_player_shows_by_initials_on_every_public_read(seated, staff):
    tournament, seats = seated
    ordered = sorted(seats)
    hidden_seat, shown_seat = ordered[0], ordered[1]
    hidden = tournament.entries.get(number=seats[hidden_seat])
    desk = as_user(staff["desk"])
    changed = post(
        desk, f"/api/tournaments/{tournament.id}/players/{hidden.player_id}/public-name/", {"initials_only": True}
    )
    assert changed.status_code == 200 and changed.json()["initials_only"] is True
    event = tournament.events.filter(kind="player.public_name").get()
    assert event.public == {} and event.payload["initials_only"] is True  # no name on the public feed
    initials = f"{hidden.player.first_name[0]}. {hidden.player.last_name[0]}."
    lobby = as_user()
    base = f"/api/tournaments/{tournament.id}"
    chart = lobby.get(f"{base}/seating/").json()["tables"][0]["players"]
    assert chart[str(hidden_seat)]["name"] == initials
    assert chart[str(shown_seat)]["name"].startswith("P") and chart[str(shown_seat)]["name"].endswith(" S.")
    found = lobby.get(f"{base}/seating/find/", {"name": hidden.player.first_name}).json()
    assert [row["name"] for row in found] == [initials]
    report_counts(tournament.id, 1, {hidden_seat: 30_000, shown_seat: 5_000}, staff["floor"])
    leaders = publish_chip_leaders(tournament.id, staff["media"])["leaders"]
    assert leaders[0]["name"] == initials and leaders[1]["name"].endswith(" S.")
    player_out(tournament.id, 1, hidden_seat, staff["floor"])
    results = lobby.get(f"{base}/results/").json()["out"]
    assert [row["name"] for row in results] == [initials]
    page = lobby.get(f"/tournaments/{tournament.id}/results/").content.decode()
    assert initials in page and hidden.player.first_name + " " not in page


def test_REG_CONSENT_the_choice_can_be_changed_back_and_only_the_desk_changes_it(seated, staff):
    tournament, seats = seated
    entry = tournament.entries.get(number=seats[sorted(seats)[0]])
    path = f"/api/tournaments/{tournament.id}/players/{entry.player_id}/public-name/"
    for persona in ("floor", "media"):
        assert post(as_user(staff[persona]), path, {"initials_only": True}).status_code == 403
    assert post(as_user(), path, {"initials_only": True}).status_code in (401, 403)
    desk = as_user(staff["desk"])
    post(desk, path, {"initials_only": True})
    post(desk, path, {"initials_only": True})  # the same choice again: nothing new to record
    back = post(desk, path, {"initials_only": False})
    assert back.json()["initials_only"] is False
    assert tournament.events.filter(kind="player.public_name").count() == 2
    chart = as_user().get(f"/api/tournaments/{tournament.id}/seating/").json()["tables"][0]["players"]
    assert chart[str(sorted(seats)[0])]["name"] == f"{entry.player.first_name} {entry.player.last_name[0]}."
    unknown = post(desk, f"/api/tournaments/{tournament.id}/players/999999/public-name/", {"initials_only": True})
    assert unknown.status_code == 409 and "no player 999999" in unknown.json()["detail"]
    assert post(desk, path, {"initials_only": "maybe"}).status_code == 422


def test_PEN_LADDER_and_PEN_ABSENT_the_seat_page_shows_the_players_own_penalty_absence_and_finish(seated, staff):
    """The companion (GET seat/<code>/): public facts only, no staff names."""
    tournament, seats = seated
    seat = sorted(seats)[0]
    entry = tournament.entries.get(number=seats[seat])
    path = f"/api/tournaments/{tournament.id}/seat/{entry.public_code}/"
    lobby = as_user()
    first = lobby.get(path).json()
    assert (first["table"], first["seat"]) == (1, seat)
    assert first["penalty"] is None and first["absent"] is None and first["finish"] is None
    assert first["currency"] == "EUR" and first["players_left"] == 6 and "next_out_prize" in first["money"]
    give_penalty(tournament.id, 1, seat, "acting out of turn", staff["floor"], step="1 orbit")
    mark_absent(tournament.id, 1, seat, staff["floor"])
    shown = lobby.get(path).json()
    assert shown["penalty"]["step"] == "1 orbit" and shown["penalty"]["status"] == "serving"
    assert shown["penalty"]["hands_left"] > 0 and shown["absent"]["retired"] is False
    assert staff["floor"].username not in json.dumps(shown) and entry.player.last_name not in json.dumps(shown)
    player_out(tournament.id, 1, seat, staff["floor"])
    out = lobby.get(path).json()
    assert out["status"] == "busted" and out["table"] is None
    assert out["finish"] == {"place": [6, 6], "prize": 0, "seat": None, "field": 6, "published": True}
    assert lobby.get(f"/api/tournaments/{tournament.id}/seat/no-such-code/").status_code == 404


def test_the_manifest_installs_the_seat_page_it_came_from_and_nothing_else(seated):
    tournament, seats = seated
    entry = tournament.entries.get(number=seats[sorted(seats)[0]])
    seat_page = f"/tournaments/{tournament.id}/seat/{entry.public_code}/"
    page = as_user().get(seat_page).content.decode()
    assert f'rel="manifest" href="/manifest.webmanifest?start={seat_page}"' in page
    manifest = as_user().get("/manifest.webmanifest", {"start": seat_page})
    assert manifest["Content-Type"] == "application/manifest+json"
    assert manifest.json()["start_url"] == seat_page and manifest.json()["display"] == "standalone"
    for elsewhere in ("https://evil.example/", "//evil.example/", f"{seat_page}../../admin/", ""):
        assert as_user().get("/manifest.webmanifest", {"start": elsewhere}).json()["start_url"] == "/"
