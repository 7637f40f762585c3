"""A skirmish event log as readable lines (each command's eight steps in order) or as JSON Lines."""
from __future__ import annotations

import json

from simcore.bounds import LABELS as BOUND_LABELS, bound_event_text, result_bound_text

from .layout import (EV_APPLY, EV_BOUND, EV_CHECK, EV_CONFIRM, EV_COVER, EV_DAMAGE, EV_DECLARE, EV_DESTROYED, EV_DONE,
                     EV_END, EV_EXCEPTION, EV_FAIL, EV_LOCK, EV_MELEE, EV_MOVE, EV_NO_RESPONSE, EV_NO_WINDOW, EV_PASS,
                     EV_RALLY,
                     EV_RESOLVE, EV_SCORE, EV_SKIP, EV_SPEND, EV_SUPPRESS, EV_TURN, EV_WINDOW, L_A, L_B, L_C, L_CP,
                     L_D, L_EVENT, L_PLAYER, L_TURN, PLACE)
from .opcodes import CC_EFF, CHECK_NAMES, CHK_ELIGIBLE, CHK_TARGET, RESTRICTIONS, STATUSES, Op

EVENT_NAMES = {EV_TURN: "turn", EV_DECLARE: "declare", EV_CONFIRM: "confirm", EV_SPEND: "spend",
               EV_WINDOW: "window", EV_NO_WINDOW: "no_window", EV_NO_RESPONSE: "no_response", EV_EXCEPTION: "exception",
               EV_RESOLVE: "resolve", EV_MOVE: "move", EV_LOCK: "target_lock", EV_DAMAGE: "damage",
               EV_SKIP: "skip", EV_FAIL: "fail", EV_APPLY: "apply", EV_CHECK: "melee_check", EV_MELEE: "melee",
               EV_SUPPRESS: "suppress", EV_RALLY: "rally", EV_COVER: "cover", EV_DESTROYED: "destroyed",
               EV_PASS: "pass", EV_SCORE: "score", EV_END: "end", EV_DONE: "complete",
               EV_BOUND: "bound"}
STEP_OF = {EV_DECLARE: 1, EV_CONFIRM: 2, EV_SPEND: 3, EV_WINDOW: 4, EV_APPLY: 7, EV_CHECK: 8}
# what an exception's response comes before: the first event of its trigger, by the trigger's first part to
# resolve (the response resolves before the whole triggering command)
BEFORE = {Op.MOVE: "the {} begins its movement", Op.CHARGE_MOVE: "the {} begins its movement",
          Op.INTERCEPT: "the {} begins its movement", Op.SHOOT: "the attack reaches Target Lock or damage"}
LOST = {CHK_ELIGIBLE: "its unit is no longer eligible", CHK_TARGET: "its target is no longer legal"}
SIDES = ("A", "B")


def unit_labels(setup, unit_names, n_units) -> list[str]:
    """'A1 Trooper', 'B2 Assault', ...: force letter, number within the force, profile."""
    labels, k = [], [0, 0]
    for side, t in setup[:n_units]:
        k[side] += 1
        labels.append(f"{SIDES[side]}{k[side]} {unit_names[t]}")
    return labels


def _bits(mask, table) -> str:
    names = [n for n, b in table.items() if mask & b]
    return ", ".join(names) if names else "none"


