"""``impact``: card impact by restricted play, each card forbidden to one side (``reports.impact``)."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from reports import impact as imp
from reports.report_games import with_game
from simcore.game import Game, OptionError

from . import Progress, check_strategies, checked
from . import names as split_names


@dataclass
class ImpactPlan:
    game: Game
    cards_only: str | None
    strategy: str
    opponent_strategy: str | None
    side: str | None
    forced: bool
    games: int
    screen: int | None
    cards_path: Path | None
    seed: int
    threads: int | None
    max_turns: int | None
    band: float      # in points, as --band
    sides: tuple[str, ...] | None = None        # a match-up (A, B): each against the other
    variants: tuple[str, ...] | None = None

    def play(self, progress: Progress | None = None, runner=None, estimate=None) -> imp.Impact:
        """The impact; its ``table`` is the impact CSV (with its ``game`` column). ``estimate(Estimate)`` is
        called once the screen's first seeds (a pilot) give the expected time of the rest."""
        result = imp.run_impact(self.game, self.cards_only, self.strategy, self.opponent_strategy, self.side,
                                self.games, self.seed, self.threads, self.max_turns, self.cards_path,
                                ("ban", "force") if self.forced else ("ban",), self.screen, band=self.band / 100,
                                progress=progress, runner=runner, estimate=estimate, sides=self.sides,
                                variants=self.variants)
        return dataclasses.replace(result, table=with_game(result.table, self.game.info.name))


def plan(game: Game, cards_only: str | None, strategy: str, opponent_strategy: str | None, side: str | None,
         forced: bool, games: int, screen: int | None, cards_path: Path | None, seed: int, threads: int | None,
         max_turns: int | None, band: float, extras: dict | None = None, sides: str | None = None,
         variants: str | None = None) -> ImpactPlan:
    check_strategies(game, strategy, opponent_strategy, distinct=False)
    if games % 2:
        raise OptionError("--games", f"expected an even number (each seed is played in both seats), got {games}")
    tables = game.load_tables([cards_path] if cards_path is not None else [])
    checked("--cards-only", imp.bannable_cards, game, tables, cards_only)
    matchup, shown = split_names(sides), split_names(variants)
    if side is not None or matchup is not None or shown is not None:
        checked(game.info.side.flag if matchup is not None else "--side", imp.impact_pairs, game, tables, side,
                max_turns or game.info.max_turns, matchup, shown)
    if screen is not None and screen > games // 2:
        raise OptionError("--screen", f"the screen plays at most the cap's {games // 2} seeds, got {screen}")
    return ImpactPlan(game, cards_only, strategy, opponent_strategy, side, forced, games, screen, cards_path, seed,
                      threads, max_turns, band, None if matchup is None else tuple(matchup),
                      None if shown is None else tuple(shown))
