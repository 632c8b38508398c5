"""python -m bench.drill: play a whole tournament through the API while killing processes.

    python -m bench.drill --entries 300 --fault-every 20 --seed 7
    python -m bench.drill --entries 30 --fault-every 10 --targets worker,web-1 --max-faults 2

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
from bench.drill.play import Stuck, Tournament
from bench.drill.system import NAMES, Faults, System, free_port
from bench.drill.tally import Tally


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
        "--targets",
        default=",".join(NAMES),
        help=f"the processes a fault may kill, comma-separated (default {','.join(NAMES)})",
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
    unknown = set(args.targets.split(",")) - set(NAMES)
    if unknown:
        parser.error(f"unknown targets {sorted(unknown)}: choose from {', '.join(NAMES)}")
    if args.entries < 12:
        parser.error("--entries must be at least 12 (two tables and a bubble)")
    return args


def stop_on_sigterm(*_) -> None:
    raise SystemExit(143)  # unwinds through `finally`: the system under test is stopped


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    signal.signal(signal.SIGTERM, stop_on_sigterm)
    tally = Tally()
    temporary = args.var is None
    var = (Path(tempfile.mkdtemp(prefix="pokerfest-drill-")) / "var") if temporary else args.var.resolve()
    system = System(var, args.port or free_port(), tally)
    faults = Faults(
        system, args.fault_every, [t for t in args.targets.split(",") if t], args.max_faults, args.seed, tally
    )
    tournament = None
    print(f"[drill] starting the system under test on {system.base} (data in {var}, log {system.log_path})", flush=True)
    try:
        system.start()
        tournament = Tournament(system, tally, args.entries, args.seed)
        tournament.set_up()
        faults.screens = tournament.screens.screens
        tournament.faults_pending = faults.wait_for_the_planned
        faults.start()
        tournament.play()
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
    if temporary and not tally.violations:
        shutil.rmtree(var.parent, ignore_errors=True)
    elif tally.violations:
        print(f"[drill] the system's output is in {system.log_path}", flush=True)
    return 1 if tally.violations else 0


if __name__ == "__main__":
    sys.exit(main())