class Describer:
    def __init__(self, tables, labels):
        self.cmds, self.eff, self.names, self.labels = tables.cmds, tables.eff, tables.names, labels

    def unit(self, i) -> str:
        return self.labels[i] if 0 <= i < len(self.labels) else "-"

    def target(self, t) -> str:
        return f"place {t - PLACE}" if t >= PLACE else ("-" if t < 0 else self.unit(t))

    def cmd(self, c) -> str:
        return self.names[c] if 0 <= c < len(self.names) else "-"

    def first_op(self, c) -> int:
        return int(self.eff[self.cmds[c, CC_EFF], 0]) if self.cmds[c, CC_EFF + 1] else 0

    def __call__(self, row) -> str:
        ev, a, b, c, d = (int(row[k]) for k in (L_EVENT, L_A, L_B, L_C, L_D))
        p = int(row[L_PLAYER])
        who = SIDES[p] if p in (0, 1) else ""
        resp = " (response)" if d else ""
        if ev == EV_TURN:
            return f"=== turn {int(row[L_TURN]) + 1}: force {SIDES[a]} commands first; Command Points " \
                   f"{row[L_CP]} / {row[L_CP + 1]}"
        if ev == EV_DECLARE:
            return f"{who} step 1 declare {self.cmd(a)}{resp}: {self.unit(b)}, target {self.target(c)}"
        if ev == EV_CONFIRM:
            return f"{who} step 2 confirm {self.cmd(a)}{resp}: timing, eligibility, CP, target, restrictions pass"
        if ev == EV_SPEND:
            return f"{who} step 3 spend {c} CP (left {row[L_CP + p]}), place the {self.cmd(a)} token{resp}"
        if ev == EV_WINDOW:
            if d:
                return (f"{who} step 4 response window opens for force {who} on the response {self.cmd(a)} "
                        f"(its rule allows one; at most one response)")
            return f"{who} step 4 response window opens for force {who} (at most one response)"
        if ev == EV_NO_WINDOW:
            return (f"{who}   {self.cmd(a)} would open a response window: none opens, the engine nests at most "
                    f"{d} windows per command")
        if ev == EV_NO_RESPONSE:
            if a < 0 and b == 0:
                return f"{who}   no response: a response was legal, force {who} declined"
            if a < 0:
                return f"{who}   no response: none of force {who}'s response commands answers {self.cmd(d)}"
            why = "no unit left" if b < 0 else CHECK_NAMES[b]
            return f"{who}   {self.cmd(a)} not legal: {why}" + (f" ({self.unit(c)})" if c >= 0 else "")
        if ev == EV_EXCEPTION:
            when = BEFORE.get(self.first_op(b), "the {} resolves").format(self.cmd(b))
            return f"{who}   exception: {self.cmd(a)} resolves before {when} ({self.cmd(b)})"
        if ev == EV_RESOLVE:
            what = "resolve the response" if c == 6 else "resolve"
            return f"{who} step {c} {what} {self.cmd(a)} of {self.unit(b)}"
        if ev == EV_MOVE:
            return f"{who}   {self.unit(a)} moves {b} -> {c}"
        if ev == EV_LOCK:
            return f"{who}   {self.unit(a)} fires at {self.unit(b)}: {c} Target Lock(s) on {d}+"
        if ev == EV_DAMAGE:
            return f"{who}   {self.unit(a)} takes {b} wound(s), {c} left"
        if ev == EV_DESTROYED:
            return f"{who}   {self.unit(a)} is destroyed"
        if ev == EV_SKIP:
            return f"{who}   {self.cmd(a)}: part '{Op(b).name.lower()}' is no longer legal, skipped; the rest " \
                   f"completes"
        if ev == EV_FAIL:
            lost = LOST.get(d) or f"part '{Op(b).name.lower()}' is no longer legal"
            return f"{who}   {self.cmd(a)} fails entirely: {lost}; none of it resolves"
        if ev == EV_APPLY:
            return (f"{who} step 7 {self.cmd(d)}: {self.unit(a)} gains restrictions {_bits(b, RESTRICTIONS)}; "
                    f"status {_bits(c, STATUSES)}")
        if ev == EV_CHECK:
            return f"{who} step 8 melee check: " + (f"{a} unit(s) in contact, melee" if a else "no unit in contact")
        if ev == EV_MELEE:
            return f"{who}   {self.unit(a)} {'strikes on the charge' if d else 'fights'} {self.unit(b)}: {c} wound(s)"
        if ev == EV_SUPPRESS:
            return f"{who}   {self.unit(a)} gains {b} suppression ({c})"
        if ev == EV_RALLY:
            return f"{who}   {self.unit(a)} rallies: {b} suppression removed ({c} left)"
        if ev == EV_COVER:
            return f"{who}   {self.unit(a)} takes cover ({b})"
        if ev == EV_PASS:
            return f"{who} passes for the rest of the turn"
        if ev == EV_SCORE:
            return f"end of turn: objective weight {c} / {d}, objective points {a} / {b}"
        if ev == EV_DONE:
            return f"{who} {self.cmd(a)} complete"
        if ev == EV_END:
            return "=== battle over: " + (f"force {SIDES[a]} wins" if a < 2 else "draw")
        if ev == EV_BOUND:
            return f"=== battle over: {bound_event_text(BOUND_LABELS[a], b)}"
        return f"event {ev}"


def describer(replay) -> Describer:
    n = sum(len(replay.tables.data.forces[f].units) for f in replay.matchup.forces)
    return Describer(replay.tables, unit_labels(replay.setup, replay.tables.unit_names, n))


def text_lines(replay) -> list[str]:
    m = replay.matchup
    d = describer(replay)
    lines = [f"Skirmish: force A {m.forces[0]} ({m.command_sets[0]}, {replay.strategies[0]}) vs force B "
             f"{m.forces[1]} ({m.command_sets[1]}, {replay.strategies[1]}), battle seed {replay.seed}"]
    lines += [d(row) for row in replay.events]
    r = replay.result
    lines.append(f"result: {r['winner']} after {r['turns']} turns, units destroyed {r['first_kills']} / "
                 f"{r['second_kills']}, objective {r['first_objective']} / {r['second_objective']}"
                 + result_bound_text(r.get("bound", BOUND_LABELS[0])))
    if replay.lost_events:
        lines.append(f"({replay.lost_events} events did not fit the log)")
    return lines


def json_lines(replay) -> list[str]:
    d = describer(replay)
    out = []
    for row in replay.events:
        ev = int(row[L_EVENT])
        out.append(json.dumps({
            "turn": int(row[L_TURN]), "player": int(row[L_PLAYER]), "event": EVENT_NAMES.get(ev, str(ev)),
            "step": STEP_OF.get(ev, int(row[L_C]) if ev == EV_RESOLVE else None),
            "a": int(row[L_A]), "b": int(row[L_B]), "c": int(row[L_C]), "d": int(row[L_D]),
            "text": d(row), "cp": [int(row[L_CP]), int(row[L_CP + 1])]}))
    out.append(json.dumps({"event": "result", **replay.result}))
    return out
