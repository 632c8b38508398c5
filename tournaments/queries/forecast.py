"""The live forecast of the day (issue 26) fed from the tournament: its busts, entries, clock
and structure, venue tables and late registration, into tournaments.rules.forecast; times
back as datetimes for the director's console and the TV."""

from collections import Counter
from datetime import UTC, datetime, timedelta

from django.utils.translation import gettext as _

from clock.models import Clock
from clock.rules import timeline
from tables.models import Seating
from tournaments.models import Elimination, Entry, Tournament
from tournaments.queries.entries import entry_rules
from tournaments.queries.payouts import places_paid
from tournaments.rules import forecast as model


def _at(seconds: float | None) -> datetime | None:
    return None if seconds is None else datetime.fromtimestamp(seconds, tz=UTC)


def _estimate(estimate: model.Estimate | None) -> dict | None:
    if estimate is None:
        return None
    return {"at": _at(estimate.at), "early": _at(estimate.early), "late": _at(estimate.late)}


def day_of(tournament: Tournament, now: datetime) -> model.Day | None:
    """The model's input, or None before the clock starts (no play to measure)."""
    clock = Clock.objects.filter(tournament=tournament).select_related("structure").first()
    if clock is None or clock.status == timeline.READY:
        return None
    levels = clock.structure.timeline_levels()
    if not levels:
        return None
    start = now - timeline.elapsed(clock.state, levels, now)  # the pauses before now left out
    schedule, breaks, t = [], [], start
    for level in levels:
        end = t + level.duration
        (breaks if level.is_break else schedule).append((t.timestamp(), end.timestamp(), level.big_blind))
        t = end
    day_ends_at = None
    if clock.day_last_level is not None and clock.day_last_level < len(levels):
        day_ends_at = start + sum((lv.duration for lv in levels[: clock.day_last_level + 1]), timedelta(0))
    entries = list(
        Entry.objects.filter(tournament=tournament, kind__in=Entry.SEAT_KINDS)
        .exclude(status__in=[Entry.Status.VOIDED, Entry.Status.REFUNDED])
        .values_list("created_at", "chips")
    )
    busts = Elimination.objects.filter(tournament=tournament, undone_at__isnull=True).values_list("at", flat=True)
    seats = Counter(
        Seating.objects.filter(tournament=tournament, ended_at__isnull=True).values_list(
            "tournament_table__table__seats", flat=True
        )
    )
    minutes = entry_rules(tournament).late_entry_minutes
    closes = None if tournament.registration_closed or minutes is None else start + timedelta(minutes=minutes)
    open_seats = sum(tournament.tables.filter(broken_at__isnull=True).values_list("table__seats", flat=True))
    return model.Day(
        now=now.timestamp(),
        started_at=start.timestamp(),
        entries=len(entries),
        bust_times=tuple(sorted(at.timestamp() for at in busts)),
        paid_places=places_paid(tournament),
        seats_per_table=seats.most_common(1)[0][0] if seats else 9,
        breaks=tuple((a, b) for a, b, _ in breaks),
        day_ends_at=day_ends_at.timestamp() if day_ends_at else None,
        entry_times=tuple(sorted(max(at, start).timestamp() for at, _ in entries)),
        registration_closes_at=closes.timestamp() if closes else None,
        capacity=open_seats or None,
        levels=tuple(schedule),
        chips_in_play=sum(chips for _, chips in entries),
        flight=tournament.main_event_id is not None,
    )


def day_forecast(tournament: Tournament, now: datetime) -> dict:
    """The forecast as the console shows it: estimates with ranges, the hours ahead and the
    sell-out; `why_not` says why there is none yet."""
    day = day_of(tournament, now)
    if day is None:
        return {"why_not": "not started"}
    made = model.forecast(day)
    bubble, final, end = _estimate(made.bubble), _estimate(made.final_table), _estimate(made.end_of_day)
    return {
        # the console's rows, labelled in the page's language
        "shown": [(_("Bubble"), bubble), (_("Final table"), final), (_("End of the day"), end)],
        "why_not": made.why_not,
        "players_left": made.players_left,
        "busts_measured": made.busts_measured,
        "rate_per_hour": round(made.rate_per_hour, 3),
        "bubble": bubble,
        "final_table": final,
        "end_of_day": end,
        "day_stops": made.day_stops,
        "flight": day.flight,
        "bags": made.bags,
        "hours": [
            {"at": _at(hour.at), "players": hour.players, "tables": hour.tables, "dealers": hour.dealers}
            for hour in made.hours
        ],
        "sell_out": None
        if made.sell_out is None
        else {"sells_out": made.sell_out.sells_out, "at": _at(made.sell_out.at), "entries": made.sell_out.entries},
    }
