"""A tiny race's event log (``layout``: L_*, EV_*) as readable lines or as JSON Lines, one object per event."""
from __future__ import annotations

import json

from .layout import (EV_BUY, EV_EFFECT, EV_MOVE, EV_ROLL, EV_TURN_CAP, EV_WIN, L_A, L_B, L_EVENT, L_RACER, L_TURN)
from .opcodes import Op

EFFECT_TEXT = {"stride": "strides {n} step(s) further from now on", "jump": "jumps {n} step(s)",
               "coins": "gains {n} coins"}
EVENT_NAMES = {EV_ROLL: "roll", EV_BUY: "buy", EV_EFFECT: "effect", EV_MOVE: "move", EV_WIN: "win",
               EV_TURN_CAP: "turn_cap"}


def events(replay) -> list[dict]:
    """The log's rows as dicts, names instead of codes."""
    racers, names = replay.matchup.racers, replay.tables.names
    out = []
    for row in replay.events:
        event = int(row[L_EVENT])
        e = {"turn": int(row[L_TURN]), "racer": racers[int(row[L_RACER])] if row[L_RACER] >= 0 else None,
             "event": EVENT_NAMES[event]}
        a, b = int(row[L_A]), int(row[L_B])
        if event == EV_ROLL:
            e.update(roll=a, coins=b)
        elif event == EV_BUY:
            e.update(card=names[a], coins=b)
        elif event == EV_EFFECT:
            e.update(op=Op(a).name.lower(), n=b)
        elif event == EV_MOVE:
            e.update(steps=a, position=b)
        out.append(e)
    return out


def text_lines(replay) -> list[str]:
    lines = []
    for e in events(replay):
        what = {"roll": lambda: f"rolls {e['roll']} ({e['coins']} coins)",
                "buy": lambda: f"buys {e['card']} ({e['coins']} coins left)",
                "effect": lambda: EFFECT_TEXT[e["op"]].format(n=e["n"]),
                "move": lambda: f"moves {e['steps']} to {e['position']}",
                "win": lambda: "wins the race",
                "turn_cap": lambda: "the turn cap: the race is a draw"}[e["event"]]()
        lines.append(f"turn {e['turn']}: {e['racer']} {what}" if e["racer"] else what)
    lost = f" ({replay.lost_events} events not kept)" if replay.lost_events else ""
    return lines + [f"result: {replay.result['winner']} after {replay.result['turns']} turns{lost}"]


def json_lines(replay) -> list[str]:
    return [json.dumps(e) for e in events(replay)]
