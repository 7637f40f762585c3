"""Card Phase: every card in hand is played or discarded for 2 Credits."""
from .opcodes import Op
from .tables import C_COVER, C_KIND, C_MAIN, C_POWER, C_SYSTEM, KIND_CREW, KIND_SYSTEM

from .bound_checks import count_play
from .effects import discard_pile_for, run_segment
from .events import log_event
from .jit import hot, hot_inlined
from .layout import (CREW, CREW_DISC, DISCARD_CREDITS, EV_CLEAR_CREW, EV_DISCARD, EV_PLAY_CREW, EV_PLAY_SYSTEM,
                     HAND, MAX_CREW_PER_SYSTEM, N_SYSTEMS, PH_CARD, S_ANYPOWER, S_CARD_COUNTS, S_FREE_PLAYS, S_PENDING_COPY,
                     S_PENDING_SYS, S_POWER, S_WINNER, STACK, S_CUR_CARD)
from .piles import move_all, push, remove_at
from .primitives import gain_credits, most_power_system
from .queries import can_play_system, main_has_op, pile, total_crew
from simcore.play_counts import PLAYED, count_card
from .players.policy import A_CLEAR_CREW, A_PLAY_CREW, A_PLAY_SYSTEM, card_action, free_play_card

# Card Phase actions, at most: a card whose Ability draws it back (a lone Holodeck or Ship's A.I.
# with empty decks: the draw reshuffles it from play) would otherwise be replayed for ever
MAX_CARD_ACTIONS = 256


@hot
def pay_power(cards, sc, p, t, s, free):
    """Pay t's Power cost: from its System, or from any Systems (fullest first) for a Super
    Computer card. Returns the Power paid."""
    if free:
        return 0
    cost = cards[t, C_POWER]
    if sc[S_ANYPOWER + p] == t:
        sc[S_ANYPOWER + p] = -1
        left = cost
        while left > 0:
            k = most_power_system(sc, p)
            take = min(left, sc[S_POWER + 3 * p + k])
            sc[S_POWER + 3 * p + k] -= take
            left -= take
        return cost
    sc[S_POWER + 3 * p + s] -= cost
    return cost


@hot
def play_system(cards, eff, piles, cnt, sc, strat, log, p, t, free):
    """Put System card t (already out of the hand) on top of its stack and resolve it."""
    s = cards[t, C_SYSTEM]
    paid = pay_power(cards, sc, p, t, s, free)
    covering = cnt[pile(p, STACK + s)] > 0
    push(piles, cnt, pile(p, STACK + s), t)
    sc[S_CUR_CARD] = t
    log_event(log, sc, p, EV_PLAY_SYSTEM, t, s, paid)
    count_card(sc, S_CARD_COUNTS, PLAYED, p, t)
    count_play(sc, log)    # past the bound the game is over: run_segment runs nothing
    run_segment(cards, eff, piles, cnt, sc, strat, log, p, s, cards[t, C_MAIN], cards[t, C_MAIN + 1], PH_CARD)
    # a Corsair performs the main Ability of the card it copies, and its covering Ability when the
    # Corsair covers a card; a copy of a Corsair that copies nothing has no Ability to perform (it
    # would be to copy again)
    u = t
    if sc[S_PENDING_COPY] >= 0:
        u = sc[S_PENDING_COPY]
        sc[S_PENDING_COPY] = -1
        if not main_has_op(cards, eff, u, Op.COPY):
            run_segment(cards, eff, piles, cnt, sc, strat, log, p, sc[S_PENDING_SYS], cards[u, C_MAIN],
                        cards[u, C_MAIN + 1], PH_CARD)
    if covering and cards[u, C_COVER + 1] > 0:
        run_segment(cards, eff, piles, cnt, sc, strat, log, p, s, cards[u, C_COVER], cards[u, C_COVER + 1],
                    PH_CARD)


@hot
def play_crew(cards, eff, piles, cnt, sc, strat, log, p, t, s):
    push(piles, cnt, pile(p, CREW + s), t)
    sc[S_CUR_CARD] = t
    log_event(log, sc, p, EV_PLAY_CREW, t, s, 0)
    count_card(sc, S_CARD_COUNTS, PLAYED, p, t)
    count_play(sc, log)
    run_segment(cards, eff, piles, cnt, sc, strat, log, p, s, cards[t, C_MAIN], cards[t, C_MAIN + 1], PH_CARD)


