"""Seating benchmark: draw a 10,000-player field over 1,112 nine-max tables, then 9,000
eliminations, each followed by the balancing it calls for.

    make bench-seating
    make bench-seating BENCH_ARGS="--players 10000 --tables 1112 --eliminations 9000"

The draw is the director's one action (`draw_field`: the random draw, every table's button
draw and first-hand positions, 10,000 seat rows and the log event). In the same run the same
10,000 seat rows are bulk-inserted for a second, identical tournament: the baseline. Then
players are eliminated at random through the floor's services, as the tablets would: `player
out`, then every balancing move it proposes confirmed, a table broken when the field fits one
table fewer, the final table drawn when it is due. Prints p50/p95/max per elimination,
including that follow-up.
"""

import argparse
import os
import random
import sys
import time
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerfest.settings")
os.environ.setdefault("POKERFEST_NAMESPACE", f"bench-{os.getpid()}")

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import transaction  # noqa: E402
from django.utils import timezone  # noqa: E402

from players.models import Player  # noqa: E402
from tables import queries  # noqa: E402
from tables.services import breaking, draw  # noqa: E402
from tables.services import floor as floor_commands  # noqa: E402
from tables.models import Seating, Table  # noqa: E402
from tournaments.models import Entry, Festival, Tournament  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def field(label: str, players: int, tables: int, director) -> Tournament:
    """A tournament with `players` active entries and `tables` venue tables opened (bulk: the
    desk is not what this measures)."""
    festival = Festival.objects.create(name=f"Seating benchmark {label} {os.getpid()}", venue="loopback")
    tournament = Tournament.objects.create(festival=festival, name=f"Seating benchmark {label}",
                                           ruleset_preset="pokerfest", buy_in=10_000, fee=0,
                                           status=Tournament.Status.REGISTRATION)
    Table.objects.bulk_create([Table(festival=festival, number=n, seats=9) for n in range(1, tables + 1)])
    now = timezone.now()
    people = Player.objects.bulk_create([
        Player(first_name=f"Seat{n}", last_name=label, date_of_birth=date(1985, 3, 4), id_checked_on=now.date(),
               id_document_type="passport", id_document_number=f"SEAT{os.getpid()}{label}X{n}")
        for n in range(players)])
    Entry.objects.bulk_create([
        Entry(tournament=tournament, player=p, number=n + 1, kind="buy_in", chips=10_000, pool_part=10_000,
              fee_part=0, paid=10_000, method="cash", desk="bench", shift="bench", created_at=now)
        for n, p in enumerate(people)])
    Tournament.objects.filter(pk=tournament.pk).update(seats_sold=players)
    draw.open_tables(tournament.id, list(range(1, tables + 1)), director)
    return tournament


def bulk_insert_seats(tournament: Tournament, seats_per_table: int = 9) -> float:
    """The baseline: the same number of seat rows, inserted in bulk in one transaction."""
    entries = list(tournament.entries.values_list("id", flat=True))
    tables = list(tournament.tables.values_list("id", flat=True))
    now = timezone.now()
    began = time.perf_counter()
    with transaction.atomic():
        Seating.objects.bulk_create([
            Seating(tournament=tournament, entry_id=entry, tournament_table_id=tables[i // seats_per_table],
                    seat=i % seats_per_table + 1, started_at=now) for i, entry in enumerate(entries)])
    return time.perf_counter() - began


def eliminate(tournament: Tournament, count: int, rng: random.Random, floor) -> tuple[list[float], dict]:
    latencies, done = [], {"moves": 0, "breaks": 0, "final": 0}
    for _ in range(count):
        seated = list(Seating.objects.filter(tournament=tournament, ended_at__isnull=True)
                      .values_list("tournament_table__table__number", "seat"))
        if len(seated) < 2:
            break
        table, seat = rng.choice(seated)
        began = time.perf_counter()
        needs = floor_commands.player_out(tournament.id, table, seat, floor)
        while needs["moves"] or needs["break_due"] is not None or needs["final_due"]:
            if needs["final_due"]:
                breaking.draw_final_table(tournament.id, floor)
                done["final"] += 1
            elif needs["break_due"] is not None:
                breaking.break_next_table(tournament.id, floor)
                done["breaks"] += 1
            else:
                for move in needs["moves"]:
                    floor_commands.confirm_move(tournament.id, move["from_table"], move["from_seat"], move["to_table"],
                                          move["to_seat"], floor)
                    done["moves"] += 1
            needs = queries.proposed_moves(tournament.id)
        latencies.append((time.perf_counter() - began) * 1000)
    return latencies, done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--tables", type=int, default=1_112)
    parser.add_argument("--eliminations", type=int, default=9_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    call_command("migrate", verbosity=0)
    director, _ = User.objects.get_or_create(username="bench-director", defaults={"is_superuser": True})
    drawn = field("draw", args.players, args.tables, director)
    baseline = field("bulk", args.players, args.tables, director)

    began = time.perf_counter()
    draw.draw_field(drawn.id, director, seed=args.seed)
    draw_seconds = time.perf_counter() - began
    bulk_seconds = bulk_insert_seats(baseline)
    seated = Seating.objects.filter(tournament=drawn, ended_at__isnull=True).count()
    assert seated == args.players, f"{seated} seated of {args.players}"
    print(f"draw {args.players} entrants over {args.tables} tables")
    print(f"{'bulk insert of the seat rows':<30} {bulk_seconds * 1000:8.0f} ms")
    print(f"{'pokerfest draw_field':<30} {draw_seconds * 1000:8.0f} ms   ratio {draw_seconds / bulk_seconds:.1f}x")

    print(f"{args.eliminations} random eliminations, each with its balancing, breaking and final-table follow-up",
          flush=True)
    began = time.perf_counter()
    latencies, done = eliminate(drawn, args.eliminations, random.Random(args.seed), director)
    total = time.perf_counter() - began
    left = queries.proposed_moves(drawn.id)
    print(f"{len(latencies)} eliminations in {total:.0f} s: p50 {percentile(latencies, 0.5):.1f} ms   "
          f"p95 {percentile(latencies, 0.95):.1f} ms   max {max(latencies):.0f} ms per elimination")
    print(f"{done['moves']} balancing moves, {done['breaks']} tables broken, final table drawn: "
          f"{bool(done['final'])}; {left['players_left']} players left")


if __name__ == "__main__":
    main()
