"""Jitted decision functions: every choice a player makes goes through here.

Each function reads the strategy row ``strat[p]`` (see ``params``): KIND_RANDOM picks
uniformly among the legal choices with the game's own RNG; KIND_HEURISTIC ranks
choices with the row's weights and card values. The engine never decides.
"""
from ..jit import hot, hot_inlined, hot_outlined
from ..layout import (CREW, CREW_DECK, CREW_DISC, HAND, M_CREW, M_FACEUP, M_SYS_DECK,
                      MAX_CREW_PER_SYSTEM, N_SYSTEMS, S_CREDITS, S_CUR_CARD, S_HULL, S_POWER,
                      STACK, SYS_DECK, SYS_DISC)
from ..piles import rand_below
from ..queries import (active_type, can_play_system, crew_with_expertise, has_crew_space, pile,
                       segment_damage)
from ..opcodes import Op
from ..tables import (BONUS_PER_CREW, C_BONUS, C_CREDIT, C_KIND, C_POWER, C_SYSTEM, KIND_CREW,
                      KIND_MALFUNCTION, KIND_SYSTEM)

from . import solo_ai
from .params import KIND_RANDOM, KIND_SOLO_AI, N_PARAMS, P_KIND, P_SCRAP_BELOW
from . import heuristic
from .heuristic import market_item
from .actions import (A_CLEAR_CREW, A_DISCARD, A_PLAY_CREW, A_PLAY_SYSTEM, M_BUY_CREW, M_BUY_SYSTEM,  # noqa: F401
                      M_REFRESH, M_STOP)
from .situation import RESTRICT_BAN, RESTRICT_FORCE, restriction, rows_now, value_now, weight_mults


@hot
def is_random(strat, p):
    return strat[p, P_KIND] == KIND_RANDOM


@hot_outlined  # a call, so the Solo A.I.'s branches stay out of the duel's inlined code (measured)
def is_solo_ai(strat, p):
    """The rulebook's Solo A.I.: its row's card values are Credit costs (the guide's measure), so
    every value-ranked pick follows the guide; the choices it states otherwise dispatch to solo_ai."""
    return strat[p, P_KIND] == KIND_SOLO_AI


@hot
def value(strat, p, t):
    return strat[p, N_PARAMS + t]


# ---------------------------------------------------------------- drawing
@hot_inlined
def draw_source(cards, piles, cnt, sc, strat, p):
    """0: draw from the System deck, 1: from the Crew deck."""
    if is_random(strat, p):
        return rand_below(sc, 2)
    return heuristic.draw_source(cards, piles, cnt, sc, strat, p)


# ---------------------------------------------------------------- card phase
@hot
def crew_system(cards, eff, piles, cnt, sc, strat, p, t):
    """System (with room) where p stations Crew card t; -1 if none has room."""
    n_room = 0
    for s in range(N_SYSTEMS):
        if cnt[pile(p, CREW + s)] < MAX_CREW_PER_SYSTEM:
            n_room += 1
    if n_room == 0:
        return -1
    if is_random(strat, p):
        k = rand_below(sc, n_room)
        for s in range(N_SYSTEMS):
            if cnt[pile(p, CREW + s)] < MAX_CREW_PER_SYSTEM:
                if k == 0:
                    return s
                k -= 1
    return heuristic.crew_system(cards, eff, piles, cnt, sc, strat, p, t)


@hot_inlined
def card_action(cards, eff, piles, cnt, sc, strat, p):
    """Next Card Phase action: (hand index, A_* kind, system)."""
    h = pile(p, HAND)
    n = cnt[h]
    if is_random(strat, p):
        i = rand_below(sc, n)
        t = piles[h, i]
        if cards[t, C_KIND] == KIND_SYSTEM:
            if can_play_system(cards, piles, cnt, sc, p, t, False) and rand_below(sc, 2) == 0:
                return i, A_PLAY_SYSTEM, cards[t, C_SYSTEM]
            return i, A_DISCARD, -1
        if cards[t, C_KIND] == KIND_CREW:
            if not has_crew_space(cnt, p):
                if rand_below(sc, 2) == 0:
                    return i, A_CLEAR_CREW, -1
                return i, A_DISCARD, -1
            k = rand_below(sc, 4)
            if k == 3:
                return i, A_DISCARD, -1
            return i, A_PLAY_CREW, crew_system(cards, eff, piles, cnt, sc, strat, p, t)
        return i, A_DISCARD, -1
    return heuristic.card_action(cards, eff, piles, cnt, sc, strat, p)


