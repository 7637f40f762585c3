"""The weighted policy (kind "heuristic"): how a strategy row's parameters decide each choice.

``simcore.games.last_command.players.policy`` dispatches here for heuristic rows; each function names the parameters
it reads. Card values are re-weighed for the game state (``simcore.games.last_command.players.situation``), so the
same strategy values Repair more when its Hull is low and Damage more when the opponent's is.
"""
import numpy as np

from ..jit import hot, hot_inlined
from ..layout import (CAP, CREW, CREW_DECK, CREW_DISC, FACEUP_SLOTS, HAND, M_CREW, M_FACEUP,
                      M_SYS_DECK, MAX_CREW_PER_SYSTEM, MAX_POWER, N_SYSTEMS, S_BONUS_DONE,
                      S_CREDITS, S_POWER, SCR_CAND_A, SCR_SCORES, SYS_DECK, SYS_DISC)
from ..queries import (active_type, can_play_system, crew_count, crew_with_expertise,
                       has_crew_space, pile)
from ..opcodes import Op, Req
from ..tables import (BONUS_PER_CREW, C_BONUS, C_EXPERTISE, C_KIND, C_POWER, C_REQ, C_REQ_ARG,
                      C_SYSTEM, KIND_CREW, KIND_SYSTEM)

from .actions import (A_CLEAR_CREW, A_DISCARD, A_PLAY_CREW, A_PLAY_SYSTEM, M_BUY_CREW, M_BUY_SYSTEM, M_REFRESH,
                      M_STOP)
from .params import (P_BIAS_ENGINEERING, P_BUY_MIN, P_CLEAR_CREW, P_COST_WEIGHT, P_COVER_MARGIN, P_CREW_BONUS,
                     P_CREW_SHARE, P_DISCARD_BELOW, P_DRAW_NEED, P_KEEP_BOARD, P_MALF_CREW, P_PLACE_BONUS,
                     P_PLACE_HOME, P_PLACE_NEED, P_PLACE_SPREAD, P_REFRESH_BELOW, P_REFRESH_CREDITS, P_SAVE_GAP,
                     P_SYSTEMS_FIRST, P_W_POWER)
from .situation import card_value_now, play_economy_value, rows_now, rows_recurring, top_value, weight_mults

MAX_MARKET_CREDITS = 10


# ---------------------------------------------------------------- reading the hand and the ship
@hot_inlined
def hand_power_needs(cards, piles, cnt, sc, p):
    """Power each System (0, 1, 2) still lacks for the System cards of its type in p's hand
    (< 0: a surplus), in one pass over the hand."""
    h = pile(p, HAND)
    n0 = n1 = n2 = 0
    for i in range(cnt[h]):
        t = piles[h, i]
        if cards[t, C_KIND] == KIND_SYSTEM:
            s = cards[t, C_SYSTEM]
            if s == 0:
                n0 += cards[t, C_POWER]
            elif s == 1:
                n1 += cards[t, C_POWER]
            else:
                n2 += cards[t, C_POWER]
    o = S_POWER + 3 * p
    return n0 - sc[o], n1 - sc[o + 1], n2 - sc[o + 2]


@hot_inlined
def systems_crew_would_enable(cards, piles, cnt, p, e):
    """Bit s set: a System card of System s in p's hand has an unmet requirement that a Crew of
    expertise e stationed in s would meet (Railgun's Tactician, Scrizzian Maul's second Crew, ...)."""
    h = pile(p, HAND)
    mask = 0
    for i in range(cnt[h]):
        t = piles[h, i]
        if cards[t, C_KIND] != KIND_SYSTEM:
            continue
        s = cards[t, C_SYSTEM]
        if mask & (1 << s):
            continue
        r = cards[t, C_REQ]
        if r == Req.CREW_IN_SYSTEM and crew_count(cnt, p, s) < cards[t, C_REQ_ARG] <= crew_count(cnt, p, s) + 1:
            mask |= 1 << s
        elif r == Req.EXPERTISE_IN_SYSTEM and cards[t, C_REQ_ARG] == e \
                and crew_with_expertise(cards, piles, cnt, p, s, e) == 0:
            mask |= 1 << s
    return mask


