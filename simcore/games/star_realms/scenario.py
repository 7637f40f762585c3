"""Star Realms scenario harness: build a position by card names, run one step of a turn, read the state.

Rule tests read like the rule they check::

    s = Scenario.build({"players": [{"hand": ["Cutter", "Federation Shuttle"]}, {}]})
    s.play(0, "Cutter"); s.play(0, "Federation Shuttle")
    assert s.combat == 4          # Cutter's ally ability fired
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simcore.errors import CommandsimError
from .players.library import strategy_rows

from . import rules
from .batch import new_state
from .card_data import SRTables, find_card, load_tables
from .layout import (CFG_AUTH, CFG_EXPLORER, CFG_HAND, CFG_ONSLAUGHT, CFG_PROC, CFG_TEAM_SIDE, DECK, DISCARD,
                     EXPLORERS, HAND, MAX_PLAYERS, PLAY, PLAYER_PILES, S_AUTH, S_MEMBER, S_SIDE, S_COMBAT, S_CUR, S_CUR_CARD, S_HAND_SIZE, S_HAS_ONSLAUGHT, S_HAS_PROC,
                     S_LOG_N, S_PEND_DISCARD, S_RNG, S_START_AUTH, S_TRADE, S_TURN, S_WINNER, SCRAP, TRADE_DECK,
                     TRADE_ROW)
from .replay_log import Seats, describe
from .setup import SRMatchup, build_setup, opponents, player_rows

PLAYER_PILE_KEYS = {"deck": DECK, "hand": HAND, "discard": DISCARD, "play": PLAY}
PLAYER_KEYS = {"authority", "hand_size", "pending_discard", "procurement", "onslaught", *PLAYER_PILE_KEYS}
TOP_KEYS = {"players", "trade_row", "trade_deck", "explorers", "cur", "trade", "combat", "turn"}
GLOBAL_PILES = {"trade_deck": TRADE_DECK, "trade_row": TRADE_ROW, "explorers": EXPLORERS, "scrap": SCRAP}


class ScenarioError(CommandsimError):
    pass


@dataclass
class Scenario:
    tables: SRTables
    setup: np.ndarray
    cfg: np.ndarray
    strat: np.ndarray
    piles: np.ndarray
    fl: np.ndarray
    cnt: np.ndarray
    sc: np.ndarray
    log: np.ndarray
    bought: np.ndarray
    seats: Seats = Seats()

    @classmethod
    def new(cls, matchup: SRMatchup = SRMatchup(), strategies=("balanced", "balanced"),
            tables: SRTables | None = None) -> "Scenario":
        tables = tables if tables is not None else load_tables()
        setup, cfg = build_setup(tables, matchup)
        _, strat = strategy_rows(strategies, tables, opponents(cfg))
        return cls(tables, setup, cfg, player_rows(strat, cfg), *new_state(tables.cards.shape[0], 4000),
                   Seats.of(matchup, tables))

    @classmethod
    def start(cls, seed: int = 1, **kwargs) -> "Scenario":
        """A game laid out by the rules' setup (decks shuffled, row laid, opening hands drawn)."""
        s = cls.new(**kwargs)
        rules.setup_game(s.tables.cards, s.setup, s.cfg, s.piles, s.fl, s.cnt, s.sc, s.log, np.int64(seed))
        return s

    @classmethod
    def build(cls, spec: dict, seed: int = 1, **kwargs) -> "Scenario":
        """A position from a dict. players[p]: deck, hand, discard, play (names; last = top), authority (of p's
        side), hand_size, pending_discard, procurement, onslaught (owns the gambit); in two-against-one,
        players[2] is the team's second member. Top level: trade_row, trade_deck, explorers (a count,
        default 10), cur (the side to move), trade, combat, turn."""
        s = cls.new(**kwargs)
        for key in spec:
            if key not in TOP_KEYS:
                raise ScenarioError(f"scenario: unknown key '{key}' (expected {', '.join(sorted(TOP_KEYS))})")
        s.sc[S_RNG] = seed
        s.sc[S_WINNER] = -1
        s.sc[S_CUR_CARD] = -1
        rules.seat_players(s.cfg, s.sc)
        players = spec.get("players", [{}, {}])
        for side in range(2):
            s.sc[S_AUTH + side] = s.sc[S_START_AUTH + side] = s.cfg[CFG_AUTH + side]
        for p in range(MAX_PLAYERS):
            ps = players[p] if p < len(players) else {}
            if s.sc[S_SIDE + p] < 0:
                if ps:
                    raise ScenarioError(f"scenario: there is no player {p} in mode {s.mode}")
                continue
            for key in ps:
                if key not in PLAYER_KEYS:
                    raise ScenarioError(f"scenario: player {p}: unknown key '{key}'")
            for key, k in PLAYER_PILE_KEYS.items():
                for name in ps.get(key, []):
                    s._push(p * PLAYER_PILES + k, name)
            if "authority" in ps:
                s.sc[S_AUTH + s.sc[S_SIDE + p]] = s.sc[S_START_AUTH + s.sc[S_SIDE + p]] = ps["authority"]
            s.sc[S_HAND_SIZE + p] = ps.get("hand_size", s.cfg[CFG_HAND + p])
            s.sc[S_PEND_DISCARD + p] = ps.get("pending_discard", 0)
            s.sc[S_HAS_PROC + p] = int(ps.get("procurement", s.cfg[CFG_PROC + p] >= 0))
            s.sc[S_HAS_ONSLAUGHT + p] = int(ps.get("onslaught", s.cfg[CFG_ONSLAUGHT + p] >= 0))
        for key in ("trade_row", "trade_deck"):
            for name in spec.get(key, []):
                s._push(GLOBAL_PILES[key], name)
        for _ in range(spec.get("explorers", 10)):
            s.piles[EXPLORERS, s.cnt[EXPLORERS]] = s.cfg[CFG_EXPLORER]
            s.cnt[EXPLORERS] += 1
        s.sc[S_CUR] = spec.get("cur", 0)
        s.sc[S_TRADE] = spec.get("trade", 0)
        s.sc[S_COMBAT] = spec.get("combat", 0)
        s.sc[S_TURN] = spec.get("turn", 0)
        rules.count_owned(s.tables.cards, s.piles, s.cnt, s.sc)
        return s

    def _push(self, k: int, name: str) -> None:
        t = self.type_of(name)
        self.piles[k, self.cnt[k]] = t
        self.fl[k, self.cnt[k]] = 0
        self.cnt[k] += 1

    def type_of(self, name: str) -> int:
        return self.tables.names.index(find_card(self.tables.card_list, name).name)

    # ------------------------------------------------------------ steps (jitted rules)
    def _args(self):
        return (self.tables.cards, self.tables.eff, self.cfg, self.strat, self.piles, self.fl, self.cnt, self.sc,
                self.log, self.bought)

    def play(self, p: int, name: str) -> None:
        """Player p plays the named card of their hand (its primary, then any ally abilities now due)."""
        hand = self.pile(p, "hand")
        if name not in hand:
            raise ScenarioError(f"scenario: '{name}' is not in player {p}'s hand {hand}")
        rules.play_from_hand(*self._args(), p, hand.index(name))

    def play_hand(self, p: int) -> None:
        """Player p plays out their hand in their policy's order."""
        rules.play_hand(*self._args(), p)

    def start_turn(self, p: int) -> None:
        rules.start_turn(*self._args(), p)

    def main_phase(self, p: int) -> None:
        rules.main_phase(*self._args(), p)

    def scrap_abilities(self, p: int) -> bool:
        return rules.use_scrap_abilities(*self._args(), p)

    def gambits(self, p: int) -> bool:
        return rules.use_gambits(*self._args(), p)

    def acquire(self, p: int) -> None:
        rules.acquire(*self._args(), p)

    def attack(self, p: int) -> None:
        c = self.tables.cards
        rules.attack(c, self.cfg, self.piles, self.fl, self.cnt, self.sc, self.log, self.strat, p)

    def start_side(self, side: int) -> None:
        """A side's turn start: imposed discards (a team shares them out), pools emptied."""
        rules.start_side(*self._args(), side)

    def team_main_phase(self, side: int) -> None:
        """The team's Main Phase: each member's turn start and plays, then buying and attacking as one."""
        rules.team_main_phase(*self._args(), *self.members(side))

    def team_acquire(self, side: int) -> None:
        rules.team_acquire(*self._args(), *self.members(side))

    def buy(self, p: int, name: str) -> None:
        """Player p acquires the named trade-row card with the side's Trade (or an Explorer)."""
        row = self.pile("trade_row")
        i = rules.pol.ROW_EXPLORER if name == "Explorer" else row.index(name)
        rules.buy(self.tables.cards, self.cfg, self.strat, self.piles, self.fl, self.cnt, self.sc, self.log,
                  self.bought, p, i)

    def members(self, side: int) -> tuple[int, int]:
        return int(self.sc[S_MEMBER + 2 * side]), int(self.sc[S_MEMBER + 2 * side + 1])

    def end_turn(self, p: int) -> None:
        rules.end_turn(self.tables.cards, self.piles, self.fl, self.cnt, self.sc, self.log, p)

    def turn(self) -> None:
        """One whole player-turn of the current player."""
        rules.play_turn(*self._args())

    # ------------------------------------------------------------ reading the state
    def pile(self, p_or_name, name: str | None = None) -> list[str]:
        """Names in a pile, bottom to top: ``pile(p, "hand")`` or ``pile("trade_row")``."""
        k = GLOBAL_PILES[p_or_name] if name is None else p_or_name * PLAYER_PILES + PLAYER_PILE_KEYS[name]
        return [self.tables.names[t] for t in self.piles[k, :self.cnt[k]]]

    def authority(self, side: int) -> int:
        """Authority of a side (a team's, shared)."""
        return int(self.sc[S_AUTH + side])

    @property
    def mode(self) -> str:
        return "two-against-one" if self.cfg[CFG_TEAM_SIDE] >= 0 else "two-player"

    @property
    def trade(self) -> int:
        return int(self.sc[S_TRADE])

    @property
    def combat(self) -> int:
        return int(self.sc[S_COMBAT])

    @property
    def winner(self) -> int:
        return int(self.sc[S_WINNER])

    def scalar(self, offset: int) -> int:
        return int(self.sc[offset])

    def events(self) -> list[str]:
        n = int(self.sc[S_LOG_N])
        return [describe(row, self.tables.names, self.seats) for row in self.log[:n]]

    def all_types(self) -> np.ndarray:
        """Copies of each card type over every pile (conservation checks)."""
        out = np.zeros(len(self.tables.names), np.int64)
        for k in range(self.cnt.shape[0]):
            np.add.at(out, self.piles[k, :self.cnt[k]], 1)
        return out

