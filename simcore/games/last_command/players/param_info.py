"""What each strategy parameter means, the values it accepts, and the range the tuner searches.

Names are the ``P_*`` constants of ``simcore.games.last_command.players.params`` without the prefix, in lower case
(``P_W_DAMAGE`` -> ``w_damage``): the keys of a strategy file's ``[params]`` table.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from simcore.search import MAX_ROLLOUTS

from . import params as P


@dataclass(frozen=True)
class ParamInfo:
    name: str
    index: int
    help: str
    low: float              # the tuner searches [low, high]
    high: float
    valid: tuple[float, float] = (-math.inf, math.inf)   # what a strategy file may hold
    flag: bool = False      # read as on (> 0.5) or off


def _p(name, help, low, high, valid=(-math.inf, math.inf), flag=False) -> ParamInfo:
    return ParamInfo(name, getattr(P, "P_" + name.upper()), help, low, high, valid, flag)


_W = (0.0, math.inf)
PARAMS: dict[str, ParamInfo] = {i.name: i for i in [
    _p("crew_share", "draw from the Crew deck while fewer than this share of the hand is Crew", 0.1, 0.9, (0, 1)),
    _p("w_damage", "value of 1 Damage to the opponent", 0.2, 3.0, _W),
    _p("w_repair", "value of 1 Hull Repaired (and, negated, of 1 self-inflicted Damage)", 0.0, 2.5, _W),
    _p("w_credits", "value of 1 Credit", 0.05, 1.5, _W),
    _p("w_power", "value of 1 Power", 0.05, 1.5, _W),
    _p("w_draw", "value of drawing 1 card", 0.2, 3.0, _W),
    _p("w_malf", "value of dealing 1 Malfunction (or returning one of one's own)", 0.0, 3.0, _W),
    _p("w_other", "value of other effects: moving Crew, a free play, a Corsair copy, Mines, a discount, ...",
       0.0, 2.0),
    _p("buy_min", "buy a card only if its Market score (below) is at least this", -2.0, 3.0),
    _p("cost_weight", "Market score = value - cost_weight x price (+ crew_bonus, + the System's bias)",
       0.0, 1.2),
    _p("crew_bonus", "extra Market score of a Crew card", -1.0, 3.0),
    _p("scrap_below", "Scrap own cards valued below this (Malfunctions always first)", -1.0, 3.0),
    _p("refresh_below", "refresh a Market set when the best buy scores below this", -3.0, 3.0),
    _p("cover_margin", "covering a card loses this share of what the covered card gives while uncovered",
       0.0, 2.0),
    _p("clear_crew", "1: with 9 Crew in play, clear them to play a new Crew card", 0, 1, (0, 1), flag=True),
    _p("w_shield", "value of 1 point of Shield while the card stays uncovered", 0.0, 4.0, _W),
    _p("w_deny", "value of 1 Power the opponent loses (a card they must discard counts 2)", 0.0, 2.0, _W),
    _p("w_card", "value of gaining a card (from the Market or a discard; Quantum Artifact counts 2)", 0.0, 3.0, _W),
    _p("w_scrap", "value of being able to Scrap 1 card", 0.0, 2.0, _W),
    _p("own_low_hull", "own Hull below which Repair counts more", 0.0, 20.0, (0, 20)),
    _p("repair_urgency", "Repair counts up to (1 + this) times as much at Hull 0", 0.0, 4.0, _W),
    _p("opp_low_hull", "the opponent's Hull below which Damage counts more", 0.0, 20.0, (0, 20)),
    _p("kill_urgency", "Damage counts up to (1 + this) times as much when the opponent is at Hull 0",
       0.0, 4.0, _W),
    _p("push_turn", "from this own turn on (0 = the first) the late push applies", 0.0, 30.0, (0, math.inf)),
    _p("push_damage", "the late push adds this to the Damage multiplier", 0.0, 3.0),
    _p("push_economy", "the late push multiplies the value of Credits, Power and draws by this", 0.0, 1.5, _W),
    _p("systems_first", "1: play System cards already paid for before Crew cards (0: Crew first)", 0, 1, (0, 1),
       flag=True),
    _p("discard_below", "discard a System card for 2 Credits when playing it gains less than this", -2.0, 3.0),
    _p("place_bonus", "Crew placement: weight of the System Bonus the Crew earns there", 0.0, 3.0),
    _p("place_need", "Crew placement and 'any System' Power: weight of Power lacking for cards in hand",
       0.0, 5.0),
    _p("place_spread", "Crew placement: penalty per Power already in the System", 0.0, 1.0),
    _p("place_home", "Crew placement: bonus for the System of the Crew's own colour", -1.0, 2.0),
    _p("draw_need", "added to crew_share while a System card in hand lacks Power", -0.5, 0.8),
    _p("keep_board", "1: never draw from an empty deck (it takes the cards in play) while the other has cards",
       0, 1, (0, 1), flag=True),
    _p("malf_crew", "bias towards dealing Malfunctions to the opponent's Crew piles (< 0: System piles)",
       -5.0, 5.0),
    _p("bias_engineering", "extra Market score of an Engineering System card", -2.0, 2.0),
    _p("bias_comms", "extra Market score of a Comms System card", -2.0, 2.0),
    _p("bias_tactical", "extra Market score of a Tactical System card", -2.0, 2.0),
    _p("refresh_credits", "refresh a Market set only with at least this many Credits", 2.0, 10.0, (0, 10)),
    _p("save_gap", "skip a buy when an unaffordable card scores this much more (save for it)", 0.0, 6.0),
    _p("rollouts", "search players only: rollouts per searched decision (search:N sets it to N)", 1, 1,
       (1, MAX_ROLLOUTS)),
]}

SEARCH_ONLY = ("rollouts",)   # what a search strategy adds to its heuristic; the tuner leaves it alone
TUNABLE = tuple(n for n in PARAMS if n not in SEARCH_ONLY)   # every parameter of the heuristic kind


def check_complete() -> None:
    """Every P_* constant but P_KIND is described here (a test calls this)."""
    names = {n[2:].lower() for n in dir(P) if n.startswith("P_") and n != "P_KIND"}
    missing = names - set(PARAMS)
    extra = set(PARAMS) - names
    if missing or extra:
        raise AssertionError(f"param_info out of date: missing {sorted(missing)}, unknown {sorted(extra)}")
    indices = sorted(i.index for i in PARAMS.values())
    if indices != list(range(1, P.N_PARAMS)):
        raise AssertionError(f"param_info indices {indices} do not cover 1..{P.N_PARAMS - 1}")
