"""SEAT-BREAK (pokerfest L154): "Pokerfest reserves the right to alter the breaking order":
the director changes a published order with a reason, logged and announced on every screen."""

import pytest
from django.test import Client

from tables.services.breaking import set_breaking_order
from tables.services.draw import open_tables
from tournaments.models import Announcement
from tournaments.services.desk import close_registration


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def post(client, url, body):
    return client.post(url, body, content_type="application/json")


@pytest.mark.django_db
def test_SEAT_BREAK_pokerfest_alters_the_published_breaking_order_with_a_reason_logged_and_announced(field, staff):
    tournament, _ = field(20, tables=3)  # the pokerfest preset
    open_tables(tournament.id, [1, 2, 3], staff["director"])
    set_breaking_order(tournament.id, [2, 3, 1], staff["director"])
    close_registration(tournament.id, staff["director"])
    director, base = signed_in(staff["director"]), f"/api/tournaments/{tournament.id}"
    assert director.get(f"{base}/tables/").json()["breaking_order_alterable"] is True

    no_reason = post(director, f"{base}/tables/breaking-order/", {"tables": [1, 2, 3], "reason": " "})
    assert no_reason.status_code == 409 and "say why it changes" in no_reason.json()["detail"]
    floor = post(signed_in(staff["floor"]), f"{base}/tables/breaking-order/", {"tables": [1, 2, 3], "reason": "x"})
    assert floor.status_code == 403
    assert director.get(f"{base}/tables/").json()["breaking_order"] == [2, 3, 1]

    altered = post(
        director, f"{base}/tables/breaking-order/", {"tables": [1, 3, 2], "reason": "table 2 is the TV table"}
    )
    assert altered.status_code == 200 and altered.json() == {"breaking_order": [1, 3, 2]}
    assert director.get(f"{base}/tables/").json()["breaking_order"] == [1, 3, 2]
    logged = tournament.events.filter(kind="tables.breaking_order").latest("seq")
    assert logged.public == {"order": [1, 3, 2], "altered": True, "reason": "table 2 is the TV table"}
    assert logged.actor == staff["director"]
    announced = tournament.events.filter(kind="announcement.made").latest("seq").public["announcements"]
    text = "The breaking order has changed: 1, 3, 2 (table 2 is the TV table)."
    assert [a["text"] for a in announced] == [text]
    assert Announcement.objects.get(tournament=tournament).text == text


@pytest.mark.django_db
def test_SEAT_BREAK_a_house_without_the_right_keeps_its_published_order(field, staff):
    from tournaments.models import Tournament

    tournament, _ = field(20, tables=3)
    Tournament.objects.filter(pk=tournament.pk).update(ruleset_preset="neverending")
    open_tables(tournament.id, [1, 2, 3], staff["director"])
    close_registration(tournament.id, staff["director"])
    director, base = signed_in(staff["director"]), f"/api/tournaments/{tournament.id}"
    assert director.get(f"{base}/tables/").json()["breaking_order_alterable"] is False
    late = post(director, f"{base}/tables/breaking-order/", {"tables": [1, 2, 3], "reason": "please"})
    assert late.status_code == 409 and "published when registration closed" in late.json()["detail"]
    assert not Announcement.objects.filter(tournament=tournament).exists()
