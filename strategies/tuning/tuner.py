"""``commandsim tune``: search a strategy's parameters for the strongest play against a pool of opponents.

Any game with a tuning hook in ``simcore.games.registry`` (``simcore.tuning_space``: its parameter
space, strategy files and paired head-to-head) is tuned the same way; ``TuneOptions.game`` picks it.
The search is the cross-entropy method over the heuristic parameters, each scaled to [0, 1]
by its tuning range (The Last Command: ``simcore.games.last_command.players.param_info``):

1. Start from the given strategy: mean = its parameters, spread ``sigma`` per parameter.
2. Each generation draws ``population`` candidates from N(mean, sigma^2) (clipped to the
   ranges); the current mean is always one of them. Every candidate plays ``games`` games
   against the pool (split evenly over the opponents), all candidates on the *same* seeds of
   that generation, each seed twice with the seats swapped and the factions balanced.
3. The best ``elite`` share of candidates by score (win 1, draw 1/2) moves the mean and the
   spread towards their own mean and spread (smoothing ``alpha``; the spread never falls below
   ``min_sigma``).
4. The result is the final mean: it has been moved by many evaluations, unlike the single
   best-scoring candidate, whose score is inflated by selection. A validation round on seeds of
   its own (twice ``games``) plays the final mean and the start against the pool; if the mean
   scores lower, the start is returned unchanged (a small, noisy search must not make a
   strategy worse).

Everything random comes from the run's ``seed``: a numpy Generator seeded from it draws the
candidates, and the game seeds of generation g and of the final check come from their own
``SeedSequence`` streams, so the final check plays seeds the search never saw. A run stopped by
``time_limit`` reports how many generations it completed; re-running with that many
generations and no time limit reproduces it exactly.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

import numpy as np

from simcore.cluster import LocalRunner
from simcore.errors import CommandsimError, StrategyError
from simcore.games import registry
from simcore.names import unknown

from .arena import Match, MatchChunk, match_score, play_match

STREAM_SEARCH = 1   # SeedSequence spawn keys: game seeds of each generation ...
STREAM_FINAL = 2    # ... and of the final check, which the search never plays ...
STREAM_VALIDATE = 3  # ... and of the validation round (final mean against the start)


class TuneError(CommandsimError):
    pass


@dataclass
class TuneOptions:
    start: str = "balanced"
    pool: tuple[str, ...] = ("balanced", "aggro", "engine", "defensive")
    generations: int = 10
    population: int = 16
    games: int = 400                # per candidate and generation, over the whole pool
    seed: int = 1
    time_limit: float | None = None  # seconds for the search (the final check is extra)
    final_games: int = 2000         # per opponent in the final check
    sigma: float = 0.15             # initial spread, as a share of each parameter's range
    min_sigma: float = 0.02
    elite: float = 0.25
    alpha: float = 0.7
    params: tuple[str, ...] = ()    # parameters searched (default: the game's tunable ones)
    matchup: object = None          # the game's matchup (None: its default, ``TuneSpace.matchup``)
    threads: int | None = None
    game: str = registry.DEFAULT_GAME

    def space(self):
        """The game's ``simcore.tuning_space.TuneSpace``."""
        try:
            return registry.tuning(self.game)
        except CommandsimError as exc:
            raise TuneError(str(exc)) from None

    def check(self) -> None:
        space = self.space()
        for name, low in (("generations", 0), ("population", 2), ("games", 4), ("final_games", 4)):
            if getattr(self, name) < low:
                raise TuneError(f"--{name.replace('_', '-')} must be at least {low}, got {getattr(self, name)}")
        if self.games < 4 * len(self.pool):
            raise TuneError(f"--games must be at least 4 per opponent ({4 * len(self.pool)} for "
                            f"{len(self.pool)} opponents), got {self.games}")
        if self.final_games % 4:
            raise TuneError(f"--final-games must be a multiple of 4, got {self.final_games}")
        if self.time_limit is not None and self.time_limit <= 0:
            raise TuneError(f"--time-limit must be positive, got {self.time_limit}")
        if not self.pool:
            raise TuneError("the opponent pool is empty")
        if not 0 < self.elite <= 1 or not 0 < self.alpha <= 1 or self.sigma <= 0 or self.min_sigma < 0:
            raise TuneError("elite and alpha must be in (0, 1], sigma > 0 and min_sigma >= 0")
        for name in self.params:
            if name not in space.params:
                raise TuneError(unknown("parameter", name, list(space.tunable)))
        if self.seed < 0:
            raise TuneError(f"--seed must be >= 0, got {self.seed}")


