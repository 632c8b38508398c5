"""A festival day, simulated (issue 25): 20 desks, 200 tablets and 5,000 phones for 10 minutes
against two nodes behind the proxy, with level changes and busts as a real day has them.

    make bench-festival-day
    make bench-festival-day BENCH_ARGS="--minutes 1 --phones 500"

Two launchers (`python -m pokerfest.stack run --node`, each two web processes, the live process, a
worker and beat) share this run's PostgreSQL and Redis, behind Debian's nginx running
deploy/nginx.conf (bench/cluster.py, as tests/integration/test_proxy.py runs them). The flight is
loaded in bulk, as bench/seating.py loads one (the venue's tables, the players and their entries:
the morning's registration is not what this measures), then drawn by the director's service
over one table per tablet, nearly full (one seat in ten open for the first late entries); the clock starts through
the API, on levels of --level-seconds. Then, all through the proxy, on one asyncio loop
(bench/festival_clients.py):

- desks: a new player, the desk's check, the late entry's sale, one every --desk-every seconds;
- tablets: the floor view, then a player out (the room's --busts-per-minute spread over the
  tables) or the table's stacks counted (once a level); the floor confirms the balancing moves
  and breaks tables as they fall due;
- phones: the lobby socket, open all day, and the seat page every --seat-every seconds.

Printed: p50/p95 per operation, the 4xx refusals (a person reads them and acts) and the errors
(5xx, no answer, a dropped socket: must be 0), the lobby's lag at p50/p95/p99 (the event's time
in the log -> the frame on the phone), the level changes seen, and the first bottleneck: each
process's CPU as a share of one core, sampled every second, the first to stay at 90 % for five
seconds, else the busiest. The clients themselves are one process on the same machine: when
they are the busiest, the figures say more about the clients than about pokerfest.
"""

import argparse
import asyncio
import logging
import os
import resource
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerfest.settings")
os.environ.setdefault("POKERFEST_NAMESPACE", f"festival-day-{os.getpid()}")

import django  # noqa: E402

django.setup()
logging.getLogger("axes").setLevel(logging.WARNING)  # a line per staff session signed in

import psutil  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.auth.models import Group, User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402
from festival_clients import (  # noqa: E402
    LAG_SAMPLE,
    SATURATED,
    Day,
    Figures,
    Http,
    Sampler,
    desk,
    floor,
    percentile,
    phone,
    tablet,
)

from bench.cluster import Node, Proxy, nginx_binary, node_environment, wait_for_nodes  # noqa: E402
from clock.models import Clock, Level, Structure  # noqa: E402
from core import kinds  # noqa: E402
from core.access import Role  # noqa: E402
from players.models import Player  # noqa: E402
from tables.models import Table  # noqa: E402
from tables.services import draw  # noqa: E402
from tournaments.models import Entry, Festival, Tournament  # noqa: E402

STACK = 20_000
SEATS = 9
# Connections at the proxy: a phone's lobby socket in and out to a node, and its kept-alive HTTP
# connection (two a phone left nginx closing kept-alive connections to make room all day); a
# tablet's about four.
A_PHONE, A_TABLET = 3, 4


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--desks", type=int, default=20)
    parser.add_argument("--tablets", type=int, default=200, help="one per table")
    parser.add_argument("--phones", type=int, default=5000)
    parser.add_argument("--level-seconds", type=int, default=60, help="short levels: a change every minute")
    parser.add_argument("--busts-per-minute", type=float, default=30)
    parser.add_argument("--desk-every", type=float, default=60, help="seconds between one desk's sales")
    parser.add_argument("--seat-every", type=float, default=120, help="seconds between one phone's seat pages")
    # Two, as a node runs them (WEB_PROCESSES): one process of 10 connections a node gave 460
    # errors, two of 5 gave 58 and two of 10 gave 0 twice on the same cores (docs/benchmarks.md,
    # 2026-12-08).
    parser.add_argument("--web-processes", type=int, default=2, help="per node (default: WEB_PROCESSES' 2)")
    parser.add_argument("--seed", type=int, default=25)
    return parser.parse_args()


