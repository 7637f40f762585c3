"""The one registry of effect opcodes.

A card's abilities compile to rows of the effect table ``eff[i] = (op, a, b, c)``
(int32).  Each opcode below documents what its arguments ``a, b, c`` mean; the
card compiler reads argument names from this registry and the engine's
interpreter (``simcore.games.last_command.effects``) has one branch per opcode.  Adding a
new kind of effect is: one entry here, one branch there, one test.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum


class Op(IntEnum):
    NOP = 0
    DAMAGE = 1            # a=n: n Damage to the opponent's Hull
    DAMAGE_SELF = 2       # a=n: n Damage to your own Hull
    REPAIR = 3            # a=n: repair your Hull by n (max 20)
    CREDITS = 4           # a=n: gain n Credits (max 10)
    POWER = 5             # a=n, b=system target (SystemTarget): gain n Power
    LOSE_POWER = 6        # a=n, b=system target: you lose n Power (floor 0)
    OPP_LOSE_POWER = 7    # a=n, b=system target: the opponent loses n Power
    LOSE_CREDITS = 8      # a=n: you lose n Credits (floor 0)
    DRAW = 9              # a=n: draw n cards (Card Phase: now, into hand; Bonus Phase: n more in the Draw Phase)
    OPP_DRAW = 10         # a=n: the opponent draws n cards into their hand (by an Ability)
    MALFUNCTION = 11      # a=n: deal n Malfunctions into the opponent's System or Crew discard
    MALFUNCTION_TOP = 12  # a=n: deal n Malfunctions onto the top of the opponent's System or Crew deck
    MALFUNCTION_REPAIR = 13  # a=n: return up to n Malfunctions from your discards to the top of the Malfunction deck
    SCRAP = 14            # a=n: you may Scrap (remove from the game) up to n cards from your hand or discards
    OPP_DISCARD = 15      # a=n: the opponent Discards n cards from their hand (no Credits for them)
    DISCARD_OPP_INPLAY = 16  # a=n: Discard n of the opponent's uncovered in-play System cards
    TAKE_OWN = 17         # a=n: take n of your in-play (uncovered) or discarded cards into your hand
    TAKE_MARKET = 18      # a=n, b=destination (Dest), c=market filter (MarketFilter): gain n Market cards free
    MOVE_CREW = 19        # a=n, b=from system (-1 any), c=to system (-1 any): move n in-play Crew (not re-played)
    QUANTUM_ARTIFACT = 20  # take 2 Market cards of two different deck types into your hand (face-up or deck top)
    SUPER_COMPUTER = 21   # move a System card from your System discard to hand; it may use Power from any System
    PLAY_FREE = 22        # play another System card from your hand with no Power cost (infeasible without one)
    COPY = 23             # become a copy of another uncovered in-play System card of either ship
    CHOICE = 24           # a=len(option A), b=len(option B): the next a rows, then the next b rows; choose one
    DAMAGE_PER_CREW = 25  # a=n: n Damage to the opponent per Crew in this System
    REPAIR_PER_CREW = 26  # a=n: repair n per Crew in this System
    CREDITS_PER_CREW = 27  # a=n: gain n Credits per Crew in this System
    # ---- ongoing ("while uncovered") effects: read by engine hooks, never executed as actions
    SHIELD = 40           # a=n: each Damage the opponent deals you is reduced by n
    MINES = 41            # a=n, b=m: opponent draws by an Ability: n Damage to them, +m if it is a Malfunction
    DISCOUNT = 42         # a=n, c=market filter: your Market purchases of that kind cost n less (min 1)


ONGOING_OPS = frozenset({Op.SHIELD, Op.MINES, Op.DISCOUNT})


class System(IntEnum):
    ENGINEERING = 0
    COMMS = 1
    TACTICAL = 2


class Expertise(IntEnum):
    """Index e matches System e: an Engineer is Engineering's colour, and so on."""
    ENGINEER = 0
    COMMS_EXPERT = 1
    TACTICIAN = 2


class SystemTarget(IntEnum):
    HERE = -2      # the System the card is in
    ANY = -1       # the acting player's choice
    ENGINEERING = 0
    COMMS = 1
    TACTICAL = 2
    EACH = 3       # every System
    MOST = 4       # the System with the most Power


class Dest(IntEnum):
    DISCARD = 0
    HAND = 1
    DECK_TOP = 2


class MarketFilter(IntEnum):
    ANY = -1
    ENGINEERING = 0
    COMMS = 1
    TACTICAL = 2
    CREW = 3


class Req(IntEnum):
    """Extra requirement of an asterisked Power cost."""
    NONE = 0
    CREW_IN_SYSTEM = 1     # arg n: at least n Crew in this System
    COVERING = 2           # must be played on top of another System card
    EXPERTISE_IN_SYSTEM = 3  # arg e: a Crew of expertise e in this System


@dataclass(frozen=True)
class Arg:
    name: str
    kind: str          # "int", "system_target", "dest", "market_filter", "system_or_any"
    default: object = None


@dataclass(frozen=True)
class OpSpec:
    op: Op
    args: tuple[Arg, ...] = field(default_factory=tuple)
    doc: str = ""


_N = Arg("n", "int")

