"""Layout of a compiled skirmish strategy row (float64[N_PARAMS]): named parameters the jitted policy reads."""
P_KIND = 0             # KIND_RANDOM: uniform among the legal choices; KIND_HEURISTIC: the weighted policy;
                       # KIND_SEARCH: the weighted policy, with its orders and responses searched
                       # (simcore/games/skirmish/search.py); KIND_ISMCTS: the same decisions searched by a
                       # tree over both forces' choices (simcore/games/skirmish/tree_search.py)
P_W_DAMAGE = 1         # value of one expected wound dealt by a shot
P_W_CHARGE = 2         # value of one expected wound of a charge's strike
P_W_OBJECTIVE = 3      # value of one position closer to the objective
P_W_ADVANCE = 4        # value of a move that brings an enemy into range
P_W_RALLY = 5          # value of one suppression removed (twice when pinned)
P_W_HOLD = 6           # value of holding the objective for the turn
P_W_DEFEND = 7         # value of one expected wound a Defend prevents
P_W_SUPPRESS = 8       # value of one expected suppression of Covering Fire
P_W_INTERVENE = 9      # value of an Intervene by a unit at least as strong in melee as the charge's target
P_MIN_VALUE = 10       # give a command only when it is worth at least this
P_RESPOND_MIN = 11     # declare a response only when it is worth at least this
P_RESERVE = 12         # Command Points kept back for responses while enemy units threaten ours
P_SPEND_ANYWAY = 13    # a command worth at least this is given even out of the reserve
P_CP_VALUE = 14        # what one Command Point is worth: a choice must beat its cost times this
P_ROLLOUTS = 15        # KIND_SEARCH: rollouts per searched decision, KIND_ISMCTS: iterations (not tuned)
N_PARAMS = 16
# a compiled row (``library.strategy_rows``) is the parameters, then one float per command row of a battle
# (``simcore.games.skirmish.layout.MAX_CMDS``): the seat's restriction of that command (restricted play,
# ``commandsim impact``): 0 none, RESTRICT_BAN never gives or declares it, RESTRICT_FORCE gives (declares) it
# whenever it is legal and affordable (its Command Points: the seed's five checks pass)
N_RESTRICT = 24
ROW_LEN = N_PARAMS + N_RESTRICT
RESTRICT_BAN = 1.0
RESTRICT_FORCE = 2.0

KIND_RANDOM = 0
KIND_HEURISTIC = 1
KIND_SEARCH = 2
KIND_ISMCTS = 3
