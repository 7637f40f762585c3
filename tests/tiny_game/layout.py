"""The tiny race's state: a few int arrays with named offsets (a real game's ``layout.py`` holds the same kinds
of names, many more of them).

* ``sc``: int64[N_SC], one race's scalars (S_*), each seat's at ``S_X + p``;
* ``cfg``: int64[N_CFG], one race's set-up (CFG_*), built once in Python for every race of a batch;
* ``bought``: int32[2, MAX_TYPES], copies of each card type each racer bought;
* ``log``: int32[rows, LOG_COLS], one row per event (L_*, EV_*): a replay passes many rows, a batch one (no log).

The card tables are padded to MAX_TYPES and MAX_EFF_ROWS rows (``simcore.blocks.padded``), so that every
shape is a constant the compiler can use (``batch.fixed_shapes``).
"""
from __future__ import annotations

from simcore.shape import N_SHAPE

MAX_TYPES = 8          # card types a race plays
MAX_EFF_ROWS = 16      # effect rows of all of them

# ---- sc: int64[N_SC]
S_RNG = 0              # the race's random generator (simcore.rng)
S_TURN = 1             # player-turns begun
S_WINNER = 2           # -1 while the race runs; 0 or 1 the racer who won; WINNER_DRAW
S_BOUND = 3            # the bound that ended the race (simcore.bounds code; 0: none)
S_LOG_N = 4            # events kept in the log
S_LOG_LOST = 5         # events that did not fit
S_COINS = 6            # + p: coins in hand
S_POS = 8              # + p: steps from the start
S_STRIDE = 10          # + p: steps every move adds to the 1 of the rules (Op.STRIDE)
S_SHAPE = 12           # the race's shape (simcore.shape): the positions after every round
S_CARD_COUNTS = S_SHAPE + N_SHAPE   # + type: the cards each racer played (simcore.play_counts: a card is played
#                                     as it is bought, its effects resolving at once; none is drawn)
N_SC = S_CARD_COUNTS + MAX_TYPES

WINNER_DRAW = 2        # the winner code of a race still running at the turn cap

# ---- cfg: int64[N_CFG]
CFG_LENGTH = 0         # steps to the finish
CFG_MAX_TURNS = 1      # the turn cap (player-turns)
CFG_START_COINS = 2    # + p: coins before the first roll
CFG_N_TYPES = 4        # card types the race plays (the rows of ``cards`` beyond them are padding)
N_CFG = 5

# ---- log: int32[rows, LOG_COLS]
L_TURN = 0             # the turn (1 = the first racer's first)
L_RACER = 1            # the seat that acted
L_EVENT = 2            # EV_*
L_A = 3                # what the event says (below)
L_B = 4
LOG_COLS = 5

EV_ROLL = 1            # a: the roll, b: coins after it
EV_BUY = 2             # a: the card type, b: coins left
EV_EFFECT = 3          # a: the opcode (opcodes.Op), b: its amount
EV_MOVE = 4            # a: steps moved, b: the position after it
EV_WIN = 5             # a: the winner
EV_TURN_CAP = 6        # the turn cap: the race is a draw
