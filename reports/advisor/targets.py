"""What the advisor aims at: one or more win rates and shape measures, each with a goal, measured per seed.

A target is a list of *components*, each a figure the designer wants near a goal:

* a match-up: ``"federation asymmetrical vs sunder standard = 50%"`` (variants default to standard):
  the first faction's score, each seed played with it first and second;
* the first-player advantage: ``"first player = 50%"`` or ``"first player asymmetrical = 50%"``:
  the first seat's score, each seed played with each faction first (both with that variant);
* the solo difficulty ladder (``--ladder 65,55,45,35``): the player's score against the rulebook's
  A.I. at Easy, Medium, Hard and Insane, each seed played with each faction as the player;
* a shape measure (docs/shape.md), in every game: ``"mean length 20-25 turns"`` (or rounds; ``at least``, ``at
  most``), ``"comeback rate at least 20%"``, ``"lead changes at least 2"``, ``"decisive round at most 8"``, over
  a match-up's games when the text begins with one (``"federation vs sunder: mean length 20-25 turns"``), else
  over the games of the target's first match-up, else over the game's first-player games (its standard duel).

Several targets are one, separated by ``;``, weighed together: the advisor brings every component within
its band (a share's distance in points, a count's relative to its goal: 2% of a 22.5-turn length weighs as 2
points of a win rate; ``parse_targets``).

A component's score on a seed is the mean of its games' scores (win 1, draw 1/2, loss 0), so two
card sets played on the same seeds give paired scores (common random numbers).  The target is met
when every component lies within +-band of its goal: ``miss`` is the largest distance from a goal.

The advisor's search and statistics see only ``Target.measure`` (per-seed scores) and the goals;
each game builds its own components (its matchups, per game of a seed) in its advisor hook
(``simcore/games/<game>/advisor.py``: its ``parse_target``).
"""
from __future__ import annotations

import re

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from simcore.errors import CommandsimError
from simcore.records import seat_scores

CHUNK_SEEDS = 2000     # seeds per engine call: large enough that the call's overhead is small


class TargetError(CommandsimError):
    pass


SCORE = "score"
# the shape measures a target may name (docs/shape.md): what one game gives (``_game_values``), whether the
# component is a rate of the games that have one (a ratio: the comeback rate counts the games a side trailed at
# mid-game) and the unit of a count ("" for a share)
SHAPE_MEASURES = {"turns": "turns", "rounds": "rounds", "lead_changes": "lead changes",
                  "decisive_round": "rounds", "comeback": ""}
RATIOS = ("comeback",)


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

    @property
    def lo(self) -> float:
        return self.goal if self.low is None else self.low

    @property
    def hi(self) -> float:
        return self.goal if self.high is None else self.high

    @property
    def unit(self) -> str:
        """"" for a share (shown in %), else the count's unit ("turns")."""
        return SHAPE_MEASURES.get(self.measure, "") if self.measure != SCORE else ""

    @property
    def bounds(self) -> tuple[float, float]:
        """What the value can be: a share lies in [0, 1], a count is at least 0."""
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
        from reports.verdict_words import HOLDS, MISSES, STRADDLES
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
        return f"{f(self.lo)}-{f(self.hi)}{unit}"


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
        from reports.verdict_words import HOLDS
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
        for c, comp in enumerate(self.components):
            for matchup, seat in comp.games:
                for start in range(0, seeds, CHUNK_SEEDS):
                    k = min(CHUNK_SEEDS, seeds - start)
                    key = (_key(matchup), start)
                    if key not in played:    # a match-up two components read is played once
                        played[key] = self.play(k, seed, matchup, (strategy, strategy), tables, threads,
                                                first_game=first + start, keep_bought=False)
                    vy, vn = _game_values(comp.measure, played[key], seat)
                    y[c, start:start + k] += vy
                    n[c, start:start + k] += vn
        out = np.zeros_like(y)
        for c, comp in enumerate(self.components):
            if comp.measure in RATIOS:
                total = n[c].sum()
                m = y[c].sum() / total if total else 0.0
                out[c] = m + (y[c] - m * n[c]) / (total / seeds) if total else 0.0
            else:
                out[c] = y[c] / len(comp.games)
        return out

    def games_per_seed(self) -> int:
        """Games one seed costs, over every component."""
        return sum(len(c.games) for c in self.components)

    def games_per_component(self, seeds: int) -> int:
        """Games each win rate rests on after ``seeds`` seeds (components play alike)."""
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


def _percent(text: str, what: str) -> float:
    m = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*%?\s*", text)   # ASCII digits, as every count (simcore.counts)
    if not m or not 0 < float(m.group(1)) < 100:
        raise TargetError(f"{what}: expected a percentage between 0 and 100 (e.g. 50%), got '{text.strip()}'")
    return float(m.group(1)) / 100


# ---- targets on the shape of the games (any game), and several targets at once

