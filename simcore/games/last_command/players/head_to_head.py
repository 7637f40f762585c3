"""The Last Command's paired head-to-head (its tuning space's): every seed twice, seats swapped, half of the
seeds with each faction assignment; and what each side bought."""
from __future__ import annotations

import numpy as np

from ..cardset import load_cards
from ..setup import Matchup
from ..simulate import play_games
from ..tables import C_KIND, C_SYSTEM, KIND_CREW, KIND_SYSTEM, CardTables
from simcore.records import seat_scores
from simcore.tuning_space import HeadToHead

from .library import resolved, strategy_name

PROFILE_KINDS = ("engineering", "comms", "tactical", "crew")


def head_to_head(a, b, n_games: int, seed: int, matchup: Matchup = Matchup(), tables: CardTables | None = None,
                 threads: int | None = None, first_game: int = 0) -> HeadToHead:
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
    return HeadToHead(strategy_name(a), strategy_name(b), score, bought[0], bought[1], turns)


def purchase_profile(bought: np.ndarray, tables: CardTables, games: int) -> dict[str, float]:
    """Purchases per game by kind: Engineering, Comms and Tactical System cards, and Crew."""
    cards = tables.cards
    out = {}
    for s, kind in enumerate(PROFILE_KINDS[:3]):
        out[kind] = float(bought[(cards[:, C_KIND] == KIND_SYSTEM) & (cards[:, C_SYSTEM] == s)].sum()) / games
    out["crew"] = float(bought[cards[:, C_KIND] == KIND_CREW].sum()) / games
    return out
