"""The tiny race's player: one jitted decision that reads a strategy row (numbers, never names), as a real game's
policies do.

A strategy row (float64[ROW_LEN]): its parameters (P_*), then one number per card type for restricted play
(``simcore.game.Restriction``: 0 free, RESTRICT_BAN never bought, RESTRICT_FORCE bought whenever affordable).
``strategy_row`` builds it in Python from ``strategies.toml`` and a restriction.
"""
from __future__ import annotations

import numpy as np

from simcore.rng import rand_below

from .jit import hot
from .layout import CFG_N_TYPES, MAX_TYPES, S_COINS, S_RNG
from .opcodes import C_COST

P_KEEP = 0             # coins a purchase must leave in hand
P_PASS = 1             # the chance of buying nothing this turn (0: never; no die is rolled for it)
N_PARAMS = 2
V_RESTRICT = N_PARAMS  # + t: card type t's restriction
ROW_LEN = N_PARAMS + MAX_TYPES
PARAMS = ("keep", "pass")

RESTRICT_BAN = 1.0
RESTRICT_FORCE = 2.0
PASS_SCALE = 1 << 20   # P_PASS is drawn in steps of 1 / PASS_SCALE


@hot
def choose_buy(cards, cfg, sc, strat, p):
    """The card type racer p buys with its coins (-1: none): a forced card it can afford first; else, unless it
    passes (P_PASS), the dearest card not banned whose cost leaves it P_KEEP coins (the first of equal costs)."""
    row = strat[p]
    coins = sc[S_COINS + p]
    for t in range(cfg[CFG_N_TYPES]):
        if row[V_RESTRICT + t] == RESTRICT_FORCE and cards[t, C_COST] <= coins:
            return t
    if row[P_PASS] > 0.0 and rand_below(sc, S_RNG, PASS_SCALE) < row[P_PASS] * PASS_SCALE:
        return -1
    best = -1
    for t in range(cfg[CFG_N_TYPES]):
        cost = cards[t, C_COST]
        if row[V_RESTRICT + t] != RESTRICT_BAN and cost <= coins - row[P_KEEP] \
                and (best < 0 or cost > cards[best, C_COST]):
            best = t
    return best


def strategy_row(values: tuple[float, ...], codes: dict[int, str] | None = None) -> np.ndarray:
    """A seat's row: the parameters ``values`` (in PARAMS order) and its restriction (card type -> "ban" |
    "force", ``simcore.game.Restriction.codes``)."""
    row = np.zeros(ROW_LEN)
    row[:N_PARAMS] = values
    for t, kind in (codes or {}).items():
        row[V_RESTRICT + t] = RESTRICT_BAN if kind == "ban" else RESTRICT_FORCE
    return row
