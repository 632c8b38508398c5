"""Two or more nodes behind Debian's nginx on this machine, as on separate machines: each node a
launcher (`python -m pokerfest.stack run --node`) with a web process, the live process, a worker
and beat on ports of its own, all sharing one PostgreSQL and one Redis; nginx runs
deploy/nginx.conf itself in front of them. Used by the benchmarks (bench/festival_day.py), the
two-node fault drill (bench/drill, `--nodes 2`) and the integration tests
(tests/integration/test_nodes.py, test_proxy.py, through tests/helpers/nodes.py). No Django here:
a benchmark imports it before its settings are chosen.

The proxy's folder holds only what differs per deployment (deploy/nginx.conf's includes: the
upstreams' servers, web and live, and the listening address) and a top-level nginx.conf around
the deployment's file, unchanged; nginx runs in the foreground as the current user until `stop`.
"""

import getpass
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil

from pokerfest import stack

SITE = stack.ROOT / "deploy" / "nginx.conf"
START_WITHIN = 240.0  # seconds for both nodes to migrate and serve on a busy machine
# What a node takes from its command line, never from the environment it inherits.
NODE_OWN = ("PORT", "HOST", "WEB_PROCESSES", "POKERFEST_DEMO", "POKERFEST_BEAT", "POKERFEST_NODE")


def node_environment(base: dict, var: Path, namespace: str, **extra) -> dict:
    """The environment every node shares: `base` (with DATABASE_URL and REDIS_URL), a Redis
    namespace of the caller's own, its var folder, and none of the settings a node takes from
    its command line."""
    env = {**base, "POKERFEST_NAMESPACE": namespace, "POKERFEST_VAR": str(var), "PYTHONUNBUFFERED": "1", **extra}
    for name in NODE_OWN:
        env.pop(name, None)
    return env


def start_launcher(arguments: list[str], env: dict, log: Path) -> subprocess.Popen:
    """`python -m pokerfest.stack run ARGUMENTS`, its output appended to `log`: the one way the
    benchmarks, the drills and the tests start a launcher. In a session of its own (a terminal's
    Ctrl-C reaches the caller, which stops it in order), and it stops itself when its caller dies
    (POKERFEST_STOP_WITH_PARENT, pokerfest/stack.py), so a drill or test killed outright, or
    interrupted before its `finally`, leaves no launcher, web process or worker behind."""
    with open(log, "a") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "pokerfest.stack", "run", *arguments],
            cwd=stack.ROOT,
            env={**env, "POKERFEST_STOP_WITH_PARENT": "1"},
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def wait_for_running(launcher: subprocess.Popen, log: Path, what: str, bound: float = START_WITHIN) -> None:
    """Until the launcher says it is running (it has migrated and started its processes)."""
    deadline = time.monotonic() + bound
    while "pokerfest is running" not in log.read_text(errors="replace"):
        if launcher.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"{what} did not start; see {log}")
        time.sleep(0.3)


def kill_all(processes: list[psutil.Process]) -> None:
    """SIGKILL each (those gone already are passed over) and reap them."""
    for process in processes:
        try:
            process.kill()
        except psutil.NoSuchProcess:
            pass
    psutil.wait_procs(processes, timeout=30)


def stop_launcher(launcher: subprocess.Popen, started: list[psutil.Process]) -> list[psutil.Process]:
    """Ctrl-C, as an operator stops a launcher; whatever of `started` (its processes) still runs
    after it is killed and returned."""
    if launcher.poll() is None:
        launcher.send_signal(signal.SIGINT)
        try:
            launcher.wait(60)
        except subprocess.TimeoutExpired:
            launcher.kill()
            launcher.wait()
    _, left = psutil.wait_procs(started, timeout=10)
    kill_all(left)
    return left


def wait_for_port(port: int, timeout: float = 30) -> None:
    """Until something listens on the port: enough for a plain HTTP client that then waits for
    daphne in the socket's queue (a page load through a redirect to https could not)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"nothing listening on port {port} after {timeout} s")


class Node:
    """One launcher and everything it started."""

    def __init__(self, letter: str, env: dict, folder: Path, web_processes: int = 1) -> None:
        self.port = stack.free_port()
        self.live_port = stack.free_port()  # its live process, which the proxy routes lobby sockets to
        self.name = f"node-{letter}:{self.port}"
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = folder / f"node-{letter}.log"
        self.var = Path(env.get("POKERFEST_VAR") or stack.VAR)
        env = {**env, "POKERFEST_NODE_NAME": self.name}
        self.env = env
        self.arguments = [
            "--node",
            "--port",
            str(self.port),
            "--web-processes",
            str(web_processes),
            "--live-port",
            str(self.live_port),
        ]
        self.launcher = self.start()

    def start(self) -> subprocess.Popen:
        """The launcher; again after `kill`, on the same ports (as a machine that comes back)."""
        self.launcher = start_launcher(self.arguments, self.env, self.log)
        return self.launcher

    def printed(self) -> str:
        return self.log.read_text(errors="replace")

    def running(self) -> dict[str, int]:
        """name -> pid from the launcher's status file (pokerfest/supervisor.py): web-1, live,
        worker, beat, launcher; a process waiting to be restarted is left out."""
        try:
            found = json.loads((self.var / f"node-{self.port}.json").read_text())
        except (OSError, ValueError):
            return {}
        return {name: int(pid) for name, pid in found.items() if pid and psutil.pid_exists(int(pid))}

    def processes(self) -> list[psutil.Process]:
        try:
            launcher = psutil.Process(self.launcher.pid)
            return [launcher, *launcher.children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def kill(self) -> None:
        """Every process of the node at once, as a machine losing power: the launcher is frozen
        first, so it restarts nothing, and it and its children (each in a session of its own)
        die by SIGKILL, so none of them cleans up (no lease is given back, no socket closed)."""
        everything = self.processes()
        if self.launcher.poll() is None:
            self.launcher.send_signal(signal.SIGSTOP)
        kill_all(everything)
        self.launcher.wait()

    def stop(self) -> list[psutil.Process]:
        """Ctrl-C, as an operator stops a node; whatever is still running after it is killed
        and returned."""
        return stop_launcher(self.launcher, self.processes())


def answers(base: str, path: str = "/health/") -> int:
    """The status of a GET, 0 when nothing answers."""
    try:
        with urllib.request.urlopen(f"{base}{path}", timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as refusal:
        return refusal.code
    except (OSError, ValueError):
        return 0


def wait_for_nodes(nodes: list[Node], path: str = "/accounts/login/", bound: float = START_WITHIN) -> None:
    """Until every node answers `path` (any status below 500), or say what each printed."""
    deadline = time.monotonic() + bound
    for node in nodes:
        while not 0 < answers(node.base, path) < 500:
            if node.launcher.poll() is not None or time.monotonic() > deadline:
                logs = "\n".join(f"--- {each.name}\n{each.printed()[-4000:]}" for each in nodes)
                raise RuntimeError(f"{node.name} did not answer {path} within {bound:.0f} s\n{logs}")
            time.sleep(0.3)


def nginx_binary() -> str | None:
    """Debian puts nginx in /usr/sbin, which is not on an ordinary user's PATH."""
    return shutil.which("nginx", path=f"{os.environ.get('PATH', '')}:/usr/sbin:/usr/local/sbin")


