"""The rulebook's Solo Mode A.I.: its choices as the Solo Mode Ability Guide and the Card
Clarifications state them. Where the rulebook says "the choice in the A.I.'s best interest",
one documented deterministic rule is used (see each function). Credit cost stands for a
card's worth everywhere the guide says so (starting cards cost 0): the A.I.'s strategy row
(``solo_row``) values every card at its Credit cost, so the guide's "highest / lowest Credit
cost" picks (Scrap, taking in-play or discarded cards, discarding the player's in-play card)
are the shared ranked picks of ``simcore.games.last_command.players.policy`` reading that row; the others are here."""
from ..jit import hot_outlined
from ..layout import (CREW, CREW_DECK, CREW_DISC, HAND, MAX_CREW_PER_SYSTEM, MAX_POWER,
                      N_SYSTEMS, S_POWER, STACK, SYS_DECK, SYS_DISC)
from ..queries import (active_type, bonus_len, crew_with_expertise, pile, requirement_ok,
                       total_power)
from ..opcodes import Op
from ..tables import (C_BONUS, C_COVER, C_CREDIT, C_EXPERTISE, C_KIND, C_MAIN, C_ONGOING,
                      C_POWER, C_SYSTEM, KIND_MALFUNCTION, KIND_SYSTEM)

from .effect_value import op_value, segment_value
from .params import P_W_DRAW


@hot_outlined
def worth(cards, t):
    """The guide's measure of a card: its Credit cost (Malfunctions are worth less than any card)."""
    if cards[t, C_KIND] == KIND_MALFUNCTION:
        return -1
    return cards[t, C_CREDIT]


@hot_outlined
def power_system(cards, piles, cnt, sc, p, n):
    """'Any System' Power (n of it) goes to the System with the least Power, unless it lets a System
    card in hand be played: then to the System of the card that lacks least."""
    h = pile(p, HAND)
    best = -1
    best_gap = 1 << 30
    for i in range(cnt[h]):
        t = piles[h, i]
        if cards[t, C_KIND] != KIND_SYSTEM:
            continue
        s = cards[t, C_SYSTEM]
        gap = cards[t, C_POWER] - sc[S_POWER + 3 * p + s]
        if 0 < gap <= n and gap < best_gap and requirement_ok(cards, piles, cnt, p, t, s):
            best_gap = gap
            best = s
    if best >= 0:
        return best
    best = 0
    for s in range(1, N_SYSTEMS):
        if sc[S_POWER + 3 * p + s] < sc[S_POWER + 3 * p + best]:
            best = s
    return best


@hot_outlined
def option_has(eff, start, length, op):
    for i in range(start, start + length):
        if eff[i, 0] == op:
            return True
    return False


@hot_outlined
def choose_option(cards, eff, strat, p, i, crew_card, fa, fb):
    """Starting Crew's OR: always the Power. Ship's A.I.: the free play when it can. Any other OR
    (best interest, documented rule): the option worth more under the A.I.'s weights, A on a tie."""
    a = eff[i, 1]
    b = eff[i, 2]
    if not fa:
        return 1
    if not fb:
        return 0
    if crew_card:
        if option_has(eff, i + 1, a, Op.POWER):
            return 0
        if option_has(eff, i + 1 + a, b, Op.POWER):
            return 1
    if option_has(eff, i + 1, a, Op.PLAY_FREE):
        return 0
    if option_has(eff, i + 1 + a, b, Op.PLAY_FREE):
        return 1
    va = segment_value(eff, strat[p], i + 1, a)
    vb = segment_value(eff, strat[p], i + 1 + a, b)
    return 0 if va >= vb else 1


@hot_outlined
def malfunction_pile(cnt, q, on_deck):
    """Malfunctions the A.I. deals go to the player's discard with the FEWEST cards, or on top of
    the deck with the MOST cards (System on a tie)."""
    if on_deck:
        return CREW_DECK if cnt[pile(q, CREW_DECK)] > cnt[pile(q, SYS_DECK)] else SYS_DECK
    return CREW_DISC if cnt[pile(q, CREW_DISC)] < cnt[pile(q, SYS_DISC)] else SYS_DISC


@hot_outlined
def hand_discard(cards, piles, cnt, q):
    """Forced to Discard, the A.I. discards its cheapest card (the first on a tie). A Malfunction it
    holds is not a card to choose: it waits, unresolved, for the A.I.'s next turn (thrown away it
    would never hurt the A.I.). With only Malfunctions in hand, nothing is discarded: -1."""
    h = pile(q, HAND)
    best = -1
    for i in range(cnt[h]):
        if cards[piles[h, i], C_KIND] == KIND_MALFUNCTION:
            continue
        if best < 0 or worth(cards, piles[h, i]) < worth(cards, piles[h, best]):
            best = i
    return best


@hot_outlined
def copy_score(cards, t):
    """Keshran Corsair copies the card with the highest Power cost."""
    return float(cards[t, C_POWER])


@hot_outlined
def super_computer_pick(cards, piles, cnt, sc, p):
    """Super Computer: the System card with the highest Power cost it can pay from all Systems."""
    k = pile(p, SYS_DISC)
    best = -1
    for i in range(cnt[k]):
        t = piles[k, i]
        if cards[t, C_KIND] != KIND_SYSTEM or cards[t, C_POWER] > total_power(sc, p):
            continue
        # "(playable)": an asterisked card whose requirement is not met cannot be played either
        # (a Railgun with no Tactician in Tactical was moved, then discarded for 2 Credits)
        if not requirement_ok(cards, piles, cnt, p, t, cards[t, C_SYSTEM]):
            continue
        if best < 0 or cards[t, C_POWER] > cards[piles[k, best], C_POWER]:
            best = i
    return best


