"""Seating benchmark: a 10,000-entry flight drawn over 1,112 nine-max tables, then 9,000 busts,
each followed by the balancing or table breaking it calls for.

    make bench-seating
    make bench-seating BENCH_ARGS="--players 10000 --tables 1112 --busts 9000 --repeat 3"

Two identical tournaments are set up (the venue's tables, the players and their entries in
bulk: the desk is not what this measures), and each opens its 1,112 tables through the
director's service. The draw is the director's one action (`draw_field`: the random draw,
every table's button draw and first-hand positions, 10,000 seat rows and the log event). The
baseline, in the same run, is a bulk insert of the same 10,000 seat rows for the second
tournament in one transaction. Draw and bulk insert alternate `--repeat` times (the seats are
deleted between rounds, untimed) and the medians are compared: the goal is the draw within 2x
of the bulk insert.

Then players are put out at random through the floor's services, as the tablets would: the
floor's "Out" (`player_out`), then what it calls for, until nothing is due: every balancing
move it proposes confirmed by the target table, a table broken when the field fits one table
fewer, the final table drawn when it is due. Each bust is timed with that follow-up. The
baseline is the same number of busts in the second tournament done bare: a conditional UPDATE
of the seat row and the log event (the tournament's next seq and the event row), in one
transaction each.

`--bounty knockout|progressive|mystery` runs the same field as a bounty event (50.00 on each
head): each "Out" then names the pot's winner (another seat at that table, picked untimed) and
pays the bounty (ELIM-BY, BNT-KO, BNT-PKO, BNT-MYSTERY): run it beside a run without it, same
seed, to see what the bounty adds to a bust.

The statistics are refreshed after the set-up and again after the draw (ANALYZE), as
autovacuum does for a field that grew over hours of registration and a draw minutes before play.
"""

import argparse
import json
import os
import random
import statistics
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
from django.db import DatabaseError, connection, transaction  # noqa: E402
from django.utils import timezone  # noqa: E402

from core import kinds, log  # noqa: E402
from players.models import Player  # noqa: E402
from tables.models import Seating, Table  # noqa: E402
from tables.queries.tables import proposed_moves  # noqa: E402
from tables.services import breaking, draw  # noqa: E402
from tables.services import floor as floor_commands  # noqa: E402
from tournaments.models import Entry, Festival, Tournament  # noqa: E402
from tournaments.queries.bounties import ledger  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


BOUNTY = 5_000  # minor units on each head with --bounty


def field(label: str, players: int, tables: int, director, bounty_format: str = "none") -> Tournament:
    """A tournament with `players` active entries (bulk) and `tables` venue tables, opened by
    the director's service; `bounty_format`: a bounty event, its entries' bounty parts bought."""
    bounty = 0 if bounty_format == "none" else BOUNTY
    festival = Festival.objects.create(name=f"Seating benchmark {label} {os.getpid()}", venue="loopback")
    tournament = Tournament.objects.create(
        festival=festival,
        name=f"Seating benchmark {label}",
        ruleset_preset="pokerfest",
        buy_in=10_000,
        fee=0,
        bounty_format=bounty_format,
        bounty=bounty,
        registration_closed=True,  # a mystery's bounty stage waits for a closed field
        status=Tournament.Status.REGISTRATION,
    )
    Table.objects.bulk_create([Table(festival=festival, number=n, seats=9) for n in range(1, tables + 1)])
    now = timezone.now()
    people = Player.objects.bulk_create(
        [
            Player(
                first_name=f"Seat{n}",
                last_name=label,
                date_of_birth=date(1985, 3, 4),
                id_checked_on=now.date(),
                id_document_type="passport",
                id_document_number=f"SEAT{os.getpid()}{label}X{n}",
            )
            for n in range(players)
        ]
    )
    Entry.objects.bulk_create(
        [
            Entry(
                tournament=tournament,
                player=p,
                number=n + 1,
                kind="buy_in",
                chips=10_000,
                pool_part=10_000,
                fee_part=0,
                bounty_part=bounty,
                head=0 if bounty_format == "mystery" else bounty,
                paid=10_000 + bounty,
                method="cash",
                desk="bench",
                shift="bench",
                created_at=now,
            )
            for n, p in enumerate(people)
        ]
    )
    Tournament.objects.filter(pk=tournament.pk).update(seats_sold=players)
    draw.open_tables(tournament.id, list(range(1, tables + 1)), director)
    return tournament


