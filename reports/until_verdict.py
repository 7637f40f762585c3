"""``compare --until-verdict``: a paired comparison played in rounds that stops at the first decisive look.

Round k plays seeds ``(k-1) * R .. k * R - 1`` of the base seed (R = round games / 2; consecutive seed
ranges, so the result of a seed never depends on when it was played), both settings, both seat
orders, exactly as ``run_compare``.  After each round the paired difference A - B over every seed so
far gets the *repeated* confidence interval ``mean +- c_k * se`` of ``reports.sequential`` (critical
values spent over the rounds up to the cap by a Lan-DeMets spending function: Pocock-type by default,
``spending="obf"`` for O'Brien-Fleming-type; each applied at Student's t for the seeds so far), and the
usual verdict rule (``reports.compare.verdict``) is read off it.  Rounds that end below
``reports.stats.MIN_VERDICT_SEEDS`` seeds are not looks: the first look comes once that many seeds are
played, and spends nothing before.  The first look whose verdict is ``even`` or ``favours ...``
stops the run; if none is before ``max_games``, the verdict is "not enough games to tell".  Because the
intervals cover the true difference at every look at once with probability 95%, the verdict is wrong at
most 5% of the time whichever look it comes from.
"""
from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from simcore.errors import CommandsimError
from simcore.game import Game, Question
from simcore.games import registry

from .compare import DEFAULT_BAND, Comparison, Progress, combine_rounds, run_compare
from .sequential import ALPHA, look_critical_values
from .stats import MIN_VERDICT_SEEDS
from .sweep import DEFAULT_CHUNK, check_games

DEFAULT_ROUND_GAMES = 2000
DEFAULT_MAX_GAMES = 200_000
MAX_LOOKS = 200     # each look's critical value costs a numerical integration: a few ms each
SEQUENTIAL_COLUMNS = ("round_games", "max_games", "looks", "critical_value", "stopped")
LOOK_COLUMNS = ("look", "seeds", "games", "diff", "diff_ci_low", "diff_ci_high", "critical_value", "verdict")


@dataclass
class SequentialComparison:
    """``comparison``: the final comparison (its table has ``SEQUENTIAL_COLUMNS`` after the compare
    columns; the difference's interval is the last look's repeated interval); ``looks``: one row per
    look (``LOOK_COLUMNS``)."""
    comparison: Comparison
    looks: pd.DataFrame

    @property
    def stopped_early(self) -> bool:
        return bool(self.comparison.row["stopped"] == "verdict")


