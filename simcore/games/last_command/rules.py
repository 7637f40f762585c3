"""One whole game: setup, then turns of Card, Market, System Bonus and Draw Phases."""
from .bonus import bonus_phase
from .bound_checks import WINNER_DRAW, reach_turn_cap
from .cardplay import card_phase
from .draw import draw_chosen, draw_from
from .events import log_event
from .jit import hot, hot_inlined
from .layout import (CFG_AI_DISCARDED, CFG_AI_DRAW, CFG_AI_POWER, CFG_SOLO_AI, S_SOLO_AI, CFG_CREDITS, CFG_DRAW_COUNT,
                     CFG_HULL, CFG_INITIAL_DRAW, CFG_MAX_EFFECTS, CFG_MAX_PLAYS, CFG_MAX_TURNS, CFG_POWER, CREW_DECK,
                     EV_TURN, EV_WIN, FACEUP_SLOTS, HAND, M_CREW, M_FACEUP, M_MALF, M_SYS_DECK, N_STATE, N_SYSTEMS,
                     PH_BONUS, PH_CARD, PH_DRAW, PH_MARKET, PH_SETUP, S_ANYPOWER, S_BONUS_DRAWS, S_CREDITS, S_CUR,
                     S_CARD_COUNTS, S_HULL, S_MAX_EFFECTS, S_MAX_PLAYS, S_PENDING_COPY, S_PHASE, S_POWER, S_RNG,
                     S_SEED, S_SHAPE, S_TURN, S_WINNER, SU_CREW, SU_HAND, SU_MALF, SU_MARKET_CREW, SU_MARKET_SYS, SU_SYS, SYS_DECK)
from .market import market_phase
from .solo import ai_card_phase, ai_market_phase, resolve_held_malfunctions, setup_ai
from .piles import find, pop, push, remove_at, shuffle
from simcore.play_counts import reset_counts
from simcore.shape import shape_round, shape_reset
from .queries import pile
from .players.policy import draw_source



@hot
def fill(piles, cnt, k, setup, setup_n, row):
    for i in range(setup_n[row]):
        push(piles, cnt, k, setup[row, i])


@hot
def setup_game(cards, eff, setup, setup_n, cfg, piles, cnt, sc, strat, log, bought, seed):
    cnt[:] = 0
    sc[:N_STATE] = 0
    bought[:] = 0
    shape_reset(sc, S_SHAPE)
    reset_counts(sc, S_CARD_COUNTS, cards.shape[0])
    sc[S_RNG] = seed
    sc[S_SEED] = seed
    sc[S_WINNER] = -1
    sc[S_PENDING_COPY] = -1
    sc[S_PHASE] = PH_SETUP
    sc[S_SOLO_AI] = cfg[CFG_SOLO_AI]
    sc[S_MAX_PLAYS] = cfg[CFG_MAX_PLAYS]
    sc[S_MAX_EFFECTS] = cfg[CFG_MAX_EFFECTS]
    for p in range(2):
        sc[S_HULL + p] = cfg[CFG_HULL]
        sc[S_CREDITS + p] = cfg[CFG_CREDITS + p]
        sc[S_ANYPOWER + p] = -1
        for s in range(N_SYSTEMS):
            sc[S_POWER + 3 * p + s] = cfg[CFG_POWER]
        fill(piles, cnt, pile(p, SYS_DECK), setup, setup_n, SU_SYS + 2 * p)
        fill(piles, cnt, pile(p, CREW_DECK), setup, setup_n, SU_CREW + 2 * p)
        shuffle(piles, cnt, pile(p, SYS_DECK), sc)
        shuffle(piles, cnt, pile(p, CREW_DECK), sc)
    for s in range(N_SYSTEMS):
        fill(piles, cnt, M_SYS_DECK + s, setup, setup_n, SU_MARKET_SYS + s)
        shuffle(piles, cnt, M_SYS_DECK + s, sc)
        for _ in range(FACEUP_SLOTS):
            if cnt[M_SYS_DECK + s] > 0:
                push(piles, cnt, M_FACEUP + s, pop(piles, cnt, M_SYS_DECK + s))
    for e in range(3):
        fill(piles, cnt, M_CREW + e, setup, setup_n, SU_MARKET_CREW + e)
        shuffle(piles, cnt, M_CREW + e, sc)
    fill(piles, cnt, M_MALF, setup, setup_n, SU_MALF)
    shuffle(piles, cnt, M_MALF, sc)
    ai = cfg[CFG_SOLO_AI]
    if ai >= 0:
        for s in range(N_SYSTEMS):
            sc[S_POWER + 3 * ai + s] = cfg[CFG_AI_POWER]
        setup_ai(piles, cnt, sc, ai, cfg[CFG_AI_DISCARDED])
    for p in range(2):
        # Fog of War: chosen cards start in hand, then the rest of the hand is drawn blind
        for i in range(setup_n[SU_HAND + p]):
            t = setup[SU_HAND + p, i]
            for deck in (SYS_DECK, CREW_DECK):
                j = find(piles, cnt, pile(p, deck), t)
                if j >= 0:
                    push(piles, cnt, pile(p, HAND), remove_at(piles, cnt, pile(p, deck), j))
                    break
        for _ in range(cfg[CFG_INITIAL_DRAW + p]):
            draw_chosen(cards, eff, piles, cnt, sc, strat, log, p, False)


