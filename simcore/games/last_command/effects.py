"""The effect interpreter: runs a segment of opcode rows for a player, one branch per opcode."""
import numpy as np

from .opcodes import Dest, Op
from .tables import C_KIND, KIND_CREW, KIND_MALFUNCTION

from .bound_checks import count_effects
from .copies import add_copy, end_copies
from .draw import draw_chosen
from .events import log_event
from .jit import hot, hot_outlined
from .layout import (CAP, CREW, CREW_DECK, CREW_DISC, EV_COPY, EV_FORCED_DISCARD, EV_MALF_REPAIR, EV_MOVE_CREW,
                     EV_SCRAP, EV_TAKE, HAND, M_CREW, M_MALF, M_SCRAP, M_SYS_DECK, PH_BONUS, S_ANYPOWER,
                     S_BONUS_DRAWS, S_FREE_PLAYS, S_MOVED, S_PENDING_COPY, S_PENDING_SYS, S_SOLO_AI, S_WINNER, STACK,
                     SYS_DECK, SYS_DISC, M_AI_MARKET, M_FACEUP, SCR_CAND_A, SCR_CAND_B, SCR_SCORES)
from .market_piles import take_market_item
from .piles import pop, push, remove_at
from .primitives import apply_simple
from .queries import active_type, pile
from .players.policy import (choose_option, effect_rank, is_random, malfunction_repair_pile,
                             next_effect_row, pick_copy_target, pick_crew_move, pick_hand_discard,
                             pick_market_card, pick_opponent_inplay, pick_own_card, pick_quantum_card,
                             pick_system_discard, quantum_deck_type, scrap_threshold)

MAX_NESTING = 4  # ORs inside ORs, at most (the loader checks)
MAX_ORDERED_ROWS = 16  # a longer segment runs in file order (none is near this long)


@hot
def discard_pile_for(cards, p, t):
    return pile(p, CREW_DISC if cards[t, C_KIND] == KIND_CREW else SYS_DISC)


