"""Keshran Corsair copies: "this card essentially becomes another uncovered, in-play System card
from either ship ... The Corsair will continue to duplicate the copied card until either card is
no longer in play, at which time it returns to normal."

A copy is a record of where the copier and the copied card lie (layout ``S_COPY``). Cards leave
a System stack only from the top or all at once, so a card that leaves play ends every copy whose
copier or copied card lay at or above the place it left (``end_copies``): a copy never outlives
either card, and a card later played to the same place is never taken for one.
"""
from .jit import hot, hot_outlined
from .layout import COPY_FIELDS, CP_PILE, CP_POS, CP_SRC_PILE, CP_SRC_POS, MAX_COPIES, S_COPY, S_COPY_N


@hot
def add_copy(sc, k, j, src_k, src_j):
    """The card at index j of stack pile k now copies the card at src_j of stack pile src_k.
    Returns False when MAX_COPIES copies are already in force (the copy fails)."""
    n = sc[S_COPY_N]
    for r in range(n):  # a copier copies one card: a new copy replaces its old one
        o = S_COPY + COPY_FIELDS * r
        if sc[o + CP_PILE] == k and sc[o + CP_POS] == j:
            sc[o + CP_SRC_PILE] = src_k
            sc[o + CP_SRC_POS] = src_j
            return True
    if n >= MAX_COPIES:
        return False
    o = S_COPY + COPY_FIELDS * n
    sc[o + CP_PILE] = k
    sc[o + CP_POS] = j
    sc[o + CP_SRC_PILE] = src_k
    sc[o + CP_SRC_POS] = src_j
    sc[S_COPY_N] = n + 1
    return True


@hot
def end_copies(sc, k, j):
    """The cards at index j and above of stack pile k have left play (j = 0: the whole stack):
    the copies they made or were the source of end."""
    r = 0
    while r < sc[S_COPY_N]:
        o = S_COPY + COPY_FIELDS * r
        if (sc[o + CP_PILE] == k and sc[o + CP_POS] >= j) or (sc[o + CP_SRC_PILE] == k and sc[o + CP_SRC_POS] >= j):
            last = S_COPY + COPY_FIELDS * (sc[S_COPY_N] - 1)
            for f in range(COPY_FIELDS):
                sc[o + f] = sc[last + f]
            sc[S_COPY_N] -= 1
        else:
            r += 1


@hot_outlined  # a call from active_type, which is inlined wherever a card's Abilities are read
def copied_type(piles, cnt, sc, k, t):
    """Type whose Abilities the uncovered card t of stack pile k has: t itself, or what it copies.
    A copied Corsair passes on what it copies while it is uncovered; covered, its own copy has
    ceased ("If ever this card is covered then its Abilities cease")."""
    j = cnt[k] - 1
    for _ in range(MAX_COPIES):   # a chain of copiers, each copying one played before it
        found = False
        for r in range(sc[S_COPY_N]):
            o = S_COPY + COPY_FIELDS * r
            if sc[o + CP_PILE] == k and sc[o + CP_POS] == j:
                k = sc[o + CP_SRC_PILE]
                j = sc[o + CP_SRC_POS]
                t = piles[k, j]
                found = True
                break
        if not found or j != cnt[k] - 1:
            return t
    return t

