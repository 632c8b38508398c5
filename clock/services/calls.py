"""The clocks on a player, from the floor tablet: a clock called by the floor (CLK-CALL) and
the action clock with its time-extension chips (AC-*).

The tablet starts one; every tablet shows the countdown; the player acting stops it; at zero
a task (scheduled for that moment, repaired by beat if it is lost) uses an extension chip on
the action clock or, with none, declares the hand dead and logs who started the clock. One
clock at a time per table, in the database.

Service floor: calls no other app's services; reads the tables' and tournaments' queries.
"""

from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models.functions import Coalesce, Greatest
from django.utils.translation import gettext as _

from clock.models import Clock, TableClock
from clock.queries.clock import action_clock_now, level_duration
from clock.rules import calls as table_clocks
from core import kinds, time_source
from core.access import recorded_user
from core.operation import Operation, operation
from rules.refusals import Refused
from tables.queries.tables import open_table, sitting_at
from tournaments.models import Entry
from tournaments.queries.flights import players_left_for_money
from tournaments.queries.payouts import places_paid


def call_the_clock(tournament_id: int, table_number: int, seat: int, actor, request_key: str | None = None) -> dict:
    now = time_source.now()
    with operation(tournament_id, actor, request_key) as op:
        tournament = op.tournament
        if op.repeated:
            return op.repeated.public
        here = open_table(tournament, table_number)
        sitting = sitting_at(here, seat)
        running = here.clocks.filter(ended_at__isnull=True).first()
        if running is not None:
            raise Refused(
                _("A clock is already running at table %(table_number)s, on seat %(seat)s.")
                % {"table_number": table_number, "seat": running.seat}
            )
        call = table_clocks.call_clock(tournament.rules().clock, seat, level_duration(tournament_id, now), now)
        try:
            with transaction.atomic():
                clock = TableClock.objects.create(
                    tournament=tournament,
                    tournament_table=here,
                    seat=seat,
                    entry=sitting.entry,
                    kind=TableClock.Kind.CALL,
                    hand=here.hands_dealt,
                    started_at=now,
                    ends_at=call.ends_at,
                    countdown_seconds=call.countdown,
                    called_by=recorded_user(actor),
                )
        except IntegrityError:
            raise Refused(
                _("A clock is already running at table %(table_number)s.") % {"table_number": table_number}
            ) from None
        public = {"table": table_number, **clock.document()}
        op.append(kinds.CLOCK_CALLED, public=public, payload=public)
        _expire_at(op, clock)
    return public


def player_acted(tournament_id: int, table_number: int, actor, request_key: str | None = None) -> dict:
    """The player acted in time: the table's clock stops."""
    with operation(tournament_id, actor, request_key) as op:
        tournament = op.tournament
        if op.repeated:
            return op.repeated.public
        here = open_table(tournament, table_number)
        clock = here.clocks.filter(ended_at__isnull=True).first()
        if clock is None:
            raise Refused(_("No clock is running at table %(table_number)s.") % {"table_number": table_number})
        now = time_source.now()
        if now >= clock.ends_at:
            raise Refused(
                _("Time ran out at table %(table_number)s: the hand of seat %(seat)s is dead.")
                % {"table_number": table_number, "seat": clock.seat}
            )
        clock.ended_at, clock.outcome = now, TableClock.Outcome.ACTED
        clock.save(update_fields=["ended_at", "outcome"])
        public = {"table": table_number, **clock.document()}
        op.append(kinds.CLOCK_STOPPED, public=public, payload=public)
    return public


def expire(clock_id: int) -> bool:
    """At zero: the hand is dead, logged with who called the clock. Idempotent: a clock that
    has ended, or whose time has not run out, is left alone."""
    now = time_source.now()
    clock = TableClock.objects.filter(pk=clock_id).select_related("tournament_table__table", "called_by").first()
    if clock is None:
        return False
    with operation(clock.tournament_id) as op:
        clock.refresh_from_db(fields=["ended_at", "outcome", "ends_at"])
        if clock.ended_at is not None or clock.ends_at > now:
            return False
        table = clock.tournament_table.table.number
        if clock.kind == TableClock.Kind.ACTION and _use_extensions(op, clock, now):
            return True
        clock.ended_at, clock.outcome = clock.ends_at, TableClock.Outcome.HAND_DEAD
        clock.save(update_fields=["ended_at", "outcome"])
        public = {"table": table, **clock.document()}
        op.append(
            kinds.CLOCK_HAND_DEAD,
            public=public,
            payload={
                **public,
                "called_by": clock.called_by.get_username() if clock.called_by else None,
                "entry": clock.entry_id,
            },
        )
    return True


def _use_extensions(op: Operation, clock: TableClock, now) -> bool:
    """AC-EXT: at zero the player's extension chips buy more time, one at a time, as long as
    they last. True when the clock runs on (the next zero is scheduled)."""
    rules = op.tournament.rules().clock
    entry = Entry.objects.select_for_update().get(pk=clock.entry_id)
    chips = table_clocks.extension_chips(entry.time_extensions, rules)
    shot = table_clocks.Shot(clock.seat, clock.entry_id, clock.ends_at, clock.extensions_used)
    shot, left = table_clocks.run_down(shot, chips, rules, now)
    if left != chips:
        entry.time_extensions = left
        entry.save(update_fields=["time_extensions"])
        clock.extensions_used, clock.ends_at = shot.extensions_used, shot.ends_at  # the last zero reached
        clock.save(update_fields=["extensions_used", "ends_at"])
        public = {"table": clock.tournament_table.table.number, **clock.document(), "extensions_left": left}
        op.append(kinds.ACTION_EXTENSION_USED, public=public, payload=public)
    if shot.hand_dead:
        return False
    _expire_at(op, clock)
    return True


