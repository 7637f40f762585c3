"""The skill ladder: strategies ordered from weakest to strongest (``random`` < heuristics < tuned <
``search:100`` < ``search:1000``), each rung measured head to head against the rung below.

Game-agnostic: a game's paired head-to-head is its tuner hook's (``simcore.tuning_space.TuneSpace
.head_to_head``: every seed played twice with the seats swapped, half of the seeds with each side
assignment), its default rungs its ``GameInfo.rungs``.  A rung is any strategy name the game
accepts (a built-in, a strategy file, ``search:N``).

Per pair (rung vs the rung below) the table holds the rung's wins, losses and draws, its win rate and
its score (win 1, draw 1/2) each with a 95% seed-clustered interval (as ``reports.tournament`` scores a
pair: a seed's two seat-swapped games are one sample), and a verdict: ``stronger`` when the score's
interval lies wholly above 50%, ``weaker`` when wholly below, else ``not shown different`` (and below
``reports.stats.MIN_VERDICT_SEEDS`` seeds: ``not shown different``).  The rungs' Elo above the bottom
rung comes from a Bradley-Terry fit to the chain of pairs (``reports.ratings``; with only neighbouring
rungs meeting, each step's difference is that pair's own log-odds; every pair plays the same seeds, so
the covariance is seed-clustered and the intervals add up along the chain with it).

Pairs are played in chunks of ``CHUNK_GAMES`` games on consecutive seeds, so progress shows and Ctrl-C
stops between engine calls; the chunks are fixed, so results do not depend on ``threads``.

A search rung plays hundreds of times slower than a heuristic, so a ladder's time is that of its
search pairs: before the run, ``estimate_ladder`` measures each pair's speed on a few calls of probe
games (``reports.estimate.probe``, on seeds the run does not use: its results are unchanged) and gives
the expected time of each pair and the whole (``Estimate``); the progress bar then advances by expected
time (``Estimate.seconds_done``), not by games.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd

from simcore.errors import CommandsimError
from simcore.games import registry

from .estimate import Estimate, duration
from .ratings import ELO_PER_LOGIT, bradley_terry
from .stats import MIN_VERDICT_SEEDS, per_seed_intervals

CHUNK_GAMES = 200       # a multiple of 4: each chunk balances seats and side assignments by itself
DEFAULT_GAMES = 2000
VERDICTS = ("stronger", "weaker", "not shown different")
LADDER_COLUMNS = ("game", "level", "rung", "below", "games", "wins", "losses", "draws", "win_rate", "ci_low",
                  "ci_high", "score", "score_ci_low", "score_ci_high", "verdict", "elo", "elo_ci_low", "elo_ci_high",
                  "regularised", "factions", "variants", "seed")

Progress = Callable[[int, int], None]


def shorter_hint(estimate: Estimate, multiple: int, games: int) -> str:
    """How to shorten a run of ``games`` per part: fewer games (the time falls in proportion), or leave out its
    slowest rung."""
    fewer = max(multiple, games // 5 // multiple * multiple)
    text = f"--games {fewer:,} takes {duration(estimate.seconds * fewer / games)}"
    slowest = estimate.labels[estimate.slowest()].split(" vs ")[0]
    if len(estimate.labels) > 1:
        text += f", --rungs without {slowest} {duration(estimate.seconds - estimate.part_seconds()[estimate.slowest()])}"
    return text


def estimate_ladder(game: str, rungs: Sequence[str], games: int, seed: int = 1, threads: int | None = None,
                    factions: str | None = None, variants: str | None = None) -> Estimate:
    """Each pair's speed (``reports.estimate.probe``: seeds the run does not play) priced over its games in
    the ladder's chunks of ``CHUNK_GAMES``."""
    from .estimate import calls_of, fixed_part, part_budget, probe, probe_seed, probed_text

    space = registry.tuning(game)
    tables = space.load_tables(None)
    matchup = space.matchup(factions, variants, tables)
    parts, probed = [], 0
    chunk = min(CHUNK_GAMES, games)
    for level in range(1, len(rungs)):
        a, b = rungs[level], rungs[level - 1]
        p = probe(lambda n: space.head_to_head(a, b, n, probe_seed(seed), matchup, tables, threads), 4, chunk,
                  part_budget(len(rungs) - 1), games)
        probed += p.games
        parts.append(fixed_part(f"{a} vs {b}", p.speed, games, calls_of(games, CHUNK_GAMES)))
    return Estimate(parts, probed_text(probed))


