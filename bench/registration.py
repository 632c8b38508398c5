"""Registration benchmark: concurrent desk clients registering new players through the API.

    make bench-registration
    make bench-registration BENCH_ARGS="--clients 20 --players 2000 --web-processes 2"

Each registration is what a clerk does for a new player: create the player (with consents)
and sell the buy-in, two API calls with the clerk's session and CSRF token, against its own
web processes on a loopback port. In the same run it bulk-inserts the same rows (player,
three consents, entry, two log events) for the baseline, and prints both rates and their
ratio, plus p50/p95 latency of a whole registration. Every wait is bounded.
"""

import argparse
import http.cookiejar
import json
import os
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerfest.settings")
os.environ.setdefault("POKERFEST_NAMESPACE", f"bench-{os.getpid()}")

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import Group, User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.utils import timezone  # noqa: E402

from players.models import Consent, Player  # noqa: E402
from pokerfest import stack  # noqa: E402
from tournaments.models import Entry, Event, Festival, Tournament  # noqa: E402

PASSWORD = "bench-desk-password"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def make_tournament(label: str) -> Tournament:
    festival = Festival.objects.create(name=f"Registration benchmark {label}", venue="loopback")
    return Tournament.objects.create(
        festival=festival,
        name=f"Registration benchmark {label} {os.getpid()}",
        ruleset_preset="kentucky",
        buy_in=8_500,
        fee=1_500,
        status=Tournament.Status.REGISTRATION,
    )


class Clerk:
    """One desk: a signed-in session that registers players through the API."""

    def __init__(self, base: str, username: str):
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        self.opener.open(f"{base}/accounts/login/", timeout=30).read()
        form = urllib.parse.urlencode(
            {"username": username, "password": PASSWORD, "csrfmiddlewaretoken": self.cookie("csrftoken")}
        ).encode()
        self.opener.open(
            urllib.request.Request(f"{base}/accounts/login/", form, headers={"Referer": base}), timeout=30
        ).read()
        assert self.cookie("sessionid"), "the clerk could not sign in"

    def cookie(self, name: str) -> str:
        return next((c.value for c in self.cookies if c.name == name), "")

    def post(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(
            f"{self.base}{path}",
            json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "X-CSRFToken": self.cookie("csrftoken"), "Referer": self.base},
        )
        with self.opener.open(request, timeout=30) as response:
            return json.loads(response.read())


def register_through_the_api(base: str, tournament_id: int, clerks: int, players: int) -> tuple[float, list[float]]:
    desks = [Clerk(base, f"bench-desk-{i}") for i in range(clerks)]
    latencies: list[float] = []
    lock = threading.Lock()

    def run(desk_number: int) -> None:
        clerk = desks[desk_number]
        for n in range(desk_number, players, clerks):
            started = time.perf_counter()
            player = clerk.post(
                f"/api/tournaments/{tournament_id}/players/",
                {
                    "first_name": f"Bench{n}",
                    "last_name": "Player",
                    "date_of_birth": "1985-03-04",
                    "id_document_type": "passport",
                    "id_document_number": f"BENCH{os.getpid()}X{n}",
                    "accepts_terms": True,
                    "id_checked": True,
                },
            )
            clerk.post(
                f"/api/tournaments/{tournament_id}/entries/",
                {
                    "player_id": player["id"],
                    "kind": "buy_in",
                    "method": "cash",
                    "desk": f"desk {desk_number}",
                    "shift": "bench",
                },
            )
            with lock:
                latencies.append((time.perf_counter() - started) * 1000)

    began = time.perf_counter()
    with ThreadPoolExecutor(clerks) as pool:
        for future in [pool.submit(run, i) for i in range(clerks)]:
            future.result(timeout=600)
    return time.perf_counter() - began, latencies


def bulk_insert_the_same_rows(players: int) -> float:
    """The baseline: the rows a registration writes, inserted in bulk in one transaction."""
    tournament = make_tournament("bulk")
    now = timezone.now()
    began = time.perf_counter()
    with transaction.atomic():
        people = Player.objects.bulk_create(
            [
                Player(
                    first_name=f"Bulk{n}",
                    last_name="Player",
                    date_of_birth=date(1985, 3, 4),
                    id_checked_on=now.date(),
                    id_document_type="passport",
                    id_document_number=f"BULK{os.getpid()}X{n}",
                )
                for n in range(players)
            ]
        )
        Consent.objects.bulk_create(
            [
                Consent(player=p, kind=kind, granted=kind == "terms", at=now)
                for p in people
                for kind in ("terms", "filming", "marketing")
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
                    pool_part=8_500,
                    fee_part=1_500,
                    paid=10_000,
                    method="cash",
                    desk="bulk",
                    shift="bench",
                    created_at=now,
                )
                for n, p in enumerate(people)
            ]
        )
        Event.objects.bulk_create(
            [
                Event(
                    tournament=tournament, seq=n + 1, at=now, kind=kind, payload={"player": {"id": p.id}}, public=None
                )
                for n, (p, kind) in enumerate((p, k) for p in people for k in ("player.created", "entry.registered"))
            ]
        )
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--web-processes", type=int, default=2)
    parser.add_argument("--web-log", help="write the web processes' output here (default: discard it)")
    args = parser.parse_args()

    call_command("migrate", verbosity=0)
    desk_group, _ = Group.objects.get_or_create(name="desk")
    for i in range(args.clients):
        clerk, _ = User.objects.get_or_create(username=f"bench-desk-{i}")
        clerk.set_password(PASSWORD)
        clerk.save()
        clerk.groups.add(desk_group)
    tournament = make_tournament("api")
    connection.close()

    sock = stack.listening_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    log = open(args.web_log, "w") if args.web_log else subprocess.DEVNULL
    web = [
        stack.spawn(stack.web_command(sock), env, pass_fds=(sock.fileno(),), stdout=log, stderr=log)
        for _ in range(args.web_processes)
    ]
    try:
        stack_ready = time.monotonic() + 30
        while time.monotonic() < stack_ready:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tournaments/", timeout=2).read()
                break
            except OSError:
                time.sleep(0.2)
        print(
            f"registering {args.players} new players from {args.clients} desks through the API, "
            f"{args.web_processes} web process(es)",
            flush=True,
        )
        seconds, latencies = register_through_the_api(
            f"http://127.0.0.1:{port}", tournament.id, args.clients, args.players
        )
    finally:
        stack.stop_processes(web)
        sock.close()
    registered = Entry.objects.filter(tournament=tournament).count()
    assert registered == args.players, f"{registered} entries for {args.players} registrations"
    bulk_seconds = bulk_insert_the_same_rows(args.players)
    api_rate, bulk_rate = args.players / seconds, args.players / bulk_seconds
    print(f"{'bulk insert of the same rows':<30} {bulk_rate:9.0f} registrations/s  ({bulk_seconds:.2f} s)")
    print(
        f"{'pokerfest desk API':<30} {api_rate:9.0f} registrations/s  ({seconds:.1f} s)   "
        f"p50 {percentile(latencies, 0.5):.0f} ms   p95 {percentile(latencies, 0.95):.0f} ms per registration"
    )
    print(f"ratio bulk / API: {bulk_rate / api_rate:.1f}x")


if __name__ == "__main__":
    main()
