"""How long a run will take, said before it starts: the expected time, and the cap's where a sequential stop
makes the length uncertain (issue #44: an estimate is an expectation, not an upper bound).

**The cost of a run.**  A run is engine calls: a call of n games costs ``overhead + n * per_game`` seconds
(``Speed``), and the overhead (dispatch, threads, the Python around a call: about a millisecond) outweighs the
games of a small call.  So a probe (``probe``) times calls of growing size on seeds the run never plays
(``probe_seed``: the run's results do not change), from the smallest a run makes up to one that takes
``budget`` seconds or is as big as the run's own calls, and fits both numbers; a call that compiled or loaded
engine code (``simcore.game_jit.versions`` grew) is played again, so the compile is not counted as play.
Every command counts its calls and games from its own options (``calls_of``) and prices them with the
speeds of the match-ups it plays.

**Uncertain lengths.**  Where a run stops when a statistic says so (``sweep --target-ci``, ``compare
--until-verdict``, the tests of ``impact`` and ``advise``), the probe's games also serve as a pilot, and the
stop rules' expected games come from ``reports.expected_stops`` (one place, next to the rules themselves);
a ``Part`` then holds the expected seconds and those of the cap.

An estimate is of the time from the moment it is printed to the end of the run (the probes and a pilot played
before it are not in it).  ``Estimate`` holds a run's parts in the order they run; ``text`` words it ("Estimated time: about 2 minutes,
at most 9 minutes (...)") and ``seconds_done`` drives the progress bar by expected time, so the bar's
remaining time agrees with the line.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

PROBE_SEED_OFFSET = 10**9  # the probes' base seed is the run's plus this: seeds the run never plays
PROBE_SECONDS = 3.0        # the probes of one run, all told (an estimate comes within seconds of the start)
QUICK_PROBE_SECONDS = 0.5  # ... of a run of a known size, which says its estimate only when it is long:
WORTH_SAYING = 20.0        # an expected time from which a run of known size says it (it might take a minute)
PART_SECONDS = (0.05, 0.5)  # the largest probe call of one match-up: at least, at most
RETIME_BELOW = 0.05        # a probe call shorter than this is timed twice (the first may hold one-off costs)
RUN_SHARE = 0.1            # a probe of a slow match-up may take this share of what it measures ...
PART_SECONDS_SLOW = 4.0    # ... up to this (a search's games vary in length: a few of them say little)
# a command's last lines, its files and the process's end after its games: 0.3 s measured on the 2-core machine
# at a load of 3, 0.6 to 1.6 s at a load of 8 to 12 (from a sweep's last line to its exit), and in every run
ENDING_SECONDS = 0.4
REPEATS = 20               # calls of the run's own size timed again while the budget lasts (small calls jitter)


def probe_seed(seed: int) -> int:
    """The base seed of a run's probes: one the run never plays (its own seeds are streams of ``seed``)."""
    return (seed + PROBE_SEED_OFFSET) % (2**63)


def part_budget(kinds: int, total: float = PROBE_SECONDS) -> float:
    """Seconds of the largest probe call of each of ``kinds`` match-ups, so that all of them take ``total``."""
    low, high = PART_SECONDS
    return min(high, max(low, total / (2 * max(1, kinds))))


@dataclass(frozen=True)
class Speed:
    """What an engine call costs: ``overhead`` seconds, plus ``per_game`` for each of its games."""
    overhead: float
    per_game: float

    def seconds(self, games: float, calls: float = 1.0) -> float:
        return calls * self.overhead + games * self.per_game


@dataclass
class Probe:
    """A measured ``speed``, the ``result`` of the largest probe call (a pilot's games), ``games`` probed."""
    speed: Speed
    result: Any
    games: int
    size: int       # games of the largest call


def timed(play: Callable[[], Any]) -> tuple[float, Any]:
    """(seconds, result) of ``play()``, played again when the call compiled engine code or loaded it from the
    cache (the compile is not the game's cost)."""
    from simcore.game_jit import versions

    for _ in range(3):
        before = versions()
        began = time.perf_counter()
        result = play()
        seconds = time.perf_counter() - began
        if versions() == before:
            break
    return seconds, result


