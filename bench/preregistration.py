"""Registration burst: online pre-registrations through the public API, then the desks
confirming them, each against a bulk insert of the same rows in the same run.

    make bench-preregistration
    make bench-preregistration BENCH_ARGS="--players 2000 --clients 50 --desks 20 --web-processes 2"

Phase 1: `--clients` concurrent players post `--players` pre-registrations for one flight
(POST /api/tournaments/<id>/preregistrations/, no sign-in, the rate limit lifted for the run).
Phase 2: `--desks` signed-in clerks confirm every one of them into an entry
(POST .../preregistrations/<code>/confirm/). Each phase prints registrations/s and p50/p95 per
request, the rate of a bulk insert of the rows the phase writes (one transaction, the same
run, the same database), and the ratio API/bulk (the issue's goal: at least 0.3x). Every wait
is bounded.
"""

import argparse
import http.client
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

from core.operation import lock_tournament  # noqa: E402
from players.models import Consent, Player, PreRegistration  # noqa: E402
from pokerfest import stack  # noqa: E402
from tournaments.models import Entry, Event, Festival, Tournament  # noqa: E402
from tournaments.rules.preregistration import Application  # noqa: E402
from tournaments.services import preregistration as services  # noqa: E402

PASSWORD = "bench-desk-password"
RUN = os.getpid()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def make_flight(label: str, seats: int) -> Tournament:
    festival = Festival.objects.create(name=f"Pre-registration benchmark {label}", venue="loopback")
    main = Tournament.objects.create(
        festival=festival,
        name=f"Main Event {label} {RUN}",
        buy_in=100_000,
        fee=10_000,
        status=Tournament.Status.SCHEDULED,
    )
    return Tournament.objects.create(
        festival=festival,
        name=f"Day 1A {label} {RUN}",
        main_event=main,
        buy_in=100_000,
        fee=10_000,
        max_entries=seats,
        status=Tournament.Status.REGISTRATION,
    )


def application(n: int) -> dict:
    return {
        "first_name": f"Burst{n}",
        "last_name": "Player",
        "date_of_birth": "1985-03-04",
        "email": f"burst{n}@example.com",
        "id_document_type": "passport",
        "id_document_number": f"BURST{RUN}X{n}",
        "id_document_country": "AT",
        "accepts_terms": True,
        "filming_release": n % 2 == 0,
        "payment": "online" if n % 3 == 0 else "desk",
        "payment_reference": f"PAY{n}" if n % 3 == 0 else "",
    }


class Connection:
    """One client's keep-alive HTTP connection (a phone's browser keeps one too)."""

    def __init__(self, port: int, headers: dict | None = None):
        self.port, self.headers = port, headers or {}
        self.http = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    retried = 0  # 503 answers ("try again in a few seconds"), retried as a person would

    def post(self, path: str, body: dict) -> tuple[int, dict]:
        data = json.dumps(body).encode()
        for attempt in range(1, 6):
            try:
                self.http.request("POST", path, data, {"Content-Type": "application/json", **self.headers})
                response = self.http.getresponse()
                status, answer = response.status, json.loads(response.read() or b"{}")
            except (http.client.HTTPException, OSError):
                self.http.close()
                self.http = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
                if attempt == 5:
                    raise
                continue
            if status != 503 or attempt == 5:
                return status, answer
            Connection.retried += 1
            time.sleep(0.5)
        raise AssertionError("unreachable")


def signed_in_headers(base: str, username: str) -> dict:
    cookies = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(cookies))
    opener.open(f"{base}/accounts/login/", timeout=30).read()
    cookie = lambda name: next((c.value for c in cookies if c.name == name), "")  # noqa: E731
    form = urllib.parse.urlencode(
        {"username": username, "password": PASSWORD, "csrfmiddlewaretoken": cookie("csrftoken")}
    ).encode()
    opener.open(urllib.request.Request(f"{base}/accounts/login/", form, headers={"Referer": base}), timeout=30).read()
    assert cookie("sessionid"), "the clerk could not sign in"
    return {
        "Cookie": f"csrftoken={cookie('csrftoken')}; sessionid={cookie('sessionid')}",
        "X-CSRFToken": cookie("csrftoken"),
        "Referer": base,
    }


