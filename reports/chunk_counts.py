"""A chunk of games reduced to its counts with numpy, straight from the engine's arrays.

A sweep plays millions of games in chunks; reducing each chunk with pandas (a frame per chunk, a
group-by per perspective) cost about 15 ms per 20,000 games, time in which the engine threads
waited.  A chunk is one matchup in one seat order, so its perspectives are known in advance (the
first seat's side and the second seat's) and every count is a sum over an int array:

* ``tally_chunk(winner, turns, bought, seats)`` -> ``ChunkTally``: wins, losses, draws, turns per
  seat, and per card type the copies bought, seat-games with a copy and those the buyer won;
* ``SweepTally`` adds chunks up (per perspective and per card) and gives the same tables as
  ``aggregate.perspective_counts`` / ``aggregate.card_counts`` then ``combine_counts`` would;
* ``seed_sums`` reduces a cell's seat orders on the same seeds (its chunks of one seed range) to the
  per-seed sums a seed-clustered interval needs (``count_columns.PAIR_COLUMNS``): a seed's two seat-swapped
  games are not independent, so the ``both`` rows and the first player's share take their variance from
  the seeds (``reports.stats.seed_clustered_interval``). ``SweepTally.add_order`` holds the winner codes of
  a cell's first seat order until the other order of the same seeds arrives.

``tests/core/test_chunk_counts.py`` checks both against those pandas reductions on the same games.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from simcore.bounds import LABELS as BOUND_LABELS, count_bounds

from .count_columns import CARD_COUNT_COLUMNS, COUNT_COLUMNS, PAIR_COLUMNS, PAIR_KEYS, PERSPECTIVE_KEYS

WIN_CODES = (0, 1)   # Records.winner: 0 the first seat won, 1 the second, 2 a draw


@dataclass
class ChunkTally:
    """Counts of one chunk: ``seats`` int64[k, 5] (games, wins, losses, draws, turns) for each seat
    counted (0 first, 1 second; Solo Mode only 0), ``cards`` int64[3, n_types] (times_bought,
    games_bought, wins_when_bought over the seats counted), ``seat_games`` and ``seat_wins``, and ``bounds``
    int64[len(simcore.bounds.LABELS)]: the chunk's games by the bound that ended them (``simcore.bounds``)."""
    seat_rows: tuple[int, ...]
    seats: np.ndarray
    cards: np.ndarray
    seat_games: int
    seat_wins: int
    bounds: np.ndarray | None = None


def tally_chunk(winner: np.ndarray, turns: np.ndarray, bought: np.ndarray,
                seats: tuple[int, ...] = (0, 1), bounds: np.ndarray | None = None) -> ChunkTally:
    """Counts of one chunk from ``Records.winner`` (int codes), ``Records.turns`` and
    ``Records.bought`` (int32[n, 2, n_types]); ``seats`` limits the counts to some seats; ``bounds``:
    ``Records.bounds`` (None: no game was ended by a bound)."""
    winner = np.asarray(winner)
    n = winner.shape[0]
    by_code = np.bincount(winner, minlength=3)[:3].astype(np.int64)
    total_turns = int(np.asarray(turns, np.int64).sum())
    rows = np.zeros((len(seats), len(COUNT_COLUMNS)), np.int64)
    for i, seat in enumerate(seats):
        rows[i] = (n, by_code[seat], by_code[1 - seat], by_code[2], total_turns)
    cards = np.zeros((3, bought.shape[2]), np.int64)
    for seat in seats:
        mine = bought[:, seat]
        has = mine > 0
        cards[0] += mine.sum(axis=0, dtype=np.int64)
        cards[1] += has.sum(axis=0, dtype=np.int64)
        won = winner == WIN_CODES[seat]
        cards[2] += has[won].sum(axis=0, dtype=np.int64)
    seat_wins = int(sum(by_code[s] for s in seats))
    return ChunkTally(tuple(seats), rows, cards, len(seats) * n, seat_wins, count_bounds(bounds, n))


def perspective_keys(labels: dict[str, str], seat: int) -> tuple[str, ...]:
    """The ``PERSPECTIVE_KEYS`` of one seat's side, from a matchup's labels (``first_faction``, ...)."""
    own, other = ("first", "second") if seat == 0 else ("second", "first")
    return (labels[f"{own}_faction"], labels[f"{other}_faction"], labels[f"{own}_variant"],
            labels[f"{other}_variant"], labels[f"{own}_strategy"], labels[f"{other}_strategy"], own)


