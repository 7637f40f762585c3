"""The shape of a game: each side's standing after every round, as the engine records it, and the
per-game measures read from it (length, lead changes, the eventual winner's largest deficit, the decisive
round, drama, who trailed at mid-game).

A game declares its standing measure (``simcore.game.Standing`` in its ``GameInfo``: The Last Command's
Hull, Star Realms' Authority, the skirmish's surviving units' wounds). Its engine keeps a block of
``N_SHAPE`` slots of its state array (``sc``) at an offset ``b`` of its own layout: ``shape_reset`` when a
game is set up, ``shape_round`` after every round (and once more when the game ends: a round the end cut
short counts), ``write_shape`` into the game's output row. The *lead* is the first seat's standing minus the
second's. Everything is integers in fixed-size slots: the hot loop gains a few additions a round.

Definitions (``measures_of_track`` is the slow reference the tests hold the engine to):

* a side *leads* after a round when its standing is higher; the *leader* is the side that led at the last
  round anyone led (a tie keeps it);
* a *lead change* is a round after which the other side leads than the leader so far (taking the lead from
  the start is none);
* the *decisive round* is the round the last leader took the lead (the last lead change, or the round the
  first lead was taken when it never changed; 0: nobody ever led);
* a side's *deficit* after a round is how far it trails (0 when it does not); its *largest deficit* the most
  over the game; its *drama* the sum of its deficits (Ludii's drama: how far behind the eventual winner was,
  over the rounds it trailed): per-game records give the winner's (0 in a draw);
* *mid-game* is after round ``rounds // 2``; the side behind then (none when tied, or before the first round
  of a one-round game) won a *comeback* when it won the game.

The first ``TRACK_ROUNDS`` rounds' leads go to the output row too, four 16-bit values a column: the sweep
reduces them to its tempo curves (mean lead by round) chunk by chunk; nothing per round is kept per game
(``reports.shape_tally``).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .jit import hot

TRACK_ROUNDS = 64       # rounds whose lead a game's output row keeps (a longer game's measures still count all)
TRACK_COLUMNS = TRACK_ROUNDS // 4
LEAD_LIMIT = 32767      # a lead is kept in 16 bits

# the block of a game's state (sc) at offset b
SH_ROUNDS = 0           # rounds recorded
SH_AT = 1               # the game's turn count when the last round was recorded (its end records once)
SH_LEADER = 2           # seat leading at the last round anyone led (-1: nobody yet)
SH_CHANGES = 3          # lead changes
SH_DECISIVE = 4         # the round the leader took the lead (0: nobody led)
SH_DEFICIT = 5          # + seat: its largest deficit
SH_DRAMA = 7            # + seat: its deficit summed over the rounds it trailed
SH_TRACK = 9            # + r: the lead after round r + 1, r < TRACK_ROUNDS
N_SHAPE = SH_TRACK + TRACK_ROUNDS

# the columns of a game's output row at offset c
O_ROUNDS = 0
O_CHANGES = 1
O_DECISIVE = 2
O_DEFICIT = 3           # + seat
O_DRAMA = 5             # + seat
O_MID = 7               # seat behind at mid-game: 0, 1; NOBODY (tied, or no mid-game round); UNKNOWN (past the track)
O_TRACK = 8             # + k: the leads of rounds 4k+1 .. 4k+4, 16 bits each, the first in the low bits
N_SHAPE_COLUMNS = O_TRACK + TRACK_COLUMNS
NOBODY = -1
UNKNOWN = -2


@hot
def shape_reset(sc, b):
    """A new game: nothing recorded."""
    for i in range(SH_TRACK):
        sc[b + i] = 0
    sc[b + SH_LEADER] = -1
    sc[b + SH_AT] = -1


@hot
def shape_round(sc, b, turn, lead):
    """The standing after a round, at the game's turn count ``turn``: ``lead`` is the first seat's standing
    minus the second's. A second call at the same ``turn`` (the game's end, just after its last full round)
    records nothing."""
    if sc[b + SH_AT] == turn:
        return
    sc[b + SH_AT] = turn
    r = sc[b + SH_ROUNDS] + 1
    sc[b + SH_ROUNDS] = r
    if r <= TRACK_ROUNDS:
        sc[b + SH_TRACK + r - 1] = lead
    if lead != 0:
        leader = 0 if lead > 0 else 1
        if leader != sc[b + SH_LEADER]:
            if sc[b + SH_LEADER] >= 0:
                sc[b + SH_CHANGES] += 1
            sc[b + SH_LEADER] = leader
            sc[b + SH_DECISIVE] = r
        behind = 1 - leader
        deficit = lead if lead > 0 else -lead
        sc[b + SH_DRAMA + behind] += deficit
        if deficit > sc[b + SH_DEFICIT + behind]:
            sc[b + SH_DEFICIT + behind] = deficit


@hot
def write_shape(sc, b, out_row, c):
    """The game's shape into ``out_row[c:c + N_SHAPE_COLUMNS]`` (``O_*``)."""
    rounds = sc[b + SH_ROUNDS]
    out_row[c + O_ROUNDS] = rounds
    out_row[c + O_CHANGES] = sc[b + SH_CHANGES]
    out_row[c + O_DECISIVE] = sc[b + SH_DECISIVE]
    for p in range(2):
        out_row[c + O_DEFICIT + p] = sc[b + SH_DEFICIT + p]
        out_row[c + O_DRAMA + p] = sc[b + SH_DRAMA + p]
    mid = rounds // 2
    behind = NOBODY
    if mid > TRACK_ROUNDS:
        behind = UNKNOWN
    elif mid > 0:
        at_mid = sc[b + SH_TRACK + mid - 1]
        behind = 1 if at_mid > 0 else (0 if at_mid < 0 else NOBODY)
    out_row[c + O_MID] = behind
    # only the columns holding the game's rounds are packed (a short game's few); the rest are 0
    used = (min(rounds, TRACK_ROUNDS) + 3) // 4
    for k in range(used):
        packed = 0
        for j in range(4):
            r = 4 * k + j
            lead = sc[b + SH_TRACK + r] if r < rounds else 0
            lead = min(max(lead, -LEAD_LIMIT), LEAD_LIMIT)
            packed |= (lead & 0xFFFF) << (16 * j)
        out_row[c + O_TRACK + k] = packed
    for k in range(used, TRACK_COLUMNS):
        out_row[c + O_TRACK + k] = 0


