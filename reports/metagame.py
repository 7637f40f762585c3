"""``commandsim metagame``: when both sides play their best mix of strategies, who wins, and which strategies
would players settle on.

Two games are played from one set of seeds (``reports.metagame_play``: every cell on the same seeds, each seed in
both seat orders, as the tournament pairs entries) and solved (``reports.metagame_stats``):

* **the match-up** (part ``matchup``): side A's entries against side B's, a zero-sum game whose payoff is A's
  score (win 1, draw 1/2). Its **value** is A's score when both sides play their equilibrium mixes, the balance
  answer that survives adaptation ("federation wins 53.1% [51.8, 54.4] when both sides play their best mix"),
  read against 50% with ``compare``'s verdict words and band; each side's mix, the pure bounds (what a side
  guarantees without mixing), the exploitability of the mixes, and alpha-Rank with one population per side;
* **the symmetric metagame** (part ``symmetric``): a player chooses a side and a strategy (the entries are side x
  strategy) and meets another player who chose the same way. Two entries of one side meet in a mirror game where
  the rules allow one; where they forbid it (The Last Command: one Ship Mat per faction) no game is played and the
  pair counts 1/2, neither player winning. Its value is 1/2 by symmetry; what it tells is which entries players
  would settle on: the symmetric equilibrium's support and weights, alpha-Rank (one population), and the
  non-transitive cycles among the entries after Holm's correction.

Every value, weight, alpha-Rank mass and the exploitability have intervals from a bootstrap over the seeds.

A fixed run plays ``games`` per cell. ``until_verdict`` plays rounds of ``games`` per cell on consecutive seeds
and stops at the first look whose value interval gives a verdict (even within the band, or favouring a side), or
at ``max_games``: each look's interval is the bootstrap's at the repeated level of ``reports.sequential``
(Pocock-type spending, as ``compare --until-verdict``), so stopping on it keeps its 95%.

Outputs (``Metagame``): ``matrix`` (``MATRIX_COLUMNS``: every cell of both parts with its counts and score
interval), ``mixes`` (``MIX_COLUMNS``: each part's strategies with weight, interval, support, score against the
other side's mix and alpha-Rank mass) and ``value`` (``VALUE_COLUMNS``: one row per part), the three CSV files of
the command (each with its ``game`` column); ``looks`` for a sequential run. ``MetagamePlan`` is what
``reports.commands.metagame.plan`` makes of the command's options, every one checked before any game
(``play``, ``estimate``).
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

from simcore.errors import CommandsimError

from . import metagame_play as mp
from . import metagame_stats as ms
from .report_games import with_game
from .stats import MIN_VERDICT_SEEDS, Z95, per_seed_intervals

DEFAULT_GAMES = 4000            # per cell (a fixed run)
DEFAULT_ROUND_GAMES = 1000      # per cell and round (until a verdict)
DEFAULT_MAX_GAMES = 40_000      # per cell, the cap of a sequential run
DEFAULT_BAND = 2.0              # points
DEFAULT_RESAMPLES = 500
GAMES_MAX = 100_000             # per cell: the per-seed scores of every cell are kept (the bootstrap resamples them)
RESAMPLES_MAX = 100_000
ENTRIES_MAX = 16                # per side: the cells grow as the square
MAX_LOOKS = 40
PARTS = ("matchup", "symmetric")
MATRIX_COLUMNS = ("part", "side", "strategy", "opponent_side", "opponent_strategy", "met", "games", "seeds", "wins",
                  "losses", "draws", "score", "score_ci_low", "score_ci_high")
MIX_COLUMNS = ("part", "side", "strategy", "weight", "weight_ci_low", "weight_ci_high", "in_support", "payoff",
               "alpharank", "alpharank_ci_low", "alpharank_ci_high")
VALUE_COLUMNS = ("part", "side_a", "side_b", "value", "value_ci_low", "value_ci_high", "maximin", "minimax",
                 "exploitability", "exploitability_ci_low", "exploitability_ci_high", "saddle", "verdict",
                 "verdict_text", "band", "level", "resamples", "alpha", "population", "seeds", "games_per_cell",
                 "games", "entries", "cycles", "pairs_tested", "looks", "stopped", "seed")
LOOK_COLUMNS = ("look", "seeds", "games_per_cell", "value", "value_ci_low", "value_ci_high", "critical_value",
                "verdict")
SYMMETRIC_TEXT = "1/2 by symmetry (both players choose from the same entries)"

Progress = Callable[[int, int], None]


@dataclass
class Metagame:
    setup: mp.Setup
    played: mp.Played
    matchup: ms.GameAnalysis
    symmetric: ms.GameAnalysis
    entries: list[tuple[int, str]]          # the symmetric metagame's (side index, strategy)
    matrix: pd.DataFrame
    mixes: pd.DataFrame
    value: pd.DataFrame
    cycles: list[tuple[str, ...]]
    looks: pd.DataFrame | None = None
    seconds: float = 0.0

    def tables(self) -> dict[str, pd.DataFrame]:
        """The command's files by their part of the name: ``""`` the matrix, ``"mixes"``, ``"value"``."""
        return {"": self.matrix, "mixes": self.mixes, "value": self.value}


