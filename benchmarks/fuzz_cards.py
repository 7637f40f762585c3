"""The card-set fuzz test at length: random card sets (tests/card_sets.py), each refused up front
or played with the invariants checked after every phase, optionally in a bounds-checked build.

    python3 -m benchmarks.fuzz_cards --examples 500
    python3 -m benchmarks.fuzz_cards --examples 200 --boundscheck   # every array index checked

``--boundscheck`` runs the same in a child process with NUMBA_BOUNDSCHECK=1 and a numba cache of
its own (the checked build is compiled from scratch once, a few minutes on 2 cores): an index past
an array's end then stops the run with IndexError instead of writing past it.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path


def fuzz(examples: int, seeds: int, seed: int) -> int:
    import numpy as np
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as hypothesis_seed

    from tests.card_sets import card_sets, play_checked

    counts = {"refused": 0, "played": 0, "games": 0}
    game_seeds = np.arange(1, seeds + 1, dtype=np.int64)

    @hypothesis_seed(seed)
    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(card_sets())
    def run(case):
        cards, matchup = case
        for strategies in (("random", "random"), ("balanced", "aggro")):
            result = play_checked(cards, matchup, strategies, game_seeds)
            if result == ["refused"]:
                counts["refused"] += 1
                return
            assert result == [], f"invariants broken: {result[:5]} ({matchup})"
        counts["played"] += 1
        counts["games"] += 2 * seeds

    started = time.perf_counter()
    run()
    print(f"{counts['played'] + counts['refused']} card sets in {time.perf_counter() - started:.1f} s: "
          f"{counts['refused']} refused up front, {counts['played']} played ({counts['games']:,} games), "
          f"every invariant held after every phase")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=500, help="card sets to try (default 500)")
    parser.add_argument("--seeds", type=int, default=8, help="games per set and strategy pair (default 8)")
    parser.add_argument("--seed", type=int, default=0, help="hypothesis seed (default 0)")
    parser.add_argument("--boundscheck", action="store_true",
                        help="run in a child process compiled with numba's bounds checks")
    args = parser.parse_args()
    if args.boundscheck and os.environ.get("NUMBA_BOUNDSCHECK") != "1":
        base = os.environ.get("COMMANDSIM_CACHE_DIR") or str(Path.home() / ".cache" / "commandsim")
        env = dict(os.environ, NUMBA_BOUNDSCHECK="1", COMMANDSIM_CACHE_DIR=str(Path(base) / "boundscheck"))
        argv = [sys.executable, "-m", "benchmarks.fuzz_cards", "--examples", str(args.examples),
                "--seeds", str(args.seeds), "--seed", str(args.seed), "--boundscheck"]
        print(f"bounds-checked build (numba cache {env['COMMANDSIM_CACHE_DIR']})", flush=True)
        return subprocess.run(argv, env=env).returncode
    return fuzz(args.examples, args.seeds, args.seed)


if __name__ == "__main__":
    sys.exit(main())
