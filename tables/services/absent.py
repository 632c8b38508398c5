"""Absent players (PEN-ABSENT, ENT-SUBST): the floor marks a seated player absent (dealt in and
blinded off, the chips in play, the entry eligible for a prize) and present again when they
arrive; once the ruleset's time of play has run, the floor removes the stack.

A stack removed is a bust ranked like any other (the player's place is the one their going out
equals), not a forfeit: the pokerfest rules give a player removed from the event "the finishing
place their elimination equals" (Elimination Penalty, 5.1) and keep forfeiting a prize for a
disqualification (PAY-DQ); PEN-ABSENT and the chips club's rules keep an absent player eligible
for a prize. The chips counted leave play (a ChipAdjustment, CHIP-COUNT).

Service floor: calls the floor's bust (tables.services.floor); reads the queries.
"""

from django.utils.translation import gettext as _

from core import kinds, time_source
from core.access import recorded_user
from core.operation import operation
from players.queries.players import player_summary
from rules.refusals import Refused
from rules.times import iso_time
from tables.models import Absence, ChipAdjustment
from tables.queries.absent import clock_time
from tables.queries.tables import open_table, sitting_at
from tables.rules import absent as absence
from tables.services.floor import bust
from tournaments.queries.snapshot import field_counts

MOST_CHIPS = 10**12  # as the API bounds a stack


def _seat_payload(sitting, table_number: int) -> dict:
    return {
        "table": table_number,
        "seat": sitting.seat,
        "entry": sitting.entry.number,
        "player": player_summary(sitting.entry.player),
    }


def _open_absence(sitting) -> Absence | None:
    return Absence.objects.select_for_update().filter(entry_id=sitting.entry_id, ended_at__isnull=True).first()


def mark_absent(
    tournament_id: int, table_number: int, seat: int, actor, request_key: str | None = None, retired: bool = False
) -> dict:
    """The floor marks a seated player absent (also at the start of a day, before they arrive).
    `retired` (ENT-SUBST): the entrant retired from play without a substitute."""
    with operation(tournament_id, actor, request_key) as op:
        if op.repeated:
            return op.repeated.payload
        sitting = sitting_at(open_table(op.tournament, table_number), seat)
        if retired and not op.tournament.rules().entries.substitutes:
            raise Refused(_("Only a house with substitutes (ENT-SUBST) has retired players: mark the player absent."))
        if _open_absence(sitting) is not None:
            raise Refused(
                _("%(player)s (seat %(seat)s) is already marked absent.")
                % {"player": sitting.entry.player, "seat": seat}
            )
        now = time_source.now()
        Absence.objects.create(
            tournament=op.tournament,
            entry=sitting.entry,
            since=now,
            clock_since=clock_time(tournament_id, now),
            retired=retired,
            marked_by=recorded_user(actor),
        )
        payload = {**_seat_payload(sitting, table_number), "retired": retired, "since": iso_time(now)}
        op.append(kinds.PLAYER_ABSENT, public=None, payload=payload)
    return payload


def mark_present(tournament_id: int, table_number: int, seat: int, actor, request_key: str | None = None) -> dict:
    """The absent player has arrived and plays from the next hand."""
    with operation(tournament_id, actor, request_key) as op:
        if op.repeated:
            return op.repeated.payload
        sitting = sitting_at(open_table(op.tournament, table_number), seat)
        away = _open_absence(sitting)
        if away is None:
            raise Refused(
                _("%(player)s (seat %(seat)s) is not marked absent.") % {"player": sitting.entry.player, "seat": seat}
            )
        now = time_source.now()
        away.ended_at, away.ended_because, away.ended_by = now, Absence.Ended.ARRIVED, recorded_user(actor)
        away.save(update_fields=["ended_at", "ended_because", "ended_by"])
        minutes = int((clock_time(tournament_id, now) - away.clock_since).total_seconds() // 60)
        payload = {**_seat_payload(sitting, table_number), "absent_minutes": max(minutes, 0)}
        op.append(kinds.PLAYER_PRESENT, public=None, payload=payload)
    return payload


def remove_absent_stack(
    tournament_id: int, table_number: int, seat: int, chips: int, actor, request_key: str | None = None
) -> dict:
    """PEN-ABSENT: once the player has been absent for the ruleset's time of play, the stack
    (`chips`, as counted) leaves play and the player is out, ranked like any bust. Never before
    that time, never when the rules say never, never for a retired player (ENT-SUBST)."""
    if not isinstance(chips, int) or isinstance(chips, bool) or not 0 <= chips <= MOST_CHIPS:
        raise Refused(
            _("Count the stack: a whole number of chips from 0 to %(most_chips)s.")
            % {"most_chips": format(MOST_CHIPS, ",")}
        )
    with operation(tournament_id, actor, request_key) as op:
        if op.repeated:
            return op.repeated.payload
        tournament = op.tournament
        here = open_table(tournament, table_number)
        sitting = sitting_at(here, seat)
        away = _open_absence(sitting)
        if away is None:
            raise Refused(
                _("%(player)s (seat %(seat)s) is not marked absent: only an absent player's stack is removed.")
                % {"player": sitting.entry.player, "seat": seat}
            )
        now = time_source.now()
        absent_for = clock_time(tournament_id, now) - away.clock_since
        removal = absence.stack_removal(
            tournament.rules().penalties.absent_stack_removed_after_minutes, away.retired, absent_for
        )
        if not removal.allowed:
            raise Refused(_("Not removed: %(sentence)s") % {"sentence": removal.sentence})
        ChipAdjustment.objects.create(
            tournament=tournament,
            kind=ChipAdjustment.Kind.REMOVED,
            chips=-chips,
            entry=sitting.entry,
            table=table_number,
            at=now,
            by=recorded_user(actor),
            reason=f"absent player's stack removed (PEN-ABSENT) after {int(absent_for.total_seconds() // 60)} "
            "minutes of play",
        )
        away.ended_at, away.ended_because, away.ended_by = now, Absence.Ended.STACK_REMOVED, recorded_user(actor)
        away.save(update_fields=["ended_at", "ended_because", "ended_by"])
        payload = {**_seat_payload(sitting, table_number), "chips": chips, **field_counts(tournament_id)}
        op.append(kinds.ABSENT_STACK_REMOVED, public=None, payload=payload)
        bust(op, here, sitting, starting_stack=chips)
    return payload