@hot_inlined
def power_system(cards, piles, cnt, sc, strat, p, n):
    """System that receives 'any System' Power."""
    if is_solo_ai(strat, p):
        return solo_ai.power_system(cards, piles, cnt, sc, p, n)
    if is_random(strat, p):
        return rand_below(sc, N_SYSTEMS)
    return heuristic.power_system(cards, piles, cnt, sc, strat, p)


@hot
def option_feasible(cards, eff, piles, cnt, sc, p, start, length):
    for i in range(start, start + length):
        if eff[i, 0] == Op.PLAY_FREE:
            h = pile(p, HAND)
            ok = False
            for j in range(cnt[h]):
                if can_play_system(cards, piles, cnt, sc, p, piles[h, j], True):
                    ok = True
            if not ok:
                return False
    return True


@hot_outlined  # a call from the effect interpreter's inlined loop (see effects.run_segment)
def choose_option(cards, eff, piles, cnt, sc, strat, p, i):
    """0 or 1: which option of the OR at effect row i (an infeasible option is never chosen)."""
    a = eff[i, 1]
    b = eff[i, 2]
    fa = option_feasible(cards, eff, piles, cnt, sc, p, i + 1, a)
    fb = option_feasible(cards, eff, piles, cnt, sc, p, i + 1 + a, b)
    if not fa:
        return 1
    if not fb:
        return 0
    if is_solo_ai(strat, p):
        t = sc[S_CUR_CARD]
        return solo_ai.choose_option(cards, eff, strat, p, i, t >= 0 and cards[t, C_KIND] == KIND_CREW, fa, fb)
    if is_random(strat, p):
        return rand_below(sc, 2)
    return heuristic.choose_option(cards, eff, piles, cnt, sc, strat, p, i)


_RANK2_OPS = sum(1 << int(o) for o in (Op.DAMAGE, Op.DAMAGE_PER_CREW, Op.MALFUNCTION, Op.MALFUNCTION_TOP,
                                      Op.OPP_DISCARD, Op.OPP_LOSE_POWER, Op.OPP_DRAW))
_RANK3_OPS = sum(1 << int(o) for o in (Op.DAMAGE_SELF, Op.LOSE_POWER, Op.LOSE_CREDITS, Op.SCRAP, Op.TAKE_OWN))
assert max(int(o) for o in Op) < 63


@hot
def effect_rank(op):
    """When an element of an Ability is best performed among the others: first what takes down the
    opponent's defences (a discarded Shield card), then what gains Power, Credits, cards or Crew
    moves (they may pay for or enable more), then the harm to the opponent, last the costs to
    oneself (a self-Damage, a spend, a Scrap, taking one's own card out of play), which the gains
    before them may cover or widen."""
    # bit tests on the opcode (all below 64) instead of a chain of compares
    return 1 + ((_RANK2_OPS >> op) & 1) + 2 * ((_RANK3_OPS >> op) & 1) - (op == Op.DISCARD_OPP_INPLAY)


@hot
def next_effect_row(eff, sc, strat, p, start, length, done):
    """Row of eff[start:start+length] not yet run (bit i - start of ``done`` clear) that p runs
    next: the lowest ``effect_rank``, in file order on a tie (the heuristic and the Solo A.I.);
    any, at random (the random player)."""
    if is_random(strat, p):
        left = 0
        for j in range(length):
            left += 1 - ((done >> j) & 1)
        k = rand_below(sc, left)
        for j in range(length):
            if not (done >> j) & 1:
                if k == 0:
                    return start + j
                k -= 1
    best = -1
    best_rank = 99
    for j in range(length):
        if not (done >> j) & 1:
            r = effect_rank(eff[start + j, 0])
            if r < best_rank:
                best_rank = r
                best = start + j
    return best


