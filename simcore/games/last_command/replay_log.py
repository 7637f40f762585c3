"""Turn-by-turn reading of a replayed game: event rows -> dicts (JSON Lines) or text lines."""
from __future__ import annotations

from . import layout as L
from .opcodes import Op
from .simulate import Replay
from simcore.bounds import LABELS as BOUND_LABELS, bound_event_text, result_bound_text

SYSTEMS = ("engineering", "comms", "tactical")
EXPERTISES = ("engineer", "comms_expert", "tactician")
SEATS = ("first", "second")
DECKS = ("system", "crew")
PILE_KINDS = {L.SYS_DECK: "system deck", L.CREW_DECK: "crew deck", L.SYS_DISC: "system discard",
              L.CREW_DISC: "crew discard", L.HAND: "hand"}


def _pile_name(k: int) -> str:
    if k < 0:
        return "market"
    if k >= 2 * L.PLAYER_PILES:
        return "market"
    kind = k % L.PLAYER_PILES
    if L.STACK <= kind < L.STACK + 3:
        return f"{SYSTEMS[kind - L.STACK]} stack"
    return PILE_KINDS.get(kind, "pile")


def event_dict(replay: Replay, row) -> dict:
    names = replay.tables.names
    turn, player, ev, a, b, c = (int(x) for x in row[:6])
    d: dict = {"turn": turn + 1, "player": SEATS[player] if player in (0, 1) else None,
               "event": L.EVENT_NAMES.get(ev, str(ev))}
    if player in (0, 1):
        d["faction"] = replay.matchup.factions[player]
    card = names[a] if ev in (L.EV_DRAW, L.EV_PLAY_SYSTEM, L.EV_PLAY_CREW, L.EV_DISCARD, L.EV_BUY, L.EV_BONUS,
                              L.EV_MALF_DRAWN, L.EV_MALF_DEALT, L.EV_SCRAP, L.EV_FORCED_DISCARD, L.EV_TAKE,
                              L.EV_MOVE_CREW, L.EV_COPY, L.EV_MALF_REPAIR) and a >= 0 else None
    if card is not None:
        d["card"] = card
    if ev == L.EV_DRAW:
        d.update(deck=DECKS[b], by_ability=bool(c))
    elif ev == L.EV_PLAY_SYSTEM:
        d.update(system=SYSTEMS[b], power_paid=c)
    elif ev == L.EV_PLAY_CREW:
        d.update(system=SYSTEMS[b])
    elif ev == L.EV_EFFECT:
        d.update(ability=Op(a).name.lower(), amount=b, applied=c)
    elif ev == L.EV_BUY:
        d.update(cost=b)
    elif ev == L.EV_REFRESH:
        d.update(set=(SYSTEMS + ("crew",))[a])
    elif ev == L.EV_BONUS:
        d.update(expertise=EXPERTISES[b], system=SYSTEMS[c])
    elif ev == L.EV_MALF_DEALT:
        d.update(target=SEATS[c], pile=PILE_KINDS.get(b, "pile"))
    elif ev == L.EV_RESHUFFLE:
        d.update(deck=DECKS[a])
    elif ev == L.EV_WIN:
        d.update(winner=SEATS[a], winner_faction=replay.matchup.factions[a])
    elif ev == L.EV_FORCED_DISCARD:
        d.update(owner=SEATS[b], from_play=bool(c))
    elif ev in (L.EV_TAKE, L.EV_SCRAP, L.EV_MALF_REPAIR):
        d.update(source=_pile_name(b))
    elif ev == L.EV_MOVE_CREW:
        d.update(source=SYSTEMS[b], to=SYSTEMS[c])
    elif ev == L.EV_BOUND:
        d.update(bound=BOUND_LABELS[a], limit=b)
    d["hull"] = [int(row[L.L_HULL]), int(row[L.L_HULL + 1])]
    d["credits"] = [int(row[L.L_CREDITS]), int(row[L.L_CREDITS + 1])]
    d["power"] = [{s: int(row[L.L_POWER + 3 * q + i]) for i, s in enumerate(SYSTEMS)} for q in range(2)]
    return d


def events(replay: Replay) -> list[dict]:
    return [event_dict(replay, row) for row in replay.events]


def _describe(d: dict) -> str:
    ev = d["event"]
    card = d.get("card", "")
    text = {
        "draw": lambda: f"draws {card} from the {d['deck']} deck" + (" (by an Ability)" if d["by_ability"] else ""),
        "play_system": lambda: f"plays {card} in {d['system']}, paying {d['power_paid']} Power",
        "play_crew": lambda: f"stations {card} in {d['system']}",
        "discard_for_credits": lambda: f"discards {card} for 2 Credits",
        "effect": lambda: f"  {d['ability']} {d['amount']} (applied {d['applied']})",
        "buy": lambda: f"buys {card} for {d['cost']} Credits",
        "refresh": lambda: f"refreshes the {d['set']} Market set",
        "bonus": lambda: f"earns the {d['expertise']} bonus of {card} in {d['system']}",
        "malfunction_drawn": lambda: f"draws Malfunction {card}",
        "malfunction_dealt": lambda: f"deals {card} to the {d['target']} player's {d['pile']}",
        "reshuffle": lambda: f"shuffles a new {d['deck']} deck",
        "clear_crew": lambda: "moves all 9 Crew to the Crew discard",
        "win": lambda: f"WINS ({d['winner_faction']})",
        "draw_game": lambda: "the turn cap is reached: the game is a draw",
        "bound": lambda: bound_event_text(d["bound"], d["limit"]),
        "scrap": lambda: f"scraps {card} from the {d['source']}",
        "forced_discard": lambda: f"makes the {d['owner']} player discard {card}" + (" from play" if d["from_play"] else ""),
        "take": lambda: f"takes {card} from the {d['source']}",
        "move_crew": lambda: f"moves {card} from {d['source']} to {d['to']}",
        "copy": lambda: f"copies {card}",
        "malfunction_repair": lambda: f"returns {card} to the Malfunction deck",
    }.get(ev, lambda: ev)()
    return text


def _state(d: dict) -> str:
    pw = ["/".join(str(p[s]) for s in SYSTEMS) for p in d["power"]]
    return f"[hull {d['hull'][0]}-{d['hull'][1]}  credits {d['credits'][0]}-{d['credits'][1]}  " \
           f"power E/C/T {pw[0]} | {pw[1]}]"


def text_lines(replay: Replay) -> list[str]:
    m = replay.matchup
    mode = f"Solo Mode ({m.difficulty}), " if m.mode == "solo" else ""
    out = [f"{mode}Game seed {replay.seed}: first {m.factions[0]} ({m.variant_label(0)}, {replay.strategies[0]}) "
           f"vs second {m.factions[1]} ({m.variant_label(1)}, {replay.strategies[1]})"]
    out.append("\n== Setup: each player draws a starting hand")
    for d in events(replay):
        if d["event"] == "turn":
            out.append(f"\n== Turn {d['turn']}: {d['player']} player ({d['faction']})  {_state(d)}")
            continue
        who = "" if d["player"] is None else f"{d['player']:>6}: "
        out.append(f"{who}{_describe(d)}  {_state(d)}")
    r = replay.result
    out.append(f"\nResult: {r['winner']} after {r['turns']} player-turns; hull {r['first_hull']}-{r['second_hull']}"
               + result_bound_text(r.get("bound", BOUND_LABELS[0])))
    if replay.lost_events:
        out.append(f"({replay.lost_events} events did not fit in the log)")
    return out


def json_lines(replay: Replay) -> list[str]:
    import json
    return [json.dumps(d) for d in events(replay)]
