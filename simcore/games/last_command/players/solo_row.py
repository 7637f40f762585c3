"""The strategy row of the Solo Mode A.I.: the guide measures a card by its Credit cost, so
that is its card value in every state; its weights (used only for 'best interest' ORs and
bonuses) are the balanced strategy's."""
from __future__ import annotations

import numpy as np

from ..tables import C_CREDIT, C_KIND, KIND_MALFUNCTION, CardTables

from .library import load_params
from .params import KIND_SOLO_AI, N_PARAMS, P_KIND, P_SCRAP_BELOW
from .situation import V_TOP, V_TOTAL
from .values import compile_row

NAME = "solo-ai"


def solo_ai_row(tables: CardTables) -> np.ndarray:
    row = compile_row(load_params("balanced")[1], tables)
    row[P_KIND] = KIND_SOLO_AI
    row[P_SCRAP_BELOW] = 1e9   # "Scrap the card with the lowest Credit cost": always
    n = tables.cards.shape[0]
    worth = tables.cards[:, C_CREDIT].astype(float)
    worth[tables.cards[:, C_KIND] == KIND_MALFUNCTION] = -1.0
    # every value block: the total and the uncovered value are the Credit cost; no part of it
    # is re-weighed by the game state (the guide's measure does not change with the Hulls)
    blocks = row[N_PARAMS:].reshape(-1, n)
    blocks[:] = 0.0
    blocks[V_TOTAL] = worth
    blocks[V_TOP] = worth
    return row
