"""What the drill counts and prints: actions, faults, recoveries, the worst times, and every
invariant violation (any one makes the exit code 1)."""

import threading
import time
from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Tally:
    started: float = field(default_factory=time.monotonic)
    actions: Counter = field(default_factory=Counter)  # by kind of action, 2xx answers
    refused: Counter = field(default_factory=Counter)  # 4xx answers the drill expected and handled
    retries: Counter = field(default_factory=Counter)  # by reason: "503", "connection", ...
    faults: Counter = field(default_factory=Counter)  # by process name
    recoveries: int = 0
    worst_agree: float = 0.0  # seconds from an answer (or a recovery after it) to both screens = a fresh snapshot
    worst_agree_step: str = ""
    worst_recover: float = 0.0  # seconds from a kill to the process replaced and /health/ 200
    worst_recover_name: str = ""
    steps: int = 0
    resyncs: Counter = field(default_factory=Counter)  # by screen
    reconnects: Counter = field(default_factory=Counter)  # by screen
    violations: list[str] = field(default_factory=list)
    outage: bool = False  # a killed process is not back yet
    back_at: float = 0.0  # monotonic time the last killed process was back
    lock: threading.Lock = field(default_factory=threading.Lock)
    outlive: float | None = None  # with --nodes 2: a 5xx this long after a recovery is a violation
    late_5xxs: int = 0
    levels: int = 0  # level changes in the log (each checked: exactly once, from its boundary)
    worst_level_late: float = 0.0  # seconds from a level's boundary to its event in the log

    def late_5xx(self, now: float) -> bool:
        """A 5xx with no fault in progress and more than `outlive` seconds after the last recovery."""
        with self.lock:
            late = self.outlive is not None and not self.outage and now > self.back_at + self.outlive
            self.late_5xxs += late
            return late

    def violation(self, text: str) -> None:
        with self.lock:
            if len(self.violations) < 200:
                self.violations.append(f"[{time.monotonic() - self.started:7.1f}s] {text}")
        print(f"[drill] VIOLATION: {text}", flush=True)

    def agreed(self, seconds: float, step: str) -> None:
        with self.lock:
            if seconds > self.worst_agree:
                self.worst_agree, self.worst_agree_step = seconds, step

    def recovered(self, name: str, seconds: float) -> None:
        with self.lock:
            self.outage, self.back_at = False, time.monotonic()
            self.recoveries += 1
            if seconds > self.worst_recover:
                self.worst_recover, self.worst_recover_name = seconds, name

    def line(self, entries: int, nodes: int) -> str:
        """The summary as one line of figures."""
        return (
            f"drill figures: nodes {nodes}, entries {entries}, minutes {(time.monotonic() - self.started) / 60:.1f}, "
            f"actions {sum(self.actions.values())}, steps {self.steps}, faults {sum(self.faults.values())}, "
            f"recoveries {self.recoveries}, worst recovery {self.worst_recover:.1f} s, "
            f"worst agreement {self.worst_agree:.2f} s, level changes {self.levels}, "
            f"latest level change {self.worst_level_late:.1f} s, 5xx after recovery {self.late_5xxs}, "
            f"retries {sum(self.retries.values())}, reconnects {sum(self.reconnects.values())}, "
            f"violations {len(self.violations)}"
        )

    def summary(self, entries: int) -> str:
        minutes = (time.monotonic() - self.started) / 60
        lines = [
            f"drill: {entries} entries in {minutes:.1f} min, {self.steps} steps checked",
            f"actions (2xx): {sum(self.actions.values())}  "
            + ", ".join(f"{k} {v}" for k, v in sorted(self.actions.items())),
            f"refused as expected (4xx): {sum(self.refused.values())}  "
            + ", ".join(f"{k} {v}" for k, v in sorted(self.refused.items())),
            f"retries: {sum(self.retries.values())}  " + ", ".join(f"{k} {v}" for k, v in sorted(self.retries.items())),
            f"faults injected: {sum(self.faults.values())}  "
            + ", ".join(f"{k} {v}" for k, v in sorted(self.faults.items())),
            f"recoveries: {self.recoveries}; worst time to recover: {self.worst_recover:.1f} s"
            + (f" ({self.worst_recover_name})" if self.worst_recover_name else ""),
            f"worst time to agree (screens = fresh snapshot): {self.worst_agree:.2f} s"
            + (f" (after {self.worst_agree_step})" if self.worst_agree_step else ""),
            "screens: resyncs "
            + ", ".join(f"{k} {v}" for k, v in sorted(self.resyncs.items()))
            + "; reconnects "
            + ", ".join(f"{k} {v}" for k, v in sorted(self.reconnects.items())),
            f"invariant violations: {len(self.violations)}",
            *(f"  {line}" for line in self.violations),
        ]
        return "\n".join(lines)
