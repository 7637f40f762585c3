"""Speed measurements of every game, shared by ``commandsim bench`` and ``benchmarks/``: games per second on
one thread and on all threads, side by side in one run; a search player's searched decisions and rollouts
per second; cold and warm start-up of a new process; peak memory of a sweep.

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

import simcore

from .errors import CommandsimError
from .game import Game, Order, Setting, SweepSpec
from .interrupts import kill_with_parent, raise_if_interrupted
from .ismcts import parse_ismcts
from .search import parse_search

CHUNK = 20_000   # games per engine call: the main thread sees Ctrl-C between calls (well under a second)
SEARCH_CHUNK = 8     # a search player's games per call: each one is thousands of rollouts
DEFAULT_GAMES = 50_000
DEFAULT_SEARCH_GAMES = 100
BASE_GAMES = 20_000  # a search player's base heuristic, timed beside it (enough games that a call's set-up is noise)
TEMP_PREFIX = "commandsim-bench-"   # then the pid of the process that made it: commandsim-bench-<pid>-<random>


def _temp_folder() -> tempfile.TemporaryDirectory:
    """A temporary folder of this process, named with its pid; the folders of bench runs killed outright
    (SIGKILL: nothing of theirs could clean up) are removed first (issue 31, item 10)."""
    remove_stale_temp_folders()
    return tempfile.TemporaryDirectory(prefix=f"{TEMP_PREFIX}{os.getpid()}-")


def remove_stale_temp_folders(root: str | None = None) -> list[str]:
    """Remove the bench folders under ``root`` (the temporary folder) whose process no longer runs."""
    import shutil

    from simcore.atomic_files import pid_alive
    root = root or tempfile.gettempdir()
    removed = []
    try:
        entries = list(os.scandir(root))
    except OSError:
        return removed
    for entry in entries:
        pid = entry.name[len(TEMP_PREFIX):].split("-", 1)[0]
        if (entry.name.startswith(TEMP_PREFIX) and pid.isdigit() and int(pid) != os.getpid()
                and entry.is_dir(follow_symlinks=False) and not pid_alive(int(pid))):
            shutil.rmtree(entry.path, ignore_errors=True)
            removed.append(entry.path)
    return removed


@dataclass
class BenchResult:
    games: int
    threads: int
    startup_s: float            # first call: cache load (or compile) plus a few games
    one_thread_runs: list[float]    # games/s of each timed run on one thread
    all_threads_runs: list[float]   # ... and on all threads, alternating with them
    mean_turns: float
    searched_s: float = 0.0     # a search player's searched decisions per second (all threads, best run)
    rollouts_s: float = 0.0
    searched_per_game: float = 0.0
    base_gps: float = 0.0       # a search player's base heuristic, games/s on all threads (its rollouts' engine)
    rollout_turns: float = 0.0  # the turns a rollout plays on average, from its decision to the game's end
    base_turns: float = 0.0     # ... and the turns of a whole game of the base heuristic

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


def bench_order(game: Game, sides: tuple[str, str] | None, strategy: str, tables) -> Order:
    """The seat order a bench plays, both seats on ``strategy``: ``sides`` in seat order (a mirror too) with
    the game's first variant, or the first cell of the game's default sweep in its first seat order."""
    if sides is None:
        order = game.sweep_cells(SweepSpec(strategy=strategy), tables)[0].orders[0]
    else:
        variant = game.info.variants[0]
        order = game.setting_orders(Setting(sides[0], variant, tables), sides[1], variant, game.info.max_turns)[0]
    return Order(order.matchup, (strategy, strategy), order.sides, order.variants)


def _rate(game: Game, order: Order, strategies, tables, n: int, threads: int | None,
          chunk: int = CHUNK) -> tuple[float, float, tuple]:
    """(games/s, mean turns, (searched decisions, rollouts, the turns those rollouts played)) of ``n`` games in
    calls of ``chunk``."""
    start = time.perf_counter()
    turns, searched, rollouts, rollout_turns = 0, 0, 0, 0
    for first in range(0, n, chunk):
        raise_if_interrupted()
        rec = game.play(order.matchup, strategies, 1, first, min(chunk, n - first), tables, threads,
                        keep_bought=False)
        # the turns array, not ``rec.games``: a frame with a label string per row is no part of the engine
        turns += int(rec.turns.sum())
        if rec.search is not None:
            searched += rec.search[0]
            rollouts += rec.search[1]
            rollout_turns += rec.search[2]
    return n / (time.perf_counter() - start), turns / n, (searched, rollouts, rollout_turns)


def measure(game: Game, order: Order, strategy: str, tables, games: int | None = None,
            repeats: int = 3) -> BenchResult:
    """Both seats on ``strategy``: time ``games`` games on one thread, then on all threads, ``repeats`` times
    over (a search player: one thread count, all of them, and its searched decisions and rollouts)."""
    import numba
    strategies = tuple(game.resolve_strategy(strategy) for _ in range(2))
    t0 = time.perf_counter()
    probe = game.play(order.matchup, strategies, 1, 0, 2, tables, None, keep_bought=False)
    startup = time.perf_counter() - t0
    search = probe.search is not None
    games = games or (DEFAULT_SEARCH_GAMES if search else DEFAULT_GAMES)
    all_threads = numba.config.NUMBA_NUM_THREADS
    one, many = [], []
    best = (0.0, 0.0, 0.0)
    turns, rollout_turns = 0.0, 0.0
    for _ in range(max(1, repeats)):
        if not search:
            rate, turns, _ = _rate(game, order, strategies, tables, games, 1)
            one.append(rate)
        start = time.perf_counter()
        rate, turns, (searched, rollouts, played) = _rate(game, order, strategies, tables, games, all_threads,
                                                  SEARCH_CHUNK if search else CHUNK)
        many.append(rate)
        dt = time.perf_counter() - start
        if search and searched / dt > best[0]:
            best = (searched / dt, rollouts / dt, searched / games)
            rollout_turns = played / max(1, rollouts)
    base_gps, base_turns = 0.0, 0.0
    base = search_base(game, strategy) if search else None
    if base is not None:
        base_strategies = tuple(game.resolve_strategy(base) for _ in range(2))
        # its own entry is not loaded yet: its first call loads (or compiles) it, which is no part of its speed
        game.play(order.matchup, base_strategies, 1, 0, 2, tables, None, keep_bought=False)
        runs = [_rate(game, order, base_strategies, tables, BASE_GAMES, all_threads) for _ in range(max(1, repeats))]
        base_gps, base_turns = max(r[0] for r in runs), runs[0][1]
    return BenchResult(games, all_threads, startup, one or many, many, turns, *best, base_gps, rollout_turns,
                       base_turns)


def search_base(game: Game, strategy: str) -> str | None:
    """The heuristic a ``search:N[:BASE]`` or ``ismcts:N[:BASE]`` name plays its rollouts with (None: another
    name, such as a strategy file)."""
    for parse in (parse_search, parse_ismcts):
        parsed = parse(strategy)
        if parsed is not None:
            return parsed[1] or game.info.default_strategy
    return None


def runs_text(runs: list[float]) -> str:
    """"best   (runs: a / b / c)" in games/s."""
    others = " / ".join(f"{r:,.0f}" for r in runs)
    return f"{max(runs):>10,.0f}" + (f"   (runs: {others})" if len(runs) > 1 else "")


def bench_lines(game: Game, order: Order, strategy: str, tables, games: int | None, repeats: int) -> list[str]:
    """What ``commandsim bench`` prints."""
    r = measure(game, order, strategy, tables, games, repeats)
    seats = f"{order.sides[0]} ({order.variants[0]}) vs {order.sides[1]} ({order.variants[1]})"
    if r.searched_s:
        return [f"{game.info.name}: {strategy} in both seats, {seats}, {r.games:,} games on {r.threads} threads "
                f"(best of {len(r.all_threads_runs)}):",
                f"games/s:                {max(r.all_threads_runs):>12,.1f}",
                f"searched decisions/s:   {r.searched_s:>12,.0f}   ({r.searched_per_game:.1f} per game)",
                f"rollouts/s:             {r.rollouts_s:>12,.0f}", *engine_speed_lines(r)]
    return [f"{game.info.name}: {strategy} in both seats, {seats}, {r.games:,} games a run",
            f"start-up (cache load or compile) + 2 games: {r.startup_s:.1f} s",
            f"games/s, 1 thread:      {runs_text(r.one_thread_runs)}",
            f"games/s, {r.threads} threads:     {runs_text(r.all_threads_runs)}",
            f"scaling, best to best:  {r.scaling:>10.2f}x",
            f"mean {game.info.turn}s/game: {r.mean_turns:>10.1f}"]


def engine_speed_lines(r: BenchResult) -> list[str]:
    """How near a search player's rollouts come to the engine's speed: a rollout plays a game's remainder
    with the base heuristic, so at the engine's speed rollouts/s would be the heuristic's games/s times a
    whole game's turns over a rollout's (both counted, not assumed), before the copying and dealing of the
    state and the choosing that each rollout adds."""
    if not r.base_gps or not r.rollout_turns:
        return []
    bound = r.base_gps * r.base_turns / r.rollout_turns
    return [f"base heuristic games/s: {r.base_gps:>12,.0f}   (same threads; {r.base_turns:.1f} turns a game)",
            f"turns a rollout plays:  {r.rollout_turns:>12.1f}   (from its decision to the game's end)",
            f"rollouts at engine speed: about {bound:,.0f}/s (the heuristic's turns/s over a rollout's turns); "
            f"these rollouts reach {r.rollouts_s / bound:.2f} of it"]


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


def _probe(game: Game, cards_path) -> str:
    """A child's start: import the game, load its cards, play a few games of its first sweep cell."""
    cards = f"[{str(cards_path)!r}]" if cards_path else "[]"
    return ("from simcore.games import registry; from simcore.game import SweepSpec; "
            f"g = registry.load({game.module!r}); t = g.load_tables({cards}); "
            "o = g.sweep_cells(SweepSpec(), t)[0].orders[0]; "
            "g.play(o.matchup, tuple(g.resolve_strategy(s) for s in o.strategies), 1, 0, 8, t, None)")


