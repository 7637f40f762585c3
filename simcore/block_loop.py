"""The block loop every game's batch entry runs: games ``lo .. hi - 1`` of a run, each from its own seed.

Game g of a run with base seed S is always played from ``game_seed(S, first_game + g)`` into row g, whatever
block, thread or chunk plays it: that is the whole of the determinism contract's loop, so it is written here
once (``simcore.blocks`` hands the blocks to threads).

A game's entry (``hot_entry``: the jitted function Python calls) checks its arrays' shapes, then calls
``play_games`` with its own jitted ``play_one`` and ``keep`` and their arguments as tuples. ``play_games`` is
inlined into the entry by numba (``hot_inlined``) before it is typed, so it compiles as part of each game's
own code: the game's functions are called directly, as in a loop written in the entry, and the entry stays
cached in the game's own folder (``simcore.game_jit``; this file keys every game's folder,
``simcore.jit_cache``). Compiled as a function of its own, a core function taking a game's jitted function as
an argument makes every entry that calls it uncacheable (numba: "Cannot cache compiled function ... as it
uses dynamic globals"), measured with numba 0.68.
"""
from __future__ import annotations

from .jit import hot, hot_inlined
from .rng import game_seed


@hot_inlined
def play_games(play_one, game_args, keep, keep_args, keeping, base_seed, first_game, lo, hi, out):
    """Rows lo .. hi - 1 of ``out``: row g is game first_game + g of the run with ``base_seed``, played by
    ``play_one(*game_args, seed, out[g])``; then, when ``keeping``, ``keep(*keep_args, g)`` copies what the
    game's state holds beyond its row (the cards each side bought, a search's counters) into column or row g
    of the caller's arrays. One set of state arrays in ``game_args`` serves every game (each game's setup
    clears them)."""
    for g in range(lo, hi):
        play_one(*game_args, game_seed(base_seed, first_game + g), out[g])
        if keeping:
            keep(*keep_args, g)


@hot   # a game's play_one and keep are plain ``hot`` too: numba cannot inline a function called with *args
def keep_nothing(g):
    """The ``keep`` of a game whose row holds all it reports."""
    return
