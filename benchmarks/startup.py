"""Cold and warm start-up of every game (or one): time from a new process to its first games, with an empty numba
cache (a first run: everything compiles) and then with the cache it left (every later run), side by side.

    python3 -m benchmarks.startup [--game G]

(`commandsim bench --startup --game G` prints the same two figures for one game after its games/s.)
"""
from __future__ import annotations

import argparse

from simcore.bench import startup_times
from simcore.games import registry


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default=None, help="one game [default: every registered game, one after another]")
    args = ap.parse_args()
    print(f"{'game':<14} {'cold start (empty cache, compiles)':>36} {'warm start (cache hit)':>24}")
    for name in [args.game] if args.game else registry.names():
        cold, warm = startup_times(registry.get(name))
        print(f"{name:<14} {cold:34.1f} s {warm:22.1f} s", flush=True)


if __name__ == "__main__":
    main()
