"""The director's rulings on a player: undo a bust recorded by mistake, disqualify (PAY-DQ).

Service floor: calls the tables' services to seat a player again; reads the queries.
"""

import random
import secrets

from django.utils import timezone

from core import kinds
from core.access import recorded_user
from core.operation import operation
from core.refusals import Refused, logged_reason
from players.queries import player_summary
from tables.models import Seating
from tables.services.draw import seat_new_entry
from tables.services.floor import end_seating
from tournaments.models import Entry
from tournaments.queries import field_counts
from tournaments.services.desk import locked_entry


def undo_bust(tournament_id: int, entry_number: int, reason: str, director, request_key: str | None = None) -> dict:
    """A bust recorded by mistake: the player sits back down in the same seat (or, if it has
    been filled, a seat where a new player may sit), the entry is active again and the places
    of everyone out after are as if it never happened. The log keeps both."""
    reason = logged_reason(reason, "the bust is undone")
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.public
        tournament = op.tournament
        if tournament.status == tournament.Status.FINISHED:
            raise Refused("The tournament is finished: its results are final.")
        entry = locked_entry(tournament, entry_number)
        bust = entry.eliminations.filter(undone_at__isnull=True).first()
        if bust is None or entry.status != Entry.Status.BUSTED:
            raise Refused(f"Entry #{entry_number} is not out: there is no bust to undo.")
        if entry.kind in Entry.SEAT_KINDS and tournament.entries.filter(
                player=entry.player, status=Entry.Status.ACTIVE, kind__in=Entry.SEAT_KINDS).exists():
            raise Refused(f"{entry.player} has re-entered since: void or refund that entry first.")
        now = timezone.now()
        here = tournament.tables.filter(broken_at__isnull=True, table__number=bust.table).first()
        if here is not None and not here.seatings.filter(seat=bust.seat, ended_at__isnull=True).exists():
            table, seat = bust.table, bust.seat
            Seating.objects.create(tournament=tournament, entry=entry, tournament_table=here, seat=seat, started_at=now)
        else:
            place = seat_new_entry(op, entry, random.Random(secrets.randbits(62)))
            if place is None:
                raise Refused("No seat is free where a player may sit this hand: undo after the next hand.")
            table, seat = place
        bust.undone_at, bust.undo_reason = now, reason
        bust.save(update_fields=["undone_at", "undo_reason"])
        Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.ACTIVE)
        counts = field_counts(tournament_id)
        public = {"entry": entry_number, "table": table, "seat": seat, **counts}
        op.append(kinds.PLAYER_OUT_UNDONE, public=public,
                  payload={**public, "reason": reason, "player": player_summary(entry.player)})
    return public


def disqualify(tournament_id: int, entry_number: int, reason: str, director, request_key: str | None = None) -> dict:
    """PAY-DQ: the player's chips leave play, the buy-in stays in the pool, no prize is paid;
    the player takes no place, so the others move up."""
    reason = logged_reason(reason, "the player is disqualified")
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.public
        entry = locked_entry(op.tournament, entry_number)
        if entry.status not in (Entry.Status.ACTIVE, Entry.Status.BUSTED):
            raise Refused(f"Entry #{entry_number} is {entry.status}: only a player in the tournament or out of it "
                          "can be disqualified.")
        now = timezone.now()
        sitting = entry.seatings.filter(ended_at__isnull=True).first()
        if sitting is not None:
            end_seating(sitting, now, "disqualified")
        entry.eliminations.filter(undone_at__isnull=True).update(undone_at=now, undo_reason=f"disqualified: {reason}")
        Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.DISQUALIFIED, closed_at=now,
                                                 closed_by=recorded_user(director),
                                                 close_reason=reason)
        counts = field_counts(tournament_id)
        public = {"entry": entry_number, **counts}
        op.append(kinds.PLAYER_DISQUALIFIED, public=public,
                  payload={**public, "reason": reason, "player": player_summary(entry.player)})
    return public
