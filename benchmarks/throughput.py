"""Games per second on 1 thread and on all threads, side by side in one run.

    python3 -m benchmarks.throughput [--games N] [--strategy balanced]   (from the repo root)
"""
from __future__ import annotations

import argparse

from simcore.bench import measure


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--strategy", default="balanced")
    args = ap.parse_args()
    r = measure(args.games, (args.strategy, args.strategy))
    print(f"start-up incl. compile or cache load: {r.startup_s:.1f} s")
    print(f"games/s, 1 thread:        {r.one_thread_gps:,.0f}")
    print(f"games/s, {r.threads} threads:       {r.all_threads_gps:,.0f}")
    print(f"scaling 1 -> {r.threads} threads:   {r.scaling:.2f}x")
    print(f"mean player-turns/game:   {r.mean_turns:.1f}")


if __name__ == "__main__":
    main()