@hot
def free_play_card(cards, piles, cnt, sc, strat, p):
    """Hand index of the System card to play with no Power cost (-1 none): the dearest in Power."""
    h = pile(p, HAND)
    best = -1
    best_cost = -1.0
    for i in range(cnt[h]):
        t = piles[h, i]
        if can_play_system(cards, piles, cnt, sc, p, t, True):
            score = cards[t, C_POWER] + (rand_below(sc, 8) / 10.0 if is_random(strat, p)
                                         else 0.001 * value_now(sc, strat, p, t))
            if score > best_cost:
                best_cost = score
                best = i
    return best


# ---------------------------------------------------------------- System Bonus Phase
@hot_outlined  # once a turn, and only when two Bonuses or more are due
def pick_bonus(cards, eff, piles, cnt, sc, strat, p, due):
    """Which of the Bonuses due (bit 3s + e: expertise e in System s) p claims next, in the
    order "you wish": one that destroys the opponent's ship at once first, one that would destroy
    p's own ship last (what comes before may save it), between them the most valuable now
    (the heuristic's situation values; the Solo A.I.'s weights, "in the A.I.'s best interest").
    The random player claims them in a random order. (Called only when the order can change
    anything: ``bonus.order_matters``.)"""
    if is_random(strat, p):
        n = 0
        for b in range(9):
            n += (due >> b) & 1
        k = rand_below(sc, n)
        for b in range(9):
            if due & (1 << b):
                if k == 0:
                    return b
                k -= 1
    m = weight_mults(sc, strat, p)
    best = -1
    best_score = -1e18
    for b in range(9):
        if not due & (1 << b):
            continue
        s = b // 3
        e = b % 3
        t = active_type(piles, cnt, sc, p, s)
        col = C_BONUS + 3 * e
        times = crew_with_expertise(cards, piles, cnt, p, s, e) if cards[t, col + 2] == BONUS_PER_CREW else 1
        to_opp, to_self = segment_damage(cards, eff, piles, cnt, sc, p, s, cards[t, col], cards[t, col + 1])
        if to_opp * times >= sc[S_HULL + 1 - p]:
            score = 1e12
        elif to_self * times >= sc[S_HULL + p]:
            score = -1e12
        elif is_solo_ai(strat, p):
            score = solo_ai.bonus_worth(cards, eff, strat, p, t, e)
        else:
            score = rows_now(eff, sc, strat, p, m, cards[t, col], cards[t, col + 1])
        if score > best_score:
            best_score = score
            best = b
    return best


# ---------------------------------------------------------------- targets
@hot
def malfunction_pile(cnt, sc, strat, p, q, on_deck):
    """Pile kind of victim q that receives a Malfunction dealt by p."""
    if is_random(strat, p):
        if on_deck:
            return SYS_DECK if rand_below(sc, 2) == 0 else CREW_DECK
        return SYS_DISC if rand_below(sc, 2) == 0 else CREW_DISC
    return heuristic.malfunction_pile(cnt, strat, p, q, on_deck)


@hot
def malfunctions_in(cards, piles, cnt, k):
    n = 0
    for i in range(cnt[k]):
        if cards[piles[k, i], C_KIND] == KIND_MALFUNCTION:
            n += 1
    return n


