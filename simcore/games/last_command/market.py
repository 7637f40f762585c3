"""Market Phase: purchases and set refreshes."""
from .tables import C_CREDIT

from .events import log_event
from .jit import hot, hot_inlined
from .layout import (CREW_DISC, EV_BUY, EV_REFRESH, FACEUP_SLOTS, M_CREW, M_FACEUP, M_SYS_DECK, N_SYSTEMS,
                     REFRESH_COST, S_BOUGHT, S_CREDITS, SCR_COSTS, SYS_DISC)
from .market_piles import take_market_item
from .piles import insert_bottom, pop, push
from .queries import discounts, pile
from .players.policy import M_BUY_SYSTEM, M_REFRESH, M_STOP, market_action

MAX_MARKET_ACTIONS = 40


@hot
def market_costs(cards, piles, cnt, costs, disc):
    """costs[item] for the 9 Market items (-1 when absent), after the ongoing discounts ``disc``
    (System types 0..2, Crew), never below 1."""
    for k in range(9):
        costs[k] = -1
        if k < 6:
            s = k // 2
            if k % 2 < cnt[M_FACEUP + s]:
                costs[k] = max(1, cards[piles[M_FACEUP + s, k % 2], C_CREDIT] - disc[s])
        else:
            e = k - 6
            if cnt[M_CREW + e] > 0:
                costs[k] = max(1, cards[piles[M_CREW + e, cnt[M_CREW + e] - 1], C_CREDIT] - disc[3])


@hot
def refresh_set(piles, cnt, which):
    """Replace a set: the face-up cards go to the bottom of their deck (System) or each Crew
    deck's top card goes to its bottom (Crew)."""
    if which < N_SYSTEMS:
        while cnt[M_FACEUP + which] > 0:
            insert_bottom(piles, cnt, M_SYS_DECK + which, pop(piles, cnt, M_FACEUP + which))
        for _ in range(FACEUP_SLOTS):
            if cnt[M_SYS_DECK + which] > 0:
                push(piles, cnt, M_FACEUP + which, pop(piles, cnt, M_SYS_DECK + which))
    else:
        for e in range(3):
            if cnt[M_CREW + e] > 1:
                insert_bottom(piles, cnt, M_CREW + e, pop(piles, cnt, M_CREW + e))


@hot_inlined
def market_step(piles, cnt, sc, log, bought, p, costs, kind, arg):
    """Perform Market action (M_* kind, arg) at prices ``costs``: 0 when the phase ends (a stop
    or an illegal action), 1 after a purchase, 2 after a refresh. (The search player's loop
    performs its chosen actions through this, as ``market_phase`` does.)"""
    if kind == M_STOP:
        return 0
    if kind == M_REFRESH:
        if sc[S_CREDITS + p] < REFRESH_COST or arg < 0 or arg > 3:
            return 0
        sc[S_CREDITS + p] -= REFRESH_COST
        refresh_set(piles, cnt, arg)
        log_event(log, sc, p, EV_REFRESH, arg, 0, 0)
        return 2
    item = arg if kind == M_BUY_SYSTEM else 6 + arg
    if item < 0 or item > 8 or costs[item] < 0 or costs[item] > sc[S_CREDITS + p]:
        return 0
    sc[S_CREDITS + p] -= costs[item]
    t = take_market_item(piles, cnt, item)
    push(piles, cnt, pile(p, SYS_DISC if item < 6 else CREW_DISC), t)
    bought[p, t] += 1
    sc[S_BOUGHT + p] += 1
    log_event(log, sc, p, EV_BUY, t, costs[item], 0)
    return 1


@hot_inlined
def market_phase(cards, eff, piles, cnt, sc, strat, log, bought, p):
    market_phase_from(cards, eff, piles, cnt, sc, strat, log, bought, p, 0, 0)


@hot
def market_phase_from(cards, eff, piles, cnt, sc, strat, log, bought, p, actions, refreshes):
    """The rest of a Market Phase that has taken ``actions`` actions, ``refreshes`` of them
    refreshes (0, 0: the whole phase)."""
    costs = sc[SCR_COSTS:SCR_COSTS + 9]
    # nothing bought or refreshed changes the cards in play, so the discounts hold all phase
    disc = discounts(cards, eff, piles, cnt, sc, p)
    for _ in range(actions, MAX_MARKET_ACTIONS):
        market_costs(cards, piles, cnt, costs, disc)
        kind, arg = market_action(cards, piles, cnt, sc, strat, p, costs, refreshes)
        done = market_step(piles, cnt, sc, log, bought, p, costs, kind, arg)
        if done == 0:
            break
        if done == 2:
            refreshes += 1
