"""A Star Realms event log as readable lines (turn by turn) or as JSON Lines (one object per event)."""
from __future__ import annotations

import json

from .effects import ONSLAUGHT_ALLY
from dataclasses import dataclass

from simcore.bounds import ENGINE_BOUNDS, LABELS as BOUND_LABELS, WHAT, bound_event_text, result_bound_text

from .layout import (EV_ALLY, EV_ATTACK_AUTH, EV_ATTACK_BASE, EV_BOUND, EV_BUY, EV_CHOICE, EV_COPY, EV_DECLINE,
                     EV_DESTROY_BASE, EV_DISCARD, EV_DRAW, EV_END, EV_GAMBIT, EV_PLAY, EV_POOL, EV_SCRAP_ABILITY,
                     EV_SCRAP_CARD, EV_TURN, L_A, L_AUTH, L_B, L_C, L_COMBAT, L_EVENT, L_PLAYER, L_TRADE, L_TURN,
                     LOG_DISCARD, LOG_HAND, LOG_TRADE_ROW, MAX_PLAYERS)
from .opcodes import Op

EVENT_NAMES = {EV_TURN: "turn", EV_PLAY: "play", EV_ALLY: "ally", EV_SCRAP_ABILITY: "scrap_ability",
               EV_CHOICE: "choice", EV_BUY: "acquire", EV_ATTACK_BASE: "attack_base",
               EV_ATTACK_AUTH: "attack_authority",
               EV_DISCARD: "discard", EV_SCRAP_CARD: "scrap_card", EV_DESTROY_BASE: "destroy_base", EV_DRAW: "draw",
               EV_COPY: "copy", EV_GAMBIT: "gambit", EV_END: "end", EV_POOL: "team_pools", EV_DECLINE: "decline",
               EV_BOUND: "bound"}
PILE_NAMES = {LOG_HAND: "hand", LOG_DISCARD: "discard pile", LOG_TRADE_ROW: "trade row"}
WINNERS = ("first player", "second player", "draw at the turn cap")


@dataclass(frozen=True)
class Seats:
    """Who is who in a log: a label per player, and the team's side (-1: a two-player game)."""
    labels: tuple[str, ...] = ("first", "second")
    team_side: int = -1

    @classmethod
    def of(cls, matchup, tables) -> "Seats":
        team = next((s for s, d in enumerate(matchup.decks) if tables.decks[d].members == 2), -1)
        if team < 0:
            return cls()
        labels = [f"{d} ({'first' if s == 0 else 'second'})" for s, d in enumerate(matchup.decks)]
        labels[team] = f"{matchup.decks[team]} A"
        return cls(tuple(labels) + (f"{matchup.decks[team]} B",), team)

    def side(self, p: int) -> int:
        return self.team_side if p == MAX_PLAYERS - 1 else p

    def member(self, side: int, j: int) -> int:
        return MAX_PLAYERS - 1 if j == 1 else side

    def side_label(self, side: int) -> str:
        if side != self.team_side:
            return self.labels[side]
        order = "first" if side == 0 else "second"
        return f"the team {self.labels[side]} + {self.labels[MAX_PLAYERS - 1]} ({order})"


def _card(names, t) -> str:
    return names[t] if 0 <= t < len(names) else "?"


