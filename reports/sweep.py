"""Balance sweep: play every match-up of a grid on common seeds, both seat orders, and aggregate.

A *cell* is one match-up: faction A with starting-card variant vA against faction B with vB.
Every cell is played on the same seeds: games ``g = 0 .. N/2 - 1`` of base seed S once with A
moving first and once with B moving first, so first-player advantage is measured (rows with
``seat`` first/second) rather than mixed into the faction win rate (``seat`` both), and cells can
be compared pair-wise on identical dice.  Games run in chunks so memory stays flat however many
games a cell has; only additive counts are kept between chunks.

Solo Mode (``mode="solo"``): a cell is the player's faction and variant against the rulebook's
A.I. at one difficulty.  The player always moves first, so there is no seat swap: games
``0 .. N - 1`` are played once.  The A.I. plays the other faction with the standard starting
cards.  The aggregate keeps only the player's perspective (rows with seat ``first`` and ``both``,
which hold the same games); the A.I.'s rows are omitted, since its win rate is one minus the
player's win and draw rates.  The per-card table counts only the player's purchases.

With a target interval (``target_ci``) every cell is played in rounds of ``games`` games until the
95% Wilson interval of its win rate (seat both; in duel mode the wider of the two factions') has a
half-width of at most ``target_ci``, or ``max_games`` are played (the cell *hit the cap*).  The
rounds, not the chunks, decide when to stop, so results still do not depend on chunk size or
threads.  The interval of a cell that stopped early is still a 95% interval: the rule looks only at
its width, which tells how many games the cell needs and not which way its estimate leans
(Anscombe's theorem; ``tests/test_sweep_target_ci.py`` simulates the coverage).  That needs rounds
of a realistic size: with rounds under ``MIN_TARGET_ROUND`` games a cell can stop after a handful
of games, below its level (87% measured with rounds of 2 games and a +-30-point target).
Chunks (``SweepChunk``, played by ``play_chunk``) go to a runner (``simcore.cluster``):
this process's threads, or the workers of a Dask cluster, with the same results.

    >>> from reports.sweep import run_sweep
    >>> agg, cards = run_sweep(["federation", "sunder"], ["standard", "asymmetrical"], "balanced", "balanced",
    ...                        games=2000, seed=1, threads=None, tables=None, max_turns=400)
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.fog import FogFile
from simcore.games.last_command.matchup import DEFAULT_MAX_TURNS, DIFFICULTIES, MODES, Matchup
from simcore.blocks import BlockPool
from simcore.cluster import LocalRunner
from simcore.errors import CommandsimError
from simcore.games.last_command.simulate import play_games, start_games
from simcore.games.last_command.tables import (C_FACTION, C_KIND, FACTION_NONE, FACTIONS, KIND_MALFUNCTION, START_SETS,
                                               CardTables)
from strategies.last_command.library import Resolved, load_params, resolved

from .aggregate import card_table, combine_counts, summarise
from .chunk_counts import ChunkTally, SweepTally, tally_chunk
from .per_game import per_game_batch
from .stats import wilson_interval

DEFAULT_FACTIONS = ("federation", "sunder")
DEFAULT_VARIANTS = ("standard", "asymmetrical")
DEFAULT_DIFFICULTIES = tuple(DIFFICULTIES)
DEFAULT_STRATEGY = "balanced"
DEFAULT_GAMES = 20000  # per cell: a +-0.7-point interval in a few seconds
DEFAULT_CHUNK = 20_000      # games per engine call: memory and Ctrl-C latency vs call overhead
DEFAULT_MAX_GAMES = 1_000_000   # per cell, with a target interval
MIN_TARGET_ROUND = 100      # games per round below which a target-interval stop may undercut the 95% level
AI_STRATEGY = "solo-ai"      # the A.I.'s side's label until its first game reports the engine's own
CELL_COLUMNS = ("mode", "faction", "opponent_faction", "variant", "opponent_variant", "difficulty", "strategy",
                "opponent_strategy", "games", "half_width", "hit_cap")

Progress = Callable[[int, int], None]   # (games done, total games)
GamesSink = Callable[[Any], None]   # receives each chunk's per-game records: a pyarrow.RecordBatch


@dataclass(frozen=True)
class Cell:
    """One match-up of the grid; side A is seat 0 of ``matchup()`` (moves first).

    In Solo Mode side A is the player and side B the A.I. at ``difficulty``."""
    factions: tuple[str, str]
    variants: tuple[str, str]
    strategies: tuple[str, str]
    mode: str = "duel"
    difficulty: str | None = None
    fog: FogFile | None = None   # a Fog of War start: a variant of its own, named after the file

    def matchup(self, max_turns: int = DEFAULT_MAX_TURNS) -> Matchup:
        if self.mode == "solo":
            m = Matchup(factions=self.factions, variants=self.variants, max_turns=max_turns, mode="solo",
                        difficulty=self.difficulty)
        else:
            m = Matchup(factions=self.factions, variants=self.variants, max_turns=max_turns)
        return self.fog.apply(m) if self.fog is not None else m

    def orders(self, max_turns: int = DEFAULT_MAX_TURNS) -> list[tuple[Matchup, tuple[str, str]]]:
        """(matchup, strategies in seat order) for each seat order played: two in duel mode, one in solo."""
        m = self.matchup(max_turns)
        if self.mode == "solo":
            return [(m, self.strategies)]
        swapped = m.swapped()
        if self.fog is not None:   # the file's seat sections stay with the seats
            swapped = self.fog.apply(swapped)
        return [(m, self.strategies), (swapped, self.strategies[::-1])]

    def label(self) -> str:
        m = self.matchup()
        a = f"{self.factions[0]} {m.variant_label(0)} ({self.strategies[0]})"
        if self.mode == "solo":
            return f"{a} vs A.I. {self.difficulty}"
        b = f"{self.factions[1]} {m.variant_label(1)} ({self.strategies[1]})"
        return f"{a} vs {b}"


@dataclass
class SweepResult:
    """What a sweep returns: the aggregate table, the per-card table and one row per cell
    (``CELL_COLUMNS``: games played, final interval half-width, whether it stopped at the cap)."""
    aggregate: pd.DataFrame
    cards: pd.DataFrame
    cells: pd.DataFrame

    def capped(self) -> pd.DataFrame:
        """The cells that stopped at ``max_games`` before reaching the target interval."""
        return self.cells[self.cells["hit_cap"]].reset_index(drop=True)


# ---- checking and expanding the sweep spec (all before any game is played)

def parse_names(names: str | Sequence[str], known: Sequence[str], what: str) -> tuple[str, ...]:
    """A comma list (or sequence) of names, lower-cased, each one of ``known``, duplicates dropped."""
    items = names.split(",") if isinstance(names, str) else list(names)
    out: list[str] = []
    for raw in items:
        name = str(raw).strip().lower()
        if not name:
            raise CommandsimError(f"empty {what} name in {names!r}: expected a comma list of {', '.join(known)}")
        if name not in known:
            raise CommandsimError(f"unknown {what} '{raw.strip()}': expected one of {', '.join(known)}")
        if name not in out:
            out.append(name)
    if not out:
        raise CommandsimError(f"no {what} given: expected one or more of {', '.join(known)}")
    return tuple(out)


def parse_factions(names: str | Sequence[str], mode: str = "duel") -> tuple[str, ...]:
    """Factions of a sweep: at least two in duel mode; in Solo Mode the player's factions (one or more)."""
    factions = parse_names(names, tuple(FACTIONS), "faction")
    if mode != "solo" and len(factions) < 2:
        raise CommandsimError(f"a sweep needs at least two different factions, got {', '.join(factions)}")
    return factions


