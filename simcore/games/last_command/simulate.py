"""The Python API over the engine: play N seeded games of a matchup and get per-game records,
or replay one game with its event log. Notebook-friendly; the CLI is a thin layer over this."""
from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd

from .cardset import load_cards
from .batch import play_batch, play_one, start_batch
from .game_row import (N_RESULT_COLS, R_BOUGHT, R_BOUND, R_CARD_COUNTS, R_DAMAGE, R_HULL, R_MALF, R_SEED, R_SHAPE,
                       R_TURNS, R_WINNER)
from .layout import CAP, LOG_COLS, N_PILES, N_SC, S_LOG_LOST, S_LOG_N
from .setup import Matchup, build_setup
from simcore.rng import SEED_MAX, game_seed
from simcore.blocks import BlockPool
from simcore.bounds import LABELS as BOUND_LABELS, bound_column
from simcore.errors import CommandsimError
from simcore.play_counts import PlayCounts
from simcore.records import WINNER_LABELS, GameReplay, Records, check_threads, constant_column
from simcore.shape import GameShapes
from .tables import CardTables
from .players.library import engine_budgets, resolved, strategy_name, strategy_rows, without_search
from .players.solo_row import NAME as SOLO_AI_NAME, solo_ai_row

MAX_LOG_EVENTS = 20000


def check_seed(seed: int, what: str = "seed") -> None:
    if not 0 <= seed <= SEED_MAX:
        raise CommandsimError(f"{what} must be between 0 and {SEED_MAX} (2**63 - 1), got {seed}")


def _prepare(matchup: Matchup, strategies: tuple[str, str], tables: CardTables | None):
    return _prepare_with_budgets(matchup, strategies, tables)[:6]


def _prepare_with_budgets(matchup: Matchup, strategies: tuple[str, str], tables: CardTables | None,
                          restriction=None):
    """``_prepare`` and int64[4]: each seat's rollouts per searched decision (0: no search), then whether
    each seat's search is the tree search (``simcore.games.last_command.players.library.engine_budgets``).
    ``restriction`` (``simcore.game.Restriction``): written in the rows' V_RESTRICT block."""
    tables = tables if tables is not None else load_cards()
    setup, setup_n, cfg = build_setup(tables, matchup)
    # a name, a .toml path or a parameter vector, read once: the name, the rows and the budgets
    # each read a file again (three TOML parses per seat, most of a small batch's set-up)
    strategies = tuple(resolved(s) for s in strategies)
    names = tuple(strategy_name(s) for s in strategies)
    rows = strategy_rows(strategies, tables)
    budgets = engine_budgets(strategies)
    if matchup.mode == "solo":
        # seat 1 is the rulebook's A.I., whatever strategy was named for it
        rows[1] = solo_ai_row(tables)
        names = (names[0], SOLO_AI_NAME)
        without_search(budgets, 1)
    if restriction:
        restrict_rows(rows, restriction, tables)
    return tables, setup, setup_n, cfg, rows, names, budgets


def play_games(n_games: int, seed: int = 0, matchup: Matchup = Matchup(),
               strategies: tuple[str, str] = ("balanced", "balanced"), tables: CardTables | None = None,
               threads: int | None = None, first_game: int = 0, keep_bought: bool = True,
               search_stats: np.ndarray | None = None, restriction=None) -> Records:
    """Play games ``first_game .. first_game + n_games - 1`` of the run with base ``seed``.

    Seat 0 of ``matchup`` moves first in every game: no seat is swapped, so its first-seat win rate
    mixes in the first-player advantage (a sweep plays every seed in both seat orders, base seed 1:
    ``api.sweep`` gives a notebook the CLI's figures). Game g's dice depend only on (seed, g), not on ``threads``
    (default: every core, or NUMBA_NUM_THREADS). Each strategy is a
    built-in name, a ``search:N`` name, a strategy .toml path, or a parameter vector
    (``simcore.games.last_command.players.library.resolve``). ``search_stats`` (int64[3]), if given, gains the
    searched decisions, the rollouts played and their player-turns. ``restriction``
    (``simcore.game.Restriction``): restricted play, cards a seat never buys or takes (or buys whenever it can)."""
    batch = _Batch(n_games, seed, matchup, strategies, tables, first_game, keep_bought, restriction)
    check_threads(threads)
    play_batch(*batch.args, threads, budgets=batch.budgets, search_stats=search_stats)
    return batch.records()


