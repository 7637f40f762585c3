"""Solo Mode: the rulebook's automated opponent's setup and turn.

The A.I. keeps one Player deck (its System deck pile) and one discard (its System and Crew
discard piles together: they are only ever shuffled back as one), draws 4, keeps the Malfunctions
it draws in its Draw step until the start of its next turn (any other it resolves as drawn), and
buys blind from its own Market deck."""
from .opcodes import Req
from .tables import (C_EXPERTISE, C_KIND, C_POWER, C_REQ, C_REQ_ARG, C_SYSTEM, KIND_CREW,
                     KIND_MALFUNCTION, KIND_SYSTEM)

from .cardplay import discard_for_credits, free_plays, play_crew, play_system
from .draw import ai_resolve_malfunction, draw_card
from .events import log_event
from .jit import hot_outlined
from .layout import (CREW, CREW_DISC, EV_BUY, EV_CLEAR_CREW, HAND, M_AI_MARKET, M_CREW, M_SYS_DECK,
                     MAX_CREW_PER_SYSTEM, MAX_POWER, N_SYSTEMS, S_ANYPOWER, S_BOUGHT, S_CREDITS, S_CUR_CARD,
                     S_FREE_PLAYS, S_POWER, S_WINNER, STACK, SYS_DECK, SYS_DISC)
from .piles import move_all, pop, push, remove_at, shuffle
from .queries import can_play_system, crew_count, crew_with_expertise, has_crew_space, pile, total_crew, total_power
from .players.solo_ai import beneficial, bonus_worth, counts_crew, crew_power, crew_system

# Engineering, Comms, Tactical cards in the A.I.'s Market deck: "5 Tactical cards, 4 Comms cards,
# 3 Engineering cards" (was (3, 2, 5): 16 cards instead of the rulebook's 18)
AI_MARKET_TAKE = (3, 4, 5)
AI_MARKET_CREW = 2           # Crew of each expertise
AI_BUY_PRICE = 3             # Credits per card taken from its Market deck
MAX_AI_ACTIONS = 256


@hot_outlined
def setup_ai(piles, cnt, sc, p, cards_moved):
    """After a normal setup: the A.I.'s two decks become one, and its Market deck is built from
    the Market decks, shuffled, and the difficulty's cards go to its discard."""
    move_all(piles, cnt, pile(p, 1), pile(p, SYS_DECK))  # its Crew deck joins the Player deck
    shuffle(piles, cnt, pile(p, SYS_DECK), sc)
    for s in range(N_SYSTEMS):
        for _ in range(AI_MARKET_TAKE[s]):
            if cnt[M_SYS_DECK + s] > 0:
                push(piles, cnt, M_AI_MARKET, pop(piles, cnt, M_SYS_DECK + s))
    for e in range(3):
        for _ in range(AI_MARKET_CREW):
            if cnt[M_CREW + e] > 0:
                push(piles, cnt, M_AI_MARKET, pop(piles, cnt, M_CREW + e))
    shuffle(piles, cnt, M_AI_MARKET, sc)
    for _ in range(cards_moved):
        if cnt[M_AI_MARKET] > 0:
            push(piles, cnt, pile(p, SYS_DISC), pop(piles, cnt, M_AI_MARKET))


@hot_outlined
def resolve_held_malfunctions(cards, eff, piles, cnt, sc, strat, log, p):
    """Start of the A.I.'s turn: the Malfunctions it drew in its Draw step resolve now, in order
    (a replacement drawn now is no Draw step's: a Malfunction among them resolves as drawn)."""
    h = pile(p, HAND)
    guard = 0
    i = 0
    while i < cnt[h] and sc[S_WINNER] < 0 and guard < MAX_AI_ACTIONS:
        guard += 1
        t = piles[h, i]
        if cards[t, C_KIND] != KIND_MALFUNCTION:
            i += 1
            continue
        remove_at(piles, cnt, h, i)
        if ai_resolve_malfunction(cards, eff, piles, cnt, sc, strat, log, p, t):
            draw_card(cards, eff, piles, cnt, sc, strat, log, p, 0, False)


