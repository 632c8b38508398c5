"""Hand-for-hand near the money bubble (HFH-MODE, HFH-ALLIN).

Every table plays one hand and reports "hand done", then waits. A table with a called
all-in reports "all-in, frozen" and waits face down. When every table has reported, the
frozen tables are released one at a time to play their hand out; when none is left, the next
hand is dealt everywhere. Busts in one hand-for-hand hand share their places across tables
(ELIM-TIE); hand-for-hand ends by itself once the hand that burst the bubble is finished at
every table.

Service floor: reads come from the queries (the hand-for-hand view is one).
"""

from django.utils.translation import gettext as _

from core import kinds, time_source
from core.operation import Operation, operation
from rules.refusals import Refused
from tables.models import HandForHand, TournamentTable
from tables.queries.hand_for_hand import current_hand_for_hand as current
from tables.queries.hand_for_hand import hand_for_hand_view as view
from tables.queries.tables import open_table
from tournaments.queries.flights import players_left_for_money
from tournaments.queries.payouts import places_paid
from tournaments.queries.snapshot import field_counts

Status = TournamentTable.HandForHand


def start(tournament_id: int, director, request_key: str | None = None) -> dict:
    """The director starts hand-for-hand. The hand in progress is its first hand: players out
    in it share their places (TDA)."""
    with operation(tournament_id, director, request_key) as op:
        tournament = op.tournament
        if op.repeated:
            return op.repeated.public
        if current(tournament):
            raise Refused(_("Hand-for-hand is already on."))
        tables = tournament.tables.filter(broken_at__isnull=True)
        if tables.count() < 2:
            raise Refused(_("Hand-for-hand needs two tables or more; at one table every hand is already shared."))
        earlier = HandForHand.objects.filter(tournament=tournament).first()
        now = time_source.now()
        if earlier:  # a second bubble: keep counting, so hands stay distinct
            earlier.hand, earlier.started_at, earlier.ended_at = earlier.hand + 1, now, None
            earlier.save()
            running = earlier
        else:
            running = HandForHand.objects.create(tournament=tournament, started_at=now)
        tables.update(hand_for_hand=Status.PLAYING)
        public = view(tournament, running)
        op.append(kinds.HFH_STARTED, public=public, payload=public)
    return public


def hand_done(op: Operation, here: TournamentTable) -> dict | None:
    """A reaction inside the floor's "hand done": a table that has played its hand-for-hand
    hand waits. Returns what changed for the event, or None outside hand-for-hand."""
    running = current(op.tournament)
    if running is None:
        return None
    if here.hand_for_hand == Status.DONE:
        raise Refused(
            _("Table %(table_number)s has played this hand-for-hand hand: wait for the other tables.")
            % {"table_number": here.table.number}
        )
    if here.hand_for_hand == Status.FROZEN:
        raise Refused(
            _("Table %(table_number)s is frozen on an all-in: wait until it is released to play it out.")
            % {"table_number": here.table.number}
        )
    here.hand_for_hand = Status.DONE
    here.save(update_fields=["hand_for_hand"])
    return _advance(op, running)


def all_in_frozen(tournament_id: int, table_number: int, actor, request_key: str | None = None) -> dict:
    """HFH-ALLIN: a table with a called all-in stops and waits face down."""
    with operation(tournament_id, actor, request_key) as op:
        tournament = op.tournament
        if op.repeated:
            return op.repeated.public
        running = current(tournament)
        if running is None:
            raise Refused(_("Hand-for-hand is not on: play the all-in out."))
        here = open_table(tournament, table_number)
        if here.hand_for_hand != Status.PLAYING:
            raise Refused(
                _("Table %(table_number)s has already reported this hand (%(hand_for_hand)s).")
                % {"table_number": table_number, "hand_for_hand": here.hand_for_hand}
            )
        here.hand_for_hand = Status.FROZEN
        here.save(update_fields=["hand_for_hand"])
        public = {"table": table_number, **view(tournament, running)}
        op.append(kinds.HFH_FROZEN, public=public, payload=public)
        _advance(op, running)
    return public


def release(tournament_id: int, table_number: int, actor, request_key: str | None = None) -> dict:
    """Once every table has reported, a frozen table plays its all-in out; one at a time."""
    with operation(tournament_id, actor, request_key) as op:
        tournament = op.tournament
        if op.repeated:
            return op.repeated.public
        running = current(tournament)
        if running is None:
            raise Refused(_("Hand-for-hand is not on."))
        here = open_table(tournament, table_number)
        tables = tournament.tables.filter(broken_at__isnull=True)
        if here.hand_for_hand != Status.FROZEN:
            raise Refused(_("Table %(table_number)s is not frozen.") % {"table_number": table_number})
        if tables.filter(hand_for_hand=Status.PLAYING).exists():
            playing = sorted(tables.filter(hand_for_hand=Status.PLAYING).values_list("table__number", flat=True))
            raise Refused(
                _("Wait for every table to report: still playing %(playing)s.")
                % {"playing": ", ".join(map(str, playing))}
            )
        if tables.filter(hand_for_hand=Status.RELEASED).exists():
            raise Refused(_("Another frozen table is playing its all-in out: one table at a time."))
        here.hand_for_hand = Status.RELEASED
        here.save(update_fields=["hand_for_hand"])
        public = {"table": table_number, **view(tournament, running)}
        op.append(kinds.HFH_RELEASED, public=public, payload=public)
    return public


def _advance(op: Operation, running: HandForHand) -> dict | None:
    """When every table is done (none playing, frozen or released): if the hand burst the
    bubble, hand-for-hand ends and the field is in the money; otherwise the next hand starts
    everywhere. Everyone out in the bubble hand, frozen tables included, shares (ELIM-TIE)."""
    tournament = op.tournament
    tables = tournament.tables.filter(broken_at__isnull=True)
    if tables.exclude(hand_for_hand=Status.DONE).exists():
        return None
    # FLIGHT-ITM: a flight's bubble is its main event's, by the combined field
    left = players_left_for_money(tournament, field_counts(tournament.id)["players_left"])
    paid = places_paid(tournament)
    if left <= paid:
        running.ended_at = time_source.now()
        running.save(update_fields=["ended_at"])
        tables.update(hand_for_hand="")
        public = {"hand": running.hand, "players_left": left, "places_paid": paid, "in_the_money": True}
        op.append(kinds.HFH_ENDED, public=public, payload=public, actor=None)
        return public
    running.hand += 1
    running.save(update_fields=["hand"])
    tables.update(hand_for_hand=Status.PLAYING)
    public = view(tournament, running)
    op.append(kinds.HFH_NEXT_HAND, public=public, payload=public, actor=None)
    return public
