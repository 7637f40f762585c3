"""Card values for a strategy: a weighted sum of what a card does (computed once per run)."""
from __future__ import annotations

import numpy as np

from simcore.tables import C_BONUS, C_COVER, C_KIND, C_MAIN, C_ONGOING, KIND_MALFUNCTION, CardTables

from .effect_value import segment_value
from .params import N_PARAMS

BONUS_SHARE = 0.4    # a bonus pays only when matching Crew sits in the System
COVER_SHARE = 0.5    # a covering effect pays only when played on top of a card


def card_values(tables: CardTables, row: np.ndarray) -> np.ndarray:
    cards, eff = tables.cards, tables.eff
    out = np.zeros(cards.shape[0])
    for t in range(cards.shape[0]):
        if cards[t, C_KIND] == KIND_MALFUNCTION:
            out[t] = -2.0
            continue
        v = segment_value(eff, row, cards[t, C_MAIN], cards[t, C_MAIN + 1])
        v += COVER_SHARE * segment_value(eff, row, cards[t, C_COVER], cards[t, C_COVER + 1])
        v += segment_value(eff, row, cards[t, C_ONGOING], cards[t, C_ONGOING + 1])
        for e in range(3):
            c = C_BONUS + 3 * e
            v += BONUS_SHARE * segment_value(eff, row, cards[t, c], cards[t, c + 1])
        out[t] = v
    return out


def compile_row(params: np.ndarray, tables: CardTables) -> np.ndarray:
    """A strategy row: the parameters followed by the card values they imply."""
    row = np.zeros(N_PARAMS + tables.cards.shape[0])
    row[:N_PARAMS] = params
    row[N_PARAMS:] = card_values(tables, row)
    return row