@hot_outlined  # a call from the effect interpreter's row (effects.run_row), which it would enlarge
def malfunction_repair_pile(cards, piles, cnt, sc, strat, p):
    """Pile kind (SYS_DISC / CREW_DISC) of p's discard a Malfunction Repair takes a Malfunction
    from: "remove a Malfunction from one of your discard piles" is p's choice; -1: none holds one."""
    n_sys = malfunctions_in(cards, piles, cnt, pile(p, SYS_DISC))
    n_crew = malfunctions_in(cards, piles, cnt, pile(p, CREW_DISC))
    if n_crew == 0:
        return SYS_DISC if n_sys > 0 else -1
    if n_sys == 0:
        return CREW_DISC
    if is_solo_ai(strat, p):
        return SYS_DISC   # the A.I.'s two piles are its one discard
    if is_random(strat, p):
        return SYS_DISC if rand_below(sc, 2) == 0 else CREW_DISC
    return heuristic.malfunction_repair_pile(cnt, p, n_sys, n_crew)


@hot
def lose_power_system(sc, strat, q):
    """System of q that loses Power when q chooses: the fullest one."""
    best = 0
    for s in range(1, N_SYSTEMS):
        if sc[S_POWER + 3 * q + s] > sc[S_POWER + 3 * q + best]:
            best = s
    if is_random(strat, q):
        return rand_below(sc, N_SYSTEMS)
    return best


@hot
def rank_pick(sc, strat, p, n, scores, lowest):
    """Index of the best of n scored candidates (random policy: uniform)."""
    if n == 0:
        return -1
    if is_random(strat, p):
        return rand_below(sc, n)
    best = 0
    for i in range(1, n):
        if (scores[i] < scores[best]) if lowest else (scores[i] > scores[best]):
            best = i
    return best


@hot
def pick_hand_discard(cards, piles, cnt, sc, strat, q, scores):
    """Hand index q discards when forced: its least valuable card (-1: none to discard)."""
    if is_solo_ai(strat, q):
        return solo_ai.hand_discard(cards, piles, cnt, q)
    h = pile(q, HAND)
    for i in range(cnt[h]):
        scores[i] = value_now(sc, strat, q, piles[h, i])
    return rank_pick(sc, strat, q, cnt[h], scores, True)


@hot
def pick_opponent_inplay(piles, cnt, sc, strat, p, q, scores):
    """System of q whose uncovered card p discards: the most valuable one (-1 none)."""
    systems = scores[8:]
    n = 0
    for s in range(N_SYSTEMS):
        if cnt[pile(q, STACK + s)] > 0:
            scores[n] = value_now(sc, strat, p, piles[pile(q, STACK + s), cnt[pile(q, STACK + s)] - 1])
            systems[n] = s
            n += 1
    i = rank_pick(sc, strat, p, n, scores, False)
    return -1 if i < 0 else int(systems[i])


@hot
def pick_copy_target(cards, eff, piles, cnt, sc, strat, p, s_self, cand_pile, cand_pos, scores):
    """(pile, index) of the uncovered System card a Corsair copies; (-1, -1) if none. Any
    uncovered card of either ship but itself, another Corsair included: it is worth what it
    copies (a Corsair copying nothing is worth its own Bonuses)."""
    n = 0
    for q in range(2):
        for s in range(N_SYSTEMS):
            k = pile(q, STACK + s)
            if cnt[k] == 0 or (q == p and s == s_self):
                continue
            t = active_type(piles, cnt, sc, q, s)
            cand_pile[n] = k
            cand_pos[n] = cnt[k] - 1
            scores[n] = solo_ai.copy_score(cards, t) if is_solo_ai(strat, p) \
                else value_now(sc, strat, p, t) + cards[t, C_POWER] * 0.01
            n += 1
    i = rank_pick(sc, strat, p, n, scores, False)
    if i < 0:
        return -1, -1
    return cand_pile[i], cand_pos[i]