def analyze() -> None:
    with connection.cursor() as cursor:
        for model in (Player, Entry, Table, Seating, Tournament):
            cursor.execute(f"ANALYZE {model._meta.db_table}")
        cursor.execute("ANALYZE tables_tournamenttable")


def bulk_insert_seats(tournament: Tournament, seats_per_table: int = 9) -> float:
    """The baseline: the same number of seat rows, inserted in bulk in one transaction."""
    entries = list(tournament.entries.values_list("id", flat=True))
    tables = list(tournament.tables.order_by("open_order").values_list("id", flat=True))
    now = timezone.now()
    began = time.perf_counter()
    with transaction.atomic():
        Seating.objects.bulk_create(
            [
                Seating(
                    tournament=tournament,
                    entry_id=entry,
                    tournament_table_id=tables[i // seats_per_table],
                    seat=i % seats_per_table + 1,
                    started_at=now,
                )
                for i, entry in enumerate(entries)
            ]
        )
    return time.perf_counter() - began


def remove_seats(tournament: Tournament) -> None:
    """Between rounds, untimed: the field is undrawn again."""
    Seating.objects.filter(tournament=tournament).delete()


def draw_against_bulk(drawn: Tournament, baseline: Tournament, director, repeat: int, seed: int) -> None:
    draws, bulks = [], []
    for round_ in range(repeat):
        if round_:
            remove_seats(drawn)
            remove_seats(baseline)
        bulks.append(bulk_insert_seats(baseline))
        began = time.perf_counter()
        draw.draw_field(drawn.id, director, seed=seed + round_)
        draws.append(time.perf_counter() - began)
        print(
            f"  round {round_ + 1}: bulk insert {bulks[-1] * 1000:6.0f} ms   draw_field {draws[-1] * 1000:6.0f} ms   "
            f"{draws[-1] / bulks[-1]:.2f}x",
            flush=True,
        )
    bulk, drawing = statistics.median(bulks), statistics.median(draws)
    print(f"{'bulk insert of the seat rows':<30} {bulk * 1000:8.0f} ms (median)")
    print(
        f"{'pokerfest draw_field':<30} {drawing * 1000:8.0f} ms (median)   ratio {drawing / bulk:.2f}x   "
        f"goal <= 2x: {'met' if drawing <= 2 * bulk else 'NOT met'}"
    )


def a_seated_player(tournament: Tournament, still_in: list[int], rng: random.Random) -> tuple[int, int] | None:
    """(table, seat) of a random player still seated, untimed."""
    while still_in:
        entry = still_in.pop(rng.randrange(len(still_in)))
        place = (
            Seating.objects.filter(tournament=tournament, entry_id=entry, ended_at__isnull=True)
            .values_list("tournament_table__table__number", "seat")
            .first()
        )
        if place is not None:
            return place
    return None


def follow_up(tournament_id: int, needs: dict, floor, done: dict) -> None:
    """What the bust calls for, as the floor carries it out, until nothing is due."""
    while needs["moves"] or needs["break_due"] is not None or needs["final_due"]:
        if needs["final_due"]:
            breaking.draw_final_table(tournament_id, floor)
            done["final"] += 1
        elif needs["break_due"] is not None:
            breaking.break_next_table(tournament_id, floor)
            done["breaks"] += 1
        else:
            for move in needs["moves"]:
                floor_commands.confirm_move(
                    tournament_id, move["from_table"], move["from_seat"], move["to_table"], move["to_seat"], floor
                )
                done["moves"] += 1
        needs = proposed_moves(tournament_id)


def the_pots_winner(tournament: Tournament, table: int, seat: int) -> list[int] | None:
    """ELIM-BY, untimed: another seat at the table won the pot (a bounty event needs one)."""
    if tournament.bounty_format == "none":
        return None
    other = (
        Seating.objects.filter(tournament=tournament, tournament_table__table__number=table, ended_at__isnull=True)
        .exclude(seat=seat)
        .values_list("seat", flat=True)
        .first()
    )
    return [other] if other is not None else None


class Statements:
    """Counts the statements a bust sends (BEGIN, SAVEPOINT and the like apart); on a sampled
    bust it keeps them too, to be explained after it (untimed)."""

    BOOKKEEPING = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")

    def __init__(self):
        self.count, self.kept, self.keeping = 0, [], False

    def __call__(self, execute, sql, params, many, context):
        if not sql.lstrip().upper().startswith(self.BOOKKEEPING):
            self.count += 1
            if self.keeping:
                self.kept.append((sql, params))
        return execute(sql, params, many, context)


PER_PLAYER_TABLES = {Entry._meta.db_table, Seating._meta.db_table, Player._meta.db_table}


def rows_read(plan: dict) -> int:
    """Rows a plan's scans of the per-player tables read (kept or filtered out), all loops."""
    own = 0
    if plan.get("Relation Name") in PER_PLAYER_TABLES:
        own = (plan.get("Actual Rows", 0) + plan.get("Rows Removed by Filter", 0)) * plan.get("Actual Loops", 1)
    return own + sum(rows_read(child) for child in plan.get("Plans", []))


def whole_field_statements(kept: list[tuple[str, tuple]], field: int) -> list[tuple[int, str]]:
    """The statements of one bust that read at least half the field's rows (`field`: the entries
    of the tournament), by EXPLAIN ANALYZE run again after the bust in a transaction rolled back."""
    found = []
    for sql, params in kept:
        try:
            with transaction.atomic():
                with connection.cursor() as cursor:
                    cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + sql, params)
                    plan = cursor.fetchone()[0]
                    plan = json.loads(plan) if isinstance(plan, str) else plan
                raise Rollback
        except Rollback:
            pass
        except DatabaseError:
            continue  # a statement that cannot run twice (a unique insert): not a scan of the field
        read = rows_read(plan[0]["Plan"])
        if read >= field / 2:
            found.append((read, " ".join(sql.split())))
    return found


