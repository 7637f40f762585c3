"""What the advisor needs of one game: its card set, the edits it allows, targets, strategies.

``CardSet`` is the advisor's whole view of a game; each game registers a function that builds one
(``simcore.games.registry``, ``Game.advisor``), so ``advise`` runs every registered game with the same
screen, test, search and checks.  A card set travels to the workers of a cluster with each batch of
chunks, so it holds plain data (cards as read, no compiled tables) and picklable functions.

Each game's lives in its game folder (``simcore/games/<game>/advisor.py``).  The re-tune
(``CardSet.retune``) is every game's: ``commandsim tune`` through the game's tuning hook
(``simcore.tuning_space``), on the edited cards, in the target's duel.
"""
from __future__ import annotations

import importlib

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from simcore.card_edits import CardEdit
from simcore.errors import CommandsimError
from simcore.games import registry


@dataclass
class CardSet(ABC):
    """A game's cards for the advisor; each game's subclass implements every abstract method."""
    cards: list
    game: str = ""                  # the registry's name, for the re-check commands and messages

    @abstractmethod
    def edits(self, allow_stated: bool, only: Sequence[str] | None) -> list:
        """Every single-field edit by +-1 within its range (``CardEdit``-like)."""

    @abstractmethod
    def tables(self, edits: Sequence = ()):
        """The compiled cards with ``edits``, or None when the edited set is refused."""

    @abstractmethod
    def patch(self, edits: Sequence, header: list[str], notes: dict[str, list[str]]) -> str:
        """A card file holding each card ``edits`` change, whole, that the game's ``--cards`` reads."""

    @abstractmethod
    def keys(self, names: Sequence[str]) -> tuple[str, ...]:
        """The keys of the cards ``names`` name (``--only``); raises ``CommandsimError``."""

    strategy_library = ""   # module whose ``resolve(name)`` gives the game's (name, parameters)

    def strategy(self, name):
        """The strategy's parameters as the game's engine takes them; raises ``CommandsimError``."""
        resolve = importlib.import_module(self.strategy_library).resolve
        try:
            return resolve(name)[1]
        except CommandsimError as exc:
            raise CommandsimError(f"--strategy: {exc}") from None

    @abstractmethod
    def target(self, text: str, max_turns: int | None):
        """The advisor's target parsed from ``--target`` text; raises ``CommandsimError``."""

    def ladder(self, text: str, variant: str, max_turns: int | None):
        raise CommandsimError(f"--ladder: {self.game} has no solo ladder")

    default_strategy: ClassVar[str] = "balanced"   # --strategy when none is given: the game's own start

    def tune_tables(self, edits: Sequence):
        """The edited cards as the game's tuner plays them (``TuneSpace.head_to_head``'s tables)."""
        return self.tables(edits)

    @property
    def can_retune(self) -> bool:
        """The game has a tuner (``Game.tuning``): the proposal is re-checked with re-tuned strategies."""
        return getattr(registry.get(self.game), "tuning", None) is not None

    def retune(self, edits: Sequence[CardEdit], target, opts, runner=None):
        """A strategy tuned on the edited cards from ``opts.strategy`` against the game's built-in pool,
        in the target's duel (``target.tune_matchup``): (vector, kept the start, games played)."""
        from strategies.tuning.tuner import TuneOptions, _per_opponent, tune

        from .advise import STREAM_TUNE, stream_seed
        space = registry.tuning(self.game)
        topts = TuneOptions(start=opts.strategy, pool=space.default_pool, generations=opts.tune_generations,
                            population=opts.tune_population, games=opts.tune_games,
                            seed=stream_seed(opts.seed, STREAM_TUNE), final_games=4 * (opts.tune_games // 4),
                            matchup=target.tune_matchup, threads=opts.threads, game=self.game)
        result = tune(topts, self.tune_tables(edits), runner=runner)
        pool = len(topts.pool)
        searched = len(result.generations) * topts.population * pool * _per_opponent(topts.games, pool)
        # the validation round (final mean and start) and the final check (tuned and start, same opponents)
        validation = 2 * pool * _per_opponent(2 * topts.games, pool) if result.generations else 0
        final = topts.final_games * (2 * len(result.final) - 1)
        return result.vector, result.kept_start, searched + validation + final
