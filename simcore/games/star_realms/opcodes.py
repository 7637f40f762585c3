"""Star Realms effect opcodes and faction bits.

A card's abilities compile to rows of ``eff`` (int32[n_rows, 4]): (op, n, alt_op, alt_n).
``alt_op`` > 0 makes the row a choice, "op n OR alt_op alt_n", which the player's policy
resolves; ``n`` is the amount each opcode's comment describes.
"""
from enum import IntEnum


class Op(IntEnum):
    NONE = 0
    TRADE = 1                 # gain n Trade
    COMBAT = 2                # gain n Combat
    AUTHORITY = 3             # gain n Authority
    DRAW = 4                  # draw n cards
    OPP_DISCARD = 5           # "target opponent discards n", at the start of their next turn (a card whose
    #                           ``opponents`` is "target"; against a team, as its opponent_discards rule says)
    SCRAP_HAND_OR_DISCARD = 6  # you may scrap up to n cards from your hand and/or discard pile
    SCRAP_TRADE_ROW = 7       # you may scrap up to n cards of the trade row
    DESTROY_BASE = 8          # destroy up to n of the opponent's bases (while an Outpost guards them: only Outposts)
    DRAW_IF_TWO_BASES = 9     # Embassy Yacht: draw n if you have two or more bases in play
    NEXT_SHIP_TOP = 10        # Freighter, Central Office: the next ship acquired this turn may go on top of the deck
    FREE_SHIP_TOP = 11        # Blob Carrier: acquire any ship (the trade row's or an Explorer) free, on top of the deck
    DRAW_PER_BLOB = 12        # Blob World: draw a card for each Blob card played this turn
    DISCARD_DRAW = 13         # Recycling Station: discard up to n cards, then draw as many
    COMBAT_PER_SHIP = 14      # static, Fleet HQ: n Combat for each ship played while it is in play
    COPY_SHIP = 15            # Stealth Needle: becomes a copy of another ship played this turn (and its faction)
    ALLY_ALL_FACTIONS = 16    # static, Mech World: counts as an ally of every faction (a card of its own only)
    SCRAP_FROM_HAND = 17      # Machine Base: scrap n cards from your hand (not optional)
    SCRAP_THEN_DRAW = 18      # Brain World: scrap up to n cards from hand/discard, draw one per card scrapped
    DRAW_THEN_DISCARD = 19    # Tribute Transport: draw n, then discard n
    FEDERATION_DISCOUNT = 20  # Federation Scout: the next Trade Federation card you acquire costs n less this turn
    DISCARD_THEN_DRAW = 21    # Imperial Viper: you may discard n, then draw as many
    PROCUREMENT = 22          # static, Alliance Procurement: once a turn n Trade, or the next ship or base
    #                           acquired on top of the deck
    GAIN_ALLIES = 23          # Nandi's Onslaught: an extra blue and an extra yellow card count as in play this turn
    SELF_DISCARD = 24         # you discard n cards now
    EACH_OPP_DISCARD = 25     # "each opponent discards n" (OPP_DISCARD of a card whose ``opponents`` is "each"):
    #                           every player of the other side, each member of a team, discards n


# ops no card file names (``opp_discard`` compiles to EACH_OPP_DISCARD on a card that hits each opponent)
INTERNAL_OPS = (Op.EACH_OPP_DISCARD,)
# a card with one of these ops says whom it hits, in its ``opponents`` field: "target" (one opponent; a team
# chooses which member, as its opponent_discards rule says) or "each" (every opponent, each team member)
OPPONENT_OPS = ("opp_discard",)
OPPONENTS = ("target", "each")


OP_NAMES = {op.name.lower(): op for op in Op if op is not Op.NONE and op not in INTERNAL_OPS}
STATIC_OPS = (Op.COMBAT_PER_SHIP, Op.ALLY_ALL_FACTIONS, Op.PROCUREMENT)

# faction bits (a card's faction mask; dual-faction cards and flagships set two)
TRADE_FEDERATION = 1      # blue
BLOB = 2
STAR_EMPIRE = 4           # yellow
MACHINE_CULT = 8
ALL_FACTIONS = 15
FACTIONS = {"trade_federation": TRADE_FEDERATION, "blob": BLOB, "star_empire": STAR_EMPIRE,
            "machine_cult": MACHINE_CULT, "unaligned": 0}

KIND_SHIP = 0
KIND_BASE = 1
KIND_OUTPOST = 2
KIND_GAMBIT = 3
KIND_COMMANDER = 4
KINDS = {"ship": KIND_SHIP, "base": KIND_BASE, "outpost": KIND_OUTPOST, "gambit": KIND_GAMBIT,
         "commander": KIND_COMMANDER}
ROLES = ("trade_deck", "explorer", "personal", "gambit", "flagship", "commander")

# columns of the compiled card table (int32[n_types, N_COLS])
C_KIND = 0
C_FACTION = 1       # faction mask: the factions printed on the card
C_TRIGGER = 2       # factions whose cards trigger this card's ally abilities
C_COST = 3          # -1: cannot be bought
C_DEFENSE = 4
C_PRIMARY = 5       # first eff row, row count at +1
C_ALLY = 7
C_ALLY2 = 9         # double ally ability: needs two other cards of the faction
C_SCRAP = 11
C_STATIC = 13
C_ROLE = 15
C_PLAY_AFTER = 16     # 1: the card gains from what was played before it (copy_ship, draw_per_blob)
C_ALLY_AS = 17        # factions whose ally abilities it triggers in play: its own, or all (Mech World)
N_COLS = 18
SECTIONS = {"primary": C_PRIMARY, "ally": C_ALLY, "ally2": C_ALLY2, "scrap": C_SCRAP, "static": C_STATIC}
