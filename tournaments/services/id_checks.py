"""Photo ID at restarts (REG-ID): at the start of each day of play the desk or the floor
records that a returning seated player's valid photo ID was seen.

The day is the clock's day of play (CLK-EOD: `day.ended` closes one, resuming the clock starts
the next; tables.absence.id_check_day). The player's `id_checked_on` (the venue's calendar day,
players.eligibility.local_day) is set too, so the desk's eligibility check agrees.

Service floor: reads the tables' queries for the seat; calls no other service.
"""

from django.utils.translation import gettext as _

from core import kinds, time_source
from core.access import recorded_user
from core.operation import operation
from players.models import Player
from players.queries.players import player_summary
from players.rules.eligibility import local_day
from rules.refusals import Refused
from tables.queries.absent import id_check_day
from tables.queries.tables import seat_of
from tournaments.models import Entry, PhotoIdCheck


def record_photo_id(tournament_id: int, entry_number: int, where: str, actor, request_key: str | None = None) -> dict:
    """REG-ID: the player of entry `entry_number` showed valid photo ID for today's restart
    (`where`: "desk" or "floor"). A second check the same day answers `already` and changes
    nothing."""
    if where not in PhotoIdCheck.Where.values:
        raise Refused(_("Say where the ID was seen: at the desk or on the floor."))
    with operation(tournament_id, actor, request_key) as op:
        if op.repeated:
            return op.repeated.payload
        tournament = op.tournament
        if not tournament.rules().eligibility.photo_id_each_day:
            raise Refused(_("This tournament's rules do not ask for photo ID at each restart."))
        entry = Entry.objects.select_related("player").filter(tournament=tournament, number=entry_number).first()
        if entry is None:
            raise Refused(_("There is no entry #%(entry_number)s in this tournament.") % {"entry_number": entry_number})
        if entry.status != Entry.Status.ACTIVE or entry.kind not in Entry.SEAT_KINDS:
            raise Refused(
                _("Entry #%(entry_number)s is %(entry)s: only a player still in is checked.")
                % {"entry_number": entry_number, "entry": entry.get_status_display()}
            )
        day = id_check_day(tournament)
        place = seat_of(entry)
        payload = {
            "entry": entry_number,
            "day": day,
            "where": where,
            "table": place[0] if place else None,
            "seat": place[1] if place else None,
            "player": player_summary(entry.player),
        }
        if PhotoIdCheck.objects.filter(entry=entry, day=day).exists():
            return {**payload, "already": True}
        now = time_source.now()
        PhotoIdCheck.objects.create(
            tournament=tournament, entry=entry, day=day, checked_at=now, checked_by=recorded_user(actor), where=where
        )
        Player.objects.filter(pk=entry.player_id).update(id_checked_on=local_day(now, tournament.festival.time_zone))
        op.append(kinds.ENTRY_ID_CHECKED, public=None, payload=payload)
    return {**payload, "already": False}