def parse_variants(names: str | Sequence[str]) -> tuple[str, ...]:
    return parse_names(names, tuple(START_SETS), "variant")


def parse_difficulties(names: str | Sequence[str]) -> tuple[str, ...]:
    """Solo Mode difficulties, in the rulebook's order (easy, medium, hard, insane) whatever the order given."""
    chosen = parse_names(names, DEFAULT_DIFFICULTIES, "difficulty")
    return tuple(d for d in DEFAULT_DIFFICULTIES if d in chosen)


def check_mode(mode: str) -> str:
    mode = mode.strip().lower()
    if mode not in MODES:
        raise CommandsimError(f"unknown mode '{mode}': expected one of {', '.join(MODES)}")
    return mode


def check_strategy(name: str) -> str:
    """The strategy's display name; raises ``StrategyError`` for an unknown name or a bad file."""
    return load_params(name)[0]


def check_games(games: int, mode: str = "duel") -> int:
    if mode == "solo":
        if games < 1:
            raise CommandsimError(f"games per cell must be at least 1, got {games}")
        return games
    if games < 2 or games % 2:
        raise CommandsimError(f"games per cell must be an even number >= 2 (each seed is played once with each "
                              f"seat order), got {games}")
    return games


def check_target(target_ci: float | None, max_games: int | None, games: int, mode: str = "duel") -> int | None:
    """The per-cell cap of a target-interval sweep (None without a target); raises for a bad pair."""
    if target_ci is None:
        if max_games is not None:
            raise CommandsimError("a games cap (max_games) applies only with a target interval (target_ci)")
        return None
    if not 0 < target_ci < 0.5:
        raise CommandsimError(f"the target half-width must be between 0 and 0.5 (a share, e.g. 0.01 for "
                              f"+-1 point), got {target_ci}")
    cap = DEFAULT_MAX_GAMES if max_games is None else max_games
    if cap < games:
        raise CommandsimError(f"the games cap ({cap}) must be at least the games of the first round ({games})")
    if mode != "solo" and cap % 2:
        raise CommandsimError(f"the games cap must be an even number (each seed is played with each seat "
                              f"order), got {cap}")
    return cap