def probe(play: Callable[[int], Any], unit: int, most: int | None = None, budget: float = PART_SECONDS[1],
          run_games: int | None = None) -> Probe:
    """The ``Speed`` of ``play(n)`` (n games, a multiple of ``unit``, on probe seeds): calls of ``unit`` games,
    then of growing size until one takes ``budget`` seconds (or ``RUN_SHARE`` of the ``run_games`` the run plays
    of this kind, when that is more: a slow match-up's few games vary; at most ``PART_SECONDS_SLOW``) or holds
    ``most`` games (the run's own call size).  The cost of a game is the slope between the two largest calls
    (a call of many games costs more a game than one of a few), the overhead what the smallest call leaves."""
    n = unit
    small, result = timed(lambda: play(n))
    played = n
    if small < RETIME_BELOW:      # the first call of a kind may hold one-off costs (threads, lazy imports)
        again, result = timed(lambda: play(n))
        small, played = min(small, again), played + n
    points = [(n, small)]
    last = small
    if run_games and small >= RETIME_BELOW:   # slow games (a few of them take that long): a search's
        budget = max(budget, min(PART_SECONDS_SLOW, RUN_SHARE * run_games * small / n))
    while last < budget / 2 and (most is None or n < most):   # the next call aims at the budget
        grow = min(64.0, max(2.0, budget / max(last, 1e-3)))
        n = max(n + unit, int(n * grow) // unit * unit)
        if most is not None:
            n = min(n, max(unit, most // unit * unit))
        last, result = timed(lambda: play(n))
        played += n
        points.append((n, last))
    if most is not None and n >= most and len(points) > 1:   # small calls jitter: time the run's own size again
        times, spent = [last], sum(t for _, t in points)
        while len(times) < REPEATS and spent + last < budget:
            took, _ = timed(lambda: play(n))
            times.append(took)
            spent, played = spent + took, played + n
        points[-1] = (n, sum(times) / len(times))
    (n0, t0), (n1, t1) = points[0], points[-1]
    if len(points) > 2 and n1 >= 1.5 * points[-2][0] and t1 > points[-2][1]:
        per_game = (t1 - points[-2][1]) / (n1 - points[-2][0])
        speed = Speed(max(0.0, t0 - n0 * per_game), per_game)
    elif n1 > n0 and t1 > t0:
        per_game = (t1 - t0) / (n1 - n0)
        speed = Speed(max(0.0, t0 - n0 * per_game), per_game)
    else:
        speed = Speed(0.0, t1 / n1)
    return Probe(speed, result, played, n1)


PILOT_SECONDS = 3.0        # a run's own first seeds, played before its estimate when they decide its length


@dataclass
class Pilot:
    """The first ``seeds`` seeds of a run, played as one range (``result``), and the ``speed`` per engine call
    and per game it is priced at."""
    result: Any
    seeds: int
    speed: Speed


def pilot(play_range: Callable[[int, int], Any], limit: int, calls: int, games_per_seed: int, speed: Speed,
          seconds: float = PILOT_SECONDS) -> Pilot:
    """The first seeds of a run whose length depends on what they show (a screen): ``play_range(0, n)`` plays
    seeds 0 .. n - 1 of all of its ``calls`` engine calls (each ``games_per_seed`` games a seed), n chosen from
    ``speed`` (a probe's) to take about ``seconds``, at least 2 and at most ``limit``.  The results are those of
    the run's own seeds: the run plays the rest after them."""
    per_seed = calls * games_per_seed * speed.per_game
    n = int(min(limit, max(2, (seconds - calls * speed.overhead) / max(per_seed, 1e-12))))
    return Pilot(play_range(0, n), n, speed)


def calls_of(games: int, chunk: int) -> int:
    """Engine calls of ``games`` games played in chunks of at most ``chunk``."""
    return -(-int(games) // max(1, int(chunk))) if games > 0 else 0


@dataclass
class Part:
    """One part of a run: its expected seconds and games, and at most (its cap) ``most_seconds`` over
    ``most_games`` (None: the part's length is known)."""
    label: str
    seconds: float
    games: float = 0.0
    most_seconds: float | None = None
    most_games: float | None = None

    @property
    def most(self) -> float:
        return self.seconds if self.most_seconds is None else max(self.seconds, self.most_seconds)

    @property
    def extent(self) -> float:
        """The games this part may play: its cap's (progress walks the parts in order by these)."""
        return self.games if self.most_games is None else max(self.games, self.most_games)


@dataclass
class Estimate:
    """A run's parts in order, and what the speeds were measured on."""
    parts: list[Part]
    measured: str = ""
    notes: list[str] = field(default_factory=list)
    interleaved: bool = False   # the parts' games are played side by side (a sweep's cells), not one after another
    ending: float = ENDING_SECONDS   # after the games: the last lines, the files, the process's end

    @property
    def labels(self) -> list[str]:
        return [p.label for p in self.parts]

    def part_seconds(self) -> list[float]:
        return [p.seconds for p in self.parts]

    @property
    def playing(self) -> float:
        """The expected time of the parts' games."""
        return float(sum(p.seconds for p in self.parts))

    @property
    def seconds(self) -> float:
        """The expected time, to the end of the command."""
        return self.playing + self.ending

    @property
    def most(self) -> float:
        """The time if every sequential part runs to its cap."""
        return float(sum(p.most for p in self.parts)) + self.ending

    @property
    def uncertain(self) -> bool:
        return self.most > 1.05 * self.seconds + 1.0

    def slowest(self) -> int:
        return max(range(len(self.parts)), key=lambda k: self.parts[k].seconds)

    def seconds_done(self, games_done: float) -> float:
        """The expected seconds of the first ``games_done`` games of the run (parts in order, each part's games
        at its own cost per game, up to its cap)."""
        left, done = max(0.0, float(games_done)), 0.0
        if self.interleaved:
            games = sum(p.games for p in self.parts)
            return self.playing * left / games if games > 0 else 0.0
        for p in self.parts:
            if left <= 0:
                break
            extent = p.extent
            take = min(left, extent) if extent > 0 else 0.0
            rate = p.seconds / p.games if p.games > 0 else 0.0
            done += take * rate
            left -= take
        return float(done)

    def text(self, shorten: str = "") -> str:
        """One line: the expected whole (and at most, when uncertain), the slowest part, and ``shorten`` (how
        to make it shorter)."""
        whole = f"Estimated time: {duration(self.seconds)}"
        if self.uncertain:
            whole += f", at most {duration(self.most)}"
        inside = []
        if len(self.parts) > 1 and self.seconds > 0:
            k = self.slowest()
            inside.append(f"{self.parts[k].label}: {duration(self.parts[k].seconds)}, "
                          f"{self.parts[k].seconds / self.seconds:.0%} of it")
        if self.measured:
            inside.append(self.measured)
        inside += self.notes
        return whole + (f" ({'; '.join(inside)})" if inside else "") + (f"; {shorten}" if shorten else "") + "."


def duration(seconds: float) -> str:
    if seconds < 90:
        return f"about {max(1, round(seconds))} s"
    if seconds < 5400:
        return f"about {round(seconds / 60)} minutes"
    return f"about {seconds / 3600:.1f} hours"


def probed_text(games: int) -> str:
    return f"speed measured on {games:,} probe games"


def fixed_part(label: str, speed: Speed, games: float, calls: float) -> Part:
    """A part of known length: ``games`` games in ``calls`` engine calls at ``speed``."""
    return Part(label, speed.seconds(games, calls), float(games))


def mean_speed(speeds: Sequence[Speed]) -> Speed:
    return Speed(sum(s.overhead for s in speeds) / len(speeds), sum(s.per_game for s in speeds) / len(speeds))
