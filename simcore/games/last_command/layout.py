"""Layout of one game's state: named offsets into a few flat arrays.

A game's whole state is:
  piles  int32[N_PILES, CAP]  card type ids; pile k holds piles[k, :cnt[k]], top = last
  cnt    int32[N_PILES]       pile sizes
  sc     int64[N_SC]          scalars (Hull, Credits, Power, turn, RNG, ...), offsets S_*,
                              then scratch space for decisions (SCR_*), so a game never allocates
  log    int32[n, LOG_COLS]   event log (replay); a 1-row array turns logging off
The layout is plain integers so the jitted code sees no Python objects.
"""
from simcore.shape import N_SHAPE

from .tables import MAX_TYPES

N_SYSTEMS = 3
MAX_HULL = 20
MAX_CREDITS = 10
MAX_POWER = 8
MAX_CREW_PER_SYSTEM = 3
DISCARD_CREDITS = 2
REFRESH_COST = 2
CAP = 160  # more than all 118 cards: no pile can overflow

# ---- piles of player p: index = p * PLAYER_PILES + k
PLAYER_PILES = 11
SYS_DECK = 0
CREW_DECK = 1
SYS_DISC = 2
CREW_DISC = 3
HAND = 4
STACK = 5      # + system: the System card stacks (top = uncovered)
CREW = 8       # + system: Crew stationed in a System (max 3)
# ---- market piles
M_SYS_DECK = 22   # + system: face-down Market decks
M_FACEUP = 25     # + system: the 2 face-up cards of each System type
M_CREW = 28       # + expertise: face-up Crew decks (top = buyable)
M_MALF = 31       # Malfunction supply (top = next dealt)
M_SCRAP = 32      # Scrapped cards (out of the game, kept for conservation checks)
M_AI_MARKET = 33  # Solo Mode: the A.I.'s own Market deck
N_PILES = 34
FACEUP_SLOTS = 2

# ---- scalars
S_HULL = 0          # + p
S_CREDITS = 2       # + p
S_POWER = 4         # + 3p + s
S_TURN = 10         # player-turns played so far
S_CUR = 11          # player whose turn it is
S_BONUS_DRAWS = 12  # + p: extra cards for the coming Draw Phase
S_ANYPOWER = 14     # + p: type id of a hand card that may use Power from any System (-1 none)
# Corsair copies in force: records of (copier's stack pile, its index, copied card's stack pile,
# its index). A copy is known by where both cards lie, so every way a card leaves play ends the
# copies it takes part in (``copies.end_copies``) and a later card at the same place is never one.
S_COPY_N = 16       # records in use
S_COPY = 17         # + COPY_FIELDS * r + CP_*: record r
COPY_FIELDS = 4
CP_PILE = 0
CP_POS = 1
CP_SRC_PILE = 2
CP_SRC_POS = 3
MAX_COPIES = 5      # copiers in play at once (the shipped set has 2 Corsairs); a copy beyond fails
S_BONUS_DONE = 37   # bit 3s + e: the Bonus of expertise e in System s is earned in this Bonus Phase
S_DECISION = 38     # searched decisions so far: names each one's own search RNG (simcore.search.decision_rng)
S_BOUND = 39        # the bound that ended the game (simcore.bounds code; 0: none)
S_WINNER = 40       # -1 running, 0/1 winner, 2 draw (at the turn cap or an engine bound: S_BOUND says)
S_RNG = 41          # RNG state (uint64 bits)
S_LOG_N = 42        # events written
S_LOG_LOST = 43     # events that did not fit
S_FREE_PLAYS = 44   # pending "play a System card with no Power cost"
S_PHASE = 45        # PH_*
S_MOVED = 46        # + s: a System card left stack s during the Bonus Phase (bit per player: 1 << p)
S_BOUGHT = 49       # + p: purchases made
S_DAMAGE_DEALT = 51  # + p: Damage dealt by p
S_MALF_DRAWN = 53   # + p: Malfunctions p drew
S_PENDING_COPY = 55  # type whose main Ability a Corsair must now perform (-1 none)
S_PENDING_SYS = 56   # System of that Corsair
S_SEED = 57
S_SOLO_AI = 58       # seat of the Solo Mode A.I. (-1 in a duel)
S_CUR_CARD = 59      # type of the card whose Ability is resolving
S_MULTS_KEY = 60     # the state (player, Hulls, turn) whose weight multipliers S_MULTS holds; 0 none
S_MULTS = 61         # + 0..2: those multipliers (float64 bits), see players.situation.weight_mults
# the engine's bounds (``bounds``): what this turn and this play have counted, and the limits (from the cfg,
# so that a scenario can pose a position near one)
S_PLAYS = 64         # cards put into play in player-turn S_PLAYS_TURN
S_PLAYS_TURN = 65
S_EFFECTS = 66       # effect rows resolved since the last card was put into play (or Bonus earned)
S_MAX_PLAYS = 67
S_MAX_EFFECTS = 68
N_STATE = 72         # sc[:N_STATE] is the game's state; the rest is scratch, meaningless between calls
SCR_COSTS = N_STATE  # 9: Market item costs at the current purchase
SCR_SCORES = SCR_COSTS + 16  # CAP: candidate scores (float64 bits: see scratch_scores)
SCR_CAND_A = SCR_SCORES + CAP  # CAP: candidate piles
SCR_CAND_B = SCR_CAND_A + CAP  # CAP: candidate positions
# the game's records beyond its state, cleared at setup: the shape (simcore.shape: Hull after every round) and
# each card type's copies drawn and played (simcore.play_counts)
S_SHAPE = SCR_CAND_B + CAP
S_CARD_COUNTS = S_SHAPE + N_SHAPE   # + type
N_SC = S_CARD_COUNTS + MAX_TYPES