def check_games(games: int) -> int:
    if games < 4 or games % 4:
        raise CommandsimError(f"games per pair must be a multiple of 4 (each seed with both seat orders and both "
                              f"side assignments), got {games}")
    return games


def check_rung(game: str, name: str) -> str:
    """``name`` if game ``game`` accepts it as a strategy; else ``CommandsimError`` naming the rung."""
    try:
        registry.tuning(game).resolve(name)
    except CommandsimError as exc:
        raise CommandsimError(f"rung '{name}': {exc}") from None
    return name


def parse_rungs(game: str, text: str, minimum: int = 2) -> list[str]:
    """Comma-separated rung names, weakest first: at least ``minimum`` (a ladder: two; a finding: one),
    none twice, each a strategy of the game."""
    names = [x.strip() for x in text.split(",")]
    if any(not n for n in names):
        raise CommandsimError(f"empty rung name in '{text}'")
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise CommandsimError(f"rung '{dup[0]}' is given twice")
    if len(names) < minimum:
        raise CommandsimError(f"a ladder needs at least two rungs, got {len(names)}")
    return [check_rung(game, n) for n in names]


def default_rungs(game: str) -> tuple[list[str], list[tuple[str, str]]]:
    """(the registry's rungs that the game accepts now, [(rung left out, why)]): a search budget appears
    once its game has a search player."""
    kept, left_out = [], []
    for name in registry.get(game).info.rungs:
        try:
            kept.append(check_rung(game, name))
        except CommandsimError as exc:
            left_out.append((name, str(exc)))
    return kept, left_out


