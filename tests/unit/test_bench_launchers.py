"""The benchmarks and drills start a launcher one way: bench/cluster.py's `start_launcher` (its
session, its log, its stop), so a fix to how one starts or stops reaches them all."""

import re
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"
LAUNCHER = re.compile(r"""["']pokerfest\.stack["']\s*,\s*["']run["']""")


def launches(source: str) -> bool:
    return bool(LAUNCHER.search(source))


def test_the_check_finds_a_launcher_command():
    assert launches('subprocess.Popen([sys.executable, "-m", "pokerfest.stack", "run", "--web-only"])')
    assert not launches('start_launcher(["--web-only"], env, log)')


def test_only_bench_cluster_spells_the_launcher_command():
    found = [
        str(path.relative_to(BENCH.parent))
        for path in sorted(BENCH.rglob("*.py"))
        if path.name != "cluster.py" and launches(path.read_text())
    ]
    assert found == [], f"start the launcher with bench.cluster.start_launcher: {found}"
