"""A NUL byte in any text a request carries (PostgreSQL's text cannot hold one) is refused
with a 422 and a sentence, in one place for every field: the API answers JSON, pages a page."""

import json

import pytest
from django.test import Client

from clock.services import level_clock

NUL_SENTENCE = "contains a NUL character"


def signed_in(staff, persona="director") -> Client:
    client = Client()
    client.force_login(staff[persona])
    return client


def refused_as_json(response) -> None:
    assert response.status_code == 422, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    assert NUL_SENTENCE in response.json()["detail"]


@pytest.mark.django_db
def test_nul_in_api_query_strings_path_and_json_bodies_is_a_422_sentence(field, staff):
    tournament, (entry,) = field(1, tables=1)
    level_clock.start_clock(tournament.id, None)
    director, anonymous = signed_in(staff), Client()
    base = f"/api/tournaments/{tournament.id}"
    # Public find-my-seat and the desk's player search, NUL as a query parameter (sent as %00).
    refused_as_json(anonymous.get(f"{base}/seating/find/", {"name": "Ada\x00"}))
    refused_as_json(anonymous.get(f"{base}/seating/find/?name=%00"))
    refused_as_json(director.get("/api/players/", {"q": "\x00"}))
    # In the path: the public seat of a ticket code.
    refused_as_json(anonymous.get(f"{base}/seat/ab%00cd/"))
    # JSON bodies: the escape \u0000, and a raw NUL byte.
    new_player = {"first_name": "Ada\x00", "last_name": "L", "date_of_birth": "1990-01-01", "accepts_terms": True}
    refused_as_json(director.post(f"{base}/players/", new_player, content_type="application/json"))
    assert "\\u0000" in json.dumps(new_player)  # what the client sent
    refused_as_json(
        director.post(f"{base}/clock/pause/", b'{"reason": "smoke\x00break"}', content_type="application/json")
    )
    sale = {"player_id": entry.player_id, "kind": "re_entry", "method": "cash", "desk": "Desk\x00 1", "shift": "a"}
    refused_as_json(director.post(f"{base}/entries/", sale, content_type="application/json"))
    # A NUL in a key of a nested object counts too.
    refused_as_json(
        director.post(f"{base}/deals/proposals/", {"stacks": {"1\x00": 5}}, content_type="application/json")
    )
    # A form-encoded body.
    refused_as_json(director.post(f"{base}/clock/pause/", {"reason": "a\x00"}))
    assert tournament.events.filter(kind="clock.paused").count() == 0
    assert not tournament.entries.filter(desk__startswith="Desk").exists()


@pytest.mark.django_db
def test_nul_in_pages_and_forms_is_a_422_page(field, staff):
    tournament, (entry,) = field(1, tables=1)
    anonymous = Client()
    for response in (
        anonymous.get(f"/tournaments/{tournament.id}/seat/x%00y/"),
        anonymous.get(f"/tournaments/{tournament.id}/", {"tab": "\x00"}),
        anonymous.post("/accounts/login/", {"username": "desk-user\x00", "password": "x"}),
        signed_in(staff, "superuser").get("/admin/players/player/", {"q": "\x00"}),
    ):
        assert response.status_code == 422
        assert response["Content-Type"].startswith("text/html")
        assert NUL_SENTENCE in response.content.decode()


@pytest.mark.django_db
def test_ordinary_text_still_passes(field, staff):
    tournament, (entry,) = field(1, tables=1)
    level_clock.start_clock(tournament.id, None)
    director = signed_in(staff)
    base = f"/api/tournaments/{tournament.id}"
    assert Client().get(f"{base}/seating/find/", {"name": "P0"}).status_code == 200
    assert director.get("/api/players/", {"q": "P0 zero\\u0000"}).status_code == 200  # a backslash is text
    paused = director.post(
        f"{base}/clock/pause/", {"reason": "a backslash \\u0000 is no NUL"}, content_type="application/json"
    )
    assert paused.status_code == 200
    assert tournament.events.get(kind="clock.paused").payload["reason"] == "a backslash \\u0000 is no NUL"
    assert Client().get(f"/tournaments/{tournament.id}/seat/{entry.public_code}/").status_code == 200
