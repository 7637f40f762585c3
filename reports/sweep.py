"""Balance sweep: play every match-up of a grid on common seeds, both seat orders, and aggregate.

A *cell* is one match-up: faction A with starting-card variant vA against faction B with vB.
Every cell is played on the same seeds: games ``g = 0 .. N/2 - 1`` of base seed S once with A
moving first and once with B moving first, so first-player advantage is measured (rows with
``seat`` first/second) rather than mixed into the faction win rate (``seat`` both), and cells can
be compared pair-wise on identical dice.  Games run in chunks so memory stays flat however many
games a cell has; only additive counts are kept between chunks.

    >>> from reports.sweep import run_sweep
    >>> agg, cards = run_sweep(["federation", "sunder"], ["standard", "asymmetrical"], "balanced", "balanced",
    ...                        games=2000, seed=1, threads=None, tables=None, max_turns=400)
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from simcore.cards import load_cards
from simcore.engine.matchup import DEFAULT_MAX_TURNS, Matchup
from simcore.errors import CommandsimError
from simcore.simulate import play_games
from simcore.tables import (C_FACTION, C_KIND, FACTION_NONE, FACTIONS, KIND_MALFUNCTION, START_SETS, CardTables)
from strategies.library import load_params

from .aggregate import card_counts, card_table, combine_counts, perspective_counts, summarise

DEFAULT_FACTIONS = ("federation", "sunder")
DEFAULT_VARIANTS = ("standard", "asymmetrical")
DEFAULT_STRATEGY = "balanced"
DEFAULT_GAMES = 20000  # per cell: a +-0.7-point interval in a few seconds
DEFAULT_CHUNK = 20_000      # games per engine call: memory and Ctrl-C latency vs call overhead

Progress = Callable[[int, int], None]   # (games done, total games)


@dataclass(frozen=True)
class Cell:
    """One match-up of the grid; side A is seat 0 of ``matchup()`` (moves first)."""
    factions: tuple[str, str]
    variants: tuple[str, str]
    strategies: tuple[str, str]

    def matchup(self, max_turns: int = DEFAULT_MAX_TURNS) -> Matchup:
        return Matchup(factions=self.factions, variants=self.variants, max_turns=max_turns)

    def label(self) -> str:
        a = f"{self.factions[0]} {self.variants[0]} ({self.strategies[0]})"
        b = f"{self.factions[1]} {self.variants[1]} ({self.strategies[1]})"
        return f"{a} vs {b}"


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


def parse_factions(names: str | Sequence[str]) -> tuple[str, ...]:
    factions = parse_names(names, tuple(FACTIONS), "faction")
    if len(factions) < 2:
        raise CommandsimError(f"a sweep needs at least two different factions, got {', '.join(factions)}")
    return factions


def parse_variants(names: str | Sequence[str]) -> tuple[str, ...]:
    return parse_names(names, tuple(START_SETS), "variant")


def check_strategy(name: str) -> str:
    """The strategy's display name; raises ``StrategyError`` for an unknown name or a bad file."""
    return load_params(name)[0]


def check_games(games: int) -> int:
    if games < 2 or games % 2:
        raise CommandsimError(f"games per cell must be an even number >= 2 (each seed is played once with each "
                              f"seat order), got {games}")
    return games


def sweep_cells(factions: Sequence[str], variants: Sequence[str], strategy: str, opponent_strategy: str,
                mixed_variants: bool = False) -> list[Cell]:
    """The cells of a grid, in a fixed order.

    Factions pair up as A != B (no mirror matches); when both sides use the same strategy each
    pair is one cell (seat swapping covers both orders), otherwise both assignments are played
    (A with ``strategy`` against B with ``opponent_strategy``, and B with ``strategy`` against A).
    Both sides use the same variant, or with ``mixed_variants`` every ordered pair of variants.
    """
    factions, variants = parse_factions(factions), parse_variants(variants)
    pairs = (itertools.combinations(factions, 2) if strategy == opponent_strategy
             else itertools.permutations(factions, 2))
    variant_pairs = (list(itertools.product(variants, repeat=2)) if mixed_variants
                     else [(v, v) for v in variants])
    return [Cell((a, b), (va, vb), (strategy, opponent_strategy)) for a, b in pairs for va, vb in variant_pairs]


