"""What `sweep --per-game` adds to a sweep: whole runs with and without it, alternating in one process.

Balanced vs balanced, standard starts, Federation vs Sunder (``sweep_vs_bench.CELL``), on all
threads. Each pair plays the same ``--games`` twice, once streaming every game to a Parquet file
through ``reports.files.TableStream`` as the CLI does, once not (which goes first alternates);
the ratios of their wall times and of their CPU times (the process's, every thread's) are
printed for each pair, with their medians and the best run against the best run. Pairs taken
next to each other share the machine's load, so their median moves less than either time; the
CPU ratio says what the writing costs in work, which on a busy 2-core machine is its cost in time.

The default is the size the cost was first measured at (2 million games, issue 21). A short sweep
pays more in proportion: the last row group (up to ``parquet_stream.ROW_GROUP_ROWS`` rows, about
60 ms) is encoded after the last game, 2 to 3% of a 220,000-game run.

    python3 -m benchmarks.per_game_cost [--games 2000000] [--pairs 4]
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import tempfile

from benchmarks.sweep_vs_bench import CELL, GAME, sweep_seconds
from reports.sweep import play_sweep
from simcore.games.last_command.cardset import load_cards


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def timed_sweep(games: int, tables, folder: str | None) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of ``sweep_vs_bench.sweep_seconds``: one sweep, streaming per-game
    rows to ``folder`` if given."""
    cpu = cpu_seconds()
    wall = sweep_seconds(games, tables, folder)
    return wall, cpu_seconds() - cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2_000_000, help="games of each sweep (even)")
    ap.add_argument("--pairs", type=int, default=4)
    args = ap.parse_args()
    tables = load_cards()
    play_sweep(GAME, [CELL], games=2, seed=1, tables=tables)   # the engine loaded (or compiled) before timing
    plain, per_game = [], []
    with tempfile.TemporaryDirectory(prefix="commandsim-per-game-") as folder:
        for i in range(args.pairs):
            if i % 2 == 0:
                plain.append(timed_sweep(args.games, tables, None))
                per_game.append(timed_sweep(args.games, tables, folder))
            else:
                per_game.append(timed_sweep(args.games, tables, folder))
                plain.append(timed_sweep(args.games, tables, None))
            print(f"pair {i + 1}: wall {per_game[-1][0] / plain[-1][0] - 1:+.1%}, "
                  f"CPU {per_game[-1][1] / plain[-1][1] - 1:+.1%}", flush=True)
    wall = [p[0] / s[0] - 1 for s, p in zip(plain, per_game)]
    cpu = [p[1] / s[1] - 1 for s, p in zip(plain, per_game)]
    best = min(p[0] for p in per_game) / min(s[0] for s in plain) - 1
    print(f"{args.pairs} pairs of {args.games:,} games, load average {os.getloadavg()[0]:.1f}; "
          f"sweep {args.games / min(s[0] for s in plain):,.0f} games/s at best")
    print(f"--per-game costs {statistics.median(wall):+.1%} of the sweep's wall time (median of the pairs; "
          f"best to best {best:+.1%}) and {statistics.median(cpu):+.1%} of its CPU time (median)")


if __name__ == "__main__":
    main()
