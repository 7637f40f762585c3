"""Star Realms decisions, jitted: each reads the seat's strategy row (parameters, then a value per card
type) and the state, and returns the choice. Seat p's row is strat[p]; a random strategy
(P_KIND == KIND_RANDOM) picks uniformly among the legal choices, drawing from the game's RNG."""
from ..jit import hot
from ..layout import (DECK, DISCARD, EXPLORERS, HAND, PLAY, PLAYER_PILES, S_AUTH,
                      S_BLOB_PLAYED, S_BOUGHT, S_COMBAT, S_FED_DISCOUNT, S_MEMBER, S_OWNED,
                      S_SIDE, S_TOP_SHIP, S_TRADE, TEAM_OUTPOSTS_GUARD_OWNER, TRADE_ROW)
from ..opcodes import (C_COST, C_DEFENSE, C_FACTION, C_KIND, C_PLAY_AFTER, C_PRIMARY,
                       KIND_OUTPOST, KIND_SHIP, TRADE_FEDERATION, Op)
from ..piles import rand_below

from .params import (KIND_RANDOM, N_PARAMS, P_ATTACK_BASES, P_BUY_MIN, P_COST_WEIGHT, P_ONSLAUGHT_ALLIES,
                     P_SCRAP_BELOW, P_SYNERGY, P_USE_SCRAP, P_W_AUTHORITY, P_W_COMBAT, P_W_DRAW, P_W_SCRAP,
                     P_W_TRADE, RESTRICT_BAN, RESTRICT_FORCE)

NONE = -1
ROW_EXPLORER = 1000   # choose_buy: the Explorer pile
FACE = 1001           # choose_attack: the opponent's Authority (a base: its PLAY pile * 1000 + slot)
BUYER = 10000         # choose_team_buy: buyer * BUYER + choose_buy's index
PRIMARY_DECLINE = -1  # base_primary: not this turn
PRIMARY_LATER = 0     # ... not yet (after the hand is played)
PRIMARY_NOW = 1


@hot
def is_random(strat, p):
    return strat[p, 0] == KIND_RANDOM


@hot
def value(strat, p, t):
    return strat[p, N_PARAMS + t]


