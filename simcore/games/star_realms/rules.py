"""Star Realms turns: setup, the Main Phase (play cards, ally and scrap abilities, gambits, acquire,
attack), the Discard Phase and the Draw Phase, and a whole game. A turn is a side's: one player's, or in
Two Against One both members' of the Hydra team together (``team_main_phase``). Rule references are to the
issue's summary of the base rules and to the seed rulebook (Alliance Command Deck; Game Modes)."""
from .players import policy as pol

from .effects import (allies_of, destroy_base, discard_from_hand, draw_n, effective_type, fire_allies, log_event,
                      member, own, refill_row, run_segment, side_of, take_explorer, take_from_row)
from .bound_checks import WINNER_DRAW, count_play, end_bound, reach_turn_cap  # noqa: F401  (WINNER_DRAW: the searches read it here)
from .jit import hot, hot_inlined
from .layout import (CFG_AUTH, CFG_EXPLORER, CFG_HAND, CFG_MAX_TURNS, CFG_N_DECK, CFG_N_EXPLORERS, CFG_N_ROW,
                     CFG_N_TRADE, CFG_ONSLAUGHT, CFG_OUTPOSTS, CFG_PROC, CFG_TEAM_SIDE, DECK,
                     DISCARD, EV_ATTACK_AUTH, EV_ATTACK_BASE, EV_COPY, EV_DECLINE, EV_END, EV_GAMBIT, EV_PLAY,
                     EV_POOL, EV_SCRAP_ABILITY, EV_TURN, EXPLORERS, F_ALLY, F_COPY_SHIFT, F_NEW, F_PRIMARY_DUE, HAND,
                     MAX_PLAYERS, PLAY, PLAYER_PILES, SCRAP, SU_ROW, SU_TRADE, S_AUTH, S_BASES_DESTROYED,
                     S_BLOB_PLAYED, S_CARD_COUNTS, S_COMBAT, S_CUR, S_CUR_CARD, S_DAMAGE, S_EFFECTS, S_EXTRA_ALLIES, S_FED_DISCOUNT,
                     S_HAND_SIZE, S_HAS_ONSLAUGHT, S_HAS_PROC, S_MEMBER, S_OWNED, S_PEND_DISCARD, S_PEND_TEAM,
                     S_PLAYS, S_PROC_USED, S_RNG, S_SHAPE, S_SHIPS_PLAYED, S_SIDE, S_START_AUTH, S_TOP_ANY, S_TOP_SHIP,
                     S_TRADE, S_TRADE_GAINED, S_TRADE_SPENT, S_TURN, S_WINNER, TRADE_DECK,
                     TRADE_ROW)
from .opcodes import (BLOB, C_ALLY, C_DEFENSE, C_FACTION, C_KIND, C_PRIMARY, C_SCRAP, C_STATIC, C_TRIGGER,
                      KIND_OUTPOST, KIND_SHIP, STAR_EMPIRE, TRADE_FEDERATION, Op)
from .piles import pop, push, remove_at, shuffle
from simcore.play_counts import PLAYED, count_card
from simcore.shape import shape_reset, shape_round

FIRST_PLAYER_DRAW = 3   # the first player's opening hand, whatever their hand size


@hot
def static_sum(cards, eff, piles, cnt, p, op):
    """Sum of ``op``'s amount over the static abilities of p's cards in play (Fleet HQ)."""
    k = p * PLAYER_PILES + PLAY
    total = 0
    for i in range(cnt[k]):
        t = piles[k, i]
        for r in range(cards[t, C_STATIC], cards[t, C_STATIC] + cards[t, C_STATIC + 1]):
            if eff[r, 0] == op:
                total += eff[r, 1]
    return total