@hot_outlined
def pick_own_card(cards, piles, cnt, sc, strat, p, s_exclude, include_hand, include_inplay, lowest, malf_first,
                  threshold, cand_pile, cand_pos, scores):
    """(pile, index) among p's hand/discards/uncovered cards, by value; (-1, -1) if none qualifies.

    Used for Scrap (lowest, Malfunctions first, only below ``threshold``) and for taking a card
    back (highest, never a Malfunction)."""
    n = 0
    for kind in range(4):
        if kind == 0 and not include_hand:
            continue
        k = pile(p, HAND) if kind == 0 else (pile(p, SYS_DISC) if kind == 1 else pile(p, CREW_DISC))
        if kind == 3:
            continue
        for i in range(cnt[k]):
            t = piles[k, i]
            is_malf = cards[t, C_KIND] == KIND_MALFUNCTION
            if is_malf and not malf_first:
                continue
            v = -100.0 if is_malf else value_now(sc, strat, p, t)
            if lowest and v >= threshold:
                continue
            cand_pile[n] = k
            cand_pos[n] = i
            scores[n] = v
            n += 1
    if include_inplay:
        for s in range(N_SYSTEMS):
            k = pile(p, STACK + s)
            if s == s_exclude or cnt[k] == 0:
                continue
            cand_pile[n] = k
            cand_pos[n] = cnt[k] - 1
            scores[n] = value_now(sc, strat, p, piles[k, cnt[k] - 1])
            n += 1
    if lowest and is_random(strat, p):
        # the random player may also decline ("may Scrap")
        if rand_below(sc, n + 1) == n:
            return -1, -1
    i = rank_pick(sc, strat, p, n, scores, lowest)
    if i < 0:
        return -1, -1
    return cand_pile[i], cand_pos[i]


@hot
def pick_system_discard(cards, piles, cnt, sc, strat, p, scores):
    """Index in p's System discard of the System card to move to hand (Super Computer); -1 none."""
    if is_solo_ai(strat, p):
        return solo_ai.super_computer_pick(cards, piles, cnt, sc, p)
    k = pile(p, SYS_DISC)
    for i in range(cnt[k]):
        t = piles[k, i]
        scores[i] = value_now(sc, strat, p, t) if cards[t, C_KIND] == KIND_SYSTEM else -1e9
    i = rank_pick(sc, strat, p, cnt[k], scores, False)
    if i >= 0 and cards[piles[k, i], C_KIND] != KIND_SYSTEM:
        return -1
    return i


@hot
def pick_crew_move(cards, eff, piles, cnt, sc, strat, p, src, dst):
    """(from system, crew index, to system) of an optional Crew move; from = -1: no move.
    The random player picks uniformly among the legal moves and not moving."""
    if not is_random(strat, p):
        return heuristic.crew_move(cards, eff, piles, cnt, sc, strat, p, src, dst)
    n_legal = 0
    for rnd in range(2):   # first count the legal moves, then walk to the one drawn
        k = -1 if rnd == 0 else rand_below(sc, n_legal + 1)
        n_legal = 0
        for a in range(N_SYSTEMS):
            if src >= 0 and a != src:
                continue
            ka = pile(p, CREW + a)
            for i in range(cnt[ka]):
                for b in range(N_SYSTEMS):
                    if b == a or (dst >= 0 and b != dst) or cnt[pile(p, CREW + b)] >= MAX_CREW_PER_SYSTEM:
                        continue
                    if n_legal == k:
                        return a, i, b
                    n_legal += 1
    return -1, -1, -1


# ---------------------------------------------------------------- market
@hot_inlined
def market_action(cards, piles, cnt, sc, strat, p, costs, refreshes):
    """(M_* kind, arg). ``costs[k]``: price of item k after discounts (k = 2s+slot, then 6+e),
    or -1 when the item is absent. A restricted seat (``restricted_costs``) sees a banned card as
    absent and buys a forced one first."""
    credits = sc[S_CREDITS + p]
    forced = restricted_costs(piles, cnt, strat, p, costs, credits)
    if forced >= 0:
        return (M_BUY_SYSTEM, forced) if forced < 6 else (M_BUY_CREW, forced - 6)
    if is_random(strat, p):
        n = 1
        for k in range(9):
            if 0 <= costs[k] <= credits:
                n += 1
        can_refresh = credits >= 2 and refreshes < 2
        r = rand_below(sc, n + (4 if can_refresh else 0))
        if r >= n:
            return M_REFRESH, r - n
        if r == 0:
            return M_STOP, 0
        r -= 1
        for k in range(9):
            if 0 <= costs[k] <= credits:
                if r == 0:
                    return (M_BUY_SYSTEM, k) if k < 6 else (M_BUY_CREW, k - 6)
                r -= 1
        return M_STOP, 0
    return heuristic.market_action(cards, piles, cnt, sc, strat, p, costs, refreshes)