def check_rounds(round_games: int, max_games: int) -> tuple[int, int]:
    """Seeds per round and at the cap; raises ``CommandsimError`` for a bad pair."""
    check_games(round_games)
    if max_games < round_games or max_games % 2:
        raise CommandsimError(f"the games cap must be an even number at least the games of one round "
                              f"({round_games}), got {max_games}")
    looks = -(-max_games // round_games)
    if looks > MAX_LOOKS:
        raise CommandsimError(f"{looks} rounds of {round_games} games up to the cap {max_games}: at most "
                              f"{MAX_LOOKS} looks; play bigger rounds or lower the cap")
    return round_games // 2, max_games // 2


def run_until_verdict(game: Game | str, question: Question, strategy: str | None = None,
                      opponent_strategy: str | None = None, round_games: int = DEFAULT_ROUND_GAMES,
                      max_games: int = DEFAULT_MAX_GAMES, seed: int = 1, threads: int | None = None,
                      max_turns: int | None = None, band: float = DEFAULT_BAND,
                      progress: Progress | None = None, *, alpha: float = ALPHA, spending: str = "pocock",
                      chunk_size: int = DEFAULT_CHUNK, runner=None) -> SequentialComparison:
    """Rounds of ``round_games`` per setting until the first decisive look or ``max_games``; see the
    module text.  ``progress(done, total)`` counts games of both settings (``total`` = 2 * max_games,
    shrinking to what was played when the run stops early).  A question whose settings change both
    sides alike (``Question.both_sides``) gets a second row: the same games seen from the other side."""
    game = registry.get(game) if isinstance(game, str) else game
    round_seeds, cap_seeds = check_rounds(round_games, max_games)
    critical = look_critical_values(round_seeds, cap_seeds, alpha, spending, MIN_VERDICT_SEEDS)
    rounds: list[Comparison] = []
    looks = []
    done = 0
    total = 4 * cap_seeds
    for k, c in enumerate(critical):
        start = k * round_seeds
        n = min(round_seeds, cap_seeds - start)

        def step(d: int, _t: int, base=done) -> None:
            if progress is not None:
                progress(base + d, total)

        rounds.append(run_compare(game, question, strategy, opponent_strategy, 2 * n, seed, threads, max_turns,
                                  band, step, chunk_size=chunk_size, first_seed=start, runner=runner))
        done += 4 * n
        result = combine_rounds(rounds, z=c)
        r = result.row
        looks.append((k + 1, int(r["seeds"]), int(r["games"]), r["diff"], r["diff_ci_low"], r["diff_ci_high"],
                      float(c), r["verdict"]))
        if r["verdict"] != "unclear":
            break
    if progress is not None and done < total:
        progress(done, done)
    extra = {"round_games": round_games, "max_games": max_games, "looks": len(looks),
             "critical_value": looks[-1][6], "stopped": "verdict" if looks[-1][7] != "unclear" else "cap"}
    first = _with(result, extra)
    if question.both_sides:
        other = _with(result.seen_by_opponent(), extra)
        first = Comparison(pd.concat([first.table, other.table], ignore_index=True), first.pairs, first.tally,
                           first.edited)
    return SequentialComparison(first, pd.DataFrame(looks, columns=list(LOOK_COLUMNS)))


def estimate_until_verdict(game: Game | str, question: Question, strategy: str | None = None,
                           opponent_strategy: str | None = None, round_games: int = DEFAULT_ROUND_GAMES,
                           max_games: int = DEFAULT_MAX_GAMES, seed: int = 1, threads: int | None = None,
                           max_turns: int | None = None, band: float = DEFAULT_BAND, *, alpha: float = ALPHA,
                           spending: str = "pocock", chunk_size: int = DEFAULT_CHUNK, pilot_seconds: float = 1.5):
    """The run's expected time and its cap's (``reports.estimate.Estimate``): both settings played on probe
    seeds (``reports.estimate.probe``, up to four rounds' games) give the speed and a pilot of per-seed
    differences, from which
    ``reports.expected_stops.verdict_looks`` gives the chance of playing each round under the run's own rule."""
    from .compare import verdict
    from .estimate import Estimate, Part, calls_of, probe, probe_seed, probed_text
    from .expected_stops import verdict_looks

    game = registry.get(game) if isinstance(game, str) else game
    round_seeds, cap_seeds = check_rounds(round_games, max_games)
    critical = look_critical_values(round_seeds, cap_seeds, alpha, spending)
    p = probe(lambda n: run_compare(game, question, strategy, opponent_strategy, n, probe_seed(seed), threads,
                                    max_turns, band, chunk_size=chunk_size), 2, 4 * round_games, pilot_seconds)
    reach = verdict_looks(p.result.pairs["diff"].to_numpy(), round_seeds, cap_seeds, critical, band, verdict)
    sizes = [min(round_seeds, cap_seeds - k * round_seeds) for k in range(len(critical))]
    cost = [p.speed.seconds(2 * n, calls_of(n, chunk_size)) for n in sizes]   # a round: 2n games per setting
    expected = float(sum(r * c for r, c in zip(reach, cost)))
    games = float(sum(r * 4 * n for r, n in zip(reach, sizes)))   # both settings, both seat orders
    return Estimate([Part("rounds", expected, games, float(sum(cost)), 4 * cap_seeds)],
                    f"{probed_text(p.games)}; the rounds from a pilot of {p.size // 2:,} seeds")


def _with(result: Comparison, extra: dict) -> Comparison:
    return Comparison(result.table.assign(**extra), result.pairs, result.tally, result.edited)