@hot_outlined
def bonus_worth(cards, eff, strat, p, t, e):
    """Value under the A.I.'s weights of expertise e's Bonus on card type t (0: it has none;
    < 0: a Bonus that hurts it, such as a self-Damage)."""
    if bonus_len(cards, t, e) == 0:
        return 0.0
    return segment_value(eff, strat[p], cards[t, C_BONUS + 3 * e], cards[t, C_BONUS + 3 * e + 1])


@hot_outlined
def unpaired_bonus(cards, eff, piles, cnt, sc, strat, p, s, e):
    """The uncovered card of System s has a positive Bonus for expertise e that no Crew pairs yet."""
    t = active_type(piles, cnt, sc, p, s)
    if t < 0 or bonus_len(cards, t, e) == 0 or crew_with_expertise(cards, piles, cnt, p, s, e) > 0:
        return False
    return segment_value(eff, strat[p], cards[t, C_BONUS + 3 * e], cards[t, C_BONUS + 3 * e + 1]) > 0


@hot_outlined
def crew_system(cards, eff, piles, cnt, sc, strat, p, t):
    """The rulebook's hierarchy for stationing Crew: A. a System with no Power, B. a System whose
    card has an unpaired Bonus this Crew pairs, C. the lowest Power, D. its own colour; never a
    System with full Power or 3 Crew. Each step narrows the previous one's ties. -1: nowhere.
    A Crew card whose Ability counts the Crew in its System (Boarding Party, Repair Teams) goes
    first where most Crew already are, the hierarchy breaking ties: the Ability Guide's "benefit
    from Crew being played first" (they are also played after the other Crew cards)."""
    e = cards[t, C_EXPERTISE]
    counting = counts_crew(cards, eff, t)
    best = -1
    best_key = (0, 0, 0, 0, 0)
    for s in range(N_SYSTEMS):
        pw = sc[S_POWER + 3 * p + s]
        n = cnt[pile(p, CREW + s)]
        if n >= MAX_CREW_PER_SYSTEM or pw >= MAX_POWER:
            continue
        key = (n if counting else 0, 1 if pw == 0 else 0,
               1 if unpaired_bonus(cards, eff, piles, cnt, sc, strat, p, s, e) else 0, MAX_POWER - pw,
               1 if s == e else 0)
        if best < 0 or key > best_key:
            best = s
            best_key = key
    return best


@hot_outlined
def crew_power(cards, eff, t):
    """Power a Crew card gives the System it is played in (its Power option for an OR)."""
    n = 0
    start = cards[t, C_MAIN]
    for i in range(start, start + cards[t, C_MAIN + 1]):
        if eff[i, 0] == Op.POWER and eff[i, 2] == -2:  # SystemTarget.HERE
            n += eff[i, 1]
    return n


@hot_outlined
def row_worth(eff, row, j):
    """One effect row's worth to the A.I.: its value under the A.I.'s weights, except that the
    opponent's draw is a card for the player, counted against the A.I. as a draw of its own
    counts for it (the shared weights value it as "any other effect", for Cloaked Mines)."""
    if eff[j, 0] == Op.OPP_DRAW:
        return -row[P_W_DRAW] * eff[j, 1]
    return op_value(row, eff[j, 0], eff[j, 1], eff[j, 2])


@hot_outlined
def rows_worth(eff, row, start, length):
    """Worth of a segment of rows to the A.I.; an OR counts its better option."""
    total = 0.0
    i = start
    end = start + length
    while i < end:
        if eff[i, 0] == Op.CHOICE:
            a = eff[i, 1]
            b = eff[i, 2]
            va = 0.0
            for j in range(i + 1, i + 1 + a):
                va += row_worth(eff, row, j)
            vb = 0.0
            for j in range(i + 1 + a, i + 1 + a + b):
                vb += row_worth(eff, row, j)
            total += max(va, vb)
            i += 1 + a + b
        else:
            total += row_worth(eff, row, i)
            i += 1
    return total


@hot_outlined
def beneficial(cards, eff, piles, cnt, strat, p, t):
    """The rulebook's "(or the card Ability is not beneficial), Discard it": System card t's Ability
    (its main Ability, its "while uncovered" effects, and what it adds when it would cover a card)
    is beneficial when its net worth to the A.I. under its weights is above 0. A card whose Ability
    only hurts the A.I. or helps the player (self-Damage, lost Power or Credits, the player
    drawing) is discarded for 2 Credits. The worth is the card's, not the moment's: a Repair at
    full Hull still counts (the card also stays in play for its Bonuses), and a card with no
    Ability at all (only Bonuses) is played."""
    row = strat[p]
    covers = cnt[pile(p, STACK + cards[t, C_SYSTEM])] > 0
    n = cards[t, C_MAIN + 1] + cards[t, C_ONGOING + 1] + (cards[t, C_COVER + 1] if covers else 0)
    if n == 0:
        return True
    v = rows_worth(eff, row, cards[t, C_MAIN], cards[t, C_MAIN + 1])
    v += rows_worth(eff, row, cards[t, C_ONGOING], cards[t, C_ONGOING + 1])
    if covers:
        v += rows_worth(eff, row, cards[t, C_COVER], cards[t, C_COVER + 1])
    return v > 0.0


@hot_outlined
def counts_crew(cards, eff, t):
    """Card t's Ability counts the Crew in its System (Boarding Party, Repair Teams, Hydra
    Missile A): the Ability Guide says such cards "benefit from Crew being played first"."""
    start = cards[t, C_MAIN]
    for i in range(start, start + cards[t, C_MAIN + 1]):
        op = eff[i, 0]
        if op == Op.DAMAGE_PER_CREW or op == Op.REPAIR_PER_CREW or op == Op.CREDITS_PER_CREW:
            return True
    return False