@hot
def put_into_play(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, slot):
    """The card just played into p's PLAY ``slot``: the turn's counts, then its primary ability, a ship's at
    once, a base's when p's policy chooses (``offer_primary``)."""
    k = p * PLAYER_PILES + PLAY
    t = piles[k, slot]
    log_event(log, sc, p, EV_PLAY, t, 0, 0)
    count_card(sc, S_CARD_COUNTS, PLAYED, sc[S_SIDE + p], t)
    count_play(cfg, sc, log, p)     # past the bound the game is over: run_segment runs nothing
    if cards[t, C_FACTION] & BLOB:
        sc[S_BLOB_PLAYED + p] += 1
    if cards[t, C_KIND] == KIND_SHIP:
        sc[S_SHIPS_PLAYED + p] += 1
        # Fleet HQ (errata): a Combat for each ship played while it is in play
        sc[S_COMBAT] += static_sum(cards, eff, piles, cnt, p, Op.COMBAT_PER_SHIP)
        use_primary(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, slot)
    elif cards[t, C_PRIMARY + 1] > 0:
        fl[k, slot] |= F_PRIMARY_DUE
        offer_primary(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, slot, False, True)


@hot
def use_primary(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, slot):
    """Run the primary ability of the card in p's PLAY ``slot``. A Stealth Needle first copies a ship."""
    k = p * PLAYER_PILES + PLAY
    t = piles[k, slot]
    sc[S_CUR_CARD] = slot
    start, n = cards[t, C_PRIMARY], cards[t, C_PRIMARY + 1]
    e = t
    if n > 0 and eff[start, 0] == Op.COPY_SHIP:
        target = pol.choose_copy(strat, p, cards, piles, fl, cnt, sc, slot, t)
        if target < 0:      # no other ship in play: the Needle does nothing
            sc[S_CUR_CARD] = -1
            return
        e = piles[k, target] if (fl[k, target] >> F_COPY_SHIFT) == 0 else (fl[k, target] >> F_COPY_SHIFT) - 1
        fl[k, slot] = (fl[k, slot] & ((1 << F_COPY_SHIFT) - 1)) | ((e + 1) << F_COPY_SHIFT)
        log_event(log, sc, p, EV_COPY, e, 0, 0)
        if cards[e, C_FACTION] & BLOB and not cards[t, C_FACTION] & BLOB:
            sc[S_BLOB_PLAYED + p] += 1
        start, n = cards[e, C_PRIMARY], cards[e, C_PRIMARY + 1]
    run_segment(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, e, start, n)
    sc[S_CUR_CARD] = -1


@hot
def offer_primary(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, slot, last, just_played):
    """A base's primary ability "may be used once on each of your turns" at any time of the Main Phase: p's
    policy uses the due one in PLAY ``slot`` now (logged unless the base was just played), keeps it for once
    the hand is played (not when ``last``), or declines it this turn. Returns True when it was used."""
    k = p * PLAYER_PILES + PLAY
    t = piles[k, slot]
    when = pol.base_primary(strat, p, cards, eff, piles, cnt, sc, t, last)
    if when == pol.PRIMARY_LATER and not last:
        return False
    fl[k, slot] &= ~F_PRIMARY_DUE
    if when == pol.PRIMARY_DECLINE:
        log_event(log, sc, p, EV_DECLINE, t, 0, 0)
        return False
    if not just_played:
        log_event(log, sc, p, EV_PLAY, t, 1, 0)
    use_primary(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, slot)
    return True


@hot
def use_base_primaries(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, last):
    """Offer every due base primary of p (``offer_primary``); True when one was used."""
    k = p * PLAYER_PILES + PLAY
    used = False
    for i in range(cnt[k]):
        if fl[k, i] & F_PRIMARY_DUE:
            if offer_primary(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, i, last, False):
                used = True
    return used


@hot
def play_from_hand(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, i):
    """Play card i of p's hand: ships and bases alike go into p's PLAY pile."""
    t = remove_at(piles, fl, cnt, p * PLAYER_PILES + HAND, i)
    push(piles, fl, cnt, p * PLAYER_PILES + PLAY, t, F_NEW)
    put_into_play(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, cnt[p * PLAYER_PILES + PLAY] - 1)
    fire_allies(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p)


