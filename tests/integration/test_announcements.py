"""TD-ANNOUNCE through the service and the API, on PostgreSQL: what goes on every screen, what
is refused, and the log."""

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from rules.refusals import Refused
from tournaments.models import Announcement
from tournaments.queries.snapshot import snapshot
from tournaments.services import record

pytestmark = pytest.mark.django_db


def test_TD_ANNOUNCE_an_announcement_is_logged_and_every_screen_gets_it_until_taken_down(make_tournament, staff):
    tournament = make_tournament()
    made = record.announce(
        tournament.id,
        "  Colour-up at the next break:   the 25 chips leave play. ",
        staff["director"],
        template="colour_up",
        minutes=30,
    )
    up = snapshot(tournament.id)["announcements"]
    assert [item["text"] for item in up] == ["Colour-up at the next break: the 25 chips leave play."]
    assert up[0]["expires_at"] is not None
    event = tournament.events.get(kind="announcement.made")
    assert event.public == {"announcement": made["announcement"], "announcements": up}
    assert event.payload["template"] == "colour_up" and event.actor == staff["director"]

    record.announce(tournament.id, "Rebuys close at the end of this level.", staff["director"])
    assert [item["text"] for item in snapshot(tournament.id)["announcements"]][
        0
    ] == "Rebuys close at the end of this level."  # newest first, no expiry: until taken down
    record.dismiss_announcement(tournament.id, made["announcement"], staff["director"])
    record.dismiss_announcement(tournament.id, made["announcement"], staff["director"])  # twice: nothing more
    assert [item["text"] for item in snapshot(tournament.id)["announcements"]] == [
        "Rebuys close at the end of this level."
    ]
    assert list(tournament.events.values_list("kind", flat=True).order_by("seq")) == [
        "announcement.made",
        "announcement.made",
        "announcement.dismissed",
    ]


def test_TD_ANNOUNCE_an_expired_announcement_leaves_the_screens_without_an_event(make_tournament, staff):
    tournament = make_tournament()
    made = record.announce(tournament.id, "Play resumes in five minutes.", staff["director"], minutes=5)
    five_minutes_ago = timezone.now() - timedelta(minutes=5)
    Announcement.objects.filter(pk=made["announcement"]).update(
        made_at=five_minutes_ago - timedelta(minutes=5), expires_at=five_minutes_ago
    )
    assert snapshot(tournament.id)["announcements"] == []


@pytest.mark.parametrize(
    "text, template, minutes, says",
    [
        ("", "", None, "Write the announcement first."),
        ("x" * 501, "", None, "at most 500 characters; this one has 501"),
        ("Colour-up at the next break: the … chips leave play.", "colour_up", 30, "Fill in the template's …"),
        ("Hello", "weather", None, "Unknown template 'weather'"),
        ("Hello", "", 0, "Keep an announcement up for 1 to 1440 minutes"),
    ],
)
def test_TD_ANNOUNCE_an_announcement_that_cannot_go_out_is_refused_with_a_sentence(
    make_tournament, staff, text, template, minutes, says
):
    tournament = make_tournament()
    with pytest.raises(Refused, match=says):
        record.announce(tournament.id, text, staff["director"], template=template, minutes=minutes)
    assert not tournament.events.exists() and not Announcement.objects.exists()


def test_TD_ANNOUNCE_only_the_director_announces_through_the_api_and_a_retry_announces_once(make_tournament, staff):
    tournament = make_tournament()
    url = f"/api/tournaments/{tournament.id}/announcements/"
    body = json.dumps({"text": "Hand-for-hand from the next hand.", "template": "hand_for_hand"})
    floor = Client()
    floor.force_login(staff["floor"])
    assert floor.post(url, body, content_type="application/json").status_code == 403
    director = Client()
    director.force_login(staff["director"])
    for _ in range(2):
        answer = director.post(url, body, content_type="application/json", headers={"Idempotency-Key": "a-1"})
        assert answer.status_code == 200
    assert Announcement.objects.count() == 1
    refused = director.post(url, json.dumps({"text": ""}), content_type="application/json")
    assert refused.status_code == 409 and refused.json()["detail"] == "Write the announcement first."
    templates = director.get("/api/announcement-templates/").json()
    assert [t["key"] for t in templates] == [
        "rule_change",
        "colour_up",
        "rebuys_closing",
        "hand_for_hand",
        "end_of_day",
    ]
    gone = director.post(f"{url}{Announcement.objects.get().id}/dismiss/")
    assert gone.status_code == 200 and gone.json() == {"announcements": []}
    assert director.post(f"{url}999999/dismiss/").status_code == 409
