"""Skirmish command opcodes, the bits a command's data compiles to, and the compiled tables' columns.

A command's effects compile to rows of ``eff`` (int32[n_rows, 2]): (op, n), in the order they resolve
(its movement parts first unless the command says otherwise, ``movement_first``); ``n`` is the amount each
opcode's comment describes. Each part resolves on its own: a part that is no longer legal is skipped
(partial resolution) unless the command fails entirely when it loses a required condition.
"""
from enum import IntEnum


class Op(IntEnum):
    NONE = 0
    MOVE = 1            # move up to n x the unit's move toward the chosen place (stops at the first enemy)
    SHOOT = 2           # ranged attack on the target: n halves of the firepower in dice, Target Lock, damage
    CHARGE_MOVE = 3     # move up to n x move toward the target, stopping at the first enemy met (contact)
    STRIKE = 4          # n melee dice against an enemy in contact (the charge's impact); needs contact
    SUPPRESS_FIRE = 5   # n dice at the target, each 4+ one suppression (Covering Fire); needs range
    COVER = 6           # the unit gains n cover: + n to the Target Lock value of attacks on it this turn
    INTERCEPT = 7       # move up to n x move toward the target (Intervene: into the charge's path)
    RALLY = 8           # remove up to n suppression
    MELEE_ROUND = 9     # the melee check: every unit in contact rolls its melee + n - 1 dice


OP_NAMES = {op.name.lower(): op for op in Op if op is not Op.NONE}
# the parts that are a command's movement, for the seed's "resolve that movement first"
MOVEMENT_OPS = (Op.MOVE, Op.CHARGE_MOVE, Op.INTERCEPT)
# ops whose legality needs the target alive and in weapon range (with line of sight) when they resolve
RANGED_OPS = (Op.SHOOT, Op.SUPPRESS_FIRE)

# timing classes
TIMING_ORDER = 0        # the unit's own command window
TIMING_RESPONSE = 1     # a response window, on its trigger
TIMING_CHECK = 2        # the post-command melee check (step 8), never declared
TIMINGS = {"order": TIMING_ORDER, "response": TIMING_RESPONSE, "check": TIMING_CHECK}

# what a command is, for triggers (bits)
K_MOVE = 1
K_CHARGE = 2
K_SHOOT = 4
K_ATTACK = 8            # a shooting attack or a charge
KIND_BITS = {"move": K_MOVE, "charge": K_CHARGE, "shoot": K_SHOOT, "attack": K_ATTACK}

# who the trigger's target must be, for a response
TT_ANY = 0              # any enemy command of the trigger kinds
TT_SELF = 1             # the responding unit is the trigger's target (Defend)
TT_FRIEND = 2           # another friendly unit is the trigger's target (Covering Fire, Intervene)
TRIGGER_TARGETS = {"any": TT_ANY, "self": TT_SELF, "friend": TT_FRIEND}

# targets
TG_NONE = 0             # no target (Rally, Hold)
TG_PLACE = 1            # a place on the track (Move, Run)
TG_ENEMY = 2            # an enemy unit (Shoot, Charge)
TG_TRIGGER = 3          # the unit whose command triggered the response (Snap Fire, Covering Fire, Intervene)
TG_SELF = 4             # the unit itself (Defend)
TARGETS = {"none": TG_NONE, "place": TG_PLACE, "enemy": TG_ENEMY, "trigger": TG_TRIGGER, "self": TG_SELF}

# how far the target may be when the command is declared
R_ANY = 0
R_RANGE = 1             # weapon range, with line of sight
R_CHARGE = 2            # 2 x move
R_MOVE = 3              # 1 x move
REACHES = {"any": R_ANY, "range": R_RANGE, "charge": R_CHARGE, "move": R_MOVE}

# eligibility (bits: what the unit must be)
E_NOT_ENGAGED = 1       # no enemy in contact
E_SUPPRESSED = 2        # at least one suppression
E_WHEN_PINNED = 4       # allowed even when pinned (suppression >= morale)
ELIGIBILITY = {"not_engaged": E_NOT_ENGAGED, "suppressed": E_SUPPRESSED, "when_pinned": E_WHEN_PINNED}

# restrictions a command lists (bits on the unit until the end of the turn)
X_NO_MOVE = 1
X_NO_SHOOT = 2
X_NO_CHARGE = 4
X_NO_RESPOND = 8
X_NO_RALLY = 16
RESTRICTIONS = {"no_move": X_NO_MOVE, "no_shoot": X_NO_SHOOT, "no_charge": X_NO_CHARGE,
                "no_respond": X_NO_RESPOND, "no_rally": X_NO_RALLY}

# status changes and lasting effects a command lists (bits, applied at step 7, until the end of the turn)
ST_HOLDING = 1          # holds the objective: counts twice there
ST_CHARGED = 2          # charged this turn: one more die in the melee checks
STATUSES = {"holding": ST_HOLDING, "charged": ST_CHARGED}

# the five pre-declaration checks (the first that fails is the reason a command cannot be declared)
CHK_OK = 0
CHK_TIMING = 1          # the timing or trigger is not valid now
CHK_ELIGIBLE = 2        # the unit is not eligible
CHK_CP = 3              # not enough Command Points
CHK_TARGET = 4          # no legal target
CHK_RESTRICTED = 5      # a restriction on the unit prevents it
CHECK_NAMES = ("ok", "timing or trigger not valid", "unit not eligible", "not enough Command Points",
               "no legal target", "a restriction prevents it")

# columns of the compiled command table (int32[n_commands, N_CC])
CC_COST = 0
CC_TIMING = 1
CC_KIND = 2             # K_* bits of what it is
CC_TRIGGER = 3          # K_* bits of the commands it answers (responses)
CC_TRIGGER_TARGET = 4
CC_TARGET = 5
CC_REACH = 6
CC_ELIGIBLE = 7
CC_PREVENTED_BY = 8     # X_* restrictions that stop it being declared
CC_RESTRICTS = 9        # X_* restrictions it lists
CC_STATUS = 10          # ST_* it lists
CC_FAILS_ENTIRELY = 11  # 1: a required condition lost by the time it resolves makes the whole command fail
CC_BEFORE_TRIGGER = 12  # 1: resolves before the command it answers (the three exceptions)
CC_OPENS_WINDOW = 13    # 1: declaring it opens a response window (own-window commands)
CC_EFF = 14             # first eff row, row count at +1
N_CC = 16

# columns of the compiled unit profiles (int32[n_unit_types, N_PC])
PC_MOVE = 0
PC_RANGE = 1
PC_FIRE = 2
PC_ARMOR = 3            # damage roll needed to wound (d6 >= armor)
PC_WOUNDS = 4
PC_MELEE = 5
PC_MORALE = 6           # pinned at this much suppression
N_PC = 7
PROFILE_FIELDS = ("move", "range", "firepower", "armor", "wounds", "melee", "morale")
