"""Layout of one Star Realms game's state: named offsets into a few flat arrays.

  piles  int32[N_PILES, CAP]  card type ids; pile k holds piles[k, :cnt[k]], top = last
  fl     int32[N_PILES, CAP]  per-slot flags, kept beside PLAY piles only (F_*; bits 8+: a copy's type + 1)
  cnt    int32[N_PILES]       pile sizes
  sc     int64[N_SC]          scalars (Authority, Trade, Combat, turn, RNG, ...), offsets S_*
  log    int32[n, LOG_COLS]   event log (replays); a 1-row array turns logging off
"""
CAP = 128            # more than every card of a game (80 + 10 Explorers + 2 decks of 12 + flagships)
MAX_TYPES = 64       # batch games pad the card tables to these row counts (``batch.fixed_shapes``)
MAX_EFF_ROWS = 256

# ---- piles of player p: index = p * PLAYER_PILES + k
PLAYER_PILES = 4
DECK = 0
HAND = 1
DISCARD = 2
PLAY = 3             # ships played this turn and bases in play (bases stay, ships leave at the Discard Phase)
TRADE_DECK = 8
TRADE_ROW = 9
EXPLORERS = 10
SCRAP = 11           # scrapped cards: out of the game, kept for the conservation checks
N_PILES = 12
ROW_SLOTS = 5

# ---- flags of a card in a PLAY pile
F_ALLY = 1           # its ally ability has fired this turn
F_ALLY2 = 2          # its double ally ability has fired this turn
F_NEW = 4            # put into play this turn (a base played this turn already ran its primary)
F_COPY_SHIFT = 8     # Stealth Needle: (type copied + 1) << F_COPY_SHIFT

# ---- scalars
S_AUTH = 0            # + p
S_TRADE = 2           # the current player's Trade pool
S_COMBAT = 3          # ... and Combat pool
S_CUR = 4
S_TURN = 5            # player-turns played so far
S_WINNER = 6          # -1 running, 0/1 winner, 2 draw at the turn cap
S_RNG = 7
S_LOG_N = 8
S_LOG_LOST = 9
S_PEND_DISCARD = 10   # + p: cards p must discard at the start of their next turn
S_BLOB_PLAYED = 12    # Blob cards played this turn
S_SHIPS_PLAYED = 13
S_TOP_SHIP = 14       # Freighter / Central Office: next ships acquired this turn may go on top of the deck
S_TOP_ANY = 15        # Alliance Procurement: the next ship or base acquired goes on top of the deck
S_FED_DISCOUNT = 16   # Federation Scout: Trade off the next Trade Federation card acquired this turn
S_PROC_USED = 17      # Alliance Procurement used this turn
S_EXTRA_ALLIES = 18   # Nandi's Onslaught used this turn: a blue and a yellow card count as in play
S_HAS_PROC = 19       # + p: owns Alliance Procurement
S_HAS_ONSLAUGHT = 21  # + p: Nandi's Onslaught still face up in front of p
S_BOUGHT = 23         # + p: cards acquired
S_DAMAGE = 25         # + p: Combat p dealt to the opponent's Authority
S_BASES_DESTROYED = 27  # + p: bases p destroyed
S_HAND_SIZE = 29      # + p
S_AUTH_GAINED = 31    # + p: Authority p gained
S_TRADE_GAINED = 33   # + p: Trade p gained
S_TRADE_SPENT = 35    # + p
S_SCRAPPED = 37       # + p: cards p scrapped (from play, hand, discard or the trade row)
S_CUR_CARD = 39       # slot in PLAY of the card whose ability is resolving (-1 none)
S_START_AUTH = 40     # + p
S_OWNED = 42          # + 4p + f: cards p owns of faction bit f (the policy's synergy; kept as cards move)
N_SC = 50

# ---- config (int64[N_CFG])
CFG_MAX_TURNS = 0
CFG_AUTH = 1          # + p
CFG_HAND = 3          # + p
CFG_PROC = 5          # + p: has Alliance Procurement
CFG_ONSLAUGHT = 7     # + p: has Nandi's Onslaught
CFG_N_DECK = 9        # + p: cards in the starting deck (setup row p)
CFG_N_TRADE = 11      # cards of the trade deck (setup row 2)
CFG_N_ROW = 13        # cards laid into the trade row before it is filled (setup row 3)
CFG_N_EXPLORERS = 14
CFG_EXPLORER = 15     # type id of the Explorer
N_CFG = 16
SU_TRADE = 2
SU_ROW = 3
N_SETUP_ROWS = 4

# ---- event log
LOG_COLS = 10
L_TURN = 0
L_PLAYER = 1
L_EVENT = 2
L_A = 3
L_B = 4
L_C = 5
L_AUTH = 6            # + p
L_TRADE = 8
L_COMBAT = 9

EV_TURN = 0           # a new turn
EV_PLAY = 1           # a=type played, b=1 if a base already in play runs its primary again
EV_ALLY = 2           # a=type whose ally ability fired, b=type of the card that triggered it (-2 Onslaught), c=1 double
EV_SCRAP_ABILITY = 3  # a=type scrapped for its scrap ability
EV_CHOICE = 4         # a=type, b=op chosen, c=n
EV_BUY = 5            # a=type, b=cost paid, c=1 if put on top of the deck
EV_ATTACK_BASE = 6    # a=base type destroyed, b=its defense
EV_ATTACK_AUTH = 7    # a=Combat dealt to the opponent's Authority
EV_DISCARD = 8        # a=type discarded (b=1 forced at turn start)
EV_SCRAP_CARD = 9     # a=type scrapped, b=from pile kind (HAND, DISCARD, TRADE_ROW)
EV_DESTROY_BASE = 10  # a=base type destroyed by an ability
EV_DRAW = 11          # a=cards drawn
EV_COPY = 12          # a=type copied by Stealth Needle
EV_GAMBIT = 13        # a=gambit op (PROCUREMENT or GAIN_ALLIES), b=option (0 Trade, 1 top of deck)
EV_END = 14           # a=winner
