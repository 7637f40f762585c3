"""Layout of one battle's state: named offsets into a few flat arrays.

  u    int32[MAX_UNITS, N_U]  one row per unit (both forces), columns U_*
  sc   int64[N_SC]            scalars (Command Points, turn, RNG, scores, ...), offsets S_*
  log  int32[n, LOG_COLS]     event log (replays); a 1-row array turns logging off
The battlefield is a range track of positions 0 .. CFG_TRACK - 1: force 0 deploys at 0, force 1 at the far
end, the objective in the middle. Units on the same position are in contact (melee); line of sight is
blocked only by contact (a unit in contact cannot shoot).
"""
from simcore.shape import N_SHAPE

MAX_UNITS = 12        # both forces together
MAX_CMDS = 24
MAX_EFF_ROWS = 64
MAX_PROFILES = 16

U_SIDE = 0
U_ALIVE = 1
U_POS = 2
U_WOUNDS = 3          # wounds left
U_SUPP = 4            # suppression
U_RESTR = 5           # X_* restrictions until the end of the turn
U_STATUS = 6          # ST_* statuses until the end of the turn
U_COVER = 7           # cover until the end of the turn
U_TOKENS = 8          # Command Tokens this turn: bit c for command c (records, never restricts)
U_PROFILE = 9         # unit type (row of the profile table)
U_MOVE = 10           # the profile, copied at setup
U_RANGE = 11
U_FIRE = 12
U_ARMOR = 13
U_MAXW = 14
U_MELEE = 15
U_MORALE = 16
U_PENDING = 17         # wounds a melee round deals, applied together (simultaneous blows)
N_U = 18

S_RNG = 0
S_TURN = 1            # battle turns completed
S_WINNER = 2          # -1 running, 0/1 winner, 2 draw (S_BOUND says when an engine bound ended the battle)
S_CP = 3              # + p: Command Points left this turn
S_LOG_N = 5
S_LOG_LOST = 6
S_KILLS = 7           # + p: enemy units p destroyed
S_VP = 9              # + p: objective points
S_ORDERS = 11         # + p: own-window commands declared
S_RESPONSES = 13      # + p: responses declared
S_CP_SPENT = 15       # + p
S_SEED = 17           # the battle's seed and its searched decisions so far: a search player's own random
S_DECISIONS = 18      # stream (simcore.search.decision_rng), apart from the battle's dice
S_ROLLOUTS = 20      # a search player's rollouts (tree iterations) so far, and the battle turns they
S_ROLLOUT_TURNS = 21  # played from their decisions on (bench: how long a rollout is)
S_BOUND = 22          # the bound that ended the battle (simcore.bounds code; 0: none)
S_EFFECTS = 23        # effect parts resolved since the current command was declared (``bounds``)
MAX_CHAIN = 4         # a command and the responses answering one another (a response that opens a window,
#                       answered by one that opens another, ...): the engine nests at most MAX_CHAIN - 1 windows
S_CHAIN = 24          # + 3k: (command, unit, target) of the chain's k-th command (0: the own-window command)
# the battle's records: its shape (simcore.shape: the surviving units' wounds after every turn) and the times
# each force gave each command row, its own or as a response (simcore.play_counts: plays only)
S_SHAPE = S_CHAIN + 3 * MAX_CHAIN
S_CARD_COUNTS = S_SHAPE + N_SHAPE   # + command row
N_SC = S_CARD_COUNTS + MAX_CMDS

CFG_MAX_TURNS = 0
CFG_BUDGET = 1        # + p: Command Points per turn
CFG_TRACK = 3
CFG_OBJECTIVE = 4
CFG_CHECK_CMD = 5     # the command row of the post-command melee check (-1: none)
CFG_MAX_ORDERS = 6    # own-window commands per player per turn before the battle is a draw (bounds.MAX_ORDERS)
CFG_N_UNITS = 7
CFG_AVAIL = 8         # + p: bit c set when command row c is in p's command set
CFG_MAX_EFFECTS = 10  # effect parts one command resolves before the battle is a draw (bounds.MAX_EFFECTS_PER_COMMAND)
N_CFG = 11

# ---- event log
LOG_COLS = 9
L_TURN = 0
L_PLAYER = 1
L_EVENT = 2
L_A = 3
L_B = 4
L_C = 5
L_D = 6
L_CP = 7              # + p: Command Points left after the event

EV_TURN = 0           # a new turn (a = first player)
EV_DECLARE = 1        # step 1: a=command, b=unit, c=target (unit, or place + 100), d=1 if a response
EV_CONFIRM = 2        # step 2: a=command, b=unit, d=response
EV_SPEND = 3          # step 3: a=command, b=unit, c=CP paid (token placed), d=response
EV_WINDOW = 4         # step 4: the window opens, a=triggering command, b=unit, c=its target, d=0 (the command's
                      # window) or k (the window of the chain's k-th command, a response that opens one)
EV_NO_RESPONSE = 5    # a=response command considered (-1: none), b=why (first CHK_* failing; 0: declined),
                      # c=the unit that got furthest, d=the triggering command
EV_EXCEPTION = 6      # a=response, b=triggering command: resolves before the trigger's first event
EV_RESOLVE = 7        # steps 5/6: a=command, b=unit, c=step
EV_MOVE = 8           # a=unit, b=from, c=to
EV_LOCK = 9           # a=shooter, b=target, c=locks, d=Target Lock value
EV_DAMAGE = 10        # a=target, b=wounds dealt, c=wounds left
EV_SKIP = 11          # a=command, b=op skipped, c=unit: the part is no longer legal
EV_FAIL = 12          # a=command, b=op of the part no longer legal (0: d says what), c=unit, d=CHK_ELIGIBLE or
                      # CHK_TARGET when the unit or its target was lost: the whole command fails
EV_APPLY = 13         # step 7: a=unit, b=restrictions, c=statuses, d=command
EV_CHECK = 14         # step 8: a=units in contact with an enemy
EV_MELEE = 15         # a=unit, b=enemy, c=hits
EV_SUPPRESS = 16      # a=target, b=suppression added, c=total
EV_RALLY = 17         # a=unit, b=removed, c=left
EV_COVER = 18         # a=unit, b=cover
EV_DESTROYED = 19     # a=unit
EV_PASS = 20          # the player declares nothing more this turn
EV_SCORE = 21         # a=VP 0, b=VP 1 at the end of the turn
EV_END = 22           # a=winner
EV_DONE = 23          # the command is complete, a=command
EV_NO_WINDOW = 24     # a=a response that opens a window, b=unit: none opens, the chain is MAX_CHAIN long
EV_BOUND = 25         # a=bound (simcore.bounds code), b=its limit: the battle ends as a draw
PLACE = 100           # a place target is logged as PLACE + position