def burst(port: int, workers: int, jobs: list, make_connection, send) -> tuple[float, list[float], list]:
    """Run `send(connection, job)` for every job over `workers` threads, each with its own
    connection; returns seconds, latencies (ms) and answers."""
    latencies, answers, lock = [], [], threading.Lock()

    def run(worker: int) -> None:
        own = make_connection(worker)
        for job in jobs[worker::workers]:
            started = time.perf_counter()
            answer = send(own, job)
            with lock:
                latencies.append((time.perf_counter() - started) * 1000)
                answers.append(answer)

    began = time.perf_counter()
    with ThreadPoolExecutor(workers) as pool:
        for future in [pool.submit(run, i) for i in range(workers)]:
            future.result(timeout=3600)
    return time.perf_counter() - began, latencies, answers


def bulk_preregistrations(players: int) -> float:
    """Phase 1's rows in bulk: the pre-registrations and their events, the counter once."""
    flight = make_flight("bulk", players)
    now = timezone.now()
    began = time.perf_counter()
    with transaction.atomic():
        PreRegistration.objects.bulk_create(
            [
                PreRegistration(
                    tournament=flight,
                    status="held",
                    first_name=f"Bulk{n}",
                    last_name="Player",
                    date_of_birth=date(1985, 3, 4),
                    email=f"bulk{n}@example.com",
                    id_document_type="passport",
                    id_document_number=f"BULK{RUN}X{n}",
                    id_document_country="AT",
                    terms_version="2026-1",
                    payment="desk",
                    created_at=now,
                    changed_at=now,
                )
                for n in range(players)
            ]
        )
        Event.objects.bulk_create(
            [
                Event(
                    tournament=flight,
                    seq=n + 1,
                    at=now,
                    kind="preregistration.held",
                    payload={"code": "X", "seats_left": players - n - 1},
                    public={"seats_left": players - n - 1},
                )
                for n in range(players)
            ]
        )
        Tournament.objects.filter(pk=flight.pk).update(seats_held=players, last_seq=players)
    return time.perf_counter() - began


