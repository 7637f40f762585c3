"""The order in which the heuristic and the Solo A.I. perform the elements of an Ability ("you may
perform any elements of its Ability in any order you wish"): by ``effect_rank``, file order on a tie.

Plain Python, shared by the jitted policy (``policy.effect_rank``, ``policy.next_effect_row``) and
the card compiler: a segment's order depends on its opcodes alone, so the compiler works it out
once per card (table columns ``C_ORDER``) and the game loop does not sort the rows of every
multi-row Ability again each time it is played. Change a rank here and both follow.
"""
from __future__ import annotations

from collections.abc import Sequence

from simcore.games.last_command.opcodes import Op

# rank 2: harm to the opponent; rank 3: costs to oneself; rank 0: the opponent's defences down
RANK2_OPS = frozenset((Op.DAMAGE, Op.DAMAGE_PER_CREW, Op.MALFUNCTION, Op.MALFUNCTION_TOP, Op.OPP_DISCARD,
                       Op.OPP_LOSE_POWER, Op.OPP_DRAW))
RANK3_OPS = frozenset((Op.DAMAGE_SELF, Op.LOSE_POWER, Op.LOSE_CREDITS, Op.SCRAP, Op.TAKE_OWN))
RANK0_OP = Op.DISCARD_OPP_INPLAY
# as bit sets on the opcode, for the jitted rank (all opcodes are below 64)
RANK2_BITS = sum(1 << int(o) for o in RANK2_OPS)
RANK3_BITS = sum(1 << int(o) for o in RANK3_OPS)
assert max(int(o) for o in Op) < 63
MAX_ORDERED_ROWS = 16  # a longer segment runs in file order (none is near this long)


def effect_rank(op: int) -> int:
    """``policy.effect_rank`` in Python (the jitted one computes the same from the bit sets)."""
    return 1 + (op in RANK2_OPS) + 2 * (op in RANK3_OPS) - (op == RANK0_OP)


def policy_order(ops: Sequence[int]) -> list[int]:
    """Indices of ``ops`` in the order ``policy.next_effect_row`` runs them: lowest rank first, file
    order on a tie (a stable sort)."""
    return sorted(range(len(ops)), key=lambda j: effect_rank(ops[j]))
