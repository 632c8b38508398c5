"""`make test`'s pytest: the whole suite as two pytest sessions side by side, one for the browser
tests and one for the unit and integration tests (pytest-xdist is not a dependency).

    python -m tests.helpers.suite            # both sessions; exit 0 only if both pass
    python -m tests.helpers.suite ARGS...    # one session: pytest ARGS (make test PYTEST_ARGS=...)

The browser tests spend most of their time waiting for pages, servers and a browser, the
integration tests for PostgreSQL and for the systems they start: on two cores the sessions
overlap well. Each session has a test database of its own (POKERFEST_TEST_DATABASE_SUFFIX,
read by tests/settings.py) and a Redis namespace of its own (POKERFEST_NAMESPACE plus the
session's name), so their queues, channel groups and beat leases never meet. Each session's
output is printed with its name before each line as it comes; the summary lines come last.
"""

import os
import re
import signal
import subprocess
import sys
import threading
import time

SESSIONS = {
    "browser": ["tests/browser"],
    "main": ["tests/unit", "tests/integration"],
}


def pytest_command(args: list[str]) -> list[str]:
    return [sys.executable, "-m", "pytest", *args]


def run_one(args: list[str]) -> int:
    return subprocess.call(pytest_command(args))


def relay(name: str, child: subprocess.Popen, lines: list[str], lock: threading.Lock) -> None:
    width = max(map(len, SESSIONS))
    for line in child.stdout:
        lines.append(line)
        with lock:
            sys.stdout.write(f"[{name:<{width}}] {line}")
            sys.stdout.flush()


def run_sessions() -> int:
    namespace = os.environ.get("POKERFEST_NAMESPACE") or f"test-{os.getpid()}"
    lock = threading.Lock()
    children: dict[str, subprocess.Popen] = {}
    output: dict[str, list[str]] = {}
    relays = []
    began = time.monotonic()
    try:
        for name, paths in SESSIONS.items():
            env = {**os.environ, "POKERFEST_NAMESPACE": f"{namespace}-{name}", "POKERFEST_TEST_DATABASE_SUFFIX": name}
            children[name] = subprocess.Popen(
                pytest_command(paths), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
            )
            output[name] = []
            relays.append(threading.Thread(target=relay, args=(name, children[name], output[name], lock)))
            relays[-1].start()
        codes = {name: child.wait() for name, child in children.items()}
    finally:
        for child in children.values():
            if child.poll() is None:
                child.send_signal(signal.SIGINT)  # pytest stops and tears its fixtures down
        for child in children.values():
            child.wait()
        for thread in relays:
            thread.join()
    print(f"\n{'=' * 30} both sessions, {time.monotonic() - began:.0f} s {'=' * 30}")
    totals = {"passed": 0, "failed": 0, "skipped": 0, "error": 0}
    for name, code in codes.items():
        summary = next((line.strip() for line in reversed(output[name]) if line.strip()), "(no output)")
        print(f"{name}: {'passed' if code == 0 else f'FAILED (exit {code})'}: {summary}")
        for count, word in re.findall(r"(\d+) (passed|failed|skipped|error)", summary):
            totals[word] += int(count)
    # One plain closing line for both sessions, as a single pytest run would end.
    closing = f"{totals['passed']} passed, {totals['failed'] + totals['error']} failed"
    print(closing + (f", {totals['skipped']} skipped" if totals["skipped"] else ""))
    return 0 if all(code == 0 for code in codes.values()) else 1


if __name__ == "__main__":
    sys.exit(run_one(sys.argv[1:]) if sys.argv[1:] else run_sessions())
