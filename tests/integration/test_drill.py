"""The fault drill's short version (bench/drill, issue 12): a 30-entry tournament played
through the API and two live sockets, from set-up to the payout desk, while the Celery worker
and one web process are killed once each. Every invariant must hold: chips and money
conserved, no seat held twice, a gap-free log, both screens equal to a fresh snapshot within
15 s, no acknowledged action lost, never a 500."""

import os
import subprocess
import sys

from bench.drill.system import System
from bench.drill.tally import Tally
from pokerfest import stack


def test_a_30_entry_tournament_survives_a_killed_worker_and_web_process(tmp_path):
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    command = [
        sys.executable,
        "-m",
        "bench.drill",
        "--entries",
        "30",
        "--fault-every",
        "8",
        "--targets",
        "worker,web-1",
        "--max-faults",
        "2",
        "--seed",
        "3",
        "--var",
        str(tmp_path / "var"),
    ]
    done = subprocess.run(command, cwd=stack.ROOT, env=env, capture_output=True, text=True, timeout=1200)
    printed = done.stdout + done.stderr
    assert done.returncode == 0, printed[-6000:] + (tmp_path / "var-stack.log").read_text()[-4000:]
    assert "invariant violations: 0" in printed
    assert "faults injected: 2" in printed and "recoveries: 2" in printed, printed[-3000:]


def test_the_drills_own_manage_commands_run_from_a_shell_without_SECRET_KEY(tmp_path, monkeypatch):
    """`make drill` from a fresh shell, as the README says: its demo loader (load_demo) runs in the
    drill's environment, which is a developer's like `make run`'s, so no SECRET_KEY is needed."""
    for name in ("SECRET_KEY", "POKERFEST_DEVELOPMENT", "DEBUG"):
        monkeypatch.delenv(name, raising=False)
    system = System(tmp_path / "var", 0, Tally())
    # The same call load_demo goes through, with a command that needs the settings and no data.
    system.manage("check", database_url=os.environ["DATABASE_URL"], redis_url=os.environ["REDIS_URL"])
