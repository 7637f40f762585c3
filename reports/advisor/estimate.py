"""How long an advice will take: its expected time, from a pilot of the screen's first seeds.

The advice's length depends on what its games show: how many edits the sequential test keeps playing and for
how long, how many sets of edits the search plays before one lands in the band, whether there is a proposal
to check and re-tune.  So the screen's first seeds (every edit and the unedited cards, about
``reports.estimate.PILOT_SECONDS`` of play) are played first (``reports.estimate.pilot``; the advice's results
do not change: the screen plays the rest of its seeds after them) and give

* the speed: an engine call's overhead (a set's chunk: its cards compiled, its games' calls) and a game's cost;
* each edit's effect and spread per seed: the test and the search are then run as the advice runs them
  (``screen.screen_and_test``, ``search.search``) on simulated scores, drawn from the pilot's (``DRAWS`` runs
  of the test; the search on each edit's mean effect, edits adding up), and their sets and seeds counted.

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
    edit's difference from it resampled from its own pilot differences, shifted by a draw of the uncertainty of
    their mean; the pilot's seeds themselves come first."""

    def __init__(self, base: np.ndarray, edited: dict, rng):
        self.base, self.rng = base, rng
        self.diffs = {key: scores - base for key, scores in edited.items() if scores is not None}
        seeds = base.shape[1]
        self.shift = {key: d.std(axis=1, ddof=1) / np.sqrt(seeds) * rng.standard_normal(d.shape[0]) if seeds > 1
                      else np.zeros(d.shape[0]) for key, d in self.diffs.items()}
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


def estimate_advise(speed: Speed, pilot: dict, pilot_seeds: int, edits: Sequence, target, opts, can_retune: bool,
                    tune_games: int, probed: int = 0) -> Estimate:
    """The advice's expected time from now (the pilot played): ``pilot`` maps each set (``()``: the unedited
    cards; ``(edit,)``: one edit) to its per-seed scores on the screen's first ``pilot_seeds`` seeds (None: the
    engine refused the set); ``speed`` per set-chunk and per game; ``tune_games``: the re-tune's games, as
    ``tune`` plays them."""
    per_seed, gps = len(target.components[0].games), target.games_per_seed()
    round_seeds = opts.screen_games // per_seed
    cap_seeds = opts.test_games // per_seed

    def cost(sets: float, seeds: float) -> float:
        return speed.seconds(sets * seeds * gps, sets * calls_of(int(seeds), SEEDS_PER_CHUNK))

    parts = [Part("screen", cost(len(edits) + 1, round_seeds - pilot_seeds),
                  (len(edits) + 1) * (round_seeds - pilot_seeds) * gps)]
    base = pilot[()]
    rng = np.random.default_rng(44)
    tests, screened = [], None
    for _ in range(DRAWS):
        sim = _Simulated(base, {k: v for k, v in pilot.items() if k}, rng)
        screened, _ = screen_and_test(edits, sim.measure, sim.base_scores, target.goals, round_seeds, cap_seeds, opts.candidates, opts.min_effect)
        tests.append(sim.played)
    test_set_seeds = float(np.mean(tests))
    most_test = (min(opts.candidates, len(edits)) + 1) * max(0, cap_seeds - round_seeds)
    parts.append(Part("sequential test", cost(1, test_set_seeds), test_set_seeds * gps,
                      cost(1, most_test), most_test * gps))

    # the search, on each edit's mean effect (sets add their edits' effects up)
    search_seeds = opts.search_games // per_seed
    base_values = base.mean(axis=1)
    effect = {}
    for key, scores in pilot.items():
        if key and scores is not None:
            effect[(key[0].field, np.sign(key[0].delta))] = (scores - base).mean(axis=1)

    def values(edit_set):
        return base_values + sum((effect.get((e.field, np.sign(e.delta)), 0.0) * e.size for e in edit_set),
                                 np.zeros_like(base_values))

    counted = {"sets": 0, "confirms": 0}

    def evaluate(edit_sets):
        counted["sets"] += len(edit_sets)
        return [values(s) for s in edit_sets]

    def confirm(edit_set):
        counted["confirms"] += 1
        return values(edit_set)

    helping = [r.edit for r in helping_edits(screened, opts.candidates)]
    proposal = None
    closest_has_edits = False
    if target.miss(base_values) > opts.band:
        proposal, evaluated = search(helping, evaluate, target.miss, opts.band, opts.max_fields, opts.beam,
                                     opts.max_step, None, confirm)
        closest = proposal or min(evaluated, key=lambda c: c.miss, default=None)
        closest_has_edits = closest is not None and bool(closest.edits) and closest.miss < target.miss(base_values)
    confirms = counted["confirms"]
    search_sets = 1 + counted["sets"]
    search_seconds = cost(search_sets, search_seeds) + cost(confirms + (confirms > 0), (CONFIRM_FACTOR - 1) * search_seeds)
    search_games = (search_sets * search_seeds + (confirms + (confirms > 0)) * (CONFIRM_FACTOR - 1) * search_seeds) * gps
    parts.append(Part("search", search_seconds, search_games))

    check_seeds = opts.check_games // per_seed
    retune = closest_has_edits and opts.retune and can_retune and target.tune_matchup is not None
    check_sets = (4 if retune else 2) if closest_has_edits else 1
    parts.append(Part("check", cost(check_sets, check_seeds), check_sets * check_seeds * gps))
    if retune:   # the re-tune's head-to-heads: a call per candidate and opponent, each a few engine calls
        calls = (opts.tune_generations * opts.tune_population + 4) * 4
        parts.append(Part("re-tune", speed.seconds(tune_games, calls), tune_games))
    return Estimate(parts, f"speed measured on {probed:,} probe games; the test's and the search's lengths from a "
                           f"pilot of the screen's first {pilot_seeds:,} seeds")
