"""Speed measurements shared by `commandsim bench` and benchmarks/: games per second on one
thread and on all threads, side by side in one run, for any card set and strategies."""
from __future__ import annotations

import time
from dataclasses import dataclass

import numba

from simcore.engine.matchup import Matchup
from simcore.simulate import play_games
from simcore.tables import CardTables


@dataclass
class BenchResult:
    games: int
    threads: int
    startup_s: float            # first call: cache load (or compile) plus a few games
    one_thread_gps: float
    all_threads_gps: float
    mean_turns: float

    @property
    def scaling(self) -> float:
        return self.all_threads_gps / self.one_thread_gps


def _rate(n: int, threads: int, strategies, tables, matchup) -> tuple[float, float]:
    start = time.perf_counter()
    rec = play_games(n, seed=1, threads=threads, strategies=strategies, tables=tables, matchup=matchup,
                     keep_bought=False)
    return n / (time.perf_counter() - start), float(rec.games["turns"].mean())


def measure(games: int = 100_000, strategies=("balanced", "balanced"), tables: CardTables | None = None,
            matchup: Matchup = Matchup()) -> BenchResult:
    t0 = time.perf_counter()
    play_games(8, strategies=strategies, tables=tables, matchup=matchup)
    startup = time.perf_counter() - t0
    all_threads = numba.config.NUMBA_NUM_THREADS
    one, turns = _rate(games, 1, strategies, tables, matchup)
    many, _ = _rate(games, all_threads, strategies, tables, matchup)
    return BenchResult(games, all_threads, startup, one, many, turns)
