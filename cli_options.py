"""What ``cli.py`` accepts and how it refuses: option types with their real ranges, and usage
errors on one line.

Every number a command takes has a range that the engine and the machine can honour, shown by
``--help``: seeds and game indices fit the engine's 64-bit integers, turn caps stop a game that
would never end, and game counts stay within what memory holds (commands that keep a value per
game) or what a day of computing plays (commands that stream).
"""
from __future__ import annotations

import math

import click

from simcore.games.last_command.matchup import MAX_TURNS_LIMIT
from simcore.rng import SEED_MAX   # seeds and game indices are signed 64-bit in the engine

SWEEP_GAMES_MAX = 10**9         # per cell: a day at ~10,000 games/s, memory flat (streamed)
COMPARE_GAMES_MAX = 20_000_000  # per setting: compare keeps ~50 bytes per seed (about 0.5 GB here)
TUNE_GAMES_MAX = 1_000_000      # per candidate, or per opponent in the final check (kept per game)
TUNE_POPULATION_MAX = 10_000
TUNE_GENERATIONS_MAX = 100_000
BENCH_GAMES_MAX = 10_000_000    # per timed run; 2 x --repeats runs
BENCH_REPEATS_MAX = 100
THREADS_MAX = 1024

SEED = click.IntRange(0, SEED_MAX)
GAME_INDEX = click.IntRange(0, SEED_MAX)
MAX_TURNS = click.IntRange(1, MAX_TURNS_LIMIT)
THREADS = click.IntRange(1, THREADS_MAX)


class FiniteFloatRange(click.FloatRange):
    """A ``click.FloatRange`` that refuses nan (which passes every comparison) and infinities."""

    name = "float range"

    def convert(self, value, param, ctx):
        rv = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(rv):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return super().convert(rv, param, ctx)


class OneLineUsageError(click.UsageError):
    """A usage error printed as ``Error: <message>``, one line, like every other error of ours."""

    def show(self, file=None) -> None:
        click.echo(f"Error: {self.format_message()}", file=file, err=file is None)


def one_line(exc: click.UsageError) -> click.UsageError:
    """``exc`` as a ``OneLineUsageError``; the help a bare group prints is kept as it is."""
    if isinstance(exc, (click.exceptions.NoArgsIsHelpError, OneLineUsageError)):
        return exc
    return OneLineUsageError(exc.format_message(), exc.ctx)