# ---- the plan (``reports.commands.metagame.plan`` checks the options and makes it)

@dataclass
class MetagamePlan:
    game: object
    setup: mp.Setup
    games: int
    seed: int
    until_verdict: bool
    max_games: int | None
    band: float               # a share
    resamples: int
    alpha: float
    population: int
    threads: int | None = None

    @property
    def cells(self) -> int:
        return len(self.setup.entries[0]) * len(self.setup.entries[1])

    def total_games(self) -> int:
        """Games of the whole run (a sequential run's cap)."""
        per_call = self.max_games if self.until_verdict else self.games
        return per_call * len(self.setup.calls())

    def play(self, progress: Progress | None = None, runner=None) -> Metagame:
        return run_metagame(self, progress, runner)

    def estimate(self):
        return estimate_metagame(self)


def check_rounds(round_games: int, max_games: int) -> tuple[int, int]:
    """Seeds per round and at the cap; raises ``CommandsimError`` for a bad pair."""
    mp.check_games(round_games)
    if max_games < round_games or max_games % 4:
        raise CommandsimError(f"the games cap per cell must be a multiple of 4 at least the games of one round "
                              f"({round_games}), got {max_games}")
    looks = -(-max_games // round_games)
    if looks > MAX_LOOKS:
        raise CommandsimError(f"{looks} rounds of {round_games} games up to the cap {max_games}: at most {MAX_LOOKS} "
                              f"looks (each solves the game {DEFAULT_RESAMPLES} times); play bigger rounds or lower "
                              f"the cap")
    return round_games // 2, max_games // 2


# ---- the run

def run_metagame(p: MetagamePlan, progress: Progress | None = None, runner=None) -> Metagame:
    """Play and solve the plan's metagame (see the module text)."""
    from .sequential import look_critical_values

    started = time.perf_counter()
    if not p.until_verdict:
        played = mp.play_range(p.setup, p.seed, 0, p.games // 2, runner, progress)
        return _finish(p, played, Z95, None, started)
    round_seeds, cap_seeds = check_rounds(p.games, p.max_games)
    critical = look_critical_values(round_seeds, cap_seeds, min_seeds=MIN_VERDICT_SEEDS)
    calls = len(p.setup.calls())
    total, done = 2 * cap_seeds * calls, 0
    played, looks, z = None, [], Z95
    for k, c in enumerate(critical):
        start = k * round_seeds
        n = min(round_seeds, cap_seeds - start)
        more = mp.play_range(p.setup, p.seed, start, n, runner, progress, done, total)
        done += 2 * n * calls
        played = more if played is None else played + more
        if not math.isfinite(c):
            continue
        z = float(c)
        a = ms.analyse(_means(played.matchup()), False, p.resamples, p.seed, z, p.alpha, p.population)
        code, _ = _verdict(p, a, played.seeds)
        looks.append((k + 1, played.seeds, 2 * played.seeds, a.value.point, a.value.low, a.value.high, z, code))
        if code != "unclear":
            break
    if progress is not None and done < total:
        progress(done, done)
    table = pd.DataFrame(looks, columns=list(LOOK_COLUMNS))
    stopped = "verdict" if looks and looks[-1][-1] != "unclear" else "cap"
    return _finish(p, played, z, (table, stopped), started)


def _means(cells: np.ndarray) -> np.ndarray:
    """[rows, columns, seeds]: each seed's mean score over its two games."""
    return cells.mean(axis=3)


def _verdict(p: MetagamePlan, a: ms.GameAnalysis, seeds: int) -> tuple[str, str]:
    from .compare import verdict
    v = a.value
    return verdict(v.point - 0.5, v.low - 0.5, v.high - 0.5, p.band, p.setup.sides[0].label,
                   p.setup.sides[1].label, seeds=seeds)


def _finish(p: MetagamePlan, played: mp.Played, z: float, sequential, started: float) -> Metagame:
    cells = played.matchup()
    matchup = ms.analyse(_means(cells), False, p.resamples, p.seed, z, p.alpha, p.population)
    entries, sym_cells, met = played.symmetric()
    symmetric = ms.analyse(_means(sym_cells), True, p.resamples, p.seed, z, p.alpha, p.population)
    found, tested = ms.cycles(sym_cells, met)
    names = [_entry_name(p.setup, e) for e in entries]
    cycles = [tuple(names[k] for k in c) for c in found]
    looks, stopped = sequential if sequential is not None else (None, "fixed")
    looked = len(looks) if looks is not None else 1
    game = p.setup.game
    result = Metagame(p.setup, played, matchup, symmetric, entries,
                      with_game(_matrix(p.setup, cells, entries, sym_cells, met), game),
                      with_game(_mixes(p.setup, matchup, symmetric, entries), game), pd.DataFrame(), cycles, looks)
    result.value = with_game(_value(p, result, tested, looked, stopped), game)
    result.seconds = time.perf_counter() - started
    return result


def _entry_name(setup: mp.Setup, entry: tuple[int, str]) -> str:
    side, strategy = entry
    return strategy if setup.mirror else f"{setup.sides[side].label}:{strategy}"


def _cell_row(part, side, strategy, opponent_side, opponent_strategy, cell: np.ndarray | None) -> dict:
    if cell is None:         # the two cannot meet: no game, counted 1/2
        return {"part": part, "side": side, "strategy": strategy, "opponent_side": opponent_side,
                "opponent_strategy": opponent_strategy, "met": False, "games": 0, "seeds": 0, "wins": 0,
                "losses": 0, "draws": 0, "score": 0.5, "score_ci_low": 0.5, "score_ci_high": 0.5}
    wins, losses = int((cell == 1.0).sum()), int((cell == 0.0).sum())
    _, _, lo, hi = per_seed_intervals(cell)
    score = float(cell.mean())
    return {"part": part, "side": side, "strategy": strategy, "opponent_side": opponent_side,
            "opponent_strategy": opponent_strategy, "met": True, "games": int(cell.size), "seeds": cell.shape[0],
            "wins": wins, "losses": losses, "draws": int(cell.size) - wins - losses, "score": score,
            "score_ci_low": min(lo, score), "score_ci_high": max(hi, score)}


def _matrix(setup: mp.Setup, cells, entries, sym_cells, met) -> pd.DataFrame:
    a, b = setup.sides
    rows = [_cell_row("matchup", a.label, s, b.label, t, cells[i, j])
            for i, s in enumerate(setup.entries[0]) for j, t in enumerate(setup.entries[1])]
    for i, (si, s) in enumerate(entries):
        for j, (sj, t) in enumerate(entries):
            if i != j:
                rows.append(_cell_row("symmetric", setup.sides[si].label, s, setup.sides[sj].label, t,
                                      sym_cells[i, j] if met[i, j] else None))
    return pd.DataFrame(rows, columns=list(MATRIX_COLUMNS))


def _mixes(setup: mp.Setup, matchup: ms.GameAnalysis, symmetric: ms.GameAnalysis, entries) -> pd.DataFrame:
    from .equilibrium import payoffs_against
    rows = []
    a_pay, b_pay = payoffs_against(matchup.matrix, matchup.solution.row, matchup.solution.col)
    for k, pay in ((0, a_pay), (1, b_pay)):
        w, r = matchup.weights[k], matchup.ranks[k]
        for i, s in enumerate(setup.entries[k]):
            rows.append(_mix_row("matchup", setup.sides[k].label, s, w, r, i, pay[i]))
    sym_pay, _ = payoffs_against(symmetric.matrix, symmetric.solution.row, symmetric.solution.row)
    for i, (k, s) in enumerate(entries):
        rows.append(_mix_row("symmetric", setup.sides[k].label, s, symmetric.weights[0], symmetric.ranks[0], i,
                             sym_pay[i]))
    return pd.DataFrame(rows, columns=list(MIX_COLUMNS))


def _mix_row(part, side, strategy, w: ms.Estimate, r: ms.Estimate, i: int, payoff: float) -> dict:
    return {"part": part, "side": side, "strategy": strategy, "weight": float(w.point[i]),
            "weight_ci_low": float(w.low[i]), "weight_ci_high": float(w.high[i]), "in_support": bool(w.low[i] > 0),
            "payoff": float(np.clip(payoff, 0.0, 1.0)), "alpharank": float(r.point[i]),
            "alpharank_ci_low": float(r.low[i]), "alpharank_ci_high": float(r.high[i])}


def _saddle(a: ms.GameAnalysis, names_a, names_b) -> str:
    """The pure saddle point as a text: "A's strategy vs B's", or in the symmetric metagame the one entry every
    player chooses; "" when the equilibrium mixes."""
    if a.solution.saddle is None:
        return ""
    i, j = a.solution.saddle
    return names_a[i] if a.symmetric else f"{names_a[i]} vs {names_b[j]}"


def _value(p: MetagamePlan, r: Metagame, tested: int, looks: int, stopped: str) -> pd.DataFrame:
    setup, seeds = p.setup, r.played.seeds
    a, b = setup.sides
    code, text = _verdict(p, r.matchup, seeds)
    common = {"band": p.band, "level": r.matchup.level, "resamples": p.resamples, "alpha": p.alpha,
              "population": p.population, "seeds": seeds, "games_per_cell": 2 * seeds, "looks": looks,
              "stopped": stopped, "seed": p.seed}
    names = [_entry_name(setup, e) for e in r.entries]
    rows = []
    for part, g, shown_a, shown_b, entries in (
            ("matchup", r.matchup, setup.entries[0], setup.entries[1], len(setup.entries[0]) * len(setup.entries[1])),
            ("symmetric", r.symmetric, names, names, len(names))):
        rows.append({"part": part, "side_a": a.label, "side_b": b.label, "value": g.value.point,
                     "value_ci_low": g.value.low, "value_ci_high": g.value.high, "maximin": g.bounds[0],
                     "minimax": g.bounds[1], "exploitability": g.exploitability.point,
                     "exploitability_ci_low": g.exploitability.low, "exploitability_ci_high": g.exploitability.high,
                     "saddle": _saddle(g, shown_a, shown_b),
                     "verdict": code if part == "matchup" else "",
                     "verdict_text": text if part == "matchup" else SYMMETRIC_TEXT,
                     # the symmetric part's rows hold each pair twice, once from either entry
                     "games": int(r.matrix.loc[r.matrix["part"] == part, "games"].sum()) // (2 if part == "symmetric"
                                                                                              else 1),
                     "entries": entries,
                     "cycles": "; ".join(" > ".join(c + c[:1]) for c in r.cycles) if part == "symmetric" else "",
                     "pairs_tested": tested if part == "symmetric" else 0, **common})
    return pd.DataFrame(rows, columns=list(VALUE_COLUMNS))


# ---- the estimate

def estimate_metagame(p: MetagamePlan):
    """The run's expected time (``reports.estimate.Estimate``): each call's speed measured on probe seeds
    (``reports.estimate.probe``), priced over its chunks, one part per call in the order they are played; a
    sequential run's rounds from a pilot of every cell on probe seeds (``reports.expected_stops.verdict_looks``,
    the comparison's model, on each seed's value sample ``metagame_stats.value_per_seed``); the bootstrap's
    solves, timed on a few resamples, are the end's."""
    from . import estimate as est
    from .compare import verdict
    from .expected_stops import verdict_looks
    from .sequential import look_critical_values

    setup = p.setup
    calls = setup.calls()
    at = est.probe_seed(p.seed)
    unit = 2 * mp.CHUNK_SEEDS
    run_games = p.max_games if p.until_verdict else p.games
    speeds, probed = [], 0
    for c in calls:
        def play(n, c=c):
            return mp.play_chunk(setup.chunks([c], at, 0, n // 2)[0], setup.tables, p.threads)
        pr = est.probe(play, 4, max(4, min(run_games, unit) // 4 * 4), est.part_budget(len(calls)), run_games)
        speeds.append(pr.speed)
        probed += pr.games
    what = est.probed_text(probed)
    analysis = _analysis_seconds(p)
    if not p.until_verdict:
        seeds = p.games // 2
        chunks = est.calls_of(seeds, mp.CHUNK_SEEDS)
        parts = [est.Part(_call_label(setup, c), s.seconds(2 * seeds, chunks), 2.0 * seeds)
                 for c, s in zip(calls, speeds)]
        return est.Estimate(parts, what, ending=est.ENDING_SECONDS + 2 * analysis)
    round_seeds, cap_seeds = check_rounds(p.games, p.max_games)
    critical = look_critical_values(round_seeds, cap_seeds, min_seeds=MIN_VERDICT_SEEDS)
    pilot_seeds = _pilot_seeds(speeds, len(calls), cap_seeds)
    pilot = mp.play_range(setup, at, 0, pilot_seeds, runner=None)
    P = _means(pilot.matchup())
    sol = ms.eq.solve(P.mean(axis=2))
    reach = verdict_looks(ms.value_per_seed(P, sol) - 0.5, round_seeds, cap_seeds, critical, p.band, verdict)
    sizes = [min(round_seeds, cap_seeds - k * round_seeds) for k in range(len(critical))]
    per_round = [sum(s.seconds(2 * n, est.calls_of(n, mp.CHUNK_SEEDS)) for s in speeds) for n in sizes]
    looks = [r for r, c in zip(reach, critical) if math.isfinite(c)]
    expected = float(sum(r * c for r, c in zip(reach, per_round)))
    games = float(sum(r * 2 * n * len(calls) for r, n in zip(reach, sizes)))
    part = est.Part("rounds", expected, games, float(sum(per_round)), 2.0 * cap_seeds * len(calls))
    looked = float(sum(looks)) if looks else 0.0
    return est.Estimate([part], f"{what}; the rounds from a pilot of {pilot_seeds:,} seeds of every cell",
                        ending=est.ENDING_SECONDS + analysis * (2 + looked))


def shorter_hint(p: MetagamePlan, estimate) -> str:
    """How to make the run shorter: fewer games (a fixed run), a wider band or a lower cap (a sequential one)."""
    from .estimate import duration
    if p.until_verdict:
        return f"a wider --band stops sooner, --max-games {max(p.games, p.max_games // 4 // 4 * 4):,} caps it lower"
    fewer = max(4, p.games // 5 // 4 * 4)
    return f"--games {fewer:,} takes {duration(estimate.playing * fewer / p.games + estimate.ending)}"


def _pilot_seeds(speeds, calls: int, cap_seeds: int) -> int:
    from .estimate import PILOT_SECONDS
    per_seed = sum(2 * s.per_game for s in speeds)
    overhead = sum(s.overhead for s in speeds)
    n = int((PILOT_SECONDS / 2 - overhead) / max(per_seed, 1e-12))
    return max(MIN_VERDICT_SEEDS, min(cap_seeds, 2 * mp.CHUNK_SEEDS, n // 2 * 2))


def _analysis_seconds(p: MetagamePlan, tries: int = 8) -> float:
    """Seconds of one part's bootstrap (the match-up's; the symmetric metagame's is about as long): a few resamples
    of a matrix of the run's shape timed, scaled to the run's resamples."""
    rng = np.random.default_rng(0)
    na, nb = len(p.setup.entries[0]), len(p.setup.entries[1])
    P = rng.uniform(0.3, 0.7, (na, nb, 8))
    began = time.perf_counter()
    ms.analyse(P, False, tries, 1, Z95, p.alpha, p.population)
    return (time.perf_counter() - began) * p.resamples / tries


def _call_label(setup: mp.Setup, c: mp.Call) -> str:
    a, b = setup.sides
    on = {mp.AB: (a.label, b.label), mp.AA: (a.label, a.label), mp.BB: (b.label, b.label)}[c.key]
    return f"{c.x} vs {c.y} ({on[0]} and {on[1]})"
