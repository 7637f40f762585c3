"""Card values for a strategy: a weighted sum of what a card does (computed once per run).

The row layout (parameters, then blocks of per-card values) is described in
``simcore.games.last_command.players.situation``.
"""
from __future__ import annotations

import numpy as np

from ..tables import C_BONUS, C_COVER, C_KIND, C_MAIN, C_ONGOING, KIND_MALFUNCTION, CardTables

from .effect_value import PART_DAMAGE, PART_ECONOMY, PART_REPAIR, add_parts
from .params import N_PARAMS
from .situation import N_BLOCKS, V_DAMAGE, V_ECONOMY, V_PLAY_ECONOMY, V_REPAIR, V_TOP, V_TOTAL

BONUS_SHARE = 0.4    # a bonus pays only when matching Crew sits in the System
COVER_SHARE = 0.5    # a covering effect pays only when played on top of a card
MALFUNCTION_VALUE = -2.0


def card_value_blocks(tables: CardTables, row: np.ndarray) -> np.ndarray:
    """float64[N_BLOCKS, n_types]: each card's value, its Damage, Hull and economy parts, and
    its value while uncovered and the economy of playing it, under the weights in ``row``."""
    cards, eff = tables.cards, tables.eff
    out = np.zeros((N_BLOCKS, cards.shape[0]))
    parts = np.zeros(4)
    top = np.zeros(4)
    for t in range(cards.shape[0]):
        if cards[t, C_KIND] == KIND_MALFUNCTION:
            out[V_TOTAL, t] = MALFUNCTION_VALUE
            continue
        parts[:] = 0.0
        top[:] = 0.0
        add_parts(eff, row, cards[t, C_MAIN], cards[t, C_MAIN + 1], 1.0, parts)
        add_parts(eff, row, cards[t, C_COVER], cards[t, C_COVER + 1], COVER_SHARE, parts)
        add_parts(eff, row, cards[t, C_ONGOING], cards[t, C_ONGOING + 1], 1.0, top)
        for e in range(3):
            c = C_BONUS + 3 * e
            add_parts(eff, row, cards[t, c], cards[t, c + 1], BONUS_SHARE, top)
        out[V_PLAY_ECONOMY, t] = parts[PART_ECONOMY]
        parts += top
        out[V_TOTAL, t] = parts.sum()
        out[V_DAMAGE, t] = parts[PART_DAMAGE]
        out[V_REPAIR, t] = parts[PART_REPAIR]
        out[V_ECONOMY, t] = parts[PART_ECONOMY]
        out[V_TOP, t] = top.sum()
    return out


def card_values(tables: CardTables, row: np.ndarray) -> np.ndarray:
    """Each card type's value under the weights in ``row``."""
    return card_value_blocks(tables, row)[V_TOTAL]


def compile_row(params: np.ndarray, tables: CardTables) -> np.ndarray:
    """A strategy row: the parameters followed by the card value blocks they imply."""
    n_types = tables.cards.shape[0]
    row = np.zeros(N_PARAMS + N_BLOCKS * n_types)
    row[:N_PARAMS] = params
    row[N_PARAMS:] = card_value_blocks(tables, row).ravel()
    return row
