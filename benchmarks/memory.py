"""Peak memory of a long sweep, for any game: memory must stay flat however many games are played (the
issue's bound: a sweep of 10x the games within 1.3x the peak).

    python3 -m benchmarks.memory [--game G] [--games N] [--small N] [-- SWEEP OPTIONS]
    (games per cell of the game's default grid, or of the cells the sweep options after -- choose)
"""
from __future__ import annotations

import argparse

from simcore.bench import sweep_peak_memory
from simcore.games import registry


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", default=registry.DEFAULT_GAME)
    ap.add_argument("--games", type=int, default=1_000_000)
    ap.add_argument("--small", type=int, default=2_000)
    ap.add_argument("sweep", nargs="*", help="options passed on to the sweep (after --)")
    args = ap.parse_args()
    game = registry.get(args.game)
    small, _ = sweep_peak_memory(game, args.small, extra=tuple(args.sweep))
    big, seconds = sweep_peak_memory(game, args.games, extra=tuple(args.sweep))
    print(f"{args.game}: peak memory, sweep of {args.small:,} games per cell:  {small:8.0f} MB")
    print(f"{args.game}: peak memory, sweep of {args.games:,} games per cell: {big:8.0f} MB ({seconds:.0f} s)"
          f"   ratio {big / small:.2f}")


if __name__ == "__main__":
    main()
