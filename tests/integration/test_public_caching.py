"""The public reads carry an ETag and a short public Cache-Control, so a proxy or CDN can answer
the viewers who don't need a socket, and answer 304 to a matching If-None-Match; everything
staff or personal is private and stored nowhere."""

import pytest
from django.test import Client

from clock.services import level_clock as services
from core.http_cache import PUBLIC_MAX_AGE
from tables.services.draw import draw_field, open_tables

PUBLIC = f"public, max-age={PUBLIC_MAX_AGE}"


def public_reads(tournament_id: int) -> list[str]:
    base = f"/api/tournaments/{tournament_id}"
    return [
        "/api/tournaments/",
        "/api/event-kinds/",
        f"{base}/",
        f"{base}/results/",
        f"{base}/seating/",
        f"{base}/waiting-list/",
        f"{base}/tv-images/",
    ]


@pytest.mark.django_db
def test_every_public_read_has_an_etag_and_a_short_public_cache_control(make_tournament):
    tournament = make_tournament()
    services.start_clock(tournament.id, None)
    for url in public_reads(tournament.id):
        response = Client().get(url)
        assert response.status_code == 200, url
        assert response["Cache-Control"] == PUBLIC, url
        assert response["ETag"].startswith('W/"'), url


@pytest.mark.django_db
def test_a_matching_if_none_match_gets_304_and_a_change_a_new_etag(make_tournament, staff):
    tournament = make_tournament()
    services.start_clock(tournament.id, None)
    client = Client()
    url = f"/api/tournaments/{tournament.id}/"
    first = client.get(url)
    # The same state read again a moment later (a new server_time, a smaller remaining_ms) is the
    # same document: the cache keeps its copy.
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == first["ETag"] and again["Cache-Control"] == PUBLIC
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"].removeprefix("W/")).status_code == 304

    services.pause_clock(tournament.id, staff["director"], "a ruling")
    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed.json()["clock"]["status"] == "paused"
    assert changed["ETag"] != first["ETag"]


@pytest.mark.django_db
def test_the_results_and_seating_revalidate_too(seated, staff):
    tournament, _ = seated
    client = Client()
    for url in (f"/api/tournaments/{tournament.id}/results/", f"/api/tournaments/{tournament.id}/seating/"):
        first = client.get(url)
        assert first.status_code == 200
        assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304, url
        assert client.get(url, HTTP_IF_NONE_MATCH='W/"something-else"').status_code == 200, url


@pytest.mark.django_db
def test_a_signed_in_director_reading_a_public_read_gets_the_public_document(make_tournament, staff):
    tournament = make_tournament()
    director = Client()
    director.force_login(staff["director"])
    response = director.get(f"/api/tournaments/{tournament.id}/")
    assert response.json()["audience"] == "public" and response["Cache-Control"] == PUBLIC
    assert "Cookie" in response["Vary"]  # a shared cache keys it by the cookie it was asked with


@pytest.mark.django_db
def test_staff_and_personal_responses_are_never_marked_public(field, staff):
    tournament, _ = field(3, tables=1)
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=5)
    director = Client()
    director.force_login(staff["director"])
    base = f"/api/tournaments/{tournament.id}"
    staff_reads = [
        f"{base}/tables/",
        f"{base}/moves/",
        f"{base}/chip-counts/",
        f"{base}/close-out/",
        f"{base}/penalties/",
        f"{base}/rulings/",
        "/api/players/?q=P1",
        f"{base}/deals/players/",
        f"/tournaments/{tournament.id}/floor/",
        f"/tournaments/{tournament.id}/desk/",
        f"/tournaments/{tournament.id}/director/",
    ]
    for url in staff_reads:
        response = director.get(url)
        assert response.status_code == 200, (url, response.status_code)
        cache_control = response["Cache-Control"]
        assert "public" not in cache_control and "private" in cache_control and "no-store" in cache_control, url
        assert director.get(url, HTTP_IF_NONE_MATCH=response.get("ETag", '"x"')).status_code == 200, url
    # Pages and searches that are not among the public reads stay private even when anyone may see them.
    signed_out = Client()
    for url in (f"/tournaments/{tournament.id}/", f"{base}/seating/find/?name=P1"):
        response = signed_out.get(url)
        assert response.status_code == 200 and response["Cache-Control"] == "private, no-store", url
