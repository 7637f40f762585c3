"""What the balance advisor (``commandsim advise``, ``reports/advisor``) needs of a game: its cards as the
advisor edits them (``CardSet``) and what it aims at (``Target``: components, each a share near a goal).

``CardSet`` is the advisor's whole view of a game; each game's advisor hook (``Game.advisor``) builds one in
its folder (``simcore/games/<game>/advisor.py``), so ``advise`` runs every registered game with the same
screen, test, search and checks. A card set travels to the workers of a cluster with each batch of chunks,
so it holds plain data (cards as read, no compiled tables) and picklable functions. The re-tune is every
game's (``reports.advisor.advise.retune``: ``commandsim tune`` through the game's tuning hook, on the edited
cards, in the target's duel).

A target is a list of *components*, each a figure the designer wants near a goal: a match-up (the first
side's score, each seed played with it first and second), the first-player advantage (the first seat's
score), a ladder of levels of a mode, or a measure of the games' shape (``Component.measure``: mean length,
lead changes, decisive round, comeback rate; ``reports.advisor.shape_targets`` parses them), or a card's impact
by restricted play (``IMPACT``: each game played again with the subject seat forbidden ``Component.card``, the
seat's score lost, in points; ``reports.advisor.impact_target`` parses it), with a goal or a range (``low``,
``high``; one side may be open) and a ``scale`` its distance is counted in (1 for a share: points; a count's
goal, so that 2% of a length weighs as 2 points of a win rate; 100 for an impact's points). A component's score
on a seed is the mean of its games' scores (win 1, draw 1/2, loss 0), so two card sets played on the same seeds
give paired scores (common random numbers). The target is met when every component lies within +-band of its
goal: ``miss`` is the largest distance from a goal. The advisor's search and statistics see only ``Target.measure`` (per-seed scores) and
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
from .restriction import Restriction

CHUNK_SEEDS = 2000     # seeds per engine call: large enough that the call's overhead is small
# where a value's 95% interval lies against its goal +-band (``reports.verdict_words`` words them the same)
HOLDS = "holds"
MISSES = "outside the band"
STRADDLES = "not enough games to tell"


class TargetError(CommandsimError):
    pass


SCORE = "score"
# the shape measures a target may name (docs/shape.md): what one game gives (``_game_values``), whether the
# component is a rate of the games that have one (a ratio: the comeback rate counts the games a side trailed at
# mid-game) and the unit of a count ("" for a share)
SHAPE_MEASURES = {"turns": "turns", "rounds": "rounds", "lead_changes": "lead changes",
                  "decisive_round": "rounds", "comeback": ""}
RATIOS = ("comeback",)
# a card's impact by restricted play (``reports.advisor.impact_target``): a component's subject seats forbidden
# its ``card``, in points (a share x100: a signed difference of scores)
IMPACT = "impact"
POINTS = "points"
RECHECK_AND = "   and   "     # between the commands of a re-check that takes more than one


@dataclass(frozen=True)
class Component:
    """One figure to bring to its goal: by default the mean score of ``seat`` over ``games`` per seed (a win rate);
    with ``measure`` a shape measure of the same games (``SHAPE_MEASURES``: the mean length in turns or rounds,
    lead changes, the decisive round, the comeback rate). The goal is ``goal`` or the range [``low``, ``high``]
    (one side may be infinite: "at least 20%"); a distance from it is counted in units of ``scale`` (1 for a
    share: points; a count's reference value, so that 2% of a length weighs as 2 points of a win rate)."""
    label: str
    goal: float
    games: tuple[tuple[object, int], ...]     # (the game's matchup, the seat whose score counts)
    measure: str = SCORE
    low: float | None = None
    high: float | None = None
    scale: float = 1.0
    # at equilibrium: each side's entries, every cell played (``reports.advisor.equilibrium_target.Mix``, which
    # measures such a component: the advisor above the core solves the game, the core only calls it)
    mix: object = None
    # a card's impact (``measure`` IMPACT): each of ``games`` is played again with its ``seat`` forbidden ``card``,
    # and the value is the mean drop of that seat's score, in points (``Target.measure``)
    card: str = ""

    @property
    def cells(self) -> int:
        """Pairs of strategies a seed plays (one, or every cell at equilibrium)."""
        return 1 if self.mix is None else self.mix.cells

    @property
    def lo(self) -> float:
        return self.goal if self.low is None else self.low

    @property
    def hi(self) -> float:
        return self.goal if self.high is None else self.high

    @property
    def unit(self) -> str:
        """"" for a share (shown in %), else the count's unit ("turns"; an impact's "points")."""
        if self.measure == IMPACT:
            return POINTS
        return SHAPE_MEASURES.get(self.measure, "") if self.measure != SCORE else ""

    @property
    def relative(self) -> bool:
        """Whether the band counts relative to the goal (a count's ``scale`` is its goal), not in points."""
        return bool(self.unit) and self.measure != IMPACT

    @property
    def bounds(self) -> tuple[float, float]:
        """What the value can be: a share lies in [0, 1], a count is at least 0, an impact within +-100 points."""
        if self.measure == IMPACT:
            return (-100.0, 100.0)
        return (0.0, 1.0) if not self.unit else (0.0, np.inf)

    def distance(self, value):
        """How far ``value`` lies outside the goal, in units of ``scale`` (0 inside)."""
        v = np.asarray(value, dtype=float)
        return np.maximum(np.maximum(self.lo - v, v - self.hi), 0.0) / self.scale

    def nearest(self, value):
        """The goal's point nearest ``value`` (the way the component must move)."""
        return np.clip(np.asarray(value, dtype=float), self.lo, self.hi)

    def state(self, low: float, high: float, band: float) -> str:
        """Where a value's 95% interval lies against the goal +-band (``verdict_words.band_state``'s words)."""
        slack = band * self.scale
        if not (np.isfinite(low) and np.isfinite(high)):
            return STRADDLES
        if self.lo - slack <= low and high <= self.hi + slack:
            return HOLDS
        if low > self.hi + slack or high < self.lo - slack:
            return MISSES
        return STRADDLES

    def show(self, x: float) -> str:
        """A value as the target reads: a share in %, a count with its unit."""
        if self.measure == IMPACT:
            return f"{x:+.1f} {self.unit}"
        return f"{100 * x:.1f}%" if not self.unit else f"{x:.1f} {self.unit}"

    def goal_text(self) -> str:
        """"50%", "20-25 turns", "at least 20%", "at most 30 turns"."""
        def f(x):
            return f"{100 * x:g}%" if not self.unit else f"{x:g}"
        unit = f" {self.unit}" if self.unit else ""
        if self.lo == self.hi:
            return f(self.lo) + unit
        if not np.isfinite(self.hi):
            return f"at least {f(self.lo)}{unit}"
        if not np.isfinite(self.lo):
            return f"at most {f(self.hi)}{unit}"
        return f"{f(self.lo)}{' to ' if self.lo < 0 else '-'}{f(self.hi)}{unit}"


@dataclass(frozen=True)
class Target:
    components: tuple[Component, ...]
    text: str                  # as the user gave it, for headers
    tune_matchup: object | None    # the duel strategies are re-tuned in, as the game's tuner takes it
    recheck: str = ""          # the command that re-checks a patch ("PATCH" stands for its path; several are
                               # joined by ``RECHECK_AND``)
    play: Callable = None      # the game's ``play_games`` (N seeded games of a matchup -> records; an impact
                               # component's games pass it ``restriction=``, a ``simcore.game.Restriction``)

    @property
    def goals(self) -> np.ndarray:
        return np.array([c.goal for c in self.components])

    @property
    def scales(self) -> np.ndarray:
        return np.array([c.scale for c in self.components])

    @property
    def labels(self) -> list[str]:
        return [c.label for c in self.components]

    def distances(self, values) -> np.ndarray:
        """Each component's distance from its goal (``Component.distance``)."""
        return np.array([c.distance(v) for c, v in zip(self.components, np.asarray(values, dtype=float))])

    def miss(self, values) -> float:
        """Largest distance of a component from its goal (a share: points; a count: relative to its scale)."""
        return float(np.max(self.distances(values)))

    def nearest(self, values) -> np.ndarray:
        """Each component's goal point nearest ``values``."""
        return np.array([c.nearest(v) for c, v in zip(self.components, np.asarray(values, dtype=float))])

    def inside(self, values, band: float) -> bool:
        """Every component's value within +-band (in its scale's units) of its goal."""
        return bool(np.all(self.distances(values) <= band + 1e-12))

    def holds(self, low, high, band: float) -> bool:
        """Every component's 95% interval within its goal +-band."""
        return all(c.state(lo, hi, band) == HOLDS for c, lo, hi in zip(self.components, low, high))

    def measure(self, tables, strategy, seed: int, first: int, seeds: int,
                threads: int | None = None) -> np.ndarray:
        """Per-seed values, float[components, seeds], of seeds ``first .. first + seeds - 1`` of base
        ``seed``; both seats play ``strategy`` (in Solo Mode seat 1 is the A.I.). A score or a mean is the seed's
        mean over its games; a rate of some games (the comeback rate) is each seed's linearised value,
        ``m + (y_s - m n_s) / mean(n)``: their mean is the rate of the games they hold and their spread its
        delta-method variance, so paired differences and intervals read it as any other component."""
        y = np.zeros((len(self.components), seeds))
        n = np.zeros((len(self.components), seeds))
        played: dict = {}
        mixed: dict = {}

        def games(matchup, start: int, k: int, banned: tuple | None = None):
            """Seeds ``start .. start + k - 1`` of ``matchup``; ``banned``: (seat, card) restricted."""
            key = (_key(matchup), start, banned)
            if key not in played:    # a match-up two components read is played once
                extra = {} if banned is None else {"restriction": Restriction.seat(banned[0], banned=(banned[1],))}
                played[key] = self.play(k, seed, matchup, (strategy, strategy), tables, threads,
                                        first_game=first + start, keep_bought=False, **extra)
            return played[key]

        for c, comp in enumerate(self.components):
            if comp.mix is not None:     # at equilibrium: every cell, the game solved on these seeds
                mixed[c] = comp.mix.measure(comp, self.play, tables, seed, first, seeds, threads, CHUNK_SEEDS)
                continue
            for matchup, seat in comp.games:
                for start in range(0, seeds, CHUNK_SEEDS):
                    k = min(CHUNK_SEEDS, seeds - start)
                    rec = games(matchup, start, k)
                    if comp.measure == IMPACT:    # the seat's score lost when it may not take the card
                        without = games(matchup, start, k, (seat, comp.card))
                        vy, vn = 100.0 * (seat_scores(rec.winner, seat) - seat_scores(without.winner, seat)), 1.0
                    else:
                        vy, vn = _game_values(comp.measure, rec, seat)
                    y[c, start:start + k] += vy
                    n[c, start:start + k] += vn
        out = np.zeros_like(y)
        for c, comp in enumerate(self.components):
            if c in mixed:
                out[c] = mixed[c]
            elif comp.measure in RATIOS:
                total = n[c].sum()
                m = y[c].sum() / total if total else 0.0
                out[c] = m + (y[c] - m * n[c]) / (total / seeds) if total else 0.0
            else:
                out[c] = y[c] / len(comp.games)
        return out

    def games_per_seed(self) -> int:
        """Games one seed costs, over every component (every cell of one at equilibrium): a match-up two
        components read is played once, and an impact adds its restricted games."""
        plain, banned, mixed = set(), set(), 0
        for c in self.components:
            if c.mix is not None:
                mixed += len(c.games) * c.cells
                continue
            for matchup, seat in c.games:
                plain.add(_key(matchup))
                if c.measure == IMPACT:
                    banned.add((_key(matchup), seat, c.card))
        return len(plain) + len(banned) + mixed

    def games_per_component(self, seeds: int) -> int:
        """Games each win rate rests on after ``seeds`` seeds (components play alike; per cell at equilibrium)."""
        return seeds * len(self.components[0].games)


def _key(matchup):
    try:
        hash(matchup)
        return matchup
    except TypeError:
        return repr(matchup)


def _game_values(measure: str, rec, seat: int) -> tuple[np.ndarray, np.ndarray]:
    """(value, count) per game of ``rec`` for a component's ``measure``: a score (1 win, 1/2 draw), or a shape
    measure (``Records.shape``); the comeback rate counts a game where a side trailed at mid-game."""
    if measure == SCORE:
        return seat_scores(rec.winner, seat), 1.0
    shape = rec.shape
    if shape is None:
        raise TargetError(f"--target: this game records no shape: no '{measure}' target")
    if measure == "turns":
        return np.asarray(rec.turns, float), 1.0
    if measure == "rounds":
        return np.asarray(shape.rounds, float), 1.0
    if measure == "lead_changes":
        return np.asarray(shape.changes, float), 1.0
    if measure == "decisive_round":
        return np.asarray(shape.decisive, float), 1.0
    behind = np.asarray(shape.behind)
    return ((behind >= 0) & (behind == np.asarray(rec.winner))).astype(float), (behind >= 0).astype(float)


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