def describe(row, names, seats: Seats = Seats()) -> str:
    ev, a, b, c = int(row[L_EVENT]), int(row[L_A]), int(row[L_B]), int(row[L_C])
    p = int(row[L_PLAYER])
    who = seats.labels[p] if 0 <= p < len(seats.labels) else ""
    team = seats.team_side >= 0
    if ev == EV_TURN:
        if team:
            return f"--- turn {a + 1}: {seats.side_label(p)} (Authority {row[L_AUTH]} / {row[L_AUTH + 1]})"
        return (f"--- turn {a + 1}: {who} player (Authority {row[L_AUTH]} / {row[L_AUTH + 1]})")
    if ev == EV_POOL:
        m1 = seats.labels[seats.member(p, 1)]
        return (f"team: pools {row[L_TRADE]} Trade ({who} {a}, {m1} {row[L_TRADE] - a}) and {row[L_COMBAT]} "
                f"Combat ({who} {b}, {m1} {row[L_COMBAT] - b})")
    if ev == EV_PLAY:
        return f"{who}: uses the primary ability of {_card(names, a)}" if b else f"{who}: plays {_card(names, a)}"
    if ev == EV_DECLINE:
        return f"{who}: declines the primary ability of {_card(names, a)} this turn"
    if ev == EV_ALLY:
        why = "Nandi's Onslaught's faction symbols" if b == ONSLAUGHT_ALLY else _card(names, b)
        kind = "double ally" if c else "ally"
        return f"{who}:   {kind} ability of {_card(names, a)} fires (ally: {why})"
    if ev == EV_CHOICE:
        return f"{who}:   {_card(names, a)}: chooses {Op(b).name.lower()} {c}"
    if ev == EV_SCRAP_ABILITY:
        return f"{who}: scraps {_card(names, a)} for its scrap ability"
    if ev == EV_BUY:
        return (f"{who}: acquires {_card(names, a)} for {b} Trade"
                + (" (on top of the deck)" if c else "") + f"  [Trade left {row[L_TRADE]}]")
    whose = f" of {seats.labels[seats.member(1 - seats.side(p), c)]}" if team else ""
    if ev == EV_ATTACK_BASE:
        return (f"{'team' if seats.side(p) == seats.team_side else who}: attacks and destroys base "
                f"{_card(names, a)}{whose} (defense {b})  [Combat left {row[L_COMBAT]}]")
    if ev == EV_ATTACK_AUTH:
        o = 1 - seats.side(p)
        if team:
            target = "the team's shared Authority" if o == seats.team_side else f"{seats.labels[o]}'s Authority"
            return (f"{'team' if o != seats.team_side else who}: attacks {target} with {a} Combat -> "
                    f"{row[L_AUTH + o]}")
        return f"{who}: attacks the opponent's Authority for {a} -> {row[L_AUTH + o]}"
    if ev == EV_DISCARD:
        return f"{who}: discards {_card(names, a)}" + (" (the opponent made them)" if b else "")
    if ev == EV_SCRAP_CARD:
        pile = ("teammate's " if c else "") + PILE_NAMES.get(b, "pile")
        return f"{who}:   scraps {_card(names, a)} from the {pile}"
    if ev == EV_DESTROY_BASE:
        return f"{who}:   destroys base {_card(names, a)}{whose} with an ability"
    if ev == EV_DRAW:
        return f"{who}:   draws {a}"
    if ev == EV_COPY:
        return f"{who}:   Stealth Needle copies {_card(names, a)}"
    if ev == EV_GAMBIT:
        if a == Op.PROCUREMENT:
            return f"{who}: Alliance Procurement: " + ("gains 2 Trade" if b == 0 else "next ship or base on top")
        return f"{who}: scraps Nandi's Onslaught (a blue and a yellow card count as in play)"
    if ev == EV_END:
        if team and a < 2:
            return f"=== game over: {seats.side_label(a) if a == seats.team_side else seats.labels[a]} wins"
        if a == 2 and b in ENGINE_BOUNDS:
            return f"=== game over: a draw at the bound of {WHAT[b]}"
        return f"=== game over: {WINNERS[a]}" + ("" if a == 2 else " wins")
    if ev == EV_BOUND:
        return f"{who}: {bound_event_text(BOUND_LABELS[a], b)}"
    return f"event {ev}"


def text_lines(replay) -> list[str]:
    names = replay.tables.names
    m = replay.matchup
    seats = Seats.of(m, replay.tables)
    lines = [f"Star Realms, mode {m.mode}: first {m.decks[0]} ({replay.strategies[0]}) vs second {m.decks[1]} "
             f"({replay.strategies[1]}), game seed {replay.seed}"]
    if seats.team_side >= 0:
        lines.append(f"(the team {m.decks[seats.team_side]}: players {seats.labels[seats.team_side]} and "
                     f"{seats.labels[-1]}, one shared Authority; its Trade is pooled and its Combat combined)")
    lines += [describe(row, names, seats) for row in replay.events]
    r = replay.result
    lines.append(f"result: {r['winner']} after {r['turns']} player-turns, Authority {r['first_authority']} / "
                 f"{r['second_authority']}" + result_bound_text(r.get("bound", BOUND_LABELS[0])))
    if replay.lost_events:
        lines.append(f"({replay.lost_events} events did not fit the log)")
    return lines


def json_lines(replay) -> list[str]:
    names = replay.tables.names
    seats = Seats.of(replay.matchup, replay.tables)
    out = []
    for row in replay.events:
        ev = int(row[L_EVENT])
        out.append(json.dumps({
            "turn": int(row[L_TURN]), "player": int(row[L_PLAYER]), "event": EVENT_NAMES.get(ev, str(ev)),
            "a": int(row[L_A]), "b": int(row[L_B]), "c": int(row[L_C]),
            "card": _card(names, int(row[L_A])) if ev in (EV_PLAY, EV_ALLY, EV_CHOICE, EV_SCRAP_ABILITY, EV_BUY,
                                                          EV_ATTACK_BASE, EV_DISCARD, EV_SCRAP_CARD,
                                                          EV_DESTROY_BASE, EV_COPY, EV_DECLINE) else None,
            "text": describe(row, names, seats),
            "authority": [int(row[L_AUTH]), int(row[L_AUTH + 1])], "trade": int(row[L_TRADE]),
            "combat": int(row[L_COMBAT])}))
    out.append(json.dumps({"event": "result", **replay.result}))
    return out
