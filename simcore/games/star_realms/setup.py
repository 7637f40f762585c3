"""Modes and matchups of Star Realms, and the setup arrays a game starts from.

Modes (the designer's questions): ``standard`` (both on the standard start), ``command-vs-standard``
(the Alliance deck against a standard start, in both seatings), ``commander-duel`` (both on Command
Decks, both flagships laid into the trade row; with one Command Deck in the data, the Alliance mirror),
``two-against-one`` (the seed's Two Against One: the Alliance deck against the ``hydra`` team deck, two players
on standard starts sharing one Authority, in both seatings).
"""
from __future__ import annotations

from dataclasses import dataclass

from pathlib import Path

import numpy as np

from simcore.errors import CardDataError, CommandsimError
from simcore.names import unknown

from .bounds import set_limits
from .card_data import SRTables
from .opcodes import SECTIONS, Op
from .layout import (CAP, CFG_AUTH, CFG_EXPLORER, CFG_HAND, CFG_MAX_TURNS, CFG_N_DECK, CFG_N_EXPLORERS, CFG_N_ROW,
                     CFG_N_TRADE, CFG_ONSLAUGHT, CFG_OPP_DISCARD, CFG_OUTPOSTS, CFG_PROC, CFG_SCRAP_FROM,
                     CFG_TEAM_SIDE, MAX_PLAYERS, N_CFG, N_SETUP_ROWS, ROW_SLOTS, SU_ROW, SU_TRADE)
from .team_rules import team_rule_codes

MODES = ("standard", "command-vs-standard", "commander-duel", "two-against-one")
TEAM_MODE = "two-against-one"
TEAM_DECK = "hydra"
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
    if mode == TEAM_MODE:
        return [SRMatchup(("alliance", TEAM_DECK), mode, max_turns),
                SRMatchup((TEAM_DECK, "alliance"), mode, max_turns)]
    raise CommandsimError(unknown("Star Realms mode", mode, MODES))


def mode_of(decks: tuple[str, str], tables: SRTables) -> str:
    """The mode two decks play: a team deck (members = 2) makes two-against-one; else two Command Decks duel,
    one plays a standard start."""
    for d in decks:
        if d not in tables.decks:
            raise CommandsimError(unknown("Star Realms deck", d, tables.decks))
    if any(tables.decks[d].members == 2 for d in decks):
        return TEAM_MODE
    return MODES[sum(d != "standard" for d in decks)]


