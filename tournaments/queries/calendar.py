"""The festival's schedule as an iCalendar feed (RFC 5545, issue 26): one VEVENT per tournament
and flight with a start, in the festival's time zone (DTSTART;TZID with its VTIMEZONE). A
calendar that subscribed sees a moved start as a new revision of the same event: the UID is the
tournament's own, SEQUENCE counts the start's moves (and a cancellation), and LAST-MODIFIED and
DTSTAMP are when the director last changed it, read from the event log, so the same schedule
gives the same file. Public: no personal data."""

from datetime import datetime
from zoneinfo import ZoneInfo

from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar
from icalendar import Event as CalendarEvent

from core import kinds
from rules.currency import decimal_amount
from tournaments.models import Event, Festival, Tournament

REVISIONS = [kind.name for kind in (kinds.TOURNAMENT_CREATED, kinds.TOURNAMENT_UPDATED, kinds.TOURNAMENT_CANCELLED)]


def _revisions(festival: Festival) -> dict[int, tuple[int, datetime]]:
    """Tournament id -> (the start's moves and cancellations: SEQUENCE, when it last changed)."""
    found: dict[int, tuple[int, datetime]] = {}
    logged = Event.objects.filter(tournament__festival=festival, kind__in=REVISIONS).order_by("tournament_id", "seq")
    for tournament_id, kind, payload, at in logged.values_list("tournament_id", "kind", "payload", "at"):
        moves, _last = found.get(tournament_id, (0, at))
        changes = (payload or {}).get("changes", {}) if kind == kinds.TOURNAMENT_UPDATED.name else {}
        if "starts_at" in changes or kind == kinds.TOURNAMENT_CANCELLED.name:
            moves += 1
        found[tournament_id] = (moves, at)
    return found


def _summary(tournament: Tournament, names: dict[int, str]) -> str:
    if tournament.main_event_id is not None:  # a flight: "Main Event · Day 1A"
        return f"{names.get(tournament.main_event_id, '')} · {tournament.name}"
    return tournament.name


def schedule_calendar(festival: Festival, host: str, base_url: str) -> bytes:
    """The feed as bytes (CRLF lines, folded at 75 octets). `host` makes the UIDs globally
    unique (RFC 5545 3.8.4.7); `base_url` ("https://host") makes the lobby links absolute."""
    zone = ZoneInfo(festival.time_zone)
    everything = list(Tournament.objects.filter(festival=festival).order_by("starts_at", "id"))
    names = {tournament.id: tournament.name for tournament in everything}
    revisions = _revisions(festival)
    calendar = Calendar()
    calendar.add("prodid", "-//pokerfest//festival schedule//EN")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", festival.name)
    calendar.add("x-wr-timezone", festival.time_zone)
    for tournament in everything:
        if tournament.starts_at is None:
            continue  # RFC 5545: a VEVENT without METHOD needs a DTSTART
        sequence, changed = revisions.get(tournament.id, (0, None))
        changed = (changed or timezone.now()).astimezone(ZoneInfo("UTC")).replace(microsecond=0)
        price = decimal_amount(tournament.buy_in + tournament.bounty + tournament.fee, festival.currency)
        lobby = f"{base_url}/tournaments/{tournament.id}/"
        event = CalendarEvent()
        event.add("uid", f"tournament-{tournament.id}@{host}")
        event.add("dtstamp", changed)
        event.add("last-modified", changed)
        event.add("sequence", sequence)
        event.add("dtstart", tournament.starts_at.astimezone(zone))
        event.add("summary", _summary(tournament, names))
        event.add("location", festival.venue)
        event.add(
            "description",
            _("Buy-in %(price)s %(currency)s. Lobby: %(url)s")
            % {"price": price, "currency": festival.currency, "url": lobby},
        )
        event.add("url", lobby)
        cancelled = tournament.status == Tournament.Status.CANCELLED
        event.add("status", "CANCELLED" if cancelled else "CONFIRMED")
        calendar.add_component(event)
    calendar.add_missing_timezones()
    return calendar.to_ical()
