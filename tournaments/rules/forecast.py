"""A live forecast of the day (issue 26): from the busts so far and the structure, when the
bubble bursts, when the final table forms and when the day ends (each with a range), the
tables and dealers each hour needs, and whether a flight sells out before registration closes.

Pure: times are seconds on one clock (the query uses seconds since the Unix epoch), passed in.
The model: each player still in goes out at a rate proportional to the pressure of the blinds,
the big blind over the average stack (so it rises with the levels and as the field shrinks),
per second of play (breaks don't count); the factor is measured over the last `window` of
play. Without the structure's blinds the pressure is constant. Late entries
arrive at the rate they came in lately until registration closes. The range is the rate's
90 % bounds for the number of busts it was measured on (Poisson) and MODEL_SPREAD, so it
narrows as the day goes on. bench/forecast.py compares these forecasts with simulated days."""

import math
from dataclasses import dataclass, field

STEP = 60.0  # seconds a step of the projection
HORIZON = 36 * 3600.0  # no forecast beyond a day and a half of wall time
Z90 = 1.645  # a two-sided 90 % range
# Days differ from the model (how hard the blinds bite): the range also carries this share of
# the rate either way, chosen on bench/forecast.py's simulated days (60 days, seed 26): at 0.25
# the bubble's range held it 65-73 % of days, at 0.5 78-83 %, at 0.7 82-90 % but too wide to
# plan by. The end of the day is forecast 40-50 minutes late from hour 4 on: its ranges hold
# about 6 days in 10; the console says so rather than claiming 90 %.
MODEL_SPREAD = 0.5


@dataclass(frozen=True)
class Day:
    now: float
    started_at: float  # when play began
    entries: int  # entries so far, busted or not
    bust_times: tuple[float, ...]  # when each player out so far went out
    paid_places: int
    seats_per_table: int = 9
    final_table: int | None = None  # players at the final table: a full table unless the rules say
    breaks: tuple[tuple[float, float], ...] = ()  # (start, end) of every break, past and ahead
    day_ends_at: float | None = None  # the end of the day's last level, if the day stops there
    entry_times: tuple[float, ...] = ()  # when each entry was sold (for the rate of late entries)
    registration_closes_at: float | None = None
    capacity: int | None = None  # seats in play for the flight: it sells out when all are taken
    window: float = 6 * 3600.0  # play looked back on for the bust rate
    relief_every: int = 3  # one relief dealer for this many tables
    levels: tuple[tuple[float, float, int], ...] = ()  # (start, end, big blind) of each level, past and ahead
    chips_in_play: int = 0  # every chip in play: the average stack is it over the players left
    flight: bool = False  # a flight of a main event: it ends at its day's end with bags, never a winner


@dataclass(frozen=True)
class Estimate:
    at: float  # the likeliest time
    early: float  # the early end of the range (busts come faster)
    late: float | None  # the late end; None when it falls beyond the horizon


@dataclass(frozen=True)
class Hour:
    at: float
    players: int
    tables: int
    dealers: int


@dataclass(frozen=True)
class SellOut:
    sells_out: bool
    at: float | None  # when every seat is taken, if it is
    entries: int  # the entries expected by the close


@dataclass(frozen=True)
class Forecast:
    players_left: int
    busts_measured: int
    rate_per_hour: float  # busts per player per hour of play now
    bubble: Estimate | None = None
    final_table: Estimate | None = None
    end_of_day: Estimate | None = None
    day_stops: bool = False  # the day ends at its last level, before a winner
    bags: int | None = None  # a flight's players expected at its day's end: the bags to Day 2
    hours: list[Hour] = field(default_factory=list)
    sell_out: SellOut | None = None
    why_not: str = ""  # "no busts yet", "over": why there is no estimate


def in_play(a: float, b: float, breaks) -> float:
    """Seconds of play between a and b: the breaks taken out."""
    if b <= a:
        return 0.0
    return (b - a) - sum(max(0.0, min(b, end) - max(a, start)) for start, end in breaks)


def pressure(day: Day, t: float, alive: float) -> float:
    """The big blind over the average stack at time t; 1 when the blinds are not known. Past the
    last level known, the blinds go on growing as they did from its level before."""
    if not day.levels or day.chips_in_play <= 0:
        return 1.0
    big = None
    for start, end, blind in day.levels:
        if start <= t < end:
            big = blind
            break
    if big is None:
        if t < day.levels[0][0]:
            big = day.levels[0][2]
        else:
            start, end, last = day.levels[-1]
            before = day.levels[-2][2] if len(day.levels) > 1 else last
            ratio = max(1.0, last / before) if before else 1.0
            big = last * ratio ** ((t - end) / max(end - start, 60.0) + 1)
    return big * max(alive, 1.0) / day.chips_in_play


def _on_break(t: float, breaks) -> bool:
    return any(start <= t < end for start, end in breaks)


def _window_start(day: Day) -> float:
    """The wall time from which `window` seconds of play run to now (or the start)."""
    t = day.now
    while t > day.started_at and in_play(t, day.now, day.breaks) < day.window:
        t -= STEP
    return max(t, day.started_at)


def _entries_at(day: Day, t: float) -> int:
    if not day.entry_times:
        return day.entries
    return sum(1 for at in day.entry_times if at <= t) + max(0, day.entries - len(day.entry_times))


def measured_rate(day: Day) -> tuple[float, int]:
    """(busts per player per second of play at a pressure of 1, busts counted) over the window."""
    since = _window_start(day)
    busts = sorted(t for t in day.bust_times if since < t <= day.now)
    moments = sorted({since, day.now, *busts, *(t for t in day.entry_times if since < t < day.now)})
    exposure = 0.0
    for a, b in zip(moments, moments[1:], strict=False):
        alive = _entries_at(day, a) - sum(1 for t in day.bust_times if t <= a)
        exposure += max(alive, 0) * pressure(day, (a + b) / 2, alive) * in_play(a, b, day.breaks)
    return (len(busts) / exposure if exposure > 0 else 0.0), len(busts)


