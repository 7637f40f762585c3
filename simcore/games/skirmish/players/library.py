"""Skirmish strategy files: a kind and parameters, compiled to a float row per seat.

    name = "my-plan"
    kind = "heuristic"            # or "random"
    base = "reserve"              # optional (default reserve): the parameters it starts from
    [params]
    w_damage = 2.5

Every mistake is a ``StrategyError`` naming the file and the field (exit code 2 in the CLI).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from simcore.strategy_files import StrategyFiles

from . import params as P

BUILTIN_DIR = Path(__file__).resolve().parent / "builtin"
DEFAULT_BASE = "reserve"
FILES = StrategyFiles("skirmish", BUILTIN_DIR, P, DEFAULT_BASE)
KINDS, PARAMS = FILES.kinds, FILES.params
builtin_names, load_spec, resolve = FILES.builtin_names, FILES.load_spec, FILES.resolve


def strategy_rows(strategies) -> tuple[tuple[str, str], np.ndarray]:
    """Names and float64[2, ROW_LEN]: each seat's parameters, then its restriction block (none)."""
    names, rows = [], []
    for s in strategies:
        name, vec = resolve(s)
        names.append(name)
        rows.append(np.concatenate([vec, np.zeros(P.N_RESTRICT)]))
    return tuple(names), np.stack(rows)
