"""How a heuristic strategy reads the game state: weight multipliers from both Hulls and the turn,
and card values re-weighed by them (jitted; used by ``simcore.games.last_command.players.policy``).

A compiled row (``simcore.games.last_command.players.values.compile_row``) holds, after the N_PARAMS parameters,
``N_BLOCKS`` blocks of one float per card type:

  block V_TOTAL    the card's value under the strategy's weights
  block V_DAMAGE   the part of it that is Damage
  block V_REPAIR   the part that is Hull (Repair, Shield, self-Damage)
  block V_ECONOMY  the part that is Credits, Power and draws
  block V_TOP      what the card is worth while it stays uncovered (ongoing effects, Bonuses)
  block V_PLAY_ECONOMY  the economy of playing it (main and covering Abilities: what may pay
                   for, or bring, more cards this turn)
  block V_RESTRICT the seat's restriction of the card (restricted play, ``commandsim impact``): 0 none,
                   RESTRICT_BAN never buys or takes it, RESTRICT_FORCE buys it whenever it can

so the value of card t now is ``total + sum over parts (mult[part] - 1) * part``.
"""
import numpy as np

from ..jit import hot
from ..layout import MAX_HULL, S_HULL, S_MULTS, S_MULTS_KEY, S_TURN

from .effect_value import segment_value_now
from .params import (KIND_HEURISTIC, N_PARAMS, P_KILL_URGENCY, P_KIND, P_OPP_LOW_HULL, P_OWN_LOW_HULL,
                     P_PUSH_DAMAGE, P_PUSH_ECONOMY, P_PUSH_TURN, P_REPAIR_URGENCY)

V_TOTAL = 0
V_DAMAGE = 1
V_REPAIR = 2
V_ECONOMY = 3
V_TOP = 4
V_PLAY_ECONOMY = 5
V_RESTRICT = 6
N_BLOCKS = 7

RESTRICT_BAN = 1.0
RESTRICT_FORCE = 2.0


@hot
def weight_mults(sc, strat, p):
    """(other, Damage, Hull, economy) multipliers of p's effect weights in the current state.

    Damage counts more as the opponent's Hull falls below P_OPP_LOW_HULL (up to
    1 + P_KILL_URGENCY at Hull 0), Repair more as p's own falls below P_OWN_LOW_HULL; from p's
    P_PUSH_TURN-th turn on, Damage gains P_PUSH_DAMAGE and the economy is scaled by P_PUSH_ECONOMY.
    Every decision reads them, and they change only with the Hulls and the turn, so the last
    ones are kept in the game state (S_MULTS) with the state they were made for."""
    hulls = MAX_HULL + 1  # a Hull is 0..MAX_HULL, so the key is one number per state
    key = 1 + p + 2 * (sc[S_HULL] + hulls * (sc[S_HULL + 1] + hulls * sc[S_TURN]))
    kept = sc[S_MULTS:S_MULTS + 3].view(np.float64)
    if sc[S_MULTS_KEY] == key:
        return (1.0, kept[0], kept[1], kept[2])
    own = float(sc[S_HULL + p])
    opp = float(sc[S_HULL + 1 - p])
    dm = 1.0
    rm = 1.0
    em = 1.0
    low = strat[p, P_OPP_LOW_HULL]
    if low > 0 and opp < low:
        dm += strat[p, P_KILL_URGENCY] * (low - opp) / low
    low = strat[p, P_OWN_LOW_HULL]
    if low > 0 and own < low:
        rm += strat[p, P_REPAIR_URGENCY] * (low - own) / low
    if sc[S_TURN] // 2 >= strat[p, P_PUSH_TURN]:
        dm += strat[p, P_PUSH_DAMAGE]
        em *= strat[p, P_PUSH_ECONOMY]
    sc[S_MULTS_KEY] = key
    kept[0] = dm
    kept[1] = rm
    kept[2] = em
    return (1.0, dm, rm, em)


@hot
def n_types(strat):
    return (strat.shape[1] - N_PARAMS) // N_BLOCKS


@hot
def card_part(strat, p, t, block):
    """Block ``block`` of card type t's value to p; 0 for rows of other kinds than the heuristic
    one (they hold plain card values only)."""
    if strat[p, P_KIND] != KIND_HEURISTIC:
        return 0.0
    return strat[p, N_PARAMS + block * n_types(strat) + t]


@hot
def restriction(strat, p, t):
    """p's restriction of card type t (``V_RESTRICT``): 0.0 none, RESTRICT_BAN or RESTRICT_FORCE. Read in
    every row kind: a ban is data beside the strategy, not one of its weights."""
    return strat[p, N_PARAMS + V_RESTRICT * n_types(strat) + t]


@hot
def card_value_now(strat, p, t, m):
    """Value of card type t to p under the multipliers ``m`` of ``weight_mults`` (rows of other
    kinds than the heuristic one: their plain card value)."""
    o = N_PARAMS + t
    if strat[p, P_KIND] != KIND_HEURISTIC:
        return strat[p, o]
    nt = n_types(strat)
    return (strat[p, o] + (m[1] - 1.0) * strat[p, o + V_DAMAGE * nt] + (m[2] - 1.0) * strat[p, o + V_REPAIR * nt]
            + (m[3] - 1.0) * strat[p, o + V_ECONOMY * nt])


@hot
def value_now(sc, strat, p, t):
    """Value of card type t to p in the current state."""
    return card_value_now(strat, p, t, weight_mults(sc, strat, p))


@hot
def top_value(strat, p, t):
    """What card type t gives p while it stays uncovered (its ongoing effects and Bonuses)."""
    return card_part(strat, p, t, V_TOP)


@hot
def play_economy_value(strat, p, t):
    """Credits, Power and draws that playing card type t gives at once (not its Bonuses)."""
    return card_part(strat, p, t, V_PLAY_ECONOMY)


@hot
def rows_now(eff, sc, strat, p, m, start, length):
    """Value to p of running effect rows now (Repair capped by the missing Hull, a lethal option first)."""
    return segment_value_now(eff, strat[p], start, length, m, MAX_HULL - sc[S_HULL + p], sc[S_HULL + 1 - p])


@hot
def rows_recurring(eff, sc, strat, p, m, start, length):
    """Value to p of effect rows that will run again and again (a System Bonus): as ``rows_now``,
    but Repair is not capped by the Hull missing now."""
    return segment_value_now(eff, strat[p], start, length, m, MAX_HULL, sc[S_HULL + 1 - p])
