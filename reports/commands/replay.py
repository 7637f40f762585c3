"""``replay``: one game turn by turn, the very game a sweep counted for that seed (``Game.replay``)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from simcore.game import Game, Replay, ReplaySpec
from simcore.interrupts import stoppable
from simcore.seeds import seed_of_game

from . import pair_of


@dataclass
class ReplayPlan:
    game: Game
    seed: int     # the game's own seed
    spec: ReplaySpec

    def play(self, call=stoppable) -> Replay:
        """The game, played through ``call`` (``simcore.interrupts.stoppable``: on an engine thread a signal can
        leave, so that a long search game or a compile obeys it)."""
        return call(self.game.replay, self.seed, self.spec)


def plan(game: Game, seed: int, index: int | None, sides: str | None, strategy: str, opponent_strategy: str | None,
         cards_path: Path | None, max_turns: int | None, variants: str | None = None, mode: str | None = None,
         extras: dict | None = None) -> ReplayPlan:
    spec = ReplaySpec(pair_of(sides, game.info.side.flag), pair_of(variants, game.info.variant.flag, True),
                      (strategy, opponent_strategy), mode.lower() if mode else None, max_turns, cards_path,
                      extras or {})
    return ReplayPlan(game, seed_of_game(seed, index) if index is not None else seed, spec)