# ---- reading it back (Python)

MEASURES = ("rounds", "lead_changes", "decisive_round", "winner_deficit", "drama")
BEHIND_LABELS = ("first", "second", "neither", "unknown")   # behind_at_mid's categories (codes 0, 1, NOBODY, UNKNOWN)


@dataclass
class GameShapes:
    """The shapes of a batch of games (one entry per game): ``rounds``, ``changes``, ``decisive`` (int64[n]),
    ``deficit`` and ``drama`` (int64[n, 2]: per seat), ``behind`` (int64[n]: the seat behind at mid-game,
    ``NOBODY`` or ``UNKNOWN``) and ``track`` (int16[n, TRACK_ROUNDS]: the lead after each round, 0 past the
    game's end)."""
    rounds: np.ndarray
    changes: np.ndarray
    decisive: np.ndarray
    deficit: np.ndarray
    drama: np.ndarray
    behind: np.ndarray
    track: np.ndarray

    def __len__(self) -> int:
        return len(self.rounds)

    @classmethod
    def from_output(cls, out: np.ndarray, c: int) -> "GameShapes":
        """From an engine's output rows (int64[n, columns]) whose shape block begins at column ``c``; no copy."""
        block = out[:, c:c + N_SHAPE_COLUMNS]
        track = _unpacked(block[:, O_TRACK:])
        return cls(block[:, O_ROUNDS], block[:, O_CHANGES], block[:, O_DECISIVE], block[:, O_DEFICIT:O_DEFICIT + 2],
                   block[:, O_DRAMA:O_DRAMA + 2], block[:, O_MID], track)

    @classmethod
    def from_leads(cls, leads) -> "GameShapes":
        """From each game's leads after every round (a sequence of integer sequences): what a game without a
        jitted engine (the tests' tiny game) records, by the reference definitions (``measures_of_track``)."""
        n = len(leads)
        out = np.zeros((n, N_SHAPE_COLUMNS), np.int64)
        for g, lead in enumerate(leads):
            m = measures_of_track(lead)
            out[g, O_ROUNDS], out[g, O_CHANGES], out[g, O_DECISIVE] = m["rounds"], m["changes"], m["decisive"]
            out[g, O_DEFICIT:O_DEFICIT + 2] = m["deficit"]
            out[g, O_DRAMA:O_DRAMA + 2] = m["drama"]
            out[g, O_MID] = m["behind"]
            out[g, O_TRACK:] = _packed(np.asarray(lead, np.int64)[:TRACK_ROUNDS])
        return cls.from_output(out, 0)

    def winner_deficit(self, winner: np.ndarray) -> np.ndarray:
        """The eventual winner's largest deficit per game (0 in a draw)."""
        return _of_winner(self.deficit, winner)

    def winner_drama(self, winner: np.ndarray) -> np.ndarray:
        """The eventual winner's drama per game (0 in a draw)."""
        return _of_winner(self.drama, winner)

    def comeback(self, winner: np.ndarray) -> np.ndarray:
        """bool[n]: the side behind at mid-game won."""
        return (self.behind >= 0) & (self.behind == np.asarray(winner))

    def columns(self, winner: np.ndarray) -> dict:
        """The per-game records' columns: ``rounds``, ``lead_changes``, ``decisive_round``, ``winner_deficit``,
        ``drama`` and ``behind_at_mid`` (first, second, neither, unknown)."""
        import pandas as pd
        codes = np.where(self.behind >= 0, self.behind, np.where(self.behind == NOBODY, 2, 3))
        return {"rounds": self.rounds, "lead_changes": self.changes, "decisive_round": self.decisive,
                "winner_deficit": self.winner_deficit(winner), "drama": self.winner_drama(winner),
                "behind_at_mid": pd.Categorical.from_codes(codes.astype(np.int8), list(BEHIND_LABELS))}