@hot_outlined
def playable_with_crew(cards, eff, piles, cnt, sc, p, t, u):
    """System card t (in hand, not playable now) could be played once Crew card u is played into
    its System: u's Power pays the cost and u meets its requirement. (A Crew card only "provides
    enough Power": before this check any Crew card qualified whenever t lacked no Power at all,
    e.g. a Zero Point Laser with nothing to cover, and was dumped into that System in vain.)"""
    s = cards[t, C_SYSTEM]
    here = min(MAX_POWER, sc[S_POWER + 3 * p + s] + crew_power(cards, eff, u))
    if sc[S_ANYPOWER + p] == t:   # a Super Computer card pays from all Systems
        here += total_power(sc, p) - sc[S_POWER + 3 * p + s]
    if here < cards[t, C_POWER]:
        return False
    r = cards[t, C_REQ]
    if r == Req.CREW_IN_SYSTEM:
        return crew_count(cnt, p, s) + 1 >= cards[t, C_REQ_ARG]
    if r == Req.COVERING:
        return cnt[pile(p, STACK + s)] > 0
    if r == Req.EXPERTISE_IN_SYSTEM:
        return crew_with_expertise(cards, piles, cnt, p, s, cards[t, C_REQ_ARG]) > 0 \
            or cards[u, C_EXPERTISE] == cards[t, C_REQ_ARG]
    return True


@hot_outlined
def powering_crew(cards, eff, piles, cnt, sc, strat, p, t):
    """Hand index of a Crew card whose playing in System card t's System makes t playable,
    preferring one whose expertise earns a Bonus on t; -1 if none."""
    h = pile(p, HAND)
    s = cards[t, C_SYSTEM]
    if cnt[pile(p, CREW + s)] >= MAX_CREW_PER_SYSTEM:
        return -1
    best = -1
    best_match = False
    for i in range(cnt[h]):
        u = piles[h, i]
        if cards[u, C_KIND] != KIND_CREW or not playable_with_crew(cards, eff, piles, cnt, sc, p, t, u):
            continue
        # a Bonus that hurts the A.I. (the Engineer's self-Damage on a Tri Laser) is none to pair:
        # the match is a Bonus worth something under its weights (was: any Bonus, harmful ones too)
        e = cards[u, C_EXPERTISE]
        match = bonus_worth(cards, eff, strat, p, t, e) > 0
        if best < 0 or (match and not best_match):
            best = i
            best_match = match
    return best


@hot_outlined
def first_of_kind(cards, piles, cnt, p, kind):
    h = pile(p, HAND)
    for i in range(cnt[h]):
        if cards[piles[h, i], C_KIND] == kind:
            return i
    return -1


@hot_outlined
def first_unbeneficial_system(cards, eff, piles, cnt, strat, p):
    """Hand index of a System card whose Ability is not beneficial to the A.I. (-1 none)."""
    h = pile(p, HAND)
    for i in range(cnt[h]):
        t = piles[h, i]
        if cards[t, C_KIND] == KIND_SYSTEM and not beneficial(cards, eff, piles, cnt, strat, p, t):
            return i
    return -1


@hot_outlined
def first_playable_system(cards, eff, piles, cnt, sc, p, crew_waits):
    """Hand index of the first System card the A.I. can play now; while Crew cards wait to be
    played, not one whose Ability counts Crew ("benefit from Crew being played first")."""
    h = pile(p, HAND)
    for i in range(cnt[h]):
        t = piles[h, i]
        if can_play_system(cards, piles, cnt, sc, p, t, False) and not (crew_waits and counts_crew(cards, eff, t)):
            return i
    return -1


@hot_outlined
def first_unplayable_system(cards, piles, cnt, sc, p):
    """Hand index of the first System card the A.I. cannot play now (-1 none)."""
    h = pile(p, HAND)
    for i in range(cnt[h]):
        t = piles[h, i]
        if cards[t, C_KIND] == KIND_SYSTEM and not can_play_system(cards, piles, cnt, sc, p, t, False):
            return i
    return -1


@hot_outlined
def next_crew(cards, eff, piles, cnt, p):
    """Hand index of the Crew card the A.I. plays next: the first whose Ability does not count
    Crew, so that one counting them (Boarding Party, Repair Teams) comes after the others; -1 none."""
    h = pile(p, HAND)
    first = -1
    for i in range(cnt[h]):
        t = piles[h, i]
        if cards[t, C_KIND] != KIND_CREW:
            continue
        if not counts_crew(cards, eff, t):
            return i
        if first < 0:
            first = i
    return first


