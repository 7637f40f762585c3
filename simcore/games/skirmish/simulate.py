"""The Python API of the skirmish: play N seeded battles of a matchup and get per-battle records (the core's
``Records``), or replay one battle with its event log."""
from __future__ import annotations


from typing import Callable

import numpy as np
import pandas as pd

from simcore.blocks import BlockPool
from simcore.rng import game_seed
from simcore.errors import CommandsimError
from simcore.names import did_you_mean
from simcore.bounds import LABELS as BOUND_LABELS, bound_column
from simcore.play_counts import PlayCounts
from simcore.records import WINNER_LABELS, GameReplay, Records, check_batch, check_threads, constant_column
from simcore.shape import GameShapes
from .players.library import strategy_rows

from .batch import has_search, padded_tables, play_batch, play_one, start_batch
from .game_row import (N_RESULT_COLS, R_BOUND, R_CARD_COUNTS, R_CP_SPENT, R_KILLS, R_ORDERS, R_RESPONSES, R_SEED,
                       R_SHAPE, R_TURNS, R_VP, R_WINNER, new_state)
from .card_data import SkirmishTables, load_tables
from .layout import S_LOG_LOST, S_LOG_N
from .setup import Matchup, budgets_of, build_setup

MODE = "battle"
MAX_LOG_EVENTS = 50000


def _prepare(matchup: Matchup, strategies, tables: SkirmishTables | None, restriction=None):
    tables = tables if tables is not None else load_tables(command_sets=matchup.command_sets)
    setup, cfg = build_setup(tables, matchup)
    names, strat = strategy_rows(strategies)
    if restriction:
        restrict_rows(strat, restriction, tables)
    return tables, setup, cfg, names, strat


def bannable(data) -> list[str]:
    """The commands restricted play may ban: every command of the data's command sets, in data order."""
    seen: list[str] = []
    for names in data.sets.values():
        seen += [n for n in names if n not in seen]
    return seen


def restrict_rows(rows: np.ndarray, restriction, tables: SkirmishTables) -> None:
    """Write ``restriction`` into each seat's restriction block (``simcore.games.skirmish.players.params``): every
    command row of the battle with a banned (forced) command's name (a set may hold it at another cost). A
    forced command is given, or declared, whenever it is legal and affordable (``policy.choose_order``)."""
    from .players.params import N_PARAMS, RESTRICT_BAN, RESTRICT_FORCE
    allowed = bannable(tables.data)
    for code, per_seat in ((RESTRICT_BAN, restriction.banned), (RESTRICT_FORCE, restriction.forced)):
        for p, names in enumerate(per_seat):
            for name in names:
                if name not in allowed:
                    raise CommandsimError(f"command '{name}' cannot be restricted: expected one of "
                                          f"{', '.join(allowed)}{did_you_mean(name, allowed)}")
                for c, row_name in enumerate(tables.names):
                    if row_name == name:
                        rows[p, N_PARAMS + c] = code


def play_games(n_games: int, seed: int = 0, matchup: Matchup = Matchup(), strategies=("reserve", "reserve"),
               tables: SkirmishTables | None = None, threads: int | None = None, first_game: int = 0,
               restriction=None) -> Records:
    """Battles ``first_game .. first_game + n_games - 1`` of the run with base ``seed``; force 0 deploys
    first and gives the first command of turn 1. Battle g depends only on (seed, g), never on ``threads``."""
    check_batch(n_games, seed)
    check_threads(threads)
    batch = _Batch(n_games, seed, matchup, strategies, tables, first_game, restriction)
    return batch.records(play_batch(*batch.args, threads))


def start_games(n_games: int, seed: int, matchup: Matchup, strategies, tables: SkirmishTables | None,
                pool: BlockPool, first_game: int = 0, last: bool = True, restriction=None) -> Callable[[], Records]:
    """``play_games`` on the threads of ``pool`` (``simcore.blocks.BlockPool``), queued behind the battles
    already submitted there: returns at once a function that waits for them and gives their ``Records`` (a
    sweep reduces one chunk while the next plays). The set-up is checked here, before anything is queued; a
    search player's battles play at once (``search.play_search_batch`` runs its own blocks). ``last``: see
    ``BlockPool.submit``."""
    check_batch(n_games, seed)
    batch = _Batch(n_games, seed, matchup, strategies, tables, first_game, restriction)
    if has_search(batch.strat):
        records = batch.records(play_batch(*batch.args, pool.threads))
        return lambda: records
    return start_batch(*batch.args, pool, last).then(lambda: batch.records(None))


