"""One pair of a tournament's entries, as a pair player gives it: the first entry's score in each game of each
seed (``PairResult``) and its counts (``PairCounts``). The core's, because a game with entries of its own
brings its pair player (``Game.tournament_pairs``: The Last Command's Solo A.I. levels); ``reports.tournament``
plays and reads the round robin."""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np


class PairCounts(NamedTuple):
    """The first entry's results against the second."""
    wins: int
    losses: int
    draws: int

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    def swapped(self) -> "PairCounts":
        return PairCounts(self.losses, self.wins, self.draws)


@dataclass(frozen=True, eq=False)
class PairResult:
    """The first entry's results against the second: ``per_seed[t, k]`` its score (1 win, 1/2 draw, 0 loss) in
    game k of seed t (every pair of a tournament plays the same seeds t = 0 .. T - 1)."""
    per_seed: np.ndarray

    @classmethod
    def of(cls, scores, games_per_seed: int = 2) -> "PairResult":
        """From the scores of consecutive games, ``games_per_seed`` to a seed."""
        return cls(np.asarray(scores, dtype=float).reshape(-1, games_per_seed))

    @property
    def counts(self) -> PairCounts:
        s = self.per_seed
        return PairCounts(int((s == 1.0).sum()), int((s == 0.0).sum()), int(((s > 0) & (s < 1)).sum()))

    def swapped(self) -> "PairResult":
        return PairResult(1.0 - self.per_seed)
