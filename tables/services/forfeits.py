"""Chips that leave a player's stack by rule (CHIP-COUNT, CHIP-RACE; tables/rules/forfeits.py):
the floor records chips forfeited at a seat (out of view, in a pocket, small chips left after a
chip race: out of play; a dodged blind: dead money into the next pot), and the director's
elimination penalty takes a whole stack out of play and places the player like a bust.

Service floor: calls the floor's bust (tables/services/floor.py); reads the tables' queries and
the field's chips in play from the tournaments'.
"""

from django.utils.translation import gettext as _

from core import kinds, time_source
from core.access import recorded_user
from core.operation import Operation, operation
from players.queries.players import player_summary
from rules.refusals import Refused
from tables.models import ChipAdjustment, ChipCount, Forfeit, Seating, TournamentTable
from tables.queries.colour_up import latest_colour_up
from tables.queries.penalties import stack_now
from tables.queries.tables import open_table, sitting_at
from tables.rules import forfeits
from tables.services.floor import bust
from tournaments.queries.snapshot import field_counts

MOST_NOTE = 200


def forfeit_chips(
    tournament_id: int,
    table_number: int,
    seat: int,
    chips: int,
    reason: str,
    actor,
    request_key: str | None = None,
    stack: int | None = None,
    note: str = "",
) -> dict:
    """The floor: the player in `seat` forfeits `chips` for `reason` (tables.rules.forfeits.Reason).
    `stack`: the player's chips counted now, with the chips found. Chips leaving play need it
    (it is recorded as the seat's count less what left, so the count check follows, CHIP-COUNT);
    dead money may go without it, bounded by the stack as far as the record knows."""
    try:
        why = forfeits.reason_of(reason)
    except ValueError as problem:
        raise Refused(str(problem)) from None
    note = " ".join((note or "").split())
    if len(note) > MOST_NOTE:
        raise Refused(_("Keep the note to %(most)s characters.") % {"most": MOST_NOTE})
    with operation(tournament_id, actor, request_key) as op:
        if op.repeated:
            return op.repeated.payload
        tournament = op.tournament
        here = open_table(tournament, table_number)
        sitting = sitting_at(here, seat)
        entry = sitting.entry
        if stack is None and why != forfeits.Reason.DODGED_BLIND:
            raise Refused(
                _(
                    "Count %(player)s's stack first, with the chips found: forfeited chips leave play, "
                    "and the count check follows the count (CHIP-COUNT)."
                )
                % {"player": entry.player}
            )
        last = latest_colour_up(tournament)
        try:
            taken = forfeits.forfeiture(
                why, chips, stack_now(entry) if stack is None else stack, last.smallest if last else None
            )
        except ValueError as problem:
            raise Refused(str(problem)) from None
        now, by = time_source.now(), recorded_user(actor)
        words = forfeits.REASON_WORDS[why]
        adjustment = None
        if taken.out_of_play:
            adjustment = ChipAdjustment.objects.create(
                tournament=tournament,
                kind=ChipAdjustment.Kind.REMOVED,
                chips=-taken.out_of_play,
                entry=entry,
                table=table_number,
                reason=f"forfeited, {words}" + (f": {note}" if note else ""),
                at=now,
                by=by,
            )
        if stack is not None and taken.out_of_play:
            # The floor counted the stack: what is left is the seat's count now.
            ChipCount.objects.create(
                tournament=tournament,
                entry=entry,
                table=table_number,
                seat=seat,
                chips=taken.stack_left,
                counted_at=now,
                counted_by=by,
            )
        forfeit = Forfeit.objects.create(
            tournament=tournament,
            entry=entry,
            table=table_number,
            seat=seat,
            reason=why.value,
            chips=taken.chips,
            to_pot=taken.to_pot,
            adjustment=adjustment,
            at=now,
            by=by,
        )
        payload = {
            "forfeit": forfeit.id,
            "table": table_number,
            "seat": seat,
            "entry": entry.number,
            "player": player_summary(entry.player),
            "reason": why.value,
            "note": note,
            "chips": taken.chips,
            "out_of_play": taken.out_of_play,
            "to_pot": taken.to_pot,
            "changed_up": taken.changed_up,
            "stack_left": taken.stack_left,
        }
        # Public: the lobby's, TV's and phones' average stack follows the chips leaving play.
        field = field_counts(tournament_id)
        op.append(kinds.CHIPS_FORFEITED, public=field, payload={**payload, **field})
    return {**payload, **field}


def eliminate(op: Operation, here: TournamentTable, sitting: Seating, stack: int, reason: str) -> dict:
    """pokerfest L275-276, inside the director's penalty: the stack counted (`stack`) leaves
    play and the player is out now, placed as their elimination equals (like a bust: paid if in
    the money); nobody won a pot, so a bounty goes as a disqualified player's does."""
    now = time_source.now()
    ChipAdjustment.objects.create(
        tournament=op.tournament,
        kind=ChipAdjustment.Kind.REMOVED,
        chips=-stack,
        entry=sitting.entry,
        table=here.table.number,
        reason=f"elimination penalty: {reason}"[:200],
        at=now,
        by=recorded_user(op.actor),
    )
    payload = {
        "table": here.table.number,
        "seat": sitting.seat,
        "entry": sitting.entry.number,
        "player": player_summary(sitting.entry.player),
        "chips": stack,
        "reason": reason,
    }
    op.append(kinds.PENALTY_ELIMINATION, public=None, payload=payload)
    bust(op, here, sitting, starting_stack=stack)
    return payload
