"""Speed measurements shared by `commandsim bench` and benchmarks/, for any card set and
strategies: games per second on one thread and on all threads, side by side in one run; cold
and warm start-up of a new process; peak memory of a sweep.

Timed runs are played in engine calls of ``CHUNK`` games, so Ctrl-C (or SIGTERM under
``simcore.interrupts``) stops a run within one call. Child processes die with this one, and their
temporary folders are removed on the way out."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numba
import numpy as np

import simcore
from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.matchup import Matchup
from simcore.errors import CommandsimError
from simcore.interrupts import kill_with_parent, raise_if_interrupted
from simcore.games.last_command.simulate import play_games
from simcore.games.last_command.tables import CardTables


CHUNK = 20_000   # games per engine call: the main thread sees Ctrl-C between calls (well under a second)
TEMP_PREFIX = "commandsim-bench-"


@dataclass
class BenchResult:
    games: int
    threads: int
    startup_s: float            # first call: cache load (or compile) plus a few games
    one_thread_runs: list[float]    # games/s of each timed run on one thread
    all_threads_runs: list[float]   # ... and on all threads, alternating with them
    mean_turns: float

    @property
    def one_thread_gps(self) -> float:
        """The best run: on a shared machine, the others measure its neighbours as well."""
        return max(self.one_thread_runs)

    @property
    def all_threads_gps(self) -> float:
        return max(self.all_threads_runs)

    @property
    def scaling(self) -> float:
        return self.all_threads_gps / self.one_thread_gps


def _rate(n: int, threads: int, strategies, tables, matchup, stats=None) -> tuple[float, float]:
    """(games/s, mean player-turns); ``stats`` (int64[2]) gains the searched decisions and rollouts."""
    start = time.perf_counter()
    turns = 0
    for first in range(0, n, CHUNK):
        raise_if_interrupted()
        rec = play_games(min(CHUNK, n - first), seed=1, threads=threads, strategies=strategies, tables=tables,
                         matchup=matchup, first_game=first, keep_bought=False, search_stats=stats)
        # the turns array, not ``rec.games``: a frame of 20,000 rows with a label string per row
        # took 5 to 25 ms a call, 1 to 3% of what the bench timed, and is no part of the engine
        turns += int(rec.turns.sum())
    return n / (time.perf_counter() - start), turns / n


@dataclass
class SearchRates:
    """A search player's speed: games, searched decisions and rollouts per second (all threads)."""
    games: int
    threads: int
    games_s: float
    decisions_s: float
    rollouts_s: float
    decisions_per_game: float


def measure_search(games: int, strategies, tables: CardTables | None = None, matchup: Matchup = Matchup(),
                   threads: int | None = None) -> SearchRates:
    """Time ``games`` games with a search player (after a few to compile or load the cache)."""
    tables = tables if tables is not None else load_cards()
    play_games(2, strategies=strategies, tables=tables, matchup=matchup, threads=1)
    threads = threads or numba.config.NUMBA_NUM_THREADS
    stats = np.zeros(2, np.int64)
    start = time.perf_counter()
    _rate(games, threads, strategies, tables, matchup, stats)
    dt = time.perf_counter() - start
    return SearchRates(games, threads, games / dt, stats[0] / dt, stats[1] / dt, stats[0] / games)


def measure(games: int = 100_000, strategies=("balanced", "balanced"), tables: CardTables | None = None,
            matchup: Matchup = Matchup(), repeats: int = 3) -> BenchResult:
    """Time ``games`` games on one thread, then on all threads, ``repeats`` times over."""
    # the card files are read once, as a sweep does: reading them is not the engine's speed
    tables = tables if tables is not None else load_cards()
    t0 = time.perf_counter()
    play_games(8, strategies=strategies, tables=tables, matchup=matchup)
    startup = time.perf_counter() - t0
    all_threads = numba.config.NUMBA_NUM_THREADS
    one, many = [], []
    for _ in range(max(1, repeats)):
        rate, turns = _rate(games, 1, strategies, tables, matchup)
        one.append(rate)
        many.append(_rate(games, all_threads, strategies, tables, matchup)[0])
    return BenchResult(games, all_threads, startup, one, many, turns)


