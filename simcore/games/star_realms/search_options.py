"""What the Star Realms search players share (``search.py``'s flat search, ``tree_search.py``'s tree): the two
decisions they search (BUY: the next purchase, ATTACK: the next attack), each decision's options with a key per
option that names what it does in terms every deal shares (a buyer and a card type, a base's pile and type),
how an option is taken, the determinization of what a side cannot see, and the heuristic's play-out of the
rest of a game. A module of its own so that the flat search's turn loop can hand a tree seat's decisions to
``tree_search`` while both use these, without importing each other in a circle."""
from __future__ import annotations

from simcore.search import deal_unseen, rs_below
from .players import policy as pol
from .players.params import RESTRICT_FORCE

from .effects import member
from .jit import hot
from .layout import (CFG_EXPLORER, CFG_OUTPOSTS, DECK, EXPLORERS, HAND, PLAYER_PILES, S_COMBAT, S_FED_DISCOUNT,
                     S_RNG, S_TRADE, S_WINNER, TRADE_DECK, TRADE_ROW)
from .rules import (WINNER_DRAW, attack, begin_turn, buy, buy_loop, end_side_turn, hit, play_cards, play_turn,
                    procure, start_side, team_acquire, team_plays)

MAX_OPTIONS = 32      # options of one decision (a buy has at most 13: 2 buyers x 6 cards, and stop)
BUY = 0               # the decision searched: the next purchase ...
ATTACK = 1            # ... or the next attack
_SEED_SPAN = 1 << 62


@hot
def add_option(opts, n, code, key, keys):
    """Append ``code`` unless an option with the same ``key`` (what it does: a buyer and card type, a base's
    owner and type) is listed: options that play alike are searched once."""
    for i in range(n):
        if keys[i] == key:
            return n
    if n < opts.shape[0]:
        opts[n] = code
        keys[n] = key
        n += 1
    return n