def start_games(n_games: int, seed: int, matchup: Matchup, strategies: tuple[str, str], tables: CardTables | None,
                pool: BlockPool, first_game: int = 0, keep_bought: bool = True,
                last: bool = True, restriction=None) -> Callable[[], Records]:
    """``play_games`` on the threads of ``pool`` (``simcore.blocks.BlockPool``), queued behind the games
    already submitted there: returns at once a function that waits for the games and gives their
    ``Records``.  The set-up is checked here, so a bad argument raises before anything is queued.
    ``last`` False: more games will be queued behind these (``BlockPool.submit``)."""
    batch = _Batch(n_games, seed, matchup, strategies, tables, first_game, keep_bought, restriction)
    return start_batch(*batch.args, pool, last, budgets=batch.budgets).then(batch.records)


class _Batch:
    """The arrays of one engine call and the ``Records`` read from them once it has played."""

    def __init__(self, n_games: int, seed: int, matchup: Matchup, strategies: tuple[str, str],
                 tables: CardTables | None, first_game: int, keep_bought: bool, restriction=None):
        if n_games < 0:
            raise CommandsimError(f"number of games must be >= 0, got {n_games}")
        check_seed(seed)
        if not 0 <= first_game <= SEED_MAX - n_games:
            raise CommandsimError(f"games {first_game} .. {first_game + n_games - 1} are outside 0 .. {SEED_MAX}")
        tables, setup, setup_n, cfg, strat, names, self.budgets = _prepare_with_budgets(matchup, strategies, tables,
                                                                                         restriction)
        self.n, self.first_game, self.matchup, self.tables, self.names = n_games, first_game, matchup, tables, names
        # the result columns, the shape's and one per card type of the copies drawn and played
        self.out = np.zeros((n_games, R_CARD_COUNTS + tables.cards.shape[0]), np.int64)
        # (seat, card, game): each card's copies a row over the games, as a per-game file's columns;
        # Records gets the (game, seat, card) view of it
        self.bought = np.zeros((2, tables.cards.shape[0], n_games if keep_bought else 0), np.int32)
        self.args = (tables.cards, tables.eff, setup, setup_n, cfg, strat, seed, first_game, self.out, self.bought)

    def records(self) -> Records:
        out, n_games, first_game, matchup, names = self.out, self.n, self.first_game, self.matchup, self.names

        def columns(categories: bool) -> dict:
            def label(value: str):
                return constant_column(value, n_games) if categories else value

            return {
                "game": np.arange(first_game, first_game + n_games),
                "seed": out[:, R_SEED],
                "mode": label(matchup.mode), "difficulty": label(matchup.difficulty or ""),
                "first_faction": label(matchup.factions[0]), "second_faction": label(matchup.factions[1]),
                "first_variant": label(matchup.variant_label(0)), "second_variant": label(matchup.variant_label(1)),
                "first_strategy": label(names[0]), "second_strategy": label(names[1]),
                "winner": pd.Categorical.from_codes(out[:, R_WINNER], ["first", "second", "draw"]),
                "turns": out[:, R_TURNS],
                "first_hull": out[:, R_HULL], "second_hull": out[:, R_HULL + 1],
                "first_purchases": out[:, R_BOUGHT], "second_purchases": out[:, R_BOUGHT + 1],
                "first_damage": out[:, R_DAMAGE], "second_damage": out[:, R_DAMAGE + 1],
                "first_malfunctions": out[:, R_MALF], "second_malfunctions": out[:, R_MALF + 1],
                "bound": bound_column(out[:, R_BOUND]),
            }
        records = Records(columns, self.bought.transpose(2, 0, 1), self.tables.names, winner=out[:, R_WINNER],
                          turns=out[:, R_TURNS], strategies=names, bounds=out[:, R_BOUND])
        records.shape = GameShapes.from_output(out, R_SHAPE)
        records.plays = PlayCounts.from_output(out, R_CARD_COUNTS, self.tables.cards.shape[0])
        return records


