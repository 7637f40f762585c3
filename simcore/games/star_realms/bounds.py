"""Star Realms' engine bounds (``simcore.bounds``): cards one player plays in a turn and effect rows per play.
The engine counts them as the game goes (``bound_checks``); past either, or at the turn cap, the game is a
draw and the state's ``S_BOUND`` says which bound ended it. Nothing jitted here: the contract reads these
figures without compiling an engine."""
from .layout import CAP, CFG_MAX_EFFECTS, CFG_MAX_PLAYS, MAX_EFF_ROWS

# Cards one player plays in a turn (a Hydra member: their part of the team's turn). A card played stays in play
# until the Discard Phase and no ability returns one to the hand, so no turn plays more cards than a player owns
# (under CAP = 128; a real turn five to a dozen): the bound stops a chain that a new opcode could start.
MAX_PLAYS_PER_TURN = 4 * CAP

# Effect rows resolved by one card played and what it sets off before the next (the ally abilities it fires,
# bases' primaries, scrap abilities and gambits used after it). Every ability of a card in play fires at most
# once a turn, so a turn resolves at most CAP cards' rows, under CAP x MAX_EFF_ROWS = 32,768; the bound stops
# a chain that a new opcode could start, and costs one count per row.
MAX_EFFECTS_PER_PLAY = 40_000
assert MAX_EFFECTS_PER_PLAY > CAP * MAX_EFF_ROWS


def set_limits(cfg) -> None:
    """Write the bounds into a game's cfg (``setup.build_setup``)."""
    cfg[CFG_MAX_PLAYS] = MAX_PLAYS_PER_TURN
    cfg[CFG_MAX_EFFECTS] = MAX_EFFECTS_PER_PLAY
