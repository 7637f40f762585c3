"""The Star Realms effect interpreter: one branch per opcode (``opcodes.Op``), plus the moves every
effect is made of (draw, discard, scrap, destroy a base, refill the trade row) and ally checks."""
from .players import policy as pol

from .bound_checks import count_effects
from .events import log_event
from .jit import hot, hot_outlined
from .layout import (CFG_EXPLORER, CFG_OPP_DISCARD, CFG_OUTPOSTS, CFG_SCRAP_FROM, DECK, DISCARD,
                     EACH_MEMBER_DISCARDS, EV_ALLY, EV_BUY, EV_CHOICE, EV_DESTROY_BASE, EV_DISCARD, EV_DRAW,
                     EV_SCRAP_CARD, EXPLORERS, F_ALLY, F_ALLY2, F_COPY_SHIFT, HAND, LOG_TRADE_ROW, PLAY, PLAYER_PILES, ROW_SLOTS, SCRAP,
                     SCRAP_EITHER_PILE, S_AUTH, S_AUTH_GAINED, S_BLOB_PLAYED, S_BOUGHT, S_CARD_COUNTS, S_COMBAT, S_EXTRA_ALLIES,
                     S_FED_DISCOUNT, S_MEMBER, S_OWNED, S_PEND_DISCARD, S_PEND_TEAM, S_SCRAPPED,
                     S_SIDE, S_TOP_SHIP, S_TRADE, S_TRADE_GAINED, TRADE_DECK, TRADE_ROW)
from .opcodes import (C_ALLY, C_ALLY2, C_ALLY_AS, C_DEFENSE, C_FACTION, C_KIND, C_TRIGGER, KIND_SHIP, STAR_EMPIRE,
                      TRADE_FEDERATION, Op)
from .piles import pop, push, remove_at, shuffle
from simcore.play_counts import DRAWN, count_card

ONSLAUGHT_ALLY = -2   # EV_ALLY's trigger when Nandi's Onslaught's faction symbols fired it


@hot
def side_of(sc, p):
    return sc[S_SIDE + p]


@hot
def member(sc, side, j):
    """Player j (0, or 1 in a team: else -1) of ``side``."""
    return sc[S_MEMBER + 2 * side + j]


@hot
def teammate(sc, p):
    """p's teammate, or -1 when p's side is one player."""
    s = sc[S_SIDE + p]
    m0 = sc[S_MEMBER + 2 * s]
    return sc[S_MEMBER + 2 * s + 1] if p == m0 else m0


@hot
def own(cards, sc, p, t, d):
    """p gains (d=1) or loses (d=-1) a card of type t: the per-faction owned counts follow."""
    mask = cards[t, C_FACTION]
    for f in range(4):
        if mask & (1 << f):
            sc[S_OWNED + 4 * p + f] += d


@hot
def draw_one(piles, fl, cnt, sc, p):
    """Move the top card of p's deck to p's hand, shuffling the discard pile in when the deck is empty.
    Returns the type drawn, or -1 when deck and discard pile are both empty."""
    deck = p * PLAYER_PILES + DECK
    if cnt[deck] == 0:
        disc = p * PLAYER_PILES + DISCARD
        if cnt[disc] == 0:
            return -1
        for i in range(cnt[disc]):
            piles[deck, i] = piles[disc, i]
        cnt[deck] = cnt[disc]
        cnt[disc] = 0
        shuffle(piles, cnt, deck, sc)
    t = pop(piles, cnt, deck)
    push(piles, fl, cnt, p * PLAYER_PILES + HAND, t, 0)
    count_card(sc, S_CARD_COUNTS, DRAWN, sc[S_SIDE + p], t)
    return t


@hot
def draw_n(piles, fl, cnt, sc, log, p, n):
    drawn = 0
    for _ in range(n):
        if draw_one(piles, fl, cnt, sc, p) < 0:
            break
        drawn += 1
    if drawn > 0:
        log_event(log, sc, p, EV_DRAW, drawn, 0, 0)
    return drawn