@hot
def restriction(strat, p, t):
    """p's restriction of card type t (the row's last block): 0.0 none, RESTRICT_BAN or RESTRICT_FORCE."""
    return strat[p, N_PARAMS + (strat.shape[1] - N_PARAMS) // 2 + t]


@hot
def banned(strat, p, t):
    return restriction(strat, p, t) == RESTRICT_BAN


@hot
def offered(strat, p, cards, t, discount, trade):
    """Card t is one p may acquire with ``trade``: affordable and not banned (restricted play)."""
    return price(cards, t, discount) <= trade and not banned(strat, p, t)


@hot
def forced_score(strat, p, t):
    """A forced card (restricted play) outranks every other purchase."""
    return 1e9 if restriction(strat, p, t) == RESTRICT_FORCE else 0.0


@hot
def option_value(strat, p, sc, op, n):
    if op == Op.TRADE:
        return strat[p, P_W_TRADE] * n
    if op == Op.COMBAT:
        return strat[p, P_W_COMBAT] * n
    if op == Op.AUTHORITY:
        return strat[p, P_W_AUTHORITY] * n
    if op == Op.DRAW:
        return strat[p, P_W_DRAW] * n
    if op == Op.DRAW_PER_BLOB:
        return strat[p, P_W_DRAW] * sc[S_BLOB_PLAYED + p]
    return 0.5 * (strat[p, P_W_DRAW] + strat[p, P_W_SCRAP]) * n


@hot
def choose_option(strat, p, sc, op, n, alt, alt_n):
    """0: the first option of an OR, 1: the second."""
    if is_random(strat, p):
        return rand_below(sc, 2)
    return 1 if option_value(strat, p, sc, alt, alt_n) > option_value(strat, p, sc, op, n) else 0


@hot
def play_rank(cards, t):
    """Order of play for the heuristic: bases first (their allies and Fleet HQ's bonus count for the ships
    after them), then ships, then the cards that gain from what was played before them (Stealth Needle
    copies a ship in play, Blob World draws per Blob card played)."""
    if cards[t, C_PLAY_AFTER]:
        return 2
    return 1 if cards[t, C_KIND] == KIND_SHIP else 0


@hot
def wants_played_hand(op):
    """An op that does better once the hand is played: it counts the cards played (Blob World), or scraps
    from hand or discard pile (the hand's cards bring their gains first; cards it draws are played after)."""
    return op == Op.DRAW_PER_BLOB or op == Op.SCRAP_HAND_OR_DISCARD or op == Op.SCRAP_THEN_DRAW


@hot
def junk_share(strat, p, piles, cnt):
    """Share of the cards p would draw next (the deck, or the discard pile once it is empty) valued below
    scrap_below."""
    k = p * PLAYER_PILES + DECK
    if cnt[k] == 0:
        k = p * PLAYER_PILES + DISCARD
    if cnt[k] == 0:
        return 0.0
    n = 0
    for i in range(cnt[k]):
        if value(strat, p, piles[k, i]) < strat[p, P_SCRAP_BELOW]:
            n += 1
    return n / cnt[k]


@hot
def base_primary(strat, p, cards, eff, piles, cnt, sc, t, last):
    """When p uses the primary ability of base t (once each turn, at any time of the Main Phase): PRIMARY_NOW,
    PRIMARY_LATER (once the hand is played; not offered when ``last``: the hand is played) or PRIMARY_DECLINE.
    The heuristic uses it at once, waits while cards are in hand when it does better after them
    (``wants_played_hand``), and declines a forced scrap from the hand (Machine Base: "draw a card, then scrap
    a card from your hand") when neither the hand holds a card valued below scrap_below nor do half the cards
    it may draw."""
    if is_random(strat, p):
        if last:
            return PRIMARY_NOW if rand_below(sc, 2) == 0 else PRIMARY_DECLINE
        return rand_below(sc, 3) - 1
    hand = cnt[p * PLAYER_PILES + HAND]
    later = False
    for r in range(cards[t, C_PRIMARY], cards[t, C_PRIMARY] + cards[t, C_PRIMARY + 1]):
        if eff[r, 0] == Op.SCRAP_FROM_HAND and eff[r, 2] == 0:
            if (least_value(strat, p, piles, cnt) >= strat[p, P_SCRAP_BELOW]
                    and junk_share(strat, p, piles, cnt) < 0.5):
                return PRIMARY_DECLINE
        if wants_played_hand(eff[r, 0]) or (eff[r, 2] > 0 and wants_played_hand(eff[r, 2])):
            later = True
    return PRIMARY_LATER if later and hand > 0 and not last else PRIMARY_NOW


@hot
def choose_play(strat, p, cards, piles, cnt, sc):
    """Index in p's hand of the next card to play (the hand is played out whole)."""
    k = p * PLAYER_PILES + HAND
    if is_random(strat, p):
        return rand_below(sc, cnt[k])
    best, best_rank = 0, 3
    for i in range(cnt[k]):
        r = play_rank(cards, piles[k, i])
        if r < best_rank:
            best, best_rank = i, r
    return best


@hot
def choose_discard(strat, p, piles, cnt, sc, optional):
    """Index in p's hand of the card to discard (NONE: keep them all, only when ``optional``)."""
    k = p * PLAYER_PILES + HAND
    if cnt[k] == 0:
        return NONE
    if is_random(strat, p):
        if optional and rand_below(sc, 2) == 0:
            return NONE
        return rand_below(sc, cnt[k])
    best, best_v = NONE, 1e18
    for i in range(cnt[k]):
        v = value(strat, p, piles[k, i])
        if v < best_v:
            best, best_v = i, v
    if optional and best_v >= strat[p, P_SCRAP_BELOW]:
        return NONE
    return best


@hot
def choose_scrap(strat, p, piles, cnt, sc, from_discard, optional, other):
    """A card of p's hand (or discard pile, or the discard pile ``other`` >= 0: a teammate's) to scrap:
    pile * 1000 + index, or NONE."""
    hand = p * PLAYER_PILES + HAND
    disc = p * PLAYER_PILES + DISCARD
    n_disc = cnt[disc] if from_discard else 0
    n_other = cnt[other] if other >= 0 else 0
    total = cnt[hand] + n_disc + n_other
    if total == 0:
        return NONE
    if is_random(strat, p):
        if optional and rand_below(sc, 2) == 0:
            return NONE
        i = rand_below(sc, total)
        if i < cnt[hand]:
            return hand * 1000 + i
        i -= cnt[hand]
        return disc * 1000 + i if i < n_disc else other * 1000 + i - n_disc
    best, best_v = NONE, 1e18
    for i in range(n_disc):   # the discard pile first: a card in hand may still be played
        v = value(strat, p, piles[disc, i])
        if v < best_v:
            best, best_v = disc * 1000 + i, v
    for i in range(n_other):
        v = value(strat, p, piles[other, i])
        if v < best_v:
            best, best_v = other * 1000 + i, v
    for i in range(cnt[hand]):
        v = value(strat, p, piles[hand, i])
        if v < best_v:
            best, best_v = hand * 1000 + i, v
    if optional and best_v >= strat[p, P_SCRAP_BELOW]:
        return NONE
    return best


@hot
def choose_row_scrap(strat, p, cards, piles, cnt, sc):
    """Index of a trade-row card to scrap, or NONE: the best card p cannot afford now (deny it)."""
    if cnt[TRADE_ROW] == 0:
        return NONE
    if is_random(strat, p):
        return NONE if rand_below(sc, 2) == 0 else rand_below(sc, cnt[TRADE_ROW])
    best, best_v = NONE, 3.0
    for i in range(cnt[TRADE_ROW]):
        t = piles[TRADE_ROW, i]
        v = value(strat, p, t)
        if cards[t, C_COST] > sc[S_TRADE] and v > best_v:
            best, best_v = i, v
    return best


@hot
def opponent_play(sc, p, j):
    """PLAY pile of member j of p's opponent side, or -1."""
    m = sc[S_MEMBER + 2 * (1 - sc[S_SIDE + p]) + j]
    return m * PLAYER_PILES + PLAY if m >= 0 else -1


@hot
def opponent_guards(cards, piles, cnt, sc, p, guard_owner):
    """(k0, k1, guard0, guard1, outposts): the PLAY piles of p's opponent side's members (k1 -1 but in a team),
    the Outposts guarding each member's bases (against a team, guard_owner == TEAM_OUTPOSTS_GUARD_OWNER: that
    member's own; else all of the side's) and the side's Outposts in all (they guard its Authority)."""
    k0, k1 = opponent_play(sc, p, 0), opponent_play(sc, p, 1)
    out0 = outposts_in(cards, piles, cnt, k0)
    out1 = outposts_in(cards, piles, cnt, k1) if k1 >= 0 else 0
    outposts = out0 + out1
    if guard_owner != TEAM_OUTPOSTS_GUARD_OWNER:
        out0 = out1 = outposts
    return k0, k1, out0, out1, outposts


@hot
def choose_enemy_base(strat, p, cards, piles, cnt, sc, guard_owner):
    """An opponent's base to destroy by an ability: PLAY pile * 1000 + slot, or NONE. "Your non-outpost Bases
    may not be attacked or targeted by your opponent until all of your Outposts are destroyed": while an
    Outpost guards them (``opponent_guards``), only an Outpost. The heuristic takes the one it values most."""
    k0, k1, out0, out1, _ = opponent_guards(cards, piles, cnt, sc, p, guard_owner)
    n_cand = 0
    best, best_v = NONE, -1e18
    for j in range(2):
        k = k0 if j == 0 else k1
        if k < 0:
            break
        guarded = out0 if j == 0 else out1
        for i in range(cnt[k]):
            t = piles[k, i]
            if may_destroy(cards, t, guarded, cards[t, C_DEFENSE]):
                n_cand += 1
                v = value(strat, p, t)
                if v > best_v:
                    best, best_v = k * 1000 + i, v
    if n_cand == 0 or not is_random(strat, p):
        return best
    pick = rand_below(sc, n_cand)
    for j in range(2):
        k = k0 if j == 0 else k1
        if k < 0:
            break
        guarded = out0 if j == 0 else out1
        for i in range(cnt[k]):
            t = piles[k, i]
            if may_destroy(cards, t, guarded, cards[t, C_DEFENSE]):
                if pick == 0:
                    return k * 1000 + i
                pick -= 1
    return NONE


@hot
def choose_copy(strat, p, cards, piles, fl, cnt, sc, self_slot, needle):
    """Slot of a ship p played this turn for Stealth Needle to copy, or NONE."""
    k = p * PLAYER_PILES + PLAY
    n_cand = 0
    best, best_v = NONE, -1e18
    for i in range(cnt[k]):
        t = piles[k, i]
        if i == self_slot or cards[t, C_KIND] != KIND_SHIP or (t == needle and (fl[k, i] >> 8) == 0):
            continue
        n_cand += 1
        v = value(strat, p, t)
        if v > best_v:
            best, best_v = i, v
    if n_cand == 0 or not is_random(strat, p):
        return best
    pick = rand_below(sc, n_cand)
    for i in range(cnt[k]):
        t = piles[k, i]
        if i == self_slot or cards[t, C_KIND] != KIND_SHIP or (t == needle and (fl[k, i] >> 8) == 0):
            continue
        if pick == 0:
            return i
        pick -= 1
    return NONE


@hot
def choose_free_ship(strat, p, cards, piles, cnt, sc, explorer):
    """Blob Carrier's "acquire any ship": a trade-row ship's index, ROW_EXPLORER (an Explorer is a ship too),
    or NONE when there is none. The heuristic takes the one it values most."""
    best, best_v, n_cand = NONE, -1e18, 0
    for i in range(cnt[TRADE_ROW]):
        t = piles[TRADE_ROW, i]
        if cards[t, C_KIND] == KIND_SHIP and not banned(strat, p, t):
            n_cand += 1
            v = value(strat, p, t)
            if v > best_v:
                best, best_v = i, v
    if cnt[EXPLORERS] > 0 and not banned(strat, p, explorer):
        n_cand += 1
        if value(strat, p, explorer) > best_v:
            best = ROW_EXPLORER
    if n_cand == 0 or not is_random(strat, p):
        return best
    pick = rand_below(sc, n_cand)
    for i in range(cnt[TRADE_ROW]):
        if cards[piles[TRADE_ROW, i], C_KIND] == KIND_SHIP and not banned(strat, p, piles[TRADE_ROW, i]):
            if pick == 0:
                return i
            pick -= 1
    return ROW_EXPLORER


@hot
def put_on_top(strat, p, piles, cnt, sc, t):
    """"You may put the next ship you acquire this turn on top of your deck" (Freighter, Central Office): for
    the heuristic, when the ship is worth more than the mean of the deck's cards (one of which it keeps out of
    the next hand), or the deck is empty."""
    if is_random(strat, p):
        return rand_below(sc, 2) == 1
    return top_gain(strat, p, piles, cnt, t) > 0


@hot
def top_gain(strat, p, piles, cnt, t):
    """What card t gains on top of p's deck rather than in the discard pile: its value less the mean of the
    deck's cards (one of which it keeps out of the next hand); all its value when the deck is empty."""
    k = p * PLAYER_PILES + DECK
    if cnt[k] == 0:
        return value(strat, p, t)
    total = 0.0
    for i in range(cnt[k]):
        total += value(strat, p, piles[k, i])
    return value(strat, p, t) - total / cnt[k]


@hot
def price(cards, t, discount):
    c = cards[t, C_COST]
    if discount > 0 and (cards[t, C_FACTION] & TRADE_FEDERATION) != 0:
        c = max(0, c - discount)
    return c


@hot
def buy_score(strat, p, cards, sc, t):
    """A card's value less its cost, plus its faction synergy: the cards of its factions p owns."""
    mask = cards[t, C_FACTION]
    owned = 0
    for f in range(4):
        if mask & (1 << f):
            owned += sc[S_OWNED + 4 * p + f]
    return value(strat, p, t) - strat[p, P_COST_WEIGHT] * cards[t, C_COST] + strat[p, P_SYNERGY] * owned


@hot
def choose_team_buy(strat, m0, m1, cards, piles, cnt, sc, explorer):
    """What a team acquires with its pooled Trade and who buys it: buyer * BUYER + choose_buy's index, or NONE.
    The heuristic takes the best (card, member) score: a member's own faction synergy, then a member whose
    "next ship on top" waits for a ship, then the member who bought less (their decks grow evenly)."""
    trade = sc[S_TRADE]
    if is_random(strat, m0):
        forced = forced_team_buy(strat, m0, m1, cards, piles, cnt, sc, explorer)
        if forced != NONE:
            return forced
        n_cand = 0
        for j in range(2):
            m = m0 if j == 0 else m1
            for i in range(cnt[TRADE_ROW]):
                if offered(strat, m, cards, piles[TRADE_ROW, i], sc[S_FED_DISCOUNT + m], trade):
                    n_cand += 1
            if cnt[EXPLORERS] > 0 and offered(strat, m, cards, explorer, 0, trade):
                n_cand += 1
        if n_cand == 0:
            return NONE
        pick = rand_below(sc, n_cand + 1)     # one more: stop buying
        for j in range(2):
            m = m0 if j == 0 else m1
            for i in range(cnt[TRADE_ROW]):
                if offered(strat, m, cards, piles[TRADE_ROW, i], sc[S_FED_DISCOUNT + m], trade):
                    if pick == 0:
                        return m * BUYER + i
                    pick -= 1
            if cnt[EXPLORERS] > 0 and offered(strat, m, cards, explorer, 0, trade):
                if pick == 0:
                    return m * BUYER + ROW_EXPLORER
                pick -= 1
        return NONE
    best, best_v = NONE, strat[m0, P_BUY_MIN]
    for j in range(2):
        m = m0 if j == 0 else m1
        tie = -1e-6 * sc[S_BOUGHT + m]
        for i in range(cnt[TRADE_ROW] + 1):
            if i < cnt[TRADE_ROW]:
                t = piles[TRADE_ROW, i]
                if not offered(strat, m, cards, t, sc[S_FED_DISCOUNT + m], trade):
                    continue
            else:
                t = explorer
                if cnt[EXPLORERS] == 0 or not offered(strat, m, cards, t, 0, trade):
                    continue
            v = buy_score(strat, m, cards, sc, t) + tie + forced_score(strat, m, t)
            if sc[S_TOP_SHIP + m] > 0 and cards[t, C_KIND] == KIND_SHIP:
                v += 1e-3
            if v > best_v:
                best, best_v = m * BUYER + (i if i < cnt[TRADE_ROW] else ROW_EXPLORER), v
    return best


@hot
def forced_team_buy(strat, m0, m1, cards, piles, cnt, sc, explorer):
    """Restricted play for a random team: the first card either member may acquire and is forced to (m0's
    first), as buyer * BUYER + index; NONE when there is none (the heuristic's forced_score ranks them first)."""
    trade = sc[S_TRADE]
    for j in range(2):
        m = m0 if j == 0 else m1
        for i in range(cnt[TRADE_ROW]):
            t = piles[TRADE_ROW, i]
            if restriction(strat, m, t) == RESTRICT_FORCE and offered(strat, m, cards, t, sc[S_FED_DISCOUNT + m],
                                                                      trade):
                return m * BUYER + i
        if cnt[EXPLORERS] > 0 and offered(strat, m, cards, explorer, 0, trade) \
                and restriction(strat, m, explorer) == RESTRICT_FORCE:
            return m * BUYER + ROW_EXPLORER
    return NONE


@hot
def choose_discarder(strat, m0, m1, piles, cnt, sc):
    """Which team member discards a card the opponent imposed: the one whose least valued card is worth least
    (random: either member holding cards); NONE when both hands are empty."""
    h0, h1 = cnt[m0 * PLAYER_PILES + HAND], cnt[m1 * PLAYER_PILES + HAND]
    if h0 == 0 or h1 == 0:
        return NONE if h0 == h1 else (m0 if h0 > 0 else m1)
    if is_random(strat, m0):
        return m0 if rand_below(sc, 2) == 0 else m1
    return m0 if least_value(strat, m0, piles, cnt) <= least_value(strat, m1, piles, cnt) else m1


@hot
def least_value(strat, p, piles, cnt):
    k = p * PLAYER_PILES + HAND
    v = 1e18
    for i in range(cnt[k]):
        v = min(v, value(strat, p, piles[k, i]))
    return v


@hot
def choose_buy(strat, p, cards, piles, cnt, sc, trade, discount, explorer):
    """What to acquire with ``trade``: a trade-row index, ROW_EXPLORER, or NONE to stop buying."""
    n_cand = 0
    best, best_v = NONE, strat[p, P_BUY_MIN]
    forced = NONE          # restricted play: a card p buys whenever it can afford it, random or not
    for i in range(cnt[TRADE_ROW]):
        t = piles[TRADE_ROW, i]
        if offered(strat, p, cards, t, discount, trade):
            n_cand += 1
            if forced == NONE and restriction(strat, p, t) == RESTRICT_FORCE:
                forced = i
            v = buy_score(strat, p, cards, sc, t)
            if v > best_v:
                best, best_v = i, v
    if cnt[EXPLORERS] > 0 and offered(strat, p, cards, explorer, 0, trade):
        n_cand += 1
        if forced == NONE and restriction(strat, p, explorer) == RESTRICT_FORCE:
            forced = ROW_EXPLORER
        v = buy_score(strat, p, cards, sc, explorer)
        if v > best_v:
            best, best_v = ROW_EXPLORER, v
    if forced != NONE:
        return forced
    if not is_random(strat, p) or n_cand == 0:
        return best
    pick = rand_below(sc, n_cand + 1)     # one more: stop buying
    for i in range(cnt[TRADE_ROW]):
        if offered(strat, p, cards, piles[TRADE_ROW, i], discount, trade):
            if pick == 0:
                return i
            pick -= 1
    if cnt[EXPLORERS] > 0 and offered(strat, p, cards, explorer, 0, trade) and pick == 0:
        return ROW_EXPLORER
    return NONE



@hot
def best_buy_score(strat, p, cards, piles, cnt, sc, trade, discount, explorer, skip):
    """The best buy score of what ``trade`` affords, choose_buy's index ``skip`` left out (P_BUY_MIN: nothing)."""
    best_v = strat[p, P_BUY_MIN]
    for i in range(cnt[TRADE_ROW]):
        t = piles[TRADE_ROW, i]
        if i != skip and offered(strat, p, cards, t, discount, trade):
            best_v = max(best_v, buy_score(strat, p, cards, sc, t))
    if skip != ROW_EXPLORER and cnt[EXPLORERS] > 0 and offered(strat, p, cards, explorer, 0, trade):
        best_v = max(best_v, buy_score(strat, p, cards, sc, explorer))
    return best_v


@hot
def use_procurement(strat, p, cards, piles, cnt, sc, explorer, discount, gambit):
    """Alliance Procurement, offered before each acquisition of p's turn and when p would stop buying (it may be
    used once, at any time of the Main Phase): NONE (not now), 0 (gain 2 Trade), 1 (the next ship or base
    acquired on top of the deck). The heuristic takes the 2 Trade when they change this acquisition; else the
    top of the deck for it, unless the 2 Trade kept for after it buy another card that scores more than the
    top of the deck gains this one (``top_gain``); and nothing when there is nothing to acquire."""
    if gambit >= 0 and banned(strat, p, gambit):     # restricted play: p never uses this gambit
        return NONE
    if is_random(strat, p):
        return rand_below(sc, 3) - 1
    trade = sc[S_TRADE]
    now = choose_buy(strat, p, cards, piles, cnt, sc, trade, discount, explorer)
    more = choose_buy(strat, p, cards, piles, cnt, sc, trade + 2, discount, explorer)
    if more != NONE and more != now:
        return 0
    if now == NONE:
        return NONE
    t = explorer if now == ROW_EXPLORER else piles[TRADE_ROW, now]
    left = trade - price(cards, t, discount)
    later = (best_buy_score(strat, p, cards, piles, cnt, sc, left + 2, discount, explorer, now)
             - best_buy_score(strat, p, cards, piles, cnt, sc, left, discount, explorer, now))
    return NONE if later > top_gain(strat, p, piles, cnt, t) else 1


@hot
def use_onslaught(strat, p, sc, allies_it_fires, gambit):
    if gambit >= 0 and banned(strat, p, gambit):
        return False
    if is_random(strat, p):
        return rand_below(sc, 4) == 0
    return allies_it_fires >= strat[p, P_ONSLAUGHT_ALLIES]


@hot
def use_scrap_ability(strat, p, sc, t, gain, combat_gain, lethal_need):
    """Scrap card ``t`` from play for its scrap ability worth ``gain`` (``combat_gain`` of it Combat)?"""
    if is_random(strat, p):
        return rand_below(sc, 3) == 0
    if combat_gain > 0 and sc[S_COMBAT] < lethal_need <= sc[S_COMBAT] + combat_gain:
        return True
    return gain >= strat[p, P_USE_SCRAP] * value(strat, p, t) and gain > 0


@hot
def outposts_in(cards, piles, cnt, k):
    n = 0
    for i in range(cnt[k]):
        if cards[piles[k, i], C_KIND] == KIND_OUTPOST:
            n += 1
    return n



@hot
def may_destroy(cards, t, guarded, combat):
    """Base ``t`` may be destroyed now with ``combat``: no ship, and while its owner has an Outpost in
    play (``guarded``) only an Outpost."""
    kind = cards[t, C_KIND]
    return kind != KIND_SHIP and (guarded == 0 or kind == KIND_OUTPOST) and cards[t, C_DEFENSE] <= combat

@hot
def choose_attack(strat, p, cards, piles, cnt, sc, guard_owner):
    """Next target of the Combat of p's side: a base (its PLAY pile * 1000 + slot), FACE (the opponent's
    Authority), or NONE (stop). Outposts first: while one stands, no other target it guards (against a team,
    guard_owner == TEAM_OUTPOSTS_GUARD_OWNER: only its owner's bases; else all) and not the Authority."""
    o = 1 - sc[S_SIDE + p]
    combat = sc[S_COMBAT]
    k0, k1, out0, out1, outposts = opponent_guards(cards, piles, cnt, sc, p, guard_owner)
    if is_random(strat, p):
        affordable = 0
        for j in range(2):
            k = k0 if j == 0 else k1
            if k < 0:
                break
            guarded = out0 if j == 0 else out1
            for i in range(cnt[k]):
                t = piles[k, i]
                if may_destroy(cards, t, guarded, combat):
                    affordable += 1
        n = affordable + (1 if outposts == 0 else 0)
        if n == 0:
            return NONE
        pick = rand_below(sc, n)
        for j in range(2):
            k = k0 if j == 0 else k1
            if k < 0:
                break
            guarded = out0 if j == 0 else out1
            for i in range(cnt[k]):
                t = piles[k, i]
                if may_destroy(cards, t, guarded, combat):
                    if pick == 0:
                        return k * 1000 + i
                    pick -= 1
        return FACE
    if outposts == 0 and combat >= sc[S_AUTH + o]:
        return FACE
    best, best_v = NONE, -1e18
    for j in range(2):
        k = k0 if j == 0 else k1
        if k < 0:
            break
        guarded = out0 if j == 0 else out1
        for i in range(cnt[k]):
            t = piles[k, i]
            kind = cards[t, C_KIND]
            if kind == KIND_SHIP or cards[t, C_DEFENSE] > combat:
                continue
            v = value(strat, p, t)
            if kind == KIND_OUTPOST and outposts > 0:
                if v > best_v:
                    best, best_v = k * 1000 + i, v
            elif guarded == 0 and v >= strat[p, P_ATTACK_BASES] and v > best_v:
                best, best_v = k * 1000 + i, v
    if best != NONE:
        return best
    return FACE if outposts == 0 else NONE