def ai_faction(player: str) -> str:
    """The A.I.'s faction in Solo Mode: the faction the player does not play."""
    return next(f for f in FACTIONS if f != player)


def sweep_cells(factions: Sequence[str], variants: Sequence[str], strategy: str, opponent_strategy: str,
                mixed_variants: bool = False, fogs: Sequence[FogFile] = ()) -> list[Cell]:
    """The cells of a grid, in a fixed order.

    Factions pair up as A != B (no mirror matches); when both sides use the same strategy each
    pair is one cell (seat swapping covers both orders), otherwise both assignments are played
    (A with ``strategy`` against B with ``opponent_strategy``, and B with ``strategy`` against A).
    Both sides use the same variant, or with ``mixed_variants`` every ordered pair of variants.
    Each Fog of War file in ``fogs`` adds every cell again, set up from that file.
    """
    factions, variants = parse_factions(factions), parse_variants(variants)
    pairs = list(itertools.combinations(factions, 2) if strategy == opponent_strategy
                 else itertools.permutations(factions, 2))
    variant_pairs = (list(itertools.product(variants, repeat=2)) if mixed_variants
                     else [(v, v) for v in variants])
    return [Cell((a, b), (va, vb), (strategy, opponent_strategy), fog=fog)
            for fog in (None, *fogs) for a, b in pairs for va, vb in variant_pairs]


def solo_cells(factions: Sequence[str], variants: Sequence[str], difficulties: Sequence[str],
               strategy: str, fogs: Sequence[FogFile] = ()) -> list[Cell]:
    """Solo Mode cells: the player's faction x variant x difficulty, in that order.

    The player's ``strategy`` is passed for both seats: in Solo Mode the engine plays seat 1 by the
    rulebook's A.I. whatever strategy is named, and labels it (``second_strategy``) itself."""
    factions = parse_factions(factions, mode="solo")
    variants, difficulties = parse_variants(variants), parse_difficulties(difficulties)
    # an asymmetrical game swaps all six starting System cards, so the A.I. uses the player's variant
    return [Cell((f, ai_faction(f)), (v, v), (strategy, strategy), mode="solo", difficulty=d, fog=fog)
            for fog in (None, *fogs) for f in factions for v in variants for d in difficulties]


# ---- running it

def _market_cards(tables: CardTables) -> np.ndarray:
    """Cards that can be bought: neutral (Market) Systems and Crew."""
    return (tables.cards[:, C_FACTION] == FACTION_NONE) & (tables.cards[:, C_KIND] != KIND_MALFUNCTION)


def card_info(tables: CardTables) -> pd.DataFrame:
    return pd.DataFrame({"card": tables.names, "kind": [c.kind for c in tables.catalog],
                         "credit_cost": [c.credit_cost for c in tables.catalog],
                         "power_cost": [c.power_cost for c in tables.catalog]})


