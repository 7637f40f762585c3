"""The counting of The Last Command's engine bounds (``bounds``), jitted. The same code counts for the
player, the Solo A.I., a search's rollouts and the scenario harness: every card reaches play through
``cardplay.play_system`` or ``play_crew``, every effect row through ``effects.run_row``."""
from simcore.bounds import EFFECTS_PER_PLAY, PLAYS_PER_TURN, TURN_CAP

from .events import log_event
from .jit import hot, hot_outlined
from .layout import (EV_BOUND, EV_DRAW_GAME, S_BOUND, S_EFFECTS, S_MAX_EFFECTS, S_MAX_PLAYS, S_PLAYS, S_PLAYS_TURN,
                     S_TURN, S_WINNER)

WINNER_DRAW = 2


@hot_outlined   # once a game, at most
def hit_bound(sc, log, bound, limit):
    """A count passed its bound: the game is a draw (the first bound hit is the one recorded)."""
    if sc[S_WINNER] < 0:
        sc[S_WINNER] = WINNER_DRAW
        sc[S_BOUND] = bound
        log_event(log, sc, -1, EV_BOUND, bound, limit, 0)


@hot
def reach_turn_cap(sc, log):
    """The game is still running after its last player-turn: a draw at the turn cap."""
    sc[S_WINNER] = WINNER_DRAW
    sc[S_BOUND] = TURN_CAP
    log_event(log, sc, -1, EV_DRAW_GAME, 0, 0, 0)


@hot
def count_play(sc, log):
    """A card goes into play: one more play this player-turn, and its effects counted from 0. The count is
    kept with the turn it belongs to, so no turn loop (the game's, a search's, a rollout's) resets it."""
    if sc[S_PLAYS_TURN] != sc[S_TURN]:
        sc[S_PLAYS_TURN] = sc[S_TURN]
        sc[S_PLAYS] = 0
    sc[S_PLAYS] += 1
    sc[S_EFFECTS] = 0
    if sc[S_PLAYS] > sc[S_MAX_PLAYS]:
        hit_bound(sc, log, PLAYS_PER_TURN, sc[S_MAX_PLAYS])


@hot
def count_effects(sc, log, n):
    """A segment of n effect rows of the current play begins; False when they pass the bound (the segment is
    not run). Counted per segment, not per row: one check where most segments are a row or two (per row,
    the count cost Star Realms 5% of its games/s)."""
    sc[S_EFFECTS] += n
    if sc[S_EFFECTS] > sc[S_MAX_EFFECTS]:
        hit_bound(sc, log, EFFECTS_PER_PLAY, sc[S_MAX_EFFECTS])
        return False
    return True