@hot
def discard_from_hand(strat, piles, fl, cnt, sc, log, p, optional, forced):
    """p discards one card of their hand (their policy picks it). Returns 1 if a card was discarded."""
    i = pol.choose_discard(strat, p, piles, cnt, sc, optional)
    if i < 0:
        return 0
    t = remove_at(piles, fl, cnt, p * PLAYER_PILES + HAND, i)
    push(piles, fl, cnt, p * PLAYER_PILES + DISCARD, t, 0)
    log_event(log, sc, p, EV_DISCARD, t, forced, 0)
    return 1


@hot
def scrap_own_card(cards, cfg, strat, piles, fl, cnt, sc, log, p, from_discard, optional):
    """p scraps one card of their hand (or discard pile; with SCRAP_EITHER_PILE, a team member may take it
    from the teammate's discard pile too). Returns 1 if a card was scrapped."""
    other = -1
    if from_discard and cfg[CFG_SCRAP_FROM] == SCRAP_EITHER_PILE:
        mate = teammate(sc, p)
        if mate >= 0:
            other = mate * PLAYER_PILES + DISCARD
    code = pol.choose_scrap(strat, p, piles, cnt, sc, from_discard, optional, other)
    if code < 0:
        return 0
    k = code // 1000
    owner = k // PLAYER_PILES
    t = remove_at(piles, fl, cnt, k, code % 1000)
    push(piles, fl, cnt, SCRAP, t, 0)
    own(cards, sc, owner, t, -1)
    sc[S_SCRAPPED + p] += 1
    log_event(log, sc, p, EV_SCRAP_CARD, t, k % PLAYER_PILES, 0 if owner == p else 1)
    return 1


@hot
def refill_row(piles, fl, cnt):
    """Refill the trade row at once from the trade deck (a row short of cards stays short)."""
    while cnt[TRADE_ROW] < ROW_SLOTS and cnt[TRADE_DECK] > 0:
        push(piles, fl, cnt, TRADE_ROW, pop(piles, cnt, TRADE_DECK), 0)


@hot
def destroy_base(cards, piles, fl, cnt, sc, log, p, code, ev):
    """Destroy the opponent's base ``code`` (PLAY pile * 1000 + slot): it goes to its owner's discard pile."""
    k = code // 1000
    o = k // PLAYER_PILES
    t = remove_at(piles, fl, cnt, k, code % 1000)
    push(piles, fl, cnt, o * PLAYER_PILES + DISCARD, t, 0)
    log_event(log, sc, p, ev, t, cards[t, C_DEFENSE], 1 if member(sc, side_of(sc, o), 1) == o else 0)
    return t


@hot
def effective_type(piles, fl, k, i):
    """The type a card in play acts as: a Stealth Needle's copy, else its own."""
    copy = fl[k, i] >> F_COPY_SHIFT
    return copy - 1 if copy > 0 else piles[k, i]


@hot
def ally_factions(cards, piles, fl, k, i):
    """Factions whose ally abilities a card in play triggers: its own (Mech World: all), and a Stealth
    Needle's copy's too."""
    return cards[piles[k, i], C_ALLY_AS] | cards[effective_type(piles, fl, k, i), C_ALLY_AS]


@hot
def allies_of(cards, piles, fl, cnt, sc, p, slot):
    """How many other cards in p's play count as allies of card ``slot``, and the type
    of the first one (ONSLAUGHT_ALLY: Nandi's Onslaught's symbols)."""
    k = p * PLAYER_PILES + PLAY
    trigger = cards[effective_type(piles, fl, k, slot), C_TRIGGER]
    n, first = 0, -1
    if sc[S_EXTRA_ALLIES + p] > 0:
        if trigger & STAR_EMPIRE:
            n += 1
            first = ONSLAUGHT_ALLY
        if trigger & TRADE_FEDERATION:
            n += 1
            first = ONSLAUGHT_ALLY
    for j in range(cnt[k]):
        if j != slot and (ally_factions(cards, piles, fl, k, j) & trigger) != 0:
            n += 1
            if first == -1:
                first = piles[k, j]
    return n, first