@hot
def play_hand(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p):
    """Play every card of p's hand (cards drawn meanwhile too), in the policy's order."""
    hand = p * PLAYER_PILES + HAND
    while cnt[hand] > 0 and sc[S_WINNER] < 0:
        i = pol.choose_play(strat, p, cards, piles, cnt, sc)
        play_from_hand(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, i)


@hot
def onslaught_allies(cards, piles, fl, cnt, sc, p):
    """How many ally abilities of p's cards in play Nandi's Onslaught would fire now."""
    k = p * PLAYER_PILES + PLAY
    n = 0
    for i in range(cnt[k]):
        if fl[k, i] & F_ALLY:
            continue
        e = effective_type(piles, fl, k, i)
        allies, first = allies_of(cards, piles, fl, cnt, sc, p, i)
        if allies == 0 and cards[e, C_ALLY + 1] > 0 and cards[e, C_TRIGGER] & (TRADE_FEDERATION | STAR_EMPIRE):
            n += 1
    return n


@hot
def use_scrap_abilities(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p):
    """Offer each card in p's play its scrap ability (the policy decides); a scrapped card leaves the game.
    Returns True when one was used (it may have drawn cards to play)."""
    k = p * PLAYER_PILES + PLAY
    used = False
    i = 0
    o = 1 - side_of(sc, p)
    while i < cnt[k]:
        e = effective_type(piles, fl, k, i)
        start, n = cards[e, C_SCRAP], cards[e, C_SCRAP + 1]
        if n == 0:
            i += 1
            continue
        gain, combat = 0.0, 0
        for r in range(start, start + n):
            gain += scrap_row_value(strat, p, sc, eff, r)
            if eff[r, 0] == Op.COMBAT:
                combat += eff[r, 1]
        if pol.use_scrap_ability(strat, p, sc, piles[k, i], gain, combat, sc[S_AUTH + o] + outpost_defense(
                cards, piles, cnt, sc, o)):
            t = remove_at(piles, fl, cnt, k, i)
            push(piles, fl, cnt, SCRAP, t, 0)
            own(cards, sc, p, t, -1)
            log_event(log, sc, p, EV_SCRAP_ABILITY, e, 0, 0)
            run_segment(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, e, start, n)
            used = True
        else:
            i += 1
    return used


@hot
def scrap_row_value(strat, p, sc, eff, r):
    v = pol.option_value(strat, p, sc, eff[r, 0], eff[r, 1])
    if eff[r, 2] > 0:
        v = max(v, pol.option_value(strat, p, sc, eff[r, 2], eff[r, 3]))
    return v


@hot
def outpost_defense(cards, piles, cnt, sc, side):
    """Defense of every Outpost of ``side`` (each member's)."""
    total = 0
    for j in range(2):
        m = member(sc, side, j)
        if m < 0:
            break
        k = m * PLAYER_PILES + PLAY
        for i in range(cnt[k]):
            t = piles[k, i]
            if cards[t, C_KIND] == KIND_OUTPOST:
                total += cards[t, C_DEFENSE]
    return total


@hot
def use_gambits(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p):
    """Nandi's Onslaught (scrapped once, if the policy wants it now). Returns True when used."""
    if sc[S_HAS_ONSLAUGHT + p] == 0:
        return False
    if not pol.use_onslaught(strat, p, sc, onslaught_allies(cards, piles, fl, cnt, sc, p), cfg[CFG_ONSLAUGHT + p]):
        return False
    sc[S_HAS_ONSLAUGHT + p] = 0
    t = cfg[CFG_ONSLAUGHT + p]
    log_event(log, sc, p, EV_GAMBIT, Op.GAIN_ALLIES, 0, 0)
    run_segment(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, t, cards[t, C_SCRAP],
                cards[t, C_SCRAP + 1])
    fire_allies(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p)
    return True


@hot
def acquire(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p):
    """p acquires cards from the trade row and the Explorers while the policy wants."""
    buy_loop(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p)


