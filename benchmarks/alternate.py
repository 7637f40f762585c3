"""A game's engine in two or more checkouts, side by side: one long-lived process per checkout plays
chunks of games strictly in turn, and the median of the paired ratios is printed.

A speed change of a few percent is smaller than the drift of a shared machine between two runs;
chunks taken in turn share the machine's load, so their ratios move much less than either rate.

    python3 -m benchmarks.alternate /work/wt-before /work/main --rounds 12 --games 20000 --threads 1
    python3 -m benchmarks.alternate /work/main . --game skirmish --sides line,line --games 4000 --cpu

Without ``--game``, The Last Command's default games (also in checkouts from before the game contract);
with it, the seat order ``commandsim bench`` plays (``--sides`` as its ``--factions``), both seats on
``--strategy``. ``--cpu`` rates each chunk by the worker's CPU time instead of the wall time: on a loaded
machine a one-thread chunk's wall time also counts the time it waited for a core.

Each checkout uses its own numba cache (``<checkout>/.cache-alternate``, or a folder of its own under
``--cache``), so a first run compiles.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

WORKER = """
import sys, time
clock = time.process_time if sys.argv[1] == "cpu" else time.perf_counter
try:
    from simcore.games.last_command.cardset import load_cards
    from simcore.games.last_command.simulate import play_games
except ImportError:   # a checkout from before the core/game split (fc57d09, the base of issue 14)
    from simcore.cards import load_cards
    from simcore.simulate import play_games
tables = load_cards()
play_games(8, tables=tables)
print("ready", flush=True)
first = 0
for line in sys.stdin:
    n, threads = map(int, line.split())
    t0 = clock()
    play_games(n, seed=1, threads=threads, tables=tables, first_game=first % 200000, keep_bought=False)
    print(clock() - t0, flush=True)
    first += n
"""

GAME_WORKER = """
import sys, time
from simcore.bench import bench_order
from simcore.game import seat_pair
from simcore.games import registry
clock = time.process_time if sys.argv[1] == "cpu" else time.perf_counter
game = registry.get(sys.argv[2])
strategy = sys.argv[4] or game.info.default_strategy
tables = game.load_tables([])
sides = seat_pair(sys.argv[3], game.info.sides, game.info.side.one, "--sides") if sys.argv[3] else None
order = bench_order(game, sides, strategy, tables)
strategies = tuple(game.resolve_strategy(strategy) for _ in range(2))
game.play(order.matchup, strategies, 1, 0, 8, tables, 1, keep_bought=False)
print("ready", flush=True)
first = 0
for line in sys.stdin:
    n, threads = map(int, line.split())
    t0 = clock()
    game.play(order.matchup, strategies, 1, first % 200000, n, tables, threads, keep_bought=False)
    print(clock() - t0, flush=True)
    first += n
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("checkouts", nargs="+", type=Path, help="checkout folders; the first is the base of the ratios")
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--games", type=int, default=20_000, help="games per chunk")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--game", default=None, help="a registered game [default: The Last Command's own worker]")
    ap.add_argument("--sides", default="", help="with --game: the two sides in seat order [default: bench's]")
    ap.add_argument("--strategy", default="", help="with --game: both seats' strategy [default: the game's own]")
    ap.add_argument("--cpu", action="store_true", help="rate chunks by CPU time, not wall time")
    ap.add_argument("--cache", type=Path, default=None,
                    help="a folder for the checkouts' numba caches [default: <checkout>/.cache-alternate]")
    args = ap.parse_args()
    clock = "cpu" if args.cpu else "wall"
    worker = ["-c", WORKER, clock] if args.game is None else ["-c", GAME_WORKER, clock, args.game, args.sides,
                                                             args.strategy]
    procs = []
    for k, path in enumerate(args.checkouts):
        path = path.resolve()
        cache = path / ".cache-alternate" if args.cache is None else args.cache.resolve() / f"{k}-{path.name}"
        env = {**os.environ, "COMMANDSIM_CACHE_DIR": str(cache), "PYTHONPATH": str(path)}
        p = subprocess.Popen([sys.executable, *worker], cwd=path, env=env, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
        if p.stdout.readline().strip() != "ready":
            sys.exit(f"{path}: the worker did not start")
        procs.append(p)
    rates: list[list[float]] = [[] for _ in procs]
    for r in range(args.rounds):
        order = range(len(procs)) if r % 2 == 0 else reversed(range(len(procs)))
        for i in order:
            procs[i].stdin.write(f"{args.games} {args.threads}\n")
            procs[i].stdin.flush()
            rates[i].append(args.games / float(procs[i].stdout.readline()))
    for p in procs:
        p.stdin.close()
        p.wait()
    print(f"{args.game or 'last-command'}, {args.threads} thread(s), {args.rounds} rounds of {args.games:,} games, "
          f"{'CPU' if args.cpu else 'wall'} time, load average {os.getloadavg()[0]:.1f}")
    for path, rs in zip(args.checkouts, rates):
        line = f"{str(path):40s} best {max(rs):9,.0f}  median {statistics.median(rs):9,.0f} games/s"
        if rs is not rates[0]:
            ratios = [a / b for a, b in zip(rs, rates[0])]
            line += f"   ratio to the first: median {statistics.median(ratios):.3f}"
        print(line)


if __name__ == "__main__":
    main()
