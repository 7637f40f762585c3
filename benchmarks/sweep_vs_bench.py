"""`sweep` against `bench` on the same games, side by side in one process, and the C reference loop.

By default The Last Command: balanced vs balanced, standard starts, Federation vs Sunder, on all threads;
``--game G`` any game's first cell of its default sweep (the games ``commandsim bench --game G`` plays),
``--threads N`` on N threads (the C reference too).  ``bench``'s rate is
its own timed loop (``simcore.bench``); the sweep's is one cell of ``reports.sweep.play_sweep``
(both seat orders), timed at ``--games`` and at ``--small`` games and divided as
(games - small) / (t_games - t_small), so that set-up and the first chunk's costs cancel.  With
``--per-game`` the sweep is timed a second time streaming every game to a Parquet file
(``--per-game`` of the CLI), and its cost is also stated as the ratio of the whole ``--games`` runs,
which does not difference two noisy times.  Each configuration runs ``--repeats`` times, alternating; the best
run of each is compared, and so is the median of the run-by-run ratios (runs taken next to each
other share the machine's load; on a shared machine that median moves less than the best runs),
and every run is printed.

The C reference (``../shared/tools/calib``, a toy deckbuilder in plain C on as many threads) is compiled
with gcc into a temporary folder and run between the repeats, so the sweep is also stated as a
ratio to it (the aims: 0.13 on all threads, 0.2 on one).  Without gcc or the folder it says so and skips
that line.

    python3 -m benchmarks.sweep_vs_bench [--games 220000] [--small 20000] [--repeats 5] [--per-game]
    python3 -m benchmarks.sweep_vs_bench --game skirmish --threads 1
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import numba

from reports.files import TableStream
from reports.sweep import play_sweep
from simcore.bench import _rate, bench_order, runs_text
from simcore.game import SweepSpec
from simcore.games import registry
from simcore.games.last_command.sweep_cells import MatchCell
from simcore.games.last_command.cardset import load_cards

# ../shared/tools/calib from the project's checkout (or from a worktree one folder deeper)
CALIB = next((p / "shared" / "tools" / "calib" for p in Path(__file__).resolve().parents
              if (p / "shared" / "tools" / "calib" / "game_c.c").exists()), Path("../shared/tools/calib"))
GAME = registry.get("last-command")
CELL = MatchCell(("federation", "sunder"), ("standard", "standard"), ("balanced", "balanced")).cell()
BENCH_ORDER = CELL.orders[0]
STRATEGIES = tuple(GAME.resolve_strategy(s) for s in BENCH_ORDER.strategies)


def sweep_seconds(games: int, tables, per_game_dir: str | None, game=GAME, cell=CELL,
                  threads: int | None = None) -> float:
    start = time.perf_counter()
    if per_game_dir is None:
        play_sweep(game, [cell], games=games, seed=1, tables=tables, threads=threads)
    else:
        with TableStream(os.path.join(per_game_dir, "games.parquet")) as stream:
            play_sweep(game, [cell], games=games, seed=1, tables=tables, threads=threads, per_game=stream.append)
            stream.close()
    return time.perf_counter() - start


def sweep_rate(games: int, small: int, tables, per_game_dir: str | None = None,
               whole: list[float] | None = None, game=GAME, cell=CELL, threads: int | None = None) -> float:
    """Games/s of the sweep with its fixed costs cancelled (see the module text); ``whole`` gains
    the seconds of the ``games`` run itself."""
    t_small = sweep_seconds(small, tables, per_game_dir, game, cell, threads)
    t_big = sweep_seconds(games, tables, per_game_dir, game, cell, threads)
    if whole is not None:
        whole.append(t_big)
    return (games - small) / max(t_big - t_small, 1e-9)


def build_calib(folder: str, calib: Path = CALIB) -> str | None:
    """The C reference compiled into ``folder``; None (with the reason printed) when it cannot be."""
    source = calib / "game_c.c"
    if not source.exists() or shutil.which("gcc") is None:
        print(f"C reference skipped: {'gcc not found' if source.exists() else f'{source} not found'}")
        return None
    exe = os.path.join(folder, "calib")
    done = subprocess.run(["gcc", "-O2", "-fopenmp", "-o", exe, str(source), f"-I{calib}"], capture_output=True,
                          text=True)
    if done.returncode:
        print(f"C reference skipped: gcc failed: {done.stderr.strip().splitlines()[-1:]}")
        return None
    return exe


def calib_rate(exe: str, games: int, threads: int | None = None) -> float:
    env = dict(os.environ, **({"OMP_NUM_THREADS": str(threads)} if threads else {}))
    text = subprocess.run([exe, "1", str(games)], capture_output=True, text=True, check=True, env=env).stdout
    return float(re.search(r"games_per_sec=([0-9.eE+]+)", text).group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=220_000, help="games of the timed sweep cell (even)")
    ap.add_argument("--small", type=int, default=20_000, help="games of the sweep whose time is subtracted")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--per-game", action="store_true", help="also time the sweep writing every game to Parquet")
    ap.add_argument("--calib-games", type=int, default=2_000_000, help="games of the C reference loop")
    ap.add_argument("--calib", type=Path, default=None, help=f"the C reference's folder (default {CALIB})")
    ap.add_argument("--game", default="last-command", help="a registered game [default: last-command]")
    ap.add_argument("--threads", type=int, default=None, help="threads of the sweep, bench and C reference "
                    "[default: all]")
    args = ap.parse_args()
    threads = args.threads or numba.config.NUMBA_NUM_THREADS
    game = registry.get(args.game)
    if game is GAME:
        tables, cell, order, strategies = load_cards(), CELL, BENCH_ORDER, STRATEGIES
    else:
        tables = game.load_tables([])
        strategy = game.info.default_strategy
        cell = game.sweep_cells(SweepSpec(strategy=strategy), tables)[0]
        order = bench_order(game, None, strategy, tables)
        strategies = tuple(game.resolve_strategy(s) for s in order.strategies)
    play_sweep(game, [cell], games=2, seed=1, tables=tables)   # compile or load the engine before timing
    bench, sweep, per_game, calib = [], [], [], []
    sweep_whole, per_game_whole = [], []
    with tempfile.TemporaryDirectory(prefix="commandsim-sweep-bench-") as folder:
        exe = build_calib(folder, args.calib or CALIB)
        for _ in range(max(1, args.repeats)):
            bench.append(_rate(game, order, strategies, tables, args.games, threads)[0])
            sweep.append(sweep_rate(args.games, args.small, tables, whole=sweep_whole, game=game, cell=cell,
                                    threads=threads))
            if args.per_game:
                per_game.append(sweep_rate(args.games, args.small, tables, folder, whole=per_game_whole,
                                           game=game, cell=cell, threads=threads))
            if exe is not None:
                calib.append(calib_rate(exe, args.calib_games, threads))
    print(f"{game.info.name}: {threads} thread(s), load average {os.getloadavg()[0]:.1f}; sweep timed as "
          f"{args.games:,} - {args.small:,} games of one cell")
    print(f"bench   games/s: {runs_text(bench)}")
    print(f"sweep   games/s: {runs_text(sweep)}")
    print(f"sweep / bench:   {max(sweep) / max(bench):.3f} best to best, "
          f"{statistics.median(s / b for s, b in zip(sweep, bench)):.3f} median run by run (runs: "
          f"{' / '.join(f'{s / b:.3f}' for s, b in zip(sweep, bench))})")
    if per_game:
        print(f"sweep --per-game (Parquet) games/s: {runs_text(per_game)}")
        print(f"per-game writing costs {max(sweep) / max(per_game) - 1:+.1%} of the sweep's time best to best, "
              f"{statistics.median(s / p for s, p in zip(sweep, per_game)) - 1:+.1%} median run by run (runs: "
              f"{' / '.join(f'{s / p - 1:+.1%}' for s, p in zip(sweep, per_game))})")
        # the difference of two timed runs doubles their noise; the whole runs' ratio does not
        # subtract the start-up (a few chunks' worth, the same in both but the file's creation)
        ratios = [p / s - 1 for s, p in zip(sweep_whole, per_game_whole)]
        print(f"per-game writing costs {statistics.median(ratios):+.1%} of the sweep's time in whole runs of "
              f"{args.games:,} games, median run by run (runs: {' / '.join(f'{r:+.1%}' for r in ratios)})")
    if calib:
        print(f"C reference games/s: {runs_text(calib)}")
        print(f"sweep / C reference: {max(sweep) / max(calib):.3f} best to best, "
              f"{statistics.median(s / c for s, c in zip(sweep, calib)):.3f} median run by run (runs: "
              f"{' / '.join(f'{s / c:.3f}' for s, c in zip(sweep, calib))}; "
              f"bench / C reference: {max(bench) / max(calib):.3f})")


if __name__ == "__main__":
    main()
