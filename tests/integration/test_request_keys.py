"""An Idempotency-Key answers a retry of the same request with the first result; the same key
with a different request (another body, another address) is refused with a 422 sentence and
changes nothing."""

from datetime import date

import pytest
from django.test import Client

from clock.models import Clock
from clock.services import level_clock
from players.services import desk as player_services

REUSED = "This Idempotency-Key was used for a different request"


def director_of(staff) -> Client:
    client = Client()
    client.force_login(staff["director"])
    return client


def post(client, url, body, key):
    return client.post(url, body, content_type="application/json", HTTP_IDEMPOTENCY_KEY=key)


@pytest.mark.django_db
def test_the_same_key_with_the_same_request_answers_the_first_result_once(make_tournament, staff):
    tournament = make_tournament()
    level_clock.start_clock(tournament.id, None)
    director = director_of(staff)
    base = f"/api/tournaments/{tournament.id}/clock"
    first = post(director, f"{base}/adjust/", {"seconds": 60}, "tap-1")
    # The same request, its keys in another order and spaced differently, is the same request.
    again = director.post(
        f"{base}/adjust/", b'{ "seconds" : 60 }', content_type="application/json", HTTP_IDEMPOTENCY_KEY="tap-1"
    )
    assert first.status_code == again.status_code == 200
    assert first.json()["ends_at"] == again.json()["ends_at"]
    assert tournament.events.filter(kind="clock.adjusted").count() == 1


@pytest.mark.django_db
def test_the_same_key_with_another_body_or_address_is_refused_and_changes_nothing(make_tournament, staff):
    tournament = make_tournament()
    other = make_tournament(name="Other Event")
    level_clock.start_clock(tournament.id, None)
    level_clock.start_clock(other.id, None)
    director = director_of(staff)
    base = f"/api/tournaments/{tournament.id}/clock"
    assert post(director, f"{base}/adjust/", {"seconds": 60}, "tap-2").status_code == 200
    ends_at = Clock.objects.get(tournament=tournament).ends_at
    for url, body in (
        (f"{base}/adjust/", {"seconds": 120}),  # another body
        (f"{base}/pause/", {"reason": "dinner"}),
    ):  # another operation
        reused = post(director, url, body, "tap-2")
        assert reused.status_code == 422
        assert REUSED in reused.json()["detail"]
    assert Clock.objects.get(tournament=tournament).ends_at == ends_at
    assert list(tournament.events.values_list("kind", flat=True)) == ["clock.started", "clock.adjusted"]


@pytest.mark.django_db
def test_a_sale_key_reused_for_another_player_is_refused_and_a_refused_sale_may_be_corrected(make_tournament, staff):
    tournament = make_tournament()
    ada, grace = (
        player_services.create_player(
            tournament.id,
            player_services.NewPlayer(first, "Player", date(1990, 1, 1), accepts_terms=True, id_checked=True),
            None,
        )
        for first in ("Ada", "Grace")
    )
    desk = Client()
    desk.force_login(staff["desk"])
    url = f"/api/tournaments/{tournament.id}/entries/"
    sale = {"player_id": ada.id, "kind": "buy_in", "method": "won", "desk": "d", "shift": "s"}
    # A refused sale records no key: the clerk corrects the form and sends it again with the
    # same key, as the desk page does.
    assert post(desk, url, sale, "sale-1").status_code == 409
    sold = post(desk, url, {**sale, "method": "cash"}, "sale-1")
    assert sold.status_code == 201
    assert post(desk, url, {**sale, "method": "cash"}, "sale-1").json()["number"] == sold.json()["number"]
    reused = post(desk, url, {**sale, "method": "cash", "player_id": grace.id}, "sale-1")
    assert reused.status_code == 422 and REUSED in reused.json()["detail"]
    assert list(tournament.entries.values_list("player_id", flat=True)) == [ada.id]


@pytest.mark.django_db
def test_a_new_player_key_reused_for_another_player_is_refused(make_tournament, staff):
    tournament = make_tournament()
    desk = Client()
    desk.force_login(staff["desk"])
    url = f"/api/tournaments/{tournament.id}/players/"
    ada = {"first_name": "Ada", "last_name": "Lovelace", "date_of_birth": "1990-01-01", "accepts_terms": True}
    created = post(desk, url, ada, "new-1")
    assert created.status_code == 201
    assert post(desk, url, ada, "new-1").json()["id"] == created.json()["id"]
    reused = post(desk, url, {**ada, "first_name": "Grace"}, "new-1")
    assert reused.status_code == 422 and REUSED in reused.json()["detail"]
    assert tournament.events.filter(kind="player.created").count() == 1
