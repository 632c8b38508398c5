"""Registration benchmark: concurrent desk clients registering new players through the API,
against a bare ASGI floor that writes the same rows, in the same run.

    make bench-registration
    make bench-registration BENCH_ARGS="--clients 20 --players 500 --repeat 1"

Each registration is what a clerk does for a new player: create the player (with consents)
and sell the buy-in, two API calls with the clerk's session and CSRF token, against its own
web processes on a loopback port. The floor (bench/registration_floor.py) is a bare ASGI app
run by daphne on as many processes that writes per call the same rows (player, three
consents and player.created; the seat counted, the entry and entry.registered) in one
transaction each. `--repeat` rounds of both; each figure printed per round with the load
average, then as median (min-max) with the ratio pokerfest/floor. Every wait is bounded.
"""

import argparse
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerfest.settings")
os.environ.setdefault("POKERFEST_NAMESPACE", f"bench-{os.getpid()}")

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import Group, User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from preregistration import (  # noqa: E402
    FLOOR_APP,
    Connection,
    Figures,
    burst,
    cpu_seconds,
    servers,
    signed_in_headers,
    summary,
    wait_ready,
)

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


def register_all(port: int, headers: list[dict], tournament_id: int, players: int, prefix: str, tag: str):
    """Every desk registers its share of the players: two calls each, timed together."""

    def register(own: Connection, n: int):
        status, player = own.post(
            f"{prefix}/{tournament_id}/players/",
            {
                "first_name": f"Bench{n}",
                "last_name": "Player",
                "date_of_birth": "1985-03-04",
                "id_document_type": "passport",
                "id_document_number": f"BENCH{os.getpid()}{tag}X{n}",
                "accepts_terms": True,
                "id_checked": True,
            },
        )
        assert status == 201, player
        body = {"player_id": player["id"], "kind": "buy_in", "method": "cash", "desk": "bench", "shift": "bench"}
        return own.post(f"{prefix}/{tournament_id}/entries/", body)

    seconds, latencies, answers = burst(
        port, len(headers), list(range(players)), lambda i: Connection(port, headers[i]), register
    )
    refused = [answer for status, answer in answers if status not in (200, 201)]
    assert not refused, f"{len(refused)} refused, e.g. {refused[0]}"
    return seconds, latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--web-processes", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3, help="rounds of pokerfest and floor")
    parser.add_argument("--web-log", help="write the web processes' output here (default: discard it)")
    args = parser.parse_args()

    call_command("migrate", verbosity=0)
    desk_group, _ = Group.objects.get_or_create(name="desk")
    for i in range(args.clients):
        clerk, _ = User.objects.get_or_create(username=f"bench-desk-{i}")
        clerk.set_password(PASSWORD)
        clerk.save()
        clerk.groups.add(desk_group)
    rounds = [(make_tournament(f"api {r}"), make_tournament(f"floor {r}")) for r in range(args.repeat)]
    connection.close()

    env = {**os.environ, "PYTHONUNBUFFERED": "1", "DB_POOL_SIZE": str(-(-args.clients // args.web_processes))}
    log = open(args.web_log, "w") if args.web_log else subprocess.DEVNULL
    api_socks, api_web, api_base = servers(None, args.web_processes, env, log)
    floor_socks, floor_web, floor_base = servers(FLOOR_APP, args.web_processes, env, log)
    api_port, floor_port = api_socks[0].getsockname()[1], floor_socks[0].getsockname()[1]
    api, floor = Figures(), Figures()
    try:
        wait_ready(f"{api_base}/api/tournaments/")
        wait_ready(f"{floor_base}/floor/")
        clerks = [signed_in_headers(api_base, f"bench-desk-{i}") for i in range(args.clients)]
        print(
            f"registering {args.players} new players from {args.clients} desks (player + buy-in, two calls); "
            f"{args.web_processes} web process(es) each for pokerfest and the bare ASGI floor; {args.repeat} round(s)",
            flush=True,
        )
        for r, (ours, theirs) in enumerate(rounds, 1):
            before = cpu_seconds(api_web)
            seconds, latencies = register_all(api_port, clerks, ours.id, args.players, "/api/tournaments", f"A{r}")
            shown = api.add(args.players, seconds, latencies, (before, cpu_seconds(api_web)))
            print(f"  round {r} pokerfest {shown}", flush=True)
            before = cpu_seconds(floor_web)
            seconds, latencies = register_all(
                floor_port, [{}] * args.clients, theirs.id, args.players, "/floor", f"F{r}"
            )
            shown = floor.add(args.players, seconds, latencies, (before, cpu_seconds(floor_web)))
            print(f"  round {r} floor     {shown}", flush=True)
    finally:
        stack.stop_processes(api_web + floor_web)
        for sock in api_socks + floor_socks:
            sock.close()
    summary("registration (player + buy-in)", api, floor)
    for ours, theirs in rounds:
        for tournament in (ours, theirs):
            tournament.refresh_from_db()
            entries = Entry.objects.filter(tournament=tournament).count()
            seqs = list(Event.objects.filter(tournament=tournament).order_by("seq").values_list("seq", flat=True))
            assert entries == tournament.seats_sold == args.players, (tournament.name, entries, tournament.seats_sold)
            assert seqs == list(range(1, tournament.last_seq + 1)), f"{tournament.name}: the log has a gap"
            print(f"  {tournament.name}: {entries} entries, {len(seqs)} events, no gap")


if __name__ == "__main__":
    main()