@dataclass
class Generation:
    index: int
    mean_score: float       # of the candidates
    best_score: float
    center_score: float     # of the current mean (candidate 0)
    sigma: float            # mean spread, in range units
    seconds: float


@dataclass
class Result:
    name: str
    vector: np.ndarray
    start_name: str
    start_vector: np.ndarray
    start_key: str                   # the key of ``final`` that is the start strategy
    generations: list[Generation]
    stopped_by_time: bool
    final: dict[str, Match]          # tuned strategy against each opponent (and the start) on fresh seeds
    baseline: dict[str, Match]       # the start strategy against the same opponents, same seeds
    changed: dict[str, tuple[float, float]]  # parameter -> (start value, tuned value)
    validation: tuple[float, float] = (float("nan"), float("nan"))  # pool score of (start, final mean)
    kept_start: bool = False         # the final mean did not beat the start in validation


def _game_seed(seed: int, *stream: int) -> int:
    return int(np.random.SeedSequence([seed, *stream]).generate_state(1, np.uint32)[0])


def _per_opponent(games: int, n: int) -> int:
    return max(4, (games // n) // 4 * 4)


def evaluate(vector: np.ndarray, pool: Sequence[tuple[str, np.ndarray]], games_each: int, seed: int,
             matchup, tables, threads: int | None, runner=None, space=None) -> float:
    """Mean score of ``vector`` against every opponent of the pool, ``games_each`` games each."""
    return next(evaluate_all([vector], pool, games_each, seed, matchup, tables, runner or LocalRunner(threads),
                             space))


def evaluate_all(vectors: Sequence[np.ndarray], pool: Sequence[tuple[str, np.ndarray]], games_each: int, seed: int,
                 matchup, tables, runner, space=None) -> Iterator[float]:
    """``evaluate`` of each vector in turn, every head-to-head a chunk of ``runner``: on a cluster all of
    them are sent at once; locally each is played when its score is asked for. ``space``: the game's
    ``TuneSpace`` (default: The Last Command's)."""
    play = (space or registry.tuning(registry.DEFAULT_GAME)).head_to_head
    chunks = [MatchChunk(v, opp, games_each, seed, matchup, play) for v in vectors for _, opp in pool]
    scores = runner.map(match_score, chunks, tables)
    try:
        for _ in vectors:
            total = 0.0
            for _ in pool:
                total += next(scores)
            yield total / len(pool)
    finally:   # closed early (a time limit): the runner drops what it has not played
        scores.close()


def tune(opts: TuneOptions, tables=None,
         progress: Callable[[Generation], None] | None = None, runner=None) -> Result:
    """Run the search (module text); ``runner`` (``simcore.cluster``; default: the local runner on
    ``opts.threads``) plays the head-to-heads, a generation's at once on a cluster.  The result does
    not depend on it."""
    opts.check()
    space = opts.space()
    runner = LocalRunner(opts.threads) if runner is None else runner
    tables = tables if tables is not None else space.load_tables(None)
    matchup = opts.matchup if opts.matchup is not None else space.matchup(None, None, tables)
    start = space.load_start(opts.start)
    if start.kind != "heuristic":
        raise TuneError(f"--strategy: '{opts.start}' is a {start.kind} strategy; only heuristic ones have "
                        f"parameters to tune")
    pool = [(name, space.resolve(name)) for name in opts.pool]
    names = opts.params or space.tunable
    idx = np.array([space.params[n][0] for n in names])
    # a start value outside a parameter's tuning range widens the range to it, so that the search
    # starts exactly at the start strategy
    low = np.minimum([space.params[n][1] for n in names], start.vector[idx])
    high = np.maximum([space.params[n][2] for n in names], start.vector[idx])
    span = high - low

    def vector_of(x: np.ndarray) -> np.ndarray:
        v = start.vector.copy()
        v[idx] = low + np.clip(x, 0.0, 1.0) * span
        return v

    rng = np.random.default_rng(opts.seed)
    mean = np.clip((start.vector[idx] - low) / span, 0.0, 1.0)
    sigma = np.full(len(names), opts.sigma)
    n_elite = max(1, int(round(opts.elite * opts.population)))
    games_each = _per_opponent(opts.games, len(pool))
    history: list[Generation] = []
    began = time.perf_counter()
    stopped = False
    for g in range(opts.generations):
        t0 = time.perf_counter()
        xs = np.clip(mean + sigma * rng.standard_normal((opts.population, len(names))), 0.0, 1.0)
        xs[0] = mean
        seed = _game_seed(opts.seed, STREAM_SEARCH, g)
        scores = np.empty(opts.population)
        evaluated = evaluate_all([vector_of(x) for x in xs], pool, games_each, seed, matchup, tables, runner, space)
        for i in range(opts.population):
            if opts.time_limit is not None and time.perf_counter() - began > opts.time_limit:
                stopped = True
                evaluated.close()   # a cluster drops the generation's queued games
                break
            scores[i] = next(evaluated)
        if stopped:
            break
        order = np.argsort(-scores, kind="stable")
        elite = xs[order[:n_elite]]
        mean = (1 - opts.alpha) * mean + opts.alpha * elite.mean(axis=0)
        sigma = np.maximum((1 - opts.alpha) * sigma + opts.alpha * elite.std(axis=0), opts.min_sigma)
        gen = Generation(g, float(scores.mean()), float(scores.max()), float(scores[0]),
                         float((sigma * span).mean() / span.mean()), time.perf_counter() - t0)
        history.append(gen)
        if progress is not None:
            progress(gen)
    tuned = vector_of(mean)
    tuned[space.kind_index] = space.kind_heuristic
    validation = (float("nan"), float("nan"))
    kept_start = False
    if history:
        v_seed = _game_seed(opts.seed, STREAM_VALIDATE)
        v_games = _per_opponent(2 * opts.games, len(pool))
        validation = tuple(evaluate_all([start.vector, tuned], pool, v_games, v_seed, matchup, tables, runner,
                                        space))
        if validation[1] < validation[0]:
            tuned = start.vector.copy()
            kept_start = True
    final_seed = _game_seed(opts.seed, STREAM_FINAL)
    opponents = dict(pool)
    start_key = next((name for name, v in pool if np.array_equal(v, start.vector)), None)
    if start_key is None:
        start_key = start.name if start.name not in opponents else f"{start.name} (start)"
        opponents[start_key] = start.vector
    chunks = [(name, kind, MatchChunk(v, opp, opts.final_games, final_seed, matchup, space.head_to_head))
              for name, opp in opponents.items()
              for kind, v in (("final", tuned), ("baseline", start.vector)) if kind == "final" or name != start_key]
    matches = runner.map(play_match, [c for _, _, c in chunks], tables)
    checks = {"final": {}, "baseline": {}}
    for (name, kind, _), match in zip(chunks, matches):
        checks[kind][name] = match
    final, baseline = checks["final"], checks["baseline"]
    at = {n: space.params[n][0] for n in names}
    changed = {n: (float(start.vector[at[n]]), float(tuned[at[n]])) for n in names
               if abs(start.vector[at[n]] - tuned[at[n]]) > 1e-9}
    return Result(f"{start.name}-tuned", tuned, start.name, start.vector, start_key, history, stopped, final,
                  baseline, changed, validation, kept_start)


def pool_names(text: str, game: str = registry.DEFAULT_GAME) -> tuple[str, ...]:
    """The opponent pool of ``--opponents``: a comma list of strategy names or files of ``game``."""
    space = TuneOptions(game=game).space()
    names = tuple(x.strip() for x in text.split(",") if x.strip())
    if not names:
        raise TuneError("--opponents: expected a comma list of strategy names or files")
    for n in names:
        try:
            space.resolve(n)
        except StrategyError as exc:
            raise TuneError(f"--opponents: {exc}") from None
    return names


def estimate_tune(opts: TuneOptions, tables=None):
    """The run's expected time (``reports.estimate.Estimate``): the start's speed against each opponent (an
    engine call's overhead and each game's cost, ``reports.estimate.probe``, on seeds the run does not play),
    priced over the head-to-heads of the search, the validation round and the final check as ``tune`` plays
    them (a --time-limit, if any, caps the search's part)."""
    from reports.estimate import Estimate, Part, mean_speed, part_budget, probe, probe_seed, probed_text

    space = opts.space()
    tables = tables if tables is not None else space.load_tables(None)
    matchup = opts.matchup if opts.matchup is not None else space.matchup(None, None, tables)
    start = space.load_start(opts.start)
    pool = [(name, space.resolve(name)) for name in opts.pool]
    at = probe_seed(opts.seed)
    n = len(pool)
    games_each = _per_opponent(opts.games, n)
    probes = [probe(lambda g, opp=opp: space.head_to_head(start.vector, opp, g, at, matchup, tables, opts.threads),
                    4, games_each, part_budget(n), opts.generations * opts.population * games_each)
              for _, opp in pool]
    speeds = [p.speed for p in probes]
    # every candidate plays one head-to-head against each opponent per generation
    per_generation = opts.population * sum(s.seconds(games_each) for s in speeds)
    search = opts.generations * per_generation
    most = search
    if opts.time_limit is not None:   # the search stops at the first candidate past the limit
        search = min(search, opts.time_limit + per_generation / opts.population)
    v_games = _per_opponent(2 * opts.games, n)
    validation = 2 * sum(s.seconds(v_games) for s in speeds)
    in_pool = any(np.array_equal(v, start.vector) for _, v in pool)
    # the final check: the tuned strategy and the start against every opponent (the start against itself once)
    final = sum(2 * s.seconds(opts.final_games) for s in speeds) - (speeds[0].seconds(opts.final_games) if in_pool
                                                                   else 0.0)
    if not in_pool:
        final += mean_speed(speeds).seconds(opts.final_games)
    search_games = opts.generations * opts.population * n * games_each
    return Estimate([Part("search", search, search_games, most if opts.time_limit is not None else None,
                          search_games if opts.time_limit is not None else None),
                     Part("validation", validation, 2 * n * v_games),
                     Part("final check", final, opts.final_games * (2 * (n + (not in_pool)) - 1))],
                    probed_text(sum(p.games for p in probes)))


def shorter_tune_hint(estimate, opts: TuneOptions) -> str:
    """How to shorten a tune: fewer generations (the search's part falls in proportion), fewer final games."""
    from reports.estimate import duration

    search, validation, final = estimate.part_seconds()
    fewer = max(1, opts.generations // 5)
    shorter = min(search, estimate.parts[0].most * fewer / opts.generations)   # a time limit may stop it sooner
    text = f"--generations {fewer} takes {duration(shorter + validation + final)}"
    final_games = max(4, opts.final_games // 5 // 4 * 4)
    if final_games < opts.final_games:
        text += (f", --final-games {final_games} "
                 f"{duration(search + validation + final * final_games / opts.final_games)}")
    return text + " (or --time-limit SECONDS)"
