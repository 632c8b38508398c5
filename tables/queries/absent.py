"""Reads for absent players (PEN-ABSENT) and photo ID at restarts (REG-ID): the clock time
absences are measured in, the day of play IDs are checked for, and what the tablet shows.

Query floor: beside tables.queries (no import between them); reads the clock's and the
tournaments' models and the pure rules of tables.rules.absent.
"""

from datetime import datetime, timedelta

from clock.models import Clock
from clock.rules import timeline
from core import kinds
from rules.times import iso_time
from tables.models import Absence, Seating
from tables.rules import absent as absence
from tournaments.models import Entry, Event, PhotoIdCheck, Tournament


def clock_time(tournament_id: int, now: datetime) -> timedelta:
    """The tournament's clock time now: levels and breaks played, pauses (and the nights
    between days) not counted. Zero before the clock has a structure or starts."""
    clock = Clock.objects.filter(tournament_id=tournament_id).select_related("structure").first()
    if clock is None:
        return timedelta(0)
    levels = clock.structure.timeline_levels()
    return timeline.elapsed(clock.state, levels, now) if levels else timedelta(0)


def _seats(tournament: Tournament, table: int | None = None) -> dict[int, tuple[int, int]]:
    """entry id -> (table number, seat) of every player seated now (at table `table` only)."""
    seated = Seating.objects.filter(tournament=tournament, ended_at__isnull=True)
    if table is not None:
        seated = seated.filter(tournament_table__table__number=table)
    return {
        entry: (number, seat)
        for entry, number, seat in seated.values_list("entry_id", "tournament_table__table__number", "seat")
    }


def absent_view(tournament: Tournament, now: datetime, table: int | None = None) -> dict[str, dict[str, dict]]:
    """table -> seat -> the absent player there: since when, retired, and whether the stack
    may be removed now (tables.absence.stack_removal). `table`: that table's seats only."""
    absences = list(Absence.objects.filter(tournament=tournament, ended_at__isnull=True))
    if not absences:  # the usual moment: no seat is read
        return {}
    seats = _seats(tournament, table)
    after = tournament.rules().penalties.absent_stack_removed_after_minutes
    played = clock_time(tournament.id, now)
    shown: dict[str, dict[str, dict]] = {}
    for row in absences:
        if row.entry_id not in seats:
            continue
        table, seat = seats[row.entry_id]
        removal = absence.stack_removal(after, row.retired, played - row.clock_since)
        shown.setdefault(str(table), {})[str(seat)] = {
            "since": iso_time(row.since),
            "retired": row.retired,
            "may_remove": removal.allowed,
            "sentence": removal.sentence,
        }
    return shown


def id_check_day(tournament: Tournament) -> int:
    """REG-ID: the clock's day of play (CLK-EOD); once a day is over, the next one."""
    clock = Clock.objects.filter(tournament=tournament).values("day", "day_over").first()
    return absence.id_check_day(clock["day"], clock["day_over"]) if clock else 1


def _day_began(tournament: Tournament, day: int) -> datetime | None:
    """When the day's checks began: the previous day's end (`day.ended`). None for day 1."""
    if day == 1:
        return None
    return (
        Event.objects.filter(tournament=tournament, kind=kinds.DAY_ENDED.name, payload__day=day - 1)
        .order_by("-seq")
        .values_list("at", flat=True)
        .first()
    )


def id_checks_view(tournament: Tournament, table: int | None = None) -> dict:
    """REG-ID: whether the ruleset asks for photo ID each day, the day of play, the seated
    players still unchecked for it (table, seat order) and the entries checked; `table`: the
    players seated at that table only (a table's own tablet)."""
    day = id_check_day(tournament)
    # The tablets list the next day's checks once it has started (not while the day's chips are
    # bagged); the desk checks a player arriving early all the same.
    started = not Clock.objects.filter(tournament=tournament, day_over=True).exists()
    if not tournament.rules().eligibility.photo_id_each_day:
        return {"required": False, "day": day, "day_started": started, "unchecked": [], "checked": []}
    began = _day_began(tournament, day)
    seats = _seats(tournament, table)
    checks = PhotoIdCheck.objects.filter(tournament=tournament)
    players = Entry.objects.filter(tournament=tournament, status=Entry.Status.ACTIVE)
    if table is not None:  # one table's ten players: their ids are a short list
        checks, players = checks.filter(entry_id__in=seats), players.filter(pk__in=seats)
    checked_days: dict[int, set[int]] = {}
    # The tournament's checks, then the seated players picked out here: a list of every seated
    # entry's id sent back to PostgreSQL would be the whole field again.
    for entry, checked_day in checks.values_list("entry_id", "day"):
        if entry in seats:
            checked_days.setdefault(entry, set()).add(checked_day)
    unchecked, checked = [], []
    # Plain rows, not model instances: on a 200-table floor this reads every seated player.
    for entry, number, created_at, first, last in players.values_list(
        "id", "number", "created_at", "player__first_name", "player__last_name"
    ):
        if entry not in seats:
            continue
        sold_in_day = day == 1 or (began is not None and created_at >= began)
        if absence.id_checked(day, checked_days.get(entry, set()), sold_in_day):
            checked.append(number)
        else:
            table, seat = seats[entry]
            unchecked.append({"table": table, "seat": seat, "entry": number, "name": f"{first} {last}"})
    return {
        "required": True,
        "day": day,
        "day_started": started,
        "unchecked": sorted(unchecked, key=lambda row: (row["table"], row["seat"])),
        "checked": sorted(checked),
    }


def floor_extras(tournament: Tournament, now: datetime, table: int | None = None) -> dict:
    """What the tablet adds to the tables view: the absent seats and the ID checks (at table
    `table` only, for its own tablet)."""
    return {
        "absent": absent_view(tournament, now, table),
        "id_checks": id_checks_view(tournament, table),
        "retiring": tournament.rules().entries.substitutes,
    }  # ENT-SUBST: a retired player is marked so
