"""Games per second on 1 thread and on all threads, side by side in one run, for any game: ``--repeats``
times over, alternating, and the best of each (on a shared machine the other runs measure the
neighbours as well; all of them are printed). The same measure as ``commandsim bench``.

    python3 -m benchmarks.throughput [--game G] [--games N] [--repeats 3] [--strategy NAME]   (from the repo root)
"""
from __future__ import annotations

import argparse

from simcore.bench import bench_order, measure, runs_text
from simcore.games import registry


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", default=registry.DEFAULT_GAME)
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--strategy", default=None)
    args = ap.parse_args()
    game = registry.get(args.game)
    strategy = args.strategy or game.info.default_strategy
    tables = game.load_tables()
    r = measure(game, bench_order(game, None, strategy, tables), strategy, tables, args.games, args.repeats)
    print(f"start-up incl. compile or cache load: {r.startup_s:.1f} s")
    print(f"games/s, 1 thread:   {runs_text(r.one_thread_runs)}")
    print(f"games/s, {r.threads} threads:  {runs_text(r.all_threads_runs)}")
    print(f"scaling 1 -> {r.threads} threads (best to best): {r.scaling:.2f}x")
    print(f"mean {game.info.turn}s/game: {r.mean_turns:.1f}")


if __name__ == "__main__":
    main()