# ---- running it

def _market_cards(tables: CardTables) -> np.ndarray:
    """Cards that can be bought: neutral (Market) Systems and Crew."""
    return (tables.cards[:, C_FACTION] == FACTION_NONE) & (tables.cards[:, C_KIND] != KIND_MALFUNCTION)


def card_info(tables: CardTables) -> pd.DataFrame:
    return pd.DataFrame({"card": tables.names, "kind": [c.kind for c in tables.catalog],
                         "credit_cost": [c.credit_cost for c in tables.catalog],
                         "power_cost": [c.power_cost for c in tables.catalog]})


def run_sweep(factions: Sequence[str] | str = DEFAULT_FACTIONS, variants: Sequence[str] | str = DEFAULT_VARIANTS,
              strategy: str = DEFAULT_STRATEGY, opponent_strategy: str | None = None, games: int = DEFAULT_GAMES,
              seed: int = 1, threads: int | None = None, tables: CardTables | None = None,
              max_turns: int = DEFAULT_MAX_TURNS, progress: Progress | None = None, *, mixed_variants: bool = False,
              chunk_size: int = DEFAULT_CHUNK) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Play the grid and return ``(aggregate, cards)``.

    ``aggregate`` has ``reports.aggregate.AGGREGATE_COLUMNS``: per cell, rows for both factions'
    perspectives, each with seat first, second and both.  ``cards`` has one row per Market card
    (plus any other card that was bought): ``card, kind, credit_cost, power_cost`` then
    ``reports.aggregate.CARD_COLUMNS``, over every game of the sweep.

    ``games`` per cell (even: half with each side first, on the same seeds ``0 .. games/2 - 1``);
    ``progress(done, total)`` is called after every chunk of games.  Results do not depend on
    ``threads`` or ``chunk_size``.  Raises ``CommandsimError`` for a bad spec before any game.
    """
    opponent_strategy = strategy if opponent_strategy is None else opponent_strategy
    check_games(games)
    if seed < 0:
        raise CommandsimError(f"seed must be >= 0, got {seed}")
    if max_turns < 1:
        raise CommandsimError(f"max_turns must be at least 1, got {max_turns}")
    if threads is not None and threads < 1:
        raise CommandsimError(f"threads must be at least 1, got {threads}")
    if chunk_size < 1:
        raise CommandsimError(f"chunk_size must be at least 1, got {chunk_size}")
    for s in (strategy, opponent_strategy):
        check_strategy(s)
    cells = sweep_cells(factions, variants, strategy, opponent_strategy, mixed_variants)
    tables = load_cards() if tables is None else tables

    half = games // 2
    total = len(cells) * games
    done = 0
    counts: list[pd.DataFrame] = []
    card_parts: list[pd.DataFrame] = []
    for cell in cells:
        orders = ((cell.matchup(max_turns), cell.strategies),
                  (cell.matchup(max_turns).swapped(), cell.strategies[::-1]))
        for matchup, strategies in orders:
            for start in range(0, half, chunk_size):
                n = min(chunk_size, half - start)
                rec = play_games(n, seed, matchup, strategies, tables, threads, first_game=start, keep_bought=True)
                counts = [combine_counts(*counts, perspective_counts(rec.games))]
                card_parts = [combine_counts(*card_parts, card_counts(rec.bought, rec.games["winner"],
                                                                      rec.card_names))]
                done += n
                if progress is not None:
                    progress(done, total)

    aggregate = summarise(counts[0], seed=seed, mode="duel", difficulty="")
    cards = card_table(card_parts[0])
    keep = _market_cards(tables) | (cards["times_bought"].to_numpy() > 0)
    cards = card_info(tables).merge(cards, on="card", how="right")[keep].reset_index(drop=True)
    return aggregate, cards
