"""Level-clock benchmark: a level boundary reaching every screen of a 200-table room.

    make bench-clock
    make bench-clock BENCH_ARGS="--tables 200 --levels 8 --level-seconds 3"

Starts its own web processes and a Celery worker on loopback, opens one floor-tablet socket
(signed in as a floor person) and one lobby socket per table, and runs a clock whose levels
last --level-seconds. Each boundary is the worker's scheduled task (advance_level, ETA at the
level's end): the lag of a screen is the time from the level's scheduled end to its socket
receiving `clock.level_started`. In the same run it measures the baseline: a raw redis-py
publish at a scheduled moment to the same number of subscribers. Prints p50/p99 of every
screen's lag and of the last screen per boundary, for both.
"""

import argparse
import asyncio
import json
import os
import resource
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerfest.settings")
os.environ.setdefault("POKERFEST_NAMESPACE", f"bench-{os.getpid()}")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY  # noqa: E402
from django.contrib.auth.models import Group, User  # noqa: E402
from django.contrib.sessions.backends.db import SessionStore  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from bench.fanout import percentile, raw_subscribers  # noqa: E402
from clock.models import Clock, Level, Structure  # noqa: E402
from clock.services import level_clock as services  # noqa: E402
from pokerfest import stack  # noqa: E402
from tournaments.models import Festival, Tournament  # noqa: E402


def summary(name: str, lags_ms: list[float]) -> str:
    return f"{name:<34} p50 {percentile(lags_ms, 0.5):7.1f} ms   p99 {percentile(lags_ms, 0.99):7.1f} ms"


def bench_tournament(levels: int, seconds: float) -> int:
    festival = Festival.objects.create(name="Clock benchmark festival", venue="loopback")
    tournament = Tournament.objects.create(festival=festival, name=f"Clock benchmark {os.getpid()}")
    structure = Structure.objects.create(name="clock bench")
    for position in range(levels + 1):
        Level.objects.create(
            structure=structure,
            position=position,
            small_blind=100 * (position + 1),
            big_blind=200 * (position + 1),
            duration=timedelta(seconds=seconds),
        )
    Clock.objects.create(tournament=tournament, structure=structure)
    return tournament.id


def floor_session() -> str:
    """A signed-in floor person's session cookie, as the tablets have."""
    user, _ = User.objects.get_or_create(username="bench-floor")
    user.groups.add(Group.objects.get_or_create(name="floor")[0])
    session = SessionStore()
    session[SESSION_KEY], session[BACKEND_SESSION_KEY] = str(user.pk), "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


async def open_screens(base: str, tournament_id: int, tables: int, cookie: str) -> list:
    screens = []
    for start in range(0, tables, 50):
        batch = min(50, tables - start)
        opened = await asyncio.gather(
            *[
                connect(
                    f"{base}/ws/tournaments/{tournament_id}/floor/",
                    origin="http://127.0.0.1",
                    additional_headers={"Cookie": f"sessionid={cookie}"},
                    open_timeout=60,
                )
                for _ in range(batch)
            ],
            *[
                connect(f"{base}/ws/tournaments/{tournament_id}/lobby/", origin="http://127.0.0.1", open_timeout=60)
                for _ in range(batch)
            ],
        )
        for screen in opened:
            assert json.loads(await asyncio.wait_for(screen.recv(), 30))["type"] == "snapshot"
        screens.extend(opened)
    return screens


async def product_path(args, base: str, tournament_id: int, cookie: str) -> tuple[list[float], list[float]]:
    screens = await open_screens(base, tournament_id, args.tables, cookie)
    arrivals: dict[int, list[float]] = {}

    async def listen(screen):
        async for text in screen:
            frame = json.loads(text)
            if frame.get("kind") == "clock.level_started":
                arrivals.setdefault(frame["data"]["clock"]["level_index"], []).append(time.time())

    listeners = [asyncio.create_task(listen(screen)) for screen in screens]
    loop = asyncio.get_running_loop()
    await asyncio.sleep(1)
    started = await loop.run_in_executor(None, lambda: services.start_clock(tournament_id, None))
    first_end = datetime.fromisoformat(started["ends_at"]).timestamp()
    deadline = time.monotonic() + args.levels * args.level_seconds + 30
    while len(arrivals.get(args.levels, [])) < len(screens) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    for task in listeners:
        task.cancel()
    await asyncio.gather(*[screen.close() for screen in screens], return_exceptions=True)
    every, last = [], []
    for level in range(1, args.levels + 1):
        boundary = first_end + (level - 1) * args.level_seconds  # each level ends a level after the last
        got = arrivals.get(level, [])
        assert len(got) == len(screens), f"level {level}: {len(got)} of {len(screens)} screens got it"
        every += [(t - boundary) * 1000 for t in got]
        last.append((max(got) - boundary) * 1000)
    return every, last


async def raw_pubsub(args, subscribers_count: int) -> tuple[list[float], list[float]]:
    channel = f"{settings.NAMESPACE}:bench-clock-raw"
    every, last = [], []
    async with raw_subscribers(channel, subscribers_count, clock=time.time) as (arrivals, publisher):
        for level in range(1, args.levels + 1):
            boundary = time.time() + 0.5
            await asyncio.sleep(boundary - time.time())  # "scheduled" like a level's end
            await publisher.publish(channel, f"{level:08d}".encode() + b"x" * 600)
            deadline = time.monotonic() + 15
            while len(arrivals.get(level, [])) < subscribers_count and time.monotonic() < deadline:
                await asyncio.sleep(0.005)
            got = arrivals.get(level, [])
            every += [(t - boundary) * 1000 for t in got]
            last.append((max(got) - boundary) * 1000)
    return every, last


async def measure(args, tournament_id: int, cookie: str) -> None:
    sock = stack.listening_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    quiet = {"stdout": open(os.devnull, "w"), "stderr": open(os.devnull, "w")}
    children = [
        stack.spawn(stack.web_command(sock), env, pass_fds=(sock.fileno(),), **quiet) for _ in range(args.web_processes)
    ]
    children.append(stack.spawn(stack.worker_command(), env, **quiet))
    try:
        await asyncio.sleep(4)
        print(
            f"{args.tables} tables: {args.tables} tablet + {args.tables} lobby sockets, {args.levels} level "
            f"boundaries of {args.level_seconds:g} s, {args.web_processes} web process(es), one Celery worker",
            flush=True,
        )
        every, last = await product_path(args, f"ws://127.0.0.1:{port}", tournament_id, cookie)
        raw_every, raw_last = await raw_pubsub(args, 2 * args.tables)
    finally:
        stack.stop_processes(children)
        sock.close()
    print(summary("raw redis-py pub/sub, every sub", raw_every))
    print(summary("raw redis-py pub/sub, last sub", raw_last))
    print(summary("pokerfest boundary, every screen", every))
    print(summary("pokerfest boundary, last screen", last))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--levels", type=int, default=8)
    parser.add_argument("--level-seconds", type=float, default=3)
    parser.add_argument("--web-processes", type=int, default=2)
    arguments = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    call_command("migrate", verbosity=0)
    bench_id = bench_tournament(arguments.levels, arguments.level_seconds)
    session_cookie = floor_session()
    connection.close()
    asyncio.run(asyncio.wait_for(measure(arguments, bench_id, session_cookie), 600))
