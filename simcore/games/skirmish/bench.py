"""``commandsim bench --game skirmish``: battles per second on one thread and on all threads, and for a search
strategy its searched decisions and rollouts per second (the best of alternating runs)."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import numba
import numpy as np

from strategies.skirmish.library import strategy_rows
from strategies.skirmish.params import KIND_SEARCH, P_KIND, P_ROLLOUTS

from .batch import N_RESULT_COLS, R_TURNS, has_search, padded_tables, play_batch
from .data import SkirmishTables
from .setup import Matchup, build_setup

SEARCH_GAME_WORK = 4000       # a search strategy's run plays at most this many games / rollouts (at least 8)


@dataclass
class BenchResult:
    games: int
    threads: int
    startup_s: float
    rollouts: int                       # per searched decision (0: no search player)
    runs: dict = field(default_factory=dict)     # threads -> [(seconds, searched decisions), ...]
    mean_turns: float = 0.0
    mean_searched: float = 0.0

    def best(self, threads: int) -> tuple[float, float]:
        """(games/s, searched decisions/s) of the fastest run on ``threads``."""
        seconds, searched = min(self.runs[threads])
        return self.games / seconds, searched / seconds


def games_for(strategy_games: int, rollouts: int) -> int:
    return strategy_games if rollouts == 0 else min(strategy_games, max(8, SEARCH_GAME_WORK // rollouts))


def _play(n, tables, setup, cfg, strat, threads):
    """(seconds, searched decisions, mean turns) of n battles."""
    out = np.zeros((n, N_RESULT_COLS), np.int64)
    start = time.perf_counter()
    if has_search(strat):
        from .search import play_search_batch
        searched = int(play_search_batch(*padded_tables(tables.cmds, tables.eff, tables.profiles), setup, cfg,
                                         strat, 1, 0, out, threads).sum())
    else:
        play_batch(tables.cmds, tables.eff, tables.profiles, setup, cfg, strat, 1, 0, out, threads)
        searched = 0
    return time.perf_counter() - start, searched, float(out[:, R_TURNS].mean())


def measure(games: int, strategy: str, matchup: Matchup, tables: SkirmishTables, repeats: int) -> BenchResult:
    """Both seats on ``strategy``; a search strategy plays ``games_for(games, rollouts)`` battles a run."""
    _, strat = strategy_rows((strategy, strategy))
    rollouts = int(strat[0, P_ROLLOUTS]) if strat[0, P_KIND] == KIND_SEARCH else 0
    setup, cfg = build_setup(tables, matchup)
    start = time.perf_counter()
    _play(2, tables, setup, cfg, strat, 1)                      # compile or load the cache first
    threads = numba.config.NUMBA_NUM_THREADS
    r = BenchResult(games_for(games, rollouts), threads, time.perf_counter() - start, rollouts,
                    {1: [], threads: []})
    for _ in range(repeats):
        for th in dict.fromkeys((1, threads)):
            seconds, searched, r.mean_turns = _play(r.games, tables, setup, cfg, strat, th)
            r.runs[th].append((seconds, searched))
            r.mean_searched = searched / r.games
    return r


def lines(r: BenchResult, strategy: str, matchup: Matchup) -> list[str]:
    out = [f"skirmish {matchup.forces[0]} vs {matchup.forces[1]}, {strategy} in both seats: {r.games:,} battles a "
           f"run, best of {len(r.runs[1])}",
           f"start-up (cache load or compile) + 2 battles: {r.startup_s:.1f} s"]
    for th in r.runs:
        games_s, decisions_s = r.best(th)
        text = f"{th} thread(s): {games_s:>10,.1f} games/s"
        if r.rollouts:
            text += f"   {decisions_s:>9,.1f} searched decisions/s   {decisions_s * r.rollouts:>12,.0f} rollouts/s"
        out.append(text)
    out.append(f"mean turns/battle: {r.mean_turns:.2f}" + (f"   searched decisions/battle: {r.mean_searched:.1f}"
                                                          if r.rollouts else ""))
    return out
