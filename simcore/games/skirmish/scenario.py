"""Skirmish scenario harness: lay out units on the track, give one command (posing the response), read the
steps that followed. Rule tests read like the seed's text::

    s = Scenario.build({"A": [{"unit": "Trooper", "pos": 3}], "B": [{"unit": "Trooper", "pos": 8}]})
    s.order("A1", "Move", place=5, response=("B1", "Snap Fire"))
    assert s.steps() == [1, 2, 3, 4, 1, 2, 3, 5, 6, 7, 7, 8]
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from simcore.errors import CommandsimError
from .players.library import strategy_rows

from . import checks, protocol, rules
from .game_row import new_state
from .card_data import SkirmishTables, load_tables
from .layout import (CFG_N_UNITS, EV_RESOLVE, L_C, L_EVENT, PLACE, S_CP, S_LOG_N, S_RNG, S_TURN, S_WINNER, U_ALIVE,
                     U_COVER, U_POS, U_RESTR, U_STATUS, U_SUPP, U_TOKENS, U_WOUNDS)
from .opcodes import CC_TARGET, CHECK_NAMES, RESTRICTIONS, STATUSES, TG_SELF, TG_TRIGGER
from .replay_log import STEP_OF, Describer, unit_labels
from .setup import make_cfg

UNIT_KEYS = {"unit", "pos", "wounds", "suppression", "restrictions", "status", "cover"}
DECLINE = "decline"
POLICY = "policy"


class ScenarioError(CommandsimError):
    pass


@dataclass
class Scenario:
    tables: SkirmishTables
    setup: np.ndarray
    cfg: np.ndarray
    strat: np.ndarray
    u: np.ndarray
    sc: np.ndarray
    log: np.ndarray
    labels: list[str] = field(default_factory=list)

    @classmethod
    def build(cls, spec: dict, cp=(4, 4), command_sets=("full", "full"), strategies=("reserve", "reserve"),
              overrides=None, seed: int = 1) -> "Scenario":
        """spec: {"A": [unit, ...], "B": [...]}, each unit {"unit": profile name, "pos": place, optionally
        "wounds", "suppression", "restrictions", "status" (names), "cover"}. Units are named A1, A2, ... B1, ..."""
        tables = load_tables(overrides, tuple(command_sets))
        rows = [(p, x) for p, side in enumerate("AB") for x in spec.get(side, [])]
        for key in spec:
            if key not in ("A", "B"):
                raise ScenarioError(f"scenario: unknown key '{key}' (expected A and B)")
        setup = np.zeros((len(rows), 2), np.int32)
        for k, (p, x) in enumerate(rows):
            if set(x) - UNIT_KEYS:
                raise ScenarioError(f"scenario: unknown unit key {sorted(set(x) - UNIT_KEYS)[0]!r}")
            setup[k] = (p, tables.unit_names.index(x["unit"]))
        cfg = make_cfg(tables, cp, len(rows))
        _, strat = strategy_rows(strategies)
        u, sc, log = new_state(4000)
        u = np.zeros((len(rows), u.shape[1]), np.int32)
        rules.deploy(tables.profiles, setup, cfg, u, sc, np.int64(seed))
        rules.start_turn(u, len(rows), sc, cfg)
        s = cls(tables, setup, cfg, strat, u, sc, log, unit_labels(setup, tables.unit_names, len(rows)))
        for k, (_, x) in enumerate(rows):
            u[k, U_POS] = x.get("pos", u[k, U_POS])
            u[k, U_WOUNDS] = x.get("wounds", u[k, U_WOUNDS])
            u[k, U_SUPP] = x.get("suppression", 0)
            u[k, U_COVER] = x.get("cover", 0)
            u[k, U_RESTR] = sum(RESTRICTIONS[r] for r in x.get("restrictions", ()))
            u[k, U_STATUS] = sum(STATUSES[r] for r in x.get("status", ()))
        return s

    # ------------------------------------------------------------ naming
    def index(self, unit: str) -> int:
        for i, label in enumerate(self.labels):
            if label.split()[0] == unit:
                return i
        raise ScenarioError(f"scenario: no unit '{unit}' (units: {', '.join(x.split()[0] for x in self.labels)})")

    def command(self, name: str, unit: int) -> int:
        """The row of ``name`` in the command set of ``unit``'s force (two sets may cost it differently)."""
        side = int(self.u[unit, 0])
        for c, n in enumerate(self.tables.names):
            if n.casefold() == name.casefold() and self.tables.avail[side] >> c & 1:
                return c
        raise ScenarioError(f"scenario: no command '{name}' in force {'AB'[side]}'s set "
                            f"{self.tables.command_sets[side]}")

    def _target(self, target: str | None, place: int | None) -> int:
        if place is not None:
            return PLACE + place
        return -1 if target is None else self.index(target)

    @property
    def n(self) -> int:
        return int(self.cfg[CFG_N_UNITS])

    # ------------------------------------------------------------ the protocol (jitted)
    def check(self, unit: str, command: str, target: str | None = None, place: int | None = None,
              trigger: tuple[str, str, str | None] | None = None) -> str:
        """The seed's five checks for ``unit``'s ``command``: "ok" or the first that fails. ``trigger``:
        (unit, command, its target) it would answer, for a response."""
        i = self.index(unit)
        c = self.command(command, i)
        tc, ti, tt = -1, -1, -1
        if trigger is not None:
            ti = self.index(trigger[0])
            tc, tt = self.command(trigger[1], ti), self._target(trigger[2], None)
        code = checks.check_declare(self.tables.cmds, self.u, self.n, self.sc, self.cfg, int(self.u[i, 0]), c, i,
                                    self._target(target, place), tc, ti, tt)
        return CHECK_NAMES[code]

    def order(self, unit: str, command: str, target: str | None = None, place: int | None = None,
              response: tuple[str, str] | str = POLICY, response_target: str | None = None) -> None:
        """``unit`` gives its own-window ``command``; the opponent answers with ``response`` (unit, command),
        DECLINE, or its policy's choice (POLICY). A posed response that is not legal is a ScenarioError."""
        i = self.index(unit)
        c = self.command(command, i)
        p = int(self.u[i, 0])
        t = self._target(target, place)
        if checks.check_declare(self.tables.cmds, self.u, self.n, self.sc, self.cfg, p, c, i, t, -1, -1, -1):
            raise ScenarioError(f"scenario: {unit} cannot declare {command}: "
                                f"{self.check(unit, command, target, place)}")
        fr = (protocol.ASK_POLICY, -1, -1) if response == POLICY else (-1, -1, -1)
        if isinstance(response, tuple):
            ri = self.index(response[0])
            rc = self.command(response[1], ri)
            tg = self.tables.cmds[rc, CC_TARGET]
            rt = i if tg == TG_TRIGGER else ri if tg == TG_SELF else self._target(response_target, None)
            why = checks.check_declare(self.tables.cmds, self.u, self.n, self.sc, self.cfg, 1 - p, rc, ri, rt, c, i, t)
            if why:
                raise ScenarioError(f"scenario: {response[0]} cannot answer with {response[1]}: {CHECK_NAMES[why]}")
            fr = (rc, ri, rt)
        protocol.issue(self.tables.cmds, self.tables.eff, self.strat, self.u, self.n, self.sc, self.cfg, self.log,
                       p, c, i, t, *fr)

    def turn(self) -> None:
        """One whole turn by the policies (budgets refilled, last turn's restrictions gone)."""
        rules.play_turn(self.tables.cmds, self.tables.eff, self.strat, self.u, self.sc, self.cfg, self.log)

    # ------------------------------------------------------------ reading the state
    def unit(self, name: str) -> dict:
        i = self.index(name)
        return {"pos": int(self.u[i, U_POS]), "alive": bool(self.u[i, U_ALIVE]), "wounds": int(self.u[i, U_WOUNDS]),
                "suppression": int(self.u[i, U_SUPP]), "cover": int(self.u[i, U_COVER]),
                "restrictions": {r for r, b in RESTRICTIONS.items() if self.u[i, U_RESTR] & b},
                "status": {r for r, b in STATUSES.items() if self.u[i, U_STATUS] & b},
                "tokens": {self.tables.names[c] for c in range(len(self.tables.names))
                           if self.u[i, U_TOKENS] >> c & 1}}

    def cp(self, side: str) -> int:
        return int(self.sc[S_CP + "AB".index(side)])

    @property
    def winner(self) -> int:
        return int(self.sc[S_WINNER])

    @property
    def turns(self) -> int:
        return int(self.sc[S_TURN])

    def rows(self) -> np.ndarray:
        return self.log[:int(self.sc[S_LOG_N])]

    def events(self) -> list[str]:
        d = Describer(self.tables, self.labels)
        return [d(r) for r in self.rows()]

    def steps(self) -> list[int]:
        """The step number of each step event in order (1-8; 5 and 6 as resolved)."""
        out = []
        for r in self.rows():
            ev = int(r[L_EVENT])
            if ev == EV_RESOLVE:
                out.append(int(r[L_C]))
            elif ev in STEP_OF:
                out.append(STEP_OF[ev])
        return out

    def clear_log(self) -> None:
        self.sc[S_LOG_N] = 0

    def reseed(self, seed: int) -> None:
        self.sc[S_RNG] = seed
