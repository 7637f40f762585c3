"""Known-truth coverage studies of every interval and test the tool prints, in every game.

For each game a *pool* of seeds is played once with the engine (each seed in both seat orders, as the
commands play it); the pool is the population, so its means are the truth, known exactly. Each *run* then
draws seeds from the pool with replacement (independent seeds from that population, as a run on fresh seeds
draws them from the game's) and feeds them to the very functions the commands print from: the sweep's
reductions (``chunk_counts``, ``aggregate.summarise``, ``first_player_table``), its ``--target-ci`` rule
(``sweep.half_width``), a comparison's summary (``compare.comparison_of``) and ``--until-verdict``'s looks
(``sequential.look_critical_values``, ``compare.combine_rounds``), the tournament (``tournament.run_tournament``)
and impact's rule (``impact_stats.judge_cards``). A row gives how often the printed 95% interval held the
truth (or how often a verdict was wrong), with the range a true 95% (or alpha) would give over that many runs
(the central 95% of the binomial), and for the pooled rows the coverage of the old interval that counted a
seed's games as independent.

Studies (``--studies``): ``sweep`` (each seat's row, a side's both row, the first player's share), ``target``
(``--target-ci``: every row within the target, and covering), ``compare`` (each setting's rate, the paired
difference; a 4-game comparison's verdicts), ``until`` (``--until-verdict``'s wrong verdicts: A/A with no
true difference, A/B, rounds of 4 games), ``ratings`` (tournament strengths and expected scores),
``impact`` (tested and screened cards' intervals; worthless and shown verdicts against the truth).

    python3 -m benchmarks.coverage --runs 100 --pool 2000          # small: minutes on a shared machine
    python3 -m benchmarks.coverage --runs 1000 --pool 100000       # publishable (docs/statistics.md)
"""
from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats

from reports.aggregate import first_player_table, summarise
from reports.chunk_counts import SweepTally, tally_chunk
from reports.compare import comparison_of, run_compare, verdict
from reports.impact import run_impact
from reports.impact_stats import BOTH, judge_cards
from reports.sequential import look_critical_values
from reports.stats import MIN_VERDICT_SEEDS, Z95, paired_difference, wilson_interval
from reports.sweep import chunk_labels, half_width
from reports.tournament import pair_player, run_tournament
from simcore.pair_results import PairResult
from simcore.game import CompareSpec, SweepSpec
from simcore.games import registry

STUDIES = ("sweep", "target", "compare", "until", "ratings", "impact")


@dataclass
class Tally:
    """Hits of one row over the runs (and of the old interval, where there was one)."""
    hits: int = 0
    runs: int = 0
    old: int = 0
    unit: str = "runs"       # "intervals" where a run gives several (the range then assumes them independent)

    def add(self, hit: bool, old: bool | None = None) -> None:
        self.hits += bool(hit)
        self.runs += 1
        self.old += bool(old) if old is not None else 0


def binomial_range(runs: int, level: float) -> tuple[float, float]:
    """The central 95% of the share of hits a true ``level`` gives over ``runs`` runs."""
    lo, hi = stats.binom.interval(0.95, runs, level)
    return lo / runs, hi / runs


def line(game: str, study: str, row: str, t: Tally, sizes: str, level: float = 0.95, old: bool = False,
         what: str = "coverage") -> str:
    if not t.runs:
        return f"{game:<13} {study:<8} {row:<34} no runs"
    lo, hi = binomial_range(t.runs, level)
    share = t.hits / t.runs
    ok = "ok" if (lo <= share <= hi if what == "coverage" else share <= hi) else "OUT"
    text = (f"{game:<13} {study:<8} {row:<34} {what} {100 * share:5.1f}%  (range {100 * lo:4.1f}-{100 * hi:4.1f} for "
            f"{100 * level:g}% over {t.runs} {t.unit}) {ok:<3}  {sizes}")
    if old:
        text += f"; games as independent: {100 * t.old / t.runs:.1f}%"
    return text


def held(lo, hi, truth) -> bool:
    return bool(lo <= truth <= hi)


# ---------------------------------------------------------------- pools

PROBE_SEEDS = 200     # seeds a candidate cell is played on to choose the study's cell


