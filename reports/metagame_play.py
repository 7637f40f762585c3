"""The games of a metagame: every entry of side A against every entry of side B, and each side's entries against
each other (the symmetric metagame's cells), all on the same seeds, each seed in both seat orders.

Game-agnostic: a game comes in through its tuning space (``simcore.tuning_space.TuneSpace``), as the
tournament's pairs do: ``matchup`` reads the sides, and ``head_to_head(x, y, n, seed, matchup, tables, threads,
first_game=F)`` plays strategy x against y on seeds F .. F + n/2 - 1, each seed twice (seats swapped), the first
half of them with x on the matchup's first side and the second half with x on its second side.

**A cell with the sides fixed.**  The cell (s on A, t on B) takes the first half's seeds from the call (s, t) and
the second half's from the call (t, s), whose second half has t on B and s on A.  A game is fixed by its base
seed, its index, its matchup and its strategies in seat order, not by the call that plays it, so each cell holds
the very games a single call "s on A against t on B on every seed" would play, and every cell the same seeds.
When both sides play the same entries, every call serves two cells and no game is wasted; entries that only one
side plays cost one half-used call each.

**Mirror cells** (two entries of one side: the symmetric metagame's) come from the matchup of the side against
itself (both halves then have the same sides).  A game whose rules forbid a mirror (The Last Command: one Ship Mat
per faction) says so when the matchup is read; those cells are not played (``Played.symmetric`` marks them).

Calls are cut into chunks of at most ``CHUNK_SEEDS`` seeds, played by a runner (``simcore.cluster``: this
process's threads or a Dask cluster) in a fixed order; the result does not depend on the runner, the chunk size
or the thread count.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from simcore.errors import CommandsimError
from simcore.game import OptionError

CHUNK_SEEDS = 1000      # seeds per engine call (2,000 games): progress and Ctrl-C between calls
AB, AA, BB = "AB", "AA", "BB"

Progress = Callable[[int, int], None]    # (games done, games in all)


@dataclass(frozen=True)
class Side:
    name: str               # as the game's matchup reads it ("federation")
    variant: str | None     # as given (None: the game's default)
    label: str              # as tables show it ("federation", "federation asymmetrical")


@dataclass(frozen=True)
class Call:
    """One kind of engine call: strategy ``x`` against ``y`` (display names) on matchup ``key`` (AB, AA, BB)."""
    x: str
    y: str
    key: str


@dataclass(frozen=True, eq=False)
class Chunk:
    """A unit of work for a runner: ``x`` against ``y`` (as played) on seeds ``first .. first + seeds - 1``."""
    x: object
    y: object
    matchup: object
    seeds: int
    seed: int
    first: int
    play: Callable          # the tuning space's head_to_head (a module-level function: it travels to workers)


def play_chunk(chunk: Chunk, tables, threads: int | None = None) -> np.ndarray:
    """x's scores float[seeds, 2] (1 win, 1/2 draw, 0 loss), in seed order: the game with x first, then y first."""
    match = chunk.play(chunk.x, chunk.y, 2 * chunk.seeds, chunk.seed, chunk.matchup, tables, threads,
                       first_game=chunk.first)
    return np.asarray(match.score, dtype=float).reshape(-1, 2)


@dataclass
class Setup:
    """What a metagame plays: the two sides, each side's entries (display names, in order), each entry as played,
    the matchups, and why a side cannot meet itself (when the game says so)."""
    game: str
    sides: tuple[Side, Side]
    entries: tuple[tuple[str, ...], tuple[str, ...]]
    played_as: dict[str, object]
    matchups: dict[str, object]
    refused: dict[str, str] = field(default_factory=dict)
    head_to_head: Callable | None = None
    tables: object = None

    @property
    def mirror(self) -> bool:
        """The two sides are one (a mirror match-up): its value is 1/2 by symmetry."""
        return self.sides[0] == self.sides[1]

    def symmetric_entries(self) -> list[tuple[int, str]]:
        """The symmetric metagame's entries, (side index, strategy): every side's entries (one side in a
        mirror, with every strategy either list names)."""
        if self.mirror:
            return [(0, s) for s in dict.fromkeys([*self.entries[0], *self.entries[1]])]
        return [(0, s) for s in self.entries[0]] + [(1, s) for s in self.entries[1]]

    def mirror_key(self, side: int) -> str:
        return AB if self.mirror else (AA, BB)[side]

    def calls(self) -> list[Call]:
        """Every engine call the cells need, once each, in a fixed order."""
        out: dict[Call, None] = {}
        for s in self.entries[0]:
            for t in self.entries[1]:
                out[Call(s, t, AB)] = None
                out[Call(t, s, AB)] = None
        entries = self.symmetric_entries()
        for i, (side, s) in enumerate(entries):
            for side2, t in entries[i + 1:]:
                key = self.mirror_key(side)
                if side == side2 and key not in self.refused and Call(t, s, key) not in out:
                    out[Call(s, t, key)] = None
        return list(out)

    def chunks(self, calls: Sequence[Call], seed: int, first: int, seeds: int) -> list[Chunk]:
        return [Chunk(self.played_as[c.x], self.played_as[c.y], self.matchups[c.key], n, seed, start,
                      self.head_to_head)
                for c in calls for start, n in seed_ranges(first, seeds)]


