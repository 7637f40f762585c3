"""A sweep on a Dask ``LocalCluster`` of N worker processes against the local N-thread runner, side
by side (``--repeats`` alternating runs each, all printed, the best compared), and the per-chunk
overhead of the cluster: the same games in chunks of several sizes, and the chunk size that keeps
the overhead under 2%.

    python3 -m benchmarks.cluster [--game G] [--games 50000] [--workers 2] [--repeats 3]   (from the repo root)

Needs the cluster extra (``pip install ".[cluster]"``).
"""
from __future__ import annotations

import argparse
import os
import time

from reports.sweep import DEFAULT_CHUNK, play_sweep
from simcore.cluster import LocalRunner, connect
from simcore.game import SweepSpec
from simcore.games import registry

OVERHEAD_SHARE = 0.02
GAME = registry.get(registry.DEFAULT_GAME)


def timed(cells, games: int, tables, runner, chunk_size: int = DEFAULT_CHUNK) -> float:
    """Seconds to sweep ``cells`` with ``games`` per cell."""
    started = time.perf_counter()
    play_sweep(GAME, cells, games, seed=1, tables=tables, chunk_size=chunk_size, runner=runner)
    return time.perf_counter() - started


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", default=registry.DEFAULT_GAME)
    ap.add_argument("--games", type=int, default=50_000, help="games per cell of the game's default sweep")
    ap.add_argument("--workers", type=int, default=2, help="worker processes, and local engine threads")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--overhead-games", type=int, default=8_000, help="games per cell of the chunk-size runs")
    args = ap.parse_args()
    global GAME
    GAME = registry.get(args.game)
    tables = GAME.load_tables()
    cells = GAME.sweep_cells(SweepSpec(), tables)
    total = len(cells) * args.games
    local = LocalRunner(args.workers)
    timed(cells[:1], 2, tables, local)     # compile or load the engine here first: workers then load it
    with connect(f"local:{args.workers}") as cluster:
        timed(cells[:1], 2, tables, cluster)   # workers load the engine
        runs = {"local": [], "cluster": []}
        for _ in range(args.repeats):
            runs["local"].append(total / timed(cells, args.games, tables, local))
            runs["cluster"].append(total / timed(cells, args.games, tables, cluster))
        print(f"sweep of {len(cells)} cells x {args.games:,} games (chunks of {DEFAULT_CHUNK:,}), "
              f"{os.cpu_count()} cores:")
        for name, label in (("local", f"local runner, {args.workers} threads"),
                            ("cluster", f"LocalCluster, {args.workers} processes")):
            print(f"  {label:<32} best {max(runs[name]):>9,.0f} games/s  (runs: "
                  f"{' / '.join(f'{r:,.0f}' for r in runs[name])})")
        print(f"  cluster / local (best to best): {max(runs['cluster']) / max(runs['local']):.2f}x")

        print()
        overhead(cells, args.overhead_games, tables, local, f"local runner, {args.workers} threads", 1,
                 args.repeats)
        print()
        overhead(cells, args.overhead_games, tables, cluster, f"LocalCluster, {args.workers} processes",
                 args.workers, args.repeats)


def overhead(cells, games: int, tables, runner, label: str, parallel: int, repeats: int) -> None:
    """The same games in smaller and smaller chunks: the extra time per extra chunk is the overhead
    of a chunk (``parallel`` chunks at a time), and the chunk size that keeps it under 2%."""
    sizes = (games // 2, 1_000, 250, 50)
    seconds = {size: min(timed(cells, games, tables, runner, size) for _ in range(repeats)) for size in sizes}
    chunks = {size: len(cells) * 2 * -(-games // 2 // size) for size in sizes}
    print(f"per-chunk overhead, {label}, {len(cells)} cells x {games:,} games (best of {repeats}):")
    for size in sizes:
        print(f"  chunks of {size:>6,} games: {chunks[size]:>5,} chunks  {seconds[size]:6.2f} s")
    base, small = sizes[0], sizes[-1]
    per_chunk = max(seconds[small] - seconds[base], 0.0) * parallel / (chunks[small] - chunks[base])
    gps = len(cells) * games / seconds[base] / parallel
    needed = per_chunk * gps / OVERHEAD_SHARE
    print(f"  overhead per chunk: {1000 * per_chunk:.1f} ms of a {'worker' if parallel > 1 else 'run'}'s time "
          f"(it plays {gps:,.0f} games/s): chunks of at least {needed:,.0f} games keep it under "
          f"{OVERHEAD_SHARE:.0%} (default chunk: {DEFAULT_CHUNK:,})")

if __name__ == "__main__":
    main()
