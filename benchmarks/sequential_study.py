"""Simulation study of ``compare --until-verdict`` against the fixed-size ``compare``.

Paired outcomes are simulated directly with numpy (no engine), so the study runs in seconds.  A seed
is two games per setting (the subject first and second); in each game the subject's result under A
and under B differ with probability ``D`` (common random numbers keep most games the same), and a
differing game favours A with probability (D + delta) / 2, so the true score difference A - B is
delta.  D = 0.37 was measured on the engine (asymmetrical vs standard starting cards, federation
against sunder, 10,000 seeds: per-seed differences -1, -1/2, 0, 1/2, 1 with shares 1.6, 16.3,
43.8, 32.6, 5.7%, sd 0.425).

For each true difference the study runs the sequential procedure exactly as the command does
(rounds of ``--games``, repeated intervals with ``reports.sequential`` critical values, the verdict
rule of ``reports.compare.verdict``, the cap) and reports:

* false verdicts: "favours A" when A is not better, "favours B" when B is not better, "even"
  when |delta| > band (the band's edges count as inside, as in the verdict rule);
* power: a decisive verdict that is true;
* mean games per setting used;
* the games a fixed-size compare (one 95% interval, the same rule) needs for the same power, at
  most 99% (a power of 100% needs unboundedly many games; normal approximation with the model's
  exact variance), and the ratio;
* for contrast, the false-verdict rate of a naive procedure that looks at the plain 95% interval
  after every round.

    python3 -m benchmarks.sequential_study [--reps 2000] [--round-games 2000] [--max-games 200000] [--spending obf]
"""
from __future__ import annotations

import argparse
import math
import time
from statistics import NormalDist

import numpy as np

from reports.compare import verdict
from reports.sequential import information_fractions, spending_boundaries
from reports.stats import Z95

DIFF_VALUES = np.array([-1.0, -0.5, 0.0, 0.5, 1.0])
DISCORDANCE = 0.37
MATCHED_POWER_CAP = 0.99
_N = NormalDist()


def seed_distribution(delta: float, discordance: float = DISCORDANCE) -> np.ndarray:
    """Probabilities of a seed's score difference -1, -1/2, 0, 1/2, 1 (two independent games)."""
    up, down = (discordance + delta) / 2, (discordance - delta) / 2
    if down < 0:
        raise ValueError("delta must not exceed the discordance")
    same = 1 - discordance
    return np.array([down * down, 2 * down * same, same * same + 2 * up * down, 2 * up * same, up * up])


def is_false(code: str, delta: float, band: float) -> bool:
    return ((code == "favours_a" and delta <= 0) or (code == "favours_b" and delta >= 0)
            or (code == "even" and abs(delta) > band + 1e-12))


def simulate(delta: float, reps: int, round_seeds: int, cap_seeds: int, band: float, rng, naive: bool = False,
             spending: str = "obf"):
    """(false-verdict rate, power, mean games per setting) of ``reps`` sequential runs."""
    probs = seed_distribution(delta)
    crit = spending_boundaries(information_fractions(round_seeds, cap_seeds), spending=spending)
    if naive:
        crit = np.full_like(crit, Z95)
    s1 = np.zeros(reps)
    s2 = np.zeros(reps)
    n = np.zeros(reps, np.int64)
    code = np.array(["unclear"] * reps, dtype=object)
    active = np.ones(reps, bool)
    for k, c in enumerate(crit):
        size = min(round_seeds, cap_seeds - k * round_seeds)
        idx = np.flatnonzero(active)
        counts = rng.multinomial(size, probs, size=idx.size)
        s1[idx] += counts @ DIFF_VALUES
        s2[idx] += counts @ DIFF_VALUES ** 2
        n[idx] += size
        for i in idx:
            mean = s1[i] / n[i]
            se = math.sqrt(max(s2[i] - n[i] * mean * mean, 0.0) / (n[i] - 1) / n[i])
            code[i] = verdict(mean, mean - c * se, mean + c * se, band)[0]
            if code[i] != "unclear":
                active[i] = False
        if not active.any():
            break
    false = np.array([is_false(x, delta, band) for x in code])
    decisive = code != "unclear"
    return false.mean(), (decisive & ~false).mean(), 2 * n.mean()


def fixed_power(delta: float, seeds: int, band: float, sd: float) -> float:
    """P(a true decisive verdict) of one 95% interval over ``seeds`` (normal approximation)."""
    se = sd / math.sqrt(seeds)
    h = Z95 * se
    cdf = lambda x: _N.cdf((x - delta) / se)   # noqa: E731
    balanced = max(cdf(band - h) - cdf(-(band - h)), 0.0) if h <= band else 0.0
    both = max(cdf(band - h) - cdf(h), 0.0) if band - h > h else 0.0    # balanced and lo > 0
    favours_a = 1 - cdf(h) - both
    favours_b = cdf(-h) - (max(cdf(-h) - cdf(-(band - h)), 0.0) if band - h > h else 0.0)
    p = 0.0
    if abs(delta) <= band + 1e-12:
        p += balanced
    if delta > 0:
        p += favours_a
    if delta < 0:
        p += favours_b
    return p


def fixed_games_for(power: float, delta: float, band: float, sd: float, cap_seeds: int) -> int | None:
    """Fewest games per setting of a fixed-size compare with at least ``power`` (None: not within 10x
    the cap)."""
    for seeds in np.unique(np.geomspace(10, 10 * cap_seeds, 4000).astype(int)):
        if fixed_power(delta, int(seeds), band, sd) >= power:
            return 2 * int(seeds)
    return None


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=2000)
    ap.add_argument("--round-games", type=int, default=2000)
    ap.add_argument("--max-games", type=int, default=200_000)
    ap.add_argument("--band", type=float, default=2.0, help="points")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--spending", default="pocock", help="pocock (the command's) or obf")
    args = ap.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    band = args.band / 100
    round_seeds, cap_seeds = args.round_games // 2, args.max_games // 2
    started = time.perf_counter()
    print(f"{args.spending} spending, rounds of {args.round_games:,} games per setting, cap {args.max_games:,}, "
          f"band +-{args.band:g} points, {args.reps:,} runs per row, game discordance {DISCORDANCE}")
    print("| true A - B | false verdicts | power | mean games | fixed-size games, same power | ratio "
          "| false verdicts, plain 95% interval at every look |")
    print("|---|---|---|---|---|---|---|")
    for points in (0, 1, 2, 2.5, 5):   # 2.5: just outside the band, where "balanced" is false
        delta = points / 100
        sd = float(np.sqrt(seed_distribution(delta) @ DIFF_VALUES ** 2 - delta ** 2))
        false, power, games = simulate(delta, args.reps, round_seeds, cap_seeds, band, rng, spending=args.spending)
        naive_false, _, _ = simulate(delta, args.reps, round_seeds, cap_seeds, band, rng, naive=True)
        fixed = fixed_games_for(min(power, MATCHED_POWER_CAP), delta, band, sd, cap_seeds)
        fixed_text = f"{fixed:,}" if fixed else "-"
        ratio = f"{games / fixed:.2f}" if fixed else "-"
        label = f"{points:g} point{'' if points == 1 else 's'}"
        print(f"| {label} | {false:.1%} | {power:.1%} | {games:,.0f} | {fixed_text} | {ratio} | {naive_false:.1%} |")
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