def staff_cookie(username: str, role: Role) -> str:
    """A session of its own (in PostgreSQL: every node knows it), as a person signed in on one device."""
    user, made = User.objects.get_or_create(username=username)
    if made:
        user.groups.add(Group.objects.get_or_create(name=role.value)[0])
    browser = Client()
    browser.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={browser.cookies[settings.SESSION_COOKIE_NAME].value}"


def load_flight(tables: int, levels: int, level_seconds: int, director) -> tuple[Tournament, list[str]]:
    """The flight, in bulk: `tables` venue tables nearly full (one seat in ten open for the first
    late entries; then a bust frees a seat, and tables break as busts outpace the desks), drawn by
    the director's service; answers it and the entries' seat-page codes."""
    label = f"{os.getpid()}-{int(time.time())}"
    festival = Festival.objects.create(name=f"Festival day {label}", venue="loopback", currency="EUR")
    tournament = Tournament.objects.create(
        festival=festival,
        name=f"Day 1A {label}",
        buy_in=10_000,
        fee=1_000,
        starting_stack=STACK,
        status=Tournament.Status.REGISTRATION,
    )
    structure = Structure.objects.create(name=f"Festival day {label}")
    Level.objects.bulk_create(
        Level(
            structure=structure,
            position=n,
            duration=timedelta(seconds=level_seconds),
            small_blind=100 * (n + 1),
            big_blind=200 * (n + 1),
            ante=200 * (n + 1),
        )
        for n in range(levels)
    )
    Clock.objects.create(tournament=tournament, structure=structure)
    Table.objects.bulk_create([Table(festival=festival, number=n, seats=SEATS) for n in range(1, tables + 1)])
    field = tables * SEATS - max(1, tables // 10)
    today = timezone.now()
    people = Player.objects.bulk_create(
        Player(
            first_name=f"Player{n}",
            last_name="Festival",
            date_of_birth=date(1980, 1, 1) + timedelta(days=n % 9000),
            id_checked_on=today.date(),
            id_document_type="passport",
            id_document_number=f"FDAY{label}X{n}",
        )
        for n in range(field)
    )
    entries = Entry.objects.bulk_create(
        Entry(
            tournament=tournament,
            player=person,
            number=n + 1,
            kind="buy_in",
            chips=STACK,
            pool_part=10_000,
            fee_part=1_000,
            paid=11_000,
            method="cash",
            desk="bulk",
            shift="morning",
            created_at=today,
        )
        for n, person in enumerate(people)
    )
    Tournament.objects.filter(pk=tournament.pk).update(seats_sold=field)
    draw.open_tables(tournament.id, list(range(1, tables + 1)), director)
    draw.draw_field(tournament.id, director)
    return tournament, [entry.public_code for entry in entries]


def watched(nodes: list[Node], proxy: Proxy, database: str, redis_port: int):
    """() -> {name: [processes]}: each node's processes by name, nginx, this run's PostgreSQL
    backends, Redis, and the bench's own clients."""
    me = psutil.Process()

    def groups() -> dict[str, list[psutil.Process]]:
        found: dict[str, list[psutil.Process]] = {"bench clients": [me], "nginx": proxy.processes()}
        for node in nodes:
            for name, pid in node.running().items():
                if name != "launcher":
                    found[f"{node.name.split(':')[0]} {name}"] = [psutil.Process(pid)]
        backends, redis = [], []
        for process in psutil.process_iter(["name", "cmdline"]):
            command = " ".join(process.info["cmdline"] or [])
            if process.info["name"] == "postgres" and f" {database} " in command:
                backends.append(process)
            elif "redis-server" in command and f":{redis_port}" in command:
                redis.append(process)
        found["postgresql (this run's backends)"] = backends
        found["redis"] = redis
        return found

    return groups


def load_line(loads: tuple[float, float, float]) -> str:
    return " / ".join(f"{load:.2f}" for load in loads)


def report(figures: Figures, sampler: Sampler, day: Day, args, levels: list, seconds: float, loads) -> None:
    print(
        f"\nfestival day: {args.desks} desks, {args.tablets} tablets, {args.phones} phones for "
        f"{seconds / 60:.1f} min through the proxy in front of two nodes; {day.sold} late entries sold, "
        f"{day.busted} players out, {len(levels)} level changes"
    )
    print(f"\n{'operation':<28} {'count':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'refused':>8} {'errors':>7}")
    for operation, values in sorted(figures.latencies.items()):
        refused = sum(n for key, n in figures.refused.items() if key.rsplit(" ", 1)[0] == operation)
        errors = sum(n for key, n in figures.errors.items() if key.rsplit(" ", 1)[0] == operation)
        print(
            f"{operation:<28} {len(values):>7} {percentile(values, 0.5):>8.0f} {percentile(values, 0.95):>8.0f} "
            f"{percentile(values, 0.99):>8.0f} {refused:>8} {errors:>7}"
        )
    print(f"\nrefused (4xx, expected in a real room): {sum(figures.refused.values())}")
    for key, count in figures.refused.most_common():
        print(f"  {key}: {count}  e.g. {figures.examples[key]!r}")
    print(f"errors (5xx, no answer, dropped socket; the goal is 0): {sum(figures.errors.values())}")
    for kind, count in figures.kinds.most_common():
        print(f"  {count:>6}  {kind}")
    if figures.errors:
        print("  by operation:")
    for key, count in figures.errors.most_common():
        print(f"  {key}: {count}  e.g. {figures.examples[key][:120]!r}")
    lag = figures.lag
    print(
        f"\nlobby lag (event time -> phone frame, one phone in {LAG_SAMPLE}) over {len(lag)} frames: "
        f"p50 {percentile(lag, 0.5):.0f} ms, "
        f"p95 {percentile(lag, 0.95):.0f} ms, p99 {percentile(lag, 0.99):.0f} ms, max {max(lag, default=0):.0f} ms"
    )
    print(
        f"frames: {figures.received} on all phones; by type on the one phone in {LAG_SAMPLE} that measures the lag: "
        f"{dict(figures.frames)}"
    )
    print("\nCPU, % of one core (mean / p95 / max), sampled every second:")
    busiest = sorted(sampler.samples.items(), key=lambda item: -sum(item[1]) / max(1, len(item[1])))
    for name, values in busiest:
        mean = sum(values) / max(1, len(values))
        print(f"  {name:<36} {mean:6.0f} {percentile(values, 0.95):6.0f} {max(values, default=0):6.0f}")
    if sampler.saturated:
        name, at = sampler.saturated
        print(f"first bottleneck: {name}, at {SATURATED:.0f} % of a core for 5 s from {at:.0f} s into the day")
    elif figures.first_error:
        at, key = figures.first_error
        example = figures.examples[key]
        pool = "database is unavailable" in example
        print(
            f"first bottleneck: {key} from {at:.0f} s into the day"
            + (
                ": the web processes' database pool (DB_POOL_SIZE connections a process) kept a request "
                "waiting longer than DB_WAIT_SECONDS, with no process saturated"
                if pool
                else f": {example[:120]!r}"
            )
        )
    else:
        name = next((n for n, _ in busiest if n != "bench clients"), "none")
        print(f"first bottleneck: none reached (no error, no process at 90 % of a core for 5 s); busiest: {name}")
    machine = sampler.machine
    busy = percentile(machine, 0.5) >= SATURATED
    print(
        f"the machine's CPU, every process on it: mean {sum(machine) / max(1, len(machine)):.0f} %, "
        f"p95 {percentile(machine, 0.95):.0f} % of {psutil.cpu_count()} cores"
        + (" (saturated: the figures are the machine's more than pokerfest's)" if busy else "")
    )
    print(
        f"load average over the run: mean {sum(sampler.loads) / max(1, len(sampler.loads)):.1f}, "
        f"max {max(sampler.loads, default=0):.1f} on {psutil.cpu_count()} cores; 1 / 5 / 15 min before the "
        f"bench {load_line(loads[0])}, as the day began {load_line(loads[1])}, after it {load_line(loads[2])}"
    )


async def the_day(args, tournament: Tournament, codes: list[str], proxy: Proxy, cookies: dict, sampler: Sampler):
    seconds = args.minutes * 60
    day = Day(tournament.id, proxy.port, seconds, args.seed)
    director = Http(proxy.port, cookies["director"])
    started = await day.call(director, "director: clock start", "POST", "/clock/start/", {})
    assert started is not None, day.figures.examples
    socket_base = proxy.base.replace("http://", "ws://", 1)
    ramp = min(30.0, seconds / 4)
    tasks = [asyncio.create_task(sampler.run(day)), asyncio.create_task(floor(day, cookies["floor"]))]
    tasks += [asyncio.create_task(desk(day, n, cookies[f"desk{n}"], args.desk_every)) for n in range(args.desks)]
    tasks += [
        asyncio.create_task(
            tablet(day, n, cookies[f"tablet{n}"], args.busts_per_minute, args.tablets, args.level_seconds)
        )
        for n in range(1, args.tablets + 1)
    ]
    tasks += [
        asyncio.create_task(phone(day, codes[n % len(codes)], args.seat_every, ramp, socket_base, n % LAG_SAMPLE == 0))
        for n in range(args.phones)
    ]
    await asyncio.gather(*tasks)
    director.close()
    return day


def main() -> None:
    args = arguments()
    loads = [os.getloadavg()]  # before the bench, as the day begins, after it
    binary = nginx_binary()
    if binary is None:
        raise SystemExit("festival day: nginx is not installed (`make nginx` installs Debian's)")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = A_PHONE * args.phones + A_TABLET * args.tablets + 1000
    if needed > hard:
        raise SystemExit(f"festival day: {args.phones} phones need {needed} open files; the limit is {hard}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, needed * 2)), hard))
    call_command("migrate", verbosity=0)
    director = staff_cookie("festival-director", Role.DIRECTOR)
    levels = int(args.minutes * 60 / args.level_seconds) + 5
    in_charge = User.objects.get(username="festival-director")
    tournament, codes = load_flight(args.tablets, levels, args.level_seconds, in_charge)
    cookies = {"director": director, "floor": staff_cookie("festival-floor", Role.FLOOR)}
    cookies |= {f"desk{n}": staff_cookie(f"festival-desk-{n}", Role.DESK) for n in range(args.desks)}
    cookies |= {f"tablet{n}": staff_cookie("festival-floor", Role.FLOOR) for n in range(1, args.tablets + 1)}
    print(f"flight {tournament.id}: {len(codes)} players drawn over {args.tablets} tables", flush=True)

    folder = Path(tempfile.mkdtemp(prefix="pokerfest-festival-day-"))
    env = node_environment(
        {**os.environ, "DJANGO_SETTINGS_MODULE": "pokerfest.settings"}, folder / "var", settings.NAMESPACE
    )
    nodes = [Node(letter, env, folder, args.web_processes) for letter in "ab"]
    proxy = None
    try:
        wait_for_nodes(nodes)
        proxy = Proxy(
            binary,
            [f"127.0.0.1:{node.port}" for node in nodes],
            [f"127.0.0.1:{node.live_port}" for node in nodes],
            folder / "nginx",
            worker_connections=A_PHONE * args.phones + A_TABLET * args.tablets + 512,
            access_log=False,
        )
        print(f"two nodes behind nginx on {proxy.base}; the day runs {args.minutes:g} min", flush=True)
        database = settings.DATABASES["default"]["NAME"]
        sampler = Sampler(watched(nodes, proxy, database, urlparse(settings.REDIS_URL).port or 6379))
        began = time.monotonic()
        loads.append(os.getloadavg())
        day = asyncio.run(the_day(args, tournament, codes, proxy, cookies, sampler))
        loads.append(os.getloadavg())
        changes = list(tournament.events.filter(kind=kinds.CLOCK_LEVEL_STARTED.name).values_list("seq", flat=True))
        report(day.figures, sampler, day, args, changes, time.monotonic() - began, loads)
    finally:
        if proxy is not None:
            proxy.stop()
        for node in nodes:
            node.stop()
    print(f"(the nodes' output is in {folder})")


if __name__ == "__main__":
    main()
