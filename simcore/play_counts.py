"""What each card did in a game: the copies each seat drew and played, counted by the engine.

A game keeps one slot of its state array (``sc``) per card type at an offset ``b`` of its own layout, four
16-bit counters to a slot (drawn by seat 0, by seat 1, played by seat 0, by seat 1): ``count_card`` adds one
where a card is drawn or put into play, ``reset_counts`` clears them when a game is set up and
``write_counts`` copies a game's slots to the tail of its output row (one int64 column per card type). A game
whose "cards" are not drawn (the skirmish's commands) counts only plays. A counter holds 65,535 at most: no
game of ours comes near (a bound ends a game long before).

``PlayCounts.from_output`` reads them back as ``drawn`` and ``played`` arrays int[n, 2, n_types], the layout
of ``Records.bought``.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .jit import hot

DRAWN = 0
PLAYED = 1


@hot
def count_card(sc, b, kind, p, t):
    """One more copy of card type ``t`` drawn (``kind`` DRAWN) or played (PLAYED) by seat ``p``."""
    sc[b + t] += np.int64(1) << (16 * (2 * kind + p))


@hot
def reset_counts(sc, b, n):
    for t in range(n):
        sc[b + t] = 0


@hot
def write_counts(sc, b, out_row, c):
    """Every type's counters into ``out_row[c:]`` (one column per card type, as many as the row has)."""
    for t in range(out_row.shape[0] - c):
        out_row[c + t] = sc[b + t]


@dataclass
class PlayCounts:
    """Per game, seat and card type: copies ``drawn`` and ``played`` (uint16[n, 2, n_types] views)."""
    drawn: np.ndarray
    played: np.ndarray

    @classmethod
    def from_output(cls, out: np.ndarray, c: int, n_types: int) -> "PlayCounts":
        """From an engine's output rows whose counters begin at column ``c``."""
        from .shape import _view
        counters = _view(out[:, c:c + n_types], np.uint16).reshape(out.shape[0], n_types, 4)
        return cls(counters[:, :, 0:2].transpose(0, 2, 1), counters[:, :, 2:4].transpose(0, 2, 1))

    @classmethod
    def zeros(cls, n: int, n_types: int) -> "PlayCounts":
        return cls(np.zeros((n, 2, n_types), np.uint16), np.zeros((n, 2, n_types), np.uint16))

    def __getitem__(self, rows) -> "PlayCounts":
        return PlayCounts(self.drawn[rows], self.played[rows])