def play_pair(game: str, a: str, b: str, games: int, seed: int, threads: int | None, matchup, tables,
              progress: Progress | None = None, done: int = 0, total: int | None = None) -> np.ndarray:
    """A's score per game against B (1 win, 0.5 draw, 0 loss) over ``games`` games on seeds
    ``0 .. games/2 - 1`` of base ``seed``, in fixed chunks."""
    space = registry.tuning(game)
    parts = []
    for start in range(0, games, CHUNK_GAMES):
        n = min(CHUNK_GAMES, games - start)
        parts.append(space.head_to_head(a, b, n, seed, matchup, tables, threads, first_game=start // 2).score)
        if progress is not None:
            progress(done + start + n, total if total is not None else games)
    return np.concatenate(parts)


def verdict(score_ci_low: float, score_ci_high: float, seeds: int | None = None) -> str:
    if seeds is not None and seeds < MIN_VERDICT_SEEDS:
        return "not shown different"
    if score_ci_low > 0.5:
        return "stronger"
    if score_ci_high < 0.5:
        return "weaker"
    return "not shown different"


def run_ladder(game: str, rungs: Sequence[str], games: int = DEFAULT_GAMES, seed: int = 1,
               threads: int | None = None, factions: str | None = None, variants: str | None = None,
               progress: Progress | None = None) -> pd.DataFrame:
    """Every rung against the rung below on the same seeds (``LADDER_COLUMNS``, one row per pair,
    weakest pair first). ``factions``/``variants``: the game's tuner options (``tune --factions``)."""
    check_games(games)
    rungs = list(rungs)
    if len(rungs) < 2:
        raise CommandsimError(f"a ladder needs at least two rungs, got {len(rungs)}")
    space = registry.tuning(game)
    tables = space.load_tables(None)
    matchup = space.matchup(factions, variants, tables)
    rows = []
    total = games * (len(rungs) - 1)
    points = np.zeros((len(rungs), len(rungs)))
    seeds = {}
    for level in range(1, len(rungs)):
        a, b = rungs[level], rungs[level - 1]
        score = play_pair(game, a, b, games, seed, threads, matchup, tables, progress, (level - 1) * games, total)
        wins, losses = int((score == 1.0).sum()), int((score == 0.0).sum())
        draws = games - wins - losses
        seeds[(level, level - 1)] = per_seed = score.reshape(-1, 2)    # games 2k, 2k + 1: seed k, seats swapped
        lo, hi, slo, shi = per_seed_intervals(per_seed)
        points[level, level - 1], points[level - 1, level] = wins + draws / 2, losses + draws / 2
        rows.append({"game": game, "level": level, "rung": a, "below": b, "games": games, "wins": wins,
                     "losses": losses, "draws": draws, "win_rate": wins / games, "ci_low": lo, "ci_high": hi,
                     "score": (wins + draws / 2) / games, "score_ci_low": slo, "score_ci_high": shi,
                     "verdict": verdict(slo, shi, len(per_seed)), "factions": factions or "",
                     "variants": variants or "", "seed": seed})
    elo, elo_lo, elo_hi, regularised = _chain_elo(points, seeds)
    for r in rows:
        k = r["level"]
        r.update({"elo": elo[k], "elo_ci_low": elo_lo[k], "elo_ci_high": elo_hi[k], "regularised": regularised})
    return pd.DataFrame(rows, columns=list(LADDER_COLUMNS))


def _chain_elo(points: np.ndarray, seeds: dict | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray, bool]:
    """Each rung's Elo above the bottom rung with its 95% interval, from a Bradley-Terry fit (seed-clustered
    with each pair's per-seed scores ``seeds``), and whether the fit was regularised (a rung won every game
    against the one below: its step is then a lower bound of a pseudo-game's making, not a measurement)."""
    fit = bradley_terry(points, seed_scores=seeds)
    d = fit.strength - fit.strength[0]
    v = np.diag(fit.cov)
    se = np.sqrt(np.clip(v + v[0] - 2 * fit.cov[:, 0], 0, None))
    c = fit.critical()
    return ELO_PER_LOGIT * d, ELO_PER_LOGIT * (d - c * se), ELO_PER_LOGIT * (d + c * se), fit.regularised


def summary(table: pd.DataFrame) -> str:
    """One line: is every rung stronger than the one below?"""
    bad = table[table["verdict"] != "stronger"]
    if bad.empty:
        return "every rung is stronger than the one below (each score's 95% interval clear of 50%)"
    return "not an ordered ladder: " + "; ".join(
        f"{r.rung} is {r.verdict if r.verdict == 'weaker' else 'not shown stronger'} than {r.below}"
        for r in bad.itertuples())


def without_random(game: str, rungs: Sequence[str]) -> list[str]:
    """``rungs`` less those that play at random: random play says nothing about a balance finding."""
    space = registry.tuning(game)
    out = []
    for name in rungs:
        try:
            kind = getattr(space.load_start(name), "kind", "")
        except CommandsimError:     # a rung the tuner's loader does not read (a search budget): kept
            kind = ""
        if kind != "random":
            out.append(name)
    return out


def finding_line(table: pd.DataFrame, name: str = "") -> str:
    """A skill ladder (rows of ``LADDER_COLUMNS``, weakest pair first) as one sentence of a report's
    Findings: the rung that stops being stronger than the one below, if any."""
    head = f"Skill ladder{f' ({name})' if name else ''}: "
    bad = table[table["verdict"] != "stronger"]
    if bad.empty:
        return head + summary(table)
    first = bad.iloc[0]
    stops = (f"{first['rung']} is the first rung not shown stronger than the one below ({first['below']}: "
             f"score {first['score']:.1%} [{first['score_ci_low']:.1%}, {first['score_ci_high']:.1%}])")
    return head + stops + ("" if len(bad) == 1 else f"; {summary(table)}")


def default_rungs_help(game: str) -> str:
    """The default rungs as ``ladder --help`` states them: those ``ladder`` plays (``default_rungs``), and
    with ``--finding`` (``without_random``); the registry's list when the game has no tuner."""
    try:
        kept, _ = default_rungs(game)
        finding = without_random(game, kept)
    except CommandsimError:
        kept = finding = list(registry.get(game).info.rungs)
    return f"{', '.join(kept)}; with --finding: {', '.join(finding)}"