def startup_times(game: Game, cards_path=None) -> tuple[float, float]:
    """Seconds from a new process to its first games: with an empty numba cache (a first run,
    everything compiles), then with the cache that run left (every later run)."""
    def run(cache: str) -> float:
        start = time.perf_counter()
        _child([sys.executable, "-c", _probe(game, cards_path)], "the start-up measuring process",
               env={"COMMANDSIM_CACHE_DIR": cache})
        return time.perf_counter() - start

    with _temp_folder() as cache:
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
    with _temp_folder() as out:
        report = os.path.join(out, "peak.txt")
        start = time.perf_counter()
        _child([sys.executable, "-c", _CLI_CHILD, *args, report], what, stdout=subprocess.DEVNULL, cwd=cwd)
        elapsed = time.perf_counter() - start
        with open(report) as f:
            return int(f.read()) / 1024, elapsed


def sweep_peak_memory(game: Game, games: int, cards_path=None, extra: tuple[str, ...] = ()) -> tuple[float, float]:
    """Peak resident memory (MB) and wall time (s) of a new process running `commandsim sweep --game`
    with ``games`` games per cell (the game's default grid, or the cells ``extra`` options choose)."""
    with _temp_folder() as out:
        args = ["sweep", "--game", game.info.name, "--games", str(games), "--quiet", "--out",
                os.path.join(out, "sweep.csv"), *extra]
        if cards_path:
            args += ["--cards", str(cards_path)]
        return cli_peak_memory(args, "the memory-measuring sweep")
