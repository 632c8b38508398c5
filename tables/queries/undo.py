"""Whether the floor's last tap at a table can still be undone (issue 14): the tablet asks after
anything happens at the table, and stops offering Undo once it cannot work. The service
(tables/services/undo.py) refuses with the same sentences and does the undo."""

from datetime import datetime

from django.db.models import Q
from django.utils.translation import gettext as _

from core import kinds
from tables.rules.undo import TABLE_KEYS, seconds_ago, within_undo_window
from tournaments.models import Event, Tournament

UNDOABLE = (kinds.PLAYER_OUT, kinds.HAND_DONE)
UNDOES = (kinds.PLAYER_OUT_UNDONE, kinds.HAND_UNDONE)
# Events that change every table, whatever table their data names.
FIELD_WIDE = (
    kinds.SEATING_DRAWN,
    kinds.FINAL_TABLE_DRAWN,
    kinds.TABLE_BROKEN,
    kinds.HFH_STARTED,
    kinds.HFH_NEXT_HAND,
    kinds.HFH_ENDED,
    kinds.DAY_LAST_HANDS,
    kinds.DAY_ENDED,
    kinds.TOURNAMENT_FINISHED,
    kinds.TOURNAMENT_CANCELLED,
    kinds.ACTION_EXTENSIONS_TOPPED_UP,
)


def at_table(number: int) -> Q:
    """The events that change what happens at table `number`."""
    named = Q(kind__in=[str(kind) for kind in FIELD_WIDE])
    for key in TABLE_KEYS:
        named |= Q(**{f"payload__{key}": number})
    return named


def changes(event: Event) -> str:
    kind = kinds.CATALOGUE.get(event.kind)
    return kind.changes if kind else event.kind


def tap_to_undo(tournament: Tournament, table_number: int, key: str | None) -> tuple[Event | None, str | None]:
    """The tap an undo takes back (the one sent with `key`, or the table's last event) and,
    when there is none, the sentence that says so."""
    if key:
        action = Event.objects.filter(tournament=tournament, request_key=key).first()
        if action is None or not Event.objects.filter(pk=action.pk).filter(at_table(table_number)).exists():
            return None, _("No tap of this tablet at table %(table)s is recorded: nothing to undo.") % {
                "table": table_number
            }
        return action, None
    action = Event.objects.filter(tournament=tournament).filter(at_table(table_number)).order_by("-seq").first()
    if action is None:
        return None, _("Nothing has happened at table %(table)s yet: nothing to undo.") % {"table": table_number}
    return action, None


def undo_refusal(tournament: Tournament, table_number: int, action: Event, now: datetime) -> str | None:
    """Why the floor can no longer undo `action` at the table (a sentence), or None: it is over,
    undone already, not an Out or a Hand done, more than a minute ago, or not the table's last."""
    if tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
        return _("The tournament is over: the floor can undo nothing now. Ask the director.")
    if Event.objects.filter(
        tournament=tournament, kind__in=[str(k) for k in UNDOES], payload__undoes=action.seq
    ).exists():
        return _("This tap at table %(table)s is undone already.") % {"table": table_number}
    if action.kind not in [str(k) for k in UNDOABLE]:
        return _(
            "Only Out and Hand done can be undone on the floor; the last thing at table %(table)s "
            "was: %(what)s. Ask the director."
        ) % {"table": table_number, "what": changes(action)}
    if not within_undo_window(action.at, now):
        return _("That was %(seconds)s seconds ago: the floor may undo a tap within a minute. Ask the director.") % {
            "seconds": seconds_ago(action.at, now)
        }
    later = Event.objects.filter(tournament=tournament, seq__gt=action.seq).filter(at_table(table_number))
    since = later.order_by("seq").first()
    if since is not None:
        return _(
            "Something else happened at table %(table)s since (%(what)s): only the last tap can be "
            "undone. Ask the director."
        ) % {"table": table_number, "what": changes(since)}
    return None


def undo_offer(tournament_id: int, table_number: int, key: str, now: datetime) -> dict:
    """For the tablet: whether its last tap at the table can still be undone, and if not, why.
    Raises Tournament.DoesNotExist."""
    tournament = Tournament.objects.get(pk=tournament_id)
    action, missing = tap_to_undo(tournament, table_number, key)
    refusal = missing or undo_refusal(tournament, table_number, action, now)
    return {"possible": refusal is None, "reason": refusal or ""}