@hot_outlined
def run_targeted(cards, eff, piles, cnt, sc, strat, log, p, s, op, a, b, c):
    """The opcodes that pick cards or targets, with candidate lists in sc's scratch space."""
    q = 1 - p
    scores = sc[SCR_SCORES:SCR_SCORES + CAP].view(np.float64)
    cand_a = sc[SCR_CAND_A:SCR_CAND_A + CAP]
    cand_b = sc[SCR_CAND_B:SCR_CAND_B + CAP]
    if op == Op.SCRAP:
        for _ in range(a):
            k, j = pick_own_card(cards, piles, cnt, sc, strat, p, -1, True, False, True, True,
                                 scrap_threshold(strat, p), cand_a, cand_b, scores)
            if k < 0:
                break
            t = remove_at(piles, cnt, k, j)
            push(piles, cnt, M_SCRAP, t)
            log_event(log, sc, p, EV_SCRAP, t, k, 0)
    elif op == Op.OPP_DISCARD:
        for _ in range(a):
            j = pick_hand_discard(cards, piles, cnt, sc, strat, q, scores)
            if j < 0:
                break
            t = remove_at(piles, cnt, pile(q, HAND), j)
            push(piles, cnt, discard_pile_for(cards, q, t), t)
            log_event(log, sc, p, EV_FORCED_DISCARD, t, q, 0)
    elif op == Op.DISCARD_OPP_INPLAY:
        for _ in range(a):
            s2 = pick_opponent_inplay(piles, cnt, sc, strat, p, q, scores)
            if s2 < 0:
                break
            t = pop(piles, cnt, pile(q, STACK + s2))
            end_copies(sc, pile(q, STACK + s2), cnt[pile(q, STACK + s2)])
            push(piles, cnt, pile(q, SYS_DISC), t)
            sc[S_MOVED + s2] |= 1 << q
            log_event(log, sc, p, EV_FORCED_DISCARD, t, q, 1)
    elif op == Op.TAKE_OWN:
        for _ in range(a):
            k, j = pick_own_card(cards, piles, cnt, sc, strat, p, s, False, True, False, False, 0.0,
                                 cand_a, cand_b, scores)
            if k < 0:
                break
            t = remove_at(piles, cnt, k, j)
            if k >= pile(p, STACK) and k < pile(p, STACK + 3):
                sc[S_MOVED + k - pile(p, STACK)] |= 1 << p
                end_copies(sc, k, j)
            push(piles, cnt, pile(p, HAND), t)
            log_event(log, sc, p, EV_TAKE, t, k, 0)
    elif op == Op.TAKE_MARKET:
        for _ in range(a):
            if p == sc[S_SOLO_AI]:
                # the A.I. takes Market cards from its own Market deck
                if cnt[M_AI_MARKET] == 0:
                    break
                t = pop(piles, cnt, M_AI_MARKET)
            else:
                item = pick_market_card(cards, piles, cnt, sc, strat, p, c, scores, cand_a)
                if item < 0:
                    break
                t = take_market_item(piles, cnt, item)
            if b == Dest.HAND:
                push(piles, cnt, pile(p, HAND), t)
            elif b == Dest.DECK_TOP:
                # the Solo A.I. has one Player deck (its System deck pile)
                crew_deck = cards[t, C_KIND] == KIND_CREW and p != sc[S_SOLO_AI]
                push(piles, cnt, pile(p, CREW_DECK if crew_deck else SYS_DECK), t)
            else:
                push(piles, cnt, discard_pile_for(cards, p, t), t)
            log_event(log, sc, p, EV_TAKE, t, -1, b)
    elif op == Op.MOVE_CREW:
        for _ in range(a):
            src, j, dst = pick_crew_move(cards, eff, piles, cnt, sc, strat, p, b, c)
            if src < 0:
                break
            t = remove_at(piles, cnt, pile(p, CREW + src), j)
            push(piles, cnt, pile(p, CREW + dst), t)
            log_event(log, sc, p, EV_MOVE_CREW, t, src, dst)
    elif op == Op.QUANTUM_ARTIFACT and p == sc[S_SOLO_AI]:
        for _ in range(2):  # Solo Mode: 2 cards from the A.I.'s Market deck to its hand
            if cnt[M_AI_MARKET] > 0:
                t = pop(piles, cnt, M_AI_MARKET)
                push(piles, cnt, pile(p, HAND), t)
                log_event(log, sc, p, EV_TAKE, t, M_AI_MARKET, 1)
    elif op == Op.QUANTUM_ARTIFACT:
        taken = -1  # "You may not Draw 2 cards from the same deck type"
        for _ in range(2):
            item = pick_quantum_card(cards, piles, cnt, sc, strat, p, taken, scores, cand_a)
            if item < 0:
                break
            taken = quantum_deck_type(item)
            if item < 9:
                k = M_FACEUP + item // 2 if item < 6 else M_CREW + item - 6
                t = take_market_item(piles, cnt, item)
            else:
                k = M_SYS_DECK + item - 9
                t = pop(piles, cnt, k)
            push(piles, cnt, pile(p, HAND), t)
            log_event(log, sc, p, EV_TAKE, t, k, 1)
    elif op == Op.SUPER_COMPUTER:
        j = pick_system_discard(cards, piles, cnt, sc, strat, p, scores)
        if j >= 0:
            t = remove_at(piles, cnt, pile(p, SYS_DISC), j)
            push(piles, cnt, pile(p, HAND), t)
            sc[S_ANYPOWER + p] = t
            log_event(log, sc, p, EV_TAKE, t, pile(p, SYS_DISC), 2)
    elif op == Op.COPY:
        if s >= 0:
            k, j = pick_copy_target(cards, eff, piles, cnt, sc, strat, p, s, cand_a, cand_b, scores)
            me = pile(p, STACK + s)
            # the Corsair lies uncovered in System s while its own Ability resolves
            if k >= 0 and cnt[me] > 0 and add_copy(sc, me, cnt[me] - 1, k, j):
                u = active_type(piles, cnt, sc, p, s)
                sc[S_PENDING_COPY] = u
                sc[S_PENDING_SYS] = s
                log_event(log, sc, p, EV_COPY, u, k, j)


@hot
def run_other(cards, eff, piles, cnt, sc, strat, log, p, s, op, a, b, c, phase):
    """The opcodes that are not ``apply_simple``'s: draws, Malfunction repair, free plays and the
    targeted ones."""
    if op == Op.DRAW:
        if phase == PH_BONUS:
            sc[S_BONUS_DRAWS + p] += a
        else:
            for _ in range(a):
                draw_chosen(cards, eff, piles, cnt, sc, strat, log, p, True)
    elif op == Op.OPP_DRAW:
        for _ in range(a):
            draw_chosen(cards, eff, piles, cnt, sc, strat, log, 1 - p, True)
    elif op == Op.MALFUNCTION_REPAIR:
        for _ in range(a):
            kind = malfunction_repair_pile(cards, piles, cnt, sc, strat, p)  # the player's choice
            if kind < 0:
                break
            k = pile(p, kind)
            for j in range(cnt[k] - 1, -1, -1):   # its topmost Malfunction
                if cards[piles[k, j], C_KIND] == KIND_MALFUNCTION:
                    t = remove_at(piles, cnt, k, j)
                    push(piles, cnt, M_MALF, t)
                    log_event(log, sc, p, EV_MALF_REPAIR, t, k, 0)
                    break
    elif op == Op.PLAY_FREE:
        sc[S_FREE_PLAYS] += 1
    elif op < Op.SHIELD:
        run_targeted(cards, eff, piles, cnt, sc, strat, log, p, s, op, a, b, c)
    # ongoing opcodes (SHIELD, MINES, DISCOUNT) are read by hooks, never run


