"""End of day (CLK-EOD): the director announces the last hands in the window, every table
plays exactly that many, bags, and a real worker ends the day when the last table is done."""

import re
import time
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from clock.models import Clock
from clock.services import day
from clock.services import level_clock as clock_services
from tables.models import ChipBag
from tables.queries.floor import floor_view
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done
from tournaments.models import Event, Tournament
from tournaments.queries.snapshot import snapshot


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db(transaction=True)
def test_CLK_EOD_every_table_plays_the_announced_hands_then_bags_and_the_worker_ends_the_day(
    field, staff, processes, clean_queue
):
    tournament, entries = field(12, tables=2)
    Tournament.objects.filter(pk=tournament.pk).update(ruleset={"preset": "action-clock"})
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    processes.worker()
    director, base = signed_in(staff["director"]), f"/api/tournaments/{tournament.id}"

    early = director.post(f"{base}/day/last-hands/", {"hands": 2}, content_type="application/json")
    assert early.status_code == 409 and early.json()["detail"] == "Set the level the day ends with first."
    assert (
        signed_in(staff["floor"])
        .post(f"{base}/day/end-level/", {"level_index": 1}, content_type="application/json")
        .status_code
        == 403
    )
    assert (
        director.post(f"{base}/day/end-level/", {"level_index": 1}, content_type="application/json").json()[
            "level_number"
        ]
        == 2
    )
    clock_services.start_clock(tournament.id, None)
    Clock.objects.filter(tournament=tournament).update(ends_at=timezone.now() - timedelta(seconds=1))
    clock_services.advance_due_levels(tournament.id)  # the day's last level: 10 minutes left
    too_soon = director.post(f"{base}/day/end-level/", {"level_index": 0}, content_type="application/json")
    assert too_soon.json()["detail"] == "That level has been played already."
    Clock.objects.filter(tournament=tournament).update(ends_at=timezone.now() + timedelta(minutes=20))
    window = director.post(f"{base}/day/last-hands/", {"hands": 2}, content_type="application/json")
    assert window.status_code == 409 and re.search(r"level 2; (19:59|20:00) is left now\.$", window.json()["detail"])
    Clock.objects.filter(tournament=tournament).update(ends_at=timezone.now() + timedelta(minutes=10))

    announced = director.post(f"{base}/day/last-hands/", {"hands": 2}, content_type="application/json").json()
    assert announced["clock"]["status"] == "paused" and announced["playing"] == [1, 2]
    assert snapshot(tournament.id)["end_of_day"] == {"day": 1, "day_over": False, "playing": [1, 2], "hands": 2}
    floor = signed_in(staff["floor"])
    seat = int(next(iter(floor_view(tournament.id)["tables"][0]["players"])))
    refused = floor.post(f"{base}/tables/1/seats/{seat}/bag/", {"chips": 12000}, content_type="application/json")
    assert refused.json()["detail"] == "Table 1 is still playing: bag its chips after its last hand."
    for _ in range(2):
        hand_done(tournament.id, 1, staff["floor"])
    last = floor.post(f"{base}/tables/1/hand-done/", {"hand": 3}, content_type="application/json")
    assert last.json()["detail"] == "Table 1 has played its last hand of the day: bag the chips."
    stale = floor.post(f"{base}/tables/1/hand-done/", {"hand": 2}, content_type="application/json")
    assert stale.status_code == 200 and stale.json()["already_done"]  # a second tablet: the last hand is done
    assert Event.objects.get(tournament=tournament, kind="table.last_hand_played").public == {
        "table": 1,
        "playing": [2],
    }
    entry = entries[0].__class__.objects.get(
        seatings__tournament_table__table__number=1, seatings__seat=seat, seatings__ended_at__isnull=True
    )
    entry.__class__.objects.filter(pk=entry.pk).update(time_extensions=4)
    assert (
        floor.post(f"{base}/tables/1/seats/{seat}/bag/", {"chips": 11000}, content_type="application/json").status_code
        == 200
    )
    # CHIP-COUNT: counted again before a second person confirms it, the new count stands.
    again = floor.post(f"{base}/tables/1/seats/{seat}/bag/", {"chips": 12000}, content_type="application/json")
    assert again.status_code == 200
    assert (
        Event.objects.filter(tournament=tournament, kind="chips.bagged")
        .order_by("seq")
        .last()
        .payload["corrected_from"]
        == 11000
    )
    bag = ChipBag.objects.get()
    assert (bag.chips, bag.time_extensions, bag.day) == (12000, 4, 1)  # AC-CARRY: extensions go in the bag
    assert floor_view(tournament.id)["tables"][0]["bagged"] == [seat]
    assert not Event.objects.filter(tournament=tournament, kind="day.ended").exists()  # table 2 still plays

    for _ in range(2):
        hand_done(tournament.id, 2, staff["floor"])
    deadline = time.monotonic() + 30
    while not Event.objects.filter(tournament=tournament, kind="day.ended").exists():
        assert time.monotonic() < deadline, processes.logs()
        time.sleep(0.1)
    assert Clock.objects.get(tournament=tournament).day_over
    assert day.finish_day(tournament.id) is False  # once only

    resumed = clock_services.resume_clock(tournament.id, staff["director"])
    assert resumed["status"] == "running"
    clock = Clock.objects.get(tournament=tournament)
    assert (clock.day, clock.day_over, clock.day_last_level) == (2, False, None)
    assert Event.objects.filter(kind="clock.resumed").last().public["day"] == 2
    assert snapshot(tournament.id)["end_of_day"] is None
    hand_done(tournament.id, 1, staff["floor"])  # day 2: tables play on