@hot
def bonus_change(cards, eff, piles, cnt, sc, strat, p, s, e, m, others):
    """Value of the System Bonus of expertise e in System s that one Crew of e pays for, when
    ``others`` other Crew of e stay there: a once-per-turn Bonus only if none of them pays it,
    and none that this Bonus Phase has paid already (a Crew moved now keeps what it earned)."""
    if sc[S_BONUS_DONE] & (1 << (3 * s + e)):
        return 0.0
    top = active_type(piles, cnt, sc, p, s)
    if top < 0:
        return 0.0
    c = C_BONUS + 3 * e
    if cards[top, c + 1] == 0:
        return 0.0
    if others > 0 and cards[top, c + 2] != BONUS_PER_CREW:
        return 0.0
    return rows_recurring(eff, sc, strat, p, m, cards[top, c], cards[top, c + 1])


@hot_inlined
def bonus_added(cards, eff, piles, cnt, sc, strat, p, s, e, m):
    """Value of the System Bonus one more Crew of expertise e in System s earns (0: none new)."""
    return bonus_change(cards, eff, piles, cnt, sc, strat, p, s, e, m,
                        crew_with_expertise(cards, piles, cnt, p, s, e))


@hot_inlined
def bonus_lost(cards, eff, piles, cnt, sc, strat, p, s, e, m):
    """Value of the System Bonus System s stops earning when one Crew of expertise e leaves it."""
    return bonus_change(cards, eff, piles, cnt, sc, strat, p, s, e, m,
                        crew_with_expertise(cards, piles, cnt, p, s, e) - 1)


# ---------------------------------------------------------------- drawing
@hot
def draw_source(cards, piles, cnt, sc, strat, p):
    """0: System deck, 1: Crew deck. Crew while fewer than P_CREW_SHARE of the hand (plus
    P_DRAW_NEED while a System card in hand lacks Power) is Crew; with P_KEEP_BOARD, never the
    empty deck (drawing from it takes that deck's cards out of play) while the other has cards."""
    h = pile(p, HAND)
    crew = 0
    short = False
    for i in range(cnt[h]):
        t = piles[h, i]
        if cards[t, C_KIND] == KIND_CREW:
            crew += 1
        elif cards[t, C_KIND] == KIND_SYSTEM and sc[S_POWER + 3 * p + cards[t, C_SYSTEM]] < cards[t, C_POWER]:
            short = True
    share = strat[p, P_CREW_SHARE] + (strat[p, P_DRAW_NEED] if short else 0.0)
    src = 1 if crew < share * (cnt[h] + 1) else 0
    if strat[p, P_KEEP_BOARD] > 0.5:
        mine = pile(p, CREW_DECK if src == 1 else SYS_DECK)
        other = pile(p, SYS_DECK if src == 1 else CREW_DECK)
        if cnt[mine] == 0 and cnt[other] > 0:
            src = 1 - src
    return src


# ---------------------------------------------------------------- Card Phase
@hot
def crew_system(cards, eff, piles, cnt, sc, strat, p, t):
    """System (with room) for Crew card t, the best by P_PLACE_BONUS x the Bonus it earns there,
    + P_PLACE_NEED where cards in hand lack Power (or this Crew), - P_PLACE_SPREAD x Power there,
    + P_PLACE_HOME in its own colour; a full Power gauge is avoided. -1 if no System has room."""
    e = cards[t, C_EXPERTISE]
    m = weight_mults(sc, strat, p)
    need = hand_power_needs(cards, piles, cnt, sc, p)
    enables = systems_crew_would_enable(cards, piles, cnt, p, e)
    best = -1
    best_score = -1e18
    for s in range(N_SYSTEMS):
        if cnt[pile(p, CREW + s)] >= MAX_CREW_PER_SYSTEM:
            continue
        score = strat[p, P_PLACE_BONUS] * bonus_added(cards, eff, piles, cnt, sc, strat, p, s, e, m)
        if need[s] > 0 or enables & (1 << s):
            score += strat[p, P_PLACE_NEED]
        pw = sc[S_POWER + 3 * p + s]
        score -= strat[p, P_PLACE_SPREAD] * pw
        if pw >= MAX_POWER:
            score -= 5.0
        if s == e:
            score += strat[p, P_PLACE_HOME]
        if score > best_score:
            best_score = score
            best = s
    return best


