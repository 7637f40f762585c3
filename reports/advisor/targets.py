"""What the advisor aims at: one or more win rates, each with a goal, measured per seed.

A target is a list of *components*, each a share the designer wants near a goal:

* a match-up: ``"federation asymmetrical vs sunder standard = 50%"`` (variants default to standard):
  the first faction's score, each seed played with it first and second;
* the first-player advantage: ``"first player = 50%"`` or ``"first player asymmetrical = 50%"``:
  the first seat's score, each seed played with each faction first (both with that variant);
* the solo difficulty ladder (``--ladder 65,55,45,35``): the player's score against the rulebook's
  A.I. at Easy, Medium, Hard and Insane, each seed played with each faction as the player.

A component's score on a seed is the mean of its games' scores (win 1, draw 1/2, loss 0), so two
card sets played on the same seeds give paired scores (common random numbers).  The target is met
when every component lies within +-band of its goal: ``miss`` is the largest distance from a goal.

A target "at equilibrium" (``equilibrium_target``) aims at a match-up's value when both sides play their best mix
of strategies: its component plays every pair of entries and solves the game again on every measure.

The advisor's search and statistics see only ``Target.measure`` (per-seed scores) and the goals;
each game builds its own components (its matchups, per game of a seed) in its advisor hook
(``simcore/games/<game>/advisor.py``: its ``parse_target``).
"""
from __future__ import annotations

import re

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from simcore.errors import CommandsimError
from simcore.records import seat_scores

CHUNK_SEEDS = 2000     # seeds per engine call: large enough that the call's overhead is small


class TargetError(CommandsimError):
    pass


@dataclass(frozen=True)
class Component:
    """One share to bring near ``goal``: the mean score of ``seat`` over ``games`` per seed."""
    label: str
    goal: float
    games: tuple[tuple[object, int], ...]     # (the game's matchup, the seat whose score counts)
    mix: object = None     # at equilibrium: each side's entries (``equilibrium_target.Mix``), every cell played

    @property
    def cells(self) -> int:
        """Pairs of strategies a seed plays (one, or every cell at equilibrium)."""
        return 1 if self.mix is None else self.mix.cells


@dataclass(frozen=True)
class Target:
    components: tuple[Component, ...]
    text: str                  # as the user gave it, for headers
    tune_matchup: object | None    # the duel strategies are re-tuned in, as the game's tuner takes it
    recheck: str = ""          # the command that re-checks a patch ("PATCH" stands for its path)
    play: Callable = None      # the game's ``play_games`` (N seeded games of a matchup -> records)

    @property
    def goals(self) -> np.ndarray:
        return np.array([c.goal for c in self.components])

    @property
    def labels(self) -> list[str]:
        return [c.label for c in self.components]

    def miss(self, values) -> float:
        """Largest distance of a component from its goal (a share)."""
        return float(np.max(np.abs(np.asarray(values, dtype=float) - self.goals)))

    def measure(self, tables, strategy, seed: int, first: int, seeds: int,
                threads: int | None = None) -> np.ndarray:
        """Per-seed scores, float[components, seeds], of seeds ``first .. first + seeds - 1`` of base
        ``seed``; both seats play ``strategy`` (in Solo Mode seat 1 is the A.I.)."""
        out = np.zeros((len(self.components), seeds))
        for c, comp in enumerate(self.components):
            if comp.mix is not None:     # at equilibrium: every cell, the game solved on these seeds
                from .equilibrium_target import measure
                out[c] = measure(comp, self.play, tables, seed, first, seeds, threads, CHUNK_SEEDS)
                continue
            for matchup, seat in comp.games:
                for start in range(0, seeds, CHUNK_SEEDS):
                    n = min(CHUNK_SEEDS, seeds - start)
                    rec = self.play(n, seed, matchup, (strategy, strategy), tables, threads,
                                    first_game=first + start, keep_bought=False)
                    out[c, start:start + n] += seat_scores(rec.winner, seat)
            out[c] /= len(comp.games)
        return out

    def games_per_seed(self) -> int:
        """Games one seed costs, over every component (every cell of one at equilibrium)."""
        return sum(len(c.games) * c.cells for c in self.components)

    def games_per_component(self, seeds: int) -> int:
        """Games each win rate rests on after ``seeds`` seeds (components play alike; per cell at equilibrium)."""
        return seeds * len(self.components[0].games)


def _percent(text: str, what: str) -> float:
    m = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*%?\s*", text)   # ASCII digits, as every count (simcore.counts)
    if not m or not 0 < float(m.group(1)) < 100:
        raise TargetError(f"{what}: expected a percentage between 0 and 100 (e.g. 50%), got '{text.strip()}'")
    return float(m.group(1)) / 100
