"""Blocks of skirmish battles: the jitted block function on the core's thread pool (``simcore.blocks``)."""
from __future__ import annotations

import numpy as np

from simcore.block_loop import keep_nothing, play_games
from simcore.blocks import BlockPool, Pending, padded, run_blocks
from simcore.errors import CommandsimError
from .players.params import KIND_ISMCTS, KIND_SEARCH, N_RESTRICT, P_KIND

from .game_row import fixed_shapes, new_state, record
from .jit import hot, hot_entry
from .layout import MAX_CMDS, MAX_EFF_ROWS, MAX_PROFILES
from .rules import play_battle


assert N_RESTRICT == MAX_CMDS, "a strategy row's restriction block holds one float per command row"


@hot
def play_one(cmds, eff, profiles, setup, cfg, strat, u, sc, log, seed, out_row):
    play_battle(cmds, eff, profiles, setup, cfg, strat, u, sc, log, seed)
    record(sc, seed, out_row)


@hot_entry
def play_block(cmds, eff, profiles, setup, cfg, strat, base_seed, first_game, lo, hi, out, u, sc, log):
    """Rows lo .. hi - 1 of ``out``: row g is battle first_game + g. Releases the GIL."""
    if not fixed_shapes(cmds, eff, profiles, strat, u, sc, log):
        raise ValueError("play_block: an array does not have the layout's shape")
    play_games(play_one, (cmds, eff, profiles, setup, cfg, strat, u, sc, log), keep_nothing, (), False, base_seed,
               first_game, lo, hi, out)


def has_search(strat) -> bool:
    """A seat is a search player: its battles run ``search.play_search_block``, the others this file's."""
    return bool(np.isin(np.asarray(strat)[:, P_KIND], (KIND_SEARCH, KIND_ISMCTS)).any())


def padded_tables(cmds, eff, profiles):
    """Padded with zero rows to the layout's fixed counts (rows nothing refers to: no force's set holds a
    padded command row, so the five checks refuse it)."""
    if cmds.shape[0] > MAX_CMDS or eff.shape[0] > MAX_EFF_ROWS or profiles.shape[0] > MAX_PROFILES:
        raise CommandsimError(f"a battle plays at most {MAX_CMDS} commands, {MAX_EFF_ROWS} effect rows and "
                              f"{MAX_PROFILES} unit profiles, got {cmds.shape[0]}, {eff.shape[0]} and "
                              f"{profiles.shape[0]}")
    return padded(cmds, MAX_CMDS), padded(eff, MAX_EFF_ROWS), padded(profiles, MAX_PROFILES)


def start_batch(cmds, eff, profiles, setup, cfg, strat, base_seed: int, first_game: int, out: np.ndarray,
                pool: BlockPool, last: bool = True) -> Pending:
    """``play_batch`` of the heuristic's battles on the threads of ``pool``, behind the blocks already queued
    there: returns at once; the rows are written when the ``Pending``'s ``wait()`` returns."""
    return pool.submit(_block_range(*padded_tables(cmds, eff, profiles), setup, cfg, strat, base_seed, first_game,
                                    out), out.shape[0], last)


def _block_range(cmds, eff, profiles, setup, cfg, strat, base_seed: int, first_game: int, out: np.ndarray):
    """``play_range(lo, hi)``: the heuristic's battles lo .. hi - 1 of ``out`` (``play_block``), tables padded."""
    def play_range(lo, hi):
        play_block(cmds, eff, profiles, setup, cfg, strat, np.int64(base_seed), np.int64(first_game), np.int64(lo),
                   np.int64(hi), out, *new_state())
    return play_range


def play_batch(cmds, eff, profiles, setup, cfg, strat, base_seed: int, first_game: int, out: np.ndarray,
               threads: int | None = None) -> tuple[int, int, int] | None:
    """Battles first_game .. first_game + len(out) - 1 of the run with ``base_seed`` on ``threads`` threads;
    returns a search player's (searched decisions, rollouts, rollout turns), summed (None without one)."""
    cmds, eff, profiles = padded_tables(cmds, eff, profiles)
    if has_search(strat):
        from .search import play_search_batch
        counts = play_search_batch(cmds, eff, profiles, setup, cfg, strat, base_seed, first_game, out, threads)
        return tuple(int(x) for x in counts.sum(axis=0))
    run_blocks(_block_range(cmds, eff, profiles, setup, cfg, strat, base_seed, first_game, out), out.shape[0], threads)
    return None
