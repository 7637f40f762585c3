"""Taking cards out of the Market (shared by purchases and free gains)."""
from .jit import hot
from .layout import M_CREW, M_FACEUP, M_SYS_DECK
from .piles import pop, push, remove_at


@hot
def take_market_item(piles, cnt, item):
    """Remove Market item ``item`` (2*system+slot: a face-up System card, 6+e: top Crew card)
    and return its type; a face-up card is replaced from its deck when it can be."""
    if item < 6:
        s = item // 2
        t = remove_at(piles, cnt, M_FACEUP + s, item % 2)
        if cnt[M_SYS_DECK + s] > 0:
            push(piles, cnt, M_FACEUP + s, pop(piles, cnt, M_SYS_DECK + s))
        return t
    return pop(piles, cnt, M_CREW + item - 6)
