"""The counting of Star Realms' engine bounds (``bounds``), jitted: every card is played through
``rules.put_into_play`` and every effect row runs in ``effects.run_segment``, for heuristic and search
players, rollouts and the scenario harness alike."""
from simcore.bounds import EFFECTS_PER_PLAY, PLAYS_PER_TURN, TURN_CAP

from .events import log_event
from .jit import hot, hot_outlined
from .layout import CFG_MAX_EFFECTS, CFG_MAX_PLAYS, EV_BOUND, S_BOUND, S_EFFECTS, S_PLAYS, S_WINNER

WINNER_DRAW = 2
PAST_EVERY_BOUND = 1 << 40


@hot_outlined   # once a game, at most
def hit_bound(sc, log, p, bound, limit):
    """A count passed its bound: the game is a draw (the first bound hit is the one recorded), and no effect row
    runs after it (the count of the play is left past every bound: ``count_effects`` refuses each)."""
    if sc[S_WINNER] < 0:
        sc[S_WINNER] = WINNER_DRAW
        sc[S_BOUND] = bound
        log_event(log, sc, p, EV_BOUND, bound, limit, 0)
    sc[S_EFFECTS] = PAST_EVERY_BOUND


@hot
def reach_turn_cap(sc):
    """The game is still running after its last side-turn: a draw at the turn cap."""
    sc[S_WINNER] = WINNER_DRAW
    sc[S_BOUND] = TURN_CAP


@hot
def count_play(cfg, sc, log, p):
    """p plays a card: one more play this turn, and its effects counted from 0."""
    sc[S_PLAYS] += 1
    sc[S_EFFECTS] = 0
    if sc[S_PLAYS] > cfg[CFG_MAX_PLAYS]:
        hit_bound(sc, log, p, PLAYS_PER_TURN, cfg[CFG_MAX_PLAYS])


@hot
def count_effects(cfg, sc, log, p, n):
    """A segment of n effect rows of the current play begins; False when they pass the bound (the segment is
    not run). Counted per segment, not per row: counted per row, the bound cost 5% of the games/s."""
    sc[S_EFFECTS] += n
    if sc[S_EFFECTS] > cfg[CFG_MAX_EFFECTS]:
        hit_bound(sc, log, p, EFFECTS_PER_PLAY, cfg[CFG_MAX_EFFECTS])
        return False
    return True


@hot
def end_bound(sc):
    """The game-over event's b: the engine bound that ended the game, else 0 (the turn cap's draw too, as
    recorded replays have it)."""
    return sc[S_BOUND] if sc[S_BOUND] != TURN_CAP else 0
