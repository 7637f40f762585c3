"""Head-to-head matches between two strategies on paired seeds, and what each side bought.

Every seed is played twice, once with each strategy moving first (seats swapped), and the
factions are balanced too: the first half of the seeds gives strategy A the first faction of
the matchup, the second half the other one. So a result measures the strategies, not the seat
or the faction.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.matchup import Matchup
from simcore.games.last_command.simulate import play_games
from simcore.games.last_command.tables import C_KIND, C_SYSTEM, KIND_CREW, KIND_SYSTEM, CardTables
from simcore.records import seat_scores
from strategies.last_command.library import resolved, strategy_name

from .intervals import wilson_interval

PROFILE_KINDS = ("engineering", "comms", "tactical", "crew")


@dataclass
class Match:
    """Outcome of A against B. ``score[i]`` is A's result in game i (1 win, 0.5 draw, 0 loss);
    games come in pairs (2k: A moves first, 2k+1: B moves first, same seed)."""
    a: str
    b: str
    score: np.ndarray
    bought_a: np.ndarray     # int64[n_types]: copies of each card type A bought over all games
    bought_b: np.ndarray
    turns: np.ndarray

    @property
    def games(self) -> int:
        return int(self.score.size)

    @property
    def wins(self) -> int:
        return int((self.score == 1.0).sum())

    @property
    def losses(self) -> int:
        return int((self.score == 0.0).sum())

    @property
    def draws(self) -> int:
        return self.games - self.wins - self.losses

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else float("nan")

    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of A's win rate."""
        return wilson_interval(self.wins, self.games)

    def first_seat_win_rate(self) -> float:
        """A's win rate in the games where it moved first."""
        return float((self.score[0::2] == 1.0).mean())


def head_to_head(a, b, n_games: int, seed: int, matchup: Matchup = Matchup(), tables: CardTables | None = None,
                 threads: int | None = None, first_game: int = 0) -> Match:
    """Play ``n_games`` (a multiple of 4) games of strategy ``a`` against ``b`` (names, paths or
    parameter vectors) on games ``first_game ..`` of the run with base ``seed``."""
    if n_games <= 0 or n_games % 4:
        raise ValueError(f"head_to_head: n_games must be a positive multiple of 4, got {n_games}")
    tables = tables if tables is not None else load_cards()
    a, b = resolved(a), resolved(b)   # each file read once, not at each of the four engine calls
    half = n_games // 4          # seeds per faction assignment
    n_types = tables.cards.shape[0]
    score = np.zeros(n_games)
    turns = np.zeros(n_games, np.int64)
    bought = np.zeros((2, n_types), np.int64)
    for block, m in enumerate((matchup, matchup.swapped())):
        start = first_game + block * half
        a_first = play_games(half, seed, m, (a, b), tables, threads, first_game=start)
        b_first = play_games(half, seed, m.swapped(), (b, a), tables, threads, first_game=start)
        rows = slice(block * 2 * half, (block + 1) * 2 * half)
        # the engine's arrays, not the per-game frames: a frame took 1.5 to 4 ms a call (a tenth of
        # a small match's time), and a tuner plays thousands of matches
        score[rows][0::2] = seat_scores(a_first.winner, 0)
        score[rows][1::2] = seat_scores(b_first.winner, 1)
        turns[rows][0::2] = a_first.turns
        turns[rows][1::2] = b_first.turns
        bought[0] += a_first.bought[:, 0].sum(axis=0) + b_first.bought[:, 1].sum(axis=0)
        bought[1] += a_first.bought[:, 1].sum(axis=0) + b_first.bought[:, 0].sum(axis=0)
    return Match(strategy_name(a), strategy_name(b), score, bought[0], bought[1], turns)


@dataclass(frozen=True, eq=False)
class MatchChunk:
    """One head-to-head as a unit of work for a runner (``simcore.cluster``): strategy ``a``
    against ``b`` (names, paths or vectors) on ``n_games`` games of base seed ``seed``, played by
    ``play`` (The Last Command's ``head_to_head`` unless the game's tuning hook says otherwise)."""
    a: object
    b: object
    n_games: int
    seed: int
    matchup: object                  # the game's matchup (The Last Command: a ``Matchup``)
    play: object = head_to_head      # the game's paired head-to-head (``spaces.TuneSpace.head_to_head``)


def play_match(chunk: MatchChunk, tables, threads: int | None = None) -> Match:
    return chunk.play(chunk.a, chunk.b, chunk.n_games, chunk.seed, chunk.matchup, tables, threads)


def match_score(chunk: MatchChunk, tables, threads: int | None = None) -> float:
    """A's mean score (win 1, draw 1/2) only: all a search needs back."""
    return float(play_match(chunk, tables, threads).score.mean())


def purchase_profile(bought: np.ndarray, tables: CardTables, games: int) -> dict[str, float]:
    """Purchases per game by kind: Engineering, Comms and Tactical System cards, and Crew."""
    cards = tables.cards
    out = {}
    for s, kind in enumerate(PROFILE_KINDS[:3]):
        out[kind] = float(bought[(cards[:, C_KIND] == KIND_SYSTEM) & (cards[:, C_SYSTEM] == s)].sum()) / games
    out["crew"] = float(bought[cards[:, C_KIND] == KIND_CREW].sum()) / games
    return out
