"""The two-node fault drill's short version (bench/drill/nodes.py, issue 27): a 60-entry
tournament played through nginx (deploy/nginx.conf) in front of two nodes sharing the drill's
own PostgreSQL and Redis, on 20-second levels, while the shared Redis is killed, a whole node is
killed and comes back, and the proxy is reloaded. Every invariant must hold: every acknowledged
action in the log, the log gap-free, each level change exactly once and from its boundary, both
screens on the server's seq within 15 s, no 5xx more than 5 s after a fault's recovery.
Skipped only where nginx is not installed (`make test` installs Debian's)."""

import os
import subprocess
import sys

import pytest

from bench.cluster import nginx_binary
from pokerfest import stack

pytestmark = pytest.mark.skipif(nginx_binary() is None, reason="nginx is not installed (`make test` installs Debian's)")


def test_a_60_entry_tournament_on_two_nodes_survives_redis_a_node_and_a_proxy_reload(tmp_path):
    """CLK-LEVELS: each level once, from its boundary, whichever node's beat runs the schedule."""
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    command = [
        sys.executable,
        "-m",
        "bench.drill",
        "--nodes",
        "2",
        "--entries",
        "60",
        "--fault-every",
        "10",
        "--targets",
        "redis,node,proxy",
        "--max-faults",
        "3",
        "--level-seconds",
        "20",
        "--seed",
        "5",
        "--var",
        str(tmp_path / "var"),
    ]
    done = subprocess.run(command, cwd=stack.ROOT, env=env, capture_output=True, text=True, timeout=1200)
    printed = done.stdout + done.stderr
    logs = "".join(path.read_text(errors="replace")[-3000:] for path in sorted(tmp_path.rglob("*.log")))
    assert done.returncode == 0, printed[-6000:] + logs
    figures = next(line for line in printed.splitlines() if line.startswith("drill figures: nodes 2,"))
    assert "faults 3, recoveries 3," in figures and figures.endswith("violations 0"), figures
    assert "5xx after recovery 0," in figures and "level changes 0," not in figures, figures
