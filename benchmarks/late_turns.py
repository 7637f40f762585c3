"""What a game's later turns cost against its mean turn: the base heuristic played with the turn limit at
each cap and uncapped, alternating, on one thread. A search's rollout plays a game's later turns, so
`commandsim bench --strategy search:N`'s engine-speed bound (the mean turn's cost) overstates what a
rollout can reach when those turns cost more.

    python3 -m benchmarks.late_turns [--game G] [--caps 6,13] [--games 20000] [--rounds 2]
"""
from __future__ import annotations

import argparse
import time

from simcore.bench import bench_order
from simcore.game import Setting
from simcore.games import registry


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default=registry.DEFAULT_GAME)
    ap.add_argument("--caps", default="6,13", help="turn limits to play besides the game's own")
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    game = registry.get(args.game)
    tables = game.load_tables([])
    base = bench_order(game, None, game.info.default_strategy, tables)
    strategies = tuple(game.resolve_strategy(game.info.default_strategy) for _ in range(2))
    caps = [int(c) for c in args.caps.split(",")] + [game.info.max_turns]
    for _ in range(args.rounds):
        for cap in caps:
            order = game.setting_orders(Setting(base.sides[0], base.variants[0], tables), base.sides[1],
                                        base.variants[1], cap)[0]
            game.play(order.matchup, strategies, 1, 0, 2, tables, 1, keep_bought=False)     # compiled, warm
            start = time.perf_counter()
            rec = game.play(order.matchup, strategies, 1, 0, args.games, tables, 1, keep_bought=False)
            dt = time.perf_counter() - start
            print(f"turn limit {cap:5d}: {args.games / dt:10,.0f} games/s, {rec.turns.mean():5.1f} turns a game, "
                  f"{dt / args.games * 1e6:7.2f} us a game, {dt / rec.turns.sum() * 1e6:6.3f} us a turn")


if __name__ == "__main__":
    main()