@hot_outlined
def run_row(cards, eff, piles, cnt, sc, strat, log, p, s, i, phase):
    """Run effect row i (not an OR) for player p, whose card sits in System s."""
    op = eff[i, 0]
    if apply_simple(cards, eff, piles, cnt, sc, strat, log, p, s, op, eff[i, 1], eff[i, 2]) < 0:
        run_other(cards, eff, piles, cnt, sc, strat, log, p, s, op, eff[i, 1], eff[i, 2], eff[i, 3], phase)


@hot
def free_order(eff, strat, p, start, length):
    """The rows of a segment may run in any order the player wishes ("you may perform any elements
    of its Ability in any order you wish"; Crew effects "can be performed in any order"), and p's
    policy would not run them in file order: a segment of several rows with no OR among them (an
    OR is one choice, made where it stands), whose rows the random player orders at random and
    the others by ``policy.effect_rank`` (most segments are in that order already: they run
    inline, as before)."""
    if length < 2 or length > MAX_ORDERED_ROWS:
        return False
    unsorted = is_random(strat, p)
    top = 0
    for i in range(start, start + length):
        if eff[i, 0] == Op.CHOICE:
            return False
        r = effect_rank(eff[i, 0])
        unsorted |= r < top
        top = max(top, r)
    return unsorted


@hot_outlined
def run_rows_in_order(cards, eff, piles, cnt, sc, strat, log, p, s, start, length, phase):
    """Run every row of eff[start:start+length], one at a time in the order p's policy picks."""
    done = 0
    for _ in range(length):
        if sc[S_WINNER] >= 0:
            return
        i = next_effect_row(eff, sc, strat, p, start, length, done)
        done |= 1 << (i - start)
        run_row(cards, eff, piles, cnt, sc, strat, log, p, s, i, phase)


@hot
def run_segment(cards, eff, piles, cnt, sc, strat, log, p, s, start, length, phase):
    """Run eff[start:start+length] for player p, whose card sits in System s (-1: none).
    One plain row (most segments) runs here; the rest is ``run_rows``, a call. Its rows count toward the
    play's bound (an OR's options whole): past it, the segment is not run."""
    if not count_effects(sc, log, length):
        return
    if length == 1 and eff[start, 0] != Op.CHOICE:
        if sc[S_WINNER] < 0:
            run_row(cards, eff, piles, cnt, sc, strat, log, p, s, start, phase)
        return
    run_rows(cards, eff, piles, cnt, sc, strat, log, p, s, start, length, phase)


@hot_outlined
def run_rows(cards, eff, piles, cnt, sc, strat, log, p, s, start, length, phase):
    """``run_segment`` of any segment.

    Every card played and every Bonus paid comes through here, most of them one or two simple
    rows (Power, Damage, Credits). This loop is inlined where it is called; each row, and each
    OR choice, is a call (``run_row``, ``policy.choose_option``). When the whole interpreter was
    one function, LLVM prepared everything its inner loops use (addresses, vector constants,
    about 200 instructions) at every call, for a segment of one or two rows."""
    if length > 1 and free_order(eff, strat, p, start, length):
        run_rows_in_order(cards, eff, piles, cnt, sc, strat, log, p, s, start, length, phase)
        return
    # after option A of an OR, jump over option B: a stack of (at, to) row pairs packed 16 bits
    # each into two integers (ORs nest at most MAX_NESTING deep), so no array is allocated
    jump_at = 0
    jump_to = 0
    n_jumps = 0
    i = start
    end = start + length
    while i < end and sc[S_WINNER] < 0:
        while n_jumps > 0 and i == (jump_at & 0xFFFF):
            n_jumps -= 1
            i = jump_to & 0xFFFF
            jump_at >>= 16
            jump_to >>= 16
        if i >= end:
            break
        if eff[i, 0] == Op.CHOICE:
            a = eff[i, 1]
            if choose_option(cards, eff, piles, cnt, sc, strat, p, i) == 0:
                # run option A, then jump over option B
                jump_at = (jump_at << 16) | (i + 1 + a)
                jump_to = (jump_to << 16) | (i + 1 + a + eff[i, 2])
                n_jumps += 1
                i += 1
            else:
                i += 1 + a
            continue
        run_row(cards, eff, piles, cnt, sc, strat, log, p, s, i, phase)
        i += 1
