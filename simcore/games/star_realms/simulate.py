"""The Python API of Star Realms: play N seeded games of a matchup and get per-game records (the same
``Records`` and column style as The Last Command's ``simcore.games.last_command.simulate``), or replay one game with its log."""
from __future__ import annotations


from typing import Callable

import numpy as np
import pandas as pd

from simcore.blocks import BlockPool
from simcore.rng import game_seed
from simcore.bounds import LABELS as BOUND_LABELS, bound_column
from simcore.play_counts import PlayCounts
from simcore.records import WINNER_LABELS, GameReplay, Records, check_batch, check_threads, constant_column
from simcore.shape import GameShapes
from .players.library import strategy_rows

from .batch import (N_RESULT_COLS, R_AUTH, R_BASES, R_BOUGHT, R_BOUND, R_CARD_COUNTS, R_DAMAGE, R_ROLLOUT_TURNS,
                    R_ROLLOUTS, R_SEARCHES, R_SEED, R_SHAPE, R_TURNS,
                    R_WINNER, new_state, play_batch, play_one, play_one_search, start_batch)
from .card_data import SRTables, load_tables
from .layout import S_LOG_LOST, S_LOG_N
from .search import Scratch, rollout_rows
from .tree_search import tree_budget
from .setup import SRMatchup, build_setup, opponents, player_rows

VARIANT = "core"    # Star Realms has no starting-card variants: the variant columns name the card set
MAX_LOG_EVENTS = 20000


def _prepare(matchup: SRMatchup, strategies, tables: SRTables | None, restriction=None):
    tables = tables if tables is not None else load_tables()
    setup, cfg = build_setup(tables, matchup)
    names, strat = strategy_rows(strategies, tables, opponents(cfg))
    rstrat = rollout_rows(strategies, tables, cfg)
    if restriction:
        restrict_rows(strat, restriction, tables)
    strat = player_rows(strat, cfg)
    if restriction and rstrat is not None:     # a searching side's rollouts play its own seat restricted too
        for s in range(2):
            side = np.array(rstrat[s, :2])
            restrict_rows(side, restriction, tables)
            rstrat[s] = player_rows(side, cfg)
    return tables, setup, cfg, names, strat, rstrat


def bannable(tables: SRTables) -> list[str]:
    """The cards restricted play may ban or force: the trade deck's cards (the trade row), the Explorer and
    the gambits, in table order."""
    return [c.name for c in tables.card_list if c.role in ("trade_deck", "explorer", "gambit")]


def restrict_rows(side_rows: np.ndarray, restriction, tables: SRTables) -> None:
    """Write ``restriction`` into the last block of each side's row (``simcore.games.star_realms.players.params``)."""
    from .players.params import N_PARAMS, RESTRICT_BAN, RESTRICT_FORCE
    n = tables.cards.shape[0]
    for p, codes in enumerate(restriction.codes(tables.names, bannable(tables))):
        for t, kind in codes.items():
            side_rows[p, N_PARAMS + n + t] = RESTRICT_BAN if kind == "ban" else RESTRICT_FORCE


def play_games(n_games: int, seed: int = 0, matchup: SRMatchup = SRMatchup(),
               strategies=("balanced", "balanced"), tables: SRTables | None = None, threads: int | None = None,
               first_game: int = 0, keep_bought: bool = True, restriction=None) -> Records:
    """Play games ``first_game .. first_game + n_games - 1`` of the run with base ``seed``; seat 0 moves first.
    Game g's shuffles and random choices depend only on (seed, g), never on ``threads``."""
    check_batch(n_games, seed)
    check_threads(threads)
    batch = _Batch(n_games, seed, matchup, strategies, tables, first_game, keep_bought, restriction)
    play_batch(*batch.args, threads, batch.rstrat)
    return batch.records()


def start_games(n_games: int, seed: int, matchup: SRMatchup, strategies, tables: SRTables | None, pool: BlockPool,
                first_game: int = 0, keep_bought: bool = True, last: bool = True,
                restriction=None) -> Callable[[], Records]:
    """``play_games`` on the threads of ``pool`` (``simcore.blocks.BlockPool``), queued behind the games already
    submitted there: returns at once a function that waits for them and gives their ``Records`` (a sweep
    reduces one chunk while the next plays). The set-up is checked here, before anything is queued; a search
    player's games play at once. ``last``: see ``BlockPool.submit``."""
    check_batch(n_games, seed)
    batch = _Batch(n_games, seed, matchup, strategies, tables, first_game, keep_bought, restriction)
    if batch.rstrat is not None:
        play_batch(*batch.args, pool.threads, batch.rstrat)
        records = batch.records()
        return lambda: records
    return start_batch(*batch.args, pool, last).then(batch.records)