@hot
def procure(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p):
    """Alliance Procurement ("may be used once on each of your turns, at any time during your Main Phase"),
    offered before each acquisition and when p would stop: 2 Trade, or the next card acquired on top."""
    explorer = cfg[CFG_EXPLORER]
    if sc[S_HAS_PROC + p] and not sc[S_PROC_USED + p]:
        choice = pol.use_procurement(strat, p, cards, piles, cnt, sc, explorer, sc[S_FED_DISCOUNT + p],
                                      cfg[CFG_PROC + p])
        if choice >= 0:
            sc[S_PROC_USED + p] = 1
            if choice == 0:
                sc[S_TRADE] += 2
                sc[S_TRADE_GAINED + p] += 2
            else:
                sc[S_TOP_ANY + p] = 1
            log_event(log, sc, p, EV_GAMBIT, Op.PROCUREMENT, choice, 0)


@hot
def buy_loop(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p):
    """p acquires cards from the trade row and the Explorers while the policy wants, Alliance Procurement
    offered before each (a search's rollout continues a turn's purchases here after the one it forced)."""
    explorer = cfg[CFG_EXPLORER]
    while True:
        procure(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p)
        i = pol.choose_buy(strat, p, cards, piles, cnt, sc, sc[S_TRADE], sc[S_FED_DISCOUNT + p], explorer)
        if i < 0:
            return
        buy(cards, cfg, strat, piles, fl, cnt, sc, log, bought, p, i)