class Rollback(Exception):
    pass


def bust_through_the_floor(
    tournament: Tournament, count: int, rng: random.Random, floor, sample_every: int
) -> tuple[list, list, dict, list, list]:
    """Per bust: the "Out" alone, and the "Out" with its follow-up (ms); the statements each
    bust sent, and for every `sample_every`-th, those that read the whole field."""
    still_in = list(tournament.entries.values_list("id", flat=True))
    field = len(still_in)
    outs, latencies, done = [], [], {"moves": 0, "breaks": 0, "final": 0}
    statements, counts, samples = Statements(), [], []
    for n in range(count):
        if len(still_in) < 2:
            break
        place = a_seated_player(tournament, still_in, rng)
        if place is None:
            break
        winners = the_pots_winner(tournament, *place)
        statements.count, statements.kept, statements.keeping = 0, [], n % sample_every == 0
        with connection.execute_wrapper(statements):
            began = time.perf_counter()
            needs = floor_commands.player_out(tournament.id, place[0], place[1], floor, eliminated_by=winners)
            outs.append((time.perf_counter() - began) * 1000)
            follow_up(tournament.id, needs, floor, done)
            latencies.append((time.perf_counter() - began) * 1000)
        counts.append(statements.count)
        if statements.keeping:
            samples.append((n + 1, statements.count, whole_field_statements(statements.kept, field)))
    return outs, latencies, done, counts, samples


def statements_report(counts: list[int], samples: list) -> None:
    print(
        f"{'statements per bust':<30} p50 {percentile(counts, 0.5):.0f}   p95 {percentile(counts, 0.95):.0f}   "
        f"max {max(counts)}   (Out + follow-up; BEGIN/SAVEPOINT/COMMIT not counted)"
    )
    whole = [len(found) for _, _, found in samples]
    print(
        f"{'of them over the whole field':<30} p50 {percentile(whole, 0.5):.0f}   max {max(whole)}   "
        f"({len(samples)} busts sampled; a statement reading at least half the field's rows, EXPLAIN ANALYZE)"
    )
    seen: dict[str, int] = {}
    for _, _, found in samples:
        for read, sql in found:
            seen[sql[:150]] = max(read, seen.get(sql[:150], 0))
    for sql, read in sorted(seen.items(), key=lambda item: -item[1]):
        print(f"  {read:6d} rows  {sql}")


