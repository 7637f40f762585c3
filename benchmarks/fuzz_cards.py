"""The card-set fuzz tests at length, for every game: random card sets, each refused up front or played with
its invariants checked, every game within a time limit that turns a hang into a failure, optionally in a
bounds-checked build.

* The Last Command (tests/card_sets.py): duels and Solo Mode at every difficulty, invariants after every phase;
* Star Realms (tests/star_realms/card_sets.py): every mode, each of its seatings, invariants after every turn;
* the skirmish (tests/skirmish/card_sets.py): every command set, on each seat.

    python3 -m benchmarks.fuzz_cards --examples 500
    python3 -m benchmarks.fuzz_cards --game star-realms --examples 200
    python3 -m benchmarks.fuzz_cards --examples 200 --boundscheck   # every array index checked

``--boundscheck`` runs the same in a child process with NUMBA_BOUNDSCHECK=1 and a numba cache of
its own (the checked build is compiled from scratch once, a few minutes on 2 cores per game): an index past
an array's end then stops the run with IndexError instead of writing past it. A game past its time limit
(``tests/time_limit.PER_GAME_SECONDS``) stops the run with ``Hang``, naming the set's matchup.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

GAMES = ("last-command", "star-realms", "skirmish")


def _run(strategy, play, examples: int, seed: int) -> dict[str, int]:
    """Draw ``examples`` cases from ``strategy`` and ``play`` each (True: played, False: refused up front)."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as hypothesis_seed

    counts = {"refused": 0, "played": 0}

    @hypothesis_seed(seed)
    @settings(max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def run(case):
        counts["played" if play(case) else "refused"] += 1

    run()
    return counts


def fuzz_last_command(examples: int, seeds: int, seed: int) -> str:
    import numpy as np

    from tests.card_sets import card_sets, play_checked

    game_seeds = np.arange(1, seeds + 1, dtype=np.int64)

    def play(case) -> bool:
        cards, matchup = case
        for strategies in (("random", "random"), ("balanced", "aggro")):
            result = play_checked(cards, matchup, strategies, game_seeds)
            if result == ["refused"]:
                return False
            assert result == [], f"invariants broken: {result[:5]} ({matchup})"
        return True

    counts = _run(card_sets(), play, examples, seed)
    return (f"{counts['refused']} refused up front, {counts['played']} played "
            f"({counts['played'] * 2 * seeds:,} games, duels and Solo Mode), every invariant held after every phase")


def fuzz_star_realms(examples: int, seed: int) -> str:
    from simcore.games.star_realms.setup import MODES, mode_matchups
    from tests.star_realms.card_sets import GAMES_PER_SEATING, card_sets, play_every_mode, refused

    def play(cards) -> bool:
        if refused(cards):
            return False
        play_every_mode(cards)
        return True

    counts = _run(card_sets(), play, examples, seed)
    seatings = sum(len(mode_matchups(m)) for m in MODES)
    return (f"{counts['refused']} refused up front, {counts['played']} played in every mode "
            f"({counts['played'] * (seatings * GAMES_PER_SEATING + len(MODES)):,} games), every invariant held "
            f"after every turn")


def fuzz_skirmish(examples: int, seed: int) -> str:
    from tests.skirmish.card_sets import GAMES_PER_SET, data_sets, pairs, play_every_set, refused

    battles = {"n": 0}

    def play(data) -> bool:
        if refused(data):
            return False
        play_every_set(data)
        battles["n"] += len(pairs(data)) * (GAMES_PER_SET + 1)
        return True

    counts = _run(data_sets(), play, examples, seed)
    return (f"{counts['refused']} refused up front, {counts['played']} played with every command set "
            f"({battles['n']:,} battles), Command Points within the budgets")


def fuzz(game: str, examples: int, seeds: int, seed: int) -> int:
    for name in (GAMES if game == "all" else (game,)):
        started = time.perf_counter()
        if name == "last-command":
            text = fuzz_last_command(examples, seeds, seed)
        elif name == "star-realms":
            text = fuzz_star_realms(examples, seed)
        else:
            text = fuzz_skirmish(examples, seed)
        print(f"{name}: {examples} card sets in {time.perf_counter() - started:.1f} s: {text}; no game past its "
              f"time limit", flush=True)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("all", *GAMES), default="all", help="the game to fuzz (default all)")
    parser.add_argument("--examples", type=int, default=500, help="card sets to try per game (default 500)")
    parser.add_argument("--seeds", type=int, default=8,
                        help="The Last Command: games per set and strategy pair (default 8)")
    parser.add_argument("--seed", type=int, default=0, help="hypothesis seed (default 0)")
    parser.add_argument("--boundscheck", action="store_true",
                        help="run in a child process compiled with numba's bounds checks")
    args = parser.parse_args()
    if args.boundscheck and os.environ.get("NUMBA_BOUNDSCHECK") != "1":
        base = os.environ.get("COMMANDSIM_CACHE_DIR") or str(Path.home() / ".cache" / "commandsim")
        env = dict(os.environ, NUMBA_BOUNDSCHECK="1", COMMANDSIM_CACHE_DIR=str(Path(base) / "boundscheck"))
        argv = [sys.executable, "-m", "benchmarks.fuzz_cards", "--game", args.game, "--examples",
                str(args.examples), "--seeds", str(args.seeds), "--seed", str(args.seed), "--boundscheck"]
        print(f"bounds-checked build (numba cache {env['COMMANDSIM_CACHE_DIR']})", flush=True)
        return subprocess.run(argv, env=env).returncode
    return fuzz(args.game, args.examples, args.seeds, args.seed)


if __name__ == "__main__":
    sys.exit(main())