Replay = GameReplay   # the core's record of one replayed game


def replay_game(game_seed_value: int, matchup: Matchup = Matchup(),
                strategies: tuple[str, str] = ("balanced", "balanced"),
                tables: CardTables | None = None, restriction=None) -> Replay:
    """Play the game with this per-game seed (the ``seed`` column of a record) with its event log."""
    check_seed(game_seed_value)
    tables, setup, setup_n, cfg, strat, names, budgets = _prepare_with_budgets(matchup, strategies, tables,
                                                                                restriction)
    piles = np.zeros((N_PILES, CAP), np.int32)
    cnt = np.zeros(N_PILES, np.int32)
    sc = np.zeros(N_SC, np.int64)
    log = np.zeros((MAX_LOG_EVENTS, LOG_COLS), np.int32)
    bought = np.zeros((2, tables.cards.shape[0]), np.int32)
    row = np.zeros(N_RESULT_COLS, np.int64)
    if budgets.any():
        from .batch import seat_budgets
        from .search import play_one_search, workspace
        from .tree_search import tree_workspace
        play_one_search(tables.cards, tables.eff, setup, setup_n, cfg, strat, seat_budgets(budgets), piles, cnt, sc,
                        log, bought, workspace(strat, tables.cards.shape[0]), tree_workspace(budgets),
                        np.int64(game_seed_value), row)
    else:
        play_one(tables.cards, tables.eff, setup, setup_n, cfg, strat, piles, cnt, sc, log, bought,
                 np.int64(game_seed_value), row)
    result = {"seed": int(row[R_SEED]), "winner": WINNER_LABELS[int(row[R_WINNER])], "turns": int(row[R_TURNS]),
              "first_hull": int(row[R_HULL]), "second_hull": int(row[R_HULL + 1]),
              **({"bound": BOUND_LABELS[int(row[R_BOUND])]} if row[R_BOUND] else {})}   # a game a bound ended
    return Replay(int(game_seed_value), matchup, names, result, log[:sc[S_LOG_N]].copy(), int(sc[S_LOG_LOST]),
                  tables)


def bannable(tables: CardTables) -> list[str]:
    """The cards restricted play may ban or force: every Market System and Crew card (what a player buys or
    takes from the Market), in table order."""
    from .tables import C_FACTION, C_KIND, FACTION_NONE, KIND_MALFUNCTION
    keep = (tables.cards[:, C_FACTION] == FACTION_NONE) & (tables.cards[:, C_KIND] != KIND_MALFUNCTION)
    return [name for name, k in zip(tables.names, keep) if k]


def restrict_rows(rows: np.ndarray, restriction, tables: CardTables) -> None:
    """Write ``restriction`` into the V_RESTRICT block of each seat's row (``players.situation``)."""
    from .players.params import N_PARAMS
    from .players.situation import RESTRICT_BAN, RESTRICT_FORCE, V_RESTRICT
    n = tables.cards.shape[0]
    for p, codes in enumerate(restriction.codes(tables.names, bannable(tables))):
        for t, kind in codes.items():
            rows[p, N_PARAMS + V_RESTRICT * n + t] = RESTRICT_BAN if kind == "ban" else RESTRICT_FORCE


def seed_of_game(base_seed: int, game_index: int) -> int:
    """The per-game seed of game ``game_index`` in a run with ``base_seed``."""
    check_seed(base_seed)
    check_seed(game_index, "the game index")
    return int(game_seed(base_seed, game_index))