SHAPE_FORMS = ("'mean length 20-25 turns' (or rounds; 'at least N', 'at most N'), 'comeback rate at least 20%' "
               "(or 'at most', or '15-25%'), 'lead changes at least 2', 'decisive round at most 8', each optionally "
               "after a match-up and a colon; several targets separated by ';'")
_SHAPE = re.compile(r"^(?:mean\s+)?(length|comeback rate|comebacks|lead changes|decisive round)\s+(.+)$")
_NUMBER = r"([0-9]+(?:\.[0-9]+)?)"


def _shape_goal(name: str, spec: str, text: str) -> tuple[str, float, float, float]:
    """(measure, low, high, goal) of a shape target's measure name and goal text."""
    spec = spec.strip().lower()
    share = name in ("comeback rate", "comebacks")
    measure = {"comeback rate": "comeback", "comebacks": "comeback", "lead changes": "lead_changes",
               "decisive round": "decisive_round"}.get(name, "turns")
    if name == "length":
        for unit in ("turns", "turn", "rounds", "round", "player-turns", "battle turns"):
            if spec.endswith(unit):
                measure = "rounds" if unit.startswith("round") else "turns"
                spec = spec[:-len(unit)].strip()
                break
    elif spec.endswith(("rounds", "round")) and name == "decisive round":
        spec = spec.rsplit(" ", 1)[0].strip()

    def number(t: str) -> float:
        m = re.fullmatch(_NUMBER + (r"\s*%?" if share else ""), t.strip())
        if not m:
            raise TargetError(f"--target: expected {'a percentage' if share else 'a number'} in '{text}', got "
                              f"'{t.strip()}'")
        x = float(m.group(1))
        if share and not 0 <= x <= 100:
            raise TargetError(f"--target: a rate lies between 0% and 100%, got '{t.strip()}' in '{text}'")
        return x / 100 if share else x
    if spec.startswith("at least"):
        low = number(spec[len("at least"):])
        return measure, low, np.inf, low
    if spec.startswith("at most"):
        high = number(spec[len("at most"):])
        return measure, -np.inf, high, high
    spec = spec.lstrip("= ").strip()
    m = re.fullmatch(r"(.+?)\s*(?:-|to|–)\s*(.+)", spec)
    if m and not spec.startswith("-"):
        low, high = number(m.group(1)), number(m.group(2))
        if high < low:
            raise TargetError(f"--target: the range's low end must come first, got '{text}'")
        return measure, low, high, (low + high) / 2
    x = number(spec)
    return measure, x, x, x


def shape_component(text: str, games) -> Component | None:
    """The component of a shape target's text (``SHAPE_FORMS``, without its match-up) over ``games``; None: not a
    shape target."""
    m = _SHAPE.match(text.strip().lower())
    if not m:
        return None
    measure, low, high, goal = _shape_goal(m.group(1), m.group(2), text)
    share = measure in RATIOS
    scale = 1.0 if share else max(abs(goal), 1.0)
    comp = Component("", goal, tuple(games), measure, low, high, scale)
    what = {"turns": "mean length", "rounds": "mean length", "lead_changes": "mean",
            "decisive_round": "mean decisive round", "comeback": "comeback rate"}[measure]
    return Component(f"{what} {comp.goal_text()}", goal, tuple(games), measure, low, high, scale)


def parse_targets(text: str, parse_game: Callable[[str], Target]) -> Target:
    """Every target of ``text`` (separated by ``;``) as one: a match-up, first-player or ladder target by the game's
    own parser (``parse_game``, its advisor hook's), a shape target (``SHAPE_FORMS``) by this module over the
    games of the match-up before its colon, else of the first match-up given, else of the game's first-player
    target (its standard duel). The first game target given (else that one) names the duel the re-tune plays and
    the re-check command."""
    parts = [p.strip() for p in text.split(";")]
    if not all(parts):
        raise TargetError(f"--target: an empty target in '{text}' (targets are separated by ';')")
    comps: list[Component | None] = []
    head: Target | None = None           # the first match-up given: a target's, or a shape target's before its colon
    shapes: list[tuple[int, str, Target | None]] = []
    for part in parts:
        prefix, _, rest = part.rpartition(":")
        if _SHAPE.match((rest if prefix else part).strip().lower()):
            over = parse_game(f"{prefix} = 50%") if prefix else None
            head = head or over
            shapes.append((len(comps), rest if prefix else part, over))
            comps.append(None)
            continue
        target = parse_game(part)
        head = head or target
        comps.extend(target.components)
    default = head or parse_game("first player = 50%")
    for at, part, over in shapes:
        comps[at] = shape_component(part, (over or default).components[0].games)
    recheck = default.recheck
    if shapes:     # the re-check's shape of the games: what compare moved, or a sweep's shape table
        recheck = recheck.split("   (")[0] + ("   (What moved)" if recheck.startswith("commandsim compare")
                                              else "   (the shape table, <stem>_shape)")
    return Target(tuple(comps), text.strip(), default.tune_matchup, recheck, default.play)
