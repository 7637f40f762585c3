"""Modes and matchups of Star Realms, and the setup arrays a game starts from.

Modes (the designer's questions): ``standard`` (both on the standard start), ``command-vs-standard``
(the Alliance deck against a standard start, in both seatings), ``commander-duel`` (both on Command
Decks, both flagships laid into the trade row; with one Command Deck in the data, the Alliance mirror).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simcore.errors import CardDataError, CommandsimError

from .card_data import SRTables
from .opcodes import SECTIONS, Op
from .layout import (CAP, CFG_AUTH, CFG_EXPLORER, CFG_HAND, CFG_MAX_TURNS, CFG_N_DECK, CFG_N_EXPLORERS, CFG_N_ROW,
                     CFG_N_TRADE, CFG_ONSLAUGHT, CFG_PROC, N_CFG, N_SETUP_ROWS, ROW_SLOTS, SU_ROW, SU_TRADE)

MODES = ("standard", "command-vs-standard", "commander-duel")
DEFAULT_MAX_TURNS = 100     # player-turns; a game still running then is a counted draw (estimated cap)


@dataclass(frozen=True)
class SRMatchup:
    """Seat 0 moves first. ``decks``: names in decks.toml; ``mode`` decides where flagships go."""
    decks: tuple[str, str] = ("standard", "standard")
    mode: str = "standard"
    max_turns: int = DEFAULT_MAX_TURNS


def mode_matchups(mode: str, max_turns: int = DEFAULT_MAX_TURNS) -> list[SRMatchup]:
    """The matchups a mode plays: both seatings where the decks differ."""
    if mode == "standard":
        return [SRMatchup(("standard", "standard"), mode, max_turns)]
    if mode == "command-vs-standard":
        return [SRMatchup(("alliance", "standard"), mode, max_turns),
                SRMatchup(("standard", "alliance"), mode, max_turns)]
    if mode == "commander-duel":
        return [SRMatchup(("alliance", "alliance"), mode, max_turns)]
    raise CommandsimError(f"unknown Star Realms mode '{mode}': expected one of {', '.join(MODES)}")


def build_setup(tables: SRTables, m: SRMatchup) -> tuple[np.ndarray, np.ndarray]:
    """(setup int32[N_SETUP_ROWS, CAP], cfg int64[N_CFG]) of matchup ``m``."""
    if m.mode not in MODES:
        raise CommandsimError(f"unknown Star Realms mode '{m.mode}': expected one of {', '.join(MODES)}")
    if m.max_turns < 1:
        raise CommandsimError(f"--max-turns must be at least 1, got {m.max_turns}")
    setup = np.full((N_SETUP_ROWS, CAP), -1, np.int32)
    cfg = np.zeros(N_CFG, np.int64)
    cfg[CFG_MAX_TURNS] = m.max_turns
    names = tables.names
    trade = [t for t, c in enumerate(tables.card_list) if c.role == "trade_deck" for _ in range(c.count)]
    row: list[int] = []
    for p, deck_name in enumerate(m.decks):
        deck = tables.decks.get(deck_name)
        if deck is None:
            raise CommandsimError(f"unknown Star Realms deck '{deck_name}': expected one of {', '.join(tables.decks)}")
        personal = [names.index(n) for n, k in deck.cards.items() for _ in range(k)]
        setup[p, :len(personal)] = personal
        cfg[CFG_N_DECK + p] = len(personal)
        cfg[CFG_AUTH + p] = deck.authority
        cfg[CFG_HAND + p] = deck.hand_size
        cfg[CFG_PROC + p] = cfg[CFG_ONSLAUGHT + p] = -1
        for g in deck.gambits:
            t = names.index(g)
            ops = {int(r[0]) for seg in ("static", "scrap") for r in _rows(tables, t, seg)}
            if Op.PROCUREMENT in ops:
                cfg[CFG_PROC + p] = t
            if Op.GAIN_ALLIES in ops:
                cfg[CFG_ONSLAUGHT + p] = t
        if deck.flagship is not None:
            (row if m.mode == "commander-duel" else trade).append(names.index(deck.flagship))
    if len(row) > ROW_SLOTS:
        raise CommandsimError(f"{len(row)} flagships do not fit a trade row of {ROW_SLOTS}")
    setup[SU_TRADE, :len(trade)] = trade
    setup[SU_ROW, :len(row)] = row
    cfg[CFG_N_TRADE] = len(trade)
    cfg[CFG_N_ROW] = len(row)
    explorer = [t for t, c in enumerate(tables.card_list) if c.role == "explorer"]
    if len(explorer) != 1:
        raise CommandsimError("the Star Realms cards must hold exactly one card of role 'explorer'")
    cfg[CFG_EXPLORER] = explorer[0]
    cfg[CFG_N_EXPLORERS] = tables.card_list[explorer[0]].count
    # every card of the game could end in one pile: the fixed-size piles must hold them all
    total = len(trade) + len(row) + int(cfg[CFG_N_EXPLORERS] + cfg[CFG_N_DECK] + cfg[CFG_N_DECK + 1])
    if total > CAP:
        biggest = max(tables.card_list, key=lambda c: c.count)
        raise CardDataError(biggest.source, biggest.name, "count",
                            f"the {m.mode} game would hold {total} cards, more than the {CAP} a pile can hold")
    return setup, cfg


def _rows(tables: SRTables, t: int, section: str) -> np.ndarray:
    col = SECTIONS[section]
    start, n = tables.cards[t, col], tables.cards[t, col + 1]
    return tables.eff[start:start + n]
