"""Balance sweep, for every game: play each match-up of a grid on common seeds, both seat orders, and aggregate.

A *cell* (``simcore.game.Cell``, from the game's ``sweep_cells``) is one match-up: side A with its variant
and strategy against side B. Every cell is played on the same seeds: games ``g = 0 .. N/2 - 1`` of base
seed S once in each seat order, so first-player advantage is measured (rows with ``seat`` first/second)
rather than mixed into the side's win rate (``seat`` both), and cells can be compared pair-wise on
identical dice. A cell whose rules fix the seats (The Last Command's Solo Mode: the player moves first)
has one seat order: its games ``0 .. N - 1`` are played once, and only the seats it counts (the player's)
are aggregated. Games run in chunks so memory stays flat however many games a cell has; only additive
counts are kept between chunks (``reports.chunk_counts``, straight from the engine's int arrays), and the
winner codes of a cell's first seat order until its other order of the same seeds is in: a seed's two
games are one sample of the ``both`` rows and of the first player's share (``chunk_counts.seed_sums``).

With a target interval (``target_ci``) every cell is played in rounds of ``games`` games until every
row it writes (each side's seat first, second and both) has a 95% interval of half-width at most
``target_ci``, or ``max_games`` are played (the cell *hit the cap*): a seat's row holds half the games,
so it is the one that decides.  The rounds, not the chunks,
decide when to stop, so results still do not depend on chunk size or threads.  The interval of a cell
that stopped early is still a 95% interval: the rule looks only at its width, which tells how many
games the cell needs and not which way its estimate leans (Anscombe's theorem;
``tests/core/test_sweep_target_ci.py`` simulates the coverage).  That needs rounds of a realistic size: with
rounds under ``MIN_TARGET_ROUND`` games a cell can stop after a handful of games, below its level (87%
measured with rounds of 2 games and a +-30-point target).
Chunks (``SweepChunk``, played by ``play_chunk``) go to a runner (``simcore.cluster``): this process's
threads, or the workers of a Dask cluster, with the same results. A chunk names its game by the game's
contract module, so a worker finds it.

    >>> from reports.sweep import run_sweep
    >>> agg, cards = run_sweep("star-realms", games=2000, seed=1)
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from simcore import trial
from simcore.blocks import BlockPool
from simcore.bounds import LABELS as BOUND_LABELS
from simcore.cluster import LocalRunner
from simcore.errors import CommandsimError
from simcore.game import Cell, Game, SweepSpec, hooks
from simcore.games import registry

from .aggregate import card_table, combine_counts, summarise
from . import identical_games as identical
from .chunk_counts import ChunkTally, SweepTally, tally_chunk
from .identical_games import chunk_digest
from .per_game import per_game_batch
from .per_round import per_round_batch, tracked_rounds
from .shape_tally import CellDetail, DetailChunk, detail_chunk

DEFAULT_GAMES = 20000  # per cell: a +-0.7-point interval in a few seconds
DEFAULT_CHUNK = 20_000      # games per engine call: memory and Ctrl-C latency vs call overhead
DEFAULT_MAX_GAMES = 1_000_000   # per cell, with a target interval
MIN_TARGET_ROUND = 100      # games per round below which a target-interval stop may undercut the 95% level
PAIR_WINDOW = 20_000        # seeds played in one seat order before the other's: what waits to be paired, at most
# the shape tables a sweep of a game that records its shape writes beside its aggregate (<stem>_<tag>)
SHAPE_FILES = {"shape": "shape table (each cell's length, lead changes, decisive round, drama, comebacks)",
               "tempo": "tempo table (each side's mean lead by round)",
               "decisive": "decisive-round table (games per round of the last lead change)",
               "plays": "card play table (per side and card: bought, drawn, played, win rates when played)"}
CELL_COLUMNS = ("mode", "faction", "opponent_faction", "variant", "opponent_variant", "difficulty", "strategy",
                "opponent_strategy", "games", "half_width", "hit_cap", *(f"at_{b}" for b in BOUND_LABELS[1:]))

Progress = Callable[[int, int], None]   # (games done, total games)
GamesSink = Callable[[Any], None]   # receives each chunk's per-game records (or per-round rows): a pyarrow.RecordBatch


@dataclass
class SweepResult:
    """What a sweep returns: the aggregate table, the per-card table and one row per cell
    (``CELL_COLUMNS``: games played, final interval half-width, whether it stopped at the cap, and the games an
    engine bound or the turn cap ended: ``at_<bound>``, ``simcore.bounds``); and, for a game that records its
    shape (``simcore.shape``), the shape tables (``reports.shape_tables``: per cell its measures, tempo curves and
    decisive rounds; per side and card its plays). Empty for a game that records none."""
    aggregate: pd.DataFrame
    cards: pd.DataFrame
    cells: pd.DataFrame
    shape: pd.DataFrame = field(default_factory=pd.DataFrame)
    tempo: pd.DataFrame = field(default_factory=pd.DataFrame)
    decisive: pd.DataFrame = field(default_factory=pd.DataFrame)
    plays: pd.DataFrame = field(default_factory=pd.DataFrame)
    past_track: int = 0     # games longer than the per-round track (simcore.shape.TRACK_ROUNDS rounds)
    track_rows: int = 0     # rows of the per-round track (per_round)

    def shape_tables(self) -> dict[str, pd.DataFrame]:
        """The shape tables by the tag of the file each goes to (``<stem>_<tag>``), those the game records."""
        return {tag: t for tag, t in (("shape", self.shape), ("tempo", self.tempo), ("decisive", self.decisive),
                                      ("plays", self.plays)) if not t.empty}

    def bound_counts(self) -> np.ndarray:
        """int64[len(simcore.bounds.LABELS)]: the sweep's games by the bound that ended them."""
        out = np.zeros(len(BOUND_LABELS), np.int64)
        for code, label in enumerate(BOUND_LABELS[1:], 1):
            out[code] = int(self.cells[f"at_{label}"].sum()) if len(self.cells) else 0
        return out

    def capped(self) -> pd.DataFrame:
        """The cells that stopped at ``max_games`` before reaching the target interval."""
        return self.cells[self.cells["hit_cap"]].reset_index(drop=True)


