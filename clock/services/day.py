"""End of day for multi-day events (CLK-EOD).

Between 15 and 5 minutes before the end of the day's last level the director stops the clock
and announces N hands; every table then plays exactly N more hands, counted down by its
tablet's "hand done", and bags: the floor records each player's chips and unused extension
chips (AC-CARRY). A task ends the day once every table has played its last hand. The next
day starts when the director resumes the clock.

Locks: the operation's order, the tournament row first, then the clock row.

Service floor: calls no other app's services; reads the tables' queries. (Resuming the clock
after the day is over starts the next day: clock/services/level_clock.py.)
"""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clock.models import Clock
from clock.rules import calls as table_clocks
from clock.rules import timeline
from clock.services.level_clock import clock_of
from core import kinds, time_source
from core.access import recorded_user
from core.operation import Operation, operation
from rules.refusals import Refused
from tables.models import ChipBag, TournamentTable
from tables.queries.tables import open_table, sitting_at

MOST_HANDS = 30


def set_day_end(tournament_id: int, level_index: int, director, request_key: str | None = None) -> dict:
    """The director names the level the day's play ends with."""
    with operation(tournament_id, director, request_key) as op:
        clock = clock_of(op)
        if op.repeated:
            return op.repeated.public
        levels = clock.structure.timeline_levels()
        if not 0 <= level_index < len(levels) or levels[level_index].is_break:
            raise Refused(_("Choose a playing level of this structure, not a break."))
        if level_index < clock.level_index:
            raise Refused(_("That level has been played already."))
        clock.day_last_level = level_index
        clock.save(update_fields=["day_last_level"])
        public = {
            "day": clock.day,
            "level_index": level_index,
            "level_number": timeline.play_level_number(levels, level_index),
        }
        op.append(kinds.DAY_END_SET, public=public, payload=public)
    return public


def announce_last_hands(tournament_id: int, hands: int, director, request_key: str | None = None) -> dict:
    """CLK-EOD: stop the clock and give every table the same number of hands still to play."""
    if not 1 <= hands <= MOST_HANDS:
        raise Refused(_("Announce from 1 to %(most_hands)s hands.") % {"most_hands": MOST_HANDS})
    now = time_source.now()
    with operation(tournament_id, director, request_key) as op:
        clock = clock_of(op)
        tournament = op.tournament
        if op.repeated:
            return op.repeated.public
        levels = clock.structure.timeline_levels()
        shown = timeline.view(clock.state, levels, now)
        if refusal := table_clocks.last_hands_refusal(shown, levels, clock.day_last_level):
            raise Refused(refusal)
        clock.set_state(timeline.pause(clock.state, levels, now))
        clock.version += 1
        clock.save()
        playing = tournament.tables.filter(broken_at__isnull=True)
        playing.update(hands_left=hands)
        public = {
            "day": clock.day,
            "hands": hands,
            "clock": clock.document(now, levels),
            "playing": sorted(playing.values_list("table__number", flat=True)),
        }
        op.append(kinds.DAY_LAST_HANDS, public=public, payload=public)
    return public


def start_day_at(op: Operation, level_index: int, because: str) -> dict | None:
    """A reaction inside Day 2's operations (tables/services/day_two.py): the main event's clock,
    not started yet, is set to the level Day 2 starts with, with its full time. Answers the
    clock's document, or None when the clock is already there or has no structure."""
    clock = op.locked_clock()
    if clock is None:
        return None
    if clock.started_at is not None or clock.status != timeline.READY:
        raise Refused(_("Day 2's clock has started: change its level with the clock's controls."))
    levels = clock.structure.timeline_levels()
    if not 0 <= level_index < len(levels) or levels[level_index].is_break:
        raise Refused(_("Choose a playing level of this structure, not a break."))
    if clock.level_index == level_index:
        return None
    now = time_source.now()
    clock.set_state(timeline.go_to_level(clock.state, levels, now, level_index))
    clock.version += 1
    clock.save()
    public = {"clock": clock.document(now, levels)}
    op.append(kinds.CLOCK_LEVEL_SET, public=public, payload={**public, "level_index": level_index, "because": because})
    return public["clock"]


