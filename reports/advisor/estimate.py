"""How long an advice will take: its expected time, from a pilot of the screen's first seeds.

The advice's length depends on what its games show: how many edits the sequential test keeps playing and for
how long, how many sets of edits the search plays before one lands in the band, whether there is a proposal
to check and re-tune.  So the speed of a set's chunk is probed (an engine call's overhead: its cards compiled,
its games' calls; and a game's cost), and the screen of the unedited cards and of a sample of the edits (spread
over the list, about ``reports.estimate.PILOT_SECONDS`` of play) is played first (the advice's results do not
change: the screen does not play them again).  The sample's effects stand for every edit's:

* each edit's effect and spread per seed: the test and the search are then run as the advice runs them
  (``screen.screen_and_test``, ``search.search``) on simulated scores drawn from the pilot's (``DRAWS`` runs;
  in the search a set's effect is its edits' added up, measured with the noise of the search's seeds), and
  their sets and seeds counted.

The parts follow the advice: the rest of the screen, the sequential test, the search, the check, the re-tune.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from reports.estimate import Estimate, Part, Speed, calls_of

from .chunks import SEEDS_PER_CHUNK
from .screen import screen_and_test
from .search import search

DRAWS = 3            # simulated runs of the sequential test
CONFIRM_FACTOR = 4   # as ``advise.CONFIRM_FACTOR`` (imported there from here)


def helping_edits(screened, candidates: int) -> list:
    """The edits the search combines: the screen's and test's ``helps`` with the largest improvement, else the
    best unclear ones (as ``advise`` picks them)."""
    helping = sorted((r for r in screened if r.verdict == "helps" and r.improvement > 0),
                     key=lambda r: -r.improvement)[:candidates]
    if len(helping) < 2:   # too few shown to help: add the best unclear ones rather than give up
        more = sorted((r for r in screened if r.verdict == "unclear" and r.improvement > 0),
                      key=lambda r: -r.improvement)
        helping += more[:max(0, candidates - len(helping))]
    return helping


class _Simulated:
    """Scores drawn from the pilot's: per seed, an unedited score resampled from the pilot's seeds, and each
    edit's difference from it resampled from its own pilot differences, their mean shrunk and drawn (``shift``);
    the pilot's seeds themselves come first."""

    def __init__(self, base: np.ndarray, edited: dict, rng):
        self.base, self.rng = base, rng
        self.diffs = {key: scores - base for key, scores in edited.items() if scores is not None}
        seeds = base.shape[1]
        if not self.diffs or seeds < 2:
            self.shift = {key: np.zeros(base.shape[0]) for key in self.diffs}
            self.played = 0
            return
        # a few seeds exaggerate the edits' effects: each is shrunk toward none by the share of the spread of
        # the edits' means that is not their noise (empirical Bayes), and drawn from what is left of its noise
        means = np.array([d.mean(axis=1) for d in self.diffs.values()])
        noise = np.array([d.var(axis=1, ddof=1) / seeds for d in self.diffs.values()])
        spread = means.var(axis=0)
        keep = np.clip(1 - noise.mean(axis=0) / np.maximum(spread, 1e-12), 0.0, 1.0)
        self.shift = {}
        for (key, d), mean, var in zip(self.diffs.items(), means, noise):
            self.shift[key] = (keep - 1) * mean + np.sqrt(keep * var) * rng.standard_normal(d.shape[0])
        self.played = 0     # sets x seeds asked for beyond the screen

    def scores(self, key, first: int, seeds: int) -> np.ndarray | None:
        if key and key not in self.diffs:
            return None
        pilot = self.base.shape[1]
        known = max(0, min(seeds, pilot - first))
        picks = self.rng.integers(0, pilot, seeds - known)
        base = np.concatenate([self.base[:, first:first + known], self.base[:, picks]], axis=1)
        if not key:
            return base
        d = self.diffs[key]
        drawn = d[:, self.rng.integers(0, pilot, seeds - known)] + self.shift[key][:, None]
        return base + np.concatenate([d[:, first:first + known], drawn], axis=1)

    def measure(self, edit_sets, first: int, seeds: int):
        if first > 0:
            self.played += len(edit_sets) * seeds
        return [self.scores(tuple(s), first, seeds) for s in edit_sets]

    def base_scores(self, first: int, seeds: int) -> np.ndarray:
        return self.measure([()], first, seeds)[0]