# ---- checking the spec (all before any game is played)

def check_per_round(game: Game) -> None:
    """A per-round track needs a standing the engine records after every round (``GameInfo.standing``)."""
    if game.info.standing is None:
        raise CommandsimError(f"the game {game.info.name} records no standing after each round (GameInfo.standing), "
                              f"so its games have no per-round track: expected a game that records one")


def seat_orders(cells: Sequence[Cell]) -> int:
    """The most seat orders per seed of a sweep's cells (2: both; 1: the rules fix the seats, or a mirror
    with one strategy, whose two orders would be the same games): the games per cell must divide by it."""
    return max(len(cell.orders) for cell in cells)


def check_games(games: int, per_seed: int = 2) -> int:
    if per_seed == 1:
        if games < 1:
            raise CommandsimError(f"games per cell must be at least 1, got {games}")
        return games
    if games < 2 or games % 2:
        raise CommandsimError(f"games per cell must be an even number >= 2 (each seed is played once with each "
                              f"seat order), got {games}")
    return games


def check_target(target_ci: float | None, max_games: int | None, games: int, per_seed: int = 2) -> int | None:
    """The per-cell cap of a target-interval sweep (None without a target); raises for a bad pair."""
    if target_ci is None:
        if max_games is not None:
            raise CommandsimError("a games cap (max_games) applies only with a target interval (target_ci)")
        return None
    if not 0 < target_ci < 0.5:
        raise CommandsimError(f"the target half-width must be between 0 and 0.5 (a share, e.g. 0.01 for "
                              f"+-1 point), got {target_ci}")
    cap = trial.cap("max_games", DEFAULT_MAX_GAMES) if max_games is None else max_games
    if cap < games:
        raise CommandsimError(f"the games cap ({cap}) must be at least the games of the first round ({games})")
    if per_seed == 2 and cap % 2:
        raise CommandsimError(f"the games cap must be an even number (each seed is played with each seat "
                              f"order), got {cap}")
    return cap


