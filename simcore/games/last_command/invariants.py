"""Invariants a legal position always satisfies, checked after every phase of many games.

Codes (0 = fine): see INVARIANT_NAMES. Used by tests over thousands of seeded games."""
import numpy as np
from numba import njit as numba_njit

from simcore import jit_cache

from .jit import CACHE_DIR
from .tables import C_KIND, KIND_MALFUNCTION

from .rules import play_phase, setup_game
from .layout import (CAP, CFG_MAX_TURNS, COPY_FIELDS, CP_PILE, CP_POS, CP_SRC_PILE, CP_SRC_POS, CREW, S_COPY,
                     S_COPY_N, S_SOLO_AI, FACEUP_SLOTS, HAND, LOG_COLS, M_FACEUP,
                     MAX_CREDITS, MAX_CREW_PER_SYSTEM, MAX_HULL, MAX_POWER, N_PILES, N_SC, N_SETUP_ROWS, S_CREDITS,
                     S_HULL, S_POWER, S_TURN, S_WINNER)
from .queries import pile



def njit(**options):
    """numba's njit (this checker allocates, which the engine's ``hot`` code may not), cached with the game's
    own code, keyed by its sources: in numba's core folder, keyed by the core's alone, ``check_games`` kept
    the engine it was first compiled with after the engine changed (numba checks only this file's stamp)."""
    def wrap(fn):
        with jit_cache.cache_dir(CACHE_DIR):
            return numba_njit(cache=True, **options)(fn)
    return wrap


OK = 0
CARDS_NOT_CONSERVED = 1
HULL_OUT_OF_RANGE = 2
CREDITS_OUT_OF_RANGE = 3
POWER_OUT_OF_RANGE = 4
TOO_MANY_CREW = 5
PILE_OVERFLOW = 6
HAND_NOT_EMPTY = 7
TOO_MANY_FACEUP = 8
COPY_OUTLIVES_CARD = 9
INVARIANT_NAMES = {OK: "ok", CARDS_NOT_CONSERVED: "cards not conserved", HULL_OUT_OF_RANGE: "hull out of range",
                   CREDITS_OUT_OF_RANGE: "credits out of range", POWER_OUT_OF_RANGE: "power out of range",
                   TOO_MANY_CREW: "more than 3 crew in a system", PILE_OVERFLOW: "pile overflow",
                   HAND_NOT_EMPTY: "hand not empty after the card phase", TOO_MANY_FACEUP: "too many face-up cards",
                   COPY_OUTLIVES_CARD: "a Corsair copy outlives the copier or the copied card"}


@njit()
def count_cards(piles, cnt, counts):
    counts[:] = 0
    for k in range(N_PILES):
        for i in range(cnt[k]):
            counts[piles[k, i]] += 1


@njit()
def state_error(piles, cnt, sc, expected, counts):
    for k in range(N_PILES):
        if cnt[k] < 0 or cnt[k] > CAP:
            return PILE_OVERFLOW
    count_cards(piles, cnt, counts)
    for t in range(expected.shape[0]):
        if counts[t] != expected[t]:
            return CARDS_NOT_CONSERVED
    for p in range(2):
        if sc[S_HULL + p] < 0 or sc[S_HULL + p] > MAX_HULL:
            return HULL_OUT_OF_RANGE
        if sc[S_CREDITS + p] < 0 or sc[S_CREDITS + p] > MAX_CREDITS:
            return CREDITS_OUT_OF_RANGE
        for s in range(3):
            if sc[S_POWER + 3 * p + s] < 0 or sc[S_POWER + 3 * p + s] > MAX_POWER:
                return POWER_OUT_OF_RANGE
            if cnt[pile(p, CREW + s)] > MAX_CREW_PER_SYSTEM:
                return TOO_MANY_CREW
    for s in range(3):
        if cnt[M_FACEUP + s] > FACEUP_SLOTS:
            return TOO_MANY_FACEUP
    for r in range(sc[S_COPY_N]):
        o = S_COPY + COPY_FIELDS * r
        if sc[o + CP_POS] >= cnt[sc[o + CP_PILE]] or sc[o + CP_SRC_POS] >= cnt[sc[o + CP_SRC_PILE]]:
            return COPY_OUTLIVES_CARD
    return OK


@njit()
def hand_done(cards, piles, cnt, sc, p):
    """After a Card Phase the hand is empty (the Solo A.I. may hold Malfunctions for next turn)."""
    h = pile(p, HAND)
    for i in range(cnt[h]):
        if p != sc[S_SOLO_AI] or cards[piles[h, i], C_KIND] != KIND_MALFUNCTION:
            return False
    return True


@njit(nogil=True)   # a time limit can wait for it (tests/time_limit.py)
def check_games(cards, eff, setup, setup_n, cfg, strat, seeds, out):
    """Play one game per seed, checking the invariants after setup and after every phase.
    out[g] = (error code, player-turn, phase: 0 setup, 1..4) of the first violation, or zeros."""
    piles = np.zeros((N_PILES, CAP), np.int32)
    cnt = np.zeros(N_PILES, np.int32)
    sc = np.zeros(N_SC, np.int64)
    log = np.zeros((1, LOG_COLS), np.int32)
    bought = np.zeros((2, cards.shape[0]), np.int32)
    expected = np.zeros(cards.shape[0], np.int64)
    counts = np.zeros(cards.shape[0], np.int64)
    for g in range(seeds.shape[0]):
        setup_game(cards, eff, setup, setup_n, cfg, piles, cnt, sc, strat, log, bought, seeds[g])
        expected[:] = 0
        for r in range(N_SETUP_ROWS):
            if r == 4 or r == 5:  # preset hands repeat cards already in the starting rows
                continue
            for i in range(setup_n[r]):
                expected[setup[r, i]] += 1
        err = state_error(piles, cnt, sc, expected, counts)
        if err != OK:
            out[g, 0] = err
            out[g, 1] = 0
            out[g, 2] = 0
        while err == OK and sc[S_WINNER] < 0 and sc[S_TURN] < cfg[CFG_MAX_TURNS]:
            p = sc[S_TURN] % 2
            for phase in range(1, 5):
                play_phase(cards, eff, piles, cnt, sc, strat, log, bought, cfg, p, phase)
                if phase == 1 and sc[S_WINNER] < 0 and not hand_done(cards, piles, cnt, sc, p):
                    err = HAND_NOT_EMPTY
                if err == OK:
                    err = state_error(piles, cnt, sc, expected, counts)
                if err != OK:
                    out[g, 0] = err
                    out[g, 1] = sc[S_TURN]
                    out[g, 2] = phase
                    break
                if sc[S_WINNER] >= 0:
                    break
            sc[S_TURN] += 1