def _search_counts(sim: _Simulated, screened, target, opts, spread: np.ndarray, search_seeds: int, rng):
    """(sets evaluated, sets confirmed, whether a set closer than the unedited cards came out) of the search run
    as ``advise`` runs it, on the simulated edits' effects (a set's: its edits' added up, each stepped edit's in
    proportion), each set's values measured with the noise of ``search_seeds`` seeds."""
    base_values = sim.base.mean(axis=1)
    effect = {(key[0].field, np.sign(key[0].delta)): d.mean(axis=1) + sim.shift[key] for key, d in sim.diffs.items()}

    def values(edit_set, seeds):
        mean = base_values + sum((effect.get((e.field, np.sign(e.delta)), 0.0) * e.size for e in edit_set),
                                 np.zeros_like(base_values))
        return mean + spread / np.sqrt(seeds) * rng.standard_normal(mean.shape)

    counted = {"sets": 0, "confirms": 0}

    def evaluate(edit_sets):
        counted["sets"] += len(edit_sets)
        return [values(s, search_seeds) for s in edit_sets]

    def confirm(edit_set):
        counted["confirms"] += 1
        return values(edit_set, CONFIRM_FACTOR * search_seeds)

    start = values((), search_seeds)
    if target.miss(start) <= opts.band:
        return 0, 0, False
    helping = [r.edit for r in helping_edits(screened, opts.candidates)]
    proposal, evaluated = search(helping, evaluate, target.miss, opts.band, opts.max_fields, opts.beam, opts.max_step,
                                 None, confirm)
    closest = proposal or min(evaluated, key=lambda c: c.miss, default=None)
    return counted["sets"], counted["confirms"], bool(closest is not None and closest.edits
                                                     and closest.miss < target.miss(start))


def estimate_advise(speed: Speed, pilot: dict, edits: Sequence, target, opts, can_retune: bool, tune_games: int,
                    probed: int = 0) -> Estimate:
    """The advice's expected time from now (the pilot played): ``pilot`` maps the unedited cards (``()``) and a
    sample of the edits (``(edit,)``) to their per-seed scores on the whole screen (None: the engine refused
    the set); every other edit is given the scores of one of the sample's, drawn.  ``speed`` per set-chunk and
    per game; ``tune_games``: the re-tune's games, as ``tune`` plays them."""
    per_seed, gps = len(target.components[0].games), target.games_per_seed()
    round_seeds = opts.screen_games // per_seed
    cap_seeds = opts.test_games // per_seed

    def cost(sets: float, seeds: float) -> float:
        return speed.seconds(sets * seeds * gps, sets * calls_of(int(seeds), SEEDS_PER_CHUNK))

    parts = [Part("screen", cost(len(edits) + 1 - len(pilot), round_seeds),
                  (len(edits) + 1 - len(pilot)) * round_seeds * gps)]
    base = pilot[()]
    rng = np.random.default_rng(44)
    sampled = [scores for key, scores in pilot.items() if key and scores is not None]
    edited = {(e,): pilot[(e,)] if (e,) in pilot else sampled[rng.integers(len(sampled))] if sampled else base
              for e in edits}
    search_seeds = opts.search_games // per_seed
    spread = np.maximum(base.std(axis=1, ddof=1), 0.1) if base.shape[1] > 1 else np.full(base.shape[0], 0.5)
    tests, sets, confirms, with_edits = [], [], [], []
    for _ in range(DRAWS):
        sim = _Simulated(base, edited, rng)
        screened, _ = screen_and_test(edits, sim.measure, sim.base_scores, target.nearest, round_seeds, cap_seeds,
                                      opts.candidates, opts.min_effect, scales=target.scales)
        tests.append(sim.played)
        counted = _search_counts(sim, screened, target, opts, spread, search_seeds, rng)
        sets.append(counted[0])
        confirms.append(counted[1])
        with_edits.append(counted[2])
    test_set_seeds = float(np.mean(tests))
    most_test = (min(opts.candidates, len(edits)) + 1) * max(0, cap_seeds - round_seeds)
    parts.append(Part("sequential test", cost(1, test_set_seeds), test_set_seeds * gps,
                      cost(1, most_test), most_test * gps))
    confirm_seeds = (CONFIRM_FACTOR - 1) * search_seeds
    search_seconds = float(np.mean([cost(1 + n, search_seeds) + cost(c + (c > 0), confirm_seeds)
                                    for n, c in zip(sets, confirms)]))
    search_games = float(np.mean([((1 + n) * search_seeds + (c + (c > 0)) * confirm_seeds) * gps
                                  for n, c in zip(sets, confirms)]))
    parts.append(Part("search", search_seconds, search_games))
    closest_has_edits = float(np.mean(with_edits)) >= 0.5
    check_seeds = opts.check_games // per_seed
    retune = closest_has_edits and opts.retune and can_retune and target.tune_matchup is not None
    check_sets = (4 if retune else 2) if closest_has_edits else 1
    parts.append(Part("check", cost(check_sets, check_seeds), check_sets * check_seeds * gps))
    if retune:   # the re-tune's head-to-heads: a call per candidate and opponent, each a few engine calls
        calls = (opts.tune_generations * opts.tune_population + 4) * 4
        parts.append(Part("re-tune", speed.seconds(tune_games, calls), tune_games))
    return Estimate(parts, f"speed measured on {probed:,} probe games; the test's and the search's lengths from the "
                           f"screen of {len(pilot) - 1:,} of the {len(edits):,} edits")
