"""The drill's two-node system (`python -m bench.drill --nodes 2`, `make drill-nodes`): two
launchers as on two machines (`pokerfest.stack run --node`, each a web process, the live
process, a worker and beat) behind Debian's nginx running deploy/nginx.conf (bench/cluster.py),
sharing one PostgreSQL and one Redis.

The shared servers are the drill's own, not the machine's: a third launcher (`run --web-only
--web-processes 0`) starts embedded PostgreSQL and Redis under the drill's folder and restarts
them when they die, as systemd restarts a machine's servers. So "Redis killed" kills the Redis
both nodes use, harming no one else on the machine, and it comes back on the same port.

The faults (NodeFaults), on a node chosen at random: its web process, worker or beat killed
(its launcher restarts it), the whole node killed (every process at once, as a machine losing
power; the drill starts its launcher again on the same ports, as the machine coming back), the
shared Redis killed, the proxy reloaded (`nginx -s reload`).
"""

import os
import random
import signal
import time
from pathlib import Path

from bench.cluster import Node, Proxy, answers, nginx_binary, node_environment, wait_for_nodes
from bench.drill.system import Faults, System
from bench.drill.tally import Tally
from pokerfest import stack

NODE_TARGETS = ("web", "worker", "beat", "node", "redis", "proxy")
NODE_DOWN = 3.0  # seconds a killed node stays down before its machine comes back


class Servers(System):
    """The shared PostgreSQL and Redis, supervised by a launcher of their own (its live process
    serves no one)."""

    def __init__(self, var: Path, port: int, tally: Tally):
        super().__init__(var, port, tally)
        self.env["WEB_PROCESSES"] = "0"

    def start(self) -> None:
        self.launch(["--web-only"], "drill: the shared servers")


class Cluster:
    """What the drill's players, checks and faults see of the system: its address (the proxy's),
    its database, its processes by name, its health; and how each fault is injected."""

    def __init__(self, var: Path, tally: Tally):
        self.var, self.tally = var, tally
        self.servers = Servers(var / "servers", stack.free_port(), tally)
        self.log_path = self.servers.log_path
        self.nodes: list[Node] = []
        self.proxy: Proxy | None = None
        self.base = ""
        self.restarting: set[str] = set()  # letters of nodes killed and not yet started again

    def start(self) -> None:
        binary = nginx_binary()
        if binary is None:
            raise SystemExit("drill: nginx is not installed (`make nginx` installs Debian's)")
        self.servers.start()
        urls = {"DATABASE_URL": self.servers.database_url(), "REDIS_URL": self.servers.redis_url()}
        env = node_environment(
            {**self.servers.env, **urls},
            self.var / "nodes",
            f"drill-nodes-{os.getpid()}",
            BEAT_LEASE_SECONDS="5",
            CLOCK_RECONCILE_SECONDS="1",
            HEARTBEAT_SECONDS="2",
        )
        (self.var / "nodes").mkdir(parents=True, exist_ok=True)
        self.nodes = [Node(letter, env, self.var.parent) for letter in "ab"]
        wait_for_nodes(self.nodes)
        self.proxy = Proxy(
            binary,
            [f"127.0.0.1:{node.port}" for node in self.nodes],
            [f"127.0.0.1:{node.live_port}" for node in self.nodes],
            self.var.parent / "nginx",
        )
        self.base = self.proxy.base
        if not self.wait_healthy(120):
            raise SystemExit(f"drill: no healthy answer through the proxy; see {self.var.parent}")
        self.servers.manage("load_demo", database_url=urls["DATABASE_URL"], redis_url=urls["REDIS_URL"])  # staff

    def stop(self) -> None:
        if self.proxy is not None:
            self.proxy.stop()
        for node in self.nodes:
            node.stop()
        self.servers.stop()

    # What the checks ask -------------------------------------------------------------

    def database(self):
        return self.servers.database()

    def alive(self) -> bool:
        return (
            self.servers.alive()
            and self.proxy is not None
            and self.proxy.process.poll() is None
            and all(node.launcher.poll() is None for node in self.nodes)
        )

    def healthy(self) -> bool:
        return answers(self.base) == 200

    def wait_healthy(self, within: float) -> bool:
        deadline = time.monotonic() + within
        while not self.healthy():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.25)
        return True

    def processes(self) -> dict[str, int]:
        running = self.servers.processes()
        found = {name: pid for name, pid in running.items() if name in ("redis", "postgresql")}
        for node in self.nodes:
            found |= {f"{node.name[5]}-{name}": pid for name, pid in node.running().items() if name != "launcher"}
        if self.proxy is not None and self.proxy.process.poll() is None:
            found["nginx"] = self.proxy.process.pid
        return found

    # The faults ------------------------------------------------------------------------

    def inject(self, target: str, chance: random.Random) -> tuple[str, int | None] | None:
        """One fault; (what was done, the pid killed if one was), None when there was nothing
        to hit."""
        node = chance.choice(self.nodes)
        letter = node.name[5]
        if target == "proxy":
            self.proxy.reload()
            return "proxy reloaded", None
        if target == "node":
            node.kill()
            time.sleep(NODE_DOWN)
            node.start()
            return f"node {letter} killed", None
        name = "redis" if target == "redis" else f"{letter}-{'web-1' if target == 'web' else target}"
        pid = self.processes().get(name)
        if pid is None:
            return None
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            return None
        return f"{name} killed", pid


class NodeFaults(Faults):
    """Faults for the two-node system: the same rhythm and recovery as Faults, each one a
    Cluster.inject."""

    def kill(self, name: str) -> None:
        running = self.system.processes()
        killed_at = time.monotonic()
        # The outage starts before the kill: a node stays down NODE_DOWN seconds inside inject,
        # and its requests cut then answer 502 while the fault is still in progress.
        self.tally.outage = True
        done = self.system.inject(name, self.random)
        if done is None:
            self.tally.outage = False
            self.tally.violation(f"fault: nothing to hit for {name} (running: {sorted(running)})")
            return
        what, pid = done
        print(f"[drill] fault: {what}" + (f" (pid {pid})" if pid else ""), flush=True)
        self.recover(name, running, pid, killed_at)
