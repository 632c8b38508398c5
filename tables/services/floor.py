"""The floor's commands at a table: hand done, player out, a balancing move confirmed by the
target table, a move or a swap by hand.

Service floor: tables' services may call the clock's (a bust tops up extension chips, a hand
counts the day's last hands); reads come from the queries.
"""

from dataclasses import replace
from zoneinfo import ZoneInfo

from django.utils import timezone
from django.utils.translation import gettext as _

from clock.queries.clock import level_now
from clock.services import calls, day
from core import kinds, time_source
from core.operation import Operation, operation
from players.queries.players import player_summary
from rules.refusals import Refused, logged_reason
from tables.models import Seating, TournamentTable
from tables.queries.hand_for_hand import bust_hand, hand_for_hand_view
from tables.queries.moves import balance_reason, reason_line
from tables.queries.tables import (
    open_table,
    proposed_moves,
    seated_now,
    sitting_at,
    sitting_at_table,
    table_state,
)
from tables.queries.waiting_list import waiting_entries
from tables.rules import seating
from tables.services import buttons, done_twice, hand_for_hand, knockouts, penalties
from tables.services.draw import seat_the_waiting
from tables.services.finish import finish
from tables.services.tv_logos import MOVE, check_tv_tables
from tournaments.models import Elimination, Entry, Event
from tournaments.queries.payouts import field_and_money


def hand_done(
    tournament_id: int, table_number: int, actor, request_key: str | None = None, hand: int | None = None
) -> dict:
    """The floor's "hand done" for `hand`, the hand the tablet showed: the next hand's button
    and blinds follow the dead-button rule. Two tablets at one table confirm the same hand: the
    second finds it done and is answered with the table as it is (`already_done`), nothing
    moved. A number neither current nor just done is a tablet far behind: refused. Without
    `hand` (the services' own callers), the hand being played is done."""
    with operation(tournament_id, actor, request_key) as op:
        here = open_table(op.tournament, table_number)
        if op.repeated:
            return _hand_answer(here, already_done=False)
        if _done_elsewhere(here, hand):
            return _hand_answer(here, already_done=True)
        _next_hand(op, here)
        return _hand_answer(here, already_done=False)


def _hand_answer(here: TournamentTable, already_done: bool) -> dict:
    """The table's hand being played (numbered from 1) and its positions."""
    return {
        "table": here.table.number,
        "hand": here.hands_dealt + 1,
        "button": here.button,
        "small_blind": here.small_blind,
        "big_blind": here.big_blind,
        "already_done": already_done,
    }


def _next_hand(op: Operation, here: TournamentTable) -> seating.Table:
    """The next hand at a table (BTN-DEAD), with what it sets off: hand-for-hand, the day's
    last hands, a clock on a player ended."""
    state = table_state(here)
    if state.count < 2:
        raise Refused(
            _("Table %(table_number)s has fewer than two players: no hand to deal.")
            % {"table_number": here.table.number}
        )
    if here.hands_left == 0:
        raise Refused(
            _("Table %(table_number)s has played its last hand of the day: bag the chips.")
            % {"table_number": here.table.number}
        )
    # What the hand done changes, kept in its event so the floor may take it back within a
    # minute (tables/services/undo.py).
    before = {
        "button": here.button,
        "small_blind": here.small_blind,
        "big_blind": here.big_blind,
        "playing_level": here.playing_level,
        "hands_left": here.hands_left,
    }
    hand_for_hand.hand_done(op, here)  # refuses a table that must wait
    # BTN-DRAW at the latest here: a table filled during play (moves, a break) without one.
    following = buttons.first_hand(op, state) if seating.needs_button(state) else seating.next_hand(state)
    here.button, here.small_blind, here.big_blind = following.button, following.small_blind, following.big_blind
    here.hands_dealt += 1
    here.playing_level = level_now(op.tournament_id)
    here.save(update_fields=["button", "small_blind", "big_blind", "hands_dealt", "playing_level"])
    before.update(penalties.count_hand(op, here))  # PEN-LADDER, PEN-CARRY: a hand off each penalty served here
    # A clock still running on a player ends with the hand.
    running = here.clocks.filter(ended_at__isnull=True)
    before["clocks"] = sorted(running.values_list("id", flat=True))
    running.update(ended_at=time_source.now(), outcome="hand over")
    day.hand_played(op, here)
    positions = {
        "table": here.table.number,
        "hand": here.hands_dealt + 1,
        "button": here.button,
        "small_blind": here.small_blind,
        "big_blind": here.big_blind,
    }
    if hfh := hand_for_hand_view(op.tournament):
        positions["hand_for_hand"] = hfh
    op.append(kinds.HAND_DONE, payload={**positions, "before": before}, public=positions)
    seat_the_waiting(op)  # ENT-WAIT: with the blinds moved, a seat may take a new player
    return following


