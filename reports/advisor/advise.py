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
``CardSet`` (``card_set.py``); every stage's games are chunks of a runner (``chunks.py``): this
process's threads, or a Dask cluster (``--scheduler``) with the same result.
"""
from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from simcore.cluster import LocalRunner
from simcore.errors import CommandsimError
from reports.stats import paired_difference

from .card_set import CardSet
from .chunks import measure_sets
from .outputs import ADVICE_COLUMNS, advice_table, proposal_patch, values_with_interval
from .screen import EditResult, screen_and_test
from .search import Candidate, search
from .targets import Target

__all__ = ["ADVICE_COLUMNS", "AdviseOptions", "Advice", "Check", "advise"]

STREAM_SCREEN, STREAM_SEARCH, STREAM_CHECK, STREAM_TUNE = 1, 2, 3, 4
# a set found inside the band is played on CONFIRM_FACTOR times the search's seeds before it wins
from .estimate import CONFIRM_FACTOR, helping_edits  # noqa: E402

PILOT_SETS = 16   # edits screened before the estimate, at least (their effects show the test's and search's length)


def stream_seed(seed: int, stream: int) -> int:
    return int(np.random.SeedSequence([seed, stream]).generate_state(1, np.uint32)[0])


@dataclass
class AdviseOptions:
    strategy: object = None              # None: the game's own (``CardSet.default_strategy``)
    seed: int = 1
    band: float = 0.02                   # a share: 0.02 is +-2 points
    allow_stated: bool = False
    only: tuple[str, ...] | None = None  # card keys whose fields may change (None: every card)
    screen_games: int = 1000             # games per component and edit in the screen (one look)
    test_games: int = 10_000             # cap of the sequential test per edit and component
    candidates: int = 10                 # edits tested beyond the screen
    min_effect: float = 0.005            # an edit within +-0.5 points is negligible
    search_games: int = 4000             # per component and candidate set
    check_games: int = 20_000            # per component, fresh seeds
    max_fields: int = 3
    beam: int = 4
    max_step: int = 2
    retune: bool = True
    tune_generations: int = 6
    tune_population: int = 8
    tune_games: int = 400
    threads: int | None = None

    def check(self, target: Target) -> None:
        per_seed = max(len(c.games) for c in target.components)
        for name in ("screen_games", "test_games", "search_games", "check_games"):
            value = getattr(self, name)
            if value < 2 * per_seed or value % per_seed:
                raise CommandsimError(f"--{name.replace('_', '-')}: expected a multiple of {per_seed} of at least "
                                      f"{2 * per_seed} (each seed is played {per_seed} times), got {value}")
        if self.test_games < self.screen_games:
            raise CommandsimError(f"--test-games ({self.test_games}) must be at least --screen-games "
                                  f"({self.screen_games})")
        if not 0 < self.band < 1:
            raise CommandsimError(f"--band must lie between 0 and 100 points, got {100 * self.band:g}")
        if self.max_fields < 1 or self.candidates < 1:
            raise CommandsimError("--max-edits and --candidates must be at least 1")


@dataclass
class Check:
    """The target on fresh seeds: per component the value with its 95% interval, and the paired
    difference from the unedited cards."""
    values: np.ndarray
    low: np.ndarray
    high: np.ndarray
    effect: np.ndarray
    effect_low: np.ndarray
    effect_high: np.ndarray
    games: int            # per component
    inside: bool          # every component's point estimate within the band
    holds: bool           # every component's 95% interval within the band


@dataclass
class Advice:
    target: Target
    options: AdviseOptions
    base_values: np.ndarray                 # unedited, on the check seeds
    base_low: np.ndarray
    base_high: np.ndarray
    screened: list[EditResult]
    refused: list
    evaluated: list[Candidate]
    proposal: Candidate | None              # None: no set within max_fields reached the band; no edits:
                                            # the unedited cards already lie within it
    closest: Candidate | None               # the proposal, else the set nearest the goals (None: no set
                                            # came nearer than the unedited cards)
    fixed: Check | None
    retuned: Check | None
    retuned_strategy: np.ndarray | None
    tuning_kept_start: bool                 # the small tune did not beat the start: re-tuned = fixed
    table: pd.DataFrame
    patch: str
    games: dict[str, int] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)

    @property
    def only_untuned(self) -> bool:
        """Inside the band with the fixed strategy, outside with the re-tuned one."""
        return bool(self.fixed is not None and self.retuned is not None and self.fixed.inside
                    and not self.retuned.inside)


Progress = Callable[[str, int, int], None]


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
        if opts.retune and card_set.can_retune and target.tune_matchup is not None:
            if progress is not None:
                progress("re-tune", 0, 1)
            tuned_vector, kept_start, tune_games = card_set.retune(closest.edits, target, opts, runner)
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
    if opts.retune and card_set.can_retune and target.tune_matchup is not None:
        from simcore.games import registry
        from strategies.tuning.tuner import _per_opponent
        pool = len(registry.tuning(card_set.game).default_pool)
        final = 4 * (opts.tune_games // 4)
        tune_games = (opts.tune_generations * opts.tune_population * pool * _per_opponent(opts.tune_games, pool)
                      + 2 * pool * _per_opponent(2 * opts.tune_games, pool) + final * (2 * (pool + 1) - 1))
    return estimate_advise(speed, piloted, edits, target, opts, card_set.can_retune, tune_games, probed.games)


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