def half_width(counts: pd.DataFrame, mode: str = "duel") -> float:
    """Half-width of the 95% Wilson interval of a cell's win rate (seat both), from its
    ``perspective_counts``: the wider of the two factions' in duel mode, the player's in solo."""
    if mode == "solo":
        counts = counts[counts["seat"] == "first"]
    per_side = counts.groupby(["faction", "variant", "strategy"], sort=False)[["games", "wins"]].sum()
    if per_side.empty:
        return float("nan")
    low, high = wilson_interval(per_side["wins"].to_numpy(), per_side["games"].to_numpy())
    return float(np.max((high - low) / 2))


def chunk_labels(matchup: Matchup, strategies: tuple[str, str]) -> dict[str, str]:
    """The cell keys of a chunk's games, as ``Records.games`` names them."""
    return {"first_faction": matchup.factions[0], "second_faction": matchup.factions[1],
            "first_variant": matchup.variant_label(0), "second_variant": matchup.variant_label(1),
            "first_strategy": strategies[0], "second_strategy": strategies[1]}


@dataclass(frozen=True, eq=False)
class SweepChunk:
    """One chunk of a sweep: games ``first_game .. first_game + n - 1`` of one seat order of cell
    ``cell`` (an index into the sweep's cells).  Strategies are ``Resolved`` so that a chunk plays
    the same on a machine without the strategy files."""
    cell: int
    matchup: Matchup
    strategies: tuple[Resolved, Resolved]
    seed: int
    first_game: int
    n: int
    mode: str
    difficulty: str
    market: np.ndarray      # card indices with a per-game bought column
    per_game: bool


@dataclass
class ChunkCounts:
    """What a chunk sends back: additive counts (numpy, a few hundred integers), the labels of its
    perspectives, and its per-game records only if asked for."""
    tally: ChunkTally        # solo: the player's seat only
    labels: dict[str, str]   # chunk_labels, with the strategies as the engine named them
    opponent_label: str      # the second seat's strategy label (Solo Mode: the engine's A.I. name)
    games: Any | None        # pyarrow.RecordBatch (per_game.per_game_batch)


def play_chunk(chunk: SweepChunk, tables: CardTables, threads: int | None = None) -> ChunkCounts:
    """Play one chunk and reduce it to counts: the unit of work of the local and the cluster runner."""
    rec = play_games(chunk.n, chunk.seed, chunk.matchup, chunk.strategies, tables, threads,
                     first_game=chunk.first_game, keep_bought=True)
    return _chunk_counts(chunk, rec)


def start_chunk(chunk: SweepChunk, tables: CardTables, pool: BlockPool, last: bool = True) -> Callable[[], ChunkCounts]:
    """``play_chunk`` queued on ``pool``'s engine threads; the function returned waits and reduces.
    ``last`` False: another chunk will be queued behind this one."""
    records = start_games(chunk.n, chunk.seed, chunk.matchup, chunk.strategies, tables, pool,
                          first_game=chunk.first_game, keep_bought=True, last=last)
    return lambda: _chunk_counts(chunk, records())


play_chunk.start = start_chunk   # the local runner plays the next chunk while this one is reduced


def _chunk_counts(chunk: SweepChunk, rec) -> ChunkCounts:
    seats = (0,) if chunk.mode == "solo" else (0, 1)
    names = tuple(str(s) for s in rec.strategies)
    games = per_game_batch(rec, chunk.mode, chunk.difficulty, chunk.market) if chunk.per_game else None
    return ChunkCounts(tally_chunk(rec.winner, rec.turns, rec.bought, seats), chunk_labels(chunk.matchup, names),
                       names[1], games)


