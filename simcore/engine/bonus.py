"""System Bonus Phase: the uncovered card of each System pays the Bonuses its Crew earn."""
from simcore.tables import BONUS_PER_CREW, C_BONUS

from .effects import run_segment
from .events import log_event
from .jit import hot
from .layout import EV_BONUS, N_SYSTEMS, PH_BONUS, S_MOVED, S_WINNER
from .rules import active_type, crew_with_expertise


@hot
def bonus_phase(cards, eff, piles, cnt, sc, strat, log, p):
    for s in range(N_SYSTEMS):
        sc[S_MOVED + s] = 0
    for s in range(N_SYSTEMS):
        # a card revealed by moving a System card in this phase earns nothing
        if sc[S_MOVED + s] & (1 << p):
            continue
        t = active_type(piles, cnt, sc, p, s)
        if t < 0:
            continue
        for e in range(3):
            col = C_BONUS + 3 * e
            if cards[t, col + 1] == 0:
                continue
            n = crew_with_expertise(cards, piles, cnt, p, s, e)
            if n == 0:
                continue
            times = n if cards[t, col + 2] == BONUS_PER_CREW else 1
            for _ in range(times):
                log_event(log, sc, p, EV_BONUS, t, e, s)
                run_segment(cards, eff, piles, cnt, sc, strat, log, p, s, cards[t, col], cards[t, col + 1],
                            PH_BONUS)
                if sc[S_WINNER] >= 0:
                    return
            if sc[S_MOVED + s] & (1 << p):
                break