@hot
def restricted_costs(piles, cnt, strat, p, costs, credits):
    """Restricted play (the V_RESTRICT block of p's row): a Market item whose card p is banned from is
    marked absent in ``costs`` (-1: p never buys it; the rules' prices are not changed, only what p
    is offered); returns an affordable item whose card p is forced to buy (the first), else -1.
    An unrestricted row reads nine zeros and changes nothing."""
    forced = -1
    for k in range(9):
        if costs[k] < 0:
            continue
        r = restriction(strat, p, market_item(piles, cnt, k))
        if r == RESTRICT_BAN:
            costs[k] = -1
        elif r == RESTRICT_FORCE and forced < 0 and costs[k] <= credits:
            forced = k
    return forced


@hot
def pick_market_card(cards, piles, cnt, sc, strat, p, flt, scores, cand):
    """Market item (k = 2s+slot or 6+e) that p takes for free, within filter ``flt``; -1 none."""
    n = 0
    for k in range(9):
        if k < 6:
            s = k // 2
            if (flt >= 0 and flt != s) or k % 2 >= cnt[M_FACEUP + s]:
                continue
            t = piles[M_FACEUP + s, k % 2]
        else:
            if (flt >= 0 and flt != 3) or cnt[M_CREW + k - 6] == 0:
                continue
            t = piles[M_CREW + k - 6, cnt[M_CREW + k - 6] - 1]
        if restriction(strat, p, t) == RESTRICT_BAN:
            continue
        cand[n] = k
        scores[n] = value_now(sc, strat, p, t) + 0.01 * cards[t, C_CREDIT]
        n += 1
    i = rank_pick(sc, strat, p, n, scores, False)
    return -1 if i < 0 else cand[i]


@hot
def quantum_deck_type(item):
    """Deck type (0..2 System types, 3..5 Crew decks) of a Quantum Artifact item (see below)."""
    if item < 6:
        return item // 2
    if item < 9:
        return item - 3
    return item - 9


@hot
def pick_quantum_card(cards, piles, cnt, sc, strat, p, taken, scores, cand):
    """Quantum Artifact: the Market item p takes into hand, of a deck type other than ``taken``
    (-1: no type yet); -1 if none. Items: 0..5 a face-up System card (2*system+slot), 6..8 the top
    of a Crew deck (6+expertise), 9..11 the hidden top card of a System Market deck (9+system)."""
    n = 0
    for item in range(12):
        if taken >= 0 and quantum_deck_type(item) == taken:
            continue
        if item < 6:
            s = item // 2
            if item % 2 >= cnt[M_FACEUP + s]:
                continue
            if restriction(strat, p, piles[M_FACEUP + s, item % 2]) == RESTRICT_BAN:
                continue
            score = value_now(sc, strat, p, piles[M_FACEUP + s, item % 2])
        elif item < 9:
            k = M_CREW + item - 6
            if cnt[k] == 0 or restriction(strat, p, piles[k, cnt[k] - 1]) == RESTRICT_BAN:
                continue
            score = value_now(sc, strat, p, piles[k, cnt[k] - 1])   # Crew decks are face up
        else:
            k = M_SYS_DECK + item - 9
            if cnt[k] == 0:
                continue
            # a blind card: the mean of that deck (the random player never reads it)
            score = 0.0 if is_random(strat, p) else \
                heuristic.deck_mean_value(piles, cnt, sc, strat, p, k, weight_mults(sc, strat, p))
        cand[n] = item
        scores[n] = score
        n += 1
    i = rank_pick(sc, strat, p, n, scores, False)
    return -1 if i < 0 else cand[i]


@hot
def scrap_threshold(strat, p):
    return strat[p, P_SCRAP_BELOW]