def play_sweep(cells: Sequence[Cell], games: int = DEFAULT_GAMES, seed: int = 1, threads: int | None = None,
               tables: CardTables | None = None, max_turns: int = DEFAULT_MAX_TURNS,
               progress: Progress | None = None, *, target_ci: float | None = None, max_games: int | None = None,
               per_game: GamesSink | None = None, chunk_size: int = DEFAULT_CHUNK, runner=None) -> SweepResult:
    """Play ``cells`` (from ``sweep_cells`` or ``solo_cells``, all of one mode) and return a ``SweepResult``.

    ``games`` per cell (duel: even, half with each side first on seeds ``0 .. games/2 - 1``; solo:
    seeds ``0 .. games - 1``).  With ``target_ci`` (a share: 0.01 is +-1 point) ``games`` is the size
    of each round, and a cell stops at the first round whose interval half-width is at most
    ``target_ci`` or when ``max_games`` (default ``DEFAULT_MAX_GAMES``) are played.  Every round
    plays the chunks of all the cells still going.
    ``per_game(batch)`` receives every chunk's per-game records (``reports.per_game``: an Arrow record
    batch, ``.to_pandas()`` for a frame) in seed order;
    nothing per game is kept otherwise.  ``progress(done, total)`` is called after every chunk;
    ``total`` shrinks when a cell reaches its target early.  ``runner`` (``simcore.cluster``; default:
    the local runner on ``threads``) plays the chunks; results do not depend on it, on ``threads``
    or on ``chunk_size``.  Raises ``CommandsimError`` for a bad spec before any game.
    """
    if not cells:
        raise CommandsimError("no cells to play")
    modes = {cell.mode for cell in cells}
    if len(modes) != 1:
        raise CommandsimError(f"a sweep plays cells of one mode, got {', '.join(sorted(modes))}")
    mode = check_mode(modes.pop())
    check_games(games, mode)
    cap = check_target(target_ci, max_games, games, mode)
    if seed < 0:
        raise CommandsimError(f"seed must be >= 0, got {seed}")
    if max_turns < 1:
        raise CommandsimError(f"max_turns must be at least 1, got {max_turns}")
    if threads is not None and threads < 1:
        raise CommandsimError(f"threads must be at least 1, got {threads}")
    if chunk_size < 1:
        raise CommandsimError(f"chunk_size must be at least 1, got {chunk_size}")
    tables = load_cards() if tables is None else tables
    for cell in cells:
        if cell.fog is not None:   # also sets the games up: the file's cards must exist and be free
            cell.fog.check(tables, [m for m, _ in cell.orders(max_turns)])
        else:
            cell.matchup(max_turns).validate()
        for s in set(cell.strategies):
            check_strategy(s)
    runner = LocalRunner(threads) if runner is None else runner
    market = np.flatnonzero(_market_cards(tables))
    orders = [[(m, tuple(resolved(s) for s in strategies)) for m, strategies in cell.orders(max_turns)]
              for cell in cells]

    per_seed = 2 if mode == "duel" else 1        # games per seed: one per seat order
    round_seeds = games // per_seed
    cap_seeds = (cap if cap is not None else games) // per_seed
    total = len(cells) * cap_seeds * per_seed
    done = 0
    tallies = [SweepTally() for _ in cells]     # per cell: its perspectives
    card_tally = SweepTally()                    # every game: the per-card counts
    labels = [AI_STRATEGY if mode == "solo" else cell.strategies[1] for cell in cells]
    played = [0] * len(cells)
    width = [float("nan")] * len(cells)
    active = list(range(len(cells)))
    while active:
        chunks = [SweepChunk(i, matchup, strategies, seed, start, min(chunk_size, stop - start), mode,
                             cells[i].difficulty or "", market, per_game is not None)
                  for i in active for stop in [min(played[i] + round_seeds, cap_seeds)]
                  for matchup, strategies in orders[i] for start in range(played[i], stop, chunk_size)]
        for chunk, part in zip(chunks, runner.map(play_chunk, chunks, tables)):
            tallies[chunk.cell].add(part.tally, part.labels)
            card_tally.add(part.tally, None)
            if per_game is not None:
                per_game(part.games)
            if mode == "solo":
                labels[chunk.cell] = part.opponent_label
            done += chunk.n
            if progress is not None:
                progress(done, total)
        still = []
        for i in active:
            played[i] = min(played[i] + round_seeds, cap_seeds)
            width[i] = half_width(tallies[i].counts(), mode)
            if played[i] < cap_seeds and not (target_ci is not None and width[i] <= target_ci):
                still.append(i)
            elif played[i] < cap_seeds:
                total -= (cap_seeds - played[i]) * per_seed
                if progress is not None:
                    progress(done, total)
        active = still

    cell_rows = [_cell_row(cell, labels[i], played[i] * per_seed, width[i],
                           target_ci is not None and not width[i] <= target_ci) for i, cell in enumerate(cells)]
    aggregate = _aggregate([(cell, t.counts()) for cell, t in zip(cells, tallies)], mode, seed)
    cards = card_table(card_tally.card_counts(tables.names))
    keep = _market_cards(tables) | (cards["times_bought"].to_numpy() > 0)
    cards = card_info(tables).merge(cards, on="card", how="right")[keep].reset_index(drop=True)
    return SweepResult(aggregate, cards, pd.DataFrame(cell_rows, columns=list(CELL_COLUMNS)))