def player_out(
    tournament_id: int,
    table_number: int,
    seat: int,
    actor,
    request_key: str | None = None,
    starting_stack: int | None = None,
    new_hand: bool = False,
    last_hand: bool = False,
    hand: int | None = None,
    entry: int | None = None,
    eliminated_by: list[int] | None = None,
    pots: list[dict] | None = None,
) -> dict:
    """The floor's "player out": the seat empties, the entry is busted and the elimination is
    recorded with the hand and the chips the player started it with (they rank players out in
    the same hand, ELIM-SAMETABLE). `new_hand`: the dealer did not tap "hand done" since the
    last bust at this table, so it is recorded first and this bust takes a place of its own.
    `last_hand`: recorded late, after "hand done": the bust keeps the hand it happened in, and
    ranks with that hand's other busts. `hand`, with `new_hand`: the hand the tablet showed;
    when another tablet has tapped "hand done" for it meanwhile, the new hand has begun already
    and is not counted twice (the button moves once). `entry`: the entry number the tablet
    showed in the seat; a tap sent late (a tablet's offline queue) after the seat changed hands
    is refused instead of putting the wrong player out. `eliminated_by`: the seats at this
    table that won the pot (ELIM-BY; required in a bounty event), or `pots` (each
    `{"winners": [seats], "eligible": [seats]}`, main pot first) for BNT-COVER to decide.
    Answers with the balancing moves the table now needs (proposed, not yet made)."""
    with operation(tournament_id, actor, request_key) as op:
        tournament = op.tournament
        if op.repeated:
            return proposed_moves(tournament_id)
        sitting = sitting_at_table(tournament, table_number, seat)
        if sitting is None:  # why not: the table is not open, the player is out already, the seat is empty
            here = open_table(tournament, table_number)
            if entry is not None:
                _refuse_if_out_already(op, entry)
            sitting = sitting_at(here, seat)
        elif entry is not None:
            _refuse_if_out_already(op, entry)
        here = sitting.tournament_table
        if entry is not None and sitting.entry.number != entry:
            raise Refused(
                _("Seat %(seat)s at table %(table)s is now entry #%(now)s, not #%(entry)s: nobody was put out.")
                % {"seat": seat, "table": table_number, "now": sitting.entry.number, "entry": entry}
            )
        if new_hand and last_hand:
            raise Refused(_("A bust is in a new hand or in the last one, not both."))
        if last_hand and here.hands_dealt == 0:
            raise Refused(
                _("Table %(table_number)s has not finished a hand yet: the bust is in this hand.")
                % {"table_number": table_number}
            )
        winners = knockouts.check_eliminators(op, here, sitting, eliminated_by, pots)
        if new_hand and not _done_elsewhere(here, hand):
            _next_hand(op, here)
        bust(op, here, sitting, starting_stack, last_hand, winners)
    return proposed_moves(tournament_id, tournament)