def hand_played(op: Operation, here: TournamentTable) -> None:
    """A reaction inside the floor's "hand done": one of the day's last hands is played."""
    following = table_clocks.hands_left_after(here.hands_left)
    if following is None:
        return
    here.hands_left = following
    here.save(update_fields=["hands_left"])
    if following == 0:
        playing = sorted(
            op.tournament.tables.filter(broken_at__isnull=True, hands_left__gt=0).values_list(
                "table__number", flat=True
            )
        )
        public = {"table": here.table.number, "playing": playing}
        op.append(kinds.TABLE_LAST_HAND_PLAYED, public=public, payload=public, actor=None)
        op.after_commit("clock.tasks.finish_day", op.tournament_id)


def finish_day(tournament_id: int) -> bool:
    """The day ends once every table has played its last hand. Idempotent."""
    with operation(tournament_id) as op:
        clock = op.locked_clock()
        if clock is None or clock.day_over:
            return False
        tables = op.tournament.tables.filter(broken_at__isnull=True)
        counting = tables.filter(hands_left__isnull=False)
        if not counting.exists() or counting.filter(hands_left__gt=0).exists():
            return False
        clock.day_over = True
        clock.save(update_fields=["day_over"])
        public = {"day": clock.day}
        op.append(kinds.DAY_ENDED, public=public, payload=public)
    return True


def finish_due_days() -> int:
    """Beat's repair: days whose last table finished while the finishing task was lost."""
    due = Clock.objects.filter(day_over=False, tournament__tables__hands_left=0).values_list("tournament_id", flat=True)
    return sum(finish_day(tournament_id) for tournament_id in set(due))


def bag_chips(
    tournament_id: int, table_number: int, seat: int, chips: int, actor, request_key: str | None = None
) -> dict:
    """The floor bags a player's chips at a table that has played its last hand; the unused
    extension chips go in the bag with them (AC-CARRY)."""
    with operation(tournament_id, actor, request_key) as op:
        tournament = op.tournament
        clock = op.locked_clock()
        if op.repeated:
            return op.repeated.public
        here = open_table(tournament, table_number)
        if here.hands_left != 0:
            raise Refused(
                _("Table %(table_number)s is still playing: bag its chips after its last hand.")
                % {"table_number": table_number}
            )
        sitting = sitting_at(here, seat)
        day = clock.day if clock else 1
        earlier = ChipBag.objects.select_for_update().filter(entry=sitting.entry, day=day).first()
        corrected = None
        if earlier is not None:
            # CHIP-COUNT: until a second person confirms it, the person who bagged it may count it
            # again: a logged, visible correction (the first count is kept). Anyone else confirms it
            # with their own count; a confirmed bag stands.
            if earlier.confirmed_at:
                raise Refused(
                    _("Seat %(seat)s at table %(table_number)s is already bagged today and the bag is confirmed.")
                    % {"seat": seat, "table_number": table_number}
                )
            if earlier.bagged_by_id is not None and earlier.bagged_by_id != getattr(actor, "id", None):
                raise Refused(
                    _(
                        "Seat %(seat)s at table %(table_number)s is bagged already, by %(person)s: as the "
                        "second person, confirm the bag with your own count."
                    )
                    % {"seat": seat, "table_number": table_number, "person": earlier.bagged_by.get_username()}
                )
            corrected = earlier.chips
            if earlier.first_count is None:
                earlier.first_count = earlier.chips
            earlier.chips, earlier.bagged_at = chips, time_source.now()
            earlier.time_extensions = sitting.entry.time_extensions
            earlier.save(update_fields=["chips", "bagged_at", "first_count", "time_extensions"])
        else:
            try:
                with transaction.atomic():
                    ChipBag.objects.create(
                        tournament=tournament,
                        entry=sitting.entry,
                        day=day,
                        table=table_number,
                        seat=seat,
                        chips=chips,
                        time_extensions=sitting.entry.time_extensions,
                        bagged_at=time_source.now(),
                        bagged_by=recorded_user(actor),
                    )
            except IntegrityError:
                raise Refused(
                    _("Seat %(seat)s at table %(table_number)s is already bagged today.")
                    % {"seat": seat, "table_number": table_number}
                ) from None
        public = {"table": table_number, "seat": seat}
        op.append(
            kinds.CHIPS_BAGGED,
            public=public,
            payload={
                **public,
                "entry": sitting.entry.number,
                "chips": chips,
                "corrected_from": corrected,
                "recount": corrected is not None,
                "time_extensions": sitting.entry.time_extensions,
            },
        )
    return public
