"""Fan-out benchmark: N lobby sockets, one broadcast, how long until the last socket has it.

    make bench                                   # 2,000 clients, 20 broadcasts, 2 web processes
    make bench BENCH_ARGS="--clients 500 --web-processes 1"

Needs DATABASE_URL and REDIS_URL (`make bench` provides them). It starts its own web processes
on a free loopback port, opens the clients in this process, and in the same run measures the
baseline: raw redis-py pub/sub to the same number of subscribers, with a message of the same
size. It prints p50/p99 of "publish to the last client received" for both and their ratio.
Product path "publish" is the start of a real director service call (transaction, event row,
broadcast after commit), so the product figure includes that work too.
Loopback only; every wait is bounded; the whole run stops itself after --max-seconds.
"""

import argparse
import asyncio
import contextlib
import json
import os
import resource
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerfest.settings")
os.environ.setdefault("POKERFEST_NAMESPACE", f"bench-{os.getpid()}")

import django  # noqa: E402

django.setup()

import redis.asyncio as aioredis  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from clock.services import level_clock as services  # noqa: E402
from clock.models import Clock, Level, Structure  # noqa: E402
from pokerfest import stack  # noqa: E402
from tournaments.models import Festival, Tournament  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def summary(name: str, latencies_ms: list[float], lost: int) -> str:
    return (f"{name:<28} p50 {percentile(latencies_ms, 0.5):7.1f} ms   p99 {percentile(latencies_ms, 0.99):7.1f} ms   "
            f"mean {statistics.mean(latencies_ms):7.1f} ms   lost {lost}")


async def wait_for_round(arrivals: dict[int, list[float]], key: int, expected: int, started: float,
                         latencies: list[float]) -> int:
    """Wait (bounded) until every client has message `key`; record the last arrival; return
    how many never got it."""
    deadline = time.monotonic() + 15
    while len(arrivals.get(key, [])) < expected and time.monotonic() < deadline:
        await asyncio.sleep(0.002)
    got = arrivals.get(key, [])
    if got:
        latencies.append((max(got) - started) * 1000)
    await asyncio.sleep(0.2)
    return expected - len(got)


def bench_tournament() -> int:
    festival = Festival.objects.create(name="Benchmark festival", venue="loopback")
    tournament = Tournament.objects.create(festival=festival, name=f"Fan-out benchmark {os.getpid()}")
    structure = Structure.objects.create(name="bench")
    Level.objects.create(structure=structure, position=0, small_blind=100, big_blind=200, ante=200,
                         duration=timedelta(hours=10))
    Clock.objects.create(tournament=tournament, structure=structure)
    services.start_clock(tournament.id, None)
    return tournament.id


def director_adjusts(tournament_id: int, seconds: int) -> None:
    try:
        services.adjust_clock(tournament_id, None, seconds)
    finally:
        connection.close()


async def open_clients(url: str, count: int, batch: int = 100) -> list:
    clients = []
    for start in range(0, count, batch):
        opened = await asyncio.gather(*[
            connect(url, origin="http://127.0.0.1", compression=None, max_queue=None, open_timeout=60)
            for _ in range(min(batch, count - start))
        ])
        for client in opened:
            snapshot = json.loads(await asyncio.wait_for(client.recv(), 30))
            assert snapshot["type"] == "snapshot", snapshot
        clients.extend(opened)
    return clients


async def product_path(args, base_port_url: str, tournament_id: int) -> tuple[list[float], int, int, list[float]]:
    clients = await open_clients(f"{base_port_url}/ws/tournaments/{tournament_id}/lobby/", args.clients)
    arrivals: dict[int, list[float]] = {}
    frame_size = [0]

    async def listen(client):
        async for text in client:
            seq = json.loads(text)["seq"]
            frame_size[0] = len(text)
            arrivals.setdefault(seq, []).append(time.perf_counter())

    listeners = [asyncio.create_task(listen(client)) for client in clients]
    loop = asyncio.get_running_loop()
    latencies, service_ms, lost = [], [], 0
    await asyncio.sleep(1)  # the pub/sub layer's first message after subscribing is slow
    seq = await loop.run_in_executor(None, lambda: Tournament.objects.get(pk=tournament_id).last_seq)
    for round_number in range(args.broadcasts):
        seq += 1
        started = time.perf_counter()
        await loop.run_in_executor(None, director_adjusts, tournament_id, 1 if round_number % 2 == 0 else -1)
        service_ms.append((time.perf_counter() - started) * 1000)
        lost += await wait_for_round(arrivals, seq, len(clients), started, latencies)
    for task in listeners:
        task.cancel()
    await asyncio.gather(*[client.close() for client in clients], return_exceptions=True)
    return latencies, lost, frame_size[0], service_ms


