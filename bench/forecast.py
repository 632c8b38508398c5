"""The live forecast of the day (tournaments/rules/forecast.py) against simulated days.

    .venv/bin/python bench/forecast.py [days] [seed]

Each simulated day: entries arrive through late registration (uniformly), levels of 40 minutes
with a 15-minute break every three levels and blinds rising a quarter a level, and each player
still in goes out at a rate of (big blind / average stack) to a power drawn between 0.7 and 1.4
per day: the forecast assumes the power 1, so the bench tests it against days that differ.
At several points of the day the forecast is asked for the bubble, the final table and the
end of the day; the bench prints its median absolute error,
how often the truth fell inside its range, and, as the floor from the same run, the error of a
naive forecast that carries on the busts per wall-clock hour so far in a straight line.
Pure Python, no database.
"""

import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.rules.forecast import Day, forecast  # noqa: E402

LEVEL, BREAK, LEVELS_BETWEEN_BREAKS = 40 * 60, 15 * 60, 3
LATE_REGISTRATION = 3 * 3600  # wall seconds after the start
STACK, FIRST_BIG_BLIND, BLIND_GROWTH = 30_000, 200, 1.25


def levels(breaks: list[tuple[float, float]], count: int = 45) -> list[tuple[float, float, int]]:
    """(start, end, big blind) of each level, the breaks between them."""
    out, t = [], 0.0
    for index in range(count):
        for start, end in breaks:
            if start == t:
                t = end
        out.append((t, t + LEVEL, round(FIRST_BIG_BLIND * BLIND_GROWTH**index)))
        t += LEVEL
    return out


def schedule(hours: int = 30) -> list[tuple[float, float]]:
    """The breaks: after every third level."""
    breaks, t = [], 0.0
    while t < hours * 3600:
        t += LEVEL * LEVELS_BETWEEN_BREAKS
        breaks.append((t, t + BREAK))
        t += BREAK
    return breaks


def simulate(rng: random.Random, entries: int, base: float, power: float) -> dict:
    """One day: entry times and bust times, second-exact, from minute steps."""
    breaks = schedule()
    entry_times = [0.0] * int(entries * 0.7)  # most are seated at the start
    entry_times += sorted(rng.uniform(0, LATE_REGISTRATION) for _ in range(entries - len(entry_times)))
    busts: list[float] = []
    alive, arrived, t, played = 0, 0, 0.0, 0.0
    while True:
        while arrived < len(entry_times) and entry_times[arrived] <= t:
            arrived, alive = arrived + 1, alive + 1
        if alive <= 1 and arrived == len(entry_times):
            break
        if not any(a <= t < b for a, b in breaks):
            big_blind = FIRST_BIG_BLIND * BLIND_GROWTH ** int(played // LEVEL)
            hazard = base * (big_blind * alive / (STACK * arrived)) ** power * 60 / 3600
            out = sum(1 for _ in range(alive) if rng.random() < hazard)
            out = min(out, alive - 1) if arrived == len(entry_times) else out
            busts += sorted(t + rng.uniform(0, 60) for _ in range(out))
            alive -= out
            played += 60
        t += 60
    return {"entries": entry_times, "busts": busts, "breaks": breaks, "levels": levels(breaks)}


def truth(day: dict, players_left: int) -> float:
    """When the field came down to `players_left` (the bust that made it so)."""
    total = len(day["entries"])
    return day["busts"][total - players_left - 1]


def naive(day: dict, now: float, target: int) -> float | None:
    """The floor: busts per wall hour so far, carried on in a straight line."""
    seen = [t for t in day["busts"] if t <= now]
    entered = sum(1 for t in day["entries"] if t <= now)
    if not seen:
        return None
    per_second = len(seen) / now
    return now + (entered - len(seen) - target) / per_second


def run(days: int, seed: int) -> None:
    rng = random.Random(seed)
    checkpoints = (2, 4, 6, 8)  # hours into the day
    errors: dict[tuple[str, int], list[float]] = {}
    inside: dict[tuple[str, int], list[bool]] = {}
    floor: dict[tuple[str, int], list[float]] = {}
    for _ in range(days):
        entries = rng.randint(120, 400)
        paid = max(9, entries // 7)
        day = simulate(rng, entries, base=rng.uniform(2.0, 4.0), power=rng.uniform(0.7, 1.4))
        targets = {"bubble": paid, "final table": 9, "end": 1}
        for hour in checkpoints:
            now = hour * 3600.0
            seen = tuple(t for t in day["busts"] if t <= now)
            sold = tuple(t for t in day["entries"] if t <= now)
            guess = forecast(
                Day(
                    now=now,
                    started_at=0.0,
                    entries=len(sold),
                    bust_times=seen,
                    paid_places=paid,
                    breaks=tuple(day["breaks"]),
                    entry_times=sold,
                    registration_closes_at=float(LATE_REGISTRATION),
                    levels=tuple(day["levels"]),
                    chips_in_play=STACK * len(sold),
                )
            )
            for name, target in targets.items():
                true_at = truth(day, target)
                if true_at <= now:
                    continue
                made = {"bubble": guess.bubble, "final table": guess.final_table, "end": guess.end_of_day}[name]
                if made is None:
                    continue
                key = (name, hour)
                errors.setdefault(key, []).append((made.at - true_at) / 60)
                inside.setdefault(key, []).append(made.early <= true_at <= (made.late or math.inf))
                straight = naive(day, now, target)
                if straight is not None:
                    floor.setdefault(key, []).append((straight - true_at) / 60)
    print(f"{days} simulated days, seed {seed}: forecast error in minutes (forecast minus truth)")
    heads = ("estimate", "at hour", "days", "median |err|", "bias", "in range", "floor |err|")
    print(f"{heads[0]:<12} {heads[1]:>7} {heads[2]:>5} {heads[3]:>13} {heads[4]:>7} {heads[5]:>9} {heads[6]:>12}")
    for (name, hour), found in sorted(errors.items(), key=lambda item: (list(targets).index(item[0][0]), item[0][1])):
        absolute = statistics.median(abs(e) for e in found)
        base = statistics.median(abs(e) for e in floor.get((name, hour), [math.nan]))
        covered = sum(inside[(name, hour)]) / len(found)
        print(
            f"{name:<12} {hour:>7} {len(found):>5} {absolute:>13.0f} {statistics.median(found):>7.0f}"
            f" {covered:>9.0%} {base:>12.0f}"
        )


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else 60, int(sys.argv[2]) if len(sys.argv) > 2 else 26)
