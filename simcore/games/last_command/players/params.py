"""Layout of a compiled strategy: one float64 row per player.

Row = N_PARAMS named parameters, then blocks of one value per card type (computed
from the effect weights by ``players.values``; layout in ``players.situation``),
so the jitted policy can rank cards without knowing how the values were made.
"""
P_KIND = 0            # KIND_RANDOM: uniform legal choices; KIND_HEURISTIC: the weighted policy
P_CREW_SHARE = 1      # draw Crew while fewer than this share of the hand is Crew
P_W_DAMAGE = 2        # effect weights (value of one unit)
P_W_REPAIR = 3
P_W_CREDITS = 4
P_W_POWER = 5
P_W_DRAW = 6
P_W_MALF = 7
P_W_OTHER = 8         # any other effect (move Crew, a free play, a Corsair copy, Mines, a discount, ...)
P_BUY_MIN = 9         # buy a card only if value - cost * P_COST_WEIGHT >= this
P_COST_WEIGHT = 10
P_CREW_BONUS = 11     # extra value of a Crew card when buying
P_SCRAP_BELOW = 12    # Scrap cards valued below this (Malfunctions always first)
P_REFRESH_BELOW = 13  # refresh a System set when its best card's score is below this
P_COVER_MARGIN = 14   # covering a card loses this share of what it gives while uncovered
P_CLEAR_CREW = 15     # 1: clear 9 Crew to play a new one
# ---- more effect weights
P_W_SHIELD = 16       # one point of Shield while uncovered (Hull part)
P_W_DENY = 17         # one Power the opponent loses; a card they must discard counts 2
P_W_CARD = 18         # a card gained (taken from the Market or a discard; Quantum Artifact: 2)
P_W_SCRAP = 19        # one card one may Scrap
# ---- reacting to the Hulls and the turn (see simcore.games.last_command.players.situation)
P_OWN_LOW_HULL = 20   # own Hull below which Repair counts more ...
P_REPAIR_URGENCY = 21  # ... up to (1 + this) times at Hull 0
P_OPP_LOW_HULL = 22   # the opponent's Hull below which Damage counts more ...
P_KILL_URGENCY = 23   # ... up to (1 + this) times at Hull 0
P_PUSH_TURN = 24      # from one's own turn number (0 = first) on: the late push ...
P_PUSH_DAMAGE = 25    # ... adds this to the Damage multiplier ...
P_PUSH_ECONOMY = 26   # ... and multiplies Credits, Power and draws by this
# ---- Card Phase
P_SYSTEMS_FIRST = 27  # 1: play System cards payable now before Crew (0: Crew first, their Power pays)
P_DISCARD_BELOW = 28  # discard a System card for 2 Credits when playing it gains less than this
P_PLACE_BONUS = 29    # Crew placement: weight of the System Bonus the Crew earns there
P_PLACE_NEED = 30     # ... bonus for a System whose cards in hand lack Power (or the Crew's presence)
P_PLACE_SPREAD = 31   # ... penalty per Power already in the System
P_PLACE_HOME = 32     # ... bonus for the System of the Crew's own colour
# ---- drawing, Malfunctions, Market
P_DRAW_NEED = 33      # added to P_CREW_SHARE while a System card in hand lacks Power
P_KEEP_BOARD = 34     # 1: do not draw from an empty deck (it takes the cards in play) while the other has cards
P_MALF_CREW = 35      # bias towards dealing Malfunctions to the opponent's Crew piles (< 0: System piles)
P_BIAS_ENGINEERING = 36  # Market: extra score of an Engineering card ...
P_BIAS_COMMS = 37     # ... of a Comms card ...
P_BIAS_TACTICAL = 38  # ... of a Tactical card
P_REFRESH_CREDITS = 39  # refresh a Market set only with at least this many Credits
P_SAVE_GAP = 40       # skip a buy when an unaffordable card scores this much more (save for it)
# ---- search players (KIND_SEARCH, KIND_ISMCTS): never tuned, never read by the jitted policy
P_ROLLOUTS = 41       # rollouts (KIND_ISMCTS: tree iterations) per searched decision
N_PARAMS = 42

KIND_RANDOM = 0
KIND_HEURISTIC = 1
KIND_SOLO_AI = 2   # the rulebook's Solo Mode A.I. (players/solo_ai.py); its weights value OR options
# A search player (simcore/games/last_command/search.py): its heuristic parameters play every
# decision but the searched ones. Python turns the kind back into KIND_HEURISTIC before the
# rows reach the engine (``simcore.games.last_command.players.library.engine_rows``), so the jitted policy
# never sees it: the budget travels beside the rows.
KIND_SEARCH = 3
# The tree search player (simcore/games/last_command/tree_search.py, ``ismcts:N``): as KIND_SEARCH, its
# heuristic plays every decision but the searched ones, and Python hands the engine a heuristic row;
# P_ROLLOUTS counts its tree iterations per decision.
KIND_ISMCTS = 4
