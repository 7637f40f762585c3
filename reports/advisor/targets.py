"""What the advisor aims at: one or more win rates, each with a goal, measured per seed.

A target is a list of *components*, each a share the designer wants near a goal:

* a match-up: ``"federation asymmetrical vs sunder standard = 50%"`` (variants default to standard):
  the first faction's score, each seed played with it first and second;
* the first-player advantage: ``"first player = 50%"`` or ``"first player asymmetrical = 50%"``:
  the first seat's score, each seed played with each faction first (both with that variant);
* the solo difficulty ladder (``--ladder 65,55,45,35``): the player's score against the rulebook's
  A.I. at Easy, Medium, Hard and Insane, each seed played with each faction as the player.

A component's score on a seed is the mean of its games' scores (win 1, draw 1/2, loss 0), so two
card sets played on the same seeds give paired scores (common random numbers).  The target is met
when every component lies within +-band of its goal: ``miss`` is the largest distance from a goal.

The advisor's search and statistics see only ``Target.measure`` (per-seed scores) and the goals;
another game plugs in with its own components (a ``Matchup``-like setting per game of a seed).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from simcore.games.last_command.matchup import DEFAULT_MAX_TURNS, DIFFICULTIES, Matchup
from simcore.errors import CommandsimError
from simcore.games.last_command.simulate import play_games
from simcore.games.last_command.tables import FACTIONS, START_SETS, CardTables

TARGET_FORMS = ("'<faction> [variant] vs <faction> [variant] = <percent>%' (e.g. 'federation asymmetrical vs "
                "sunder standard = 50%') or 'first player [variant] = <percent>%'")
CHUNK_SEEDS = 2000     # seeds per engine call: large enough that the call's overhead is small


class TargetError(CommandsimError):
    pass


@dataclass(frozen=True)
class Component:
    """One share to bring near ``goal``: the mean score of ``seat`` over ``games`` per seed."""
    label: str
    goal: float
    games: tuple[tuple[Matchup, int], ...]     # (the game's matchup, the seat whose score counts)


@dataclass(frozen=True)
class Target:
    components: tuple[Component, ...]
    text: str                  # as the user gave it, for headers
    tune_matchup: object | None    # the duel strategies are re-tuned in, as the game's tuner takes it
    recheck: str = ""          # the command that re-checks a patch ("PATCH" stands for its path)
    play: Callable = play_games   # the game's ``play_games`` (N seeded games of a matchup -> records)

    @property
    def goals(self) -> np.ndarray:
        return np.array([c.goal for c in self.components])

    @property
    def labels(self) -> list[str]:
        return [c.label for c in self.components]

    def miss(self, values) -> float:
        """Largest distance of a component from its goal (a share)."""
        return float(np.max(np.abs(np.asarray(values, dtype=float) - self.goals)))

    def measure(self, tables: CardTables, strategy, seed: int, first: int, seeds: int,
                threads: int | None = None) -> np.ndarray:
        """Per-seed scores, float[components, seeds], of seeds ``first .. first + seeds - 1`` of base
        ``seed``; both seats play ``strategy`` (in Solo Mode seat 1 is the A.I.)."""
        out = np.zeros((len(self.components), seeds))
        for c, comp in enumerate(self.components):
            for matchup, seat in comp.games:
                for start in range(0, seeds, CHUNK_SEEDS):
                    n = min(CHUNK_SEEDS, seeds - start)
                    rec = self.play(n, seed, matchup, (strategy, strategy), tables, threads,
                                    first_game=first + start, keep_bought=False)
                    winner = rec.games["winner"].cat.codes.to_numpy()
                    out[c, start:start + n] += np.where(winner == seat, 1.0, np.where(winner == 2, 0.5, 0.0))
            out[c] /= len(comp.games)
        return out

    def games_per_seed(self) -> int:
        """Games one seed costs, over every component."""
        return sum(len(c.games) for c in self.components)

    def games_per_component(self, seeds: int) -> int:
        """Games each win rate rests on after ``seeds`` seeds (components play alike)."""
        return seeds * len(self.components[0].games)


def _percent(text: str, what: str) -> float:
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*%?\s*", text)
    if not m or not 0 < float(m.group(1)) < 100:
        raise TargetError(f"{what}: expected a percentage between 0 and 100 (e.g. 50%), got '{text.strip()}'")
    return float(m.group(1)) / 100


def _side(words: list[str], text: str) -> tuple[str, str]:
    if not words or len(words) > 2:
        raise TargetError(f"--target: expected {TARGET_FORMS}, got '{text}'")
    faction = words[0]
    variant = words[1] if len(words) == 2 else "standard"
    if faction not in FACTIONS:
        raise TargetError(f"--target: unknown faction '{faction}' in '{text}': expected one of {', '.join(FACTIONS)}")
    if variant not in START_SETS:
        raise TargetError(f"--target: unknown variant '{variant}' in '{text}': expected one of "
                          f"{', '.join(START_SETS)}")
    return faction, variant


def parse_target(text: str, max_turns: int = DEFAULT_MAX_TURNS) -> Target:
    """A match-up or first-player target from its text (``TARGET_FORMS``); raises ``TargetError``."""
    if text.count("=") != 1:
        raise TargetError(f"--target: expected {TARGET_FORMS}, got '{text}'")
    left, right = text.split("=")
    goal = _percent(right, "--target")
    words = left.strip().lower().replace("-", " ").split()
    if words[:2] == ["first", "player"]:
        rest = words[2:]
        if rest[:1] == ["advantage"]:
            rest = rest[1:]
        if len(rest) > 1 or (rest and rest[0] not in START_SETS):
            raise TargetError(f"--target: the first-player target takes at most a variant ({', '.join(START_SETS)}), "
                              f"got '{text}'")
        variant = rest[0] if rest else "standard"
        fed_first = Matchup(("federation", "sunder"), (variant, variant), max_turns)
        comp = Component(f"first player ({variant})", goal, ((fed_first, 0), (fed_first.swapped(), 0)))
        return Target((comp,), text.strip(), fed_first,
                      f"commandsim sweep --cards PATCH --variants {variant}   (first-player rows)")
    if "vs" not in words or words.count("vs") != 1:
        raise TargetError(f"--target: expected {TARGET_FORMS}, got '{text}'")
    at = words.index("vs")
    (f1, v1), (f2, v2) = _side(words[:at], text), _side(words[at + 1:], text)
    if f1 == f2:
        raise TargetError(f"--target: a match-up needs two different factions, got '{text}'")
    first = Matchup((f1, f2), (v1, v2), max_turns)
    comp = Component(f"{f1} {v1} vs {f2} {v2}", goal, ((first, 0), (first.swapped(), 1)))
    return Target((comp,), text.strip(), first,
                  f"commandsim compare --cards-b PATCH --factions {f1},{f2} --variant-a {v1} --opponent-variant {v2}")


def parse_ladder(text: str, variant: str = "standard", max_turns: int = DEFAULT_MAX_TURNS) -> Target:
    """The solo ladder: one goal per difficulty (Easy, Medium, Hard, Insane), e.g. ``65,55,45,35``."""
    parts = text.split(",")
    if len(parts) != len(DIFFICULTIES):
        raise TargetError(f"--ladder: expected {len(DIFFICULTIES)} percentages (Easy, Medium, Hard, Insane), e.g. "
                          f"65,55,45,35, got '{text}'")
    goals = [_percent(p, "--ladder") for p in parts]
    if variant not in START_SETS:
        raise TargetError(f"--variant: unknown variant '{variant}': expected one of {', '.join(START_SETS)}")
    comps = []
    for level, goal in zip(DIFFICULTIES, goals):
        fed = Matchup(("federation", "sunder"), (variant, variant), max_turns, mode="solo", difficulty=level)
        sun = Matchup(("sunder", "federation"), (variant, variant), max_turns, mode="solo", difficulty=level)
        comps.append(Component(f"solo {level} ({variant})", goal, ((fed, 0), (sun, 0))))
    return Target(tuple(comps), f"solo ladder {text} ({variant})",
                  Matchup(("federation", "sunder"), (variant, variant), max_turns),
                  f"commandsim solo --cards PATCH --variants {variant}")
