"""What the balance advisor (``commandsim advise``, ``reports/advisor``) needs of a game: its cards as the
advisor edits them (``CardSet``) and what it aims at (``Target``: components, each a share near a goal).

``CardSet`` is the advisor's whole view of a game; each game's advisor hook (``Game.advisor``) builds one in
its folder (``simcore/games/<game>/advisor.py``), so ``advise`` runs every registered game with the same
screen, test, search and checks. A card set travels to the workers of a cluster with each batch of chunks,
so it holds plain data (cards as read, no compiled tables) and picklable functions. The re-tune is every
game's (``reports.advisor.advise.retune``: ``commandsim tune`` through the game's tuning hook, on the edited
cards, in the target's duel).

A target is a list of *components*, each a share the designer wants near a goal: a match-up (the first
side's score, each seed played with it first and second), the first-player advantage (the first seat's
score), a ladder of levels of a mode. A component's score on a seed is the mean of its games' scores (win
1, draw 1/2, loss 0), so two card sets played on the same seeds give paired scores (common random
numbers). The target is met when every component lies within +-band of its goal: ``miss`` is the largest
distance from a goal. The advisor's search and statistics see only ``Target.measure`` (per-seed scores) and
the goals; each game builds its own components (its matchups, per game of a seed) in its ``parse_target``.
"""
from __future__ import annotations

import importlib
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from .errors import CommandsimError
from .records import seat_scores

CHUNK_SEEDS = 2000     # seeds per engine call: large enough that the call's overhead is small


class TargetError(CommandsimError):
    pass


@dataclass(frozen=True)
class Component:
    """One share to bring near ``goal``: the mean score of ``seat`` over ``games`` per seed."""
    label: str
    goal: float
    games: tuple[tuple[object, int], ...]     # (the game's matchup, the seat whose score counts)
    # at equilibrium: each side's entries, every cell played (``reports.advisor.equilibrium_target.Mix``, which
    # measures such a component: the advisor above the core solves the game, the core only calls it)
    mix: object = None

    @property
    def cells(self) -> int:
        """Pairs of strategies a seed plays (one, or every cell at equilibrium)."""
        return 1 if self.mix is None else self.mix.cells


@dataclass(frozen=True)
class Target:
    components: tuple[Component, ...]
    text: str                  # as the user gave it, for headers
    tune_matchup: object | None    # the duel strategies are re-tuned in, as the game's tuner takes it
    recheck: str = ""          # the command that re-checks a patch ("PATCH" stands for its path)
    play: Callable = None      # the game's ``play_games`` (N seeded games of a matchup -> records)

    @property
    def goals(self) -> np.ndarray:
        return np.array([c.goal for c in self.components])

    @property
    def labels(self) -> list[str]:
        return [c.label for c in self.components]

    def miss(self, values) -> float:
        """Largest distance of a component from its goal (a share)."""
        return float(np.max(np.abs(np.asarray(values, dtype=float) - self.goals)))

    def measure(self, tables, strategy, seed: int, first: int, seeds: int,
                threads: int | None = None) -> np.ndarray:
        """Per-seed scores, float[components, seeds], of seeds ``first .. first + seeds - 1`` of base
        ``seed``; both seats play ``strategy`` (in Solo Mode seat 1 is the A.I.)."""
        out = np.zeros((len(self.components), seeds))
        for c, comp in enumerate(self.components):
            if comp.mix is not None:     # at equilibrium: every cell, the game solved on these seeds
                out[c] = comp.mix.measure(comp, self.play, tables, seed, first, seeds, threads, CHUNK_SEEDS)
                continue
            for matchup, seat in comp.games:
                for start in range(0, seeds, CHUNK_SEEDS):
                    n = min(CHUNK_SEEDS, seeds - start)
                    rec = self.play(n, seed, matchup, (strategy, strategy), tables, threads,
                                    first_game=first + start, keep_bought=False)
                    out[c, start:start + n] += seat_scores(rec.winner, seat)
            out[c] /= len(comp.games)
        return out

    def games_per_seed(self) -> int:
        """Games one seed costs, over every component (every cell of one at equilibrium)."""
        return sum(len(c.games) * c.cells for c in self.components)

    def games_per_component(self, seeds: int) -> int:
        """Games each win rate rests on after ``seeds`` seeds (components play alike; per cell at equilibrium)."""
        return seeds * len(self.components[0].games)


def percent(text: str, what: str) -> float:
    """A goal written as a percentage (``50%``, ``50``) as a share; ``TargetError`` naming ``what``."""
    m = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*%?\s*", text)   # ASCII digits, as every count (simcore.counts)
    if not m or not 0 < float(m.group(1)) < 100:
        raise TargetError(f"{what}: expected a percentage between 0 and 100 (e.g. 50%), got '{text.strip()}'")
    return float(m.group(1)) / 100


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