@hot_outlined
def ai_card_phase(cards, eff, piles, cnt, sc, strat, log, p):
    ai_card_actions(cards, eff, piles, cnt, sc, strat, log, p)
    # "There cannot be any cards left in your hand by the end of the Card Phase": when the action
    # cap was hit (a lone Dexeer Chrysalis drawing itself back out of play for ever), what is left
    # is discarded for 2 Credits, as card_phase does (it was left in hand); held Malfunctions stay
    h = pile(p, HAND)
    i = 0
    while i < cnt[h] and sc[S_WINNER] < 0:
        if cards[piles[h, i], C_KIND] == KIND_MALFUNCTION:
            i += 1
        else:
            discard_for_credits(cards, piles, cnt, sc, log, p, i)
    sc[S_FREE_PLAYS] = 0   # a free play with no card to play lapses: it never passes to the player
    # as card_phase: a Super Computer card's "Power from any System" lasts this Card Phase only
    sc[S_ANYPOWER + p] = -1


@hot_outlined
def ai_card_actions(cards, eff, piles, cnt, sc, strat, log, p):
    h = pile(p, HAND)
    for _ in range(MAX_AI_ACTIONS):
        if sc[S_WINNER] >= 0:
            return
        # 0. "If ... the card Ability is not beneficial, Discard it and add 2 Credits"
        i = first_unbeneficial_system(cards, eff, piles, cnt, strat, p)
        if i >= 0:
            discard_for_credits(cards, piles, cnt, sc, log, p, i)
            continue
        # 1. System cards: "Play any System cards that can be played" first (one may give the Power
        # another needs: before, the first System card in hand was discarded if it could not be
        # paid, even when a Reactor later in hand would have paid for it); one whose Ability counts
        # Crew waits for the Crew cards (the Ability Guide), which can only add Power and Crew ...
        crew_waits = first_of_kind(cards, piles, cnt, p, KIND_CREW) >= 0 and has_crew_space(cnt, p)
        i = first_playable_system(cards, eff, piles, cnt, sc, p, crew_waits)
        if i >= 0:
            t = remove_at(piles, cnt, h, i)
            sc[S_CUR_CARD] = t
            play_system(cards, eff, piles, cnt, sc, strat, log, p, t, False)
            free_plays(cards, eff, piles, cnt, sc, strat, log, p)
            continue
        # ... then one that cannot: a Crew card that makes it playable, or it is discarded
        i = first_unplayable_system(cards, piles, cnt, sc, p)
        if i >= 0:
            t = piles[h, i]
            j = powering_crew(cards, eff, piles, cnt, sc, strat, p, t)
            if j >= 0:
                u = remove_at(piles, cnt, h, j)
                sc[S_CUR_CARD] = u
                play_crew(cards, eff, piles, cnt, sc, strat, log, p, u, cards[t, C_SYSTEM])
                continue  # the System card is looked at again, now with the Power
            discard_for_credits(cards, piles, cnt, sc, log, p, i)
            continue
        # 2. Crew cards, by the hierarchy, those whose Ability counts Crew last; with 9 Crew in
        # play they are cleared first
        i = next_crew(cards, eff, piles, cnt, p)
        if i < 0:
            return  # only Malfunctions are left: they wait for the next turn
        t = piles[h, i]
        s = crew_system(cards, eff, piles, cnt, sc, strat, p, t)
        if s < 0 and total_crew(cnt, p) == N_SYSTEMS * MAX_CREW_PER_SYSTEM:
            for k in range(N_SYSTEMS):
                move_all(piles, cnt, pile(p, CREW + k), pile(p, CREW_DISC))
            log_event(log, sc, p, EV_CLEAR_CREW, 0, 0, 0)
            s = crew_system(cards, eff, piles, cnt, sc, strat, p, t)
        if s < 0:
            discard_for_credits(cards, piles, cnt, sc, log, p, i)
            continue
        remove_at(piles, cnt, h, i)
        sc[S_CUR_CARD] = t
        play_crew(cards, eff, piles, cnt, sc, strat, log, p, t, s)


@hot_outlined
def ai_market_phase(cards, piles, cnt, sc, log, bought, p):
    """For every 3 Credits, the top card of the A.I.'s Market deck goes to its discard."""
    while sc[S_CREDITS + p] >= AI_BUY_PRICE and cnt[M_AI_MARKET] > 0:
        sc[S_CREDITS + p] -= AI_BUY_PRICE
        t = pop(piles, cnt, M_AI_MARKET)
        push(piles, cnt, pile(p, SYS_DISC), t)
        bought[p, t] += 1
        sc[S_BOUGHT + p] += 1
        log_event(log, sc, p, EV_BUY, t, AI_BUY_PRICE, 0)
