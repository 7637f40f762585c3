"""Star Realms strategy files: a kind and parameters, compiled to a float row per seat.

    name = "my-plan"
    kind = "heuristic"            # or "random"
    base = "balanced"             # optional (default balanced): the parameters it starts from
    [params]
    w_combat = 1.4

Every mistake is a ``StrategyError`` naming the file and the field (exit code 2 in the CLI).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from simcore.strategy_files import StrategyFiles

from . import params as P
from .values import card_values

BUILTIN_DIR = Path(__file__).resolve().parent / "builtin"
DEFAULT_BASE = "balanced"
FILES = StrategyFiles("Star Realms", BUILTIN_DIR, P, DEFAULT_BASE)
KINDS, PARAMS = FILES.kinds, FILES.params
builtin_names, load_spec, resolve = FILES.builtin_names, FILES.load_spec, FILES.resolve


def strategy_rows(strategies, tables, opponents=(1, 1)) -> tuple[tuple[str, str], np.ndarray]:
    """Names and float64[2, N_PARAMS + n_types]: each seat's parameters, then its value of every card type.
    ``opponents``: how many players each seat faces; a seat facing a Hydra team (2) plays with its
    ``vs_team_*`` multipliers applied to base_turns, w_draw and w_combat."""
    names, rows = [], []
    for s, n_opp in zip(strategies, opponents):
        name, vec = resolve(s)
        names.append(name)
        if n_opp == 2 and vec[P.P_KIND] != P.KIND_RANDOM:
            vec = vec.copy()
            for weight, factor in ((P.P_BASE_TURNS, P.P_VS_TEAM_BASE_TURNS), (P.P_W_DRAW, P.P_VS_TEAM_W_DRAW),
                                   (P.P_W_COMBAT, P.P_VS_TEAM_W_COMBAT)):
                vec[weight] *= vec[factor]
        values = card_values(vec, tables)
        rows.append(np.concatenate([vec, values, np.zeros_like(values)]))   # no restriction
    return tuple(names), np.stack(rows)
