"""Drawing cards: deck refills from in-play cards and discards, Malfunctions resolved as drawn,
Cloaked-Mines style triggers on draws caused by an Ability."""
from .opcodes import Op
from .tables import (C_KIND, C_MAIN, C_MALF_REPLACE, C_MALF_RETURN, KIND_MALFUNCTION,
                     MALF_RETURN_DISCARD)

from .copies import end_copies
from .events import log_event
from .jit import hot, hot_inlined, hot_outlined
from .layout import (CREW, CREW_DECK, CREW_DISC, EV_DRAW, EV_MALF_DRAWN, EV_RESHUFFLE, HAND, M_MALF, N_SYSTEMS,
                     PH_DRAW, S_CARD_COUNTS, S_MALF_DRAWN, S_MOVED, S_PHASE, S_SOLO_AI, S_WINNER, STACK, SYS_DECK,
                     SYS_DISC)
from .piles import move_all, pop, push, shuffle
from .primitives import apply_simple, deal_damage
from .queries import ongoing_sum, pile
from .players.policy import draw_source
from simcore.play_counts import DRAWN, count_card

MAX_REPLACEMENTS = 32  # replacement draws in one draw, at most


@hot
def refill_deck(piles, cnt, sc, log, p, src):
    """An empty deck: in-play cards of its type go to the discard, which is shuffled into the deck."""
    disc = pile(p, SYS_DISC if src == 0 else CREW_DISC)
    for s in range(N_SYSTEMS):
        if src == 0:
            if cnt[pile(p, STACK + s)] > 0:
                sc[S_MOVED + s] |= 1 << p
            move_all(piles, cnt, pile(p, STACK + s), disc)
            end_copies(sc, pile(p, STACK + s), 0)
        else:
            move_all(piles, cnt, pile(p, CREW + s), disc)
    shuffle(piles, cnt, disc, sc)
    move_all(piles, cnt, disc, pile(p, SYS_DECK if src == 0 else CREW_DECK))
    log_event(log, sc, p, EV_RESHUFFLE, src, 0, 0)


@hot
def refill_ai_deck(piles, cnt, sc, log, p):
    """Solo A.I.: every in-play card and its discard are shuffled into one new Player deck."""
    disc = pile(p, SYS_DISC)
    for s in range(N_SYSTEMS):
        if cnt[pile(p, STACK + s)] > 0:
            sc[S_MOVED + s] |= 1 << p
        move_all(piles, cnt, pile(p, STACK + s), disc)
        end_copies(sc, pile(p, STACK + s), 0)
        move_all(piles, cnt, pile(p, CREW + s), disc)
    move_all(piles, cnt, pile(p, CREW_DISC), disc)
    move_all(piles, cnt, pile(p, CREW_DECK), disc)
    shuffle(piles, cnt, disc, sc)
    move_all(piles, cnt, disc, pile(p, SYS_DECK))
    log_event(log, sc, p, EV_RESHUFFLE, 0, 0, 0)


@hot_outlined
def ai_resolve_malfunction(cards, eff, piles, cnt, sc, strat, log, p, t):
    """The Solo A.I. resolves Malfunction t (out of its deck or hand): its top Ability, then back to
    its one discard or the Malfunction deck. Returns True when it gives a replacement draw."""
    sc[S_MALF_DRAWN + p] += 1
    log_event(log, sc, p, EV_MALF_DRAWN, t, 0, 1)
    start = cards[t, C_MAIN]
    for i in range(start, start + cards[t, C_MAIN + 1]):
        apply_simple(cards, eff, piles, cnt, sc, strat, log, p, -1, eff[i, 0], eff[i, 1], eff[i, 2])
    push(piles, cnt, pile(p, SYS_DISC) if cards[t, C_MALF_RETURN] == MALF_RETURN_DISCARD else M_MALF, t)
    return cards[t, C_MALF_REPLACE] == 1


@hot_outlined
def ai_draw(cards, eff, piles, cnt, sc, log, p, by_ability):
    """Solo A.I. draws from its one Player deck into its hand, a Malfunction too: one drawn in its
    Draw step waits there for its next turn ("Malfunctions are resolved at the beginning of their
    next turn"); any other draw is ``ai_draw_resolving``'s."""
    deck = pile(p, SYS_DECK)
    if cnt[deck] == 0:
        refill_ai_deck(piles, cnt, sc, log, p)
        if cnt[deck] == 0:
            return -1
    t = pop(piles, cnt, deck)
    log_event(log, sc, p, EV_DRAW, t, 0, 1 if by_ability else 0)
    count_card(sc, S_CARD_COUNTS, DRAWN, p, t)
    if by_ability:
        mines_trigger(cards, eff, piles, cnt, sc, log, p, cards[t, C_KIND] == KIND_MALFUNCTION)
    push(piles, cnt, pile(p, HAND), t)
    return t