def _play_cell(game, cell, tables, seeds: int, seed: int, threads: int | None):
    orders = []
    for order in cell.orders:
        strategies = tuple(game.resolve_strategy(s) for s in order.strategies)
        rec = game.play(order.matchup, strategies, seed, 0, seeds, tables, threads, keep_bought=False)
        labels = chunk_labels(order.sides, order.variants, tuple(str(s) for s in rec.strategies))
        orders.append((labels, np.asarray(rec.winner, np.int8)))
    return orders


_POOLS: dict = {}


def sweep_pool(game, seeds: int, seed: int, threads: int | None, choice: int | None = None):
    """A two-order cell of the game's default sweep (``choice``: its index among them; None: of the first eight,
    the one whose first side's win rate is nearest 50% over ``PROBE_SEEDS`` seeds, where an interval has the most
    to do) and its orders' labels and winner codes on the pool's seeds."""
    key = (game.info.name, seeds, seed, choice)
    if key not in _POOLS:
        tables = game.load_tables([])
        cells = [c for c in game.sweep_cells(SweepSpec(), tables) if len(c.orders) == 2]
        if choice is not None:
            cell = cells[choice]
        else:
            def spread(cell):
                (labels, w0), (_, w1) = _play_cell(game, cell, tables, PROBE_SEEDS, seed + 1, threads)
                rate = ((w0 == 0).mean() + (w1 == 1).mean()) / 2
                return rate * (1 - rate)
            cell = max(cells[:8], key=spread)
        _POOLS[key] = cell, _play_cell(game, cell, tables, seeds, seed, threads)
    return _POOLS[key]


def reduce_seeds(orders, index: np.ndarray):
    """The sweep's reductions of the seeds ``index`` of the pool (both orders of each): counts and seeds' sums."""
    tally = SweepTally()
    no_cards = np.zeros((len(index), 2, 0), np.int32)
    for labels, winner in orders:
        w = winner[index]
        tally.add(tally_chunk(w, np.zeros(len(index), np.int64), no_cards), labels)
        tally.add_order(0, len(orders), labels, w)
    return tally.counts(), tally.pair_counts()


def rows_of(counts, pairs) -> tuple[pd.DataFrame, pd.DataFrame]:
    table = summarise(counts, pairs=pairs)
    return table, first_player_table(table)


# ---------------------------------------------------------------- studies

def study_sweep(name, game, args, rng, out):
    cell, orders = sweep_pool(game, args.pool, args.seed, args.threads, args.cell)
    truth, first_truth = rows_of(*reduce_seeds(orders, np.arange(args.pool)))
    seeds = args.size // 2
    tallies = {}
    for _ in range(args.runs):
        table, first = rows_of(*reduce_seeds(orders, rng.integers(0, args.pool, seeds)))
        for (_, r), (_, t) in zip(table.iterrows(), truth.iterrows()):
            key = f"{r['faction']} seat {r['seat']}"
            old = None
            if r["seat"] == "both":
                old = held(*wilson_interval(r["wins"], r["games"]), t["win_rate"])
            tallies.setdefault(key, Tally()).add(held(r["ci_low"], r["ci_high"], t["win_rate"]), old)
        f, ft = first.iloc[0], first_truth.iloc[0]
        tallies.setdefault("first player", Tally()).add(held(f["ci_low"], f["ci_high"], ft["first_win_rate"]),
                                                        held(*wilson_interval(f["first_wins"], f["games"]),
                                                             ft["first_win_rate"]))
    for key, t in tallies.items():
        out(line(name, "sweep", key, t, f"{args.size} games a run, pool {args.pool} seeds ({cell.label})",
                 old="both" in key or key == "first player"))


def study_target(name, game, args, rng, out):
    cell, orders = sweep_pool(game, args.pool, args.seed, args.threads, args.cell)
    truth, _ = rows_of(*reduce_seeds(orders, np.arange(args.pool)))
    round_seeds, cap_seeds = args.size // 2, args.target_cap // 2
    cover, within, games = Tally(unit="intervals"), Tally(), []
    for _ in range(args.runs):
        index = np.zeros(0, np.int64)
        while True:
            index = np.concatenate([index, rng.integers(0, args.pool, round_seeds)])[:cap_seeds]
            counts, pairs = reduce_seeds(orders, index)
            if half_width(counts, pairs) <= args.target or len(index) >= cap_seeds:
                break
        table, _ = rows_of(counts, pairs)
        games.append(2 * len(index))
        for (_, r), (_, t) in zip(table.iterrows(), truth.iterrows()):
            cover.add(held(r["ci_low"], r["ci_high"], t["win_rate"]))
        within.add(bool(((table["ci_high"] - table["ci_low"]) / 2 <= args.target).all()))
    sizes = (f"rounds of {args.size} games, target +-{100 * args.target:g} points, cap {args.target_cap}, mean "
             f"{np.mean(games):,.0f} games a cell")
    out(line(name, "target", "every row, covering", cover, sizes))
    out(f"{name:<13} target   every row within the target       {100 * within.hits / within.runs:5.1f}% of "
        f"{within.runs} cells (the capped ones excepted: {sum(g >= args.target_cap for g in games)} hit the cap)")