def start_action_clock(
    tournament_id: int, table_number: int, seat: int, voluntarily_in: bool, actor, request_key: str | None = None
) -> dict:
    """The dealer starts the action clock for the player to act (AC-TIMES); a clock still
    running at the table (the previous player's) stops, since that player has acted."""
    now = time_source.now()
    with operation(tournament_id, actor, request_key) as op:
        tournament = op.tournament
        if op.repeated:
            return op.repeated.public
        rules = tournament.rules().clock
        if not rules.action_clock:
            raise Refused(_("This tournament does not play with the action clock (ruleset: clock.action_clock)."))
        here = open_table(tournament, table_number)
        sitting = sitting_at(here, seat)
        now_on = action_clock_now(tournament_id, rules, now)  # AC-PERIOD, AC-SUSPEND
        if refusal := now_on["outside"] or table_clocks.suspension_refusal(
            now_on["suspended"], now_on["tables_suspended"].get(table_number, ""), table_number
        ):
            raise Refused(refusal)
        here.clocks.filter(ended_at__isnull=True).update(ended_at=now, outcome=TableClock.Outcome.ACTED)
        left = tournament.seatings.filter(ended_at__isnull=True).count()
        in_the_money = players_left_for_money(tournament, left) <= places_paid(tournament)  # a flight: FLIGHT-ITM
        seconds = table_clocks.action_seconds(
            rules, voluntarily_in=voluntarily_in, in_the_money=in_the_money, players_left=left
        )
        clock = TableClock.objects.create(
            tournament=tournament,
            tournament_table=here,
            seat=seat,
            entry=sitting.entry,
            kind=TableClock.Kind.ACTION,
            hand=here.hands_dealt,
            started_at=now,
            ends_at=now + timedelta(seconds=seconds),
            countdown_seconds=min(5, seconds),
            called_by=recorded_user(actor),
        )
        public = {
            "table": table_number,
            **clock.document(),
            "seconds": seconds,
            "extensions_left": table_clocks.extension_chips(sitting.entry.time_extensions, rules),
        }
        op.append(kinds.ACTION_STARTED, public=public, payload=public)
        _expire_at(op, clock)
    return public


def top_up_after_bust(op: Operation, players_left: int) -> None:
    """AC-REPLENISH after a bust: a reaction inside the floor's "player out"."""
    tournament = op.tournament
    rules = tournament.rules().clock
    if not rules.action_clock:
        return  # no clock row read: most busts are in tournaments without an action clock
    clock = Clock.objects.filter(tournament=tournament).first()
    if clock is None:
        return
    state, now = table_clocks.on_players_left(
        _replenishing(clock), players_left, not tournament.registration_closed, rules
    )
    _save_replenishing(clock, state)
    if now:
        _top_up(op, rules, players_left)


def top_up_at_level_start(op: Operation, clock: Clock) -> None:
    """AC-REPLENISH at a level's start (a reaction inside the level boundary's operation):
    top-ups that waited for registration to close."""
    tournament = op.tournament
    rules = tournament.rules().clock
    if not rules.action_clock:
        return
    state, now = table_clocks.on_level_start(_replenishing(clock), not tournament.registration_closed)
    _save_replenishing(clock, state)
    if now:
        _top_up(op, rules, tournament.seatings.filter(ended_at__isnull=True).count())


def _replenishing(clock: Clock) -> table_clocks.Replenishing:
    return table_clocks.Replenishing(frozenset(clock.top_ups_done), frozenset(clock.top_ups_waiting))


def _save_replenishing(clock: Clock, state: table_clocks.Replenishing) -> None:
    Clock.objects.filter(pk=clock.pk).update(top_ups_done=sorted(state.done), top_ups_waiting=sorted(state.waiting))


def _top_up(op: Operation, rules, players_left: int) -> None:
    """Every player still in up to the ruleset's number; a player with more keeps them."""
    active = op.tournament.entries.filter(status=Entry.Status.ACTIVE)
    active.update(time_extensions=Greatest(Coalesce("time_extensions", rules.starting_extensions), rules.top_up_to))
    public = {"to": rules.top_up_to, "players_left": players_left}
    op.append(kinds.ACTION_EXTENSIONS_TOPPED_UP, public=public, payload=public, actor=None)


def expire_due() -> int:
    """Beat's repair: every table clock whose time ran out unnoticed."""
    due = TableClock.objects.filter(ended_at__isnull=True, ends_at__lte=time_source.now()).values_list("id", flat=True)
    return sum(expire(clock_id) for clock_id in due)


def _expire_at(op: Operation, clock: TableClock) -> None:
    op.after_commit("clock.tasks.expire_table_clock", clock.id, eta=clock.ends_at)
