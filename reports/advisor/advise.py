"""``commandsim advise``: the smallest card edits that bring a target into its band, with intervals.

Stages, each on seeds of its own (streams of the run's seed, so no stage reuses another's games):

1. **screen + test** (``screen.py``): every single-field edit (the game's ``CardSet.edits``) on a few paired
   seeds, then group-sequential rounds for the most promising;
2. **search** (``search.py``): sets of the edits that helped, each set played on the search seeds;
3. **check**: the preferred set and the unedited cards on fresh seeds (paired), the target's values
   with 95% intervals;
4. **re-tune** (unless ``retune=False``): a strategy tuned on the edited cards (``commandsim tune`` at a
   small budget, from the fixed strategy against the game's built-in pool, in the target's duel) plays the
   fresh seeds again, with the edited and the unedited cards (its change is the edit's effect for
   adapted players); a proposal inside the band with the fixed strategy but
   not with the re-tuned one is flagged: it may only hold against players who have not adapted.

Edits are applied to card objects and compiled in memory (milliseconds per set), never through files;
the proposal is also written as a patch that the game's ``--cards`` reads.  The game comes in as a
``CardSet`` (``simcore.advice``); every stage's games are chunks of a runner (``chunks.py``): this
process's threads, or a Dask cluster (``--scheduler``) with the same result.
"""
from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd

from reports.stats import paired_difference
from simcore.advice import CardSet, Target
from simcore.card_edits import CardEdit
from simcore.cluster import LocalRunner
from simcore.errors import CommandsimError
from simcore.games import registry

from .chunks import measure_sets
from .outputs import ADVICE_COLUMNS, advice_table, proposal_patch, values_with_interval
from .result import Advice, AdviseOptions, Check
from .screen import screen_and_test
from .search import Candidate, search

__all__ = ["ADVICE_COLUMNS", "AdviseOptions", "Advice", "Check", "advise"]

STREAM_SCREEN, STREAM_SEARCH, STREAM_CHECK, STREAM_TUNE = 1, 2, 3, 4
# a set found inside the band is played on CONFIRM_FACTOR times the search's seeds before it wins
from .estimate import CONFIRM_FACTOR, helping_edits  # noqa: E402

PILOT_SETS = 16   # edits screened before the estimate, at least (their effects show the test's and search's length)


def stream_seed(seed: int, stream: int) -> int:
    return int(np.random.SeedSequence([seed, stream]).generate_state(1, np.uint32)[0])


Progress = Callable[[str, int, int], None]


