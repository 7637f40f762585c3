"""How long a run will take, said before it starts (issue #32: a command that takes more than a few minutes
says so up front, with the option that shortens it).

A run is consecutive parts (a ladder's pairs, a finding's rungs, a tune's search and final check, an
advice's stages), each of a known number of games at a speed measured beforehand on ``PROBE_GAMES`` games
of seeds the run never plays (``probe_seed``): the run's results do not change.  ``Estimate`` holds the
parts, ``duration`` words a number of seconds, ``timed`` measures a probe (once more when the first call
held a compile).  ``reports.ladder``, ``reports.skill_finding``, ``strategies.tuning.estimate`` and
``reports.advisor.estimate`` build theirs from these.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

PROBE_GAMES = 4          # games per part timed before a run (a multiple of 4, as every head-to-head)
PROBE_SEED_OFFSET = 10**9  # the probes' base seed is the run's plus this: seeds the run never plays


def probe_seed(seed: int) -> int:
    """The base seed of a run's probes: one the run never plays (its own seeds are streams of ``seed``)."""
    return (seed + PROBE_SEED_OFFSET) % (2**63)


@dataclass
class Estimate:
    """The expected time of a run of consecutive parts, each of ``games`` games (one number for every
    part, or one per part), from the seconds per game measured for each part."""
    labels: list[str]
    seconds_per_game: list[float]
    games: int | Sequence[int]
    measured: str = f"measured on {PROBE_GAMES} games each"

    def part_games(self) -> list[int]:
        if isinstance(self.games, (int, np.integer)):
            return [int(self.games)] * len(self.labels)
        return [int(g) for g in self.games]

    def part_seconds(self) -> list[float]:
        return [s * g for s, g in zip(self.seconds_per_game, self.part_games())]

    @property
    def seconds(self) -> float:
        return float(sum(self.part_seconds()))

    def seconds_done(self, games_done: int) -> float:
        """The expected seconds of the first ``games_done`` games of the run (parts in order)."""
        left, done = max(0, games_done), 0.0
        for s, g in zip(self.seconds_per_game, self.part_games()):
            done += s * min(left, g)
            left -= min(left, g)
        return float(done)

    def slowest(self) -> int:
        return int(np.argmax(self.part_seconds()))

    def text(self, shorten: str) -> str:
        """One line: the whole, the slowest part, and ``shorten`` (how to make it shorter)."""
        k = self.slowest()
        share = self.part_seconds()[k] / self.seconds if self.seconds > 0 else 1.0
        return (f"Estimated time: {duration(self.seconds)} ({self.labels[k]}: {duration(self.part_seconds()[k])}, "
                f"{share:.0%} of it; {self.measured}); {shorten}.")


def duration(seconds: float) -> str:
    if seconds < 90:
        return f"about {max(1, round(seconds))} s"
    if seconds < 5400:
        return f"about {round(seconds / 60)} minutes"
    return f"about {seconds / 3600:.1f} hours"


def timed(play: Callable[[], object]) -> float:
    """Seconds of ``play()``; played again when the first took long enough to hold a compile."""
    began = time.perf_counter()
    play()
    first = time.perf_counter() - began
    if first < 0.5:
        return first
    began = time.perf_counter()
    play()
    return min(first, time.perf_counter() - began)
