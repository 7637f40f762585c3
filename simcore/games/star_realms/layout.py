"""Layout of one Star Realms game's state: named offsets into a few flat arrays.

  piles  int32[N_PILES, CAP]  card type ids; pile k holds piles[k, :cnt[k]], top = last
  fl     int32[N_PILES, CAP]  per-slot flags, kept beside PLAY piles only (F_*; bits 8+: a copy's type + 1)
  cnt    int32[N_PILES]       pile sizes
  sc     int64[N_SC]          scalars (Authority, Trade, Combat, turn, RNG, ...), offsets S_*
  log    int32[n, LOG_COLS]   event log (replays); a 1-row array turns logging off
"""
from simcore.shape import N_SHAPE

CAP = 128            # more than every card of a game (80 + 10 Explorers + a deck of 12 and two of 10 + flagships)
MAX_TYPES = 64       # batch games pad the card tables to these row counts (``batch.fixed_shapes``)
MAX_EFF_ROWS = 256

# ---- players and sides. A two-player game has players 0 and 1, each a side of its own. In Two Against One
# one side is the Hydra team of two players: the side's own index and player 2 (S_SIDE, S_MEMBER).
MAX_PLAYERS = 3

# ---- piles of player p: index = p * PLAYER_PILES + k
PLAYER_PILES = 4
DECK = 0
HAND = 1
DISCARD = 2
PLAY = 3             # ships played this turn and bases in play (bases stay, ships leave at the Discard Phase)
TRADE_DECK = MAX_PLAYERS * PLAYER_PILES
TRADE_ROW = TRADE_DECK + 1
EXPLORERS = TRADE_DECK + 2
SCRAP = TRADE_DECK + 3   # scrapped cards: out of the game, kept for the conservation checks
N_PILES = TRADE_DECK + 4
ROW_SLOTS = 5

# ---- flags of a card in a PLAY pile
F_ALLY = 1           # its ally ability has fired this turn
F_ALLY2 = 2          # its double ally ability has fired this turn
F_NEW = 4            # put into play this turn
F_PRIMARY_DUE = 8    # a base whose primary ability is still to be used (or declined) this turn
F_COPY_SHIFT = 8     # Stealth Needle: (type copied + 1) << F_COPY_SHIFT

# ---- scalars: "+ side" (0 first, 1 second) or "+ p" (a player, 0 .. MAX_PLAYERS - 1)
S_AUTH = 0            # + side (the Hydra's Authority is shared)
S_TRADE = 2           # the current side's Trade pool (a team pools its members' Trade)
S_COMBAT = 3          # ... and Combat pool
S_CUR = 4             # the side taking its turn
S_TURN = 5            # side-turns played so far ("player-turns" of a two-player game)
S_WINNER = 6          # -1 running, 0/1 winning side, 2 draw (at the turn cap or an engine bound: S_BOUND says)
S_RNG = 7
S_LOG_N = 8
S_LOG_LOST = 9
S_PEND_DISCARD = 10   # + p: cards p must discard at the start of their next turn
S_BLOB_PLAYED = 13    # + p: Blob cards p played this turn
S_SHIPS_PLAYED = 16   # + p
S_TOP_SHIP = 19       # + p: Freighter / Central Office: p's next ships acquired this turn may go on top of the deck
S_TOP_ANY = 22        # + p: Alliance Procurement: p's next ship or base acquired goes on top of the deck
S_FED_DISCOUNT = 25   # + p: Federation Scout: Trade off p's next Trade Federation card acquired this turn
S_PROC_USED = 28      # + p: Alliance Procurement used this turn
S_EXTRA_ALLIES = 31   # + p: Nandi's Onslaught used this turn: a blue and a yellow card count as in p's play
S_HAS_PROC = 34       # + p: owns Alliance Procurement
S_HAS_ONSLAUGHT = 37  # + p: Nandi's Onslaught still face up in front of p
S_BOUGHT = 40         # + p: cards acquired
S_DAMAGE = 43         # + side: Combat the side dealt to the opponent's Authority
S_BASES_DESTROYED = 45  # + side: bases the side destroyed by attacks
S_HAND_SIZE = 47      # + p
S_AUTH_GAINED = 50    # + side: Authority the side gained
S_TRADE_GAINED = 52   # + p: Trade p brought (to the side's pool; per player, which the hot loop indexes directly)
S_TRADE_SPENT = 55    # + p: Trade spent on p's purchases
S_SCRAPPED = 58       # + p: cards p scrapped (from play, hand, discard or the trade row)
S_CUR_CARD = 61       # slot in PLAY of the card whose ability is resolving (-1 none)
S_START_AUTH = 62     # + side
S_OWNED = 64          # + 4p + f: cards p owns of faction bit f (the policy's synergy; kept as cards move)
S_SIDE = 76           # + p: p's side (-1: no such player in this game)
S_MEMBER = 79         # + 2 side + j: player j of the side (j = 1: -1 but in a team)
S_SEARCHES = 83       # decisions a search player searched so far (numbers each one's own RNG: simcore.search)
S_ROLLOUTS = 84       # rollouts they played
S_ROLLOUT_TURNS = 85  # the side-turns those rollouts played from their decisions on (bench: how long one is)
S_PEND_TEAM = 86      # + side: cards a team must discard at the start of its next turn, its members choosing who
#                       discards each ("target opponent discards" under TEAM_CHOOSES_DISCARDER; S_PEND_DISCARD
#                       holds what each player must discard themself)
S_BOUND = 88          # the bound that ended the game (simcore.bounds code; 0: none)
S_PLAYS = 89          # cards the current player has played this turn (``bounds``)
S_EFFECTS = 90        # effect rows resolved since the current player's last card was played (or the turn began)
# the game's records: its shape (simcore.shape: Authority after every round) and each card type's copies drawn
# and played per side (simcore.play_counts)
S_SHAPE = 91
S_CARD_COUNTS = S_SHAPE + N_SHAPE   # + type
N_SC = S_CARD_COUNTS + MAX_TYPES

