"""The ranges every count a command takes must keep, for every game: what the engine and the machine can
honour. Seeds and game indices fit the engine's 64-bit integers, and game counts stay within what memory
holds (commands that keep a value per game) or what a day of computing plays (commands that stream).
The CLI shows each range in ``--help``; the library functions check them too.
"""
from __future__ import annotations

from .rng import SEED_MAX   # seeds and game indices are signed 64-bit in the engine

SWEEP_GAMES_MAX = 10**9         # per cell: a day at ~10,000 games/s, memory flat (streamed)
COMPARE_GAMES_MAX = 20_000_000  # per setting: compare keeps ~50 bytes per seed (about 0.5 GB here)
TUNE_GAMES_MAX = 1_000_000      # per candidate, or per opponent in the final check (kept per game)
TUNE_POPULATION_MAX = 10_000
TUNE_GENERATIONS_MAX = 100_000
BENCH_GAMES_MAX = 10_000_000    # per timed run; 2 x --repeats runs
BENCH_REPEATS_MAX = 100
THREADS_MAX = 1024
ADVISE_GAMES_MAX = 10_000_000   # per win rate and edit set: the advisor keeps a score per seed
ADVISE_CANDIDATES_MAX = 1_000
WORKERS_MAX = 256               # local:N worker processes of a Dask cluster on this machine

__all__ = ["SEED_MAX", "SWEEP_GAMES_MAX", "COMPARE_GAMES_MAX", "TUNE_GAMES_MAX", "TUNE_POPULATION_MAX",
           "TUNE_GENERATIONS_MAX", "BENCH_GAMES_MAX", "BENCH_REPEATS_MAX", "THREADS_MAX", "ADVISE_GAMES_MAX",
           "ADVISE_CANDIDATES_MAX", "WORKERS_MAX"]
