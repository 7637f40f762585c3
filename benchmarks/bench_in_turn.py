"""`commandsim bench` in two or more checkouts, one fresh process each in turn, round after round.

What a user does to compare two versions, made repeatable: each round runs the bench of every
checkout once (the order alternates between rounds), and the figures of each checkout are set
against the first's of the same round. Printed: every round's games/s on one thread and on all
threads, then for each checkout the median of the paired ratios and the ratio of the means.
A process's runs drift with the machine's load by a few percent, so several rounds are needed
to resolve a change of that size; ``benchmarks.alternate`` resolves less in fewer seconds
(long-lived processes, chunks strictly in turn).

    python3 -m benchmarks.bench_in_turn <fc57d09 worktree> . [--game G] [--rounds 6] [--games 100000] [--repeats 2]

``--game`` benches that game in every checkout (a checkout from before the one game contract printed Star
Realms' and the skirmish's rates in their own lines: both are read).

A checkout runs with its own numba cache (``<checkout>/.cache-alternate``, as ``benchmarks.alternate``),
through ``import cli`` so that checkouts from before the core/game split work too.
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

RATE = re.compile(r"games/s, (\d+) thread(?:s|\(s\))?:\s+(?:star-realms\s+)?([\d,]+)"
                  r"|^(\d+) thread\(s\):\s+([\d,]+)(?:\.\d+)? games/s", re.M)


def bench_rates(checkout: Path, games: int, repeats: int, game: str | None = None,
                factions: str | None = None) -> tuple[float, float]:
    """(games/s on one thread, on all threads): the best runs of one `commandsim bench` in ``checkout``."""
    env = {**os.environ, "COMMANDSIM_CACHE_DIR": str(checkout / ".cache-alternate"), "PYTHONPATH": str(checkout)}
    proc = subprocess.run([sys.executable, "-c", "import cli; cli.main()", "bench", "--games", str(games),
                           "--repeats", str(repeats), *(["--game", game] if game else []),
                           *(["--factions", factions] if factions else [])], cwd=checkout, env=env,
                          capture_output=True, text=True)
    rates = {int(a or c): float((b or d).replace(",", "")) for a, b, c, d in RATE.findall(proc.stdout)}
    if proc.returncode != 0 or 1 not in rates:
        sys.exit(f"{checkout}: the bench failed (exit {proc.returncode}):\n{proc.stdout}{proc.stderr}")
    return rates[1], rates[max(rates)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("checkouts", nargs="+", type=Path, help="checkout folders; the first is the base of the ratios")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--game", default=None, help="the game to bench [default: the bench's own]")
    ap.add_argument("--factions", default=None, help="the sides in seat order, as `bench --factions` takes them")
    args = ap.parse_args()
    checkouts = [c.resolve() for c in args.checkouts]
    rates: list[list[tuple[float, float]]] = [[] for _ in checkouts]
    for r in range(args.rounds):
        order = range(len(checkouts)) if r % 2 == 0 else reversed(range(len(checkouts)))
        for i in order:
            rates[i].append(bench_rates(checkouts[i], args.games, args.repeats, args.game, args.factions))
        print(f"round {r + 1}: " + "; ".join(f"{c.name} {rs[-1][0]:,.0f} / {rs[-1][1]:,.0f}"
                                             for c, rs in zip(checkouts, rates)), flush=True)
    print(f"{args.rounds} rounds of `commandsim bench --games {args.games} --repeats {args.repeats}"
          f"{' --game ' + args.game if args.game else ''}`, "
          f"load average {os.getloadavg()[0]:.1f} (games/s: one thread / all threads)")
    for c, rs in zip(checkouts, rates):
        line = f"{str(c):40s} means {statistics.mean(r[0] for r in rs):9,.0f} / {statistics.mean(r[1] for r in rs):9,.0f}"
        if rs is not rates[0]:
            for k, label in enumerate(("one thread", "all threads")):
                paired = [a[k] / b[k] for a, b in zip(rs, rates[0])]
                means = statistics.mean(a[k] for a in rs) / statistics.mean(b[k] for b in rates[0])
                line += f"; {label}: {means:.3f} of the first's mean, median of rounds {statistics.median(paired):.3f}"
        print(line)


if __name__ == "__main__":
    main()