def bulk_confirmations(players: int) -> float:
    """Phase 2's rows in bulk: players, their consents, entries, two events each, and the
    pre-registrations marked confirmed."""
    flight = Tournament.objects.get(name=f"Day 1A bulk {RUN}")
    held = list(PreRegistration.objects.filter(tournament=flight).order_by("id"))
    now = timezone.now()
    began = time.perf_counter()
    with transaction.atomic():
        people = Player.objects.bulk_create(
            [
                Player(
                    first_name=p.first_name,
                    last_name=p.last_name,
                    date_of_birth=p.date_of_birth,
                    email=p.email,
                    id_document_type=p.id_document_type,
                    id_document_number=p.id_document_number,
                    id_checked_on=now.date(),
                )
                for p in held
            ]
        )
        Consent.objects.bulk_create(
            [
                Consent(player=p, kind=kind, granted=kind == "terms", at=now)
                for p in people
                for kind in ("terms", "filming", "marketing")
            ]
        )
        entries = Entry.objects.bulk_create(
            [
                Entry(
                    tournament=flight,
                    player=p,
                    number=n + 1,
                    kind="buy_in",
                    chips=10_000,
                    pool_part=100_000,
                    fee_part=10_000,
                    paid=110_000,
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
                Event(tournament=flight, seq=players + n + 1, at=now, kind=kind, payload={"n": n}, public={"n": n})
                for n, kind in enumerate(k for _ in people for k in ("entry.registered", "preregistration.confirmed"))
            ]
        )
        for p, player, entry in zip(held, people, entries):
            p.status, p.player, p.entry, p.changed_at = "confirmed", player, entry, now
        PreRegistration.objects.bulk_update(held, ["status", "player", "entry", "changed_at"])
        Tournament.objects.filter(pk=flight.pk).update(seats_held=0, seats_sold=players, last_seq=players * 3)
    return time.perf_counter() - began


class LockClock:
    """How long a transaction holds the tournament row: from its first statement that locks it
    (SELECT ... FOR UPDATE or UPDATE of the row) to the end of the commit."""

    def __init__(self):
        self.taken, self.held = None, []

    def __call__(self, execute, sql, params, many, context):
        if self.taken is None and "tournaments_tournament" in sql and ("FOR UPDATE" in sql or sql.startswith("UPDATE")):
            self.taken = time.perf_counter()
        return execute(sql, params, many, context)

    def run(self, action, lock_first_id: int | None = None) -> None:
        self.taken = None
        with connection.execute_wrapper(self):
            with transaction.atomic():
                if lock_first_id is not None:  # as every operation did: the tournament row first
                    lock_tournament(lock_first_id)
                action()
        self.held.append((time.perf_counter() - self.taken) * 1000)


def lock_hold_times(count: int) -> None:
    """In-process and one at a time, so the machine's load hardly matters: the time each path
    holds the flight's row, the lock every registration for that flight queues on. Its
    inverse bounds one flight's rate whatever the number of cores."""
    clerk = User.objects.get(username="bench-desk-0")
    rows = {}
    for order in ("lock first", "lock late"):
        flight = make_flight(f"lock {order}", count)
        prereg, confirm = LockClock(), LockClock()
        first = flight.id if order == "lock first" else None
        codes = []
        for n in range(count):
            fields = {
                **application(n),
                "date_of_birth": date(1985, 3, 4),
                "id_document_number": f"LOCK{RUN}{order[5]}X{n}",
            }
            prereg.run(lambda: codes.append(services.preregister(flight.id, Application(**fields)).code), first)
        for code in codes:
            confirm.run(
                lambda: services.confirm_preregistration(flight.id, code, "cash", "bench", "bench", clerk), first
            )
        rows[order] = (prereg.held, confirm.held)
    print(f"tournament row lock held per operation (in-process, serial, {count} each):")
    for order, (prereg, confirm) in rows.items():
        print(
            f"  {order:<11} pre-registration p50 {percentile(prereg, 0.5):6.1f} ms"
            f"  p95 {percentile(prereg, 0.95):6.1f} ms"
            f"   desk confirm p50 {percentile(confirm, 0.5):6.1f} ms  p95 {percentile(confirm, 0.95):6.1f} ms"
        )
    for index, label in ((0, "pre-registration"), (1, "desk confirm")):
        before, after = percentile(rows["lock first"][index], 0.5), percentile(rows["lock late"][index], 0.5)
        print(
            f"  {label}: the lock is held {before / after:.1f}x shorter; one flight's ceiling "
            f"{1000 / before:.0f}/s lock first, {1000 / after:.0f}/s lock late"
        )


def report(label: str, count: int, seconds: float, latencies: list[float], bulk_seconds: float) -> None:
    rate, bulk_rate = count / seconds, count / bulk_seconds
    print(f"  {'bulk insert of the same rows':<34} {bulk_rate:8.0f} /s  ({bulk_seconds:.2f} s)")
    print(
        f"  {label:<34} {rate:8.0f} /s  ({seconds:.1f} s)   p50 {percentile(latencies, 0.5):.0f} ms   "
        f"p95 {percentile(latencies, 0.95):.0f} ms"
    )
    print(f"  ratio API / bulk: {rate / bulk_rate:.3f}x  (goal: at least 0.3x)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--desks", type=int, default=20)
    parser.add_argument("--web-processes", type=int, default=2)
    parser.add_argument("--lock-samples", type=int, default=200, help="serial registrations per lock order")
    parser.add_argument("--web-log", help="write the web processes' output here (default: discard it)")
    args = parser.parse_args()

    call_command("migrate", verbosity=0)
    desk_group, _ = Group.objects.get_or_create(name="desk")
    for i in range(args.desks):
        clerk, _ = User.objects.get_or_create(username=f"bench-desk-{i}")
        clerk.set_password(PASSWORD)
        clerk.save()
        clerk.groups.add(desk_group)
    flight = make_flight("api", args.players)
    connection.close()

    sock = stack.listening_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    # The rate limit is per client address; every bench client is 127.0.0.1.
    # A pool connection per concurrent client, so clients queue in PostgreSQL (for the row
    # lock) and not for a connection (whose 4 s wait answers 503).
    pool = min(40, -(-max(args.clients, args.desks) // args.web_processes))
    env = {
        **os.environ,
        "PYTHONUNBUFFERED": "1",
        "PREREGISTRATION_RATE_PER_MINUTE": str(10**9),
        "DB_POOL_SIZE": str(pool),
    }
    log = open(args.web_log, "w") if args.web_log else subprocess.DEVNULL
    web = [
        stack.spawn(stack.web_command(sock), env, pass_fds=(sock.fileno(),), stdout=log, stderr=log)
        for _ in range(args.web_processes)
    ]
    try:
        ready = time.monotonic() + 30
        while time.monotonic() < ready:
            try:
                urllib.request.urlopen(f"{base}/api/tournaments/", timeout=2).read()
                break
            except OSError:
                time.sleep(0.2)
        print(
            f"phase 1: {args.players} pre-registrations through the public API from {args.clients} clients, "
            f"{args.web_processes} web process(es)",
            flush=True,
        )
        path = f"/api/tournaments/{flight.id}/preregistrations/"
        seconds, latencies, answers = burst(
            port,
            args.clients,
            list(range(args.players)),
            lambda _: Connection(port),
            lambda c, n: c.post(path, application(n)),
        )
        refused = [answer for status, answer in answers if status != 201]
        assert not refused, f"{len(refused)} refused, e.g. {refused[0]}"
        codes = [answer["code"] for _, answer in answers]
        print(f"  ({Connection.retried} answers of 503 retried)", flush=True)
        prereg = (seconds, latencies)

        print(f"phase 2: {args.desks} desks confirming them", flush=True)
        clerks = [signed_in_headers(base, f"bench-desk-{i}") for i in range(args.desks)]

        def confirm(own: Connection, code: str):
            return own.post(
                f"/api/tournaments/{flight.id}/preregistrations/{code}/confirm/",
                {"method": "cash", "desk": "bench desk", "shift": "bench"},
            )

        seconds, latencies, answers = burst(port, args.desks, codes, lambda i: Connection(port, clerks[i]), confirm)
        refused = [answer for status, answer in answers if status != 200]
        assert not refused, f"{len(refused)} refused, e.g. {refused[0]}"
        print(f"  ({Connection.retried} answers of 503 retried in both phases)", flush=True)
        confirmed = (seconds, latencies)
    finally:
        stack.stop_processes(web)
        sock.close()
    flight.refresh_from_db()
    assert (flight.seats_sold, flight.seats_held) == (args.players, 0), (flight.seats_sold, flight.seats_held)
    seqs = list(Event.objects.filter(tournament=flight).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1)), "the log has a gap"
    print("pre-registration (public API, phase 1):")
    report("pokerfest pre-registration API", args.players, *prereg, bulk_preregistrations(args.players))
    print("desk confirmation (desk API, phase 2):")
    report("pokerfest desk confirm API", args.players, *confirmed, bulk_confirmations(args.players))
    lock_hold_times(args.lock_samples)


if __name__ == "__main__":
    main()
