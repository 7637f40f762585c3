"""The event log every game's engine keeps when a game is replayed: int32 rows, one per event, with the state
the game chooses to record. A batch passes a one-row log (nothing is kept); a replay a long one, whose
overflow is counted, not written."""
from .jit import hot


@hot
def log_row(log, sc, n_slot, lost_slot):
    """The row of the next event, reserved (``sc[n_slot]`` counts the rows kept), or -1: no log is kept (a
    one-row log) or it is full (``sc[lost_slot]`` counts the events lost)."""
    if log.shape[0] <= 1:
        return -1
    n = sc[n_slot]
    if n >= log.shape[0]:
        sc[lost_slot] += 1
        return -1
    sc[n_slot] = n + 1
    return n


@hot
def keeps_log(log):
    """A log is kept (a replay's): an engine may skip work whose only outcome is an event (a batch's games)."""
    return log.shape[0] > 1