class _Batch:
    """The arrays of one engine call and the ``Records`` read from them once it has played."""

    def __init__(self, n_games: int, seed: int, matchup: Matchup, strategies, tables: SkirmishTables | None,
                 first_game: int, restriction=None):
        tables, setup, cfg, self.names, self.strat = _prepare(matchup, strategies, tables, restriction)
        self.n, self.first_game, self.matchup, self.tables = n_games, first_game, matchup, tables
        # the result columns, the shape's and one per command row of the times each force gave it
        self.out = np.zeros((n_games, R_CARD_COUNTS + len(tables.names)), np.int64)
        self.args = (tables.cmds, tables.eff, tables.profiles, setup, cfg, self.strat, seed, first_game, self.out)

    def records(self, searched) -> Records:
        """The battles' ``Records`` (``searched``: a search player's counts, ``play_batch``'s)."""
        out, n_games, first_game, matchup, names, tables = (self.out, self.n, self.first_game, self.matchup,
                                                            self.names, self.tables)
        labels = matchup_labels(matchup, tables)

        def columns(categories: bool) -> dict:
            """The core's per-game columns (the forces in the side columns, "<command set>:<Command Points>" in
            the variant columns), then this game's own."""
            def label(value: str):
                return constant_column(value, n_games) if categories else value

            return {
                "game": np.arange(first_game, first_game + n_games), "seed": out[:, R_SEED],
                "mode": label(MODE),
                "first_faction": label(matchup.forces[0]), "second_faction": label(matchup.forces[1]),
                "first_variant": label(labels[0]), "second_variant": label(labels[1]),
                "first_strategy": label(names[0]), "second_strategy": label(names[1]),
                "winner": pd.Categorical.from_codes(out[:, R_WINNER], list(WINNER_LABELS)),
                "turns": out[:, R_TURNS],
                **{f"{seat}_{col}": out[:, base + p] for base, col in ((R_KILLS, "kills"), (R_VP, "objective"),
                                                                       (R_ORDERS, "orders"),
                                                                       (R_RESPONSES, "responses"),
                                                                       (R_CP_SPENT, "cp_spent"))
                   for p, seat in enumerate(("first", "second"))},
                "bound": bound_column(out[:, R_BOUND]),
            }
        records = Records(columns, np.zeros((n_games, 2, 0), np.int32), [], winner=out[:, R_WINNER],
                          turns=out[:, R_TURNS], strategies=names, bounds=out[:, R_BOUND])
        records.search = searched
        records.shape = GameShapes.from_output(out, R_SHAPE)
        records.plays = PlayCounts.from_output(out, R_CARD_COUNTS, len(tables.names))
        records.play_names = list(tables.names)
        return records


def matchup_labels(matchup: Matchup, tables) -> tuple[str, str]:
    """Each seat's "<command set>:<Command Points>", as records and tables name its variant."""
    return tuple(f"{s}:{cp}" for s, cp in zip(matchup.command_sets, budgets_of(tables, matchup)))


Replay = GameReplay   # the core's record of one replayed game


def replay_game(game_seed_value: int, matchup: Matchup = Matchup(), strategies=("reserve", "reserve"),
                tables: SkirmishTables | None = None, restriction=None) -> Replay:
    """Play the battle with this per-game seed (a record's ``seed``) with its event log."""
    tables, setup, cfg, names, strat = _prepare(matchup, strategies, tables, restriction)
    cmds, eff, profiles = padded_tables(tables.cmds, tables.eff, tables.profiles)
    u, sc, log = new_state(MAX_LOG_EVENTS)
    row = np.zeros(N_RESULT_COLS, np.int64)
    if has_search(strat):
        from .search import play_one_search, scratch, tree_budget
        play_one_search(cmds, eff, profiles, setup, cfg, strat, u, sc, log, *scratch(budget=tree_budget(strat)),
                        np.int64(game_seed_value), row)
    else:
        play_one(cmds, eff, profiles, setup, cfg, strat, u, sc, log, np.int64(game_seed_value), row)
    result = {"seed": int(row[R_SEED]), "winner": WINNER_LABELS[int(row[R_WINNER])], "turns": int(row[R_TURNS]),
              "first_kills": int(row[R_KILLS]), "second_kills": int(row[R_KILLS + 1]),
              "first_objective": int(row[R_VP]), "second_objective": int(row[R_VP + 1]),
              # a battle a bound ended says which (recorded replays of the others read as they did)
              **({"bound": BOUND_LABELS[int(row[R_BOUND])]} if row[R_BOUND] else {})}
    return Replay(int(game_seed_value), matchup, names, result, log[:sc[S_LOG_N]].copy(), int(sc[S_LOG_LOST]),
                  tables, setup)


def seed_of_game(base_seed: int, game_index: int) -> int:
    return int(game_seed(base_seed, game_index))
