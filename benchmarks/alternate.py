"""The Last Command's engine in two or more checkouts, side by side: one long-lived process per
checkout plays chunks of games strictly in turn, and the median of the paired ratios is printed.

A speed change of a few percent is smaller than the drift of a shared machine between two runs;
chunks taken in turn share the machine's load, so their ratios move much less than either rate.

    python3 -m benchmarks.alternate /work/wt-before /work/main --rounds 12 --games 20000 --threads 1

Each checkout uses its own numba cache (``<checkout>/.cache-alternate``), so a first run compiles.
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
    t0 = time.perf_counter()
    play_games(n, seed=1, threads=threads, tables=tables, first_game=first % 200000, keep_bought=False)
    print(time.perf_counter() - t0, flush=True)
    first += n
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("checkouts", nargs="+", type=Path, help="checkout folders; the first is the base of the ratios")
    ap.add_argument("--rounds", type=int, default=12)
    ap.add_argument("--games", type=int, default=20_000, help="games per chunk")
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    procs = []
    for path in args.checkouts:
        path = path.resolve()
        env = {**os.environ, "COMMANDSIM_CACHE_DIR": str(path / ".cache-alternate"), "PYTHONPATH": str(path)}
        p = subprocess.Popen([sys.executable, "-c", WORKER], cwd=path, env=env, stdin=subprocess.PIPE,
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
    print(f"{args.threads} thread(s), {args.rounds} rounds of {args.games:,} games, load average {os.getloadavg()[0]:.1f}")
    for path, rs in zip(args.checkouts, rates):
        line = f"{str(path):40s} best {max(rs):9,.0f}  median {statistics.median(rs):9,.0f} games/s"
        if rs is not rates[0]:
            ratios = [a / b for a, b in zip(rs, rates[0])]
            line += f"   ratio to the first: median {statistics.median(ratios):.3f}"
        print(line)


if __name__ == "__main__":
    main()
