"""Layout of a compiled strategy: one float64 row per player.

Row = N_PARAMS named parameters, then one value per card type (computed from the
effect weights by ``strategies.values``), so the jitted policy can rank cards
without knowing how the values were made.
"""
P_KIND = 0            # KIND_RANDOM: uniform legal choices; KIND_HEURISTIC: the weighted policy
P_CREW_SHARE = 1      # draw Crew while fewer than this share of the hand is Crew
P_W_DAMAGE = 2        # effect weights (value of one unit)
P_W_REPAIR = 3
P_W_CREDITS = 4
P_W_POWER = 5
P_W_DRAW = 6
P_W_MALF = 7
P_W_OTHER = 8         # any other effect (move, take, scrap, ...)
P_BUY_MIN = 9         # buy a card only if value - cost * P_COST_WEIGHT >= this
P_COST_WEIGHT = 10
P_CREW_BONUS = 11     # extra value of a Crew card when buying
P_SCRAP_BELOW = 12    # Scrap cards valued below this (Malfunctions always first)
P_REFRESH_BELOW = 13  # refresh a System set when its best card's score is below this
P_COVER_MARGIN = 14   # cover the uncovered card only if the new value >= old value * margin
P_CLEAR_CREW = 15     # 1: clear 9 Crew to play a new one
N_PARAMS = 16

KIND_RANDOM = 0
KIND_HEURISTIC = 1
