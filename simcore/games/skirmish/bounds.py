"""The skirmish's engine bounds (``simcore.bounds``): commands one player gives in their own windows of a turn,
and effect parts per command. The engine counts them as the battle goes (``bound_checks``); past either the
battle is a draw and the state's ``S_BOUND`` says which bound ended it. Its turn limit is a rule, not a bound:
after the last turn the higher score wins. Nothing jitted here: the contract reads these figures without
compiling an engine."""
from .card_data import LIMITS
from .layout import CFG_MAX_EFFECTS, CFG_MAX_ORDERS, MAX_EFF_ROWS

# Own-window commands one player gives in a turn. Each costs Command Points from a budget of at most 20
# (``card_data.LIMITS["cp"]``), so the shipped commands (1 CP or more) stop at 20; a command costing 0 could be
# given for ever, and a Command Token never forbids a second one.
MAX_ORDERS = 40
assert MAX_ORDERS > LIMITS["cp"][1]

# Effect parts one command resolves: its own, the one response its window allows (a response opens no window)
# and the melee check's, under 3 x MAX_EFF_ROWS = 192 however the set is written; the bound stops a chain a new
# kind of command could start, and costs one count per part.
MAX_EFFECTS_PER_COMMAND = 256
assert MAX_EFFECTS_PER_COMMAND > 3 * MAX_EFF_ROWS


def set_limits(cfg) -> None:
    """Write the bounds into a battle's cfg (``setup.make_cfg``)."""
    cfg[CFG_MAX_ORDERS] = MAX_ORDERS
    cfg[CFG_MAX_EFFECTS] = MAX_EFFECTS_PER_COMMAND