def _of_winner(per_seat: np.ndarray, winner: np.ndarray) -> np.ndarray:
    winner = np.asarray(winner)
    seat = np.clip(winner, 0, 1)
    picked = np.take_along_axis(np.asarray(per_seat), seat[:, None].astype(np.intp), axis=1)[:, 0]
    return np.where(winner < 2, picked, 0).astype(np.int64)


def _unpacked(packed: np.ndarray) -> np.ndarray:
    """int16[n, TRACK_ROUNDS] of packed int64[n, TRACK_COLUMNS] (little-endian: the low 16 bits first)."""
    return _view(packed, np.int16).reshape(packed.shape[0], TRACK_ROUNDS)


def _view(block: np.ndarray, dtype) -> np.ndarray:
    """``block`` (int64 columns of an output array) as 16-bit values, without a copy where its rows are
    contiguous (a slice of an engine's output rows is)."""
    if not np.little_endian:
        block = block.astype("<i8")
    try:
        return block.view(dtype)
    except ValueError:
        return np.ascontiguousarray(block).view(dtype)


def _packed(leads: np.ndarray) -> np.ndarray:
    """``write_shape``'s packing of up to TRACK_ROUNDS leads, in numpy."""
    full = np.zeros(TRACK_ROUNDS, np.int64)
    full[:len(leads)] = np.clip(leads, -LEAD_LIMIT, LEAD_LIMIT)
    return full.astype("<i2").view("<i8")


def measures_of_track(leads) -> dict:
    """The reference definitions over a whole game's leads (the first seat's standing minus the second's after
    each round): ``rounds``, ``changes``, ``decisive``, ``deficit`` and ``drama`` (per seat), ``behind``
    (the seat behind at mid-game, ``NOBODY`` or ``UNKNOWN``). Plain Python: the engine's ``shape_round`` must
    agree with it."""
    leads = [int(x) for x in leads]
    leader, changes, decisive = -1, 0, 0
    deficit, drama = [0, 0], [0, 0]
    for r, lead in enumerate(leads, 1):
        if lead == 0:
            continue
        now = 0 if lead > 0 else 1
        if now != leader:
            changes += leader >= 0
            leader, decisive = now, r
        deficit[1 - now] = max(deficit[1 - now], abs(lead))
        drama[1 - now] += abs(lead)
    mid = len(leads) // 2
    if mid == 0:
        behind = NOBODY
    elif mid > TRACK_ROUNDS:
        behind = UNKNOWN
    else:
        at_mid = leads[mid - 1]
        behind = 1 if at_mid > 0 else (0 if at_mid < 0 else NOBODY)
    return {"rounds": len(leads), "changes": changes, "decisive": decisive, "deficit": deficit, "drama": drama,
            "behind": behind}
