"""What the tuner needs of a game: its parameter space and its paired head-to-head (``TuneSpace``), and the
head-to-head's outcome (``HeadToHead``).

Each game builds its own space in its folder (``simcore/games/<game>/players/tuning_space.py``) and hands it
out through the game contract's optional ``tuning`` hook; the tuner (``strategies/tuning``), the ladder, the
tournament and ``commandsim tune`` read only this, never a game's name. This module also holds the pieces the
games' spaces share: a paired match over a game's ``play``, a strategy file's text and its atomic write.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from .atomic_files import write_files
from .errors import CommandsimError
from .records import seat_scores


@dataclass
class HeadToHead:
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

    def first_seat_win_rate(self) -> float:
        """A's win rate in the games where it moved first."""
        return float((self.score[0::2] == 1.0).mean())


@dataclass(frozen=True)
class TuneSpace:
    game: str
    default_pool: tuple[str, ...]
    params: dict[str, tuple[int, float, float]]   # parameter -> (index in the vector, tuning low, high)
    tunable: tuple[str, ...]                      # the parameters searched by default
    kind_index: int                               # where the vector says heuristic or random ...
    kind_heuristic: float                         # ... and the value that says heuristic
    load_start: Callable                          # name or path -> object with .name, .kind, .vector
    resolve: Callable                             # name or path -> parameter vector (raises StrategyError)
    load_tables: Callable                         # --cards path or None -> the game's tables
    matchup: Callable                             # (--factions or None, --variants or None, tables, max turns or
                                                  #  None) -> matchup
    head_to_head: Callable                        # (a, b, n_games, seed, matchup, tables, threads) -> HeadToHead
    write_strategy: Callable                      # (path, name, vector, description, comments)
    default_start: str = "balanced"               # the strategy tuned when --strategy is not given


def paired_match(play: Callable, a, b, n_games: int, seed: int, sides: tuple[str, str], first_game: int, resolve):
    """A game's paired head-to-head from its ``play`` (records with the engine's ``winner`` and ``turns``):
    every seed twice (seats swapped), the first half of the seeds with A on the first of ``sides``, the
    second half on the other. ``play(sides, strategies, n, first_game)`` plays seat 0 first."""
    if n_games <= 0 or n_games % 4:
        raise ValueError(f"head_to_head: n_games must be a positive multiple of 4, got {n_games}")
    half = n_games // 4
    score = np.zeros(n_games)
    turns = np.zeros(n_games, np.int64)
    for block, (da, db) in enumerate((sides, sides[::-1])):
        start = first_game + block * half
        a_first = play((da, db), (a, b), half, start)
        b_first = play((db, da), (b, a), half, start)
        rows = slice(block * 2 * half, (block + 1) * 2 * half)
        for col, rec in ((0, a_first), (1, b_first)):
            score[rows][col::2] = seat_scores(rec.winner, col)
            turns[rows][col::2] = rec.turns
    name = (lambda s: s if isinstance(s, str) else resolve(s)[0])
    return HeadToHead(name(a), name(b), score, np.zeros(0, np.int64), np.zeros(0, np.int64), turns)


def strategy_toml(P, PARAMS, name: str, vector: np.ndarray, description: str = "",
                  comments: tuple[str, ...] = ()) -> str:
    """A strategy file of a game whose library reads name, description, kind and [params] (Star Realms,
    skirmish), setting every parameter: ``P`` the game's params module, ``PARAMS`` name -> index."""
    vec = np.asarray(vector, float)
    if vec.shape != (P.N_PARAMS,) or not np.all(np.isfinite(vec)):
        raise CommandsimError(f"a strategy vector must hold {P.N_PARAMS} finite numbers")
    esc = (lambda s: '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"')
    lines = [f"# {c}" for c in comments]
    lines += [f"name = {esc(name)}", f"description = {esc(description)}",
              f'kind = "{"random" if vec[P.P_KIND] == P.KIND_RANDOM else "heuristic"}"']
    if vec[P.P_KIND] != P.KIND_RANDOM:
        lines += ["", "[params]"]
        for pname, index in sorted(PARAMS.items(), key=lambda kv: kv[1]):
            val = round(float(vec[index]), 6)
            lines.append(f"{pname} = {repr(val) if math.isfinite(val) else 0.0}")
    return "\n".join(lines) + "\n"


def write_atomic(path, text: str) -> None:
    """Write a strategy file as every output is written (``simcore.atomic_files``): its folder made if missing (a
    fresh folder has no ``out/``), a temporary file renamed into place, nothing left behind on a failure
    (``OutputFileError`` naming the path)."""
    write_files({Path(path): text.encode()})