def _cell_row(cell: Cell, opponent_strategy: str, games: int, width: float, hit_cap: bool) -> dict:
    return {"mode": cell.mode, "faction": cell.factions[0], "opponent_faction": cell.factions[1],
            "variant": cell.matchup().variant_label(0), "opponent_variant": cell.matchup().variant_label(1),
            "difficulty": cell.difficulty or "",
            "strategy": cell.strategies[0], "opponent_strategy": opponent_strategy,
            "games": games, "half_width": width, "hit_cap": bool(hit_cap)}


def _aggregate(all_counts: list[tuple[Cell, pd.DataFrame]], mode: str, seed: int) -> pd.DataFrame:
    if mode == "duel":
        return summarise(combine_counts(*(c for _, c in all_counts)), seed=seed, mode="duel", difficulty="")
    parts = []
    for difficulty in DEFAULT_DIFFICULTIES:
        counts = [c for cell, c in all_counts if cell.difficulty == difficulty]
        if counts:
            parts.append(summarise(combine_counts(*counts), seed=seed, mode="solo", difficulty=difficulty))
    return pd.concat(parts, ignore_index=True)


def run_sweep(factions: Sequence[str] | str = DEFAULT_FACTIONS, variants: Sequence[str] | str = DEFAULT_VARIANTS,
              strategy: str = DEFAULT_STRATEGY, opponent_strategy: str | None = None, games: int = DEFAULT_GAMES,
              seed: int = 1, threads: int | None = None, tables: CardTables | None = None,
              max_turns: int = DEFAULT_MAX_TURNS, progress: Progress | None = None, *, mixed_variants: bool = False,
              chunk_size: int = DEFAULT_CHUNK, mode: str = "duel",
              difficulties: Sequence[str] | str = DEFAULT_DIFFICULTIES, target_ci: float | None = None,
              max_games: int | None = None, per_game: GamesSink | None = None,
              runner=None) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Play the grid and return ``(aggregate, cards)`` (``play_sweep`` also gives the per-cell table).

    ``aggregate`` has ``reports.aggregate.AGGREGATE_COLUMNS``: per cell, rows for both factions'
    perspectives, each with seat first, second and both (Solo Mode: the player's rows, seat first
    and both).  ``cards`` has one row per Market card (plus any other card that was bought):
    ``card, kind, credit_cost, power_cost`` then ``reports.aggregate.CARD_COLUMNS``, over every
    game of the sweep.

    ``games`` per cell (duel: even, half with each side first, on the same seeds ``0 .. games/2 - 1``);
    ``progress(done, total)`` is called after every chunk of games.  Results do not depend on
    ``threads`` or ``chunk_size``.  Raises ``CommandsimError`` for a bad spec before any game.
    """
    mode = check_mode(mode)
    opponent_strategy = strategy if opponent_strategy is None else opponent_strategy
    if mode == "solo":
        if opponent_strategy != strategy:
            raise CommandsimError("Solo Mode has no opponent strategy: the A.I. plays by the rulebook")
        if mixed_variants:
            raise CommandsimError("mixed variants apply only to duel mode (the A.I. uses the standard cards)")
        cells = solo_cells(factions, variants, difficulties, strategy)
    else:
        cells = sweep_cells(factions, variants, strategy, opponent_strategy, mixed_variants)
    result = play_sweep(cells, games, seed, threads, tables, max_turns, progress, target_ci=target_ci,
                        max_games=max_games, per_game=per_game, chunk_size=chunk_size, runner=runner)
    return result.aggregate, result.cards
