"""The one clock (docs/architecture.md, "Time"): a service or task that writes a time to a row or
an event reads the database's (core/time_source.py), never the node's own, so two nodes whose
clocks differ still agree on every recorded time."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = ("players", "tournaments", "tables", "clock")
NODE_CLOCK = re.compile(r"\btimezone\.now\(\)|\bdatetime\.now\(")


def node_clock_reads(source: str) -> list[int]:
    return [number for number, line in enumerate(source.splitlines(), 1) if NODE_CLOCK.search(line)]


def writers() -> list[Path]:
    """Every service module and every app's tasks."""
    found = []
    for app in APPS:
        found += sorted((ROOT / app / "services").rglob("*.py"))
        found += sorted((ROOT / app).glob("tasks*.py"))
    return found


def test_the_check_finds_the_nodes_clock():
    source = (
        "from django.utils import timezone\nnow = timezone.now()\nlater = datetime.now(UTC)\nx = time_source.now()\n"
    )
    assert node_clock_reads(source) == [2, 3]


def test_no_service_or_task_reads_the_nodes_own_clock():
    assert writers(), "no service modules found"
    found = [f"{path.relative_to(ROOT)}:{line}" for path in writers() for line in node_clock_reads(path.read_text())]
    assert found == [], f"read core.time_source.now() (the database's clock) instead: {found}"
