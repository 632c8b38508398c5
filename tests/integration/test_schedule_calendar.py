"""The festival's schedule as an iCalendar feed (issue 26, RFC 5545), read back with a calendar
library: one VEVENT per tournament and flight with a start, a stable UID, the start in the
festival's time zone, and a moved start seen as a new revision (SEQUENCE, LAST-MODIFIED,
DTSTAMP) of the same event."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import icalendar
import pytest
from django.test import Client

from tests.helpers.flight_field import flight, main_event
from tournaments.models import Event, Festival, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

VIENNA = ZoneInfo("Europe/Vienna")


def _feed(client: Client, festival_id: int) -> tuple[bytes, icalendar.Calendar]:
    answer = client.get(f"/festivals/{festival_id}/schedule.ics")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/calendar")
    return answer.content, icalendar.Calendar.from_ical(answer.content)


def _events(calendar: icalendar.Calendar) -> dict[str, icalendar.Event]:
    return {str(event["uid"]): event for event in calendar.walk("VEVENT")}


def _settings(tournament: Tournament, **changed) -> dict:
    return {"name": tournament.name, "buy_in": tournament.buy_in, "fee": tournament.fee, **changed}


def test_the_schedule_feed_has_one_event_per_flight_and_tournament_and_a_moved_start_is_a_new_revision(
    make_tournament, staff
):
    main = main_event(make_tournament)
    Festival.objects.filter(pk=main.festival_id).update(time_zone="Europe/Vienna", name="Winter Series")
    director = Client()
    director.force_login(staff["director"])
    starts = datetime(2027, 3, 6, 14, 0, tzinfo=VIENNA)
    moved = director.post(
        f"/api/tournaments/{main.id}/settings/",
        _settings(main, starts_at=(starts + timedelta(days=2)).isoformat()),
        content_type="application/json",
    )
    assert moved.status_code == 200, moved.content
    day_a, day_b = flight(main, "Day 1A", staff, 0), flight(main, "Day 1B", staff, 1)
    Tournament.objects.filter(pk=day_a.pk).update(starts_at=starts)
    Tournament.objects.filter(pk=day_b.pk).update(starts_at=starts + timedelta(days=1))
    unscheduled = Tournament.objects.create(festival_id=main.festival_id, name="Side event, time to follow")

    schedule_page = Client().get(f"/festivals/{main.festival_id}/schedule/").content.decode()
    assert f'href="/festivals/{main.festival_id}/schedule.ics"' in schedule_page
    raw, calendar = _feed(Client(), main.festival_id)
    assert raw.startswith(b"BEGIN:VCALENDAR\r\n") and all(len(line) <= 75 for line in raw.split(b"\r\n"))
    assert calendar["version"] == "2.0" and calendar["x-wr-calname"] == "Winter Series"
    events = _events(calendar)
    host = "testserver"
    assert set(events) == {f"tournament-{t.id}@{host}" for t in (main, day_a, day_b)}  # none without a start
    assert f"tournament-{unscheduled.id}@{host}" not in events
    flight_a = events[f"tournament-{day_a.id}@{host}"]
    assert str(flight_a["summary"]) == "Main Event · Day 1A" and str(flight_a["location"]) == main.festival.venue
    start = flight_a.decoded("dtstart")
    assert (
        start == starts
        and str(start.tzinfo) == "Europe/Vienna"
        and flight_a["dtstart"].params["TZID"] == "Europe/Vienna"
    )
    assert [tz["tzid"] for tz in calendar.walk("VTIMEZONE")] == ["Europe/Vienna"]
    assert f"/tournaments/{day_a.id}/" in str(flight_a["url"]) and "110.00 EUR" in str(flight_a["description"])
    main_event_there = events[f"tournament-{main.id}@{host}"]
    assert main_event_there.decoded("dtstart") == starts + timedelta(days=2)
    assert main_event_there["sequence"] == 1  # its start was set once through the settings
    assert _feed(Client(), main.festival_id)[0] == raw  # the same schedule, the same file

    day_b_before = events[f"tournament-{day_b.id}@{host}"]
    later = starts + timedelta(days=1, hours=3)
    answer = director.post(
        f"/api/tournaments/{day_b.id}/settings/",
        _settings(day_b, starts_at=later.isoformat()),
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    moved_at = Event.objects.get(tournament=day_b, kind="tournament.updated").at
    after = _events(_feed(Client(), main.festival_id)[1])
    moved_b = after[f"tournament-{day_b.id}@{host}"]
    assert moved_b.decoded("dtstart") == later
    assert moved_b["sequence"] == day_b_before["sequence"] + 1
    # iCal's times are whole seconds: the move's own time, which may share a second with the last one.
    assert moved_b.decoded("last-modified") == moved_at.replace(microsecond=0)
    assert moved_b.decoded("last-modified") >= day_b_before.decoded("last-modified")
    assert moved_b.decoded("dtstamp") == moved_b.decoded("last-modified")
    assert after[f"tournament-{day_a.id}@{host}"].to_ical() == flight_a.to_ical()  # the others unchanged
    assert Client().get("/festivals/987654/schedule.ics").status_code == 404
