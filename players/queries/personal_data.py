"""Everything held about a player, for their data export on request (GDPR art. 15, 20): their
record, membership, consents, exclusions, pre-registrations, entries and the log's events about
them. Read by the desk's and the director's page and by the API (tournaments/api/personal_data.py)."""

from django.forms.models import model_to_dict

from players.models import Consent, Exclusion, Membership, Player, PreRegistration
from tournaments.models import Entry, Event


def plain(value):
    """JSON's own types: dates and times as ISO text."""
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if hasattr(value, "isoformat"):
        return value.isoformat()
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def rows(queryset, exclude=("player",)) -> list[dict]:
    return [plain(model_to_dict(row, exclude=exclude)) for row in queryset]


def everything_about(player: Player) -> dict:
    membership = Membership.objects.filter(player=player).first()
    return {
        "player": plain({**model_to_dict(player), "created_at": player.created_at, "erased_at": player.erased_at}),
        "membership": plain(model_to_dict(membership, exclude=("player",))) if membership else None,
        "consents": rows(Consent.objects.filter(player=player).order_by("at")),
        "exclusions": rows(Exclusion.objects.filter(player=player).order_by("starts")),
        "preregistrations": rows(PreRegistration.objects.filter(player=player).order_by("created_at")),
        "entries": [
            {
                "tournament": entry.tournament.name,
                "festival": entry.tournament.festival.name,
                "number": entry.number,
                "status": entry.status,
            }
            for entry in Entry.objects.filter(player=player).select_related("tournament__festival").order_by("id")
        ],
        "events": [
            {"tournament": event.tournament_id, "seq": event.seq, "at": event.at.isoformat(), "kind": event.kind}
            | {"payload": plain(event.payload)}
            for event in Event.objects.filter(payload__player__id=player.id).order_by("tournament_id", "seq")
        ],
    }