def _arrivals_per_second(day: Day) -> float:
    """Late entries per second, as they came in over the last hour (none once registration closes)."""
    if day.registration_closes_at is None or day.now >= day.registration_closes_at or not day.entry_times:
        return 0.0
    since = max(day.now - 3600.0, min(day.entry_times))
    span = day.now - since
    return sum(1 for t in day.entry_times if since < t <= day.now) / span if span > 0 else 0.0


def _project(day: Day, rate: float, arrivals: float, targets: list[int], to_day_end: bool = False):
    """Walk ahead in steps: players left, the first time each target is reached, the players at
    each hour, the most players seated at once before registration closes, and when. A flight
    walks on to its day's end (`to_day_end`): the players left then are its bags."""
    alive = float(day.entries - len(day.bust_times))
    reached: dict[int, float] = {}
    hourly: list[tuple[float, float]] = []
    most, most_at = alive, day.now
    t, next_hour = day.now, day.now + 3600.0
    while t < day.now + HORIZON and (len(reached) < len(targets) or to_day_end):
        if day.day_ends_at is not None and t >= day.day_ends_at:
            break
        if arrivals and day.registration_closes_at is not None and t < day.registration_closes_at:
            alive += arrivals * STEP
            if alive > most:
                most, most_at = alive, t + STEP
        if not _on_break(t, day.breaks):
            alive *= math.exp(-rate * pressure(day, t, alive) * STEP)
        t += STEP
        for target in targets:
            if target not in reached and alive <= target + 0.5:  # the last bust to the target
                reached[target] = t
        if t >= next_hour:
            hourly.append((next_hour, alive))
            next_hour += 3600.0
    return reached, hourly, (most, most_at), alive, t


def forecast(day: Day) -> Forecast:
    left = day.entries - len(day.bust_times)
    if left <= 1:
        return Forecast(players_left=max(left, 0), busts_measured=0, rate_per_hour=0.0, why_not="over")
    rate, busts = measured_rate(day)
    arrivals = _arrivals_per_second(day)
    final = day.final_table or day.seats_per_table
    targets = [t for t in (day.paid_places, final, 1) if t < left] or [1]
    if busts == 0 or rate <= 0:
        return Forecast(
            players_left=left,
            busts_measured=0,
            rate_per_hour=0.0,
            sell_out=_sell_out(day, 0.0, arrivals),
            why_not="no busts yet",
        )
    spread = math.hypot(Z90 / math.sqrt(busts), MODEL_SPREAD)
    to_day_end = day.flight and day.day_ends_at is not None
    mid = _project(day, rate, arrivals, targets, to_day_end)
    fast = _project(day, rate * (1 + spread), arrivals, targets)
    slow = _project(day, rate * max(0.05, 1 - spread), arrivals, targets)

    def estimate(target: int) -> Estimate | None:
        if target >= left or target not in mid[0] and target not in fast[0]:
            return None
        at = mid[0].get(target)
        early = fast[0].get(target, at)
        return Estimate(at=at if at is not None else early, early=early, late=slow[0].get(target))

    finish = None if day.flight else estimate(1)  # a flight's end is its bags, not a winner
    stops = day.day_ends_at is not None and (finish is None or finish.at >= day.day_ends_at)
    if day.flight:
        # Without its last level set, a flight's end is not known: no end forecast at all.
        end = Estimate(at=day.day_ends_at, early=day.day_ends_at, late=day.day_ends_at) if stops else None
    elif stops:
        end = Estimate(
            at=day.day_ends_at,
            early=min(finish.early, day.day_ends_at) if finish else day.day_ends_at,
            late=day.day_ends_at,
        )
    else:
        end = finish
    return Forecast(
        players_left=left,
        busts_measured=busts,
        rate_per_hour=rate * pressure(day, day.now, left) * 3600.0,
        bubble=estimate(day.paid_places) if day.paid_places < left else None,
        final_table=estimate(final) if final < left else None,
        end_of_day=end,
        day_stops=stops,
        bags=max(1, round(mid[3])) if to_day_end else None,
        hours=[_hour(day, at, players) for at, players in mid[1][:12]],
        sell_out=_sell_out(day, rate, arrivals),
    )


def _hour(day: Day, at: float, players: float) -> Hour:
    count = max(1, round(players))
    tables = math.ceil(count / day.seats_per_table)
    return Hour(at=at, players=count, tables=tables, dealers=tables + math.ceil(tables / day.relief_every))


def _sell_out(day: Day, rate: float, arrivals: float) -> SellOut | None:
    """Will every seat be taken before registration closes? Busts free seats as entries come."""
    if day.capacity is None or day.registration_closes_at is None or day.now >= day.registration_closes_at:
        return None
    left = day.entries - len(day.bust_times)
    if left >= day.capacity:
        return SellOut(sells_out=True, at=day.now, entries=day.entries)
    alive, t = float(left), day.now
    while t < day.registration_closes_at:
        alive += arrivals * STEP
        if not _on_break(t, day.breaks):
            alive *= math.exp(-rate * pressure(day, t, alive) * STEP)
        t += STEP
        if alive >= day.capacity:
            return SellOut(sells_out=True, at=t, entries=day.entries + round(arrivals * (t - day.now)))
    return SellOut(
        sells_out=False, at=None, entries=day.entries + round(arrivals * (day.registration_closes_at - day.now))
    )