@hot_outlined
def ai_draw_resolving(cards, eff, piles, cnt, sc, strat, log, p, by_ability):
    """Solo A.I. draws outside its Draw step (by an Ability, its own or the player's): a Malfunction
    resolves as drawn and gives its replacement draw. Returns the type kept in hand, or -1."""
    h = pile(p, HAND)
    for _ in range(MAX_REPLACEMENTS):   # a deck of nothing but Malfunctions must not loop for ever
        t = ai_draw(cards, eff, piles, cnt, sc, log, p, by_ability)
        if t < 0 or cards[t, C_KIND] != KIND_MALFUNCTION or sc[S_WINNER] >= 0:
            return t
        pop(piles, cnt, h)   # the Malfunction just drawn, on top of the hand
        if not ai_resolve_malfunction(cards, eff, piles, cnt, sc, strat, log, p, t):
            return -1
        by_ability = False
    return -1


@hot
def mines_trigger(cards, eff, piles, cnt, sc, log, p, is_malf):
    """p drew a card because of an Ability: the opponent's uncovered mines hurt p."""
    q = 1 - p
    hurt = ongoing_sum(cards, eff, piles, cnt, sc, q, Op.MINES, 1)
    if is_malf:
        hurt += ongoing_sum(cards, eff, piles, cnt, sc, q, Op.MINES, 2)
    if hurt > 0:
        deal_damage(cards, eff, piles, cnt, sc, log, p, hurt, True)


@hot
def deck_ready(piles, cnt, sc, log, p, src):
    """Make deck ``src`` drawable (refilling it if empty); False if there is nothing to draw."""
    k = pile(p, SYS_DECK if src == 0 else CREW_DECK)
    if cnt[k] == 0:
        refill_deck(piles, cnt, sc, log, p, src)
    return cnt[k] > 0


@hot_inlined
def draw_from(cards, eff, piles, cnt, sc, strat, log, p, src, by_ability):
    """p draws one card from deck ``src`` (0 System, 1 Crew); if empty, from the other.

    Malfunctions resolve as drawn (and may give replacement draws). Returns the type put
    into the hand, or -1 if none. Inlined into the Draw Phase, which makes most draws; every
    other draw calls ``draw_card`` (inlining it at every site made the compile minutes long)."""
    if p == sc[S_SOLO_AI]:
        return ai_draw(cards, eff, piles, cnt, sc, log, p, by_ability)
    remaining = 1
    guard = 0  # a deck of nothing but Malfunctions must not loop for ever
    while remaining > 0 and sc[S_WINNER] < 0 and guard < MAX_REPLACEMENTS:
        remaining -= 1
        guard += 1
        if not deck_ready(piles, cnt, sc, log, p, src):
            src = 1 - src
            if not deck_ready(piles, cnt, sc, log, p, src):
                return -1
        deck = pile(p, SYS_DECK if src == 0 else CREW_DECK)
        t = pop(piles, cnt, deck)
        log_event(log, sc, p, EV_DRAW, t, src, 1 if by_ability else 0)
        count_card(sc, S_CARD_COUNTS, DRAWN, p, t)
        is_malf = cards[t, C_KIND] == KIND_MALFUNCTION
        if by_ability:
            mines_trigger(cards, eff, piles, cnt, sc, log, p, is_malf)
        if not is_malf:
            push(piles, cnt, pile(p, HAND), t)
            return t
        sc[S_MALF_DRAWN + p] += 1
        log_event(log, sc, p, EV_MALF_DRAWN, t, src, 0)
        start = cards[t, C_MAIN]
        for i in range(start, start + cards[t, C_MAIN + 1]):
            apply_simple(cards, eff, piles, cnt, sc, strat, log, p, -1, eff[i, 0], eff[i, 1], eff[i, 2])
        if cards[t, C_MALF_RETURN] == MALF_RETURN_DISCARD:
            push(piles, cnt, pile(p, SYS_DISC if src == 0 else CREW_DISC), t)
        else:
            push(piles, cnt, M_MALF, t)
        if cards[t, C_MALF_REPLACE] == 1:
            remaining += 1
            by_ability = False
            src = draw_source(cards, piles, cnt, sc, strat, p)
    return -1


@hot_outlined
def draw_card(cards, eff, piles, cnt, sc, strat, log, p, src, by_ability):
    # every draw but the Draw Phase's comes here, so the Solo A.I.'s Malfunctions resolve as drawn
    # here, not in draw_from, which the Draw Phase inlines: done there (ai_draw given the strategy
    # rows and the resolution), duels ran about 2% slower in games per CPU-second, side by side
    if p == sc[S_SOLO_AI] and sc[S_PHASE] != PH_DRAW:
        return ai_draw_resolving(cards, eff, piles, cnt, sc, strat, log, p, by_ability)
    return draw_from(cards, eff, piles, cnt, sc, strat, log, p, src, by_ability)


@hot_inlined
def draw_chosen(cards, eff, piles, cnt, sc, strat, log, p, by_ability):
    """p draws one card from the deck its policy chooses."""
    src = draw_source(cards, piles, cnt, sc, strat, p)
    return draw_card(cards, eff, piles, cnt, sc, strat, log, p, src, by_ability)
