"""``tournament``: every pair of entries on the same seeds, the win-rate matrix and Bradley-Terry ratings
(``reports.tournament``)."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from reports import tournament as tour
from reports.report_games import with_game
from simcore.game import Game
from simcore.games import registry

from . import Progress, checked


@dataclass
class TournamentPlan:
    game: Game
    entries: list[str]
    player: Callable
    games: int
    seed: int

    @property
    def pairs(self) -> int:
        return len(self.entries) * (len(self.entries) - 1) // 2

    def estimate(self):
        """The run's expected time (``reports.estimate.Estimate``), from each pair's speed on probe seeds the run
        does not play."""
        return tour.estimate_tournament(self.entries, self.player, self.games, self.seed)

    def play(self, progress: Progress | None = None) -> tour.Tournament:
        """The tournament; its ``matrix`` and ``ratings`` are the two CSV files (with their ``game`` column)."""
        result = tour.run_tournament(self.entries, self.player, self.games, self.seed, progress)
        name = self.game.info.name
        return dataclasses.replace(result, matrix=with_game(result.matrix, name),
                                   ratings=with_game(result.ratings, name))


def plan(game: Game, entries: str | None, games: int, seed: int, sides: str | None, cards_path: Path | None,
         threads: int | None, max_turns: int | None, variants: str | None = None) -> TournamentPlan:
    space = checked("--game", registry.tuning, game.info.name)
    names = checked("--strategies", tour.check_entries,
                    entries.split(",") if entries is not None else list(space.default_pool))
    tables = space.load_tables(cards_path)
    player, check_entry = checked(f"{game.info.side.flag} / --variants", tour.pair_player, game, space, sides,
                                  variants, tables, max_turns, threads)
    for name in names:
        checked("--strategies", check_entry, name)
    checked("--games", tour.check_games, games)
    return TournamentPlan(game, names, player, games, seed)