def seed_sums(orders, seats: tuple[int, ...] = (0, 1)) -> dict[tuple[str, ...], np.ndarray]:
    """Per perspective (``PAIR_KEYS``), int64[3] (``PAIR_COLUMNS``): the seeds, the sum over the seeds of
    the square of the side's wins in the seed, and the sum of the square of the first seat's wins in the
    seed. ``orders``: (labels, winner codes) of each seat order of one cell, on the same seeds (game i of
    every order is seed i); ``seats``: the seats the cell counts."""
    seeds = len(orders[0][1])
    first = np.zeros(seeds, np.int64)
    wins: dict[tuple[str, ...], np.ndarray] = {}
    for labels, winner in orders:
        winner = np.asarray(winner)
        if len(winner) != seeds:
            raise ValueError(f"seat orders of one cell on different seeds: {len(winner)} and {seeds} games")
        first += winner == WIN_CODES[0]
        for seat in seats:
            key = perspective_keys(labels, seat)[:-1]
            wins[key] = wins.get(key, 0) + (winner == WIN_CODES[seat])
    first_sq = int((first * first).sum())
    return {key: np.array([seeds, int((np.asarray(y, np.int64) ** 2).sum()), first_sq], np.int64)
            for key, y in wins.items()}


class SweepTally:
    """Counts added up over chunks: per perspective (in the order first seen, as a pandas
    group-by without sorting keeps them) and per card; and per perspective the seeds' sums
    (``seed_sums``) of the chunks paired with ``add_order``."""

    def __init__(self):
        self.perspectives: dict[tuple[str, ...], np.ndarray] = {}
        self.pairs: dict[tuple[str, ...], np.ndarray] = {}
        self.waiting: dict[int, list] = {}     # first game -> the (labels, winner) of the orders played so far
        self.cards: np.ndarray | None = None
        self.seat_games = 0
        self.seat_wins = 0
        self.bounds = np.zeros(len(BOUND_LABELS), np.int64)   # games by the bound that ended them

    def add_order(self, first_game: int, orders: int, labels: dict[str, str], winner: np.ndarray,
                  seats: tuple[int, ...] = (0, 1)) -> None:
        """One seat order's winner codes of games ``first_game ..`` of a cell played in ``orders`` seat
        orders; once every order of those seeds is in, their ``seed_sums`` are added (nothing else is kept)."""
        got = self.waiting.setdefault(first_game, [])
        got.append((labels, np.asarray(winner, np.int8)))
        if len(got) < orders:
            return
        del self.waiting[first_game]
        for key, sums in seed_sums(got, seats).items():
            if key in self.pairs:
                self.pairs[key] += sums
            else:
                self.pairs[key] = sums

    def pair_counts(self) -> pd.DataFrame:
        """``aggregate.pair_counts``'s table: ``PAIR_KEYS`` then ``PAIR_COLUMNS``."""
        if self.waiting:
            raise ValueError(f"games {sorted(self.waiting)[0]}.. of a cell lack their other seat order")
        keys = list(self.pairs)
        frame = pd.DataFrame(keys, columns=PAIR_KEYS) if keys else pd.DataFrame(columns=PAIR_KEYS)
        values = np.array([self.pairs[k] for k in keys], np.int64).reshape(len(keys), len(PAIR_COLUMNS))
        for j, column in enumerate(PAIR_COLUMNS):
            frame[column] = values[:, j]
        return frame

    def add(self, tally: ChunkTally, labels: dict[str, str] | None) -> None:
        """Add a chunk's counts; ``labels`` (``chunk_labels``) None: only the per-card counts."""
        for row, seat in zip(tally.seats, tally.seat_rows if labels is not None else ()):
            key = perspective_keys(labels, seat)
            if key in self.perspectives:
                self.perspectives[key] += row
            else:
                self.perspectives[key] = row.copy()
        self.cards = tally.cards.copy() if self.cards is None else self.cards + tally.cards
        self.seat_games += tally.seat_games
        self.seat_wins += tally.seat_wins
        if tally.bounds is not None:
            self.bounds += tally.bounds

    def counts(self) -> pd.DataFrame:
        """The table ``aggregate.perspective_counts`` gives (keys, then games, wins, losses, draws, turns)."""
        keys = list(self.perspectives)
        frame = pd.DataFrame(keys, columns=PERSPECTIVE_KEYS) if keys else pd.DataFrame(columns=PERSPECTIVE_KEYS)
        values = np.array([self.perspectives[k] for k in keys], np.int64).reshape(len(keys), len(COUNT_COLUMNS))
        for j, column in enumerate(COUNT_COLUMNS):
            frame[column] = values[:, j]
        return frame

    def card_counts(self, names) -> pd.DataFrame:
        """The table ``aggregate.card_counts`` gives, summed over every chunk added."""
        cards = self.cards if self.cards is not None else np.zeros((3, len(names)), np.int64)
        # a game with no card to buy has no names: its column still holds text, to merge on
        card = pd.Series(list(names), dtype=None if len(names) else object)
        return pd.DataFrame({"card": card, "times_bought": cards[0], "games_bought": cards[1],
                             "wins_when_bought": cards[2],
                             "seat_games": np.full(len(names), self.seat_games, np.int64),
                             "seat_wins": np.full(len(names), self.seat_wins, np.int64)})[
            ["card", *CARD_COUNT_COLUMNS]]