@hot_inlined
def crew_action(cards, eff, piles, cnt, sc, strat, p, i):
    """Play the Crew card at hand index i; with 9 Crew in play clear them (P_CLEAR_CREW) or discard it."""
    t = piles[pile(p, HAND), i]
    if has_crew_space(cnt, p):
        return i, A_PLAY_CREW, crew_system(cards, eff, piles, cnt, sc, strat, p, t)
    if strat[p, P_CLEAR_CREW] > 0.5:
        return i, A_CLEAR_CREW, -1
    return i, A_DISCARD, -1


@hot
def system_to_play(cards, piles, cnt, sc, strat, p, m):
    """Hand index of the System card to play next; -1 if none can be paid now.

    A card is held back while paying for it would leave a better card of its System unpaid.
    Of the rest, the one with the least (value while uncovered - economy of playing it) goes first: Power and
    draws early (they may pay for or bring more cards), and in each System the card that is
    best to leave uncovered last. Which cards can be paid, and their values, are read once per
    card into sc's scratch space, not once per pair of cards."""
    h = pile(p, HAND)
    n = cnt[h]
    vals = sc[SCR_SCORES:SCR_SCORES + CAP].view(np.float64)
    payable = sc[SCR_CAND_A:SCR_CAND_A + CAP]
    for i in range(n):
        t = piles[h, i]
        payable[i] = cards[t, C_KIND] == KIND_SYSTEM and can_play_system(cards, piles, cnt, sc, p, t, False)
        if payable[i]:
            vals[i] = card_value_now(strat, p, t, m)
    pick = -1
    pick_key = 1e18
    for i in range(n):
        if not payable[i]:
            continue
        t = piles[h, i]
        s = cards[t, C_SYSTEM]
        left = sc[S_POWER + 3 * p + s] - cards[t, C_POWER]
        blocks = False
        for j in range(n):
            u = piles[h, j]
            if j != i and payable[j] and cards[u, C_SYSTEM] == s and vals[j] > vals[i] and left < cards[u, C_POWER]:
                blocks = True
                break
        if blocks:
            continue
        key = top_value(strat, p, t) - m[3] * play_economy_value(strat, p, t)
        if key < pick_key:
            pick_key = key
            pick = i
    return pick


@hot
def card_action(cards, eff, piles, cnt, sc, strat, p):
    """Next Card Phase action: (hand index, A_* kind, system).

    Crew first (best first) unless P_SYSTEMS_FIRST, then System cards (``system_to_play``); a
    System card is discarded for 2 Credits when playing it gains less than P_DISCARD_BELOW, the
    gain being its value now minus P_COVER_MARGIN x what the card it covers gives uncovered."""
    h = pile(p, HAND)
    n = cnt[h]
    m = weight_mults(sc, strat, p)
    crew_i = -1
    crew_v = -1e18
    for i in range(n):
        t = piles[h, i]
        if cards[t, C_KIND] == KIND_CREW:
            v = card_value_now(strat, p, t, m)
            if v > crew_v:
                crew_v = v
                crew_i = i
    if crew_i >= 0 and strat[p, P_SYSTEMS_FIRST] <= 0.5:
        return crew_action(cards, eff, piles, cnt, sc, strat, p, crew_i)
    pick = system_to_play(cards, piles, cnt, sc, strat, p, m)
    if pick >= 0:
        t = piles[h, pick]
        s = cards[t, C_SYSTEM]
        gain = card_value_now(strat, p, t, m)
        top = active_type(piles, cnt, sc, p, s)
        if top >= 0:
            gain -= strat[p, P_COVER_MARGIN] * top_value(strat, p, top)
        if gain < strat[p, P_DISCARD_BELOW]:
            return pick, A_DISCARD, -1
        return pick, A_PLAY_SYSTEM, s
    if crew_i >= 0:
        return crew_action(cards, eff, piles, cnt, sc, strat, p, crew_i)
    for i in range(n):
        if cards[piles[h, i], C_KIND] != KIND_CREW:
            return i, A_DISCARD, -1
    return 0, A_DISCARD, -1


