"""What a small batch costs: one engine call of a few games, and the paired matches the tuner,
the advisor and the skill ladder play by the thousand.

A call's fixed costs (reading the strategies, compiling their rows, setting up the games, the
threads) matter little to a sweep's 20,000-game chunks and decide a 96-game match. Printed: the
median time of ``play_games`` for ``--call-games`` games, and of ``head_to_head`` (balanced
against engine) for each ``--match-games``, over ``--repeats`` runs each on new seeds.

    python3 -m benchmarks.small_batches [--call-games 24] [--match-games 96 400 2000] [--repeats 9]
"""
from __future__ import annotations

import argparse
import statistics
import time

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.simulate import play_games
from simcore.games.last_command.players.head_to_head import head_to_head


def median_ms(run, repeats: int) -> float:
    times = []
    for i in range(repeats):
        start = time.perf_counter()
        run(i)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--call-games", type=int, default=24)
    ap.add_argument("--match-games", type=int, nargs="+", default=[96, 400, 2000], help="multiples of 4")
    ap.add_argument("--repeats", type=int, default=9)
    args = ap.parse_args()
    tables = load_cards()
    pair = ("balanced", "engine")
    play_games(8, strategies=pair, tables=tables)   # the engine loaded (or compiled) before timing
    call = median_ms(lambda i: play_games(args.call_games, seed=1, strategies=pair, tables=tables,
                                          first_game=i * args.call_games), args.repeats)
    print(f"play_games, {args.call_games} games: {call:.2f} ms")
    for n in args.match_games:
        match = median_ms(lambda i: head_to_head(*pair, n, seed=1 + i, tables=tables), args.repeats)
        print(f"head_to_head, {n} games: {match:.1f} ms")


if __name__ == "__main__":
    main()
