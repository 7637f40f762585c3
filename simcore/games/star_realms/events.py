"""Event log writer: a row per event with the state after it (only when logging is on)."""
from simcore.event_log import log_row

from .jit import hot
from .layout import L_A, L_AUTH, L_B, L_C, L_COMBAT, L_EVENT, L_PLAYER, L_TRADE, L_TURN, S_AUTH, S_COMBAT, S_LOG_LOST, \
    S_LOG_N, S_TRADE, S_TURN


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
    log[n, L_AUTH] = sc[S_AUTH]
    log[n, L_AUTH + 1] = sc[S_AUTH + 1]
    log[n, L_TRADE] = sc[S_TRADE]
    log[n, L_COMBAT] = sc[S_COMBAT]
