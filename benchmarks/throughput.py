"""Games per second on 1 thread and on all threads, side by side in one run.

    python3 -m benchmarks.throughput [--games N] [--strategy balanced]   (from the repo root)
"""
from __future__ import annotations

import argparse
import time

import numba

from simcore.simulate import play_games


def measure(n: int, threads: int, strategy: str) -> tuple[float, float]:
    start = time.perf_counter()
    rec = play_games(n, seed=1, threads=threads, strategies=(strategy, strategy), keep_bought=False)
    return n / (time.perf_counter() - start), float(rec.games.turns.mean())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--strategy", default="balanced")
    args = ap.parse_args()
    t0 = time.perf_counter()
    play_games(10, strategies=(args.strategy, args.strategy))
    print(f"start-up incl. compile or cache load: {time.perf_counter() - t0:.1f} s")
    all_threads = numba.config.NUMBA_NUM_THREADS
    one, turns = measure(args.games, 1, args.strategy)
    many, _ = measure(args.games, all_threads, args.strategy)
    print(f"games/s, 1 thread:        {one:,.0f}")
    print(f"games/s, {all_threads} threads:       {many:,.0f}")
    print(f"scaling 1 -> {all_threads} threads:   {many / one:.2f}x")
    print(f"mean player-turns/game:   {turns:.1f}")


if __name__ == "__main__":
    main()
