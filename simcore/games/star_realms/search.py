"""The Star Realms search player: flat Monte Carlo with UCB1 over each purchase and each attack.

A side whose strategy has kind KIND_SEARCH plays its base heuristic everywhere but two decisions,
one step at a time: which card to acquire next (each affordable trade-row card or Explorer, for a
Hydra team each with the member who buys it, or stop buying), and what to attack next (each base or
Outpost it may hit, or the opponent's Authority). Option 0 of each is the heuristic's own choice. A purchase
of a card the side is forced to (restricted play, ``commandsim impact --forced``) is not searched: the heuristic
buys a forced card whenever it can afford it, and so does the search player.

``search_turn`` is the turn loop one level above the engine's phases: it plays a searching side's
turn phase by phase (``rules``), and before each searched step runs ``decide``. Every rollout copies
the state into scratch arrays, deals again what the side cannot see (``determinize``: its own decks'
order, each opponent's hand with their deck, the trade deck's order; the game's RNG, which holds the
future shuffles, is reseeded from the search's own), forces the option, finishes the turn and plays
the game out with ``rules.play_turn``, the engine's own turn, every seat playing the searcher's base
heuristic (``rollout_rows``: the searcher does not know its opponent's strategy). The value is 1, 1/2
or 0 from the searching side (a team's shared result). A batch without a search player never runs
this file: ``batch.play_batch`` picks ``play_block`` or ``play_block_search`` in Python.
"""
from __future__ import annotations

import numpy as np

from simcore.search import UCB_C, best_option, deal_unseen, decision_rng, rs_below, ucb_pick
from strategies.star_realms import policy as pol
from strategies.star_realms.params import KIND_HEURISTIC, KIND_SEARCH, P_KIND, P_ROLLOUTS, RESTRICT_FORCE

from .effects import log_event, member
from .jit import hot
from .layout import (CAP, CFG_EXPLORER, CFG_OUTPOSTS, DECK, EV_END, EXPLORERS, HAND, LOG_COLS, N_PILES,
                     N_SC, PLAYER_PILES, S_COMBAT, S_CUR, S_FED_DISCOUNT, S_ROLLOUTS, S_RNG,
                     S_SEARCHES, S_TRADE, S_WINNER, TRADE_DECK, TRADE_ROW)
from .rules import (WINNER_DRAW, attack, begin_turn, buy, buy_loop, end_side_turn, hit, play_cards, play_turn,
                    procure, setup_game, start_side, team_acquire, team_plays)

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
def decide(cards, eff, cfg, strat, rstrat, piles, fl, cnt, sc, seed, stage, opts, keys, visits, totals, piles2,
           fl2, cnt2, sc2, log2, bought2, ks, buf, rs):
    """The option side ``sc[S_CUR]`` takes at this BUY or ATTACK step: ``opts[decide(...)]`` (NONE: stop).
    With two options or more, ``strat``'s rollouts are spread over them by UCB1 and the best mean wins
    (ties: option 0, the heuristic's). Reads only what the side may see, and never moves the game's RNG."""
    s = sc[S_CUR]
    if stage == BUY:
        n = buy_options(strat, cfg, cards, piles, cnt, sc, s, opts, keys)
        if forced_buy(strat, cfg, piles, sc, s, opts[0]):
            return 0        # restricted play: a forced card is bought as the heuristic buys it, not searched
    else:
        n = attack_options(strat, cfg, cards, piles, cnt, sc, s, opts, keys)
    if n < 2:
        return 0
    stream = decision_rng(seed, sc[S_SEARCHES])
    sc[S_SEARCHES] += 1
    budget = np.int64(strat[member(sc, s, 0), P_ROLLOUTS])
    for o in range(n):
        visits[o] = 0
        totals[o] = 0.0
    for p in range(bought2.shape[0]):
        for t in range(bought2.shape[1]):
            bought2[p, t] = 0
    for _ in range(budget):
        o = ucb_pick(visits, totals, n, UCB_C)
        # common random numbers: the j-th rollout of every option plays the same deal and the same dice, so
        # options are compared on the same worlds (a small budget then tells them apart far sooner)
        rs[0] = decision_rng(stream, visits[o])
        copy_state(piles, fl, cnt, sc, piles2, fl2, cnt2, sc2)
        determinize(piles2, cnt2, sc2, s, ks, buf, rs)
        v = rollout(cards, eff, cfg, rstrat, piles2, fl2, cnt2, sc2, log2, bought2, s, stage, opts[o])
        visits[o] += 1
        totals[o] += v
    sc[S_ROLLOUTS] += budget
    return best_option(visits, totals, n)