@hot_inlined
def draw_phase(cards, eff, piles, cnt, sc, strat, log, p, base):
    n = base + sc[S_BONUS_DRAWS + p]
    sc[S_BONUS_DRAWS + p] = 0
    for i in range(n):
        if sc[S_WINNER] >= 0:
            return
        # draws beyond the standard ones come from Abilities (System Bonuses)
        draw_from(cards, eff, piles, cnt, sc, strat, log, p, draw_source(cards, piles, cnt, sc, strat, p), i >= base)


@hot_inlined
def play_phase(cards, eff, piles, cnt, sc, strat, log, bought, cfg, p, phase):
    """One phase of p's turn; the Solo A.I. plays its own Card, Market and Draw Phases."""
    sc[S_PHASE] = phase
    ai = p == sc[S_SOLO_AI]
    if phase == PH_CARD:
        if ai:
            resolve_held_malfunctions(cards, eff, piles, cnt, sc, strat, log, p)
            ai_card_phase(cards, eff, piles, cnt, sc, strat, log, p)
        else:
            card_phase(cards, eff, piles, cnt, sc, strat, log, p)
    elif phase == PH_MARKET:
        if ai:
            ai_market_phase(cards, piles, cnt, sc, log, bought, p)
        else:
            market_phase(cards, eff, piles, cnt, sc, strat, log, bought, p)
    elif phase == PH_BONUS:
        bonus_phase(cards, eff, piles, cnt, sc, strat, log, p)
    else:
        draw_phase(cards, eff, piles, cnt, sc, strat, log, p, cfg[CFG_AI_DRAW] if ai else cfg[CFG_DRAW_COUNT])


@hot   # not hot_inlined: play_turns_with calls it with *args, which numba cannot inline (LLVM does, in an entry)
def play_turn(cards, eff, piles, cnt, sc, strat, log, bought, cfg, p):
    sc[S_CUR] = p
    log_event(log, sc, p, EV_TURN, sc[S_TURN], 0, 0)
    for phase in (PH_CARD, PH_MARKET, PH_BONUS, PH_DRAW):
        play_phase(cards, eff, piles, cnt, sc, strat, log, bought, cfg, p, phase)
        if sc[S_WINNER] >= 0:
            return


@hot_inlined
def play_game(cards, eff, setup, setup_n, cfg, piles, cnt, sc, strat, log, bought, seed):
    """Play one game from ``seed``; player 0 goes first. The result is left in ``sc``:
    S_WINNER (0, 1, or WINNER_DRAW at the turn cap or an engine bound: S_BOUND) and S_TURN (player-turns begun)."""
    setup_game(cards, eff, setup, setup_n, cfg, piles, cnt, sc, strat, log, bought, seed)
    play_turns(cards, eff, cfg, piles, cnt, sc, strat, log, bought)


@hot_inlined
def turn_done(sc):
    """A player-turn is over: count it, and after the second seat's record the round's Hulls (the shape)."""
    sc[S_TURN] += 1
    if sc[S_TURN] % 2 == 0:
        record_standing(sc)


@hot_inlined
def record_standing(sc):
    """The shape's record of the standing now (``simcore.shape``): the first seat's Hull minus the second's."""
    shape_round(sc, S_SHAPE, sc[S_TURN], sc[S_HULL] - sc[S_HULL + 1])


@hot_inlined
def play_turns(cards, eff, cfg, piles, cnt, sc, strat, log, bought):
    """Play turns until the game ends (a search player's rollouts finish their games with this)."""
    play_turns_with(play_turn, (cards, eff, piles, cnt, sc, strat, log, bought, cfg), cfg, sc, log)


@hot_inlined
def play_turns_with(turn, turn_args, cfg, sc, log):
    """The turn loop, written once for every game of this engine: turns until the game ends, seat p's turn
    played by ``turn(*turn_args, p)``: the heuristic's ``play_turn`` (``play_turns``), or a game with
    search players' ``search.seat_turn``. Inlined by numba into each caller, so ``turn`` is a direct call."""
    while sc[S_WINNER] < 0:
        if sc[S_TURN] >= cfg[CFG_MAX_TURNS]:
            reach_turn_cap(sc, log)
            return
        turn(*turn_args, sc[S_TURN] % 2)
        turn_done(sc)
    if sc[S_WINNER] != WINNER_DRAW:    # an engine bound's draw was logged as it was hit
        log_event(log, sc, sc[S_WINNER], EV_WIN, sc[S_WINNER], 0, 0)