@hot
def power_system(cards, piles, cnt, sc, strat, p):
    """System for 'any System' Power: P_PLACE_NEED x the Power its cards in hand lack,
    - 5 P_PLACE_SPREAD x its Power; never a full gauge while another has room."""
    need = hand_power_needs(cards, piles, cnt, sc, p)
    best = 0
    best_score = -1e18
    for s in range(N_SYSTEMS):
        pw = sc[S_POWER + 3 * p + s]
        score = strat[p, P_PLACE_NEED] * need[s] \
            - 5.0 * strat[p, P_PLACE_SPREAD] * pw
        if pw >= MAX_POWER:
            score -= 1000.0
        if score > best_score:
            best_score = score
            best = s
    return best


@hot
def free_play_value(cards, piles, cnt, sc, strat, p, m):
    """What 'play a System card with no Power cost' is worth now beyond its weight: the best of
    the cards it could play, a card that cannot be paid counting whole, one that can counting
    the Power it saves."""
    h = pile(p, HAND)
    best = 0.0
    for i in range(cnt[h]):
        t = piles[h, i]
        if not can_play_system(cards, piles, cnt, sc, p, t, True):
            continue
        if can_play_system(cards, piles, cnt, sc, p, t, False):
            v = strat[p, P_W_POWER] * m[3] * cards[t, C_POWER]
        else:
            v = card_value_now(strat, p, t, m) - strat[p, P_DISCARD_BELOW]
        best = max(best, v)
    return best


@hot
def option_value(cards, eff, piles, cnt, sc, strat, p, m, start, length):
    v = rows_now(eff, sc, strat, p, m, start, length)
    for j in range(start, start + length):
        if eff[j, 0] == Op.PLAY_FREE:
            v += free_play_value(cards, piles, cnt, sc, strat, p, m)
    return v


@hot
def choose_option(cards, eff, piles, cnt, sc, strat, p, i):
    """0 or 1: the OR option worth more now (both feasible): Damage and Repair re-weighed for the
    Hulls, Repair no more than the Hull missing, and a lethal option first."""
    a = eff[i, 1]
    b = eff[i, 2]
    m = weight_mults(sc, strat, p)
    va = option_value(cards, eff, piles, cnt, sc, strat, p, m, i + 1, a)
    vb = option_value(cards, eff, piles, cnt, sc, strat, p, m, i + 1 + a, b)
    return 0 if va >= vb else 1


# ---------------------------------------------------------------- targets
@hot
def malfunction_pile(cnt, strat, p, q, on_deck):
    """Pile kind of q that receives p's Malfunction. Onto a deck: the Crew deck while P_MALF_CREW >= 0
    (and it has cards), else the System deck. Into a discard: the one whose deck is smaller (it is
    shuffled back sooner), P_MALF_CREW tipping the balance towards the Crew discard."""
    crew = cnt[pile(q, CREW_DECK)]
    system = cnt[pile(q, SYS_DECK)]
    if on_deck:
        if crew > 0 and (strat[p, P_MALF_CREW] >= 0 or system == 0):
            return CREW_DECK
        return SYS_DECK
    if crew - system < strat[p, P_MALF_CREW]:
        return CREW_DISC
    return SYS_DISC


@hot
def malfunction_repair_pile(cnt, p, n_sys, n_crew):
    """Discard (both hold Malfunctions) that a Malfunction Repair empties of one: the one whose deck
    is smaller, as it is shuffled back (and its Malfunctions drawn) sooner; on a tie the one with
    more Malfunctions, then the System discard."""
    sys_deck = cnt[pile(p, SYS_DECK)]
    crew_deck = cnt[pile(p, CREW_DECK)]
    if crew_deck < sys_deck or (crew_deck == sys_deck and n_crew > n_sys):
        return CREW_DISC
    return SYS_DISC


