"""A battle of the reference skirmish: deployment, turns of alternating command windows on a Command Point
budget, objective scoring at the end of each turn, and the victory condition.

Each turn both budgets refill (never above them), the restrictions, statuses, cover and tokens of the last
turn end, and the players take turns giving one command each, the first player alternating by turn, until
both have passed; at the end of the turn the objective scores and each unit sheds one suppression. A force
with no unit left loses at once; after the turn limit the higher score (enemy units destroyed + objective
points) wins, equal scores draw.
"""
from .players import policy as pol

from .bound_checks import over_orders
from .effects import log_event
from .jit import hot, hot_inlined
from .layout import (CFG_BUDGET, CFG_MAX_TURNS, CFG_N_UNITS, CFG_OBJECTIVE, CFG_TRACK, EV_END,
                     EV_PASS, EV_SCORE, EV_TURN, S_CP, S_KILLS, S_RNG, S_SEED, S_SHAPE, S_TURN, S_VP, S_WINNER, U_ALIVE, U_ARMOR,
                     U_COVER, U_FIRE, U_MAXW, U_MELEE, U_MORALE, U_MOVE, U_POS, U_PROFILE, U_RANGE, U_RESTR, U_SIDE,
                     U_STATUS, U_SUPP, U_TOKENS, U_WOUNDS)
from .opcodes import PC_ARMOR, PC_FIRE, PC_MELEE, PC_MORALE, PC_MOVE, PC_RANGE, PC_WOUNDS, ST_HOLDING
from .protocol import ASK_POLICY, issue
from simcore.shape import shape_reset, shape_round

DRAW = 2


@hot
def deploy(profiles, setup, cfg, u, sc, seed):
    """Units of setup rows (side, profile) at their force's end of the track, two to a position."""
    u[:, :] = 0
    sc[:] = 0
    shape_reset(sc, S_SHAPE)
    sc[S_RNG] = seed
    sc[S_SEED] = seed      # a search player's own random stream starts from it (search.py)
    sc[S_WINNER] = -1
    placed0, placed1 = 0, 0
    for i in range(cfg[CFG_N_UNITS]):
        side, t = setup[i, 0], setup[i, 1]
        if side == 0:
            k = placed0 // 2
            placed0 += 1
        else:
            k = placed1 // 2
            placed1 += 1
        u[i, U_SIDE] = side
        u[i, U_ALIVE] = 1
        u[i, U_POS] = k if side == 0 else cfg[CFG_TRACK] - 1 - k
        u[i, U_PROFILE] = t
        u[i, U_MOVE] = profiles[t, PC_MOVE]
        u[i, U_RANGE] = profiles[t, PC_RANGE]
        u[i, U_FIRE] = profiles[t, PC_FIRE]
        u[i, U_ARMOR] = profiles[t, PC_ARMOR]
        u[i, U_WOUNDS] = u[i, U_MAXW] = profiles[t, PC_WOUNDS]
        u[i, U_MELEE] = profiles[t, PC_MELEE]
        u[i, U_MORALE] = profiles[t, PC_MORALE]


@hot
def alive(u, n):
    """The living units of each force, counted in one pass (after every command)."""
    a, b = 0, 0
    for i in range(n):
        if u[i, U_ALIVE]:
            if u[i, U_SIDE] == 0:
                a += 1
            else:
                b += 1
    return a, b


@hot
def check_eliminated(u, n, sc, log):
    """True when the battle is over: a force with no unit left loses at once (an engine bound's draw, hit
    while the command resolved, stands)."""
    if sc[S_WINNER] >= 0:
        return True
    a, b = alive(u, n)
    if a == 0 or b == 0:
        sc[S_WINNER] = DRAW if a == b else (0 if b == 0 else 1)
        log_event(log, sc, -1, EV_END, sc[S_WINNER], 0, 0, 0)
        record_standing(u, n, sc, sc[S_TURN] + 1)    # the turn it ended in: a round cut short
        return True
    return False


@hot
def record_standing(u, n, sc, turn):
    """The shape's record of the standing after battle turn ``turn`` (``simcore.shape``): the wounds the first
    force's surviving units have left minus the second's."""
    lead = 0
    for i in range(n):
        if u[i, U_ALIVE]:
            lead += u[i, U_WOUNDS] if u[i, U_SIDE] == 0 else -u[i, U_WOUNDS]
    shape_round(sc, S_SHAPE, turn, lead)