def top_level(prefix: Path, worker_connections: int = 256) -> str:
    """What /etc/nginx/nginx.conf holds for Debian's and Docker's nginx, with every file it writes
    in `prefix`; deploy/nginx.conf goes in its http block, as in the compose image."""
    temp = {name: prefix / "temp" / name for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")}
    for folder in temp.values():
        folder.mkdir(parents=True, exist_ok=True)
    # As root, nginx's workers would otherwise run as `nobody`, who may not enter this folder.
    user = f"user {getpass.getuser()};\n" if os.geteuid() == 0 else ""
    # A connection is a file, the client's and the upstream's alike (both count in worker_connections).
    limit = f"worker_rlimit_nofile {worker_connections + 64};\n" if worker_connections > 256 else ""
    return (
        f"{user}daemon off;\n"
        "worker_processes 1;\n"
        f"{limit}"
        f"pid {prefix / 'nginx.pid'};\n"
        f"error_log {prefix / 'error.log'} info;\n"
        f"events {{ worker_connections {worker_connections}; }}\n"
        "http {\n"
        f"    access_log {prefix / 'access.log'};\n"
        f"    client_body_temp_path {temp['client_body']};\n"
        f"    proxy_temp_path {temp['proxy']};\n"
        f"    fastcgi_temp_path {temp['fastcgi']};\n"
        f"    uwsgi_temp_path {temp['uwsgi']};\n"
        f"    scgi_temp_path {temp['scgi']};\n"
        f"    include {SITE};\n"
        "}\n"
    )


class Proxy:
    """nginx with deploy/nginx.conf on a free port of 127.0.0.1, in front of `upstreams` (host:port
    each, the web processes) and `live_upstreams` (the live processes, lobby sockets)."""

    name = "nginx"

    def __init__(
        self,
        binary: str,
        upstreams: list[str],
        live_upstreams: list[str],
        folder: Path,
        worker_connections: int = 256,
        access_log: bool = True,
    ) -> None:
        self.folder = folder
        self.port = stack.free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        included = folder / "pokerfest"  # deploy/nginx.conf's includes, beside the top-level file
        included.mkdir(parents=True, exist_ok=True)
        (included / "upstream.conf").write_text("".join(f"server {address};\n" for address in upstreams))
        (included / "live_upstream.conf").write_text("".join(f"server {address};\n" for address in live_upstreams))
        (included / "listen.conf").write_text(f"listen 127.0.0.1:{self.port};\n")
        top = folder / "nginx.conf"
        text = top_level(folder, worker_connections)
        if not access_log:  # a benchmark's thousands of requests a second: no file per request
            text = text.replace(f"access_log {folder / 'access.log'};", "access_log off;")
        top.write_text(text)
        self.command = [binary, "-p", f"{folder}/", "-e", str(folder / "error.log"), "-c", str(top)]
        checked = subprocess.run([*self.command, "-t"], capture_output=True, text=True, timeout=60)
        assert checked.returncode == 0, f"nginx refused the configuration:\n{checked.stderr}"
        self.start()

    def start(self) -> None:
        with open(self.folder / "nginx.out", "a") as out:
            # stack.spawn: in a session of its own, and SIGTERMed if its caller dies without `stop`.
            self.process = stack.spawn(self.command, dict(os.environ), stdout=out, stderr=subprocess.STDOUT)
        try:
            wait_for_port(self.port)
        except TimeoutError:
            self.stop()
            raise AssertionError(f"nginx did not listen on {self.port}:\n{self.printed()}") from None

    def reload(self) -> None:
        """`nginx -s reload` as an operator runs it: SIGHUP, new workers, the old ones finish."""
        self.process.send_signal(signal.SIGHUP)

    def processes(self) -> list[psutil.Process]:
        try:
            master = psutil.Process(self.process.pid)
            return [master, *master.children()]
        except psutil.NoSuchProcess:
            return []

    def printed(self) -> str:
        return "".join(
            path.read_text(errors="replace")
            for path in (self.folder / "nginx.out", self.folder / "error.log")
            if path.exists()
        )

    def stop(self) -> None:
        """SIGQUIT would wait for every open socket to close; SIGTERM ends it at once."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
