"""Fan-out benchmark: N lobby sockets, one broadcast, how long until the last socket has it.

    make bench                                          # 2,000, 10,000 and 20,000 sockets, 3 runs each
    make bench BENCH_ARGS="--clients 2000 --repeat 1 --processes 1 --broadcasts 10"

Needs DATABASE_URL and REDIS_URL (`make bench` provides them). For each number of sockets it
runs, one after the other on fresh loopback ports:

- the baseline, the leanest server this language can be: --processes processes, each a bare
  `websockets`-library server (bench/fanout_baseline.py) subscribed to Redis and forwarding each
  message with `websockets.broadcast`; "publish" is a Redis PUBLISH of a frame the size of
  pokerfest's;
- pokerfest: as many of its `live` processes (pokerfest/live.py: the lobby socket as the
  launcher serves it, with its access check, snapshot and core.fanout.BroadcastFanout) on one
  listening socket; each round is a real director service call (transaction, event row,
  broadcast after commit), and "publish" is its Redis PUBLISH after the commit (the service call
  until then is printed beside).

Each size is measured --repeat times (baseline and pokerfest alternating, so a change in the
machine's load touches both); the summary gives each figure's median and its spread (min-max)
over the runs, and the load average before and after: on two cores a ratio moves with the load.

The sockets are spread over several client processes (bench/fanout_clients.py) so one process's
open-file limit does not cap them. Printed per size and path: p50/p99 of "publish to the last
socket received", frames lost, the time to open every socket, and memory per socket (the server
processes' RSS divided by the sockets, and the growth from idle divided by the sockets); then the
ratios pokerfest / baseline.
Loopback only; every wait is bounded; the whole run stops itself after --max-seconds.
"""

import argparse
import asyncio
import contextlib
import json
import math
import os
import resource
import sys
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerfest.settings")
os.environ.setdefault("POKERFEST_NAMESPACE", f"bench-{os.getpid()}")

import django  # noqa: E402

django.setup()

import psutil  # noqa: E402
import redis.asyncio as aioredis  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import WebSocketException  # noqa: E402

from clock.models import Clock, Level, Structure  # noqa: E402
from clock.services import level_clock as services  # noqa: E402
from core import broadcast  # noqa: E402
from core.broadcast import event_frame  # noqa: E402
from core.kinds import PUBLIC  # noqa: E402
from pokerfest import stack  # noqa: E402
from tournaments.models import Event, Festival, Tournament  # noqa: E402

HERE = Path(__file__).resolve().parent
SOCKETS_PER_CLIENT_PROCESS = 5000
ROUND_TIMEOUT = 60.0  # seconds for every socket to have one frame; after that the rest count as lost


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


