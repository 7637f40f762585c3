"""The shape of a sweep's games and what each card did, streamed: per cell, sums over seeds that add up chunk
by chunk, never per-game arrays.

A chunk's games come back with their shapes (``simcore.shape.GameShapes``) and card counts
(``simcore.play_counts.PlayCounts``, ``Records.bought``) as a ``DetailChunk`` (a few columns per game; its
tracks are the first ``TRACK_ROUNDS`` rounds' leads). ``CellDetail.add_order`` holds a cell's first seat order
of a seed range until its other order is in: a seed's two seat-swapped games are one sample, the unit of every
interval here (``reports.stats.ratio_sums``: a ratio's per-seed numerator and denominator, summed with their
squares and product). Then it adds, with side A the side a cell names first (seat order k puts it in seat k):

* the tempo curve: side A's lead after each round (its standing minus B's), over the games still running,
  with A moving first, second, and both (``tempo``: float64[3, TRACK_ROUNDS, 6]); side B's is its negative;
* the per-game measures (``MEASURES``: length in rounds and turns, lead changes, decisive round, the winner's
  largest deficit and drama (won games only), comebacks: games won by the side behind at mid-game, of the
  games a side was behind then, and side A's and side B's own);
* the decisive round's distribution (games per round, the last bin: later than ``TRACK_ROUNDS``);
* per side (its label) and card: copies bought, drawn and played, copies drawn but not played, seat-games,
  those in which the card was played, and the side's wins in games it played the card and in games it did
  not (``CardPlaySums``), added over every cell the side plays in.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from simcore.shape import TRACK_ROUNDS

from .stats import RATIO_SUMS, ratio_sums

SEAT_VIEWS = ("first", "second", "both")   # side A's seat in a tempo curve: a seed's two games pooled in both
MEASURES = ("rounds", "turns", "lead_changes", "decisive_round", "winner_deficit", "drama", "comeback",
            "comeback_a", "comeback_b")
DECISIVE_BINS = TRACK_ROUNDS + 2           # rounds 0 (nobody led) .. TRACK_ROUNDS, then later
BLOCK_SEEDS = 4096     # seeds reduced at once: the per-card arrays of a reduction stay a few MB whatever the chunk


@dataclass
class DetailChunk:
    """What a chunk sends back beyond its counts: per game its winner, turns and shape (the winner's deficit
    and drama already picked, the mid-game seat behind), its tracks (int16[n, TRACK_ROUNDS]) and, per seat
    and card (``names``), the copies bought, drawn and played (None: a game that counts none)."""
    winner: np.ndarray
    turns: np.ndarray
    rounds: np.ndarray
    changes: np.ndarray
    decisive: np.ndarray
    deficit: np.ndarray
    drama: np.ndarray
    behind: np.ndarray
    track: np.ndarray
    names: list[str] | None = None
    bought: np.ndarray | None = None
    drawn: np.ndarray | None = None
    played: np.ndarray | None = None

    def part(self, lo: int, hi: int) -> "DetailChunk":
        """Games lo .. hi - 1 (views)."""
        def cut(x):
            return None if x is None else x[lo:hi]
        return DetailChunk(*(cut(getattr(self, f)) for f in ("winner", "turns", "rounds", "changes", "decisive",
                                                               "deficit", "drama", "behind", "track")),
                           self.names, cut(self.bought), cut(self.drawn), cut(self.played))


def detail_chunk(rec) -> DetailChunk | None:
    """A chunk's ``DetailChunk`` from its ``Records`` (None: a game that records no shape)."""
    shape = getattr(rec, "shape", None)
    if shape is None:
        return None
    winner = np.asarray(rec.winner)
    names = bought = drawn = played = None
    plays = getattr(rec, "plays", None)
    if plays is not None:
        names = rec.counted_names()
        drawn, played = plays.drawn, plays.played
        bought = np.asarray(rec.bought)
        if bought.shape[-1] != len(names):
            bought = None          # what is bought is not what is counted (the skirmish's commands)
    return DetailChunk(winner.astype(np.int8), np.asarray(rec.turns), shape.rounds, shape.changes, shape.decisive,
                       shape.winner_deficit(winner), shape.winner_drama(winner), shape.behind, shape.track,
                       names, bought, drawn, played)