@hot
def team_acquire(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, m0, m1):
    """A team buys with its pooled Trade: the policy picks each card and the member who buys it (the card
    goes to that member's discard pile; that member's "next acquired" effects apply)."""
    explorer = cfg[CFG_EXPLORER]
    while True:
        code = pol.choose_team_buy(strat, m0, m1, cards, piles, cnt, sc, explorer)
        if code < 0:
            return
        buy(cards, cfg, strat, piles, fl, cnt, sc, log, bought, code // pol.BUYER, code % pol.BUYER)


@hot
def buy(cards, cfg, strat, piles, fl, cnt, sc, log, bought, p, i):
    """p acquires trade-row card i (or an Explorer: pol.ROW_EXPLORER) with the side's Trade: on top of the deck
    after Alliance Procurement's top-of-deck, or if p's policy takes a Freighter's "may put on top" for a ship."""
    explorer = cfg[CFG_EXPLORER]
    t = explorer if i == pol.ROW_EXPLORER else piles[TRADE_ROW, i]
    cost = pol.price(cards, t, sc[S_FED_DISCOUNT + p])
    if cards[t, C_FACTION] & TRADE_FEDERATION and sc[S_FED_DISCOUNT + p] > 0:
        sc[S_FED_DISCOUNT + p] = 0
    sc[S_TRADE] -= cost
    sc[S_TRADE_SPENT + p] += cost
    top = 0
    if sc[S_TOP_ANY + p] > 0:
        top = 1
        sc[S_TOP_ANY + p] = 0
    elif sc[S_TOP_SHIP + p] > 0 and cards[t, C_KIND] == KIND_SHIP:
        sc[S_TOP_SHIP + p] -= 1      # "the next ship you acquire": spent on it whether put on top or not
        top = 1 if pol.put_on_top(strat, p, piles, cnt, sc, t) else 0
    if i == pol.ROW_EXPLORER:
        take_explorer(cards, cfg, piles, fl, cnt, sc, log, bought, p, cost, top)
    else:
        take_from_row(cards, piles, fl, cnt, sc, log, bought, p, i, cost, top)


@hot
def attack(cards, cfg, piles, fl, cnt, sc, log, strat, p):
    """Spend the Combat of p's side (a team's combined): bases (Outposts first) and the opponent's Authority,
    as the policy splits it."""
    while sc[S_COMBAT] > 0:
        target = pol.choose_attack(strat, p, cards, piles, cnt, sc, cfg[CFG_OUTPOSTS])
        if target < 0:
            return
        hit(cards, piles, fl, cnt, sc, log, p, target)


@hot
def hit(cards, piles, fl, cnt, sc, log, p, target):
    """p's side attacks ``target``: pol.FACE (all its Combat on the opponent's Authority) or a base."""
    s = side_of(sc, p)
    o = 1 - s
    if target == pol.FACE:
        dealt = sc[S_COMBAT]
        sc[S_AUTH + o] -= dealt
        sc[S_DAMAGE + s] += dealt
        sc[S_COMBAT] = 0
        log_event(log, sc, p, EV_ATTACK_AUTH, dealt, 0, 0)
        return
    t = piles[target // 1000, target % 1000]
    sc[S_COMBAT] -= cards[t, C_DEFENSE]
    sc[S_BASES_DESTROYED + s] += 1
    destroy_base(cards, piles, fl, cnt, sc, log, p, target, EV_ATTACK_BASE)


@hot
def start_turn(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p):
    """Turn start of p alone (a two-player game, or a scenario): as play_turn begins it."""
    start_side(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, side_of(sc, p))
    begin_turn(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p)


@hot
def start_side(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, s):
    """A side's turn starts: the discards an opponent imposed (each player's own, then those a team shares
    out as it chooses: S_PEND_TEAM), the side's Trade and Combat pools emptied."""
    m0, m1 = member(sc, s, 0), member(sc, s, 1)
    log_event(log, sc, m0, EV_TURN, sc[S_TURN], 0, 0)
    for j in range(2):
        m = member(sc, s, j)
        if m >= 0:
            for _ in range(sc[S_PEND_DISCARD + m]):
                discard_from_hand(strat, piles, fl, cnt, sc, log, m, False, 1)
            sc[S_PEND_DISCARD + m] = 0
    if m1 >= 0:
        for _ in range(sc[S_PEND_TEAM + s]):
            m = pol.choose_discarder(strat, m0, m1, piles, cnt, sc)
            if m < 0:
                break
            discard_from_hand(strat, piles, fl, cnt, sc, log, m, False, 1)
    sc[S_PEND_TEAM + s] = 0
    sc[S_TRADE] = 0
    sc[S_COMBAT] = 0


@hot
def begin_turn(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p):
    """p's turn counters afresh, p's bases' primaries due again (those the policy uses before the hand are
    used now) and the ally abilities the bases make due."""
    sc[S_BLOB_PLAYED + p] = 0
    sc[S_SHIPS_PLAYED + p] = 0
    sc[S_TOP_SHIP + p] = 0
    sc[S_TOP_ANY + p] = 0
    sc[S_FED_DISCOUNT + p] = 0
    sc[S_PROC_USED + p] = 0
    sc[S_EXTRA_ALLIES + p] = 0
    sc[S_PLAYS] = 0
    sc[S_EFFECTS] = 0
    k = p * PLAYER_PILES + PLAY
    for i in range(cnt[k]):
        fl[k, i] = F_PRIMARY_DUE if cards[piles[k, i], C_PRIMARY + 1] > 0 else 0
    use_base_primaries(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, False)
    fire_allies(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p)


@hot
def play_cards(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p):
    """p plays their hand, gambits, the base primaries kept for after the hand, and scrap abilities until
    nothing more is played."""
    while True:
        play_hand(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p)
        if sc[S_WINNER] >= 0:      # an engine bound ended the game
            break
        if use_gambits(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p):
            continue
        if use_base_primaries(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p, True):
            if cnt[p * PLAYER_PILES + HAND] > 0:
                continue
        if use_scrap_abilities(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p):
            fire_allies(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p)
            if cnt[p * PLAYER_PILES + HAND] > 0:
                continue
        break


@hot
def main_phase(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p):
    """The Main Phase of a player who is a side alone."""
    play_cards(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p)
    if sc[S_WINNER] >= 0:          # an engine bound ended the game
        return
    acquire(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, p)
    attack(cards, cfg, piles, fl, cnt, sc, log, strat, p)


@hot
def team_main_phase(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, m0, m1):
    """A team's Main Phase together: each member plays from their own hand into their own play area (their
    ally abilities count only that area), Trade and Combat go to the team's pools; then the team buys with
    the pooled Trade and attacks with the combined Combat."""
    team_plays(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, m0, m1)
    if sc[S_WINNER] >= 0:          # an engine bound ended the game
        return
    team_acquire(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, m0, m1)
    attack(cards, cfg, piles, fl, cnt, sc, log, strat, m0)


@hot
def team_plays(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, m0, m1):
    """A team's members play their cards, each into their own area, to the team's pools."""
    begin_turn(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, m0)
    play_cards(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, m0)
    if sc[S_WINNER] >= 0:          # an engine bound ended the game
        return
    trade0, combat0 = sc[S_TRADE], sc[S_COMBAT]
    begin_turn(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, m1)
    play_cards(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, m1)
    log_event(log, sc, m0, EV_POOL, trade0, combat0, 0)


@hot
def end_turn(cards, piles, fl, cnt, sc, log, p):
    """Discard Phase (ships in play and the hand to the discard pile, bases stay), then the Draw Phase."""
    k = p * PLAYER_PILES + PLAY
    disc = p * PLAYER_PILES + DISCARD
    kept = 0
    for i in range(cnt[k]):       # one pass: ships to the discard pile in play order, bases close up
        t = piles[k, i]
        if cards[t, C_KIND] == KIND_SHIP:
            push(piles, fl, cnt, disc, t, 0)
        else:
            piles[k, kept] = t
            fl[k, kept] = 0
            kept += 1
    cnt[k] = kept
    hand = p * PLAYER_PILES + HAND
    while cnt[hand] > 0:
        push(piles, fl, cnt, disc, pop(piles, cnt, hand), 0)
    sc[S_TRADE] = 0
    sc[S_COMBAT] = 0
    draw_n(piles, fl, cnt, sc, log, p, sc[S_HAND_SIZE + p])



@hot
def count_owned(cards, piles, cnt, sc):
    """Set the per-faction owned counts from the piles (at setup; a scenario after building its position)."""
    for p in range(MAX_PLAYERS):
        for f in range(4):
            sc[S_OWNED + 4 * p + f] = 0
        for k in range(p * PLAYER_PILES, (p + 1) * PLAYER_PILES):
            for i in range(cnt[k]):
                own(cards, sc, p, piles[k, i], 1)


@hot
def setup_game(cards, setup, cfg, piles, fl, cnt, sc, log, seed):
    """Lay out a game: personal decks shuffled, the trade deck (with any flagship shuffled in) shuffled,
    preset trade-row cards (Commander Duel's flagships) then the row filled to five, the Explorers;
    the first player draws 3, the second their hand size."""
    for k in range(cnt.shape[0]):
        cnt[k] = 0
    for i in range(sc.shape[0]):
        sc[i] = 0
    shape_reset(sc, S_SHAPE)
    sc[S_RNG] = seed
    sc[S_WINNER] = -1
    sc[S_CUR_CARD] = -1
    seat_players(cfg, sc)
    for s in range(2):
        sc[S_AUTH + s] = cfg[CFG_AUTH + s]
        sc[S_START_AUTH + s] = cfg[CFG_AUTH + s]
    for p in range(MAX_PLAYERS):
        if sc[S_SIDE + p] < 0:
            continue
        deck = p * PLAYER_PILES + DECK
        for i in range(cfg[CFG_N_DECK + p]):
            push(piles, fl, cnt, deck, setup[p, i], 0)
        shuffle(piles, cnt, deck, sc)
        sc[S_HAND_SIZE + p] = cfg[CFG_HAND + p]
        sc[S_HAS_PROC + p] = 1 if cfg[CFG_PROC + p] >= 0 else 0
        sc[S_HAS_ONSLAUGHT + p] = 1 if cfg[CFG_ONSLAUGHT + p] >= 0 else 0
    for i in range(cfg[CFG_N_TRADE]):
        push(piles, fl, cnt, TRADE_DECK, setup[SU_TRADE, i], 0)
    shuffle(piles, cnt, TRADE_DECK, sc)
    for i in range(cfg[CFG_N_ROW]):
        push(piles, fl, cnt, TRADE_ROW, setup[SU_ROW, i], 0)
    refill_row(piles, fl, cnt)
    count_owned(cards, piles, cnt, sc)
    for i in range(cfg[CFG_N_EXPLORERS]):
        push(piles, fl, cnt, EXPLORERS, cfg[CFG_EXPLORER], 0)
    for s in range(2):      # the first side's players draw 3 each, the second side's their hand size
        for j in range(2):
            m = member(sc, s, j)
            if m >= 0:
                draw_n(piles, fl, cnt, sc, log, m, FIRST_PLAYER_DRAW if s == 0 else sc[S_HAND_SIZE + m])


@hot
def seat_players(cfg, sc):
    """Players 0 and 1 are sides 0 and 1; a team side (CFG_TEAM_SIDE) has player 2 as its second member."""
    for p in range(MAX_PLAYERS):
        sc[S_SIDE + p] = -1
    for s in range(2):
        sc[S_SIDE + s] = s
        sc[S_MEMBER + 2 * s] = s
        sc[S_MEMBER + 2 * s + 1] = -1
    team = cfg[CFG_TEAM_SIDE]
    if team >= 0:
        sc[S_SIDE + MAX_PLAYERS - 1] = team
        sc[S_MEMBER + 2 * team + 1] = MAX_PLAYERS - 1


@hot
def play_turn(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought):
    """One turn of the current side (a team's members together); sets S_WINNER when the game ends."""
    s = sc[S_CUR]
    m0, m1 = member(sc, s, 0), member(sc, s, 1)
    start_side(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, s)
    if m1 < 0:
        begin_turn(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, m0)
        main_phase(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, m0)
    else:
        team_main_phase(cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought, m0, m1)
    end_side_turn(cards, cfg, piles, fl, cnt, sc, log, s)


@hot
def end_side_turn(cards, cfg, piles, fl, cnt, sc, log, s):
    """After side s's Main Phase: a win, the members' Discard and Draw Phases, the next side (or a draw at
    the turn cap)."""
    m0, m1 = member(sc, s, 0), member(sc, s, 1)
    if sc[S_WINNER] < 0 and sc[S_AUTH + 1 - s] <= 0:
        sc[S_WINNER] = s
    end_turn(cards, piles, fl, cnt, sc, log, m0)
    if m1 >= 0:
        end_turn(cards, piles, fl, cnt, sc, log, m1)
    sc[S_TURN] += 1
    if sc[S_TURN] % 2 == 0:
        record_standing(sc)
    sc[S_CUR] = 1 - s
    if sc[S_WINNER] < 0 and sc[S_TURN] >= cfg[CFG_MAX_TURNS]:
        reach_turn_cap(sc)


@hot
def record_standing(sc):
    """The shape's record of the standing now (``simcore.shape``): the first side's Authority minus the
    second's (a team's is shared)."""
    shape_round(sc, S_SHAPE, sc[S_TURN], sc[S_AUTH] - sc[S_AUTH + 1])


@hot
def play_game(cards, eff, setup, cfg, strat, piles, fl, cnt, sc, log, bought, seed):
    play_game_with(play_turn, (cards, eff, cfg, strat, piles, fl, cnt, sc, log, bought), cards, setup, cfg, piles, fl,
                   cnt, sc, log, bought, seed)


@hot_inlined
def play_game_with(turn, turn_args, cards, setup, cfg, piles, fl, cnt, sc, log, bought, seed):
    """The game loop, written once for every game of this engine: one game from ``seed``, each turn played by
    ``turn(*turn_args)``: the heuristic's ``play_turn`` (``play_game``) or a game with search players'
    ``search.search_turn`` (``search.play_game``). Inlined by numba into each caller, so ``turn`` is a direct
    call; a turn ends the game at the turn cap (``play_turn``)."""
    for p in range(2):
        for t in range(bought.shape[1]):
            bought[p, t] = 0
    setup_game(cards, setup, cfg, piles, fl, cnt, sc, log, seed)
    while sc[S_WINNER] < 0:
        turn(*turn_args)
    log_event(log, sc, sc[S_WINNER] if sc[S_WINNER] < 2 else -1, EV_END, sc[S_WINNER], end_bound(sc), 0)