def runs_text(runs: list[float]) -> str:
    """"best   (runs: a / b / c)" in games/s."""
    others = " / ".join(f"{r:,.0f}" for r in runs)
    return f"{max(runs):>10,.0f}" + (f"   (runs: {others})" if len(runs) > 1 else "")


def _probe(cards_path) -> str:
    tables = f"load_cards(overrides={str(cards_path)!r})" if cards_path else "None"
    return f"from simcore.games.last_command.cardset import load_cards; from simcore.games.last_command.simulate import play_games; " \
           f"play_games(8, tables={tables})"


def _checkout_env(**extra: str) -> dict[str, str]:
    """The environment of a measuring child that imports this checkout's code, as this process does: from
    another folder, ``python -c "import cli"`` would otherwise import whichever copy is installed."""
    root = str(Path(simcore.__file__).resolve().parent.parent)
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": root + (os.pathsep + path if path else ""), **extra}


def _child(args: list[str], what: str, **kwargs) -> None:
    """Run a child process that dies with this one (even killed outright) on this checkout's code; a failure
    is one line."""
    kwargs["env"] = _checkout_env(**kwargs.pop("env", {}))
    proc = subprocess.Popen(args, preexec_fn=kill_with_parent, **kwargs)
    try:
        while proc.poll() is None:
            try:
                proc.wait(timeout=0.2)
            except subprocess.TimeoutExpired:
                raise_if_interrupted()   # a signal lost in the fork's hooks still stops the run
    except BaseException:
        proc.terminate()   # the child unwinds as this process does: its temporary files go too
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        raise
    if proc.returncode:
        raise CommandsimError(f"{what} failed (exit code {proc.returncode})")


def startup_times(cards_path=None) -> tuple[float, float]:
    """Seconds from a new process to its first games: with an empty numba cache (a first run,
    everything compiles), then with the cache that run left (every later run)."""
    def run(cache: str) -> float:
        start = time.perf_counter()
        _child([sys.executable, "-c", _probe(cards_path)], "the start-up measuring process",
               env={"COMMANDSIM_CACHE_DIR": cache})
        return time.perf_counter() - start

    with tempfile.TemporaryDirectory(prefix=TEMP_PREFIX) as cache:
        return run(cache), run(cache)


# the child reports its own peak: RUSAGE_CHILDREN would give the largest of all runs so far
_CLI_CHILD = """
import resource, sys
report = sys.argv.pop()
import cli
try:
    cli.main()
finally:
    try:
        with open(report, "w") as f:
            f.write(str(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))
    except OSError:   # stopped with its parent, which took the report's folder with it
        pass
"""


def cli_peak_memory(args: list[str], what: str, cwd: str | None = None) -> tuple[float, float]:
    """Peak resident memory (MB) and wall time (s) of a new process running ``commandsim ARGS``
    (the ``cli`` module of the folder ``cwd``, by default this process's)."""
    with tempfile.TemporaryDirectory(prefix=TEMP_PREFIX) as out:
        report = os.path.join(out, "peak.txt")
        start = time.perf_counter()
        _child([sys.executable, "-c", _CLI_CHILD, *args, report], what, stdout=subprocess.DEVNULL, cwd=cwd)
        elapsed = time.perf_counter() - start
        with open(report) as f:
            return int(f.read()) / 1024, elapsed


def sweep_peak_memory(games: int, cards_path=None) -> tuple[float, float]:
    """Peak resident memory (MB) and wall time (s) of a new process running `commandsim sweep`
    with ``games`` games per cell (the default grid has two cells)."""
    with tempfile.TemporaryDirectory(prefix=TEMP_PREFIX) as out:
        args = ["sweep", "--games", str(games), "--quiet", "--out", os.path.join(out, "sweep.csv")]
        if cards_path:
            args += ["--cards", str(cards_path)]
        return cli_peak_memory(args, "the memory-measuring sweep")
