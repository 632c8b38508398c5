"""The invariants, checked after every step: through the API where it shows them, else
straight from the embedded PostgreSQL (the event log, seat rows, request keys).

- chips and money conserved exactly against what the drill itself sold, voided and refunded;
- no seat held twice, no player seated twice, table sizes within the ruleset's tolerance
  once the balancing the tables need is done;
- the event log gap-free, 1..n, n the tournament's last seq;
- both screens equal to a fresh snapshot within AGREE_WITHIN seconds;
- every acknowledged action's Idempotency-Key in the log (or on the entry it sold).
"""

import time
from dataclasses import dataclass, field
from datetime import datetime

import psycopg

from bench.drill.client import Staff
from bench.drill.screens import Screen, shown
from bench.drill.system import System
from bench.drill.tally import Tally

AGREE_WITHIN = 15.0
LEVEL_LATE_AT_MOST = 60.0  # seconds from a level's boundary to its event in the log, faults included


@dataclass
class Ledger:
    """What the drill's own acknowledged answers say happened."""

    buy_in: int
    fee: int
    starting_stack: int
    sold: dict[int, int] = field(default_factory=dict)  # entry number -> paid
    voided: set[int] = field(default_factory=set)
    refunded: dict[int, int] = field(default_factory=dict)  # entry number -> returned
    busted: set[int] = field(default_factory=set)

    def in_play(self) -> int:
        return len(self.sold) - len(self.voided) - len(self.refunded)

    def players_left(self) -> int:
        return self.in_play() - len(self.busted)


def comparable(state: dict | None) -> dict | None:
    """A screen's state without what legitimately differs between two moments: the time left
    on a running clock (both count down from the same ends_at)."""
    if state is None:
        return None
    clock = state.get("clock")
    if clock:
        # The API's snapshot writes UTC as "Z", the sockets as "+00:00": the same instant.
        clock = {
            k: datetime.fromisoformat(v) if k.endswith("_at") and v else v
            for k, v in clock.items()
            if not (k == "remaining_ms" and clock.get("status") == "running")
        }
    return {**state, "clock": clock}


def differences(seen: dict | None, wanted: dict) -> list[str]:
    if seen is None:
        return ["no snapshot yet (connecting or resyncing)"]
    found = []
    for key in wanted:
        mine, theirs = seen.get(key), wanted.get(key)
        if mine == theirs:
            continue
        if isinstance(mine, dict) and isinstance(theirs, dict):
            found += [
                f"{key}.{k}: screen {mine.get(k)!r:.120} != snapshot {theirs.get(k)!r:.120}"
                for k in sorted(set(mine) | set(theirs))
                if mine.get(k) != theirs.get(k)
            ]
        else:
            found.append(f"{key}: screen {mine!r:.160} != snapshot {theirs!r:.160}")
    return found