@dataclass
class CardPlaySums:
    """One side's per-card sums (added over cells): int64 ``counts`` [len(COUNT_FIELDS), cards] and the seeds'
    sums (``ratio_sums``) of its win rate in the seat-games it played the card (``when_played``) and in those it
    did not (``not_played``), float64[cards, 6]. ``seat_games``, ``seat_wins``: all of the side's."""
    names: list[str]
    counts: np.ndarray
    when_played: np.ndarray
    not_played: np.ndarray
    seat_games: int = 0
    seat_wins: int = 0

    COUNT_FIELDS = ("times_bought", "times_drawn", "times_played", "drawn_not_played", "games_played",
                    "wins_when_played")

    @classmethod
    def empty(cls, names) -> "CardPlaySums":
        k = len(names)
        return cls(list(names), np.zeros((len(cls.COUNT_FIELDS), k), np.int64), np.zeros((k, 6)), np.zeros((k, 6)))

    def add(self, other: "CardPlaySums") -> None:
        if other.names != self.names:      # another card set (a cell's own): align by name
            other = other.aligned(self.names)
        self.counts += other.counts
        self.when_played += other.when_played
        self.not_played += other.not_played
        self.seat_games += other.seat_games
        self.seat_wins += other.seat_wins

    def aligned(self, names: list[str]) -> "CardPlaySums":
        """These sums over ``names`` (a card missing here: zeros; a card not in ``names`` is dropped)."""
        out = CardPlaySums.empty(names)
        index = {n: i for i, n in enumerate(self.names)}
        for j, n in enumerate(names):
            if n in index:
                i = index[n]
                out.counts[:, j] = self.counts[:, i]
                out.when_played[j] = self.when_played[i]
                out.not_played[j] = self.not_played[i]
        out.seat_games, out.seat_wins = self.seat_games, self.seat_wins
        return out


def _track_sums(y, m) -> np.ndarray:
    """``ratio_sums`` over the whole track of per-round columns ``y``, ``m`` that stop at the last round any game
    reached (every later column is 0: its sums too, but the seeds')."""
    out = np.zeros((TRACK_ROUNDS, len(RATIO_SUMS)))
    out[:, -1] = y.shape[0]
    out[:y.shape[1]] = ratio_sums(y, m)
    return out


