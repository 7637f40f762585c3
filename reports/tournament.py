"""A round-robin tournament: every pair of entries on paired seeds, a win-rate matrix, ratings, cycles.

Game-agnostic: the caller passes a ``PairPlayer``, a function that plays one pair of entries on the
tournament's seeds (seats swapped, sides balanced: however its game pairs them) and returns the first
entry's results (``simcore.pair_results.PairResult``: counts and its score in each game of each seed; bare
``(wins, losses, draws)`` counts are taken as independent games), or ``None`` when the two cannot meet (a
game's own entries may not meet each other).  Every pair plays the same seeds, so a cell of the matrix is
comparable with any other.  Two strategies meet in the game's paired head-to-head; a game with entries of
its own brings its pair player (``Game.tournament_pairs``).

Outputs (``Tournament``):

* ``matrix``: one row per ordered pair (``MATRIX_COLUMNS``): the row entry's games, wins, losses and
  draws against the column entry, its win rate and its score (wins + draws/2, as a share) each with a
  95% seed-clustered interval (``reports.stats.seed_clustered_interval``: a seed's games are one
  sample), and the score the ratings predict (``expected_score``, with a 95% interval; given for pairs
  that did not meet too);
* ``ratings``: one row per entry (``RATING_COLUMNS``), strongest first: Bradley-Terry strength
  (log-odds, the field's mean is 0) with its 95% interval (``reports.ratings``: seed-clustered, since
  every pair plays the same seeds), the same on the Elo scale (1500 = the field's mean), games and
  score over all its pairs;
* ``cycles``: non-transitive cycles A > B > C > A where every ">" is a pair whose score interval lies
  wholly above 50%.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from simcore.errors import CommandsimError
from simcore.game import hooks
from simcore.pair_results import PairCounts, PairResult

from .ratings import ELO_PER_LOGIT, bradley_terry, find_cycles
from .stats import per_seed_intervals

ELO_MEAN = 1500
MATRIX_COLUMNS = ("entry", "opponent", "games", "wins", "losses", "draws", "win_rate", "ci_low", "ci_high",
                  "score", "score_ci_low", "score_ci_high", "expected_score", "expected_ci_low", "expected_ci_high")
RATING_COLUMNS = ("rank", "entry", "games", "score", "strength", "strength_ci_low", "strength_ci_high",
                  "strength_se", "elo", "elo_ci_low", "elo_ci_high", "regularised")


# (first entry, second entry, games, base seed) -> the first entry's ``PairResult`` (or bare (wins, losses,
# draws), taken as independent games), or None: the two cannot meet
PairPlayer = Callable[[str, str, int, int], "PairResult | tuple[int, int, int] | None"]
Progress = Callable[[int, int], None]   # (pairs done, pairs)


def count_both_ways(play_side, a: str, b: str, seeds: int, seed: int, sides: Sequence) -> PairResult:
    """``a``'s results against ``b`` over ``seeds`` seeds played with each entry moving first, once per side
    assignment in ``sides``: ``play_side(side, a_first, seeds, seed)`` returns the winner labels ("first",
    "second", "draw") of those games. Every pair then plays the same seeds, so the matrix's cells are paired,
    whatever the game."""
    columns = []
    for side in sides:
        for a_first in (True, False):
            winner = np.asarray(play_side(side, a_first, seeds, seed), dtype=str)
            mine, theirs = ("first", "second") if a_first else ("second", "first")
            columns.append(np.where(winner == mine, 1.0, np.where(winner == theirs, 0.0, 0.5)))
    return PairResult(np.stack(columns, axis=1))


@dataclass
class Tournament:
    entries: list[str]
    matrix: pd.DataFrame
    ratings: pd.DataFrame
    cycles: list[tuple[str, ...]] = field(default_factory=list)
    regularised: bool = False

    def cycle_text(self) -> list[str]:
        return cycle_text(self.matrix, self.cycles)


def check_games(games: int) -> int:
    if games < 4 or games % 4:
        raise CommandsimError(f"games per pair must be a multiple of 4 (each seed with both seat orders and "
                              f"both side assignments), got {games}")
    return games


def pair_player(game, space, sides: str | None, variants: str | None, tables, max_turns: int | None,
                threads: int | None):
    """(the ``PairPlayer`` of ``game``'s tournaments, the check of one entry). Two strategies meet in the
    game's paired head-to-head (its tuning space's: every seed twice, seats swapped, half of the seeds with
    each side assignment); a game with entries of its own (The Last Command's Solo A.I.) brings its player
    (``Game.tournament_pairs``)."""
    matchup = space.matchup(sides, variants, tables, max_turns)
    own = hooks(game).tournament_pairs(matchup, tables, threads)
    if own is not None:
        return own

    def play(a: str, b: str, games: int, seed: int) -> PairResult:
        check_games(games)
        return PairResult.of(space.head_to_head(a, b, games, seed, matchup, tables, threads).score)
    return play, game.check_strategy


def check_entries(entries: Sequence[str]) -> list[str]:
    names = [e.strip() for e in entries]
    if any(not e for e in names):
        raise CommandsimError(f"empty entry name in {', '.join(entries)}")
    dup = sorted({e for e in names if names.count(e) > 1})
    if dup:
        raise CommandsimError(f"entry {dup[0]!r} is given twice: every entry needs its own name")
    if len(names) < 2:
        raise CommandsimError(f"a tournament needs at least two entries, got {len(names)}")
    return names


def run_tournament(entries: Sequence[str], play_pair: PairPlayer, games: int, seed: int = 1,
                   progress: Progress | None = None) -> Tournament:
    """Play every unordered pair of ``entries`` once with ``play_pair(a, b, games, seed)`` and
    summarise (see the module text).  Raises ``CommandsimError`` when the pairs that can meet leave
    some entries never linked to the others (they could not be rated)."""
    names = check_entries(entries)
    n = len(names)
    counts: dict[tuple[int, int], PairCounts] = {}
    seeds: dict[tuple[int, int], np.ndarray] = {}
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    for done, (i, j) in enumerate(pairs, 1):
        played = play_pair(names[i], names[j], games, seed)
        if isinstance(played, PairResult):
            counts[(i, j)] = played.counts
            seeds[(i, j)], seeds[(j, i)] = played.per_seed, played.swapped().per_seed
        elif played is not None:
            counts[(i, j)] = PairCounts(*(int(x) for x in played))
        if (i, j) in counts:
            counts[(j, i)] = counts[(i, j)].swapped()
        if progress is not None:
            progress(done, len(pairs))
    score = np.zeros((n, n))
    for (i, j), c in counts.items():
        score[i, j] = c.wins + c.draws / 2
    try:
        # every pair's seeds, or none: a pair player that gives only counts plays independent games
        fit = bradley_terry(score, seed_scores=seeds if len(seeds) == len(counts) else None)
    except ValueError as exc:
        raise CommandsimError(f"cannot rate these entries: {exc}") from None
    matrix = _matrix(names, counts, fit, seeds)
    return Tournament(names, matrix, _ratings(names, counts, fit), cycles_of(matrix), fit.regularised)


def estimate_tournament(entries: Sequence[str], play_pair: PairPlayer, games: int, seed: int = 1):
    """The tournament's expected time (``reports.estimate.Estimate``, a part per pair, each one "game" of the
    progress's pairs): each pair's speed measured on probe seeds (``reports.estimate.probe``, at most an eighth of
    its games) priced over its ``games`` in one call."""
    from .estimate import Estimate, Part, part_budget, probe, probe_seed, probed_text

    names = check_entries(entries)
    pairs = [(names[i], names[j]) for i in range(len(names)) for j in range(i + 1, len(names))]
    parts, probed = [], 0
    for a, b in pairs:
        p = probe(lambda n, a=a, b=b: play_pair(a, b, n, probe_seed(seed)), 4, max(4, games // 8 // 4 * 4),
                  part_budget(len(pairs)), games)
        probed += p.games
        parts.append(Part(f"{a} vs {b}", p.speed.seconds(games), 1.0))
    return Estimate(parts, probed_text(probed))


def cycles_of(matrix: pd.DataFrame, max_cycles: int = 20) -> list[tuple[str, ...]]:
    """Non-transitive cycles of a matrix table: steps are pairs whose score interval lies wholly above
    50% (``score_ci_low > 0.5``)."""
    names = list(dict.fromkeys(matrix["entry"]))
    clear = score_grid(matrix, "score_ci_low").to_numpy(dtype=float) > 0.5
    return [tuple(names[k] for k in cyc) for cyc in find_cycles(clear, max_cycles)]


def pair_intervals(c: PairCounts, per_seed: np.ndarray | None) -> tuple[float, float, float, float]:
    """(win rate low, high, score low, high): 95% seed-clustered intervals of a pair's results (``per_seed``:
    the row entry's score in each game of each seed; None: each game a seed of its own)."""
    if per_seed is None or not per_seed.size:
        if not c.games:
            return (float("nan"),) * 4
        per_seed = np.concatenate([np.ones(c.wins), np.zeros(c.losses), np.full(c.draws, 0.5)]).reshape(-1, 1)
    return per_seed_intervals(per_seed)


def _matrix(names: list[str], counts: dict, fit, seeds: dict | None = None) -> pd.DataFrame:
    expected, e_lo, e_hi = fit.expected_score()
    rows = []
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            if i == j:
                continue
            c = counts.get((i, j), PairCounts(0, 0, 0))
            lo, hi, slo, shi = pair_intervals(c, (seeds or {}).get((i, j)))
            g = c.games
            rows.append({"entry": a, "opponent": b, "games": g, "wins": c.wins, "losses": c.losses,
                         "draws": c.draws, "win_rate": c.wins / g if g else np.nan, "ci_low": lo, "ci_high": hi,
                         "score": (c.wins + c.draws / 2) / g if g else np.nan, "score_ci_low": slo,
                         "score_ci_high": shi, "expected_score": expected[i, j], "expected_ci_low": e_lo[i, j],
                         "expected_ci_high": e_hi[i, j]})
    return pd.DataFrame(rows, columns=list(MATRIX_COLUMNS))


def _ratings(names: list[str], counts: dict, fit) -> pd.DataFrame:
    lo, hi = fit.interval()
    rows = []
    for i, a in enumerate(names):
        mine = [c for (x, _), c in counts.items() if x == i]
        g = sum(c.games for c in mine)
        points = sum(c.wins + c.draws / 2 for c in mine)
        rows.append({"entry": a, "games": g, "score": points / g if g else np.nan, "strength": fit.strength[i],
                     "strength_ci_low": lo[i], "strength_ci_high": hi[i], "strength_se": fit.se[i],
                     "elo": ELO_MEAN + ELO_PER_LOGIT * fit.strength[i],
                     "elo_ci_low": ELO_MEAN + ELO_PER_LOGIT * lo[i], "elo_ci_high": ELO_MEAN + ELO_PER_LOGIT * hi[i],
                     "regularised": fit.regularised})
    table = pd.DataFrame(rows).sort_values("strength", ascending=False, kind="stable").reset_index(drop=True)
    table.insert(0, "rank", np.arange(1, len(table) + 1))
    return table[list(RATING_COLUMNS)]


def score_grid(matrix: pd.DataFrame, column: str = "score") -> pd.DataFrame:
    """The matrix as a square table (row entry x column entry) of ``column``, in the entries' order;
    NaN on the diagonal and for pairs that did not meet."""
    order = list(dict.fromkeys(matrix["entry"]))
    grid = matrix.pivot(index="entry", columns="opponent", values=column)
    return grid.reindex(index=order, columns=order)


def cycle_text(matrix: pd.DataFrame, cycles: Sequence[tuple[str, ...]]) -> list[str]:
    """Each cycle as 'A > B > C > A', with the scores of its steps."""
    score = matrix.set_index(["entry", "opponent"])
    out = []
    for cycle in cycles:
        steps = list(zip(cycle, cycle[1:] + cycle[:1]))
        out.append(" > ".join(cycle + cycle[:1]) + "  ("
                   + ", ".join(f"{a} {score.loc[(a, b), 'score']:.1%} vs {b}" for a, b in steps) + ")")
    return out


def finding_line(matrix: pd.DataFrame, ratings: pd.DataFrame, name: str = "") -> str:
    """A tournament's ranking (Bradley-Terry, strongest first, Elo with 95% interval) and its
    non-transitive cycles, as one sentence of a report's Findings."""
    head = f"Tournament{f' ({name})' if name else ''}: "
    parts = []
    if not ratings.empty:
        ranked = ratings.sort_values("rank")
        parts.append("ranking by strength " + ", ".join(
            f"{r.rank}. {r.entry} (Elo {r.elo:.0f} [{r.elo_ci_low:.0f}, {r.elo_ci_high:.0f}])" for r in ranked.itertuples()))
        lows, highs = ranked["elo_ci_low"].to_numpy(), ranked["elo_ci_high"].to_numpy()
        close = [f"{a} and {b}" for a, b, lo, hi in zip(ranked["entry"], ranked["entry"].iloc[1:], lows, highs[1:])
                 if hi >= lo]
        if close:
            parts.append("not told apart (their Elo intervals overlap): " + ", ".join(close))
    if not matrix.empty:
        found = cycle_text(matrix, cycles_of(matrix))
        parts.append(f"{len(found)} non-transitive cycle{'' if len(found) == 1 else 's'} "
                     f"(each step's interval clear of 50%): " + "; ".join(found) if found
                     else "no non-transitive cycle with every step's interval clear of 50%")
    return head + "; ".join(parts)
