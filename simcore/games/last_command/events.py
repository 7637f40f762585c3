"""Event log writer: a row per event with the state after it (only when logging is on)."""
from simcore.event_log import log_row

from .jit import hot
from .layout import (L_A, L_B, L_C, L_CREDITS, L_EVENT, L_HULL, L_PLAYER, L_POWER, L_TURN, S_CREDITS, S_HULL,
                     S_LOG_LOST, S_LOG_N, S_POWER, S_TURN)


@hot
def log_event(log, sc, p, ev, a, b, c):
    n = log_row(log, sc, S_LOG_N, S_LOG_LOST)
    if n < 0:
        return
    log[n, L_TURN] = sc[S_TURN]
    log[n, L_PLAYER] = p
    log[n, L_EVENT] = ev
    log[n, L_A] = a
    log[n, L_B] = b
    log[n, L_C] = c
    for q in range(2):
        log[n, L_HULL + q] = sc[S_HULL + q]
        log[n, L_CREDITS + q] = sc[S_CREDITS + q]
        for s in range(3):
            log[n, L_POWER + 3 * q + s] = sc[S_POWER + 3 * q + s]
