"""Cold and warm start-up of any game: time from a new process to its first games, with an empty numba cache
(a first run: everything compiles) and then with the cache it left (every later run).

    python3 -m benchmarks.startup [--game G]
"""
from __future__ import annotations

import argparse

from simcore.bench import startup_times
from simcore.games import registry


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", default=registry.DEFAULT_GAME)
    args = ap.parse_args()
    cold, warm = startup_times(registry.get(args.game))
    print(f"{args.game}: cold start (empty cache, compiles): {cold:6.1f} s")
    print(f"{args.game}: warm start (cache hit):             {warm:6.1f} s")


if __name__ == "__main__":
    main()
