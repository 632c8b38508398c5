"""Issue 22, "Screens that agree with themselves", against PostgreSQL: the snapshot says how
many last hands were announced (the TV and the lobby say it alike), the director's log names
its subject, the busts the director may undo are listed newest first, the tablet learns when
its Undo can no longer work, and the festival's TV learns of an event that opened later."""

from datetime import timedelta

import pytest
from django.test import Client

from clock.models import Clock
from clock.services import day, level_clock
from tables.queries.undo import undo_offer
from tables.services.floor import hand_done, player_out
from tables.services.undo import undo_last
from tournaments.models import Announcement, Tournament
from tournaments.queries.record import announcements_up, latest_log
from tournaments.queries.results import recent_busts
from tournaments.queries.snapshot import snapshot
from tournaments.services import record


@pytest.mark.django_db
def test_CLK_EOD_the_snapshot_says_the_last_hands_announced_as_the_event_did(seated, staff):
    tournament, _ = seated
    level_clock.start_clock(tournament.id, staff["director"])
    Clock.objects.filter(tournament=tournament).update(day_last_level=0)
    assert snapshot(tournament.id)["end_of_day"] is None

    announced = day.announce_last_hands(tournament.id, 2, staff["director"])

    assert announced["hands"] == 2
    assert snapshot(tournament.id)["end_of_day"] == {"day": 1, "day_over": False, "playing": [1], "hands": 2}


@pytest.mark.django_db
def test_the_directors_log_carries_what_names_each_lines_subject(seated, staff):
    tournament, seats = seated
    player_out(tournament.id, 1, 4, staff["floor"], entry=seats[4])

    line = latest_log(tournament.id)[0]

    assert line["kind"] == "player.out"
    assert line["data"]["entry"] == seats[4] and line["data"]["table"] == 1 and line["data"]["seat"] == 4
    assert line["data"]["player"]["name"]
    assert "money" not in line["data"]  # only what names the subject


@pytest.mark.django_db
def test_a_staff_screen_fetches_the_log_lines_after_the_last_it_has_and_the_public_may_not(seated, staff):
    """What a resync skipped: the lines after ?after=, newest first (static/event_log.js)."""
    tournament, seats = seated
    base = f"/api/tournaments/{tournament.id}/log/"
    before = tournament.events.order_by("-seq").values_list("seq", flat=True)[0]
    level_clock.start_clock(tournament.id, staff["director"])
    player_out(tournament.id, 1, 4, staff["floor"], entry=seats[4])
    desk = Client()
    desk.force_login(staff["desk"])  # the desk's screen has the staff socket too

    lines = desk.get(f"{base}?after={before}").json()

    assert [line["kind"] for line in lines] == ["player.out", "clock.started"]
    assert [line["seq"] for line in lines] == [before + 2, before + 1]
    assert lines[0]["actor"] == "floor-user" and lines[0]["data"]["entry"] == seats[4]
    assert "money" not in lines[0]["data"]  # only what names the subject
    assert desk.get(f"{base}?after={before + 2}").json() == []
    assert len(desk.get(base).json()) == before + 2  # from the first line, fewer than 50
    refused = desk.get(f"{base}?after=-1")
    assert refused.status_code == 422 and "after" in str(refused.json())
    assert Client().get(base).status_code in (401, 403)
    media = Client()
    media.force_login(staff["media"])
    assert media.get(base).status_code == 403  # the staff log names players: not the media's


@pytest.mark.django_db
def test_the_busts_the_director_may_undo_are_listed_newest_first_and_an_undone_one_leaves(seated, staff):
    tournament, seats = seated
    first, second = sorted(seats)[:2]
    player_out(tournament.id, 1, first, staff["floor"], entry=seats[first])
    player_out(tournament.id, 1, second, staff["floor"], entry=seats[second])

    listed = recent_busts(tournament)
    assert [(bust["entry"], bust["table"], bust["seat"]) for bust in listed] == [
        (seats[second], 1, second),
        (seats[first], 1, first),
    ]

    client = Client()
    client.force_login(staff["director"])
    answer = client.get(f"/api/tournaments/{tournament.id}/busts/")
    assert answer.status_code == 200 and [bust["entry"] for bust in answer.json()] == [seats[second], seats[first]]
    client.post(
        f"/api/tournaments/{tournament.id}/entries/{seats[second]}/undo-bust/",
        {"reason": "wrong seat"},
        content_type="application/json",
    )
    assert [bust["entry"] for bust in recent_busts(tournament)] == [seats[first]]
    floor = Client()
    floor.force_login(staff["floor"])
    assert floor.get(f"/api/tournaments/{tournament.id}/busts/").status_code == 403


