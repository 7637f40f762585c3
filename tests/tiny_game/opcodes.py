"""The tiny race's effect opcodes and card-table columns.

A card's ``effects`` (``cards.toml``) compile to rows of ``eff`` (int32[n_rows, 2]: op, n), its row of
``cards`` (int32[n_types, N_COLS]) says where they are. A new kind of effect is one line here, one branch in
``rules.run_effects`` and one test.
"""
from enum import IntEnum


class Op(IntEnum):
    NONE = 0
    STRIDE = 1      # every later move of the buyer goes n steps further
    JUMP = 2        # the buyer moves n steps at once
    COINS = 3       # the buyer gains n coins at once


OP_NAMES = {op.name.lower(): op for op in Op if op is not Op.NONE}

# ---- cards: int32[n_types, N_COLS]
C_COST = 0          # coins to buy it
C_EFF = 1           # its first row of ``eff``
C_N_EFF = 2         # how many rows
N_COLS = 3

# ---- eff: int32[n_rows, 2]
E_OP = 0
E_N = 1
