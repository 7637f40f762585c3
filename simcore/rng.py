"""SplitMix64: a tiny integer RNG whose state lives in one slot of a game's scalar array.

Per-game seeds are derived from (base seed, game index) so that a game's dice do not depend on which
thread or chunk plays it. Every game draws with these functions, naming the slot of its own state array
that holds the generator (a module constant: numba folds it into the machine code).
"""
import numpy as np

from .jit import hot

SEED_MAX = 2**63 - 1   # seeds and game indices travel as int64 into the engine
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S11 = np.uint64(11)


@hot
def mix64(x):
    z = np.uint64(x)
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@hot
def game_seed(base_seed, game_index):
    """Seed of game ``game_index`` of a run with ``base_seed`` (both non-negative ints)."""
    return np.int64(mix64(mix64(np.uint64(base_seed) + _GOLDEN) + np.uint64(game_index) * _GOLDEN)
                    >> np.uint64(1))


@hot
def next_u64(sc, slot):
    """The next 64 random bits of the generator in ``sc[slot]``."""
    x = np.uint64(sc[slot]) + _GOLDEN
    sc[slot] = np.int64(x)
    return mix64(x)


@hot
def rand_below(sc, slot, n):
    """Uniform integer in [0, n) (n >= 1) from the generator in ``sc[slot]``."""
    return np.int64((next_u64(sc, slot) >> _S11) % np.uint64(n))