def half_width(counts: pd.DataFrame, pairs: pd.DataFrame | None = None) -> float:
    """Half-width of the widest 95% interval a cell writes (every side's seat first, second and both rows), from
    its ``perspective_counts`` and its seeds' sums (``aggregate.pair_counts``)."""
    if counts.empty:
        return float("nan")
    table = summarise(counts, pairs=pairs)
    return float(np.max((table["ci_high"] - table["ci_low"]).to_numpy() / 2))


def chunk_labels(sides: tuple[str, str], variants: tuple[str, str], strategies: tuple[str, str]) -> dict[str, str]:
    """The cell keys of a chunk's games, as per-game records name them."""
    return {"first_faction": sides[0], "second_faction": sides[1], "first_variant": variants[0],
            "second_variant": variants[1], "first_strategy": strategies[0], "second_strategy": strategies[1]}


# ---- one chunk: the unit of work of the local and the cluster runner

@dataclass(frozen=True, eq=False)
class SweepChunk:
    """One chunk of a sweep: games ``first_game .. first_game + n - 1`` of seat order ``order`` of cell
    ``cell`` (an index into the sweep's cells) of the game whose contract is module ``game``. Strategies
    are resolved (``Game.resolve_strategy``), so a chunk plays the same on a machine without their files."""
    game: str
    cell: int
    matchup: Any
    strategies: tuple
    sides: tuple[str, str]
    variants: tuple[str, str]
    seats: tuple[int, ...]
    seed: int
    first_game: int
    n: int
    mode: str
    difficulty: str
    market: np.ndarray      # card indices with a per-game bought column
    per_game: bool
    order: int = 0          # the seat order's index in the cell (its games' digest tells the orders apart)
    per_round: bool = False   # its per-round track is sent back too (reports.per_round)


@dataclass
class ChunkCounts:
    """What a chunk sends back: additive counts (numpy, a few hundred integers), the labels of its
    perspectives, and its per-game records only if asked for."""
    tally: ChunkTally        # the seats the cell counts
    labels: dict[str, str]   # chunk_labels, with the strategies as the engine named them
    opponent_label: str      # the second seat's strategy label (Solo Mode: the engine's A.I. name)
    games: Any | None        # pyarrow.RecordBatch (per_game.per_game_batch)
    winner: np.ndarray | None = None   # int8 winner codes (a byte a game): paired with the other seat order's
    digest: int = 0          # ``identical_games.chunk_digest`` of its games: cells that played the same games
    detail: DetailChunk | None = None  # its games' shapes and card counts (``reports.shape_tally``)
    rounds: Any | None = None  # pyarrow.RecordBatch (per_round.per_round_batch), only if asked for
    past_track: int = 0      # its games longer than the per-round track (with ``rounds``)


def play_chunk(chunk: SweepChunk, tables, threads: int | None = None) -> ChunkCounts:
    """Play one chunk and reduce it to counts."""
    game = registry.load(chunk.game)
    rec = game.play(chunk.matchup, chunk.strategies, chunk.seed, chunk.first_game, chunk.n, tables, threads,
                    keep_bought=True)
    return _chunk_counts(chunk, rec)


def start_chunk(chunk: SweepChunk, tables, pool: BlockPool, last: bool = True) -> Callable[[], ChunkCounts]:
    """``play_chunk`` queued on ``pool``'s engine threads (the game's ``start`` hook; by default played at
    once); the function returned waits and reduces. ``last`` False: another chunk will be queued behind
    this one."""
    game = registry.load(chunk.game)
    records = hooks(game).start(chunk.matchup, chunk.strategies, chunk.seed, chunk.first_game, chunk.n, tables,
                                pool, keep_bought=True, last=last)
    return lambda: _chunk_counts(chunk, records())


play_chunk.start = start_chunk   # the local runner plays the next chunk while this one is reduced