@hot
def buy_key(cfg, piles, code):
    """(buyer, card type) of a buy code: ``choose_buy``'s index, or a team's buyer * BUYER + index."""
    if code < 0:
        return -1
    i = code % pol.BUYER
    t = cfg[CFG_EXPLORER] if i == pol.ROW_EXPLORER else piles[TRADE_ROW, i]
    return (code // pol.BUYER) * 1000 + t


@hot
def buy_options(strat, cfg, cards, piles, cnt, sc, s, opts, keys):
    """The next purchase of side s: the heuristic's, then every other affordable card (a team: with either
    member as the buyer), then stop buying. Returns how many."""
    m0, m1 = member(sc, s, 0), member(sc, s, 1)
    explorer = cfg[CFG_EXPLORER]
    trade = sc[S_TRADE]
    if m1 < 0:
        opts[0] = pol.choose_buy(strat, m0, cards, piles, cnt, sc, trade, sc[S_FED_DISCOUNT + m0], explorer)
    else:
        opts[0] = pol.choose_team_buy(strat, m0, m1, cards, piles, cnt, sc, explorer)
    keys[0] = buy_key(cfg, piles, opts[0])
    n = 1
    for j in range(2):
        m = member(sc, s, j)
        if m < 0:
            break
        buyer = 0 if m1 < 0 else m * pol.BUYER
        for i in range(cnt[TRADE_ROW]):
            if pol.offered(strat, m, cards, piles[TRADE_ROW, i], sc[S_FED_DISCOUNT + m], trade):
                n = add_option(opts, n, buyer + i, buy_key(cfg, piles, buyer + i), keys)
        if cnt[EXPLORERS] > 0 and pol.offered(strat, m, cards, explorer, 0, trade):
            n = add_option(opts, n, buyer + pol.ROW_EXPLORER, buy_key(cfg, piles, buyer + pol.ROW_EXPLORER), keys)
    return add_option(opts, n, pol.NONE, -1, keys)


@hot
def forced_buy(strat, cfg, piles, sc, s, code):
    """Buy option ``code`` of side s acquires a card its buyer is forced to (restricted play)."""
    if code < 0:
        return False
    buyer = member(sc, s, 0) if member(sc, s, 1) < 0 else code // pol.BUYER
    i = code % pol.BUYER
    t = cfg[CFG_EXPLORER] if i == pol.ROW_EXPLORER else piles[TRADE_ROW, i]
    return pol.restriction(strat, buyer, t) == RESTRICT_FORCE


@hot
def attack_options(strat, cfg, cards, piles, cnt, sc, s, opts, keys):
    """The next target of side s's Combat: the heuristic's, then every base it may destroy now (Outposts
    first, as ``pol.choose_attack`` rules), then the opponent's Authority when no Outpost guards it."""
    p = member(sc, s, 0)
    opts[0] = pol.choose_attack(strat, p, cards, piles, cnt, sc, cfg[CFG_OUTPOSTS])
    keys[0] = -1 if opts[0] < 0 else (-2 if opts[0] == pol.FACE else
                                      (opts[0] // 1000) * 1000 + piles[opts[0] // 1000, opts[0] % 1000])
    if opts[0] < 0:
        return 1        # nothing it may hit (the heuristic stops only then)
    combat = sc[S_COMBAT]
    k0, k1, out0, out1, outposts = pol.opponent_guards(cards, piles, cnt, sc, p, cfg[CFG_OUTPOSTS])
    n = 1
    for j in range(2):
        k = k0 if j == 0 else k1
        if k < 0:
            break
        guarded = out0 if j == 0 else out1
        for i in range(cnt[k]):
            t = piles[k, i]
            if pol.may_destroy(cards, t, guarded, combat):
                n = add_option(opts, n, k * 1000 + i, k * 1000 + t, keys)
    if outposts == 0:
        n = add_option(opts, n, pol.FACE, -2, keys)
    return n


@hot
def step_options(strat, cfg, cards, piles, cnt, sc, s, stage, opts, keys):
    """The options of side s at this BUY or ATTACK step (option 0 the heuristic's), as many as there are to
    search: a purchase of a card the side is forced to (restricted play) is one option, the heuristic's."""
    if stage == BUY:
        n = buy_options(strat, cfg, cards, piles, cnt, sc, s, opts, keys)
        if forced_buy(strat, cfg, piles, sc, s, opts[0]):
            return 1
        return n
    return attack_options(strat, cfg, cards, piles, cnt, sc, s, opts, keys)


@hot
def perform(cards, cfg, strat, piles, fl, cnt, sc, log, bought, s, stage, code):
    """Side s takes option ``code`` of a BUY or ATTACK decision (code >= 0); ``strat`` decides what a purchase
    leaves open (a Freighter's "may put on top")."""
    m0, m1 = member(sc, s, 0), member(sc, s, 1)
    if stage == ATTACK:
        hit(cards, piles, fl, cnt, sc, log, m0, code)
    elif m1 < 0:
        buy(cards, cfg, strat, piles, fl, cnt, sc, log, bought, m0, code)
    else:
        buy(cards, cfg, strat, piles, fl, cnt, sc, log, bought, code // pol.BUYER, code % pol.BUYER)


@hot
def copy_state(piles, fl, cnt, sc, piles2, fl2, cnt2, sc2):
    for k in range(cnt.shape[0]):
        cnt2[k] = cnt[k]
        for i in range(cnt[k]):
            piles2[k, i] = piles[k, i]
            fl2[k, i] = fl[k, i]
    for i in range(sc.shape[0]):
        sc2[i] = sc[i]


@hot
def determinize(piles, cnt, sc, s, ks, buf, rs):
    """Deal again what side s cannot see: its members' deck order, each opponent's hand pooled with their
    deck (which cards those hold is known from what was bought and played; which lie where is not), the
    trade deck's order, and the game's RNG (the order of every future shuffle)."""
    for j in range(2):
        m = member(sc, s, j)
        if m >= 0:
            ks[0] = m * PLAYER_PILES + DECK
            deal_unseen(piles, cnt, ks, 1, buf, rs)
        o = member(sc, 1 - s, j)
        if o >= 0:
            ks[0] = o * PLAYER_PILES + HAND
            ks[1] = o * PLAYER_PILES + DECK
            deal_unseen(piles, cnt, ks, 2, buf, rs)
    ks[0] = TRADE_DECK
    deal_unseen(piles, cnt, ks, 1, buf, rs)
    sc[S_RNG] = rs_below(rs, _SEED_SPAN)


@hot
def rollout(cards, eff, cfg, rstrat, piles, fl, cnt, sc, log, bought, s, stage, code):
    """Force ``code`` at this BUY or ATTACK step of side s's turn, finish the turn and play the game out with
    the heuristic ``rstrat`` for every seat: 1 if side s wins, 1/2 a draw, 0 a loss."""
    m0, m1 = member(sc, s, 0), member(sc, s, 1)
    if code >= 0:
        perform(cards, cfg, rstrat, piles, fl, cnt, sc, log, bought, s, stage, code)
        if stage == BUY:
            if m1 < 0:
                buy_loop(cards, eff, cfg, rstrat, piles, fl, cnt, sc, log, bought, m0)
            else:
                team_acquire(cards, eff, cfg, rstrat, piles, fl, cnt, sc, log, bought, m0, m1)
    if stage == BUY or code >= 0:
        attack(cards, cfg, piles, fl, cnt, sc, log, rstrat, m0)
    end_side_turn(cards, cfg, piles, fl, cnt, sc, log, s)
    while sc[S_WINNER] < 0:
        play_turn(cards, eff, cfg, rstrat, piles, fl, cnt, sc, log, bought)
    w = sc[S_WINNER]
    return 1.0 if w == s else (0.5 if w == WINNER_DRAW else 0.0)


@hot
def play_until_purchases(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, s):
    """Side s's turn as ``rules.play_turn`` plays it, up to its first purchase (Alliance Procurement offered
    before it, as ``rules.buy_loop`` does)."""
    m0, m1 = member(sc, s, 0), member(sc, s, 1)
    start_side(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, s)
    if m1 < 0:
        begin_turn(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, m0)
        play_cards(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, m0)
        procure(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, m0)
    else:
        team_plays(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, m0, m1)