class Clients:
    """The client processes: open sockets, report when all of theirs have a frame."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self.children = []
        self.replies: list[asyncio.Queue] = []  # opened / closed answers, per process
        self.reports: list[dict[int, dict]] = []  # broadcast key -> its latest report, per process
        self.reported = asyncio.Event()

    async def start(self) -> None:
        for index in range(self.processes):
            child = await asyncio.create_subprocess_exec(
                sys.executable,
                str(HERE / "fanout_clients.py"),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                limit=1 << 20,
            )
            self.children.append(child)
            self.replies.append(asyncio.Queue())
            self.reports.append({})
            asyncio.create_task(self.read(index))

    async def read(self, index: int) -> None:
        while line := await self.children[index].stdout.readline():
            reply = json.loads(line)
            if "key" in reply:
                self.reports[index][reply["key"]] = reply
                self.reported.set()
            else:
                await self.replies[index].put(reply)
        await self.replies[index].put({"error": "the client process ended", "opened": "?"})

    async def ask(self, index: int, command: dict) -> None:
        self.children[index].stdin.write((json.dumps(command) + "\n").encode())
        await self.children[index].stdin.drain()

    async def open(self, url: str, count: int) -> tuple[int, int]:
        """Returns how many sockets opened (a socket refused 8 times in a row is given up) and
        how many connections had to be tried again (the server busy past daphne's handshake
        timeout)."""
        shares = [count // self.processes + (1 if i < count % self.processes else 0) for i in range(self.processes)]
        for index, share in enumerate(shares):
            await self.ask(index, {"open": url, "count": share})
        retried, opened = 0, 0
        for index in range(self.processes):
            reply = await asyncio.wait_for(self.replies[index].get(), 1800)
            if "error" in reply:
                raise SystemExit(f"client process {index} opened {reply['opened']} sockets, then: {reply['error']}")
            retried += reply["retries"]
            opened += reply["opened"]
        return opened, retried

    async def last_arrival(self, key: int, started: float) -> tuple[float | None, int]:
        """When the last socket of every process had frame `key` and how many sockets got it,
        waiting at most ROUND_TIMEOUT."""
        deadline = started + ROUND_TIMEOUT
        while not all(key in reports for reports in self.reports) and time.monotonic() < deadline:
            self.reported.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.reported.wait(), max(0.01, deadline - time.monotonic()))
        for index, reports in enumerate(self.reports):
            if key not in reports:
                await self.ask(index, {"report": key})
        while not all(key in reports for reports in self.reports):
            self.reported.clear()
            await asyncio.wait_for(self.reported.wait(), 30)
        replies = [reports[key] for reports in self.reports]
        got = sum(reply["count"] for reply in replies)
        last = max((reply["last"] for reply in replies if reply["last"] is not None), default=None)
        return last, got

    async def close(self) -> None:
        for index in range(self.processes):
            await self.ask(index, {"close": True})
        for child in self.children:
            try:
                await asyncio.wait_for(child.wait(), 60)
            except TimeoutError:
                child.kill()


async def every_server_answers(url: str, processes: int) -> None:
    """Until a socket gets its first frame from each server process, as far as one can tell
    (the kernel spreads connections over the processes): a server still starting (Django's
    set-up on a loaded machine) would make its idle memory look small."""
    deadline = time.monotonic() + 120
    answered = 0
    while answered < 2 * processes:
        try:
            async with connect(url, open_timeout=30) as socket:
                await asyncio.wait_for(socket.recv(), 30)
            answered += 1
        except (OSError, TimeoutError, WebSocketException):
            if time.monotonic() > deadline:
                raise SystemExit(f"no server answered on {url}") from None
            await asyncio.sleep(0.5)
    await asyncio.sleep(1)


def rss_mb(processes) -> float:
    total = 0
    for process in processes:
        try:
            total += psutil.Process(process.pid).memory_info().rss
        except psutil.NoSuchProcess:
            pass
    return total / 2**20


def bench_tournament() -> int:
    festival = Festival.objects.create(name="Benchmark festival", venue="loopback")
    tournament = Tournament.objects.create(festival=festival, name=f"Fan-out benchmark {os.getpid()}")
    structure = Structure.objects.create(name="bench")
    Level.objects.create(
        structure=structure, position=0, small_blind=100, big_blind=200, ante=200, duration=timedelta(hours=10)
    )
    Clock.objects.create(tournament=tournament, structure=structure)
    services.start_clock(tournament.id, None)
    return tournament.id


def director_adjusts(tournament_id: int, seconds: int) -> None:
    try:
        services.adjust_clock(tournament_id, None, seconds)
    finally:
        connection.close()


def public_frame_size(tournament_id: int) -> int:
    try:
        return len(event_frame(Event.objects.filter(tournament_id=tournament_id).latest("seq"), PUBLIC))
    finally:
        connection.close()


async def run_path(name: str, args, count: int, servers_command, publish) -> dict:
    """Start the servers, open `count` sockets, time `args.broadcasts` publishes, stop."""
    sock = stack.listening_socket("127.0.0.1", 0)
    # Every socket comes from loopback: the live process counts each opening against its flood
    # limit (a Redis round trip, as for a phone) with a limit no run reaches.
    env = {
        **os.environ,
        "PYTHONUNBUFFERED": "1",
        "VENUE_ADDRESSES": "",
        "LIVE_SOCKETS_PER_ADDRESS_PER_MINUTE": str(10**9),
        "LIVE_SNAPSHOTS_PER_ADDRESS_PER_MINUTE": str(10**9),
    }
    servers = [
        stack.spawn(
            servers_command(sock),
            env,
            pass_fds=(sock.fileno(),),
            stdout=open(os.devnull, "w"),
            stderr=open(os.devnull, "w"),
        )
        for _ in range(args.processes)
    ]
    clients = Clients(args.client_processes or max(2, math.ceil(count / SOCKETS_PER_CLIENT_PROCESS)))
    try:
        url = f"ws://127.0.0.1:{sock.getsockname()[1]}/ws/tournaments/{args.tournament}/lobby/"
        await every_server_answers(url, args.processes)
        idle_mb = rss_mb(servers)
        await clients.start()
        opening = time.monotonic()
        count_asked = count
        count, retried = await clients.open(url, count)
        opened_s = time.monotonic() - opening
        held_mb = rss_mb(servers)
        await asyncio.sleep(1)  # the pub/sub subscriptions settle
        latencies, lost, publish_ms = [], 0, []
        for round_number in range(args.broadcasts):
            called = time.monotonic()
            key, published = await publish(round_number)
            publish_ms.append((published - called) * 1000)
            last, got = await clients.last_arrival(key, published)
            if last is not None:
                latencies.append((last - published) * 1000)
            lost += count - got
            await asyncio.sleep(0.2)
        await clients.close()
    finally:
        stack.stop_processes(servers)
        sock.close()
    return {
        "name": name,
        "sockets": count,
        "asked": count_asked,
        "latencies": latencies,
        "lost": lost,
        "opened_s": opened_s,
        "publish_ms": percentile(publish_ms, 0.5),
        "publish_p99": percentile(publish_ms, 0.99),
        "idle_mb": idle_mb,
        "held_mb": held_mb,
        "retried": retried,
    }


publishes: list[float] = []  # when core.broadcast sent each event's PUBLISH (in this process, after commit)
untimed_publish = broadcast.publish


def timed_publish(frames):
    publishes.append(time.monotonic())
    untimed_publish(frames)


broadcast.publish = timed_publish


def describe(result: dict) -> str:
    latencies, count = result["latencies"], result["sockets"]
    figures = (
        f"p50 {percentile(latencies, 0.5):7.1f} ms  p99 {percentile(latencies, 0.99):7.1f} ms"
        if latencies
        else "no round complete"
    )
    return (
        f"  {result['name']:<22} {figures}  lost {result['lost']:>5}  "
        f"RSS {result['held_mb']:6.0f} MB = {result['held_mb'] * 1024 / count:5.1f} KiB/socket "
        f"({(result['held_mb'] - result['idle_mb']) * 1024 / count:5.1f} KiB/socket over idle)  "
        f"opened in {result['opened_s']:.0f} s ({result['retried']} tried again"
        + (f"; only {count} of {result['asked']} opened" if count < result["asked"] else "")
        + ")"
    )


async def measure(args) -> None:
    loop = asyncio.get_running_loop()
    publisher = aioredis.Redis.from_url(settings.REDIS_URL)
    channel = f"{settings.NAMESPACE}:bench-baseline"
    await loop.run_in_executor(None, director_adjusts, args.tournament, 1)
    size = await loop.run_in_executor(None, public_frame_size, args.tournament)
    publishes.clear()
    print(
        f"fan-out: {args.broadcasts} broadcasts of a {size}-byte frame, {args.processes} server process(es) "
        f"per path, Redis {settings.REDIS_URL}, {os.cpu_count()} cores",
        flush=True,
    )

    def baseline_command(sock):
        return [
            sys.executable,
            str(HERE / "fanout_baseline.py"),
            "--fd",
            str(sock.fileno()),
            "--redis",
            settings.REDIS_URL,
            "--channel",
            channel,
        ]

    async def baseline_publish(round_number: int) -> tuple[int, float]:
        head = f'{{"type":"event","seq":{round_number},"pad":"'
        published = time.monotonic()
        await publisher.publish(channel, head + "x" * max(0, size - len(head) - 2) + '"}')
        return round_number, published

    async def product_publish(round_number: int) -> tuple[int, float]:
        await loop.run_in_executor(None, director_adjusts, args.tournament, 1 if round_number % 2 else -1)
        seq = await loop.run_in_executor(None, lambda: Tournament.objects.get(pk=args.tournament).last_seq)
        return seq, publishes.pop()

    def live_command(sock):
        return [sys.executable, "-m", "pokerfest.live", "--fd", str(sock.fileno())]

    print(f"load average before: {load_average()}", flush=True)
    runs: dict[int, list[tuple[dict | None, dict | None]]] = {}
    for count in args.clients:
        for run in range(1, args.repeat + 1):
            print(f"{count} sockets, run {run} of {args.repeat}:", flush=True)
            baseline = product = None
            if "baseline" in args.paths:
                baseline = await run_path("websockets.broadcast", args, count, baseline_command, baseline_publish)
                print(describe(baseline), flush=True)
            if "pokerfest" in args.paths:
                product = await run_path("pokerfest live lobby", args, count, live_command, product_publish)
                print(describe(product), flush=True)
                print(
                    f"  (pokerfest's publish is the PUBLISH after the director's service call commits; the call "
                    f"until then p50 {product['publish_ms']:.1f} ms, p99 {product['publish_p99']:.1f} ms)",
                    flush=True,
                )
            runs.setdefault(count, []).append((baseline, product))
    await publisher.aclose()
    print(f"load average after: {load_average()}")
    print(f"summary: median [min-max] over {args.repeat} run(s); the last socket's latency")
    for count, pairs in runs.items():
        for index, name in enumerate(("websockets.broadcast", "pokerfest live lobby")):
            results = [pair[index] for pair in pairs if pair[index] is not None]
            if results:
                print(f"  {count:>6} sockets {name:<22} {figures(results)}")
        both = [(b, p) for b, p in pairs if b and p and b["latencies"] and p["latencies"]]
        if both:
            ratios = {
                "p50": [percentile(p["latencies"], 0.5) / percentile(b["latencies"], 0.5) for b, p in both],
                "p99 (goal 1.5x)": [
                    percentile(p["latencies"], 0.99) / percentile(b["latencies"], 0.99) for b, p in both
                ],
                "memory (goal 2x)": [per_socket(p) / per_socket(b) for b, p in both],
                "memory over idle": [over_idle(p) / max(over_idle(b), 0.001) for b, p in both],
                "opening (goal 2x)": [p["opened_s"] / max(b["opened_s"], 0.001) for b, p in both],
            }
            print(
                f"  {count:>6} sockets ratio pokerfest / baseline: "
                + "; ".join(f"{what} {spread(values, '.2f')}x" for what, values in ratios.items())
            )


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def per_socket(result: dict) -> float:
    return result["held_mb"] * 1024 / result["sockets"]


def over_idle(result: dict) -> float:
    """What the sockets added: a server's own idle size (Django's, in a live process) left out."""
    return (result["held_mb"] - result["idle_mb"]) * 1024 / result["sockets"]


def spread(values: list[float], form: str) -> str:
    ordered = sorted(values)
    middle = (
        ordered[len(ordered) // 2]
        if len(ordered) % 2
        else (ordered[len(ordered) // 2 - 1] + ordered[len(ordered) // 2]) / 2
    )
    return f"{middle:{form}} [{ordered[0]:{form}}-{ordered[-1]:{form}}]" if len(ordered) > 1 else f"{middle:{form}}"


def figures(results: list[dict]) -> str:
    done = [r for r in results if r["latencies"]]
    latency = (
        f"p50 {spread([percentile(r['latencies'], 0.5) for r in done], '.1f')} ms, "
        f"p99 {spread([percentile(r['latencies'], 0.99) for r in done], '.1f')} ms"
        if done
        else "no round complete"
    )
    return (
        f"{latency}; {spread([per_socket(r) for r in results], '.1f')} KiB/socket "
        f"({spread([over_idle(r) for r in results], '.1f')} over idle); "
        f"opened in {spread([r['opened_s'] for r in results], '.1f')} s; "
        f"lost {sum(r['lost'] for r in results)} frames"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[2000, 10000, 20000])
    parser.add_argument("--broadcasts", type=int, default=20)
    parser.add_argument(
        "--processes", type=int, default=2, help="server processes per path (live processes / baseline)"
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per size, for the spread")
    parser.add_argument("--client-processes", type=int, default=0, help="default: one per 5,000 sockets, at least 2")
    parser.add_argument("--paths", default="baseline,pokerfest", help="measure only one: baseline or pokerfest")
    parser.add_argument("--max-seconds", type=int, default=7200, help="stop the whole run after this long")
    arguments = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # the children inherit it
    per_server = max(arguments.clients) / arguments.processes
    if hard < per_server + 200:
        raise SystemExit(
            f"the open-file limit ({hard}) is too low for {per_server:.0f} sockets per server process: add --processes"
        )
    call_command("migrate", verbosity=0)
    arguments.tournament = bench_tournament()
    connection.close()
    asyncio.run(asyncio.wait_for(measure(arguments), arguments.max_seconds))