def _chunk_counts(chunk: SweepChunk, rec) -> ChunkCounts:
    names = tuple(str(s) for s in rec.strategies)
    games = per_game_batch(rec, chunk.mode, chunk.difficulty, chunk.market) if chunk.per_game else None
    rounds, past = None, 0
    if chunk.per_round:
        rounds = per_round_batch(rec, chunk.mode, chunk.difficulty)
        past = int(np.count_nonzero(tracked_rounds(rec.shape.rounds) < rec.shape.rounds))
    return ChunkCounts(tally_chunk(rec.winner, rec.turns, rec.bought, chunk.seats, getattr(rec, "bounds", None)),
                       chunk_labels(chunk.sides, chunk.variants, names), names[1], games,
                       np.asarray(rec.winner, np.int8),
                       chunk_digest(chunk.first_game, chunk.order, rec.winner, rec.turns, rec.bought),
                       detail_chunk(rec), rounds, past)


# ---- the sweep

def play_sweep(game: Game | str, cells: Sequence[Cell], games: int = DEFAULT_GAMES, seed: int = 1,
               threads: int | None = None, tables=None, progress: Progress | None = None, *,
               target_ci: float | None = None, max_games: int | None = None, per_game: GamesSink | None = None,
               per_round: GamesSink | None = None, chunk_size: int = DEFAULT_CHUNK, runner=None) -> SweepResult:
    """Play ``cells`` of ``game`` (from its ``sweep_cells``) and return a ``SweepResult``.

    ``games`` per cell (two seat orders: even, half with each side first on seeds ``0 .. games/2 - 1``;
    one: seeds ``0 .. games - 1``).  With ``target_ci`` (a share: 0.01 is +-1 point) ``games`` is the size
    of each round, and a cell stops at the first round whose interval half-width is at most
    ``target_ci`` or when ``max_games`` (default ``DEFAULT_MAX_GAMES``) are played.  Every round
    plays the chunks of all the cells still going.
    ``per_game(batch)`` receives every chunk's per-game records (``reports.per_game``: an Arrow record
    batch, ``.to_pandas()`` for a frame) in windows of ``PAIR_WINDOW`` seeds, each in one seat order then the
    other, whatever the chunks; nothing per game is kept otherwise. ``per_round(batch)`` likewise receives each
    chunk's per-round track (``reports.per_round``: a row per game and round, its first ``TRACK_ROUNDS``
    rounds; the result counts the games longer than that, ``past_track``), for a game that records its
    standing only (``GameInfo.standing``; any other is refused).
    ``progress(done, total)`` is called after every chunk; ``total`` shrinks when a cell reaches its
    target early.  ``runner`` (``simcore.cluster``; default: the local runner on ``threads``) plays the
    chunks; results do not depend on it, on ``threads`` or on ``chunk_size``.  Raises
    ``CommandsimError`` for a bad spec before any game.
    """
    game = registry.get(game) if isinstance(game, str) else game
    if not cells:
        raise CommandsimError("no cells to play")
    check_games(games, seat_orders(cells))
    cap = check_target(target_ci, max_games, games, seat_orders(cells))
    if seed < 0:
        raise CommandsimError(f"seed must be >= 0, got {seed}")
    if threads is not None and threads < 1:
        raise CommandsimError(f"threads must be at least 1, got {threads}")
    if chunk_size < 1:
        raise CommandsimError(f"chunk_size must be at least 1, got {chunk_size}")
    if per_round is not None:
        check_per_round(game)
    tables = game.load_tables() if tables is None else tables
    for cell in cells:
        for s in set(cell.strategies):
            game.check_strategy(s)
    runner = LocalRunner(threads) if runner is None else runner
    market = np.flatnonzero(np.asarray(game.buyable(tables), bool))
    module = game.module
    orders = [[(o, tuple(game.resolve_strategy(s) for s in o.strategies)) for o in cell.orders] for cell in cells]

    per_seed = [len(cell.orders) for cell in cells]       # games per seed: one per seat order
    round_seeds = [games // k for k in per_seed]
    cap_seeds = [(cap if cap is not None else games) // k for k in per_seed]
    total = sum(c * k for c, k in zip(cap_seeds, per_seed))
    done = 0
    tallies = [SweepTally() for _ in cells]     # per cell: its perspectives
    details = [CellDetail(k, cell.seats) for k, cell in zip(per_seed, cells)]   # per cell: its games' shape
    digests = [0] * len(cells)                   # per cell: its games' digest (identical_games)
    keys: list[tuple | None] = [None] * len(cells)
    card_tally = SweepTally()                    # every game: the per-card counts
    labels = [cell.strategies[1] for cell in cells]
    played = [0] * len(cells)
    width = [float("nan")] * len(cells)
    active = list(range(len(cells)))
    past_track = track_rows = 0
    while active:
        # a window of seeds in each seat order, one after the other: its games are paired (the seeds' sums, the
        # shape) and let go once its other order is in, so what waits is one window a cell however many games it
        # plays; the window is a constant, so the per-game records come in the same order whatever the chunks
        chunks = [SweepChunk(module, i, order.matchup, strategies, order.sides, order.variants, cells[i].seats, seed,
                             start, min(chunk_size, end - start), cells[i].mode, cells[i].difficulty, market,
                             per_game is not None, k, per_round is not None)
                  for i in active for stop in [min(played[i] + round_seeds[i], cap_seeds[i])]
                  for w in range(played[i], stop, PAIR_WINDOW) for end in [min(w + PAIR_WINDOW, stop)]
                  for k, (order, strategies) in enumerate(orders[i]) for start in range(w, end, chunk_size)]
        for chunk, part in zip(chunks, runner.map(play_chunk, chunks, tables)):
            tallies[chunk.cell].add(part.tally, part.labels)
            tallies[chunk.cell].add_order(chunk.first_game, per_seed[chunk.cell], part.labels, part.winner,
                                          cells[chunk.cell].seats)
            card_tally.add(part.tally, None)
            details[chunk.cell].add_order(chunk.first_game, chunk.order, part.detail, cells[chunk.cell].sides)
            digests[chunk.cell] = identical.add(digests[chunk.cell], part.digest)
            if chunk.order == 0:
                keys[chunk.cell] = identical.labels_key(chunk.mode, chunk.difficulty, part.labels)
            if per_game is not None:
                per_game(part.games)
            if per_round is not None:
                per_round(part.rounds)
                past_track += part.past_track
                track_rows += part.rounds.num_rows
            if cells[chunk.cell].seats == (0,):    # the other seat is the rules' own player: its engine name
                labels[chunk.cell] = part.opponent_label
            done += chunk.n
            if progress is not None:
                progress(done, total)
        still = []
        for i in active:
            played[i] = min(played[i] + round_seeds[i], cap_seeds[i])
            width[i] = half_width(tallies[i].counts(), tallies[i].pair_counts())
            if played[i] < cap_seeds[i] and not (target_ci is not None and width[i] <= target_ci):
                still.append(i)
            elif played[i] < cap_seeds[i]:
                total -= (cap_seeds[i] - played[i]) * per_seed[i]
                if progress is not None:
                    progress(done, total)
        active = still

    cell_rows = [_cell_row(cell, labels[i], played[i] * per_seed[i], width[i],
                           target_ci is not None and not width[i] <= target_ci, tallies[i].bounds)
                 for i, cell in enumerate(cells)]
    aggregate = _aggregate([(cell, t.counts(), t.pair_counts()) for cell, t in zip(cells, tallies)], seed)
    aggregate = identical.with_digests(aggregate, {k: d for k, d in zip(keys, digests) if k is not None})
    info = game.card_info(tables)
    cards = card_table(card_tally.card_counts(list(info["card"])))
    keep = np.asarray(game.buyable(tables), bool) | (cards["times_bought"].to_numpy() > 0)
    cards = info.merge(cards, on="card", how="right")[keep].reset_index(drop=True)
    result = SweepResult(aggregate, cards, pd.DataFrame(cell_rows, columns=list(CELL_COLUMNS)), past_track=past_track,
                         track_rows=track_rows)
    _add_shape(result, game, cells, details, labels)
    return result


def _add_shape(result: SweepResult, game: Game, cells: Sequence[Cell], details: list[CellDetail],
               labels: list[str]) -> None:
    """The shape tables of a game that records its shape (``simcore.shape``): nothing for one that records none."""
    from .shape_tables import cell_keys, plays_table, shape_tables
    if game.info.standing is None or not any(d.games for d in details):
        return
    rows = [(dict(cell_keys(cell), opponent_strategy=labels[i]), d)
            for i, (cell, d) in enumerate(zip(cells, details)) if d.games]
    for d in details:
        d.check_paired()
    result.shape, result.tempo, result.decisive = shape_tables(rows, game.info.standing.name)
    sides: dict = {}
    for d in details:
        for side, sums in d.cards.items():
            if side in sides:
                sides[side].add(sums)
            else:
                sides[side] = sums
    result.plays = plays_table(sides)


def estimate_sweep(game: Game | str, cells: Sequence[Cell], games: int = DEFAULT_GAMES, seed: int = 1,
                   threads: int | None = None, tables=None, *, target_ci: float | None = None,
                   max_games: int | None = None, per_game: bool = False, chunk_size: int = DEFAULT_CHUNK,
                   probe_seconds: float | None = None, per_round: bool = False):
    """The sweep's expected time (``reports.estimate.Estimate``, one part per cell): each cell's speed measured
    on probe seeds (``reports.estimate.probe``), priced over the games it plays in chunks; with ``target_ci``
    the probe's games are the cell's pilot, and its rounds until the interval is narrow enough come from the
    sweep's own rule (``reports.expected_stops.target_ci_games``), at most the cap's."""
    from .estimate import PROBE_SECONDS, Estimate, Part, calls_of, part_budget, probe, probe_seed, probed_text
    from .expected_stops import target_ci_games

    game = registry.get(game) if isinstance(game, str) else game
    tables = game.load_tables() if tables is None else tables
    cap = check_target(target_ci, max_games, games, seat_orders(cells))
    market = np.flatnonzero(np.asarray(game.buyable(tables), bool))
    at = probe_seed(seed)
    parts, probed = [], 0
    for i, cell in enumerate(cells):
        orders = [(o, tuple(game.resolve_strategy(s) for s in o.strategies)) for o in cell.orders]
        k = len(orders)

        def play(n, cell=cell, orders=orders, k=k):
            tally = SweepTally()
            for order, strategies in orders:
                part = play_chunk(SweepChunk(game.module, i, order.matchup, strategies, order.sides, order.variants,
                                             cell.seats, at, 0, n // k, cell.mode, cell.difficulty, market, per_game,
                                             per_round=per_round), tables, threads)
                tally.add(part.tally, part.labels)
                tally.add_order(at, k, part.labels, part.winner, cell.seats)
            return tally

        cell_games = games - games % k
        # at most an eighth of the cell's games (with a target: one round's, the pilot of its rounds)
        most = min(k * chunk_size, cell_games if target_ci is not None else cell_games // 8 // k * k)
        p = probe(play, k, max(k, most), part_budget(len(cells), probe_seconds or PROBE_SECONDS), cell_games)
        probed += p.games
        if target_ci is None:
            expected = cell_games
        else:
            expected = target_ci_games(p.result.counts(), p.result.pair_counts(), p.size, cell_games, cap, target_ci,
                                       half_width)

        def cost(g, speed=p.speed, k=k, rounds=cell_games):   # rounds of ``games``, each in chunks
            calls = (g // rounds) * calls_of(rounds // k, chunk_size) + calls_of(g % rounds // k, chunk_size)
            return speed.seconds(g, k * calls)

        parts.append(Part(cell.label, cost(expected), expected, cost(cap) if cap else None, cap))
    return Estimate(parts, probed_text(probed) + ("; each cell's rounds from its probe games" if target_ci else ""),
                    interleaved=True)


def _cell_row(cell: Cell, opponent_strategy: str, games: int, width: float, hit_cap: bool,
              bounds: np.ndarray) -> dict:
    return {"mode": cell.mode, "faction": cell.sides[0], "opponent_faction": cell.sides[1],
            "variant": cell.variants[0], "opponent_variant": cell.variants[1], "difficulty": cell.difficulty,
            "strategy": cell.strategies[0], "opponent_strategy": opponent_strategy,
            "games": games, "half_width": width, "hit_cap": bool(hit_cap),
            **{f"at_{label}": int(bounds[code]) for code, label in enumerate(BOUND_LABELS) if code}}


def _aggregate(all_counts: list[tuple[Cell, pd.DataFrame, pd.DataFrame]], seed: int) -> pd.DataFrame:
    """One summary per mode and difficulty, in the order the cells first name them."""
    groups: dict[tuple[str, str], list[tuple[pd.DataFrame, pd.DataFrame]]] = {}
    for cell, counts, pairs in all_counts:
        groups.setdefault((cell.mode, cell.difficulty), []).append((counts, pairs))
    parts = [summarise(combine_counts(*(c for c, _ in counts)), seed=seed, mode=mode, difficulty=difficulty,
                       pairs=combine_counts(*(p for _, p in counts)))
             for (mode, difficulty), counts in groups.items()]
    return pd.concat(parts, ignore_index=True) if len(parts) > 1 else parts[0]


def run_sweep(game: Game | str = registry.DEFAULT_GAME, *, sides=None, variants=None, modes=None,
              strategy: str | None = None, opponent_strategy: str | None = None, mixed_variants: bool = False,
              games: int = DEFAULT_GAMES, seed: int = 1, threads: int | None = None, tables=None,
              max_turns: int | None = None, progress: Progress | None = None, chunk_size: int = DEFAULT_CHUNK,
              target_ci: float | None = None, max_games: int | None = None, per_game: GamesSink | None = None,
              per_round: GamesSink | None = None, runner=None, **extras) -> tuple[pd.DataFrame, pd.DataFrame]:
    """A sweep as ``commandsim sweep --game GAME`` plays it, from the same options (None: the game's
    default; ``extras``: the game's own options by name, e.g. ``difficulties`` of The Last Command).
    Returns ``(aggregate, cards)`` (``play_sweep`` also gives the per-cell table).

    ``aggregate`` has ``reports.aggregate.AGGREGATE_COLUMNS``: per cell, rows for both sides'
    perspectives (``faction``: the side, whatever the game calls it), each with seat first, second and
    both (a cell whose rules fix the seats: the counted side's rows, seat first and both). ``cards`` has
    one row per card a player can acquire (plus any other card that was bought): the game's card
    columns, then ``reports.aggregate.CARD_COLUMNS``, over every game of the sweep."""
    result = play_spec(game, spec_of(sides, variants, modes, strategy, opponent_strategy, mixed_variants, max_turns,
                                     extras), games, seed, threads, tables, progress, target_ci=target_ci,
                       max_games=max_games, per_game=per_game, per_round=per_round, chunk_size=chunk_size,
                       runner=runner)
    return result.aggregate, result.cards


def spec_of(sides=None, variants=None, modes=None, strategy=None, opponent_strategy=None, mixed_variants=False,
            max_turns=None, extras=None) -> SweepSpec:
    """A ``SweepSpec`` from options as a notebook gives them (comma lists or sequences)."""
    def names(x):
        return None if x is None else tuple(x.split(",")) if isinstance(x, str) else tuple(x)
    return SweepSpec(names(sides), names(variants), names(modes), strategy, opponent_strategy, mixed_variants,
                     max_turns, dict(extras or {}))


def play_spec(game: Game | str, spec: SweepSpec, games: int = DEFAULT_GAMES, seed: int = 1,
              threads: int | None = None, tables=None, progress: Progress | None = None,
              **kw) -> SweepResult:
    """``play_sweep`` of the cells the game expands ``spec`` into."""
    game = registry.get(game) if isinstance(game, str) else game
    tables = game.load_tables() if tables is None else tables
    return play_sweep(game, game.sweep_cells(spec, tables), games, seed, threads, tables, progress, **kw)