# phases
PH_SETUP = 0
PH_CARD = 1
PH_MARKET = 2
PH_BONUS = 3
PH_DRAW = 4

# ---- config (one int64 array per cell)
CFG_MAX_TURNS = 0       # player-turns before the game is a draw
CFG_DRAW_COUNT = 1      # cards drawn in the Draw Phase (3)
CFG_INITIAL_DRAW = 2    # + p: cards drawn at setup (3), after any preset hand
CFG_CREDITS = 4         # + p: starting Credits (5, 6)
CFG_POWER = 6           # starting Power in each System (1)
CFG_HULL = 7            # starting Hull (20)
CFG_SOLO_AI = 8         # seat of the Solo Mode A.I., -1 in a duel
CFG_AI_DISCARDED = 9    # Solo Mode difficulty: A.I. Market cards moved to its discard at setup (1..4)
CFG_AI_POWER = 10       # Solo Mode: the A.I.'s starting Power in each System (3)
CFG_AI_DRAW = 11        # Solo Mode: the A.I.'s Draw Phase (4)
CFG_MAX_PLAYS = 12      # cards put into play in one player-turn before the game is a draw (bounds.MAX_PLAYS_PER_TURN)
CFG_MAX_EFFECTS = 13    # effect rows of one play before the game is a draw (bounds.MAX_EFFECTS_PER_PLAY)
N_CFG = 14

# ---- setup rows (int32[N_SETUP_ROWS, CAP] + counts)
SU_SYS = 0      # + 2p: player p's starting System cards
SU_CREW = 1     # + 2p: player p's starting Crew cards
SU_HAND = 4     # + p: Fog of War: cards (from the above) that start in hand
SU_MARKET_SYS = 6    # + system
SU_MARKET_CREW = 9   # + expertise
SU_MALF = 12
N_SETUP_ROWS = 13

# ---- event log
LOG_COLS = 16
L_TURN = 0
L_PLAYER = 1
L_EVENT = 2
L_A = 3
L_B = 4
L_C = 5
L_HULL = 6      # + p
L_CREDITS = 8   # + p
L_POWER = 10    # + 3p + s

EV_TURN = 0         # a new turn
EV_DRAW = 1         # a=type, b=deck (0 system, 1 crew), c=1 if by an Ability
EV_PLAY_SYSTEM = 2  # a=type, b=system, c=power paid
EV_PLAY_CREW = 3    # a=type, b=system
EV_DISCARD = 4      # a=type: discarded from hand for 2 Credits
EV_EFFECT = 5       # a=op, b=arg, c=amount applied
EV_BUY = 6          # a=type, b=cost
EV_REFRESH = 7      # a=set (0..2 System type, 3 Crew)
EV_BONUS = 8        # a=type, b=expertise, c=system
EV_MALF_DRAWN = 9   # a=type
EV_MALF_DEALT = 10  # a=type, b=target pile kind, c=player hit
EV_RESHUFFLE = 11   # a=deck (0 system, 1 crew)
EV_CLEAR_CREW = 12
EV_WIN = 13         # a=winner
EV_DRAW_GAME = 14   # the turn cap was reached
EV_SCRAP = 15       # a=type
EV_FORCED_DISCARD = 16  # a=type, b=player who lost it
EV_TAKE = 17        # a=type (taken into hand), b=from pile kind
EV_MOVE_CREW = 18   # a=type, b=from system, c=to system
EV_COPY = 19        # a=type copied
EV_MALF_REPAIR = 20  # a=type
EV_BOUND = 21       # a=bound (simcore.bounds code), b=its limit: the game ends as a draw

EVENT_NAMES = {
    EV_TURN: "turn", EV_DRAW: "draw", EV_PLAY_SYSTEM: "play_system", EV_PLAY_CREW: "play_crew",
    EV_DISCARD: "discard_for_credits", EV_EFFECT: "effect", EV_BUY: "buy", EV_REFRESH: "refresh",
    EV_BONUS: "bonus", EV_MALF_DRAWN: "malfunction_drawn", EV_MALF_DEALT: "malfunction_dealt",
    EV_RESHUFFLE: "reshuffle", EV_CLEAR_CREW: "clear_crew", EV_WIN: "win", EV_DRAW_GAME: "draw_game",
    EV_SCRAP: "scrap", EV_FORCED_DISCARD: "forced_discard", EV_TAKE: "take", EV_MOVE_CREW: "move_crew",
    EV_COPY: "copy", EV_MALF_REPAIR: "malfunction_repair", EV_BOUND: "bound",
}