@contextlib.asynccontextmanager
async def raw_subscribers(channel: str, count: int, clock=time.perf_counter):
    """The baseline's audience: `count` redis-py pub/sub subscribers on `channel`, each
    recording when a message arrives, keyed by the message's first 8 digits. Yields that
    record and a publisher; unsubscribes and closes everything after."""
    subscribers = []
    for _ in range(count):
        client = aioredis.Redis.from_url(settings.REDIS_URL)
        pubsub = client.pubsub()
        await pubsub.subscribe(channel)
        subscribers.append((client, pubsub))
    arrivals: dict[int, list[float]] = {}

    async def listen(pubsub):
        async for message in pubsub.listen():
            if message["type"] == "message":
                arrivals.setdefault(int(message["data"][:8]), []).append(clock())

    listeners = [asyncio.create_task(listen(pubsub)) for _, pubsub in subscribers]
    publisher = aioredis.Redis.from_url(settings.REDIS_URL)
    await asyncio.sleep(1)
    try:
        yield arrivals, publisher
    finally:
        for task in listeners:
            task.cancel()
        for client, pubsub in subscribers:
            await pubsub.aclose()
            await client.aclose()
        await publisher.aclose()


async def raw_pubsub(args, size: int) -> tuple[list[float], int]:
    latencies, lost = [], 0
    async with raw_subscribers(f"{settings.NAMESPACE}:bench-raw", args.clients) as (arrivals, publisher):
        for round_number in range(args.broadcasts):
            payload = f"{round_number:08d}".encode() + b"x" * max(0, size - 8)
            started = time.perf_counter()
            await publisher.publish(f"{settings.NAMESPACE}:bench-raw", payload)
            lost += await wait_for_round(arrivals, round_number, args.clients, started, latencies)
    return latencies, lost


async def measure(args, tournament_id: int) -> None:
    sock = stack.listening_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    web = [stack.spawn(stack.web_command(sock), env, pass_fds=(sock.fileno(),), stdout=open(os.devnull, "w"),
                       stderr=open(os.devnull, "w")) for _ in range(args.web_processes)]
    try:
        await asyncio.sleep(3)
        print(f"fan-out to {args.clients} lobby sockets, {args.broadcasts} broadcasts, "
              f"{args.web_processes} web process(es), Redis {settings.REDIS_URL}", flush=True)
        opened = time.perf_counter()
        product, product_lost, size, service_ms = await product_path(args, f"ws://127.0.0.1:{port}", tournament_id)
        print(f"(opening the sockets and the product rounds took {time.perf_counter() - opened:.1f} s; "
              f"frame {size} bytes; the director's service call itself p50 {percentile(service_ms, 0.5):.1f} ms)")
        raw, raw_lost = await raw_pubsub(args, size)
    finally:
        stack.stop_processes(web)
        sock.close()
    print(summary("raw redis-py pub/sub", raw, raw_lost))
    print(summary("pokerfest lobby sockets", product, product_lost))
    print(f"ratio pokerfest / raw:        p50 {percentile(product, .5) / percentile(raw, .5):.2f}x   "
          f"p99 {percentile(product, .99) / percentile(raw, .99):.2f}x   (goal: p99 within 2x)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=2000)
    parser.add_argument("--broadcasts", type=int, default=20)
    parser.add_argument("--web-processes", type=int, default=2)
    parser.add_argument("--max-seconds", type=int, default=600, help="stop the whole run after this long")
    arguments = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if hard < 2 * arguments.clients + 200:
        raise SystemExit(f"the open-file limit ({hard}) is too low for {arguments.clients} clients")
    call_command("migrate", verbosity=0)
    bench_id = bench_tournament()
    connection.close()
    asyncio.run(asyncio.wait_for(measure(arguments, bench_id), arguments.max_seconds))