def compare_pool(game, args):
    """The game's headline comparison (``compare`` with no setting option) played on the pool's seeds."""
    key = ("compare", game.info.name, args.pool, args.seed)
    if key not in _POOLS:
        question = game.compare_question(CompareSpec())
        pool = run_compare(game, question, games=2 * args.pool, seed=args.seed, threads=args.threads)
        _POOLS[key] = question, {c: pool.row[c] for c in pool.table.columns}, pool.pairs
    return _POOLS[key]


def study_compare(name, game, args, rng, out):
    _, keys, pairs = compare_pool(game, args)
    truth = comparison_of(keys, pairs).row
    diff, rates = Tally(), {"a": Tally(), "b": Tally()}
    for _ in range(args.runs):
        r = comparison_of(keys, pairs.iloc[rng.integers(0, args.pool, args.size // 2)]).row
        diff.add(held(r["diff_ci_low"], r["diff_ci_high"], truth["diff"]))
        for side in "ab":
            old = held(*wilson_interval(r[f"wins_{side}"], r["games"]), truth[f"win_rate_{side}"])
            rates[side].add(held(r[f"ci_low_{side}"], r[f"ci_high_{side}"], truth[f"win_rate_{side}"]), old)
    sizes = f"{args.size} games a setting a run, pool {args.pool} seeds ({truth['label_a']} vs {truth['label_b']})"
    out(line(name, "compare", "paired difference A - B", diff, sizes))
    for side in "ab":
        if pairs[f"wins_{side}"].nunique() == 1:     # every seed alike (a mirror: one win a seed): certain
            out(f"{name:<13} compare  setting {side.upper()}'s win rate            certain: every seed of the pool "
                f"has {int(pairs[f'wins_{side}'].iloc[0])} wins of 2 (left out)")
            continue
        out(line(name, "compare", f"setting {side.upper()}'s win rate", rates[side], sizes, old=True))
    tiny = Tally()
    for _ in range(args.runs):
        r = comparison_of(keys, pairs.iloc[rng.integers(0, args.pool, 2)]).row
        tiny.add(r["verdict"] != "unclear")
    out(line(name, "compare", "a verdict from 4 games", tiny, "4 games a setting", level=0.0, what="rate"))


def wrong(code: str, truth: float, band: float) -> bool:
    return ((code == "favours_a" and truth <= 0) or (code == "favours_b" and truth >= 0)
            or (code == "even" and abs(truth) > band))


def sequential_run(pairs, same: str | None, round_seeds, cap_seeds, band, rng, crit):
    """One --until-verdict run on seeds drawn from the pool: A's and B's scores on the same seeds (``same`` None:
    the real A/B), or one column of per-seed scores (``same``) on two independent draws of seeds (A/A: no true
    difference); returns (verdict code, seeds played). Each look applies what
    ``compare.combine_rounds`` does to every seed so far: ``paired_difference`` at the look's critical value,
    clipped to [-1, 1], and ``verdict`` with the seeds."""
    ia = rng.integers(0, len(pairs), cap_seeds)
    if same is None:
        a, b = pairs["score_a"].to_numpy()[ia], pairs["score_b"].to_numpy()[ia]
    else:
        a = pairs[same].to_numpy()[ia]
        b = pairs[same].to_numpy()[rng.integers(0, len(pairs), cap_seeds)]
    for k, c in enumerate(crit):
        n = min((k + 1) * round_seeds, cap_seeds)
        if not np.isfinite(c):
            continue
        d = paired_difference(a[:n], b[:n], c)
        code, _ = verdict(d.mean, max(d.ci_low, -1.0), min(d.ci_high, 1.0), band, seeds=n)
        if code != "unclear":
            return code, n
    return "unclear", cap_seeds


def study_until(name, game, args, rng, out):
    _, keys, pairs = compare_pool(game, args)
    truth = comparison_of(keys, pairs).row["diff"]
    band = float(keys["band"])
    # A/A: the sweep study's side (the cell nearest 50%, where seeds differ most) against itself on other seeds:
    # its score on a seed is the mean of its two games, one in each seat
    cell, orders = sweep_pool(game, args.pool, args.seed, args.threads, args.cell)
    (_, w0), (_, w1) = orders
    side = pd.DataFrame({"score": (np.where(w0 == 0, 1.0, np.where(w0 == 2, 0.5, 0.0))
                                   + np.where(w1 == 1, 1.0, np.where(w1 == 2, 0.5, 0.0))) / 2})
    for text, round_games, cap, data, aa in (
            (f"A/A ({cell.sides[0]}), no difference", args.size, args.until_cap, side, "score"),
            (f"A/A ({cell.sides[0]}), rounds of 4 games", 4, 400, side, "score"),
            (f"A/B (true {100 * truth:+.1f} points)", args.size, args.until_cap, pairs, None)):
        crit = look_critical_values(round_games // 2, cap // 2, min_seeds=MIN_VERDICT_SEEDS)
        t, seeds = Tally(), []
        for _ in range(args.runs):
            code, n = sequential_run(data, aa, round_games // 2, cap // 2, band, rng, crit)
            t.add(wrong(code, 0.0 if aa is not None else truth, band))
            seeds.append(n)
        out(line(name, "until", text, t, f"rounds of {round_games} games, cap {cap}, band +-{100 * band:g} points, "
                 f"mean {2 * np.mean(seeds):,.0f} games a setting", level=0.05, what="wrong verdicts"))


def entries_of(game, count: int = 4) -> list[str]:
    names = [r[0] for r in game.strategy_listing().rows]
    names = [n for n in names if n != "random" and ":" not in n]
    return names[:count]


def study_ratings(name, game, args, rng, out):
    space = registry.tuning(game.info.name)
    tables = space.load_tables(None)
    player, _ = pair_player(game, space, None, None, tables, None, args.threads)
    entries = entries_of(game)
    games = 4 * (args.pool // 2)
    pool = {}
    for i, a in enumerate(entries):
        for b in entries[i + 1:]:
            pool[(a, b)] = player(a, b, games, args.seed).per_seed
    seeds = next(iter(pool.values())).shape[0]
    full = run_tournament(entries, lambda a, b, g, s: PairResult(pool[(a, b)]), games)
    truth = full.ratings.set_index("entry")["strength"]
    expected = full.matrix.set_index(["entry", "opponent"])["expected_score"]     # the model's, on the pool
    strength, pairs_t = Tally(unit="intervals"), Tally(unit="intervals")
    per_run = args.size // 2 // 2 * 2
    for _ in range(args.runs):
        index = rng.integers(0, seeds, per_run)
        t = run_tournament(entries, lambda a, b, g, s: PairResult(pool[(a, b)][index]), 2 * per_run)
        old = run_tournament(entries, lambda a, b, g, s: PairResult(pool[(a, b)][index]).counts, 2 * per_run)
        old_r = old.ratings.set_index("entry")
        for r in t.ratings.itertuples():
            o = old_r.loc[r.entry]
            strength.add(held(r.strength_ci_low, r.strength_ci_high, truth[r.entry]),
                         held(o["strength_ci_low"], o["strength_ci_high"], truth[r.entry]))
        old_m = old.matrix.set_index(["entry", "opponent"])
        for r in t.matrix.itertuples():
            if entries.index(r.entry) > entries.index(r.opponent):
                continue            # each pair once: (j, i)'s interval is 1 minus (i, j)'s
            o = old_m.loc[(r.entry, r.opponent)]
            pairs_t.add(held(r.expected_ci_low, r.expected_ci_high, expected[(r.entry, r.opponent)]),
                        held(o["expected_ci_low"], o["expected_ci_high"], expected[(r.entry, r.opponent)]))
    sizes = f"{2 * per_run} games a pair a run, pool {seeds} seeds ({', '.join(entries)})"
    out(line(name, "ratings", "strength", strength, sizes, old=True))
    out(line(name, "ratings", "expected score of a pair", pairs_t, sizes, old=True))


def study_impact(name, game, args, rng, out):
    tables = game.load_tables([])
    names = list(game.bannable(tables))[:args.cards]
    pool = run_impact(game, names, games=2 * args.pool, screen=args.pool, seed=args.seed, threads=args.threads)
    keys = [(c, "ban") for c in names]
    sides = sorted({s for (_, _, s) in pool.diffs}, key=str)
    truth = {(k, s): float(pool.diffs[(k[0], k[1], s)].mean()) for k in keys for s in sides}
    # a row whose pool differences are all 0 (the ban changes no game: its outcome is certain) is left out
    certain = {(k, s) for k in keys for s in sides if not pool.diffs[(k[0], k[1], s)].any()}
    cap = args.impact_games // 2
    screen = min(cap, max(50, cap // 8))
    tallies: dict = {}
    band = 0.02
    for _ in range(args.runs):
        index = rng.integers(0, args.pool, cap)
        false_shown = False

        def source(lo, hi, wanted):
            return {k: {s: pool.diffs[(k[0], k[1], s)][index[lo:hi]] for s in sides} for k in wanted}
        judged = judge_cards(source, keys, cap, screen, band=band)
        for k in keys:
            c = judged.cards[k]
            for s in sides:
                if (k, s) in certain:
                    continue
                mean, lo, hi, *_ = judged.rows[(k, s)]
                where = "both" if s == BOTH else "a side"
                tallies.setdefault(f"{c.family} card, {where}", Tally(unit="intervals")).add(
                    held(lo, hi, truth[(k, s)]))
            if c.verdict == "worthless":
                tallies.setdefault("worthless: truth outside the band", Tally()).add(abs(truth[(k, BOTH)]) > band)
            if c.verdict == "shown":
                mean = judged.rows[(k, BOTH)][0]
                false_shown |= bool(np.sign(mean) != np.sign(truth[(k, BOTH)]) or truth[(k, BOTH)] == 0)
        tallies.setdefault("a table with a false shown", Tally()).add(false_shown)
    sizes = (f"cap {2 * cap} games a card, screen {screen} seeds, pool {args.pool} seeds ({', '.join(names)}; "
             f"{len(certain)} of {len(keys) * len(sides)} rows certain, left out)")
    for key, t in tallies.items():
        if key.startswith(("worthless", "a table")):
            out(line(name, "impact", key, t, sizes, level=0.05, what="rate"))
        else:
            out(line(name, "impact", key, t, sizes))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default=",".join(registry.names()), help="comma list of games [default: every one]")
    ap.add_argument("--studies", default=",".join(STUDIES), help=f"comma list of {', '.join(STUDIES)}")
    ap.add_argument("--runs", type=int, default=100, help="runs per study (the binomial range narrows with them)")
    ap.add_argument("--pool", type=int, default=2000, help="seeds in each game's pool (the truth)")
    ap.add_argument("--size", type=int, default=400, help="games of a run (a sweep cell, a setting, a pair; even)")
    ap.add_argument("--target", type=float, default=0.06, help="--target-ci of the target study (a share)")
    ap.add_argument("--target-cap", type=int, default=8000, help="the target study's games cap")
    ap.add_argument("--until-cap", type=int, default=4000, help="the until study's --max-games")
    ap.add_argument("--impact-games", type=int, default=1000, help="impact's cap, games a card and side")
    ap.add_argument("--cards", type=int, default=4, help="cards of the impact study")
    ap.add_argument("--cell", type=int, default=None,
                    help="the sweep studies' cell, an index among the default sweep's cells played in both seat orders "
                         "[default: of the first eight, the one whose rate is nearest 50%%]")
    ap.add_argument("--seed", type=int, default=1, help="the pools' base seed")
    ap.add_argument("--threads", type=int, default=None)
    args = ap.parse_args()
    studies = [s.strip() for s in args.studies.split(",") if s.strip()]
    for s in studies:
        if s not in STUDIES:
            raise SystemExit(f"unknown study '{s}': expected one of {', '.join(STUDIES)}")
    rng = np.random.default_rng(args.seed)
    print(f"coverage of the 95% intervals (wrong-verdict rates against alpha = 5%), {args.runs} runs a study; "
          f"Z = {Z95:.3f}, minimum seeds for a verdict {MIN_VERDICT_SEEDS}")
    for name in [g.strip() for g in args.games.split(",") if g.strip()]:
        game = registry.get(name)
        for s in studies:
            if s == "impact" and not game.bannable(game.load_tables([])):   # no card to ban
                continue
            start = time.perf_counter()
            globals()[f"study_{s}"](name, game, args, rng, print)
            print(f"{name:<13} {s:<8} ({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