def bust_bare(tournament: Tournament, count: int, rng: random.Random, floor) -> list[float]:
    """The baseline: per bust, a conditional UPDATE of the seat row and the log event, in one
    transaction."""
    still_in = list(tournament.entries.values_list("id", flat=True))
    latencies = []
    for _ in range(count):
        place = a_seated_player(tournament, still_in, rng)
        if place is None:
            break
        table, seat = place
        began = time.perf_counter()
        with transaction.atomic():
            ended = Seating.objects.filter(
                tournament=tournament, tournament_table__table__number=table, seat=seat, ended_at__isnull=True
            ).update(ended_at=timezone.now(), ended_because="busted")
            assert ended == 1
            public = {"table": table, "seat": seat}
            log.append_event(tournament.id, kinds.PLAYER_OUT, actor=floor, payload=public, public=public)
        latencies.append((time.perf_counter() - began) * 1000)
    return latencies


def spread(values: list[float]) -> str:
    return (
        f"p50 {percentile(values, 0.5):6.1f} ms   p95 {percentile(values, 0.95):6.1f} ms   "
        f"p99 {percentile(values, 0.99):6.1f} ms   max {max(values):6.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--tables", type=int, default=1_112)
    parser.add_argument("--busts", "--eliminations", type=int, default=9_000)
    parser.add_argument("--repeat", type=int, default=3, help="rounds of draw against bulk insert (medians)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--sample-every", type=int, default=500, help="explain the statements of every n-th bust")
    parser.add_argument("--bounty", choices=["none", "knockout", "progressive", "mystery"], default="none")
    args = parser.parse_args()

    call_command("migrate", verbosity=0)
    director, _ = User.objects.get_or_create(username="bench-director", defaults={"is_superuser": True})
    drawn = field("draw", args.players, args.tables, director, args.bounty)
    baseline = field("bulk", args.players, args.tables, director)
    analyze()

    print(f"draw {args.players} entries over {args.tables} tables, {args.repeat} rounds", flush=True)
    draw_against_bulk(drawn, baseline, director, args.repeat, args.seed)
    seated = Seating.objects.filter(tournament=drawn, ended_at__isnull=True).count()
    assert seated == args.players, f"{seated} seated of {args.players}"
    analyze()  # autovacuum's statistics of a drawn field, before play starts

    print(f"bounty format: {args.bounty}", flush=True)
    print(f"{args.busts} busts at random, each with the balancing, breaking and final table it calls for", flush=True)
    began = time.perf_counter()
    outs, latencies, done, counts, samples = bust_through_the_floor(
        drawn, args.busts, random.Random(args.seed), director, args.sample_every
    )
    total = time.perf_counter() - began
    began = time.perf_counter()
    bare = bust_bare(baseline, len(latencies), random.Random(args.seed), director)
    bare_total = time.perf_counter() - began
    left = proposed_moves(drawn.id)
    print(f"{'bare UPDATE + log event':<30} {spread(bare)}   {len(bare)} in {bare_total:.0f} s (with picking)")
    print(f"{'pokerfest Out':<30} {spread(outs)}")
    print(f"{'pokerfest Out + follow-up':<30} {spread(latencies)}   {len(latencies)} in {total:.0f} s (with picking)")
    print(
        f"{'ratio (Out + follow-up)':<30} p50 {percentile(latencies, 0.5) / percentile(bare, 0.5):.1f}x   "
        f"p95 {percentile(latencies, 0.95) / percentile(bare, 0.95):.1f}x   "
        f"total {sum(latencies) / sum(bare):.1f}x"
    )
    statements_report(counts, samples)
    print(
        f"{done['moves']} balancing moves, {done['breaks']} tables broken, final table drawn: "
        f"{bool(done['final'])}; {left['players_left']} players left"
    )
    if args.bounty != "none":  # BNT-POOL: every cent of the bounty pool is somewhere after the run
        book = ledger(drawn)
        parts = book["won"] + book["on_heads"] + book["envelopes_left"] + book["carried"]
        print(
            f"bounty pool {book['pool'] / 100:,.2f}: won {book['won'] / 100:,.2f} + on heads "
            f"{book['on_heads'] / 100:,.2f} + envelopes left {book['envelopes_left'] / 100:,.2f} + carried "
            f"{book['carried'] / 100:,.2f} = {parts / 100:,.2f} ({'exact' if parts == book['pool'] else 'NOT EXACT'})"
        )


if __name__ == "__main__":
    main()
