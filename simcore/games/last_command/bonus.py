"""System Bonus Phase: the uncovered card of each System pays the Bonuses its Crew earn.

"If you have Crew with matching Expertise in the System, then the Bonus must be earned";
"All Bonuses can be claimed in any order you wish"; "System Bonus Abilities can only be
triggered once per System, per turn"; "If a System card is moved during this phase, do not gain
any Bonuses on revealed System cards"; "you may use the moved Crewmember to trigger Bonuses in
more than one System". So every Bonus due is claimed once, in the order the policy picks, and
what is due is looked at again after each claim (a claim may move Crew or System cards).
"""
from .opcodes import Op
from .tables import BONUS_PER_CREW, C_BONUS, C_BONUS_PLAIN, C_EXPERTISE

from .effects import run_segment
from .events import log_event
from .jit import hot
from .layout import CREW, EV_BONUS, N_SYSTEMS, PH_BONUS, S_BONUS_DONE, S_EFFECTS, S_MOVED, S_WINNER
from .queries import active_type, crew_with_expertise, pile
from .players.policy import effect_rank, pick_bonus


@hot
def bonuses_due(cards, piles, cnt, sc, p):
    """(due, plain): bit 3s + e of ``due`` set: the Bonus of expertise e on System s's uncovered
    card is due and not yet earned in this phase; of ``plain``: that Bonus is plain (table column
    ``C_BONUS_PLAIN``: claiming it changes what else is due in no way)."""
    due = 0
    plain = 0
    for s in range(N_SYSTEMS):
        # a card revealed by moving a System card in this phase earns nothing
        if sc[S_MOVED + s] & (1 << p):
            continue
        # no Crew, no Bonus: looked at first, it is the cheapest test
        k = pile(p, CREW + s)
        if cnt[k] == 0:
            continue
        t = active_type(piles, cnt, sc, p, s)
        if t < 0:
            continue
        # the expertises of the Crew there (bit e), in one pass over them
        crew = 0
        for i in range(cnt[k]):
            x = cards[piles[k, i], C_EXPERTISE]
            if x >= 0:
                crew |= 1 << x
        for e in range(3):
            b = 1 << (3 * s + e)
            if crew & (1 << e) and cards[t, C_BONUS + 3 * e + 1] > 0 and not sc[S_BONUS_DONE] & b:
                due |= b
                if cards[t, C_BONUS_PLAIN] & (1 << e):
                    plain |= b
    return due, plain


@hot
def order_matters(cards, eff, piles, cnt, sc, p, due):
    """Whether the order of the Bonuses due can change anything: only when one of them harms its
    player (a self-Damage before a Repair or a winning Damage), spends, or moves cards or Crew
    (which change what the others are worth or whether they are due). Any other Bonuses all run
    whatever the order, to the same end."""
    for b in range(3 * N_SYSTEMS):
        if not due & (1 << b):
            continue
        t = active_type(piles, cnt, sc, p, b // 3)
        col = C_BONUS + 3 * (b % 3)
        for i in range(cards[t, col], cards[t, col] + cards[t, col + 1]):
            op = eff[i, 0]
            r = effect_rank(op)
            if r == 0 or r == 3 or op == Op.MOVE_CREW or op == Op.OPP_DRAW or op == Op.CHOICE:
                return True
    return False


@hot
def claim(cards, eff, piles, cnt, sc, strat, log, p, s, e):
    """Earn the Bonus of expertise e in System s: once, or once per matching Crew (stacked icons)."""
    t = active_type(piles, cnt, sc, p, s)
    col = C_BONUS + 3 * e
    times = crew_with_expertise(cards, piles, cnt, p, s, e) if cards[t, col + 2] == BONUS_PER_CREW else 1
    for _ in range(times):
        log_event(log, sc, p, EV_BONUS, t, e, s)
        sc[S_EFFECTS] = 0   # a Bonus's effects are counted as a play's (bounds.MAX_EFFECTS_PER_PLAY)
        run_segment(cards, eff, piles, cnt, sc, strat, log, p, s, cards[t, col], cards[t, col + 1], PH_BONUS)
        if sc[S_WINNER] >= 0 or sc[S_MOVED + s] & (1 << p):
            return


@hot
def bonus_phase(cards, eff, piles, cnt, sc, strat, log, p):
    for s in range(N_SYSTEMS):
        sc[S_MOVED + s] = 0
    sc[S_BONUS_DONE] = 0
    due = 0
    plain = 0
    stale = True
    for _ in range(3 * N_SYSTEMS):
        # after a plain Bonus, what is due is what was due but it: no need to look again
        if stale:
            due, plain = bonuses_due(cards, piles, cnt, sc, p)
        if due == 0 or sc[S_WINNER] >= 0:
            break
        # plain Bonuses only: their order changes nothing (``order_matters`` would say so)
        if due & (due - 1) and due & ~plain and order_matters(cards, eff, piles, cnt, sc, p, due):
            b = pick_bonus(cards, eff, piles, cnt, sc, strat, p, due)
        else:   # one Bonus due, or an order that changes nothing: the first
            b = 0
            while not due & (1 << b):
                b += 1
        sc[S_BONUS_DONE] |= 1 << b
        claim(cards, eff, piles, cnt, sc, strat, log, p, b // 3, b % 3)
        stale = not plain & (1 << b)
        due &= ~(1 << b)
    sc[S_BONUS_DONE] = 0
