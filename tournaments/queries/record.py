"""Reads of the director's record: the announcements up now (TD-ANNOUNCE), the rulings made,
searchable by player (TD-RULING), and the latest lines of the log for the director's console."""

from django.db.models import Q

from players.queries.players import entry_search
from rules.times import iso_time
from tournaments.models import Announcement, Event, Ruling


def announcements_up(tournament_id: int, now) -> list[dict]:
    """What every screen shows now, newest first (public: no names)."""
    up = Announcement.objects.filter(tournament_id=tournament_id, dismissed_at__isnull=True).filter(
        Q(expires_at__isnull=True) | Q(expires_at__gt=now)
    )
    return [
        {"id": row.id, "text": row.text, "made_at": iso_time(row.made_at), "expires_at": iso_time(row.expires_at)}
        for row in up
    ]


def ruling_document(ruling: Ruling) -> dict:
    table = ruling.table
    return {
        "id": ruling.id,
        "table": table.table.number,
        "hand": ruling.hand,
        "called_by": ruling.called_by,
        "players": [{"entry": entry.number, "name": str(entry.player)} for entry in ruling.players.all()],
        "decision": ruling.decision,
        "rule_cited": ruling.rule_cited,
        "director_consulted": ruling.director_consulted,
        "made_at": iso_time(ruling.made_at),
        "made_by": ruling.made_by.get_username() if ruling.made_by else None,
        "dispute": ruling.dispute or None,
        "disputed_at": iso_time(ruling.disputed_at),
        "open_to_dispute": not ruling.disputed_at and table.broken_at is None and table.hands_dealt < ruling.hand,
        "overturned_at": iso_time(ruling.overturned_at),
        "overturn_reason": ruling.overturn_reason or None,
    }


def rulings(tournament_id: int, player: str = "", limit: int = 200) -> list[dict]:
    """Newest first; `player` narrows to rulings naming an entry number (#12 or 12) or a player
    whose first or last name starts with each word given."""
    found = Ruling.objects.filter(entry_search(player, "players"), tournament_id=tournament_id)
    found = found.distinct().select_related("table__table", "made_by").prefetch_related("players__player")[:limit]
    return [ruling_document(ruling) for ruling in found]


def log_subject(payload: dict) -> dict:
    """What names a line's subject, in one shape whatever the kind (an entry as its number, a
    player as their name): the log's API types it, and static/live.js's eventSubject reads it."""

    def number(value):
        return value if isinstance(value, int) and not isinstance(value, bool) else None

    subject = {key: number(payload.get(key)) for key in ("table", "seat", "from_table", "to_table")}
    entry = payload.get("entry")
    subject["entry"] = number(entry.get("number") if isinstance(entry, dict) else entry)
    player = payload.get("player")
    name = player.get("name") if isinstance(player, dict) else None
    subject["player"] = {"name": name} if isinstance(name, str) else None
    subject["name"] = payload["name"] if isinstance(payload.get("name"), str) else None
    return {key: value for key, value in subject.items() if value is not None}


def latest_log(tournament_id: int, lines: int = 30, after: int = 0) -> list[dict]:
    """The log's latest events after `after`, newest first, as the live feed sends them (the
    director's console shows them in words before any new event arrives, and a staff screen
    fetches those a resync skipped), with what names their subject."""
    latest = Event.objects.filter(tournament_id=tournament_id, seq__gt=after)
    latest = latest.select_related("actor").order_by("-seq")[:lines]
    return [
        {
            "seq": event.seq,
            "at": iso_time(event.at),
            "kind": event.kind,
            "actor": event.actor.get_username() if event.actor_id else None,
            "data": log_subject(event.payload or {}),
        }
        for event in latest
    ]
