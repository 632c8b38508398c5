"""Day 2 benchmark: draw 1,500 qualified bags of a main event's flights over the Day 2 tables.

    make bench-day-two
    make bench-day-two BENCH_ARGS="--qualifiers 1500 --tables 167 --flights 3"

The draw is the director's one action (`draw_day_two`: every bag going forward becomes an entry
of the main event with its chips and extension chips, the random draw with the flights'
keep-apart groups, every table's button and first-hand positions, the seat rows and the log
event). In the same run the same rows (the Day 2 entries and their seat rows) are
bulk-inserted for a second, identical main event: the baseline. Prints both and the ratio.
The flights' entries, bags and qualifiers are made in bulk: the desk and the floor are not
what this measures.
"""

import argparse
import os
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
from tables.models import ChipBag, KeepApart, Qualifier, Seating, Table  # noqa: E402
from tables.services import day_two  # noqa: E402
from tournaments.models import Entry, Festival, Tournament  # noqa: E402


def main_event(label: str, qualifiers: int, tables: int, flights: int, director) -> Tournament:
    """A main event whose `flights` closed flights hold `qualifiers` bags going forward, with its
    Day 2 tables open (two rooms: 1.. and 1001..)."""
    festival = Festival.objects.create(name=f"Day 2 benchmark {label} {os.getpid()}", venue="loopback")
    main = Tournament.objects.create(
        festival=festival,
        name=f"Main Event {label}",
        ruleset_preset="pokerfest",
        buy_in=10_000,
        starting_stack=30_000,
        status=Tournament.Status.RUNNING,
    )
    first_room = tables // 2
    numbers = list(range(1, first_room + 1)) + list(range(1001, 1001 + tables - first_room))
    Table.objects.bulk_create([Table(festival=festival, number=n, seats=9) for n in numbers])
    now = timezone.now()
    people = Player.objects.bulk_create(
        [
            Player(
                first_name=f"Bag{n}",
                last_name=label,
                date_of_birth=date(1985, 3, 4),
                id_checked_on=now.date(),
                id_document_type="passport",
                id_document_number=f"DAY2{os.getpid()}{label}X{n}",
            )
            for n in range(qualifiers)
        ]
    )
    for f in range(flights):
        flight = Tournament.objects.create(
            festival=festival,
            name=f"Day 1{'ABCDEFGH'[f]}",
            main_event=main,
            buy_in=10_000,
            starting_stack=30_000,
            status=Tournament.Status.FINISHED,
        )
        theirs = people[f::flights]
        entries = Entry.objects.bulk_create(
            [
                Entry(
                    tournament=flight,
                    player=p,
                    number=n + 1,
                    kind="buy_in",
                    chips=30_000,
                    pool_part=10_000,
                    fee_part=0,
                    paid=10_000,
                    method="cash",
                    desk="bench",
                    shift="bench",
                    created_at=now,
                    time_extensions=n % 4,
                )
                for n, p in enumerate(theirs)
            ]
        )
        bags = ChipBag.objects.bulk_create(
            [
                ChipBag(
                    tournament=flight,
                    entry=e,
                    day=1,
                    table=n // 9 + 1,
                    seat=n % 9 + 1,
                    chips=20_000 + 37 * n,
                    time_extensions=e.time_extensions,
                    bagged_at=now,
                    confirmed_at=now,
                )
                for n, e in enumerate(entries)
            ]
        )
        Qualifier.objects.bulk_create(
            [
                Qualifier(
                    main_event=main,
                    flight=flight,
                    bag=b,
                    flight_entry=e,
                    player_id=e.player_id,
                    chips=b.chips,
                    time_extensions=b.time_extensions,
                    status="forward",
                    qualified_at=now,
                )
                for b, e in zip(bags, entries)
            ]
        )
        for g in range(0, min(len(entries), 30), 3):  # ten families kept apart per flight
            group = KeepApart.objects.create(tournament=flight, name=f"family {f}-{g}")
            group.entries.set(entries[g : g + 3])
    day_two.open_day_two_tables(main.id, f"1-{first_room}, 1001-{1000 + tables - first_room}", director)
    return main


def bulk_insert(main: Tournament) -> float:
    """The baseline: the same Day 2 entries and seat rows, inserted in bulk in one transaction."""
    qualifiers = list(main.qualifiers.values_list("player_id", "chips", "time_extensions"))
    tables = list(main.tables.values_list("id", flat=True))
    now = timezone.now()
    began = time.perf_counter()
    with transaction.atomic():
        entries = Entry.objects.bulk_create(
            [
                Entry(
                    tournament=main,
                    player_id=player,
                    number=n + 1,
                    kind="day_two",
                    chips=chips,
                    pool_part=0,
                    fee_part=0,
                    paid=0,
                    method="qualified",
                    desk="",
                    shift="",
                    created_at=now,
                    time_extensions=extensions,
                )
                for n, (player, chips, extensions) in enumerate(qualifiers)
            ],
            batch_size=1000,
        )
        per_table = -(-len(entries) // len(tables))
        Seating.objects.bulk_create(
            [
                Seating(
                    tournament=main,
                    entry=entry,
                    tournament_table_id=tables[i // per_table],
                    seat=i % per_table + 1,
                    started_at=now,
                )
                for i, entry in enumerate(entries)
            ],
            batch_size=1000,
        )
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--qualifiers", type=int, default=1_500)
    parser.add_argument("--tables", type=int, default=167, help="Day 2 tables, split over two rooms")
    parser.add_argument("--flights", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    call_command("migrate", verbosity=0)
    director, _ = User.objects.get_or_create(username="bench-director", defaults={"is_superuser": True})
    drawn = main_event("draw", args.qualifiers, args.tables, args.flights, director)
    baseline = main_event("bulk", args.qualifiers, args.tables, args.flights, director)

    began = time.perf_counter()
    answer = day_two.draw_day_two(drawn.id, director, seed=args.seed)
    draw_seconds = time.perf_counter() - began
    bulk_seconds = bulk_insert(baseline)
    seated = Seating.objects.filter(tournament=drawn, ended_at__isnull=True).count()
    assert seated == args.qualifiers, f"{seated} seated of {args.qualifiers}"
    print(
        f"Day 2: draw {args.qualifiers} qualified bags from {args.flights} flights over {args.tables} tables "
        f"in two rooms ({answer['kept_apart_failed']} keep-apart pairs together)"
    )
    print(f"{'bulk insert of the entry and seat rows':<40} {bulk_seconds * 1000:8.0f} ms")
    print(f"{'pokerfest draw_day_two':<40} {draw_seconds * 1000:8.0f} ms   ratio {draw_seconds / bulk_seconds:.1f}x")


if __name__ == "__main__":
    main()
