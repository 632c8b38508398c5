"""python -m bench.drill: play a whole tournament through the API while killing processes.

    python -m bench.drill --entries 300 --fault-every 20 --seed 7
    python -m bench.drill --entries 30 --fault-every 10 --targets worker,web-1 --max-faults 2
    python -m bench.drill --nodes 2 --entries 300 --fault-every 20   (two nodes behind nginx: bench/drill/nodes.py)

Exit code 0 when every invariant held, 1 when any was violated (each is printed).
"""

import argparse
import shutil
import signal
import sys
import tempfile
import traceback
from pathlib import Path

from bench.drill.client import Gone
from bench.drill.nodes import NODE_TARGETS, Cluster, NodeFaults
from bench.drill.play import Stuck, Tournament
from bench.drill.system import NAMES, Faults, System
from bench.drill.tally import Tally
from pokerfest import stack


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.drill", description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=300, help="entries sold (default 300)")
    parser.add_argument(
        "--fault-every",
        type=float,
        default=20,
        metavar="K",
        help="kill a process every K seconds; 0: no faults (default 20)",
    )
    parser.add_argument(
        "--nodes",
        type=int,
        choices=(1, 2),
        default=1,
        help="1: one launcher with its own servers; 2: two nodes behind nginx sharing the drill's servers",
    )
    parser.add_argument(
        "--targets",
        default=None,
        help=f"the faults, comma-separated (default, one node: {','.join(NAMES)}; two: {','.join(NODE_TARGETS)})",
    )
    parser.add_argument(
        "--level-seconds",
        type=float,
        default=None,
        help="levels this long, so levels change during the drill, each checked (default: 45 with --nodes 2, "
        "else the template's)",
    )
    parser.add_argument("--max-faults", type=int, default=None, help="stop injecting after this many kills")
    parser.add_argument("--seed", type=int, default=1, help="seeds the players, the busts and the faults")
    parser.add_argument(
        "--port", type=int, default=0, help="where the system under test listens (default: a free port)"
    )
    parser.add_argument(
        "--var",
        type=Path,
        default=None,
        help="the system's data folder (default: a new temporary folder, removed afterwards)",
    )
    args = parser.parse_args(argv)
    known = NODE_TARGETS if args.nodes == 2 else NAMES
    args.targets = args.targets or ",".join(known)
    unknown = set(args.targets.split(",")) - set(known)
    if unknown:
        parser.error(f"unknown targets {sorted(unknown)}: choose from {', '.join(known)}")
    if args.level_seconds is None:
        args.level_seconds = 45.0 if args.nodes == 2 else 0.0
    if args.entries < 12:
        parser.error("--entries must be at least 12 (two tables and a bubble)")
    return args


OUTLIVE = 5.0  # seconds: with two nodes, a 5xx this long after a fault's recovery is a violation


def stop_on_sigterm(*_) -> None:
    raise SystemExit(143)  # unwinds through `finally`: the system under test is stopped


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    signal.signal(signal.SIGTERM, stop_on_sigterm)
    tally = Tally()
    temporary = args.var is None
    var = (Path(tempfile.mkdtemp(prefix="pokerfest-drill-")) / "var") if temporary else args.var.resolve()
    targets = [t for t in args.targets.split(",") if t]
    if args.nodes == 2:
        system = Cluster(var, tally)
        faults = NodeFaults(system, args.fault_every, targets, args.max_faults, args.seed, tally)
        tally.outlive = OUTLIVE
    else:
        system = System(var, args.port or stack.free_port(), tally)
        faults = Faults(system, args.fault_every, targets, args.max_faults, args.seed, tally)
    tournament = None
    print(f"[drill] starting {args.nodes} node(s) (data in {var}, log {system.log_path})", flush=True)
    try:
        system.start()
        tournament = Tournament(system, tally, args.entries, args.seed, args.level_seconds)
        tournament.set_up()
        faults.screens = tournament.screens.screens
        tournament.faults_pending = faults.wait_for_the_planned
        faults.start()
        tournament.play()
        if args.level_seconds:
            tournament.checks.level_changes(args.level_seconds)
    except (Gone, Stuck) as problem:
        tally.violation(f"the drill could not go on: {problem}")
    except Exception:  # a bug in the drill or an answer it could not read: say where, fail
        tally.violation("the drill crashed:\n" + traceback.format_exc())
    finally:
        faults.stop()
        if tournament is not None and tournament.screens is not None:
            tournament.screens.stop()
        system.stop()
        print(tally.summary(args.entries), flush=True)
        print(tally.line(args.entries, args.nodes), flush=True)
    if temporary and not tally.violations:
        shutil.rmtree(var.parent, ignore_errors=True)
    elif tally.violations:
        print(f"[drill] the system's output is in {system.log_path}", flush=True)
    return 1 if tally.violations else 0


if __name__ == "__main__":
    sys.exit(main())
