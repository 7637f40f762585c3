"""What the designer's findings (``commandsim ladder --finding``, ``reports.skill_finding``) need of a game: how
to read, name and play its sides (``Sides``). Each game builds its own in its folder (``skill.py``) and hands
it out through the game contract's optional ``finding_sides`` hook."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Sides:
    """What the findings need of a game (its ``finding_sides`` hook).

    ``parse(text)`` reads one side as ``--a``/``--b`` write it (``syntax`` says how, e.g.
    "FACTION[:VARIANT]") and raises ``CommandsimError``; ``label(side)`` names it; ``play(first, second,
    strategies, n, seed, first_game, threads)`` plays games ``first_game .. + n - 1`` of base ``seed`` with
    side ``first`` moving first and returns their winner labels ("first", "second", "draw").
    ``defaults[finding]``: the two sides' texts when ``--a``/``--b`` are not given. ``meet(a, b)``, when the
    game gives it, raises ``CommandsimError`` when its rules keep the two sides from one game (a side that
    exists once, as one mat per faction)."""
    game: str
    syntax: str
    defaults: dict[str, tuple[str, str]]
    parse: Callable[[str], object]
    label: Callable[[object], str]
    play: Callable[..., np.ndarray]
    meet: Callable[[object, object], None] | None = None
