"""The tiny race's rules, jitted: set-up, the effect interpreter, a turn, and the turn loop of one race.

A turn: the racer rolls a die and gains that many coins, may buy one card (``policy.choose_buy``; its effects
resolve at once, ``run_effects``), then moves 1 step plus its stride. The first to reach the finish wins; a
race still running at the turn cap is a draw.
"""
from __future__ import annotations

from simcore.bounds import TURN_CAP
from simcore.event_log import log_row
from simcore.play_counts import PLAYED, count_card
from simcore.rng import rand_below
from simcore.shape import shape_reset, shape_round

from .jit import hot
from .layout import (CFG_LENGTH, CFG_MAX_TURNS, CFG_START_COINS, EV_BUY, EV_EFFECT, EV_MOVE, EV_ROLL, EV_TURN_CAP,
                     EV_WIN, L_A, L_B, L_EVENT, L_RACER, L_TURN, S_BOUND, S_CARD_COUNTS, S_COINS, S_LOG_LOST, S_LOG_N,
                     S_POS, S_RNG, S_SHAPE, S_STRIDE, S_TURN, S_WINNER, WINNER_DRAW)
from .opcodes import C_COST, C_EFF, C_N_EFF, E_N, E_OP, Op
from .policy import choose_buy


@hot
def log_event(log, sc, p, event, a, b):
    """One row of the replay's log (a batch's one-row log keeps none: ``simcore.event_log``)."""
    r = log_row(log, sc, S_LOG_N, S_LOG_LOST)
    if r >= 0:
        log[r, L_TURN] = sc[S_TURN] + 1
        log[r, L_RACER] = p
        log[r, L_EVENT] = event
        log[r, L_A] = a
        log[r, L_B] = b


@hot
def setup_race(cfg, sc, log, bought, seed):
    """A fresh race in the arrays of the last one: the dice seeded, the start coins, nothing bought."""
    for i in range(sc.shape[0]):
        sc[i] = 0
    shape_reset(sc, S_SHAPE)
    sc[S_RNG] = seed
    sc[S_WINNER] = -1
    for p in range(2):
        sc[S_COINS + p] = cfg[CFG_START_COINS + p]
        for t in range(bought.shape[1]):
            bought[p, t] = 0


@hot
def move(cfg, sc, log, p, steps):
    """Racer p moves ``steps`` steps; reaching the finish wins the race."""
    sc[S_POS + p] += steps
    log_event(log, sc, p, EV_MOVE, steps, sc[S_POS + p])
    if sc[S_POS + p] >= cfg[CFG_LENGTH]:
        sc[S_WINNER] = p


@hot
def run_effects(cards, eff, cfg, sc, log, p, t):
    """The effect interpreter: card type t's rows of ``eff``, in order, for racer p."""
    first = cards[t, C_EFF]
    for r in range(first, first + cards[t, C_N_EFF]):
        op, n = eff[r, E_OP], eff[r, E_N]
        log_event(log, sc, p, EV_EFFECT, op, n)
        if op == Op.STRIDE:
            sc[S_STRIDE + p] += n
        elif op == Op.JUMP:
            move(cfg, sc, log, p, n)
        elif op == Op.COINS:
            sc[S_COINS + p] += n
        if sc[S_WINNER] >= 0:
            return


@hot
def play_turn(cards, eff, cfg, strat, sc, log, bought, p):
    """Racer p's turn: roll, perhaps buy one card, move."""
    roll = 1 + rand_below(sc, S_RNG, 6)
    sc[S_COINS + p] += roll
    log_event(log, sc, p, EV_ROLL, roll, sc[S_COINS + p])
    t = choose_buy(cards, cfg, sc, strat, p)
    if t >= 0:
        sc[S_COINS + p] -= cards[t, C_COST]
        bought[p, t] += 1
        count_card(sc, S_CARD_COUNTS, PLAYED, p, t)
        log_event(log, sc, p, EV_BUY, t, sc[S_COINS + p])
        run_effects(cards, eff, cfg, sc, log, p, t)
    if sc[S_WINNER] < 0:
        move(cfg, sc, log, p, 1 + sc[S_STRIDE + p])


@hot
def play_race(cards, eff, cfg, strat, sc, log, bought, seed):
    """The turn loop: one race from its seed to its end (``sc[S_WINNER]``, ``sc[S_TURN]``: turns played)."""
    setup_race(cfg, sc, log, bought, seed)
    while sc[S_WINNER] < 0:
        if sc[S_TURN] >= cfg[CFG_MAX_TURNS]:
            sc[S_WINNER] = WINNER_DRAW
            sc[S_BOUND] = TURN_CAP
            log_event(log, sc, -1, EV_TURN_CAP, 0, 0)
            return
        play_turn(cards, eff, cfg, strat, sc, log, bought, sc[S_TURN] % 2)
        if sc[S_WINNER] >= 0:
            log_event(log, sc, sc[S_WINNER], EV_WIN, sc[S_WINNER], 0)
        sc[S_TURN] += 1
        if sc[S_TURN] % 2 == 0 or sc[S_WINNER] >= 0:      # a round's end, or the race's in the middle of one
            record_standing(sc)


@hot
def record_standing(sc):
    """The shape's record of the standing now (``simcore.shape``): the first racer's position minus the second's."""
    shape_round(sc, S_SHAPE, sc[S_TURN], sc[S_POS] - sc[S_POS + 1])
