"""Tournament entries of The Last Command, and how one pair of them is played.

An entry is a strategy (a built-in name or a strategy .toml file) or a level of the rulebook's
Solo Mode A.I., written ``ai:easy``, ``ai:medium``, ``ai:hard`` or ``ai:insane``.

* Two strategies: ``arena.head_to_head`` (every seed twice, seats swapped; half of the seeds with
  each faction assignment).
* A strategy against an A.I. level: "Solo Mode begins with the player's turn first" (rulebook,
  Solo Mode), so there is no seat swap; the factions are swapped instead: every seed once with the
  strategy playing the first faction of ``--factions`` against the A.I. playing the other, and once
  the other way round.  Each faction keeps its own starting-card variant.
* Two A.I. levels cannot meet (the rulebook's A.I. plays only against a player): ``None``.

Every pair plays games ``0 .. games/2 - 1`` of the same base seed (the A.I. pairs on the same
seeds as the strategy pairs), so cells of the matrix are paired with each other.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..setup import DIFFICULTIES, Matchup
from simcore.errors import CommandsimError
from simcore.names import unknown
from ..simulate import play_games
from ..tables import CardTables
from simcore.records import seat_scores
from .library import load_params

from .head_to_head import head_to_head

AI_PREFIX = "ai:"


def ai_level(entry: str) -> str | None:
    """The difficulty of an ``ai:<level>`` entry, or None for a strategy."""
    return entry[len(AI_PREFIX):].strip().lower() if entry.lower().startswith(AI_PREFIX) else None


def check_entry(entry: str) -> str:
    """Raises ``CommandsimError`` (naming the entry) for an unknown A.I. level or strategy."""
    level = ai_level(entry)
    if level is not None:
        if level not in DIFFICULTIES:
            raise CommandsimError(unknown("Solo A.I. level", level, DIFFICULTIES, inside=f"in entry '{entry}'",
                                          shown=[f"ai:{d}" for d in DIFFICULTIES]))
        return entry
    load_params(entry)      # StrategyError (a CommandsimError) names the file or the unknown name
    return entry


def check_games(games: int) -> int:
    if games < 4 or games % 4:
        raise CommandsimError(f"games per pair must be a multiple of 4 (each seed with both seat orders and "
                              f"both faction assignments), got {games}")
    return games


@dataclass
class LastCommandPairs:
    """A ``reports.tournament.PairPlayer`` for The Last Command: the first entry's results against the second
    (``PairResult``: its score in each game of each seed), or None when the two cannot meet."""
    matchup: Matchup                 # the two factions and their variants; seat order is swapped per seed
    tables: CardTables
    threads: int | None = None

    def __call__(self, a: str, b: str, games: int, seed: int):
        from simcore.pair_results import PairResult
        check_games(games)
        la, lb = ai_level(a), ai_level(b)
        if la is not None and lb is not None:
            return None
        if la is not None:
            return self._against_ai(b, la, games, seed).swapped()
        if lb is not None:
            return self._against_ai(a, lb, games, seed)
        return PairResult.of(head_to_head(a, b, games, seed, self.matchup, self.tables, self.threads).score)

    def _against_ai(self, strategy: str, level: str, games: int, seed: int):
        """The strategy's results against the A.I. at ``level``: ``games / 2`` seeds, each with the
        strategy on either faction (always moving first)."""
        from simcore.pair_results import PairResult
        seeds = games // 2
        columns = []
        for m in (self.matchup, self.matchup.swapped()):
            solo = Matchup(m.factions, m.variants, m.max_turns, mode="solo", difficulty=level)
            winner = play_games(seeds, seed, solo, (strategy, strategy), self.tables, self.threads,
                                keep_bought=False).winner   # engine codes: 0 the player, 1 the A.I.
            columns.append(seat_scores(winner, 0))
        return PairResult(np.stack(columns, axis=1))
