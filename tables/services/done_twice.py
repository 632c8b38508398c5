"""The floor's moves sent twice (issue 27): two tablets tap the same move, by-hand move or swap
at once, each with its own idempotency key. The tournament's lock puts them one after the
other; the second finds the move made and is refused (409) with who made it and when, and
nothing more is done. A swap back on purpose says a new reason.

Service floor: called inside the floor's operations (tables.services.floor)."""

from zoneinfo import ZoneInfo

from django.utils import timezone
from django.utils.translation import gettext as _

from core import kinds
from core.operation import Operation
from rules.refusals import Refused
from tables.models import Seating, TournamentTable
from tournaments.models import Event


def _who_and_when(op: Operation, kind, **public) -> dict:
    """The person and local time of the latest `kind` event whose public part matches."""
    filters = {f"public__{key}": value for key, value in public.items()}
    logged = (
        Event.objects.filter(tournament=op.tournament, kind=kind.name, **filters)
        .select_related("actor")
        .order_by("-seq")
        .first()
    )
    zone = ZoneInfo(op.tournament.festival.time_zone)
    return {
        "person": logged.actor.username if logged and logged.actor else _("the system"),
        "time": timezone.localtime(logged.at, zone).strftime("%H:%M:%S") if logged else "?",
    }


def refuse_if_moved(
    op: Operation, source: TournamentTable, from_seat: int, target: TournamentTable, to_seat: int, because: str
) -> None:
    """Nobody sits in the seat a move starts from: refused as done when the player now in the
    target seat came from it by this kind of move (`because`: the seat row's ended_because)."""
    arrived = (
        Seating.objects.filter(tournament_table=target, seat=to_seat, ended_at__isnull=True)
        .select_related("entry__player")
        .first()
    )
    came_from = (
        arrived is not None
        and Seating.objects.filter(
            entry_id=arrived.entry_id, tournament_table=source, seat=from_seat, ended_because=because
        ).exists()
    )
    if not came_from:
        return
    raise Refused(
        _(
            "%(player)s (entry #%(entry)s) was moved from table %(from_table)s seat %(from_seat)s to table "
            "%(to_table)s seat %(to_seat)s by %(person)s at %(time)s already: nothing more was done."
        )
        % {
            "player": arrived.entry.player,
            "entry": arrived.entry.number,
            "from_table": source.table.number,
            "from_seat": from_seat,
            "to_table": target.table.number,
            "to_seat": to_seat,
            **_who_and_when(
                op,
                kinds.PLAYER_MOVED,
                from_table=source.table.number,
                from_seat=from_seat,
                to_table=target.table.number,
                to_seat=to_seat,
            ),
        }
    )


def refuse_if_swapped(op: Operation, one: Seating, other: Seating, reason: str, table_a: int, table_b: int) -> None:
    """The two seats' players sit there by a swap of these two seats for this same reason:
    the swap was made already (the second tap would swap them back)."""
    pair = {(one.tournament_table_id, one.seat), (other.tournament_table_id, other.seat)}
    for sitting in (one, other):
        why = sitting.move_reason or {}
        if sitting.started_at != other.started_at or why.get("kind") != "by_hand" or why.get("text") != reason:
            return
    before = Seating.objects.filter(
        entry_id__in=[one.entry_id, other.entry_id], ended_because="swapped", ended_at=one.started_at
    ).values_list("entry_id", "tournament_table_id", "seat")
    if {(table, seat) for _, table, seat in before} != pair:
        return
    done = _who_and_when(op, kinds.PLAYERS_SWAPPED, reason=reason)
    raise Refused(
        _(
            "Table %(table_a)s seat %(seat_a)s and table %(table_b)s seat %(seat_b)s were swapped by %(person)s at "
            "%(time)s already (%(reason)s): nothing more was done. To swap them back, give a new reason."
        )
        % {"table_a": table_a, "seat_a": one.seat, "table_b": table_b, "seat_b": other.seat, "reason": reason, **done}
    )