def _refuse_if_out_already(op: Operation, entry: int) -> None:
    """Two tablets tap "Out" for one player at once: the second hears who put them out, and when."""
    out = (
        Elimination.objects.filter(tournament=op.tournament, entry__number=entry)
        .select_related("entry__player")
        .order_by("-seq")
        .first()
    )
    if out is None or out.entry.status != Entry.Status.BUSTED:
        return
    logged = Event.objects.filter(tournament=op.tournament, seq=out.seq).select_related("actor").first()
    raise Refused(
        _(
            "%(player)s (entry #%(entry)s) was put out at table %(table)s, seat %(seat)s by %(person)s at "
            "%(time)s already: nothing more was done."
        )
        % {
            "player": out.entry.player,
            "entry": entry,
            "table": out.table,
            "seat": out.seat,
            "person": logged.actor.username if logged and logged.actor else _("the system"),
            "time": timezone.localtime(out.at, ZoneInfo(op.tournament.festival.time_zone)).strftime("%H:%M:%S"),
        }
    )


def bust(
    op: Operation,
    here: TournamentTable,
    sitting: Seating,
    starting_stack: int | None,
    last_hand: bool = False,
    winners: tuple[int, ...] = (),
) -> None:
    """A seated player is out (a bust, or an absent player's stack removed, PEN-ABSENT): the
    seat empties, the entry is busted and ranked by the hand it went out in; the seats that
    won the pot (`winners`, checked by knockouts.check_eliminators) win its bounty."""
    tournament, table_number, seat = op.tournament, here.table.number, sitting.seat
    now = time_source.now()
    end_seating(sitting, now, "busted")
    Entry.objects.filter(pk=sitting.entry_id, status=Entry.Status.ACTIVE).update(status=Entry.Status.BUSTED)
    left = seated_now(tournament)  # kept by the database with the seat that just emptied
    if left == 2 and here.seatings.filter(ended_at__isnull=True).count() == 2:
        here.heads_up_from_hand = here.hands_dealt  # CLK-HEADSUP counts from the next hand
        here.save(update_fields=["heads_up_from_hand"])
    counts, money, place = field_and_money(tournament, next_seq=True)
    public = {"table": table_number, "seat": seat, "entry": sitting.entry.number, **counts, "money": money}
    logged = op.append(
        kinds.PLAYER_OUT,
        public=public,
        payload={**public, "player": player_summary(sitting.entry.player), "starting_stack": starting_stack},
        place=place,
    )
    elimination = Elimination.objects.create(
        tournament=tournament,
        entry_id=sitting.entry_id,
        seq=logged.seq,
        table=table_number,
        seat=seat,
        hand=here.hands_dealt - (1 if last_hand else 0),
        hand_for_hand=bust_hand(tournament),
        starting_stack=starting_stack,
        at=now,
    )
    if winners:
        knockouts.record_knockout(op, elimination, here, winners)  # ELIM-BY, BNT-KO, BNT-PKO, BNT-MYSTERY
    else:  # a stack removed (PEN-ABSENT): nobody won the pot, its bounty goes like a disqualified player's
        knockouts.disqualified_bounty(op, sitting.entry, elimination)
    calls.top_up_after_bust(op, left)  # AC-REPLENISH: after the bust it follows
    # ENT-WAIT: the seat that opened goes to the first in line, if anyone is in line: every
    # player still in is seated when the players left are the seats taken.
    seated = seat_the_waiting(op) if counts["players_left"] > left else []
    if left + len(seated) == 1 and not waiting_entries(tournament):
        finish(op, "last player standing")  # END-FINISH: one player holds every chip


def _done_elsewhere(here: TournamentTable, hand: int | None) -> bool:
    """The hand the tablet showed is the one just done (by another tablet); any other number
    than it or the current one is a tablet far behind."""
    current = here.hands_dealt + 1
    if hand is None or hand == current:
        return False
    if hand == current - 1 >= 1:
        return True
    raise Refused(
        _("Hand %(hand)s is not table %(table_number)s's current hand (%(current)s): refresh.")
        % {"hand": hand, "table_number": here.table.number, "current": current}
    )


def end_seating(sitting: Seating, now, because: str) -> None:
    sitting.ended_at, sitting.ended_because = now, because
    sitting.save(update_fields=["ended_at", "ended_because"])