def seed_ranges(first: int, seeds: int) -> list[tuple[int, int]]:
    """(first seed, seeds) of each chunk of seeds ``first .. first + seeds - 1`` (an even number each)."""
    return [(start, min(CHUNK_SEEDS, first + seeds - start)) for start in range(first, first + seeds, CHUNK_SEEDS)]


def first_halves(first: int, seeds: int) -> np.ndarray:
    """bool[seeds]: the seeds a call plays with its first strategy on the matchup's first side (each chunk's
    first half)."""
    out = np.zeros(seeds, bool)
    for start, n in seed_ranges(first, seeds):
        out[start - first:start - first + n // 2] = True
    return out


def setup(game, space, entries: Sequence[str], opponent_entries: Sequence[str] | None, sides: str | None,
          variants: str | None, tables, max_turns: int | None) -> Setup:
    """The metagame of ``game`` (its tuning space ``space``): ``entries`` on side A, ``opponent_entries`` (None:
    the same) on side B, ``sides`` "A,B" (None: the game's first two), ``variants`` "A[,B]" as the tournament
    takes them. Raises ``CommandsimError`` (the match-up's) or an ``OptionError`` naming the option of a bad entry
(``--strategies``, ``--opponent-strategies``) before any game."""
    names = _sides(game, sides)
    kinds = None if variants is None else tuple(x.strip() for x in variants.split(","))
    if kinds is not None and len(kinds) == 1:
        kinds = kinds * 2
    if kinds is not None and (len(kinds) != 2 or not all(kinds)):
        raise CommandsimError(f"expected one {game.info.variant.one} for both sides or one for each (A,B), got "
                              f"'{variants}'")

    def label(k: int) -> str:
        shown = kinds is not None and len(game.info.variants) > 1
        return names[k] + (f" {kinds[k]}" if shown else "")

    def variant_text(a: int, b: int) -> str | None:
        return None if kinds is None else f"{kinds[a]},{kinds[b]}"

    matchups = {AB: space.matchup(f"{names[0]},{names[1]}", variant_text(0, 1), tables, max_turns)}
    side_list = (Side(names[0], kinds and kinds[0], label(0)), Side(names[1], kinds and kinds[1], label(1)))
    refused = {}
    if side_list[0] != side_list[1]:
        for key, k in ((AA, 0), (BB, 1)):
            try:
                matchups[key] = space.matchup(f"{names[k]},{names[k]}", variant_text(k, k), tables, max_turns)
            except CommandsimError as exc:      # the rules forbid this side against itself
                refused[key] = str(exc)
    lists = (list(entries), list(entries if opponent_entries is None else opponent_entries))
    # an entry's error names the option that gave it
    options = ("--strategies", "--strategies" if opponent_entries is None else "--opponent-strategies")
    played_as, shown = {}, ([], [])
    for k, names_k in enumerate(lists):
        try:
            for name in names_k:
                display = game.check_strategy(name)
                if display in shown[k]:
                    raise CommandsimError(f"'{name}' is named '{display}' like another entry of "
                                          f"{side_list[k].label}: every entry needs its own name")
                if display in played_as and not _same(played_as[display], space.resolve(name)):
                    raise CommandsimError(f"two different strategies are named '{display}': give one another name "
                                          f"so that their results stay apart")
                played_as[display] = space.resolve(name)
                shown[k].append(display)
            if len(shown[k]) < 2:
                raise CommandsimError(f"a metagame needs at least two entries a side, got {len(shown[k])} for "
                                      f"{side_list[k].label}")
        except OptionError:
            raise
        except CommandsimError as exc:
            raise OptionError(options[k], str(exc)) from None
    return Setup(game.info.name, side_list, (tuple(shown[0]), tuple(shown[1])), played_as, matchups, refused,
                 space.head_to_head, tables)


def _same(a, b) -> bool:
    return np.array_equal(np.asarray(a), np.asarray(b)) if isinstance(a, np.ndarray) else a == b


def _sides(game, sides: str | None) -> tuple[str, str]:
    if sides is None:
        first = game.info.sides
        return (first[0], first[1 if len(first) > 1 else 0])
    items = tuple(x.strip() for x in sides.split(","))
    if len(items) != 2 or not all(items):
        raise CommandsimError(f"expected the two {game.info.side.many} of the match-up (A,B), got '{sides}'")
    return items


@dataclass
class Played:
    """The per-seed scores of every call of a metagame over seeds ``0 .. seeds - 1`` (``per_call[c][t, k]``:
    c.x's score in game k of seed t, k = 0 with c.x first), and which seeds were each chunk's first half."""
    setup: Setup
    per_call: dict[Call, np.ndarray]
    first_half: np.ndarray

    @property
    def seeds(self) -> int:
        return int(self.first_half.size)

    def __add__(self, more: "Played") -> "Played":
        """These seeds followed by ``more``'s (the next round's)."""
        return Played(self.setup, {c: np.concatenate([a, more.per_call[c]]) for c, a in self.per_call.items()},
                      np.concatenate([self.first_half, more.first_half]))

    def cell(self, s: str, t: str) -> np.ndarray:
        """float[seeds, 2]: s on side A against t on side B, s's score with s first, then with t first."""
        mask = self.first_half[:, None]
        mine = self.per_call[Call(s, t, AB)]
        theirs = 1.0 - self.per_call[Call(t, s, AB)][:, ::-1]
        return np.where(mask, mine, theirs)

    def matchup(self) -> np.ndarray:
        """float[entries A, entries B, seeds, 2]: every cell of the match-up."""
        a, b = self.setup.entries
        return np.array([[self.cell(s, t) for t in b] for s in a]).reshape(len(a), len(b), self.seeds, 2)

    def symmetric(self) -> tuple[list[tuple[int, str]], np.ndarray, np.ndarray]:
        """(entries, cells float[n, n, seeds, 2], met bool[n, n]) of the symmetric metagame: the row entry's
        scores; a cell whose entries cannot meet (one side against itself where the rules forbid it) and the
        diagonal are 1/2 and not met."""
        entries = self.setup.symmetric_entries()
        n = len(entries)
        cells = np.full((n, n, self.seeds, 2), 0.5)
        met = np.zeros((n, n), bool)
        for i, (side, s) in enumerate(entries):
            for j, (side2, t) in enumerate(entries):
                if i == j:
                    continue
                if side != side2:
                    cells[i, j] = self.cell(s, t) if side == 0 else 1.0 - self.cell(t, s)[:, ::-1]
                    met[i, j] = True
                    continue
                key = self.setup.mirror_key(side)
                if key in self.setup.refused:
                    continue
                if self.setup.mirror:
                    cells[i, j] = self.cell(s, t)
                elif Call(s, t, key) in self.per_call:
                    cells[i, j] = self.per_call[Call(s, t, key)]
                else:
                    cells[i, j] = 1.0 - self.per_call[Call(t, s, key)][:, ::-1]
                met[i, j] = True
        return entries, cells, met


def play_range(setup: Setup, seed: int, first: int, seeds: int, runner=None, progress: Progress | None = None,
               done: int = 0, total: int | None = None) -> Played:
    """Every call on seeds ``first .. first + seeds - 1`` on ``runner`` (default: this process); ``progress(games
    done, total)`` after each chunk, counting from ``done``."""
    from simcore.cluster import LocalRunner

    runner = runner or LocalRunner()
    calls = setup.calls()
    ranges = seed_ranges(first, seeds)
    total = done + 2 * seeds * len(calls) if total is None else total
    results = runner.map(play_chunk, setup.chunks(calls, seed, first, seeds), setup.tables)
    out = {}
    for call in calls:
        parts = []
        for _, n in ranges:
            parts.append(next(results))
            done += 2 * n
            if progress is not None:
                progress(done, total)
        out[call] = np.concatenate(parts)
    return Played(setup, out, first_halves(first, seeds))


def check_games(games: int, what: str = "games per cell") -> int:
    if games < 4 or games % 4:
        raise CommandsimError(f"{what} must be a multiple of 4 (each seed with both seat orders, and half of the "
                              f"seeds from each of a cell's two calls), got {games}")
    return games


def default_entries(game, space) -> list[str]:
    """The game's built-in strategies (its strategy listing's names that are strategies as they stand, not
    patterns such as ``search:N``): the tuning pool first, then the rest in the listing's order."""
    listed = []
    for row in game.strategy_listing().rows:
        try:
            game.check_strategy(str(row[0]))
        except CommandsimError:
            continue
        listed.append(str(row[0]))
    return list(dict.fromkeys([*space.default_pool, *listed]))
