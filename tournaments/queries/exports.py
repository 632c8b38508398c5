"""The results exported for results databases, the media and the league (issue 26): per
tournament and per festival, as JSON, CSV and the results databases' upload file. Built on the
results page's own query (public_standings): the same places, shared ranges, prizes and field
(a main event's counts every flight's entries), and each name as the player consented to
publish it (REG-CONSENT), never the name on their ID. Only once an event is finished."""

import csv
import io
from zoneinfo import ZoneInfo

from django.utils.translation import gettext as _

from core import kinds
from players.models import Player
from rules.times import iso_time
from tournaments.models import Festival, Tournament
from tournaments.queries.results import public_standings
from tournaments.rules import exports


def refusal(tournament: Tournament) -> str | None:
    """Why this event's results cannot be exported yet, or None once they can."""
    if tournament.main_event_id is not None:
        main = Tournament.objects.get(pk=tournament.main_event_id)
        return _(
            "%(flight)s is a flight of %(event)s: its results are exported with the event's, once it is finished."
        ) % {
            "flight": tournament.name,
            "event": main.name,
        }
    if tournament.status == Tournament.Status.CANCELLED:
        return _("%(event)s was cancelled: it has no results to export.") % {"event": tournament.name}
    if tournament.status != Tournament.Status.FINISHED:
        return _("%(event)s is not finished yet: its results are exported once it is.") % {"event": tournament.name}
    return None


def festival_refusal(festival: Festival) -> str | None:
    """The festival's results are exported once every event of it is over, at least one finished."""
    events = Tournament.objects.filter(festival=festival, main_event__isnull=True).order_by("starts_at", "id")
    going = [
        event.name for event in events if event.status not in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED)
    ]
    if going:
        return _("The festival's results are exported once every event is finished; not yet: %(events)s.") % {
            "events": ", ".join(going)
        }
    if not any(event.status == Tournament.Status.FINISHED for event in events):
        return _("No event of the festival has finished: there are no results to export.")
    return None


def _first_day(tournament: Tournament, zone: ZoneInfo) -> str | None:
    """The event's first day in the festival's time zone: a main event's first flight's."""
    starts = [tournament.starts_at, *tournament.flights.values_list("starts_at", flat=True)]
    starts = [start for start in starts if start is not None]
    return min(starts).astimezone(zone).date().isoformat() if starts else None


def tournament_results(tournament: Tournament) -> dict:
    """A finished event's results (the caller checked refusal()): the event and one row per
    player placed, best first."""
    festival = tournament.festival
    table = public_standings(tournament, keep_player_ids=True)
    nationality = dict(
        Player.objects.filter(pk__in=[row["player"] for row in table["out"]]).values_list("id", "nationality")
    )
    bounties = tournament.bounty_format != "none"
    rows = [
        {
            "place": exports.place_text(*row["place"]),
            "place_from": row["place"][0],
            "place_to": row["place"][1],
            "name": row["name"],
            "nationality": nationality.get(row["player"], ""),
            "prize": row["prize"] or 0,
            "seat_in": row["seat"]["name"] if row["seat"] else None,
            "knockouts": row["knockouts"] if bounties else None,
            "bounties_won": row["bounties_won"] if bounties else None,
            "entry": row["entry"],
            "flight": row["flight"] or (row["from_flight"] or {}).get("flight"),
        }
        for row in table["out"]
    ]
    return {
        "event": {
            "id": tournament.id,
            "name": tournament.name,
            "festival": festival.name,
            "venue": festival.venue,
            "date": _first_day(tournament, ZoneInfo(festival.time_zone)),
            "finished_at": _finished_at(tournament),
            "currency": festival.currency,
            "price": tournament.buy_in + tournament.bounty + tournament.fee,
            "buy_in": tournament.buy_in,
            "bounty": tournament.bounty,
            "fee": tournament.fee,
            "entries": table["field"],
            "places_paid": len(table["payouts"]),
            "prize_pool": table["pool"]["pool"],
            "bounties": bounties,
        },
        "results": rows,
    }


def _finished_at(tournament: Tournament) -> str | None:
    finished = tournament.events.filter(kind=kinds.TOURNAMENT_FINISHED.name).order_by("-seq").first()
    return iso_time(finished.at) if finished else None


def festival_results(festival: Festival) -> dict:
    """Every finished event of the festival (a main event with its flights' places), by start."""
    events = Tournament.objects.filter(
        festival=festival, main_event__isnull=True, status=Tournament.Status.FINISHED
    ).select_related("festival")
    ordered = sorted(events, key=lambda event: (event.starts_at is None, event.starts_at or 0, event.id))
    return {
        "festival": {
            "id": festival.id,
            "name": festival.name,
            "venue": festival.venue,
            "currency": festival.currency,
        },
        "events": [tournament_results(event) for event in ordered],
    }


def results_csv(document: dict) -> str:
    """One event's results, or a festival's (each row naming its event), as CSV text."""
    documents = document["events"] if "festival" in document else [document]
    festival = "festival" in document
    bounties = any(each["event"]["bounties"] for each in documents)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow((["event_id", "event"] if festival else []) + exports.result_columns(bounties))
    for each in documents:
        event = each["event"]
        for row in each["results"]:
            cells = exports.result_row(row, event["currency"], bounties)
            writer.writerow(([event["id"], event["name"]] if festival else []) + cells)
    return out.getvalue()


def upload_csv(document: dict) -> str:
    """The results databases' upload file: one row per paid place (docs/results-exports.md)."""
    documents = document["events"] if "festival" in document else [document]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(exports.UPLOAD_COLUMNS)
    for each in documents:
        writer.writerows(exports.upload_rows(each["event"], each["results"]))
    return out.getvalue()