@hot
def crew_move(cards, eff, piles, cnt, sc, strat, p, src, dst):
    """(from system, crew index, to system) of the Crew move that gains the most Bonus value
    (weighted by P_PLACE_BONUS); from = -1 when no move gains."""
    m = weight_mults(sc, strat, p)
    best_from = -1
    best_i = -1
    best_to = -1
    best_gain = 1e-9
    for a in range(N_SYSTEMS):
        if src >= 0 and a != src:
            continue
        ka = pile(p, CREW + a)
        for i in range(cnt[ka]):
            e = cards[piles[ka, i], C_EXPERTISE]
            lost = bonus_lost(cards, eff, piles, cnt, sc, strat, p, a, e, m)
            for b in range(N_SYSTEMS):
                if b == a or (dst >= 0 and b != dst) or cnt[pile(p, CREW + b)] >= MAX_CREW_PER_SYSTEM:
                    continue
                gain = strat[p, P_PLACE_BONUS] * (bonus_added(cards, eff, piles, cnt, sc, strat, p, b, e, m) - lost)
                if gain > best_gain:
                    best_gain = gain
                    best_from = a
                    best_i = i
                    best_to = b
    return best_from, best_i, best_to


@hot
def deck_mean_value(piles, cnt, sc, strat, p, k, m):
    """Mean value to p of the cards in pile k (a face-down Market deck whose contents are known)."""
    if cnt[k] == 0:
        return -1e9
    total = 0.0
    for i in range(cnt[k]):
        total += card_value_now(strat, p, piles[k, i], m)
    return total / cnt[k]


# ---------------------------------------------------------------- Market
@hot
def market_score(cards, strat, p, t, cost, m):
    """Value now - P_COST_WEIGHT x price, + P_CREW_BONUS for Crew, + the System's P_BIAS_*."""
    v = card_value_now(strat, p, t, m) - strat[p, P_COST_WEIGHT] * cost
    if cards[t, C_KIND] == KIND_CREW:
        v += strat[p, P_CREW_BONUS]
    elif cards[t, C_KIND] == KIND_SYSTEM:
        v += strat[p, P_BIAS_ENGINEERING + cards[t, C_SYSTEM]]
    return v


@hot
def market_item(piles, cnt, k):
    if k < 6:
        return piles[M_FACEUP + k // 2, k % 2]
    return piles[M_CREW + k - 6, cnt[M_CREW + k - 6] - 1]


@hot
def market_action(cards, piles, cnt, sc, strat, p, costs, refreshes):
    """Buy the best-scoring affordable item while its score >= P_BUY_MIN, unless an unaffordable
    one scores P_SAVE_GAP more (save for it). Buying nothing: refresh the System set with the
    worst best card once a turn, when the best buy scores < P_REFRESH_BELOW and Credits >=
    P_REFRESH_CREDITS."""
    credits = sc[S_CREDITS + p]
    can_refresh = refreshes == 0 and credits >= strat[p, P_REFRESH_CREDITS] and credits >= 2
    if not can_refresh:
        # most Market Phases end with nothing affordable: then no score can change the answer
        affordable = False
        for k in range(9):
            affordable |= 0 <= costs[k] <= credits
        if not affordable:
            return M_STOP, 0
    m = weight_mults(sc, strat, p)
    best = -1
    best_score = -1e18
    dream_score = -1e18
    dream_cost = 0
    for k in range(9):
        if costs[k] < 0:
            continue
        score = market_score(cards, strat, p, market_item(piles, cnt, k), costs[k], m)
        if costs[k] <= credits and score > best_score:
            best_score = score
            best = k
        if costs[k] <= MAX_MARKET_CREDITS and score > dream_score:
            dream_score = score
            dream_cost = costs[k]
    if best >= 0 and best_score >= strat[p, P_BUY_MIN]:
        if dream_cost > credits and dream_score - best_score > strat[p, P_SAVE_GAP]:
            return M_STOP, 0
        return (M_BUY_SYSTEM, best) if best < 6 else (M_BUY_CREW, best - 6)
    if can_refresh and best_score < strat[p, P_REFRESH_BELOW]:
        worst = -1
        worst_score = 1e18
        for s in range(N_SYSTEMS):
            if cnt[M_SYS_DECK + s] < FACEUP_SLOTS:
                continue
            top_score = -1e18
            for slot in range(cnt[M_FACEUP + s]):
                if costs[2 * s + slot] < 0:     # a card this seat is banned from (restricted play)
                    continue
                t = piles[M_FACEUP + s, slot]
                top_score = max(top_score, market_score(cards, strat, p, t, costs[2 * s + slot], m))
            if top_score < worst_score:
                worst_score = top_score
                worst = s
        if worst >= 0:
            return M_REFRESH, worst
    return M_STOP, 0
