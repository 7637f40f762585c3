"""The counting of the skirmish's engine bounds (``bounds``), jitted, for heuristic and search players and
their rollouts alike: every command resolves in ``protocol.issue``; every turn loop asks ``over_orders``
before it issues an own-window command."""
from simcore.bounds import EFFECTS_PER_PLAY, PLAYS_PER_TURN

from .effects import log_event
from .jit import hot, hot_outlined
from .layout import CFG_MAX_EFFECTS, CFG_MAX_ORDERS, EV_BOUND, S_BOUND, S_EFFECTS, S_WINNER

DRAW = 2


@hot_outlined   # once a battle, at most
def hit_bound(sc, log, p, bound, limit):
    """A count passed its bound: the battle is a draw (the first bound hit is the one recorded)."""
    if sc[S_WINNER] < 0:
        sc[S_WINNER] = DRAW
        sc[S_BOUND] = bound
        log_event(log, sc, p, EV_BOUND, bound, limit, 0, 0)


@hot
def over_orders(cfg, sc, log, p, given):
    """p, having given ``given`` own-window commands this turn, declares one more: True when that passes the
    bound (the battle is then a draw and the command is not given)."""
    if given < cfg[CFG_MAX_ORDERS]:
        return False
    hit_bound(sc, log, p, PLAYS_PER_TURN, cfg[CFG_MAX_ORDERS])
    return True


@hot
def count_effect(cfg, sc, log, p):
    """One more effect part of the current command; False when it passes the bound (the part is not run)."""
    sc[S_EFFECTS] += 1
    if sc[S_EFFECTS] > cfg[CFG_MAX_EFFECTS]:
        hit_bound(sc, log, p, EFFECTS_PER_PLAY, cfg[CFG_MAX_EFFECTS])
        return False
    return True