@hot
def free_plays(cards, eff, piles, cnt, sc, strat, log, p):
    """Ship's A.I.: "play another System card from your hand with no Power cost"."""
    h = pile(p, HAND)
    while sc[S_FREE_PLAYS] > 0 and sc[S_WINNER] < 0:
        sc[S_FREE_PLAYS] -= 1
        j = free_play_card(cards, piles, cnt, sc, strat, p)
        if j >= 0:
            u = remove_at(piles, cnt, h, j)
            play_system(cards, eff, piles, cnt, sc, strat, log, p, u, True)


@hot
def discard_for_credits(cards, piles, cnt, sc, log, p, i):
    h = pile(p, HAND)
    t = remove_at(piles, cnt, h, i)
    if sc[S_ANYPOWER + p] == t:
        sc[S_ANYPOWER + p] = -1
    push(piles, cnt, discard_pile_for(cards, p, t), t)
    gain_credits(sc, p, DISCARD_CREDITS)
    log_event(log, sc, p, EV_DISCARD, t, 0, 0)


@hot_inlined
def card_step(cards, eff, piles, cnt, sc, strat, log, p, i, kind, s):
    """Perform Card Phase action (hand index i, A_* kind, system s), or discard card i when the
    action is not legal; then any free plays it gave. (The search player's loop performs its
    chosen actions through this, as ``card_phase`` does.)"""
    h = pile(p, HAND)
    t = piles[h, i]
    if kind == A_PLAY_SYSTEM and cards[t, C_KIND] == KIND_SYSTEM \
            and can_play_system(cards, piles, cnt, sc, p, t, False):
        remove_at(piles, cnt, h, i)
        play_system(cards, eff, piles, cnt, sc, strat, log, p, t, False)
    elif kind == A_PLAY_CREW and cards[t, C_KIND] == KIND_CREW and 0 <= s < N_SYSTEMS \
            and cnt[pile(p, CREW + s)] < MAX_CREW_PER_SYSTEM:
        remove_at(piles, cnt, h, i)
        play_crew(cards, eff, piles, cnt, sc, strat, log, p, t, s)
    elif kind == A_CLEAR_CREW and total_crew(cnt, p) == N_SYSTEMS * MAX_CREW_PER_SYSTEM:
        for k in range(N_SYSTEMS):
            move_all(piles, cnt, pile(p, CREW + k), pile(p, CREW_DISC))
        log_event(log, sc, p, EV_CLEAR_CREW, 0, 0, 0)
    else:
        discard_for_credits(cards, piles, cnt, sc, log, p, i)
    free_plays(cards, eff, piles, cnt, sc, strat, log, p)


@hot_inlined
def card_phase_end(sc, p):
    # a Super Computer card may use Power from any System only in this Card Phase: if it left the
    # hand without paying (played free by Ship's A.I., Scrapped), the mark must not pass to a later
    # copy of its type
    sc[S_ANYPOWER + p] = -1


@hot_inlined
def card_phase(cards, eff, piles, cnt, sc, strat, log, p):
    card_phase_from(cards, eff, piles, cnt, sc, strat, log, p, 0)


@hot
def card_phase_from(cards, eff, piles, cnt, sc, strat, log, p, actions):
    """The rest of a Card Phase that has taken ``actions`` actions (0: the whole phase)."""
    h = pile(p, HAND)
    while cnt[h] > 0 and sc[S_WINNER] < 0:
        actions += 1
        if actions > MAX_CARD_ACTIONS:
            # "If ever you cannot play a card (or choose not to), you may Discard it": the loop ends
            discard_for_credits(cards, piles, cnt, sc, log, p, cnt[h] - 1)
            continue
        i, kind, s = card_action(cards, eff, piles, cnt, sc, strat, p)
        card_step(cards, eff, piles, cnt, sc, strat, log, p, i, kind, s)
    card_phase_end(sc, p)