def confirm_move(tournament_id: int, from_table: int, from_seat: int, to_table: int, to_seat: int, actor) -> dict:
    """The target tablet confirms the moved player sat down. Two tablets confirming the same
    move apply it once: the second is refused with who confirmed it and when (issue 27); a
    seat filled meanwhile is refused with a fresh proposal. The new seat keeps the player's
    moves so far and why they moved (issue 26), shown on the tablet and the player's phone."""
    with operation(tournament_id, actor) as op:
        tournament = op.tournament
        source, target = open_table(tournament, from_table), open_table(tournament, to_table)
        moving = source.seatings.filter(seat=from_seat, ended_at__isnull=True).select_related("entry__player").first()
        if moving is None:
            done_twice.refuse_if_moved(op, source, from_seat, target, to_seat, "moved")  # issue 27
            raise Refused(
                _("Nobody sits in seat %(from_seat)s at table %(from_table)s any more.")
                % {"from_seat": from_seat, "from_table": from_table}
            )
        state = table_state(target)
        if to_seat in state.players:
            raise MoveRefused(
                _("Seat %(to_seat)s at table %(to_table)s was just filled; here is a new proposal.")
                % {"to_seat": to_seat, "to_table": to_table},
                proposed_moves(tournament_id),
            )
        if not 1 <= to_seat <= state.seats or seating.hands_until_big_blind(state, to_seat) is None:
            raise MoveRefused(
                _(
                    "Seat %(to_seat)s at table %(to_table)s may not take a moved player "
                    "now (the small blind, or between it and the button)."
                )
                % {"to_seat": to_seat, "to_table": to_table},
                proposed_moves(tournament_id),
            )
        now = time_source.now()
        why = balance_reason(from_table, source.seated, to_table, target.seated, moving.moves)
        end_seating(moving, now, "moved")
        Seating.objects.create(
            tournament=tournament,
            entry=moving.entry,
            tournament_table=target,
            seat=to_seat,
            started_at=now,
            moves=moving.moves + 1,
            move_reason=why,
        )
        public = {
            "from_table": from_table,
            "from_seat": from_seat,
            "to_table": to_table,
            "to_seat": to_seat,
            "times_moved": moving.moves + 1,
            "why": why,
            "reason": reason_line(why),
        }
        op.append(kinds.PLAYER_MOVED, public=public, payload={**public, "player": player_summary(moving.entry.player)})
        check_tv_tables(op, {to_table}, MOVE)
    return {"moved": True, "already_done": False, "reason": public["reason"], "times_moved": moving.moves + 1}


class MoveRefused(Refused):
    def __init__(self, message: str, proposal: dict):
        super().__init__(message)
        self.proposal = proposal

    def details(self) -> dict:
        return {"proposal": self.proposal}


def move_by_hand(
    tournament_id: int,
    from_table: int,
    from_seat: int,
    to_table: int,
    to_seat: int,
    reason: str,
    actor,
    request_key: str | None = None,
) -> dict:
    """The floor moves a player by hand into an empty seat, saying why (a ruling, special
    needs, a broken chair). Outside the balancing rules, so the reason goes in the log."""
    reason = logged_reason(reason, _("the player is moved"))
    with operation(tournament_id, actor, request_key) as op:
        tournament = op.tournament
        if repeated := op.repeated:
            return repeated.public
        source, target = open_table(tournament, from_table), open_table(tournament, to_table)
        if not source.seatings.filter(seat=from_seat, ended_at__isnull=True).exists():
            done_twice.refuse_if_moved(op, source, from_seat, target, to_seat, "moved by hand")  # issue 27
        moving = sitting_at(source, from_seat)
        if not 1 <= to_seat <= target.table.seats:
            raise Refused(
                _("Table %(to_table)s has seats 1 to %(seats)s.") % {"to_table": to_table, "seats": target.table.seats}
            )
        if target.seatings.filter(seat=to_seat, ended_at__isnull=True).exists():
            raise Refused(
                _("Seat %(to_seat)s at table %(to_table)s is taken: swap the two players instead.")
                % {"to_seat": to_seat, "to_table": to_table}
            )
        now = time_source.now()
        end_seating(moving, now, "moved by hand")
        Seating.objects.create(
            tournament=tournament,
            entry=moving.entry,
            tournament_table=target,
            seat=to_seat,
            started_at=now,
            moves=moving.moves + 1,
            move_reason={"kind": "by_hand", "from_table": from_table, "text": reason},
        )
        public = {
            "from_table": from_table,
            "from_seat": from_seat,
            "to_table": to_table,
            "to_seat": to_seat,
            "reason": reason,
        }
        op.append(kinds.PLAYER_MOVED, public=public, payload={**public, "player": player_summary(moving.entry.player)})
        check_tv_tables(op, {to_table}, MOVE)
    return public