def build_setup(tables: SRTables, m: SRMatchup) -> tuple[np.ndarray, np.ndarray]:
    """(setup int32[N_SETUP_ROWS, CAP], cfg int64[N_CFG]) of matchup ``m``."""
    if m.mode not in MODES:
        raise CommandsimError(unknown("Star Realms mode", m.mode, MODES))
    if m.max_turns < 1:
        raise CommandsimError(f"--max-turns must be at least 1, got {m.max_turns}")
    setup = np.full((N_SETUP_ROWS, CAP), -1, np.int32)
    cfg = np.zeros(N_CFG, np.int64)
    cfg[CFG_MAX_TURNS] = m.max_turns
    set_limits(cfg)
    names = tables.names
    trade = [t for t, c in enumerate(tables.card_list) if c.role == "trade_deck" for _ in range(c.count)]
    row: list[int] = []
    decks = []
    for deck_name in m.decks:
        deck = tables.decks.get(deck_name)
        if deck is None:
            raise CommandsimError(unknown("Star Realms deck", deck_name, tables.decks))
        decks.append(deck)
    teams = [s for s, d in enumerate(decks) if d.members == 2]
    if (len(teams) == 1) != (m.mode == TEAM_MODE) or len(teams) > 1:
        raise CommandsimError(f"the {TEAM_MODE} mode is one team deck (members = 2) against one player, got "
                              f"{', '.join(m.decks)} in mode {m.mode}")
    cfg[CFG_TEAM_SIDE] = teams[0] if teams else -1
    codes = team_rule_codes(decks[teams[0]] if teams else None)
    cfg[CFG_OUTPOSTS], cfg[CFG_OPP_DISCARD], cfg[CFG_SCRAP_FROM] = (codes["outposts"], codes["opponent_discards"],
                                                                     codes["scrap_from"])
    # players 0 and 1 are the sides; player 2 is a team's second member (rules.seat_players)
    seats = list(enumerate(decks)) + [(MAX_PLAYERS - 1, decks[s]) for s in teams]
    for s, deck in enumerate(decks):
        cfg[CFG_AUTH + s] = deck.authority
    for p in range(MAX_PLAYERS):
        cfg[CFG_PROC + p] = cfg[CFG_ONSLAUGHT + p] = -1
    for p, deck in seats:
        personal = [names.index(n) for n, k in deck.cards.items() for _ in range(k)]
        if len(personal) > CAP:   # checked with the whole game below; a slice past CAP must not be written
            raise CommandsimError(f"deck '{deck.name}' holds {len(personal)} cards, more than the {CAP} a pile can hold")
        setup[p, :len(personal)] = personal
        cfg[CFG_N_DECK + p] = len(personal)
        cfg[CFG_HAND + p] = deck.hand_size
        for g in deck.gambits:
            t = names.index(g)
            ops = {int(r[0]) for seg in ("static", "scrap") for r in _rows(tables, t, seg)}
            if Op.PROCUREMENT in ops:
                cfg[CFG_PROC + p] = t
            if Op.GAIN_ALLIES in ops:
                cfg[CFG_ONSLAUGHT + p] = t
    for deck in decks:
        if deck.flagship is not None:
            (row if m.mode == "commander-duel" else trade).append(names.index(deck.flagship))
    if len(row) > ROW_SLOTS:
        raise CommandsimError(f"{len(row)} flagships do not fit a trade row of {ROW_SLOTS}")
    explorer = [t for t, c in enumerate(tables.card_list) if c.role == "explorer"]
    if len(explorer) != 1:
        raise CommandsimError("the Star Realms cards must hold exactly one card of role 'explorer'")
    cfg[CFG_EXPLORER] = explorer[0]
    cfg[CFG_N_EXPLORERS] = tables.card_list[explorer[0]].count
    # every card of the game could end in one pile: the fixed-size piles must hold them all
    total = len(trade) + len(row) + int(cfg[CFG_N_EXPLORERS] + sum(cfg[CFG_N_DECK + p] for p in range(MAX_PLAYERS)))
    if total > CAP:
        biggest = _blamed(tables.card_list)
        raise CardDataError(biggest.file or biggest.source, biggest.name, "count",
                            f"the {m.mode} game would hold {total} cards, more than the {CAP} a pile can hold")
    setup[SU_TRADE, :len(trade)] = trade
    setup[SU_ROW, :len(row)] = row
    cfg[CFG_N_TRADE] = len(trade)
    cfg[CFG_N_ROW] = len(row)
    return setup, cfg


def _blamed(cards):
    """The card a game too large for the piles is blamed on: the user's card (from a --cards file) with the
    most copies, the shipped one with the most only when the user changed none."""
    from .card_data import CARDS_DIR
    shipped = str(CARDS_DIR.resolve())

    def users(c) -> bool:
        try:
            return bool(c.file) and not str(Path(c.file).resolve()).startswith(shipped)
        except (OSError, RuntimeError):
            return True
    own = [c for c in cards if users(c)]
    return max(own or cards, key=lambda c: c.count)


def opponents(cfg: np.ndarray) -> tuple[int, int]:
    """How many players each side faces: 2 for the side against a team."""
    team = int(cfg[CFG_TEAM_SIDE])
    return tuple(2 if team == 1 - s else 1 for s in range(2))


def player_rows(side_rows: np.ndarray, cfg: np.ndarray) -> np.ndarray:
    """Strategy rows per player (MAX_PLAYERS) from rows per side: a team's second member plays its side's."""
    team = int(cfg[CFG_TEAM_SIDE])
    return np.vstack([side_rows, side_rows[[team if team >= 0 else 1]]])


def _rows(tables: SRTables, t: int, section: str) -> np.ndarray:
    col = SECTIONS[section]
    start, n = tables.cards[t, col], tables.cards[t, col + 1]
    return tables.eff[start:start + n]