def retune(card_set: CardSet, edits: Sequence[CardEdit], target: Target, opts: AdviseOptions, runner=None):
    """A strategy tuned on the edited cards from ``opts.strategy`` against the game's built-in pool,
    in the target's duel (``target.tune_matchup``): (vector, kept the start, games played)."""
    from strategies.tuning.tuner import TuneOptions, _per_opponent, tune

    space = registry.tuning(card_set.game)
    topts = TuneOptions(start=opts.strategy, pool=space.default_pool, generations=opts.tune_generations,
                        population=opts.tune_population, games=opts.tune_games,
                        seed=stream_seed(opts.seed, STREAM_TUNE), final_games=4 * (opts.tune_games // 4),
                        matchup=target.tune_matchup, threads=opts.threads, game=card_set.game)
    result = tune(topts, card_set.tune_tables(edits), runner=runner)
    pool = len(topts.pool)
    searched = len(result.generations) * topts.population * pool * _per_opponent(topts.games, pool)
    # the validation round (final mean and start) and the final check (tuned and start, same opponents)
    validation = 2 * pool * _per_opponent(2 * topts.games, pool) if result.generations else 0
    final = topts.final_games * (2 * len(result.final) - 1)
    return result.vector, result.kept_start, searched + validation + final


def edit_space(card_set: CardSet, opts: AdviseOptions) -> list:
    """The single-field edits the advisor may screen; ``CommandsimError`` when there are none."""
    edits = card_set.edits(opts.allow_stated, opts.only)
    if not edits:
        raise CommandsimError("no card value may be edited: every value of the chosen cards is stated by the "
                              "rulebook or its sources (use --allow-stated) or at the end of its range")
    return edits


def advise(card_set: CardSet, target: Target, opts: AdviseOptions, progress: Progress | None = None,
           runner=None, estimate: Callable | None = None) -> Advice:
    """Run the advisor on a game's ``card_set`` (its advisor hook's) for ``target``, its games on ``runner``
    (default: this process, ``opts.threads``); see the module text.  ``estimate``, if given, is called with the
    run's ``reports.estimate.Estimate`` once the screen's first seeds (a pilot: ``reports.advisor.estimate``)
    are played; the advice does not change."""
    opts.check(target)
    if opts.strategy is None:
        opts = dataclasses.replace(opts, strategy=card_set.default_strategy)
    runner = LocalRunner(opts.threads) if runner is None else runner
    per_seed = len(target.components[0].games)
    games = {"screen": 0, "test": 0, "search": 0, "check": 0, "tune": 0}
    seconds: dict[str, float] = {}
    edits = edit_space(card_set, opts)

    # resolved once: a strategy name would be read from its file on every engine call
    strategy = card_set.strategy(opts.strategy)

    def measurer(stream: int, stage: str):
        seed = stream_seed(opts.seed, stream)

        def measure(edit_sets, first: int, seeds: int, strategy=strategy):   # one batch of chunks
            done = None if progress is None or stage != "screen" else (
                lambda k: progress(stage, k, len(edit_sets)))
            out = measure_sets(runner, card_set, target, edit_sets, seed, first, seeds, strategy, done)
            games[stage] += sum(s is not None for s in out) * seeds * target.games_per_seed()
            return out
        return measure

    started = time.perf_counter()
    screen_measure = measurer(STREAM_SCREEN, "screen")
    test_measure = measurer(STREAM_SCREEN, "test")

    piloted: dict = {}     # set -> its screen scores, for the sets of the pilot played before the estimate

    def staged(edit_sets, first, seeds):   # the screen's round, then the test's rounds
        if first > 0:
            return test_measure(edit_sets, first, seeds)
        rest = [s for s in edit_sets if tuple(s) not in piloted]
        played = dict(zip(map(tuple, rest), screen_measure(rest, 0, seeds))) if rest else {}
        return [piloted[tuple(s)] if tuple(s) in piloted else played[tuple(s)] for s in edit_sets]

    if estimate is not None:
        estimate(_estimate(card_set, target, opts, edits, screen_measure, piloted))

    def base_scores(first, seeds):
        return staged([()], first, seeds)[0]

    screened, refused = screen_and_test(edits, staged, base_scores, target.nearest, opts.screen_games // per_seed,
                                        opts.test_games // per_seed, opts.candidates, opts.min_effect, progress,
                                        scales=target.scales)
    seconds["screen and test"] = time.perf_counter() - started

    started = time.perf_counter()
    helping = helping_edits(screened, opts.candidates)
    search_measure = measurer(STREAM_SEARCH, "search")
    search_seeds = opts.search_games // per_seed
    search_base = search_measure([()], 0, search_seeds)[0]
    scores_of: dict[tuple, np.ndarray] = {(): search_base}

    def evaluate(edit_sets):
        out = []
        for edit_set, scores in zip(edit_sets, search_measure(edit_sets, 0, search_seeds)):
            if scores is not None:
                scores_of[edit_set] = scores
            out.append(None if scores is None else scores.mean(axis=1))
        return out

    def confirm(edit_set):   # the search's next seeds (CONFIRM_FACTOR - 1 times as many), added to its first
        more = search_measure([edit_set], search_seeds, (CONFIRM_FACTOR - 1) * search_seeds)[0]
        if confirm_base.get("scores") is None:
            confirm_base["scores"] = search_measure([()], search_seeds, (CONFIRM_FACTOR - 1) * search_seeds)[0]
        scores_of[edit_set] = np.concatenate([scores_of[edit_set], more], axis=1)
        base_of[edit_set] = np.concatenate([search_base, confirm_base["scores"]], axis=1)
        return scores_of[edit_set].mean(axis=1)

    confirm_base: dict[str, np.ndarray | None] = {"scores": None}
    base_of: dict[tuple, np.ndarray] = {}
    base_candidate = Candidate((), search_base.mean(axis=1), target.miss(search_base.mean(axis=1)))
    if base_candidate.miss <= opts.band:
        proposal, evaluated = base_candidate, [base_candidate]
    else:
        proposal, evaluated = search([r.edit for r in helping], evaluate, target.miss, opts.band, opts.max_fields,
                                     opts.beam, opts.max_step,
                                     None if progress is None else lambda n, m: progress("search", n, 0), confirm)
    closest = proposal or min(evaluated, key=lambda c: c.miss, default=None)
    if proposal is None and closest is not None and closest.miss >= base_candidate.miss:
        closest = None   # no set came closer than the unedited cards: nothing to propose
    seconds["search"] = time.perf_counter() - started

    started = time.perf_counter()
    check_measure = measurer(STREAM_CHECK, "check")
    check_seeds = opts.check_games // per_seed
    fixed = retuned = tuned_vector = None
    kept_start = False
    if closest is not None and closest.edits:
        base_check, edited_check = check_measure([(), closest.edits], 0, check_seeds)
        fixed = _check(edited_check, base_check, target, opts.band)
        if opts.retune and registry.has_tuning(card_set.game) and target.tune_matchup is not None:
            if progress is not None:
                progress("re-tune", 0, 1)
            tuned_vector, kept_start, tune_games = retune(card_set, closest.edits, target, opts, runner)
            games["tune"] += tune_games
            # the change is the edit's effect for adapted players: both sides of it with the tuned strategy
            retuned = _check(*check_measure([closest.edits, ()], 0, check_seeds, tuned_vector), target,
                             opts.band)
    else:
        base_check = check_measure([()], 0, check_seeds)[0]
    seconds["check and re-tune"] = time.perf_counter() - started

    base_values, base_low, base_high = values_with_interval(base_check, target)
    advice = Advice(target, opts, base_values, base_low, base_high, screened, refused, evaluated, proposal, closest,
                    fixed, retuned, tuned_vector, kept_start, pd.DataFrame(), "", games, seconds)
    advice.table = advice_table(advice, scores_of, search_base, base_of)
    advice.patch = proposal_patch(card_set, advice) if closest is not None and closest.edits else ""
    return advice


def _estimate(card_set: CardSet, target: Target, opts: AdviseOptions, edits: list, screen_measure, piloted: dict):
    """The speed of a set's chunk (the unedited cards on probe seeds, ``reports.estimate.probe``), the screen of
    the unedited cards and of a sample of the edits played as a pilot (kept in ``piloted``, set -> scores: the
    screen does not play them again), and the advice's expected time from them (``reports.advisor.estimate``)."""
    from reports.estimate import PILOT_SECONDS, Speed, calls_of, probe, probe_seed

    from .chunks import SEEDS_PER_CHUNK, SetChunk, play_set
    from .estimate import estimate_advise

    per_seed, gps = len(target.components[0].games), target.games_per_seed()
    strategy = card_set.strategy(opts.strategy or card_set.default_strategy)
    at = probe_seed(opts.seed)
    probed = probe(lambda n: play_set(SetChunk((), at, 0, n // gps, strategy), (card_set, target), opts.threads),
                   gps, gps * SEEDS_PER_CHUNK)
    speed = Speed(probed.speed.overhead, probed.speed.per_game)
    # edits spread evenly over the list (its cards in order), as many as a few seconds of the screen allow
    seeds = opts.screen_games // per_seed
    sample = int(min(len(edits), max(PILOT_SETS, PILOT_SECONDS / speed.seconds(seeds * gps, calls_of(seeds,
                                                                                                   SEEDS_PER_CHUNK)))))
    sets = [()] + [(edits[round(k * len(edits) / sample)],) for k in range(sample)]
    for s, scores in zip(sets, screen_measure(sets, 0, seeds)):
        piloted[s] = scores
    tune_games = 0
    if opts.retune and registry.has_tuning(card_set.game) and target.tune_matchup is not None:
        from strategies.tuning.tuner import _per_opponent
        pool = len(registry.tuning(card_set.game).default_pool)
        final = 4 * (opts.tune_games // 4)
        tune_games = (opts.tune_generations * opts.tune_population * pool * _per_opponent(opts.tune_games, pool)
                      + 2 * pool * _per_opponent(2 * opts.tune_games, pool) + final * (2 * (pool + 1) - 1))
    return estimate_advise(speed, piloted, edits, target, opts, registry.has_tuning(card_set.game), tune_games, probed.games)


def _check(scores: np.ndarray, base: np.ndarray, target: Target, band: float) -> Check:
    values, low, high = values_with_interval(scores, target)
    d = [paired_difference(s, b) for s, b in zip(scores, base)]
    return Check(values, low, high, np.array([x.mean for x in d]), np.array([x.ci_low for x in d]),
                 np.array([x.ci_high for x in d]), target.games_per_component(scores.shape[1]),
                 target.inside(values, band), target.holds(low, high, band))


SHORTER = {"screen": ("--screen-games", "screen_games"), "sequential test": ("--test-games", "test_games"),
           "search": ("--search-games", "search_games"), "check": ("--check-games", "check_games")}


def shorter_advise_hint(estimate, opts: AdviseOptions) -> str:
    """How to shorten an advice: a fifth of the slowest stage's games (its option), or --no-retune."""
    from reports.estimate import duration

    k = estimate.slowest()
    label, parts = estimate.labels[k], estimate.part_seconds()
    if label == "re-tune":
        return f"--no-retune takes {duration(estimate.seconds - parts[k])}"
    flag, name = SHORTER[label]
    now = getattr(opts, name)
    fewer = max(4, now // 5 // 4 * 4)
    if label == "sequential test":
        fewer = max(fewer, opts.screen_games)
    return f"{flag} {fewer:,} takes {duration(estimate.seconds - parts[k] * (1 - fewer / now))}"
