"""Targets on the shape of the games (docs/shape.md), in every game, and several targets at once.

* a shape measure: ``"mean length 20-25 turns"`` (or rounds; ``at least``, ``at most``), ``"comeback rate at least
  20%"``, ``"lead changes at least 2"``, ``"decisive round at most 8"``, over a match-up's games when the text
  begins with one (``"federation vs sunder: mean length 20-25 turns"``), else over the games of the target's first
  match-up, else over the game's first-player games (its standard duel);
* a card's impact by restricted play (``"impact of Repair Bot at most 3 points"``: ``impact_target``);
* several targets are one, separated by ``;``, weighed together (``simcore.advice.Target.miss``: a share's distance
  in points, a count's relative to its goal: 2% of a 22.5-turn length weighs as 2 points of a win rate).

The game's own parser (its advisor hook's ``target``) reads match-up, first-player and ladder targets; this module
reads the rest and builds their components (``simcore.advice.Component`` with a ``measure``).
"""
from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np

from simcore.advice import RATIOS, RECHECK_AND, Component, Target, TargetError

from .impact_target import is_impact

ImpactReader = Callable[[str, str, str], tuple[Component, str]]

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


def parse_targets(text: str, parse_game: Callable[[str], Target], impact: ImpactReader | None = None) -> Target:
    """Every target of ``text`` (separated by ``;``) as one: a match-up, first-player or ladder target by the game's
    own parser (``parse_game``, its advisor hook's), a shape target (``SHAPE_FORMS``) by this module over the
    games of the match-up before its colon, else of the first match-up given, else of the game's first-player
    target (its standard duel), an impact target by ``impact`` (``reports.advisor.impact_target``: (text without
    the match-up, the match-up, the text) -> (component, re-check)). The first game target given (else that one)
    names the duel the re-tune plays and the re-check command; an impact target adds its own re-check."""
    parts = [p.strip() for p in text.split(";")]
    if not all(parts):
        raise TargetError(f"--target: an empty target in '{text}' (targets are separated by ';')")
    comps: list[Component | None] = []
    head: Target | None = None           # the first match-up given: a target's, or a shape target's before its colon
    shapes: list[tuple[int, str, Target | None]] = []
    impacts: list[str] = []              # the impact targets' re-checks
    for part in parts:
        prefix, _, rest = part.rpartition(":")
        if is_impact(rest if prefix else part):
            if impact is None:
                raise TargetError(f"--target: impact targets are not read here, got '{part}'")
            comp, recheck = impact(rest if prefix else part, prefix, part)
            comps.append(comp)
            impacts.append(recheck)
            if prefix and head is None:    # the re-tune's duel, when the game's own targets name the match-up
                try:
                    head = parse_game(f"{prefix} = 50%")
                except TargetError:
                    pass
            continue
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
    if impacts:          # the game's own re-check only for the components that are not impacts
        recheck = RECHECK_AND.join(([recheck] if len(impacts) < len(comps) else []) + list(dict.fromkeys(impacts)))
    return Target(tuple(comps), text.strip(), default.tune_matchup, recheck, default.play)