@pytest.mark.django_db
def test_the_tablet_learns_its_undo_no_longer_works_after_the_minute_or_a_later_action(seated, staff):
    tournament, seats = seated
    player_out(tournament.id, 1, 4, staff["floor"], request_key="tap-out", entry=seats[4])
    tapped = tournament.events.get(request_key="tap-out")

    assert undo_offer(tournament.id, 1, "tap-out", tapped.at) == {"possible": True, "reason": ""}
    late = undo_offer(tournament.id, 1, "tap-out", tapped.at + timedelta(seconds=61))
    assert late["possible"] is False and "61 seconds ago" in late["reason"]

    hand_done(tournament.id, 1, staff["floor"], hand=1)  # another tablet: something happened at the table since
    since = undo_offer(tournament.id, 1, "tap-out", tapped.at)
    assert since["possible"] is False and "Something else happened at table 1" in since["reason"]
    with pytest.raises(Exception, match="Something else happened at table 1"):
        undo_last(tournament.id, 1, staff["floor"], key="tap-out", now=tapped.at)

    client = Client()
    client.force_login(staff["floor"])
    answer = client.get(f"/api/tournaments/{tournament.id}/tables/1/undo/?key=tap-out")
    assert answer.status_code == 200 and answer.json()["possible"] is False
    unknown = client.get(f"/api/tournaments/{tournament.id}/tables/1/undo/?key=never-sent").json()
    assert unknown == {"possible": False, "reason": "No tap of this tablet at table 1 is recorded: nothing to undo."}


@pytest.mark.django_db
def test_the_festival_screen_lists_an_event_that_opens_after_it_loaded(seated):
    tournament, _ = seated
    client = Client()
    shown = client.get(f"/api/festivals/{tournament.festival_id}/tv/").json()["tournaments"]
    assert [t["id"] for t in shown] == [tournament.id]
    later = Tournament.objects.create(festival=tournament.festival, name="Turbo", status=Tournament.Status.SCHEDULED)
    assert len(client.get(f"/api/festivals/{tournament.festival_id}/tv/").json()["tournaments"]) == 1
    Tournament.objects.filter(pk=later.pk).update(status=Tournament.Status.REGISTRATION)

    shown = client.get(f"/api/festivals/{tournament.festival_id}/tv/").json()["tournaments"]

    assert {t["id"] for t in shown} == {tournament.id, later.id}
    assert {"id": later.id, "name": "Turbo", "live_path": f"/ws/tournaments/{later.id}/lobby/"} in shown
    assert client.get("/api/festivals/999999/tv/").status_code == 404


@pytest.mark.django_db
def test_TD_ANNOUNCE_a_banner_about_the_level_goes_when_the_level_ends(seated, staff):
    tournament, _ = seated
    level_clock.start_clock(tournament.id, staff["director"])
    clock = Clock.objects.get(tournament=tournament)
    rebuys = record.announce(
        tournament.id,
        "Last chance for rebuys and add-ons: they close at the end of this level.",
        staff["director"],
        template="rebuys_closing",
        minutes=60,
    )
    other = record.announce(tournament.id, "Dinner at nine.", staff["director"], minutes=60)

    made = {row.id: row for row in Announcement.objects.filter(tournament=tournament)}
    assert made[rebuys["announcement"]].expires_at == clock.ends_at  # the level ends before the hour
    assert made[other["announcement"]].expires_at > clock.ends_at
    after = clock.ends_at + timedelta(seconds=1)
    assert [row["text"] for row in announcements_up(tournament.id, after)] == ["Dinner at nine."]