def swap_seats(
    tournament_id: int,
    table_a: int,
    seat_a: int,
    table_b: int,
    seat_b: int,
    reason: str,
    actor,
    request_key: str | None = None,
) -> dict:
    """The floor swaps two seated players, saying why."""
    reason = logged_reason(reason, _("the players swap seats"))
    if (table_a, seat_a) == (table_b, seat_b):
        raise Refused(_("Choose two different seats to swap."))
    with operation(tournament_id, actor, request_key) as op:
        tournament = op.tournament
        if repeated := op.repeated:
            return repeated.public
        first, second = open_table(tournament, table_a), open_table(tournament, table_b)
        one, other = sitting_at(first, seat_a), sitting_at(second, seat_b)
        done_twice.refuse_if_swapped(op, one, other, reason, table_a, table_b)  # issue 27: not swapped back
        now = time_source.now()
        end_seating(one, now, "swapped")
        end_seating(other, now, "swapped")  # both seats free before either is taken: one player per seat
        Seating.objects.bulk_create(
            [
                Seating(
                    tournament=tournament,
                    entry=one.entry,
                    tournament_table=second,
                    seat=seat_b,
                    started_at=now,
                    moves=one.moves + 1,
                    move_reason={"kind": "by_hand", "from_table": table_a, "text": reason},
                ),
                Seating(
                    tournament=tournament,
                    entry=other.entry,
                    tournament_table=first,
                    seat=seat_a,
                    started_at=now,
                    moves=other.moves + 1,
                    move_reason={"kind": "by_hand", "from_table": table_b, "text": reason},
                ),
            ]
        )
        public = {"table_a": table_a, "seat_a": seat_a, "table_b": table_b, "seat_b": seat_b, "reason": reason}
        op.append(
            kinds.PLAYERS_SWAPPED,
            public=public,
            payload={**public, "players": [player_summary(one.entry.player), player_summary(other.entry.player)]},
        )
        check_tv_tables(op, {table_a, table_b}, MOVE)
    return public


def set_button(
    tournament_id: int, table_number: int, seat: int, reason: str, actor, request_key: str | None = None
) -> dict:
    """BTN-DRAW: the floor corrects a table's button by hand (pokerfest L175: an incorrect
    button found before substantial action is corrected), with a reason for the log. The hand
    being played gets the button on `seat` and its blinds after it; the hand count stays."""
    reason = logged_reason(reason, _("the button is set by hand"))
    with operation(tournament_id, actor, request_key) as op:
        here = open_table(op.tournament, table_number)
        if op.repeated:
            return _hand_answer(here, already_done=False)
        state = table_state(here)
        if seat not in state.players:
            raise Refused(
                _("Seat %(seat)s at table %(table_number)s is empty: the button goes to a player's seat.")
                % {"seat": seat, "table_number": table_number}
            )
        before = {"button": here.button, "small_blind": here.small_blind, "big_blind": here.big_blind}
        first = seating.next_hand(replace(state, button=seat, small_blind=None, big_blind=None))
        here.button, here.small_blind, here.big_blind = first.button, first.small_blind, first.big_blind
        here.save(update_fields=["button", "small_blind", "big_blind"])
        answer = _hand_answer(here, already_done=False)
        positions = {key: answer[key] for key in ("table", "hand", "button", "small_blind", "big_blind")}
        op.append(kinds.TABLE_BUTTON_SET, payload={**positions, "before": before, "reason": reason}, public=positions)
    return answer
