"""Serving penalties (PEN-LADDER, PEN-CARRY): "hand done" counts a hand off the penalty of each
player seated at that table, wherever the penalty was given; minutes away are counted off the
tournament's time of play; when both are zero the player may return. The director may lift a
penalty early, with a reason. (Giving one is tournaments/services/penalties.py: it may go
through a disqualification.)

Service floor: called inside the floor's "hand done" (tables/services/floor.py) and by the
worker's task; reads the play time from the clock's queries.
"""

from django.utils.translation import gettext as _

from clock.queries.clock import play_time
from core import kinds, time_source
from core.access import recorded_user
from core.operation import Operation, operation
from players.queries.players import player_summary
from rules.refusals import Refused, logged_reason
from tables.models import Penalty, TournamentTable
from tables.queries.penalties import seconds_left

SERVING = Penalty.Status.SERVING


def count_hand(op: Operation, here: TournamentTable) -> dict:
    """Inside "hand done", once `here.hands_dealt` names the hand just done: one hand less for
    each player seated here who is sitting out, except a penalty given during that very hand
    (hands count from the next one). "May return" said at this table is said. Answers what it
    changed, so the floor's undo can give it back: `said`, `counted` (penalties still being
    served) and `served` (how many of the counted ended with this hand)."""
    seated = here.seatings.filter(ended_at__isnull=True).values("entry_id")
    returning = Penalty.objects.filter(tournament=op.tournament, entry_id__in=seated, may_return=True)
    said = sorted(returning.values_list("id", flat=True))
    returning.update(may_return=False)
    counted = set(
        Penalty.objects.filter(tournament=op.tournament, entry_id__in=seated, status=SERVING, hands_left__gt=0)
        .exclude(table=here.table.number, hand__gte=here.hands_dealt, carried_from__isnull=True)
        .values_list("id", flat=True)
    )
    settle(op, counted)
    serving = sorted(Penalty.objects.filter(id__in=counted, status=SERVING).values_list("id", flat=True))
    return {"said": said, "counted": serving, "served": len(counted) - len(serving)}


def settle(op: Operation, counted: set[int] = frozenset()) -> int:
    """Count a hand off the penalties `counted`, and end every penalty of the tournament with
    nothing left to serve: the player may return. Answers how many ended."""
    now = time_source.now()
    played, _ = play_time(op.tournament_id, now)
    ended = 0
    serving = (
        Penalty.objects.select_for_update(of=("self",))
        .select_related("entry__player")
        .filter(tournament=op.tournament, status=SERVING)
        .order_by("id")
    )
    for penalty in serving:
        hands = penalty.hands_left - (1 if penalty.id in counted else 0)
        if hands or seconds_left(penalty, played):
            if hands != penalty.hands_left:
                penalty.hands_left = hands
                penalty.save(update_fields=["hands_left"])
            continue
        penalty.status, penalty.hands_left, penalty.seconds_left, penalty.played_at = (
            Penalty.Status.SERVED,
            0,
            0,
            played,
        )
        penalty.ended_at, penalty.may_return = now, True
        penalty.save(update_fields=["status", "hands_left", "seconds_left", "played_at", "ended_at", "may_return"])
        sitting = penalty.entry.seatings.filter(ended_at__isnull=True).select_related("tournament_table__table").first()
        op.append(
            kinds.PENALTY_SERVED,
            public=None,
            payload={
                "penalty": penalty.id,
                "entry": penalty.entry.number,
                "player": player_summary(penalty.entry.player),
                "table": sitting.tournament_table.table.number if sitting else None,
                "seat": sitting.seat if sitting else None,
            },
        )
        ended += 1
    return ended


def carry_to_day_two(op: Operation, carried: list[tuple[int, int]]) -> int:
    """PEN-CARRY, inside the Day 2 draw (the main event's operation): what a player still had to
    serve when their flight closed goes with their bag to the Day 2 entry: the hands left, and
    the minutes left by the flight's time of play, counted on by Day 2's. `carried`: (flight
    entry id, Day 2 entry id) pairs. The flight's record keeps the penalty; the ladder counts it
    once. Answers how many penalties were carried."""
    day_two_entry = dict(carried)
    serving = list(
        Penalty.objects.filter(entry_id__in=day_two_entry, status=SERVING, carried_to__isnull=True).order_by("id")
    )
    now = time_source.now()
    played_there = {}
    for tournament_id in {p.tournament_id for p in serving}:
        played_there[tournament_id] = play_time(tournament_id, now)[0]
    played_here, _ = play_time(op.tournament_id, now)
    # A penalty whose minutes ran out as the day ended has nothing left: it is not carried.
    serving = [p for p in serving if p.hands_left or seconds_left(p, played_there[p.tournament_id])]
    Penalty.objects.bulk_create(
        [
            Penalty(
                tournament=op.tournament,
                entry_id=day_two_entry[p.entry_id],
                infraction=p.infraction,
                step=p.step,
                proposed=p.proposed,
                given_at=p.given_at,
                given_by_id=p.given_by_id,
                table=p.table,
                seat=p.seat,
                hand=p.hand,
                seated_at_table=p.seated_at_table,
                hands_left=p.hands_left,
                seconds_left=seconds_left(p, played_there[p.tournament_id]),
                played_at=played_here,
                status=SERVING,
                carried_from=p,
            )
            for p in serving
        ]
    )
    return len(serving)


def settle_due(tournament_id: int) -> int:
    """The worker's: end the penalties whose minutes have been served (no hand needed)."""
    with operation(tournament_id, None) as op:
        return settle(op)


def lift_penalty(tournament_id: int, penalty_id: int, reason: str, director, request_key: str | None = None) -> dict:
    """The director ends a penalty early, saying why; what was left stays in the record."""
    reason = logged_reason(reason, _("the penalty is lifted"))
    if len(reason) > 500:
        raise Refused(
            _("Keep the reason to 500 characters (this is %(reason_count)s).") % {"reason_count": len(reason)}
        )
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.payload
        penalty = (
            Penalty.objects.select_for_update(of=("self",))
            .select_related("entry__player")
            .filter(tournament=op.tournament, pk=penalty_id)
            .first()
        )
        if penalty is None:
            raise Refused(_("There is no such penalty in this tournament."))
        if penalty.status != SERVING:
            raise Refused(
                _("This penalty is %(penalty_status)s already: only a penalty being served can be lifted.")
                % {"penalty_status": penalty.status}
            )
        now = time_source.now()
        played, _served = play_time(tournament_id, now)
        penalty.seconds_left, penalty.played_at = seconds_left(penalty, played), played
        penalty.status, penalty.ended_at = Penalty.Status.LIFTED, now
        penalty.lifted_by, penalty.lift_reason = recorded_user(director), reason
        penalty.save(update_fields=["seconds_left", "played_at", "status", "ended_at", "lifted_by", "lift_reason"])
        payload = {
            "penalty": penalty.id,
            "entry": penalty.entry.number,
            "status": penalty.status,
            "reason": reason,
            "hands_left": penalty.hands_left,
            "seconds_left": penalty.seconds_left,
            "player": player_summary(penalty.entry.player),
        }
        op.append(kinds.PENALTY_LIFTED, public=None, payload=payload)
    return payload