# ---- config (int64[N_CFG])
CFG_MAX_TURNS = 0
CFG_AUTH = 1          # + side
CFG_HAND = 3          # + p
CFG_PROC = 6          # + p: type of p's Alliance Procurement (-1 none)
CFG_ONSLAUGHT = 9     # + p: type of p's Nandi's Onslaught (-1 none)
CFG_N_DECK = 12       # + p: cards in p's starting deck (setup row p)
CFG_N_TRADE = 15      # cards of the trade deck (setup row SU_TRADE)
CFG_N_ROW = 16        # cards laid into the trade row before it is filled (setup row SU_ROW)
CFG_N_EXPLORERS = 17
CFG_EXPLORER = 18     # type id of the Explorer
CFG_TEAM_SIDE = 19    # the side that is a two-player team (-1: none)
CFG_OUTPOSTS = 20     # a team's Outposts: TEAM_OUTPOSTS_GUARD_ALL or TEAM_OUTPOSTS_GUARD_OWNER
CFG_OPP_DISCARD = 21  # "target opponent discards" against a team: TEAM_CHOOSES_DISCARDER or EACH_MEMBER_DISCARDS
CFG_SCRAP_FROM = 22   # a member's scrap from the discard pile: SCRAP_OWN_PILE or SCRAP_EITHER_PILE
CFG_MAX_PLAYS = 23    # cards one player plays in a turn before the game is a draw (bounds.MAX_PLAYS_PER_TURN)
CFG_MAX_EFFECTS = 24  # effect rows of one play before the game is a draw (bounds.MAX_EFFECTS_PER_PLAY)
N_CFG = 25
SU_TRADE = MAX_PLAYERS
SU_ROW = MAX_PLAYERS + 1
N_SETUP_ROWS = MAX_PLAYERS + 2

# ---- the team's open questions (decks.toml fields of a team deck; see setup.TEAM_RULES)
TEAM_OUTPOSTS_GUARD_ALL = 0     # any Outpost of the team must fall before its other bases and its Authority
TEAM_OUTPOSTS_GUARD_OWNER = 1   # a member's Outposts guard that member's bases; any Outpost guards the Authority
TEAM_CHOOSES_DISCARDER = 0      # the team decides which member discards each card ("each opponent": every one)
EACH_MEMBER_DISCARDS = 1        # every member discards that many
SCRAP_OWN_PILE = 0              # a member scraps from their own hand or discard pile
SCRAP_EITHER_PILE = 1           # ... or from the teammate's discard pile

# ---- event log
LOG_COLS = 10
L_TURN = 0
L_PLAYER = 1
L_EVENT = 2
L_A = 3
L_B = 4
L_C = 5
L_AUTH = 6            # + side
L_TRADE = 8
L_COMBAT = 9

EV_TURN = 0           # a new turn
EV_PLAY = 1           # a=type played, b=1: a base in play uses its primary ability (later than played, or again)
EV_ALLY = 2           # a=type whose ally ability fired, b=type of the card that triggered it (-2 Onslaught), c=1 double
EV_SCRAP_ABILITY = 3  # a=type scrapped for its scrap ability
EV_CHOICE = 4         # a=type, b=op chosen, c=n
EV_BUY = 5            # a=type, b=cost paid, c=1 if put on top of the deck
EV_ATTACK_BASE = 6    # a=base type destroyed, b=its defense, c=1 if it was the second team member's
EV_ATTACK_AUTH = 7    # a=Combat dealt to the opponent's Authority
EV_DISCARD = 8        # a=type discarded (b=1 forced at turn start)
EV_SCRAP_CARD = 9     # a=type scrapped, b=from pile (LOG_*), c=1 from the teammate's discard pile
EV_DESTROY_BASE = 10  # a=base type destroyed by an ability (b, c as EV_ATTACK_BASE)
EV_DRAW = 11          # a=cards drawn
EV_COPY = 12          # a=type copied by Stealth Needle
EV_GAMBIT = 13        # a=gambit op (PROCUREMENT or GAIN_ALLIES), b=option (0 Trade, 1 top of deck)
EV_END = 14           # a=winner
EV_POOL = 15          # a team pools: a=Trade, b=Combat its first member brought (the row's pools: the team's)
EV_DECLINE = 16       # a=type of the base whose primary ability the player declines this turn
EV_BOUND = 17         # a=bound (simcore.bounds code), b=its limit: the game ends as a draw

# pile codes in the log (EV_SCRAP_CARD's b): those of the two-player layout, so recorded replays read the same
LOG_HAND = HAND
LOG_DISCARD = DISCARD
LOG_TRADE_ROW = 9
