"""The floor's undo within a minute (issue 14): "Out" and "Hand done" tapped by mistake are
taken back by the tablet that tapped them, while nothing else has happened at the table.
Whatever cannot be taken back safely is refused with a sentence; the director still has the
undo of a bust with a reason (tournaments/services/rulings.py).

Service floor: calls no other service; reads the queries. The director's undo of a bust
(rulings) shares its two steps, `reentered_since` and `bust_undone`.
"""

from datetime import datetime

from django.db.models import F
from django.utils.translation import gettext as _

from core import kinds, time_source
from core.operation import Operation, operation
from players.queries.players import player_summary
from rules.refusals import Refused
from tables.models import Penalty, Seating, TournamentTable
from tables.queries.tables import open_table
from tables.queries.undo import tap_to_undo, undo_refusal
from tables.services.knockouts import undo_knockout
from tournaments.models import Elimination, Entry, Event
from tournaments.queries.snapshot import field_counts

UNDONE_ON_THE_FLOOR = "undone on the floor within a minute of the tap"


def undo_last(
    tournament_id: int,
    table_number: int,
    actor,
    request_key: str | None = None,
    key: str | None = None,
    now: datetime | None = None,
) -> dict:
    """Undo the floor's last tap at a table: the one sent with the Idempotency-Key `key` (the
    tablet's own tap), or without `key` the table's last event. Refused after a minute, when
    anything happened at the table since, when it was undone already, and for a tap whose
    consequences reach beyond the table (see the refusals)."""
    now = now or time_source.now()
    with operation(tournament_id, actor, request_key) as op:
        if op.repeated:
            return _answer(op.repeated)
        if op.tournament.status in (op.tournament.Status.FINISHED, op.tournament.Status.CANCELLED):
            # END-FINISH: the last bust made the winner and closed the tables; "table not open" said nothing.
            raise Refused(_("The tournament is over: the floor can undo nothing now. Ask the director."))
        here = open_table(op.tournament, table_number)
        action, missing = tap_to_undo(op.tournament, table_number, key)
        if missing:
            raise Refused(missing)
        if refusal := undo_refusal(op.tournament, table_number, action, now):
            raise Refused(refusal)
        if action.kind == str(kinds.PLAYER_OUT):
            event = _undo_out(op, here, action, now)
        else:
            event = _undo_hand_done(op, here, action)
    return _answer(event)


def _answer(event: Event) -> dict:
    return {"undone": "out" if event.kind == str(kinds.PLAYER_OUT_UNDONE) else "hand_done", **event.public}


def _undo_out(op: Operation, here: TournamentTable, action: Event, now: datetime) -> Event:
    """The player sits down again in the seat, the entry is active and the place is as if the
    bust never happened; the log keeps both."""
    tournament = op.tournament
    bust = (
        Elimination.objects.select_for_update(of=("self",))
        .select_related("entry__player")
        .filter(tournament=tournament, seq=action.seq, undone_at__isnull=True)
        .first()
    )
    if bust is None or bust.entry.status != Entry.Status.BUSTED or tournament.status == tournament.Status.FINISHED:
        raise Refused(_("This bust is no longer recorded as it was: ask the director."))
    entry = bust.entry
    if reentered_since(tournament, entry):
        raise Refused(_("%(player)s has re-entered since: the bust stands.") % {"player": entry.player})
    if here.seatings.filter(seat=bust.seat, ended_at__isnull=True).exists():
        raise Refused(
            _("Seat %(seat)s at table %(table)s has been taken since: ask the director.")
            % {"seat": bust.seat, "table": bust.table}
        )
    Seating.objects.create(tournament=tournament, entry=entry, tournament_table=here, seat=bust.seat, started_at=now)
    bust_undone(op, bust, UNDONE_ON_THE_FLOOR, now)
    if here.heads_up_from_hand is not None and here.seatings.filter(ended_at__isnull=True).count() > 2:
        here.heads_up_from_hand = None  # CLK-HEADSUP: the bust that made it heads-up is gone
        here.save(update_fields=["heads_up_from_hand"])
    public = {"entry": entry.number, "table": bust.table, "seat": bust.seat, **field_counts(tournament.id)}
    return op.append(
        kinds.PLAYER_OUT_UNDONE,
        public=public,
        payload={**public, "reason": UNDONE_ON_THE_FLOOR, "player": player_summary(entry.player), "undoes": action.seq},
    )


def reentered_since(tournament, entry: Entry) -> bool:
    """The player bought a new seat after this entry's bust: the bust cannot be undone."""
    return (
        entry.kind in Entry.SEAT_KINDS
        and tournament.entries.filter(
            player=entry.player, status=Entry.Status.ACTIVE, kind__in=Entry.SEAT_KINDS
        ).exists()
    )


def bust_undone(op: Operation, bust: Elimination, reason: str, now: datetime) -> None:
    """The bust stops counting and the entry is active again; the caller has seated it. Its
    bounty awards are taken back (refused while one is paid at the cashier)."""
    undo_knockout(op, bust)
    bust.undone_at, bust.undo_reason = now, reason
    bust.save(update_fields=["undone_at", "undo_reason"])
    Entry.objects.filter(pk=bust.entry_id).update(status=Entry.Status.ACTIVE)


def _undo_hand_done(op: Operation, here: TournamentTable, action: Event) -> Event:
    """The button, blinds, hand number and level the hand was played at go back, and the
    hand counted off penalties is given back. A hand done that did more than that (the
    hand-for-hand hand, one of the day's last hands, a penalty served or a clock ended by it)
    is refused."""
    before = action.payload.get("before")
    number = here.table.number
    if before is None:
        raise Refused(_("This hand done was recorded before the floor could undo it: ask the director."))
    if action.payload.get("hand_for_hand") or before["hands_left"] is not None:
        raise Refused(
            _(
                "A hand done in hand-for-hand or in the day's last hands cannot be undone on the floor: "
                "every table counts it. Ask the director."
            )
        )
    if before["served"]:
        raise Refused(
            _(
                "This hand done ended a player's penalty at table %(table)s: it cannot be undone on the "
                "floor. Ask the director."
            )
            % {"table": number}
        )
    if before["clocks"]:
        raise Refused(
            _(
                "This hand done ended a clock on a player at table %(table)s: it cannot be undone on the "
                "floor. Ask the director."
            )
            % {"table": number}
        )
    if here.hands_dealt + 1 != action.payload["hand"]:
        raise Refused(
            _("Table %(table)s is on hand %(now)s, not %(hand)s: ask the director.")
            % {"table": number, "now": here.hands_dealt + 1, "hand": action.payload["hand"]}
        )
    here.button, here.small_blind, here.big_blind = before["button"], before["small_blind"], before["big_blind"]
    here.hands_dealt -= 1
    here.playing_level = before["playing_level"]
    here.save(update_fields=["button", "small_blind", "big_blind", "hands_dealt", "playing_level"])
    Penalty.objects.filter(id__in=before["counted"], status=Penalty.Status.SERVING).update(
        hands_left=F("hands_left") + 1
    )  # PEN-LADDER: the hand was not played after all
    Penalty.objects.filter(id__in=before["said"]).update(may_return=True)
    positions = {
        "table": number,
        "hand": here.hands_dealt + 1,
        "button": here.button,
        "small_blind": here.small_blind,
        "big_blind": here.big_blind,
    }
    return op.append(kinds.HAND_UNDONE, public=positions, payload={**positions, "undoes": action.seq})