@hot
def start_turn(u, n, sc, cfg):
    for p in range(2):
        sc[S_CP + p] = cfg[CFG_BUDGET + p]
    for i in range(n):
        u[i, U_RESTR] = 0
        u[i, U_STATUS] = 0
        u[i, U_COVER] = 0
        u[i, U_TOKENS] = 0


@hot
def recover(u, n):
    """Each unit sheds one suppression at the end of a turn (estimated: without it Covering Fire's pins
    would last the whole battle; Rally removes more at once)."""
    for i in range(n):
        if u[i, U_SUPP] > 0:
            u[i, U_SUPP] -= 1


@hot
def score_objective(u, n, sc, cfg, log):
    """The force with more weight within one position of the objective (a holding unit counts twice)
    scores a point."""
    w0, w1 = 0, 0
    for i in range(n):
        if u[i, U_ALIVE] and abs(u[i, U_POS] - cfg[CFG_OBJECTIVE]) <= 1:
            w = 2 if u[i, U_STATUS] & ST_HOLDING else 1
            if u[i, U_SIDE] == 0:
                w0 += w
            else:
                w1 += w
    if w0 > w1:
        sc[S_VP] += 1
    elif w1 > w0:
        sc[S_VP + 1] += 1
    log_event(log, sc, -1, EV_SCORE, sc[S_VP], sc[S_VP + 1], w0, w1)


@hot
def play_turn(cmds, eff, strat, u, sc, cfg, log):
    start_turn(u, cfg[CFG_N_UNITS], sc, cfg)
    first = sc[S_TURN] % 2
    log_event(log, sc, first, EV_TURN, first, 0, 0, 0)
    finish_turn(cmds, eff, strat, u, sc, cfg, log, 0, 0, 0, first)


@hot
def finish_turn(cmds, eff, strat, u, sc, cfg, log, passed, given0, given1, p):
    """The turn's command windows from p's on (``passed``: bit p once p has passed for the rest of the turn;
    ``given``: own-window commands so far), then its end. A search's rollout resumes a turn here."""
    n = cfg[CFG_N_UNITS]
    while passed != 3:
        if passed & (1 << p) == 0:
            c, i, t = pol.choose_order(strat, cmds, eff, u, n, sc, cfg, p)
            if c < 0:
                passed |= 1 << p
                log_event(log, sc, p, EV_PASS, 0, 0, 0, 0)
            elif over_orders(cfg, sc, log, p, given0 if p == 0 else given1):
                return
            else:
                if p == 0:
                    given0 += 1
                else:
                    given1 += 1
                issue(cmds, eff, strat, u, n, sc, cfg, log, p, c, i, t, ASK_POLICY, -1, -1)
                if check_eliminated(u, n, sc, log):
                    return
        if passed & (1 << (1 - p)) == 0:
            p = 1 - p
    end_turn(u, n, sc, cfg, log)


@hot
def end_turn(u, n, sc, cfg, log):
    """The objective scores, suppression wears off, and after the last turn the higher score wins."""
    score_objective(u, n, sc, cfg, log)
    recover(u, n)
    sc[S_TURN] += 1
    record_standing(u, n, sc, sc[S_TURN])
    if sc[S_TURN] >= cfg[CFG_MAX_TURNS]:
        s0, s1 = sc[S_KILLS] + sc[S_VP], sc[S_KILLS + 1] + sc[S_VP + 1]
        sc[S_WINNER] = 0 if s0 > s1 else (1 if s1 > s0 else DRAW)
        log_event(log, sc, -1, EV_END, sc[S_WINNER], s0, s1, 0)


@hot
def play_battle(cmds, eff, profiles, setup, cfg, strat, u, sc, log, seed):
    play_battle_with(play_turn, (cmds, eff, strat, u, sc, cfg, log), profiles, setup, cfg, u, sc, seed)


@hot_inlined
def play_battle_with(turn, turn_args, profiles, setup, cfg, u, sc, seed):
    """The battle loop, written once for every battle of this engine: one battle from ``seed``, each turn played
    by ``turn(*turn_args)``: the heuristic's ``play_turn`` (``play_battle``) or a battle with search players'
    ``search.search_turn`` (``search.search_battle``). Inlined by numba into each caller, so ``turn`` is a
    direct call; the last turn ends the battle (``end_turn``)."""
    deploy(profiles, setup, cfg, u, sc, seed)
    while sc[S_WINNER] < 0:
        turn(*turn_args)