@hot
def search_turn(cards, eff, cfg, strat, rstrat, piles, fl, cnt, sc, log, bought, seed, opts, keys, visits, totals,
                piles2, fl2, cnt2, sc2, log2, bought2, ks, buf, rs):
    """One turn of the current side: ``rules.play_turn`` for a heuristic side; for a searching one the same
    phases, each purchase and each attack chosen by ``decide`` (``rstrat[side]``: its rollouts' seats)."""
    s = sc[S_CUR]
    m0 = member(sc, s, 0)
    if strat[m0, P_KIND] != KIND_SEARCH:
        play_turn(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought)
        return
    rs_side = rstrat[s]
    play_until_purchases(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, s)
    for stage in range(2):
        while stage == BUY or sc[S_COMBAT] > 0:
            o = decide(cards, eff, cfg, strat, rs_side, piles, fl, cnt, sc, seed, stage, opts, keys, visits,
                       totals, piles2, fl2, cnt2, sc2, log2, bought2, ks, buf, rs)
            if opts[o] < 0:
                break
            perform(cards, cfg, strat, piles, fl, cnt, sc, log, bought, s, stage, opts[o])
            if stage == BUY and member(sc, s, 1) < 0:   # Alliance Procurement is offered before each purchase
                procure(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, m0)
    end_side_turn(cards, cfg, piles, fl, cnt, sc, log, s)


@hot
def play_game(cards, eff, setup, cfg, strat, rstrat, piles, fl, cnt, sc, log, bought, seed, opts, keys, visits,
              totals, piles2, fl2, cnt2, sc2, log2, bought2, ks, buf, rs):
    """``rules.play_game`` with ``search_turn`` for turns: the same game for heuristic seats."""
    for p in range(2):
        for t in range(bought.shape[1]):
            bought[p, t] = 0
    setup_game(cards, setup, cfg, piles, fl, cnt, sc, log, seed)
    while sc[S_WINNER] < 0:
        search_turn(cards, eff, cfg, strat, rstrat, piles, fl, cnt, sc, log, bought, seed, opts, keys, visits,
                    totals, piles2, fl2, cnt2, sc2, log2, bought2, ks, buf, rs)
    log_event(log, sc, sc[S_WINNER] if sc[S_WINNER] < 2 else -1, EV_END, sc[S_WINNER], 0, 0)


class Scratch:
    """A thread block's scratch arrays for searching (allocated in Python: the jitted code never allocates)."""

    def __init__(self, n_types: int):
        self.arrays = (np.zeros(MAX_OPTIONS, np.int64), np.zeros(MAX_OPTIONS, np.int64),
                       np.zeros(MAX_OPTIONS, np.int64), np.zeros(MAX_OPTIONS, np.float64),
                       np.zeros((N_PILES, CAP), np.int32), np.zeros((N_PILES, CAP), np.int32),
                       np.zeros(N_PILES, np.int32), np.zeros(N_SC, np.int64), np.zeros((1, LOG_COLS), np.int32),
                       np.zeros((2, n_types), np.int32), np.zeros(2, np.int64), np.zeros(N_PILES * CAP, np.int32),
                       np.zeros(1, np.int64))


def rollout_rows(strategies, tables, cfg) -> np.ndarray:
    """float64[2, MAX_PLAYERS, cols]: for each searching side, the rows every seat plays in its rollouts: its
    base heuristic, on each seat as ``strategy_rows`` makes a row for that seat (a seat facing a Hydra team
    with its ``vs_team_*`` multipliers). A side that does not search: zeros (never read)."""
    from strategies.star_realms.library import resolve, strategy_rows

    from .setup import opponents, player_rows
    out = None
    for s, strategy in enumerate(strategies):
        _, vec = resolve(strategy)
        if vec[P_KIND] != KIND_SEARCH:
            continue
        vec = vec.copy()
        vec[P_KIND] = KIND_HEURISTIC
        _, rows = strategy_rows((vec, vec), tables, opponents(cfg))
        rows = player_rows(rows, cfg)
        if out is None:
            out = np.zeros((2, *rows.shape))
        out[s] = rows
    return out


@hot
def to_first_purchase(cards, eff, setup, cfg, strat, piles, fl, cnt, sc, log, bought, seed, turns):
    """Set up the game ``seed``, play ``turns`` turns with ``strat`` and the next side's turn up to its first
    purchase (as ``search_turn`` plays it): a position where ``decide`` is asked BUY (tests, situations)."""
    setup_game(cards, setup, cfg, piles, fl, cnt, sc, log, seed)
    for _ in range(turns):
        play_turn(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought)
    s = sc[S_CUR]
    play_until_purchases(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, s)
    return s


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