@dataclass
class CellDetail:
    """A cell's shape and card sums (see the module text), its seat orders paired per seed range."""
    orders: int
    seats: tuple[int, ...] = (0, 1)
    tempo: np.ndarray = field(default_factory=lambda: np.zeros((len(SEAT_VIEWS), TRACK_ROUNDS, 6)))
    measures: np.ndarray = field(default_factory=lambda: np.zeros((len(MEASURES), 6)))
    decisive: np.ndarray = field(default_factory=lambda: np.zeros(DECISIVE_BINS, np.int64))
    games: int = 0
    cards: dict = field(default_factory=dict)      # side label -> CardPlaySums
    waiting: dict = field(default_factory=dict)

    def add_order(self, first_game: int, order: int, chunk: DetailChunk | None, sides: tuple[str, str]) -> None:
        """Seat order ``order``'s games ``first_game ..`` (side A in seat ``order``); ``sides``: the labels of
        side A and side B. Once every order of those seeds is in, they are reduced and let go."""
        if chunk is None:
            return
        got = self.waiting.setdefault(first_game, {})
        got[order] = chunk
        if len(got) < self.orders:
            return
        del self.waiting[first_game]
        chunks = [got[k] for k in range(self.orders)]
        for lo in range(0, len(chunks[0].winner), BLOCK_SEEDS):
            self._reduce([c.part(lo, lo + BLOCK_SEEDS) for c in chunks], sides)

    def _reduce(self, chunks: list[DetailChunk], sides: tuple[str, str]) -> None:
        k_orders = len(chunks)
        n = len(chunks[0].winner)
        # the rounds any of these games reached: no game runs in a later one, whose sums are 0 but the seeds'
        width = max(1, min(TRACK_ROUNDS, max(int(np.max(c.rounds)) for c in chunks)))
        rounds_axis = np.arange(width)
        both_y = np.zeros((n, width))
        both_n = np.zeros((n, width))
        per_seed = np.zeros((len(MEASURES), 2, n))      # (measure, numerator / denominator, seed)
        for k, c in enumerate(chunks):
            a = k if k_orders == 2 else 0              # side A's seat in this order
            sign = 1.0 if a == 0 else -1.0
            running = rounds_axis[None, :] < np.asarray(c.rounds)[:, None]
            lead = sign * np.asarray(c.track[:, :width], float) * running
            self.tempo[a] += _track_sums(lead, running)
            both_y += lead
            both_n += running
            winner = np.asarray(c.winner)
            won = winner < 2
            behind = np.asarray(c.behind)
            values = {"rounds": (c.rounds, 1), "turns": (c.turns, 1), "lead_changes": (c.changes, 1),
                      "decisive_round": (c.decisive, 1), "winner_deficit": (np.where(won, c.deficit, 0), won),
                      "drama": (np.where(won, c.drama, 0), won),
                      "comeback": ((behind >= 0) & (behind == winner), behind >= 0),
                      "comeback_a": ((behind == a) & (winner == a), behind == a),
                      "comeback_b": ((behind == 1 - a) & (winner == 1 - a), behind == 1 - a)}
            for i, name in enumerate(MEASURES):
                y, m = values[name]
                per_seed[i, 0] += np.asarray(y, float)
                per_seed[i, 1] += np.asarray(m, float)
            self.decisive += np.bincount(np.minimum(np.asarray(c.decisive), DECISIVE_BINS - 1),
                                         minlength=DECISIVE_BINS)
            self.games += n
        self.tempo[2] += _track_sums(both_y, both_n)      # one seat order: its seat's games alone
        for i in range(len(MEASURES)):
            self.measures[i] += ratio_sums(per_seed[i, 0], per_seed[i, 1])
        if chunks[0].played is not None:
            self._reduce_cards(chunks, sides)

    def _reduce_cards(self, chunks: list[DetailChunk], sides: tuple[str, str]) -> None:
        names = chunks[0].names
        unique, inverse = np.unique(np.asarray(names, dtype=object).astype(str), return_inverse=True)
        merge = len(unique) < len(names)          # rows of one name (the skirmish's command sets) count together
        labels = list(unique) if merge else list(names)
        k_orders = len(chunks)
        seats_of = [(k if k_orders == 2 else 0) for k in range(k_orders)]
        for side_index, side in enumerate(sides):
            if k_orders == 1 and side_index == 1 and 1 not in self.seats:
                continue              # the A.I.'s side of a Solo cell is no side of the sweep's
            n = len(chunks[0].winner)
            width = len(labels)
            bought = np.zeros((n, width), np.int64)
            drawn = np.zeros((n, width), np.int64)
            played = np.zeros((n, width), np.int64)
            unplayed = np.zeros((n, width), np.int64)
            games_played = np.zeros((n, width), np.int64)
            wins_played = np.zeros((n, width), np.int64)
            wins = np.zeros(n, np.int64)
            for k, c in enumerate(chunks):
                seat = seats_of[k] if side_index == 0 else 1 - seats_of[k]
                d = _merged(np.asarray(c.drawn[:, seat], np.int64), inverse, width, merge)
                p = _merged(np.asarray(c.played[:, seat], np.int64), inverse, width, merge)
                if c.bought is not None:
                    bought += _merged(np.asarray(c.bought[:, seat], np.int64), inverse, width, merge)
                drawn += d
                played += p
                unplayed += np.maximum(d - p, 0)
                did = p > 0
                won = np.asarray(c.winner) == seat
                games_played += did
                wins_played += did & won[:, None]
                wins += won
            sums = CardPlaySums(labels, np.stack([bought.sum(0), drawn.sum(0), played.sum(0), unplayed.sum(0),
                                                  games_played.sum(0), wins_played.sum(0)]),
                                ratio_sums(wins_played, games_played),
                                ratio_sums(wins[:, None] - wins_played, k_orders - games_played),
                                k_orders * n, int(wins.sum()))
            if side in self.cards:
                self.cards[side].add(sums)
            else:
                self.cards[side] = sums

    def check_paired(self) -> None:
        if self.waiting:
            raise ValueError(f"games {sorted(self.waiting)[0]}.. of a cell lack their other seat order")


def _merged(values: np.ndarray, inverse: np.ndarray, width: int, merge: bool) -> np.ndarray:
    """Columns of one name summed (``np.unique``'s ``inverse``) when ``merge``."""
    if not merge:
        return values
    out = np.zeros((values.shape[0], width), np.int64)
    np.add.at(out.T, inverse, values.T)
    return out