# Argument order is column order: first arg -> a, second -> b, third -> c.
OPSPECS: dict[str, OpSpec] = {
    "damage": OpSpec(Op.DAMAGE, (_N,), "Deal n Damage to the opponent's ship."),
    "damage_self": OpSpec(Op.DAMAGE_SELF, (_N,), "Deal n Damage to your own ship."),
    "repair": OpSpec(Op.REPAIR, (_N,), "Repair n Hull (max 20)."),
    "credits": OpSpec(Op.CREDITS, (_N,), "Gain n Credits (max 10)."),
    "power": OpSpec(Op.POWER, (_N, Arg("system", "system_target", "here")),
                    "Gain n Power in a System: here, any (your choice), each, or a named System."),
    "lose_power": OpSpec(Op.LOSE_POWER, (_N, Arg("system", "system_target", "any")),
                         "Lose n Power (n >= 8 empties it) from a System of yours."),
    "opp_lose_power": OpSpec(Op.OPP_LOSE_POWER, (_N, Arg("system", "system_target", "most")),
                             "The opponent loses n Power from a System."),
    "lose_credits": OpSpec(Op.LOSE_CREDITS, (_N,), "Lose n Credits."),
    "draw": OpSpec(Op.DRAW, (_N,), "Draw n cards (Bonus Phase: n extra cards in the Draw Phase)."),
    "opp_draw": OpSpec(Op.OPP_DRAW, (_N,), "The opponent draws n cards into their hand."),
    "malfunction": OpSpec(Op.MALFUNCTION, (_N,), "Deal n Malfunctions into the opponent's discards."),
    "malfunction_top": OpSpec(Op.MALFUNCTION_TOP, (_N,),
                              "Deal n Malfunctions onto the top of the opponent's decks."),
    "malfunction_repair": OpSpec(Op.MALFUNCTION_REPAIR, (_N,),
                                 "Return up to n Malfunctions from your discards to the Malfunction deck."),
    "scrap": OpSpec(Op.SCRAP, (_N,), "You may Scrap up to n cards from your hand or discard piles."),
    "opp_discard": OpSpec(Op.OPP_DISCARD, (_N,), "The opponent Discards n cards from their hand."),
    "discard_opp_inplay": OpSpec(Op.DISCARD_OPP_INPLAY, (_N,),
                                 "Discard n of the opponent's uncovered in-play System cards."),
    "take_own": OpSpec(Op.TAKE_OWN, (_N,), "Take n of your uncovered in-play or discarded cards into your hand."),
    "take_market": OpSpec(Op.TAKE_MARKET, (_N, Arg("dest", "dest", "discard"), Arg("filter", "market_filter", "any")),
                          "Gain n Market cards for free into discard, hand or the top of the deck."),
    "move_crew": OpSpec(Op.MOVE_CREW, (_N, Arg("from", "system_or_any", "any"), Arg("to", "system_or_any", "any")),
                        "Move n of your in-play Crew from one System to another (not played again)."),
    "quantum_artifact": OpSpec(Op.QUANTUM_ARTIFACT, (),
                               "Take 2 Market cards (face-up or a deck's top) of two different deck types."),
    # `source` names the pile the card comes from, so the data can mark that reading: the
    # rulebook says only that the card moved to your hand may use Power from any System
    "super_computer": OpSpec(Op.SUPER_COMPUTER, (Arg("source", "super_computer_source", "system_discard"),),
                             "Move a System card from your System discard to your hand; it may be paid "
                             "with Power from any Systems."),
    "play_free": OpSpec(Op.PLAY_FREE, (), "Play another System card from your hand with no Power cost."),
    "copy": OpSpec(Op.COPY, (), "Copy another uncovered in-play System card of either ship."),
    "choice": OpSpec(Op.CHOICE, (), "Choose one of two options (the 'options' field: two effect lists)."),
    "damage_per_crew": OpSpec(Op.DAMAGE_PER_CREW, (_N,), "Deal n Damage per Crew in this System."),
    "repair_per_crew": OpSpec(Op.REPAIR_PER_CREW, (_N,), "Repair n per Crew in this System."),
    "credits_per_crew": OpSpec(Op.CREDITS_PER_CREW, (_N,), "Gain n Credits per Crew in this System."),
    "shield": OpSpec(Op.SHIELD, (_N,), "While uncovered: each Damage dealt to you is reduced by n."),
    "mines": OpSpec(Op.MINES, (_N, Arg("malfunction_bonus", "int", 0)),
                    "While uncovered: when the opponent draws because of an Ability, n Damage to them, "
                    "+malfunction_bonus if the card is a Malfunction."),
    "discount": OpSpec(Op.DISCOUNT, (_N, Arg("unused", "int", 0), Arg("filter", "market_filter", "any")),
                       "While uncovered: Market purchases of that kind cost n less (min 1)."),
}

ENUMS = {
    "system_target": {"here": -2, "any": -1, "engineering": 0, "comms": 1, "tactical": 2, "each": 3, "most": 4},
    "system_or_any": {"any": -1, "engineering": 0, "comms": 1, "tactical": 2},
    "dest": {"discard": 0, "hand": 1, "deck_top": 2},
    "market_filter": {"any": -1, "engineering": 0, "comms": 1, "tactical": 2, "crew": 3},
    "super_computer_source": {"system_discard": 0},
}