class _Batch:
    """The arrays of one engine call and the ``Records`` read from them once it has played."""

    def __init__(self, n_games: int, seed: int, matchup: SRMatchup, strategies, tables: SRTables | None,
                 first_game: int, keep_bought: bool, restriction=None):
        tables, setup, cfg, self.names, strat, self.rstrat = _prepare(matchup, strategies, tables, restriction)
        self.n, self.first_game, self.matchup, self.tables = n_games, first_game, matchup, tables
        # the result columns, the shape's and one per card type of the copies drawn and played
        self.out = np.zeros((n_games, R_CARD_COUNTS + tables.cards.shape[0]), np.int64)
        self.bought = np.zeros((n_games if keep_bought else 0, 2, tables.cards.shape[0]), np.int32)
        self.args = (tables.cards, tables.eff, setup, cfg, strat, seed, first_game, self.out, self.bought)

    def records(self) -> Records:
        out, bought, n_games, first_game, matchup, names, tables = (self.out, self.bought, self.n, self.first_game,
                                                                    self.matchup, self.names, self.tables)
        search = self.rstrat is not None

        def columns(categories: bool) -> dict:
            """The core's per-game columns (the decks in the side columns, the card set in the variant
            columns), then this game's own."""
            def label(value: str):
                return constant_column(value, n_games) if categories else value

            return {
                "game": np.arange(first_game, first_game + n_games),
                "seed": out[:, R_SEED],
                "mode": label(matchup.mode),
                "first_faction": label(matchup.decks[0]), "second_faction": label(matchup.decks[1]),
                "first_variant": label(VARIANT), "second_variant": label(VARIANT),
                "first_strategy": label(names[0]), "second_strategy": label(names[1]),
                "winner": pd.Categorical.from_codes(out[:, R_WINNER], list(WINNER_LABELS)),
                "turns": out[:, R_TURNS],
                "first_authority": out[:, R_AUTH], "second_authority": out[:, R_AUTH + 1],
                "first_purchases": out[:, R_BOUGHT], "second_purchases": out[:, R_BOUGHT + 1],
                "first_damage": out[:, R_DAMAGE], "second_damage": out[:, R_DAMAGE + 1],
                "first_bases_destroyed": out[:, R_BASES], "second_bases_destroyed": out[:, R_BASES + 1],
                "bound": bound_column(out[:, R_BOUND]),
                # a search player's work (both seats'): only in games with one
                **({"searched_decisions": out[:, R_SEARCHES], "rollouts": out[:, R_ROLLOUTS]} if search else {}),
            }
        records = Records(columns, bought, tables.names, winner=out[:, R_WINNER], turns=out[:, R_TURNS],
                          strategies=names, bounds=out[:, R_BOUND])
        if search:
            records.search = tuple(int(out[:, c].sum()) for c in (R_SEARCHES, R_ROLLOUTS, R_ROLLOUT_TURNS))
        records.shape = GameShapes.from_output(out, R_SHAPE)
        records.plays = PlayCounts.from_output(out, R_CARD_COUNTS, tables.cards.shape[0])
        return records


Replay = GameReplay   # the core's record of one replayed game


def replay_game(game_seed_value: int, matchup: SRMatchup = SRMatchup(), strategies=("balanced", "balanced"),
                tables: SRTables | None = None, restriction=None) -> Replay:
    """Play the game with this per-game seed (a record's ``seed``) with its event log."""
    tables, setup, cfg, names, strat, rstrat = _prepare(matchup, strategies, tables, restriction)
    piles, fl, cnt, sc, log, bought = new_state(tables.cards.shape[0], MAX_LOG_EVENTS)
    row = np.zeros(N_RESULT_COLS, np.int64)
    if rstrat is None:
        play_one(tables.cards, tables.eff, setup, cfg, strat, piles, fl, cnt, sc, log, bought,
                 np.int64(game_seed_value), row)
    else:       # the search's scratch keeps no log: the game's log holds only what was played
        scratch = Scratch(tables.cards.shape[0], tree_budget(strat))
        play_one_search(tables.cards, tables.eff, setup, cfg, strat, rstrat, piles, fl, cnt, sc, log, bought,
                        *scratch.arrays, scratch.tree, np.int64(game_seed_value), row)
    result = {"seed": int(row[R_SEED]), "winner": WINNER_LABELS[int(row[R_WINNER])], "turns": int(row[R_TURNS]),
              "first_authority": int(row[R_AUTH]), "second_authority": int(row[R_AUTH + 1]),
              # a game a bound ended says which (recorded replays of the others read as they did)
              **({"bound": BOUND_LABELS[int(row[R_BOUND])]} if row[R_BOUND] else {})}
    return Replay(int(game_seed_value), matchup, names, result, log[:sc[S_LOG_N]].copy(), int(sc[S_LOG_LOST]),
                  tables)


def seed_of_game(base_seed: int, game_index: int) -> int:
    return int(game_seed(base_seed, game_index))
