"""A skirmish battle's matchup (two forces, their command sets and Command Point budgets, the turn limit)
and the arrays it starts from."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simcore.errors import CommandsimError
from simcore.names import unknown

from .bounds import set_limits
from .card_data import SkirmishTables
from .layout import (CFG_AVAIL, CFG_BUDGET, CFG_CHECK_CMD, CFG_MAX_TURNS, CFG_N_UNITS, CFG_OBJECTIVE,
                     CFG_TRACK, MAX_UNITS, N_CFG)
from .opcodes import CC_TIMING, TIMING_CHECK

DEFAULT_MAX_TURNS = 6     # estimated: long enough to close and fight, short enough that the objective matters
TRACK = 13                # positions 0 .. 12, the objective at 6 (estimated)


@dataclass(frozen=True)
class Matchup:
    forces: tuple[str, str] = ("line", "line")
    command_sets: tuple[str, str] = ("full", "full")
    budgets: tuple[int | None, int | None] = (None, None)     # None: the force's own cp
    max_turns: int = DEFAULT_MAX_TURNS


def budgets_of(tables: SkirmishTables, m: Matchup) -> tuple[int, int]:
    return tuple(tables.data.forces[f].cp if b is None else b for f, b in zip(m.forces, m.budgets))


def build_setup(tables: SkirmishTables, m: Matchup) -> tuple[np.ndarray, np.ndarray]:
    """setup int32[MAX_UNITS, 2] (side, profile row) and cfg int64[N_CFG]."""
    forces = tables.data.forces
    for f in m.forces:
        if f not in forces:
            raise CommandsimError(unknown("force", f, forces))
    if tables.command_sets != tuple(m.command_sets):
        raise CommandsimError(f"the tables hold the command sets {tables.command_sets}, the matchup asks for "
                              f"{tuple(m.command_sets)}")
    if m.max_turns < 1:
        raise CommandsimError(f"the turn limit must be at least 1, got {m.max_turns}")
    rows = [(p, tables.unit_names.index(u)) for p, f in enumerate(m.forces) for u in forces[f].units]
    if len(rows) > MAX_UNITS:
        raise CommandsimError(f"the two forces hold {len(rows)} units, at most {MAX_UNITS}")
    setup = np.zeros((MAX_UNITS, 2), np.int32)
    setup[:len(rows)] = rows
    return setup, make_cfg(tables, budgets_of(tables, m), len(rows), m.max_turns)


def make_cfg(tables: SkirmishTables, budgets, n_units: int, max_turns: int = DEFAULT_MAX_TURNS) -> np.ndarray:
    for b in budgets:
        if not 0 <= b <= 20:
            raise CommandsimError(f"a Command Point budget must be 0..20, got {b}")
    cfg = np.zeros(N_CFG, np.int64)
    cfg[CFG_MAX_TURNS] = max_turns
    cfg[CFG_BUDGET:CFG_BUDGET + 2] = budgets
    cfg[CFG_TRACK] = TRACK
    cfg[CFG_OBJECTIVE] = TRACK // 2
    checks = [c for c in range(tables.cmds.shape[0]) if tables.cmds[c, CC_TIMING] == TIMING_CHECK]
    cfg[CFG_CHECK_CMD] = checks[0] if checks else -1
    set_limits(cfg)
    cfg[CFG_N_UNITS] = n_units
    cfg[CFG_AVAIL:CFG_AVAIL + 2] = tables.avail
    return cfg


# ---- a side's command set as the options write it

def parse_setting(text: str, data) -> tuple[str, int | None]:
    """"SET" or "SET:CP" -> (command set, budget or None for the force's own)."""
    name, _, cp = text.strip().partition(":")
    if name not in data.sets:
        raise CommandsimError(unknown("command set", name, list(data.sets), tail="(optionally with :CP, e.g. full:3)"))
    if not cp:
        return name, None
    if not cp.isdigit() or not 0 <= int(cp) <= 20:
        raise CommandsimError(f"'{text}': the Command Point budget after ':' must be 0..20")
    return name, int(cp)


def label(force: str, setting: tuple[str, int | None], data) -> str:
    name, cp = setting
    return f"{name}:{data.forces[force].cp if cp is None else cp}"
