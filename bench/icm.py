"""ICM and payout benchmark: exact ICM at 9, 10 and 12 players and a 3,000-player payout table.

    make bench-icm

In the same run it times a straightforward ICM, the recursion over finishing orders (each
player first, then each of the rest second, and so on down the paid places), and prints the
speed-up of pokerfest's subset dynamic programming over it. The straightforward one is run at
12 players only down to the places it can finish in reasonable time (printed). Pure Python,
no database.
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.rules.payouts import PayoutRules, icm_equities, payout_table  # noqa: E402


def icm_by_recursion(stacks: list[int], prizes: list[int]) -> list[float]:
    """The textbook recursion: P(i first) = s_i / total; then the same among the rest."""
    equity = [0.0] * len(stacks)

    def place(left: list[int], chips: int, chance: float, depth: int) -> None:
        if depth == len(prizes) or not left:
            return
        for i in left:
            p = chance * stacks[i] / chips
            equity[i] += p * prizes[depth]
            rest = [j for j in left if j != i]
            place(rest, chips - stacks[i], p, depth + 1)

    place(list(range(len(stacks))), sum(stacks), 1.0, 0)
    return equity


def timed(function, *args, repeat: int = 1) -> tuple[float, object]:
    began = time.perf_counter()
    for _ in range(repeat):
        result = function(*args)
    return (time.perf_counter() - began) / repeat, result


def main() -> None:
    for players, naive_places in ((9, 9), (10, 10), (12, 8)):
        stacks = [100_000 + 37_000 * k for k in range(players)]
        prizes = [10_000_000 // (k + 1) for k in range(players)]
        fast, equities = timed(icm_equities, stacks, prizes, repeat=5)
        naive, reference = timed(icm_by_recursion, stacks, prizes[:naive_places])
        fast_same, same = timed(icm_equities, stacks, prizes[:naive_places], repeat=5)
        assert all(abs(a - b) < 1e-3 for a, b in zip(same, reference)), "the two ICMs disagree"
        print(
            f"ICM {players:>2} players, {players} paid: pokerfest {fast * 1000:9.2f} ms;  "
            f"{naive_places} paid: pokerfest {fast_same * 1000:9.2f} ms, finishing-order recursion "
            f"{naive * 1000:10.1f} ms, speed-up {naive / fast_same:8.0f}x"
        )
        assert abs(sum(equities) - sum(prizes)) < 1e-3
    seconds, table = timed(payout_table, 3000, 300_000_000, PayoutRules(), repeat=20)
    print(
        f"payout table, 3,000 entries, $3,000,000 pool: {len(table)} places in {seconds * 1000:.2f} ms "
        f"(first ${table[0] / 100:,.0f}, last ${table[-1] / 100:,.0f})"
    )


if __name__ == "__main__":
    main()
