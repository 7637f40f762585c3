"""The Last Command's engine bounds (``simcore.bounds``): cards put into play per player-turn and effect rows
per play. The engine counts them as the game goes (``bound_checks``); past either, or at the turn cap, the
game is a draw and the state's ``S_BOUND`` says which bound ended it. Nothing jitted here: the contract reads
these figures without compiling an engine."""
from .layout import CAP, CFG_MAX_EFFECTS, CFG_MAX_PLAYS
from .tables import MAX_EFF_ROWS

# Cards put into play in one player-turn (System and Crew, free plays included). A turn in which no played
# card comes back to the hand plays each of the game's cards at most once (at most CAP = 160; a real turn a
# dozen); a chain of free plays that takes the played cards back never ends on its own (issue 46's fuzz0:
# Keshran Corsair copies a card that takes cards back to the hand and plays one free, each taking the other
# back). Six times every card in the game, and a few milliseconds of play.
MAX_PLAYS_PER_TURN = 1000
assert MAX_PLAYS_PER_TURN > 6 * CAP

# Effect rows resolved by one card put into play (its main and covering Abilities and a Corsair's copy of
# another's; an OR's options counted whole) or by one Bonus earned. With today's opcodes one play runs at most its
# card's rows and a copied card's, under 4 x MAX_EFF_ROWS = 8,192: the bound stops a chain that a new opcode
# could start inside one play, and costs one count per row.
MAX_EFFECTS_PER_PLAY = 10_000
assert MAX_EFFECTS_PER_PLAY > 4 * MAX_EFF_ROWS


def set_limits(cfg) -> None:
    """Write the bounds into a game's cfg (``setup.build_setup``, the scenario harness)."""
    cfg[CFG_MAX_PLAYS] = MAX_PLAYS_PER_TURN
    cfg[CFG_MAX_EFFECTS] = MAX_EFFECTS_PER_PLAY

