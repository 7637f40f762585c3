"""The bounds every game's engine puts on a game, whatever its cards: plays per turn, effects per play and
turns per game. A card set can describe a chain of effects that never ends (issue 46: a card that takes
played cards back into the hand and plays one free, copied by a Corsair, replays the same two cards for
ever); each engine counts what it plays and ends the game as a draw when a count passes its bound, as it
does at the turn cap, and says which bound ended it: the per-game record's ``bound`` column, a sweep's
count of games per bound, a replay's last event and result line.

The codes below are the per-game record's, the same in every game (int codes in the engine's result rows,
labels in per-game tables). Each game states its own limits (``GameInfo.bounds``) and checks them in its
jitted code; ``docs/reliability.md`` lists them ("Bounded games").
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

NONE = 0                # the game ended by its rules (a win, or a draw the rules give)
PLAYS_PER_TURN = 1      # one player-turn put more cards into play (or gave more commands) than its bound
EFFECTS_PER_PLAY = 2    # one play resolved more effects than its bound
TURN_CAP = 3            # the turn cap: the game was still running after its last turn
LABELS = ("none", "plays_per_turn", "effects_per_play", "turn_cap")
ENGINE_BOUNDS = (PLAYS_PER_TURN, EFFECTS_PER_PLAY)   # a game ended by one of these played a chain that loops
WHAT = {PLAYS_PER_TURN: "plays per turn", EFFECTS_PER_PLAY: "effects per play", TURN_CAP: "turns per game"}


@dataclass(frozen=True)
class Bound:
    """One bound of a game, as its ``GameInfo.bounds`` states it: its code, its limit (None: set by the
    matchup, as the turn cap), what one unit of it counts, and what happens at it."""
    code: int
    limit: int | None
    counts: str
    at_limit: str = "the game ends as a draw"


def bound_column(codes: np.ndarray) -> pd.Categorical:
    """The per-game record's ``bound`` column from the engine's codes."""
    return pd.Categorical.from_codes(np.asarray(codes, np.int8), list(LABELS))


def count_bounds(codes: np.ndarray | None, n: int) -> np.ndarray:
    """int64[len(LABELS)]: games per code (``codes`` None: a game that records none, every game ``NONE``)."""
    if codes is None:
        out = np.zeros(len(LABELS), np.int64)
        out[NONE] = n
        return out
    return np.bincount(np.asarray(codes, np.int64), minlength=len(LABELS))[:len(LABELS)].astype(np.int64)


def bounds_line(counts: np.ndarray) -> str | None:
    """One sentence on the games a bound ended (None when none did): the engine bounds first, which say the
    card set plays a chain that does not end, then the turn cap."""
    parts = [f"{int(counts[c]):,} at the bound of {WHAT[c]}" for c in ENGINE_BOUNDS if counts[c]]
    if counts[TURN_CAP]:
        parts.append(f"{int(counts[TURN_CAP]):,} at the turn cap")
    if not parts:
        return None
    hint = (" A game at an engine bound played a chain of effects that does not end: 'cards validate' names the "
            "cards that can re-trigger themselves, and the per-game 'bound' column the games to replay."
            if any(counts[c] for c in ENGINE_BOUNDS) else "")
    return f"Games ended by a bound (each a draw): {'; '.join(parts)}.{hint}"


def bound_event_text(label: str, limit: int) -> str:
    """A replay's line for the event of an engine bound passed (``label`` from ``LABELS``)."""
    return (f"the bound of {limit:,} {WHAT[LABELS.index(label)]} is passed (a chain of effects that does not "
            f"end): the game is a draw")


def result_bound_text(label: str) -> str:
    """What a replay's result line adds when a bound ended the game ('' when none did)."""
    code = LABELS.index(label)
    if code == NONE:
        return ""
    return " (at the turn cap)" if code == TURN_CAP else f" (at the bound of {WHAT[code]})"
