"""How long the engine threads wait for Python: `bench`'s loop against a sweep, in one process.

Games/s on a shared 2-core machine move by a factor of two with the neighbours' load, which hides
the few percent a sweep loses between chunks.  This times every block the engine threads play
(``batch.play_range``) and prints the share of the wall time a thread had no block to play, and
the process's CPU seconds per 100,000 games: both move much less with the load.  Configurations
(alternating, ``--repeats`` rounds, medians): ``bench`` (its own loop), ``serial`` (a sweep whose
chunks are played one after another, as before the ``BlockPool``), ``new`` (the local runner), and
each sweep again with ``--per-game`` to Parquet (``serial+pg``, ``new+pg``).

    python3 -m benchmarks.engine_idle [--games 200000] [--repeats 5] [bench new new+pg ...]
"""
from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import threading
import time

import numba

import simcore.games.last_command.batch as batch
from benchmarks.sweep_vs_bench import BENCH_ORDER, CELL, GAME, STRATEGIES
from reports.files import TableStream
from reports.sweep import play_sweep
from simcore.cluster import LocalRunner
from simcore.bench import _rate
from simcore.games.last_command.cardset import load_cards


class SerialRunner(LocalRunner):
    """The local runner without ``fn.start``: each chunk on threads of its own, one after another."""

    def map(self, fn, tasks, shared=None):
        for task in tasks:
            yield fn(task, shared, self.threads)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("only", nargs="*", help="configurations to run (default: all)")
    args = ap.parse_args()
    busy, lock = [0.0], threading.Lock()
    real = batch.play_range

    def timed(*a):
        start = time.perf_counter()
        real(*a)
        with lock:
            busy[0] += time.perf_counter() - start

    batch.play_range = timed
    tables, threads, games = load_cards(), numba.config.NUMBA_NUM_THREADS, args.games
    play_sweep(GAME, [CELL], games=2, seed=1, tables=tables)   # compile or load the engine before timing
    with tempfile.TemporaryDirectory(prefix="commandsim-idle-") as folder:
        def sweep(runner, per_game=False):
            if not per_game:
                play_sweep(GAME, [CELL], games=games, seed=1, tables=tables, runner=runner)
                return
            with TableStream(os.path.join(folder, "games.parquet")) as stream:
                play_sweep(GAME, [CELL], games=games, seed=1, tables=tables, runner=runner, per_game=stream.append)
                stream.close()

        configs = {"bench": lambda: _rate(GAME, BENCH_ORDER, STRATEGIES, tables, games, threads),
                   "serial": lambda: sweep(SerialRunner()), "new": lambda: sweep(LocalRunner()),
                   "serial+pg": lambda: sweep(SerialRunner(), True), "new+pg": lambda: sweep(LocalRunner(), True)}
        if args.only:
            configs = {k: v for k, v in configs.items() if k in args.only}
        idle = {k: [] for k in configs}
        cpu = {k: [] for k in configs}
        for r in range(args.repeats):
            for k in (list(configs) if r % 2 == 0 else list(configs)[::-1]):
                busy[0] = 0.0
                wall, used = time.perf_counter(), time.process_time()
                configs[k]()
                wall, used = time.perf_counter() - wall, time.process_time() - used
                idle[k].append(1 - busy[0] / (threads * wall))
                cpu[k].append(used / games * 100_000)
    print(f"{threads} threads, load average {os.getloadavg()[0]:.1f}; {games:,} games; {args.repeats} rounds; medians")
    for k in configs:
        print(f"{k:10s} engine threads idle {statistics.median(idle[k]):6.2%}  CPU s per 100k games "
              f"{statistics.median(cpu[k]):.3f}   (idle runs: {' / '.join(f'{x:.2%}' for x in idle[k])})")


if __name__ == "__main__":
    main()