class Checks:
    def __init__(
        self,
        system: System,
        tally: Tally,
        director: Staff,
        floor: Staff,
        screens: list[Screen],
        tournament_id: int,
        ledger: Ledger,
        staff: list[Staff],
    ):
        self.system, self.tally, self.director, self.floor = system, tally, director, floor
        self.screens, self.tournament_id, self.ledger, self.staff = screens, tournament_id, ledger, staff
        self.db: psycopg.Connection | None = None

    def after(self, step: str, seated: bool = True) -> dict | None:
        """Every invariant after one step; answers the fresh floor view (None before the draw)."""
        began = time.monotonic()
        self.tally.steps += 1
        tid = self.tournament_id
        snapshot = self.director.get(f"/api/tournaments/{tid}/").body
        self.money_and_chips(step, snapshot)
        view = self.floor.get(f"/api/tournaments/{tid}/tables/").body if seated else None
        if view is not None:
            self.tables(step, view)
        self.database(step)
        self.screens_agree(step, began)
        return view

    def money_and_chips(self, step: str, snapshot: dict) -> None:
        ledger = self.ledger
        expected = {
            "chips_in_play": ledger.in_play() * ledger.starting_stack,
            "players_left": ledger.players_left(),
            "entries": ledger.in_play(),
            "pool": ledger.in_play() * ledger.buy_in,
        }
        found = {
            "chips_in_play": snapshot["chips_in_play"],
            "players_left": snapshot["players_left"],
            "entries": snapshot["entries"],
            "pool": (snapshot.get("money") or {}).get("pool"),
        }
        for key, value in expected.items():
            if found[key] != value:
                self.tally.violation(f"after {step}: {key} is {found[key]}, the drill's own count says {value}")

    def tables(self, step: str, view: dict) -> None:
        seen: dict[int, tuple[int, str]] = {}
        for table in view["tables"]:
            for seat, player in table["players"].items():
                if player["entry"] in seen:
                    self.tally.violation(
                        f"after {step}: entry {player['entry']} sits at {seen[player['entry']]} "
                        f"and at table {table['number']} seat {seat}"
                    )
                seen[player["entry"]] = (table["number"], seat)
                if not 1 <= int(seat) <= table["seats"]:
                    self.tally.violation(f"after {step}: seat {seat} at table {table['number']} does not exist")
        settled = not (view["moves"] or view["waiting"] or view["break_due"] or view["final_due"])
        counts = [table["count"] for table in view["tables"]]
        if settled and len(counts) > 1 and max(counts) - min(counts) > view["tolerance"]:
            self.tally.violation(
                f"after {step}: table sizes {counts} differ by more than {view['tolerance']} with no move proposed"
            )
        if (
            view["tournament_status"] == "running"
            and len(seen) + len(view["waiting_list"]["waiting"]) != self.ledger.players_left()
        ):
            self.tally.violation(
                f"after {step}: {len(seen)} seated + {len(view['waiting_list']['waiting'])} waiting, "
                f"but {self.ledger.players_left()} players are left"
            )

    def query(self, sql: str, *params) -> list[tuple]:
        """A read from the embedded PostgreSQL, reconnecting through a restart."""
        deadline = time.monotonic() + 180
        while True:
            try:
                if self.db is None or self.db.closed:
                    self.db = self.system.database()
                return self.db.execute(sql, params).fetchall()
            except psycopg.Error:
                if self.db is not None:
                    self.db.close()
                self.db = None
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)

    def database(self, step: str) -> None:
        tid = self.tournament_id
        ((count, low, high, last),) = self.query(
            "SELECT count(*), coalesce(min(e.seq), 0), coalesce(max(e.seq), 0), t.last_seq "
            "FROM tournaments_tournament t LEFT JOIN tournaments_event e ON e.tournament_id = t.id "
            "WHERE t.id = %s GROUP BY t.last_seq",
            tid,
        )
        if not (count == high == last and low == (1 if count else 0)):
            self.tally.violation(f"after {step}: the log has {count} events, seq {low}..{high}, last_seq {last}")
        for what, column in (("seat", "tournament_table_id, seat"), ("player", "entry_id")):
            twice = self.query(
                f"SELECT {column}, count(*) FROM tables_seating WHERE tournament_id = %s "
                f"AND ended_at IS NULL GROUP BY {column} HAVING count(*) > 1",
                tid,
            )
            if twice:
                self.tally.violation(f"after {step}: a {what} held twice: {twice[:5]}")
        ((chips,),) = self.query(
            "SELECT coalesce(sum(chips), 0) FROM tournaments_entry WHERE tournament_id = %s "
            "AND status IN ('active', 'busted')",
            tid,
        )
        if chips != self.ledger.in_play() * self.ledger.starting_stack:
            self.tally.violation(
                f"after {step}: the entries hold {chips} chips, "
                f"{self.ledger.in_play() * self.ledger.starting_stack} entered play"
            )
        self.acknowledged(step)

    def acknowledged(self, step: str) -> None:
        acked = [pair for person in self.staff for pair in person.acked]
        if not acked:
            return
        keys = [key for key, _ in acked]
        found = {
            row[0]
            for row in self.query(
                "SELECT request_key FROM tournaments_event WHERE tournament_id = %s AND request_key = ANY(%s) "
                "UNION SELECT request_key FROM tournaments_entry WHERE tournament_id = %s AND request_key = ANY(%s)",
                self.tournament_id,
                keys,
                self.tournament_id,
                keys,
            )
        }
        for key, what in acked:
            if key not in found:
                self.tally.violation(f"after {step}: acknowledged {what} (key {key}) is not in the log")
        for person in self.staff:
            person.acked.clear()

    def screens_agree(self, step: str, began: float) -> None:
        """Within AGREE_WITHIN seconds of the step, or of the killed process being back when
        the step met an outage (screens cannot catch up while, say, PostgreSQL is away)."""
        while True:
            wanted = comparable(shown(self.director.get(f"/api/tournaments/{self.tournament_id}/").body))
            behind = {screen.name: differences(comparable(screen.view()), wanted) for screen in self.screens}
            since = max(began, self.tally.back_at)
            if not any(behind.values()):
                self.tally.agreed(time.monotonic() - since, step)
                return
            if not self.tally.outage and time.monotonic() > since + AGREE_WITHIN:
                for name, problems in behind.items():
                    if problems:
                        self.tally.violation(
                            f"after {step}: the {name} screen differs from a fresh snapshot "
                            f"after {AGREE_WITHIN:.0f} s: " + "; ".join(problems[:4])
                        )
                return
            time.sleep(0.1)

    def level_changes(self, level_seconds: float) -> None:
        """Each level started exactly once, in order, and from its boundary: its end is one
        level's length after the end the clock showed before it, however late a fault made its
        event (CLK-LEVELS); the lateness is tallied."""
        rows = self.query(
            "SELECT seq, kind, at, payload->'clock' FROM tournaments_event "
            "WHERE tournament_id = %s AND payload ? 'clock' ORDER BY seq",
            self.tournament_id,
        )
        before, started = None, []
        for seq, kind, at, clock in rows:
            if kind == "clock.level_started":
                index = clock["level_index"]
                if started and index != started[-1] + 1:
                    self.tally.violation(f"level {index} started (seq {seq}) after level {started[-1]}")
                started.append(index)
                if before and before.get("level_index") == index - 1 and before.get("status") == "running":
                    boundary = datetime.fromisoformat(before["ends_at"])
                    late = (at - boundary).total_seconds()
                    self.tally.worst_level_late = max(self.tally.worst_level_late, late)
                    length = (datetime.fromisoformat(clock["ends_at"]) - boundary).total_seconds()
                    if abs(length - level_seconds) > 1 or not -1 < late < LEVEL_LATE_AT_MOST:
                        self.tally.violation(
                            f"level {index} (seq {seq}) started {late:.1f} s after its boundary and runs "
                            f"{length:.0f} s, not {level_seconds:.0f} s from it"
                        )
            before = clock
        self.tally.levels = len(started)