@hot
def take_from_row(cards, piles, fl, cnt, sc, log, bought, p, i, cost, top):
    """p acquires trade-row card i (to the top of their deck or their discard pile); the row is refilled."""
    t = remove_at(piles, fl, cnt, TRADE_ROW, i)
    push(piles, fl, cnt, p * PLAYER_PILES + (DECK if top else DISCARD), t, 0)
    own(cards, sc, p, t, 1)
    sc[S_BOUGHT + p] += 1
    bought[side_of(sc, p), t] += 1
    log_event(log, sc, p, EV_BUY, t, cost, top)
    refill_row(piles, fl, cnt)


@hot
def take_explorer(cards, cfg, piles, fl, cnt, sc, log, bought, p, cost, top):
    """p acquires an Explorer of the pile (to the top of their deck or their discard pile)."""
    t = cfg[CFG_EXPLORER]
    pop(piles, cnt, EXPLORERS)
    push(piles, fl, cnt, p * PLAYER_PILES + (DECK if top else DISCARD), t, 0)
    own(cards, sc, p, t, 1)
    sc[S_BOUGHT + p] += 1
    bought[side_of(sc, p), t] += 1
    log_event(log, sc, p, EV_BUY, t, cost, top)


@hot_outlined
def apply_op(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, op, n):
    """Perform one effect of p's card. Static ops and COPY_SHIP (handled when a card is played) do nothing here."""
    if op == Op.TRADE:
        sc[S_TRADE] += n
        sc[S_TRADE_GAINED + p] += n
    elif op == Op.COMBAT:
        sc[S_COMBAT] += n
    elif op == Op.AUTHORITY:        # a team's Authority is shared
        sc[S_AUTH + side_of(sc, p)] += n
        sc[S_AUTH_GAINED + side_of(sc, p)] += n
    elif op == Op.DRAW:
        draw_n(piles, fl, cnt, sc, log, p, n)
    elif op == Op.OPP_DISCARD or op == Op.EACH_OPP_DISCARD:
        o = 1 - side_of(sc, p)
        m1 = member(sc, o, 1)
        if m1 >= 0 and op == Op.OPP_DISCARD and cfg[CFG_OPP_DISCARD] != EACH_MEMBER_DISCARDS:
            sc[S_PEND_TEAM + o] += n            # "target opponent" against a team: the team shares them out
        else:                                   # each opponent (or the one opponent) discards n
            sc[S_PEND_DISCARD + member(sc, o, 0)] += n
            if m1 >= 0:
                sc[S_PEND_DISCARD + m1] += n
    elif op == Op.SCRAP_HAND_OR_DISCARD:
        for _ in range(n):
            if scrap_own_card(cards, cfg, strat, piles, fl, cnt, sc, log, p, True, True) == 0:
                break
    elif op == Op.SCRAP_TRADE_ROW:
        for _ in range(n):
            i = pol.choose_row_scrap(strat, p, cards, piles, cnt, sc)
            if i < 0:
                break
            t = remove_at(piles, fl, cnt, TRADE_ROW, i)
            push(piles, fl, cnt, SCRAP, t, 0)
            sc[S_SCRAPPED + p] += 1
            log_event(log, sc, p, EV_SCRAP_CARD, t, LOG_TRADE_ROW, 0)
            refill_row(piles, fl, cnt)
    elif op == Op.DESTROY_BASE:
        for _ in range(n):
            i = pol.choose_enemy_base(strat, p, cards, piles, cnt, sc, cfg[CFG_OUTPOSTS])
            if i < 0:
                break
            destroy_base(cards, piles, fl, cnt, sc, log, p, i, EV_DESTROY_BASE)
    elif op == Op.DRAW_IF_TWO_BASES:
        k = p * PLAYER_PILES + PLAY
        bases = 0
        for i in range(cnt[k]):
            if cards[piles[k, i], C_KIND] != KIND_SHIP:
                bases += 1
        if bases >= 2:
            draw_n(piles, fl, cnt, sc, log, p, n)
    elif op == Op.NEXT_SHIP_TOP:
        sc[S_TOP_SHIP + p] += n
    elif op == Op.FREE_SHIP_TOP:
        for _ in range(n):
            i = pol.choose_free_ship(strat, p, cards, piles, cnt, sc, cfg[CFG_EXPLORER])
            if i < 0:
                break
            if i == pol.ROW_EXPLORER:
                take_explorer(cards, cfg, piles, fl, cnt, sc, log, bought, p, 0, 1)
            else:
                take_from_row(cards, piles, fl, cnt, sc, log, bought, p, i, 0, 1)
    elif op == Op.DRAW_PER_BLOB:
        draw_n(piles, fl, cnt, sc, log, p, sc[S_BLOB_PLAYED + p])
    elif op == Op.DISCARD_DRAW or op == Op.DISCARD_THEN_DRAW:
        k = 0
        for _ in range(n):
            k += discard_from_hand(strat, piles, fl, cnt, sc, log, p, True, 0)
        draw_n(piles, fl, cnt, sc, log, p, k)
    elif op == Op.SCRAP_FROM_HAND:
        for _ in range(n):
            scrap_own_card(cards, cfg, strat, piles, fl, cnt, sc, log, p, False, False)
    elif op == Op.SCRAP_THEN_DRAW:
        k = 0
        for _ in range(n):
            if scrap_own_card(cards, cfg, strat, piles, fl, cnt, sc, log, p, True, True) == 0:
                break
            k += 1
        draw_n(piles, fl, cnt, sc, log, p, k)
    elif op == Op.DRAW_THEN_DISCARD:
        draw_n(piles, fl, cnt, sc, log, p, n)
        for _ in range(n):
            discard_from_hand(strat, piles, fl, cnt, sc, log, p, False, 0)
    elif op == Op.FEDERATION_DISCOUNT:
        sc[S_FED_DISCOUNT + p] += n
    elif op == Op.GAIN_ALLIES:
        sc[S_EXTRA_ALLIES + p] = 1
    elif op == Op.SELF_DISCARD:
        for _ in range(n):
            discard_from_hand(strat, piles, fl, cnt, sc, log, p, False, 0)


