"""What a batch of games returns, whatever the game: one row per game (``games``) and the copies of each
card each seat bought (``bought``), read by ``reports/`` the same way for every game."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import pandas as pd

from simcore.errors import CommandsimError


@lru_cache(maxsize=256)
def _one_category(value: str) -> pd.CategoricalDtype:
    return pd.CategoricalDtype([value])


def constant_column(value: str, n: int) -> pd.Categorical:
    """A column holding ``value`` in each of ``n`` rows, as a category: no string per row to build or write.
    The dtype is made once per value (checking its categories took longer than making the column)."""
    return pd.Categorical.from_codes(np.zeros(n, np.int8), dtype=_one_category(value))


SEAT_LABELS = ("first", "second")   # the seats as per-game records name them; index = the engine's seat code
DRAW = 2                            # ``Records.winner`` of a drawn game (0: the first seat won, 1: the second)
WINNER_LABELS = (*SEAT_LABELS, "draw")   # the winner as per-game records name it; index = the engine's code


@dataclass
class GameReplay:
    """One replayed game, whatever the game: its per-game seed, matchup and strategies (as the engine named
    them), its result (``winner``, ``turns`` and the game's own figures), its event log (int32 rows, the
    game's layout), the events that did not fit, the tables it was played with and the game's setup arrays
    (a game whose log reads them)."""
    seed: int
    matchup: object
    strategies: tuple[str, str]
    result: dict
    events: np.ndarray
    lost_events: int
    tables: object
    setup: np.ndarray | None = None


def seat_scores(winner: np.ndarray, seat: int) -> np.ndarray:
    """Each game's score for ``seat`` (0 moved first, 1 second) from ``Records.winner``: 1 a win,
    1/2 a draw, 0 a loss. Read from the engine's codes, no per-game frame is built."""
    return np.where(winner == seat, 1.0, np.where(winner == DRAW, 0.5, 0.0))


class Records:
    """Per-game results of one matchup: ``games`` (one row per game) and ``bought``
    (int32[n_games, 2, n_types]: copies of each card type each seat bought; it may be a view of
    another layout: The Last Command's engine writes (seat, type, game), one row per per-game column).

    ``shape`` (``simcore.shape.GameShapes``): each game's shape, from the standing its engine recorded after
    every round (None: a game that records none); its measures are columns of ``games`` too. ``plays``
    (``simcore.play_counts.PlayCounts``): the copies of each card each seat drew and played, per game, over
    the cards ``play_names`` names (a game's commands, where nothing is bought; default ``card_names``).

    ``games`` may be given as a function ``columns(categories)`` giving the frame's columns: it is
    then built on first use, so a sweep that only counts (``winner``, ``turns``: int arrays) never
    pays for a DataFrame; ``columns(categories=True)`` gives the labels that are the same in every
    game (factions, variants, strategies) as categories, cheap to build and to write."""

    def __init__(self, games: pd.DataFrame | Callable[[bool], dict], bought: np.ndarray, card_names: list[str],
                 winner: np.ndarray | None = None, turns: np.ndarray | None = None,
                 strategies: tuple[str, str] | None = None, bounds: np.ndarray | None = None):
        self._games = games
        self.bought = bought
        self.card_names = card_names
        self.winner = winner            # int codes: 0 first, 1 second, DRAW
        self.turns = turns
        self.strategies = strategies    # the seats' strategy labels, as in the frame
        self.bounds = bounds            # int codes (simcore.bounds): the bound that ended each game; None: none did
        # a search player's (searched decisions, rollouts, the turns those rollouts played from their decisions
        # on: how long one is), summed
        self.search: tuple[int, int, int] | None = None
        self.shape = None               # simcore.shape.GameShapes
        self.plays = None               # simcore.play_counts.PlayCounts
        self.play_names: list[str] | None = None

    @property
    def games(self) -> pd.DataFrame:
        if callable(self._games):
            self._games = pd.DataFrame(self._with_shape(self._games(False)))
        return self._games

    def columns(self, categories: bool = False) -> dict:
        """The columns of ``games`` by name; with ``categories`` the constant labels as categories."""
        if categories and callable(self._games):
            return self._with_shape(self._games(True))
        return {name: self.games[name].array for name in self.games.columns}

    def _with_shape(self, columns: dict) -> dict:
        """A game's own columns, then its shape's (``simcore.shape.GameShapes.columns``)."""
        if self.shape is None or self.winner is None:
            return columns
        return {**columns, **self.shape.columns(self.winner)}

    def counted_names(self) -> list[str]:
        """The names ``plays`` counts, in its order."""
        return list(self.play_names if self.play_names is not None else self.card_names)

    def bought_frame(self) -> pd.DataFrame:
        """Long table: game, seat, card, copies bought (only non-zero entries)."""
        g, seat, t = np.nonzero(self.bought)
        return pd.DataFrame({"game": self.games["game"].to_numpy()[g], "seat": np.where(seat == 0, "first", "second"),
                             "card": np.asarray(self.card_names, dtype=object)[t], "copies": self.bought[g, seat, t]})


def check_batch(n_games: int, seed: int) -> None:
    """An engine call's game count and base seed, checked before anything is set up."""
    if n_games < 0:
        raise CommandsimError(f"number of games must be >= 0, got {n_games}")
    if seed < 0:
        raise CommandsimError(f"seed must be >= 0, got {seed}")


def check_threads(threads: int | None) -> None:
    if threads is not None and threads < 1:
        raise CommandsimError(f"--threads must be at least 1, got {threads}")
