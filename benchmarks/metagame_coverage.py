"""Known-truth coverage of ``commandsim metagame``'s intervals, in every game (``reports.metagame_stats``).

As ``benchmarks/coverage.py`` does for the other commands: a *pool* of seeds of a game's match-up is played once
(every cell on the same seeds, each seed in both seat orders: ``reports.metagame_play``); the pool is the
population, so the equilibrium of its mean matrix is the truth, known exactly. Each *run* draws ``--size`` seeds
from the pool with replacement and is analysed by the very function the command prints from
(``metagame_stats.analyse``). A row gives, over the runs:

* how often the value's 95% interval held the true value (with the range a true 95% gives over that many runs);
* how often an entry the true equilibrium does not play was called "in the support" (its weight's interval
  excluding 0): a false claim, per entry and run;
* how often an entry the true equilibrium plays was called in the support (the claim's power);
* how often the exploitability bound held: the run's mixes played in the true game are exploitable by at most
  the printed one-sided 95% bound.

    python3 -m benchmarks.metagame_coverage --runs 100 --pool 2000 --size 100     # minutes on a shared machine
"""
from __future__ import annotations

import argparse
import time

import numpy as np
from scipy import stats

from reports import equilibrium as eq
from reports import metagame_play as mp
from reports.commands.metagame import plan as metagame_plan
from reports import metagame_stats as ms
from simcore.games import registry

# a match-up whose value is not fixed by its rules (Star Realms' Command Deck wins every game against a standard
# start: a standard mirror with different entries on each side)
OPTIONS = {"star-realms": {"sides": "standard,standard", "strategies": "balanced,combat_first,trade_first,tuned",
                           "opponent_strategies": "balanced,combat_first,trade_first,random"}}


def study(game: str, pool: int, size: int, runs: int, resamples: int, seed: int) -> dict:
    plan = metagame_plan(registry.get(game), games=4, resamples=20, seed=seed, **OPTIONS.get(game, {}))
    played = mp.play_range(plan.setup, seed, 0, pool)
    P = played.matchup().mean(axis=3)                   # [rows, columns, seeds]
    truth = eq.solve(P.mean(axis=2))
    plays = (truth.row > 0, truth.col > 0)
    rng = np.random.default_rng(seed)
    covered = bound = false = false_n = power = power_n = 0
    for r in range(runs):
        run = P[:, :, rng.integers(0, pool, size)]
        a = ms.analyse(run, resamples=resamples, seed=seed + r)
        covered += a.value.low <= truth.value <= a.value.high
        bound += eq.exploitability(P.mean(axis=2), a.solution.row, a.solution.col) <= a.exploitability.high + 1e-12
        for side in (0, 1):
            claimed = ms.in_support(a.weights[side])
            false += int((claimed & ~plays[side]).sum())
            false_n += int((~plays[side]).sum())
            power += int((claimed & plays[side]).sum())
            power_n += int(plays[side].sum())
    low, high = stats.binom.ppf([0.025, 0.975], runs, 0.95) / runs
    return {"game": game, "value": round(truth.value, 4), "value covered": covered / runs,
            "a true 95% gives": f"{low:.2f}-{high:.2f}", "false support": false / false_n if false_n else float("nan"),
            "support found": power / power_n if power_n else float("nan"), "exploitability bound held": bound / runs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(registry.names()))
    parser.add_argument("--pool", type=int, default=2000, help="seeds played once per game: the population")
    parser.add_argument("--size", type=int, default=100, help="seeds a run draws")
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--resamples", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    import pandas as pd
    rows = []
    for game in args.games.split(","):
        began = time.perf_counter()
        rows.append(study(game, args.pool, args.size, args.runs, args.resamples, args.seed))
        rows[-1]["seconds"] = round(time.perf_counter() - began)
    print(f"pool {args.pool:,} seeds, runs of {args.size:,} seeds, {args.runs} runs, {args.resamples} resamples")
    print(pd.DataFrame(rows).to_string(index=False))


if __name__ == "__main__":
    main()
