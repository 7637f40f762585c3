"""Layout of a compiled Star Realms strategy row: N_PARAMS named parameters, then one value per card type
(``values.card_values``), so the jitted policy ranks cards without knowing how the values were made."""
P_KIND = 0             # KIND_RANDOM: uniform legal choices; KIND_HEURISTIC: the weighted policy (the search kinds too)
P_W_TRADE = 1          # value of one unit of each effect
P_W_COMBAT = 2
P_W_AUTHORITY = 3
P_W_DRAW = 4
P_W_OPP_DISCARD = 5
P_W_SCRAP = 6          # one card one may scrap from hand or discard pile
P_W_TRADE_ROW = 7      # one trade-row card one may scrap
P_W_DESTROY_BASE = 8
P_W_SPECIAL = 9        # top-of-deck, free ship, discounts, copies, gambits
P_W_DEFENSE = 10       # a base's value per point of defense
P_W_OUTPOST = 11       # extra value of an Outpost
P_ALLY_SHARE = 12      # share of an ally ability's value counted when buying (it fires only with an ally)
P_BASE_TURNS = 13      # a base's primary counts this many times (it fires every turn it survives)
P_SYNERGY = 14         # extra buy score per card of the same faction already owned
P_BUY_MIN = 15         # buy only cards scoring at least this
P_COST_WEIGHT = 16     # score = value - cost * this
P_SCRAP_BELOW = 17     # scrap (or discard) own cards valued below this
P_USE_SCRAP = 18       # use a card's scrap ability when it gains at least this share of the card's value
P_ATTACK_BASES = 19    # destroy a base (not an Outpost) when its value is at least this (> 90: never)
P_ONSLAUGHT_ALLIES = 20  # use Nandi's Onslaught once it would fire at least this many ally abilities
# a seat facing a Hydra team (two players' Combat and a longer game) multiplies these weights by:
P_VS_TEAM_BASE_TURNS = 21  # base_turns (a base falls about twice as fast)
P_VS_TEAM_W_DRAW = 22      # w_draw (the longer game rewards the economy)
P_VS_TEAM_W_COMBAT = 23    # w_combat (... over Combat now)
# a search player (``simcore.games.star_realms.search``; not a heuristic's parameter: the tuner leaves it alone)
P_ROLLOUTS = 24        # rollouts per searched decision (KIND_SEARCH), tree iterations (KIND_ISMCTS)
N_PARAMS = 25

KIND_RANDOM = 0
KIND_HEURISTIC = 1
# a compiled row (``library.strategy_rows``) is the N_PARAMS parameters, a block of one value per card type, then a
# block of the seat's restriction of each card type (restricted play, ``commandsim impact``): 0 none,
# RESTRICT_BAN: never acquires or uses it, RESTRICT_FORCE: acquires it whenever it can afford it
RESTRICT_BAN = 1.0
RESTRICT_FORCE = 2.0

KIND_SEARCH = 2        # the heuristic of its other parameters, searching its purchases and attacks
KIND_ISMCTS = 3        # the same heuristic, its purchases and attacks chosen by one search tree over both sides'
                       # moves (information-set MCTS: ``simcore.games.star_realms.tree_search``)
SEARCHED_KINDS = (KIND_SEARCH, KIND_ISMCTS)   # the kinds that search (a batch with one plays ``search.play_game``)
