"""Head-to-head matches between two strategies on paired seeds, in every game: their outcome (``Match``)
and the unit of work a runner plays (``MatchChunk``).

A game's head-to-head (its tuning space's) plays every seed twice, once with each strategy moving first
(seats swapped), and balances the sides too: the first half of the seeds gives strategy A the first side
of the matchup, the second half the other one. So a result measures the strategies, not the seat or the
side.
"""
from __future__ import annotations

from dataclasses import dataclass


from simcore.tuning_space import HeadToHead

from .intervals import per_seed_intervals


class Match(HeadToHead):
    """A head-to-head (``simcore.tuning_space.HeadToHead``) read with its 95% interval."""

    @classmethod
    def of(cls, h: HeadToHead) -> "Match":
        return cls(h.a, h.b, h.score, h.bought_a, h.bought_b, h.turns)

    def interval(self) -> tuple[float, float]:
        """95% interval of A's win rate, seed-clustered: games 2k and 2k + 1 are one seed, seats swapped."""
        lo, hi, _, _ = per_seed_intervals(self.score.reshape(-1, 2) if self.games % 2 == 0
                                          else self.score.reshape(-1, 1))
        return lo, hi


@dataclass(frozen=True, eq=False)
class MatchChunk:
    """One head-to-head as a unit of work for a runner (``simcore.cluster``): strategy ``a``
    against ``b`` (names, paths or vectors) on ``n_games`` games of base seed ``seed``, played by
    ``play``, the game's paired head-to-head (``simcore.tuning_space.TuneSpace.head_to_head``)."""
    a: object
    b: object
    n_games: int
    seed: int
    matchup: object                  # the game's matchup, as its tuning space's ``matchup`` gives it
    play: object                     # the game's paired head-to-head (``simcore.tuning_space.TuneSpace.head_to_head``)


def play_match(chunk: MatchChunk, tables, threads: int | None = None) -> Match:
    return Match.of(chunk.play(chunk.a, chunk.b, chunk.n_games, chunk.seed, chunk.matchup, tables, threads))


def match_score(chunk: MatchChunk, tables, threads: int | None = None) -> float:
    """A's mean score (win 1, draw 1/2) only: all a search needs back."""
    return float(play_match(chunk, tables, threads).score.mean())


