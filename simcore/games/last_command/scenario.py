"""Scenario harness: build a position by card names, run one phase or turn, read the state.

Rule tests (and designers) use it so that each test reads like the rulebook example it
checks::

    sc = Scenario.build({"players": [{"hand": ["Nuclear Reactor"]}, {}]})
    sc.card_phase(0)
    assert sc.power(0) == {"engineering": 4, "comms": 1, "tactical": 1}
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .cardset import load_cards
from simcore.errors import CommandsimError
from .tables import CardTables
from .players.library import strategy_rows

from .players.solo_row import solo_ai_row

from .bounds import set_limits
from .rules import play_phase, play_turn
from .layout import (CFG_AI_DRAW, CFG_MAX_EFFECTS, CFG_MAX_PLAYS, CFG_SOLO_AI, M_AI_MARKET, PH_BONUS, PH_CARD,
                     PH_DRAW, PH_MARKET, S_SOLO_AI, CAP, CFG_DRAW_COUNT, CFG_MAX_TURNS, CREW, CREW_DECK, CREW_DISC,
                     HAND, LOG_COLS, M_CREW, M_FACEUP, M_MALF, M_SCRAP, M_SYS_DECK, N_CFG, N_PILES, N_SC, S_ANYPOWER,
                     S_BONUS_DRAWS, S_CREDITS, S_HULL, S_LOG_N, S_MAX_EFFECTS, S_MAX_PLAYS, S_PENDING_COPY, S_POWER,
                     S_RNG, S_TURN, S_WINNER, STACK, SYS_DECK, SYS_DISC)
from .setup import SOLO_AI_HAND, SOLO_AI_SEAT

SYSTEMS = ("engineering", "comms", "tactical")
EXPERTISES = ("engineer", "comms_expert", "tactician")
PLAYER_PILES = {"sys_deck": SYS_DECK, "crew_deck": CREW_DECK, "sys_discard": SYS_DISC,
                "crew_discard": CREW_DISC, "hand": HAND}
PLAYER_KEYS = {"hull", "credits", "power", "stacks", "crew", *PLAYER_PILES}


class ScenarioError(CommandsimError):
    pass


@dataclass
class Scenario:
    tables: CardTables
    piles: np.ndarray
    cnt: np.ndarray
    sc: np.ndarray
    strat: np.ndarray
    cfg: np.ndarray
    log: np.ndarray
    bought: np.ndarray

    # ------------------------------------------------------------ building
    @classmethod
    def build(cls, spec: dict, tables: CardTables | None = None,
              strategies: tuple[str, str] = ("balanced", "balanced"), seed: int = 1,
              solo: bool = False) -> "Scenario":
        """Position from a dict. Players: hull, credits, power {system: n}, hand, sys_deck, crew_deck,
        sys_discard, crew_discard (lists of names, last = top), stacks {system: [bottom..top]},
        crew {system: [...]}. Market: {system: [face-up]}, "<system>_deck", crew {expertise: [..top]},
        malfunctions [..top]. Defaults: Hull 20, Credits 5/6, Power 1 everywhere, empty piles."""
        tables = tables if tables is not None else load_cards()
        s = cls(tables, np.zeros((N_PILES, CAP), np.int32), np.zeros(N_PILES, np.int32), np.zeros(N_SC, np.int64),
                strategy_rows(strategies, tables), np.zeros(N_CFG, np.int64), np.zeros((4096, LOG_COLS), np.int32),
                np.zeros((2, tables.cards.shape[0]), np.int32))
        s.cfg[CFG_MAX_TURNS] = 400
        set_limits(s.cfg)
        s.sc[S_MAX_PLAYS] = s.cfg[CFG_MAX_PLAYS]
        s.sc[S_MAX_EFFECTS] = s.cfg[CFG_MAX_EFFECTS]
        s.cfg[CFG_DRAW_COUNT] = 3
        s.sc[S_RNG] = seed
        s.sc[S_WINNER] = -1
        s.sc[S_PENDING_COPY] = -1
        s.sc[S_TURN] = int(spec.get("turn", 0))
        s.sc[S_SOLO_AI] = -1
        s.cfg[CFG_SOLO_AI] = -1
        if solo:
            s.sc[S_SOLO_AI] = s.cfg[CFG_SOLO_AI] = SOLO_AI_SEAT
            s.cfg[CFG_AI_DRAW] = SOLO_AI_HAND
            s.strat[SOLO_AI_SEAT] = solo_ai_row(tables)
        players = list(spec.get("players", [{}, {}])) + [{}, {}]
        for p in range(2):
            s._build_player(p, players[p])
        s._build_market(spec.get("market", {}))
        return s

    def _ids(self, names, where: str) -> list[int]:
        out = []
        for n in names:
            try:
                out.append(self.tables.index(n))
            except KeyError:
                raise ScenarioError(f"scenario {where}: unknown card '{n}'") from None
        return out

    def _fill(self, k: int, names, where: str) -> None:
        for t in self._ids(names, where):
            self.piles[k, self.cnt[k]] = t
            self.cnt[k] += 1

    def _build_player(self, p: int, d: dict) -> None:
        unknown = set(d) - PLAYER_KEYS
        if unknown:
            raise ScenarioError(f"scenario player {p}: unknown field(s) {sorted(unknown)}")
        self.sc[S_HULL + p] = d.get("hull", 20)
        self.sc[S_CREDITS + p] = d.get("credits", 5 + p)
        self.sc[S_ANYPOWER + p] = -1
        power = d.get("power", {})
        for i, name in enumerate(SYSTEMS):
            self.sc[S_POWER + 3 * p + i] = power.get(name, 1)
        for key, k in PLAYER_PILES.items():
            self._fill(p * 11 + k, d.get(key, []), f"player {p} {key}")
        for i, name in enumerate(SYSTEMS):
            self._fill(p * 11 + STACK + i, d.get("stacks", {}).get(name, []), f"player {p} stack {name}")
            self._fill(p * 11 + CREW + i, d.get("crew", {}).get(name, []), f"player {p} crew {name}")

    def _build_market(self, d: dict) -> None:
        for i, name in enumerate(SYSTEMS):
            self._fill(M_FACEUP + i, d.get(name, []), f"market {name}")
            self._fill(M_SYS_DECK + i, d.get(f"{name}_deck", []), f"market {name}_deck")
        for e, name in enumerate(EXPERTISES):
            self._fill(M_CREW + e, d.get("crew", {}).get(name, []), f"market crew {name}")
        self._fill(M_MALF, d.get("malfunctions", []), "market malfunctions")
        self._fill(M_AI_MARKET, d.get("ai_market", []), "market ai_market")

    # ------------------------------------------------------------ running
    def _args(self):
        return self.tables.cards, self.tables.eff, self.piles, self.cnt, self.sc, self.strat, self.log

    def _phase(self, p: int, phase: int) -> "Scenario":
        c, e, piles, cnt, sc, strat, log = self._args()
        play_phase(c, e, piles, cnt, sc, strat, log, self.bought, self.cfg, p, phase)
        return self

    def card_phase(self, p: int) -> "Scenario":
        """p's Card Phase (the Solo A.I. first resolves the Malfunctions it holds)."""
        return self._phase(p, PH_CARD)

    def market_phase(self, p: int) -> "Scenario":
        return self._phase(p, PH_MARKET)

    def bonus_phase(self, p: int) -> "Scenario":
        return self._phase(p, PH_BONUS)

    def draw_phase(self, p: int) -> "Scenario":
        return self._phase(p, PH_DRAW)

    def turn(self, p: int) -> "Scenario":
        c, e, piles, cnt, sc, strat, log = self._args()
        play_turn(c, e, piles, cnt, sc, strat, log, self.bought, self.cfg, p)
        return self

    # ------------------------------------------------------------ reading
    def names(self, k: int) -> list[str]:
        return [self.tables.names[t] for t in self.piles[k, :self.cnt[k]]]

    def pile(self, p: int, which: str) -> list[str]:
        """Names in one of p's piles: hand, sys_deck, ..., 'stack:<system>', 'crew:<system>' (last = top)."""
        if which.startswith(("stack:", "crew:")):
            kind, system = which.split(":")
            return self.names(p * 11 + (STACK if kind == "stack" else CREW) + SYSTEMS.index(system))
        return self.names(p * 11 + PLAYER_PILES[which])

    def market(self, which: str) -> list[str]:
        if which == "malfunctions":
            return self.names(M_MALF)
        if which == "scrap":
            return self.names(M_SCRAP)
        if which == "ai_market":
            return self.names(M_AI_MARKET)
        if which in EXPERTISES:
            return self.names(M_CREW + EXPERTISES.index(which))
        if which.endswith("_deck"):
            return self.names(M_SYS_DECK + SYSTEMS.index(which[:-5]))
        return self.names(M_FACEUP + SYSTEMS.index(which))

    def hull(self, p: int) -> int:
        return int(self.sc[S_HULL + p])

    def credits(self, p: int) -> int:
        return int(self.sc[S_CREDITS + p])

    def power(self, p: int) -> dict[str, int]:
        return {name: int(self.sc[S_POWER + 3 * p + i]) for i, name in enumerate(SYSTEMS)}

    def bonus_draws(self, p: int) -> int:
        return int(self.sc[S_BONUS_DRAWS + p])

    @property
    def winner(self) -> int:
        return int(self.sc[S_WINNER])

    def events(self) -> np.ndarray:
        return self.log[:self.sc[S_LOG_N]]

    def card_counts(self) -> np.ndarray:
        """Copies of each card type over every pile (for conservation checks)."""
        flat = np.concatenate([self.piles[k, :self.cnt[k]] for k in range(N_PILES)])
        return np.bincount(flat, minlength=self.tables.cards.shape[0])
