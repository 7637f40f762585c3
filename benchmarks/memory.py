"""Peak memory of a long sweep: memory must stay flat however many games are played.

    python3 -m benchmarks.memory [--games N]     (N per cell; the default grid has 2 cells)
"""
from __future__ import annotations

import argparse

from simcore.games.last_command.bench import sweep_peak_memory


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=1_000_000)
    args = ap.parse_args()
    small, _ = sweep_peak_memory(2_000)
    big, seconds = sweep_peak_memory(args.games)
    print(f"peak memory, sweep of 2 x 2,000 games:        {small:8.0f} MB")
    print(f"peak memory, sweep of 2 x {args.games:,} games: {big:8.0f} MB ({seconds:.0f} s)")


if __name__ == "__main__":
    main()