@hot
def run_segment(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, t, start, n):
    """Run ``n`` effect rows from ``start`` for p's card ``t``; an OR row asks p's policy. The rows count
    toward the play's bound (``bound_checks.count_effects``): past it, the segment is not run."""
    if not count_effects(cfg, sc, log, p, n):
        return
    for r in range(start, start + n):
        op, a = eff[r, 0], eff[r, 1]
        if eff[r, 2] > 0:
            if pol.choose_option(strat, p, sc, op, a, eff[r, 2], eff[r, 3]) == 1:
                op, a = eff[r, 2], eff[r, 3]
            log_event(log, sc, p, EV_CHOICE, t, op, a)
        # the common gains here, the rest a call: inlining every opcode at each segment costs more than it saves
        if op == Op.TRADE:
            sc[S_TRADE] += a
            sc[S_TRADE_GAINED + p] += a
        elif op == Op.COMBAT:
            sc[S_COMBAT] += a
        else:
            apply_op(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, op, a)


@hot
def fire_allies(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p):
    """Fire every ally (and double ally) ability of p's cards in play whose condition now holds, until
    none is left: one fired ability may draw nothing that changes play, but the loop is cheap."""
    k = p * PLAYER_PILES + PLAY
    changed = True
    while changed:
        changed = False
        for i in range(cnt[k]):
            e = effective_type(piles, fl, k, i)
            for double in range(2):
                col = C_ALLY2 if double else C_ALLY
                flag = F_ALLY2 if double else F_ALLY
                if cards[e, col + 1] == 0 or (fl[k, i] & flag) != 0:
                    continue
                allies, first = allies_of(cards, piles, fl, cnt, sc, p, i)
                if allies >= 1 + double:
                    fl[k, i] |= flag
                    log_event(log, sc, p, EV_ALLY, e, first, double)
                    run_segment(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, e, cards[e, col],
                                cards[e, col + 1])
                    changed = True
