"""Layout of the compiled card tables: the contract between the compiler and the engine.

``cards``: int32[n_types, N_COLS], one row per card *type*, columns named below.
``eff``:   int32[n_effects, 4], rows ``(op, a, b, c)`` (see ``simcore.games.last_command.opcodes``).
Each ability is a segment ``eff[start:start+len]``; ``len == 0`` means none.
Row 0 of ``eff`` is a NOP so that an empty segment never indexes out of range.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

# card kinds
KIND_SYSTEM = 0
KIND_CREW = 1
KIND_MALFUNCTION = 2

# factions (-1: market / neutral)
FACTION_NONE = -1
FACTION_FEDERATION = 0
FACTION_SUNDER = 1
FACTIONS = {"federation": FACTION_FEDERATION, "sunder": FACTION_SUNDER}
# Ship Mats per faction, each with its one set of starting cards (the component list: "2 Ship Mats: 1
# Federation Remnant, 1 Sunder"; "Each ship belongs to a different faction"): a faction takes at most this
# many seats of a game, so a faction mirror needs a second Ship Mat here
SHIP_MATS = {"federation": 1, "sunder": 1}

# starting-card sets (0: not a starting card)
START_NONE = 0
START_STANDARD = 1
START_ASYMMETRICAL = 2
START_SETS = {"standard": START_STANDARD, "asymmetrical": START_ASYMMETRICAL}

# bonus modes
BONUS_ONCE = 0       # earned once per turn when any Crew of the expertise is in the System
BONUS_PER_CREW = 1   # stacked icons: earned once per matching Crew in the System

# malfunction return places
MALF_RETURN_DISCARD = 0   # back to the discard of the deck it was drawn from
MALF_RETURN_DECK_TOP = 1  # back on top of the Malfunction deck

# ---- columns of ``cards``
C_KIND = 0
C_SYSTEM = 1          # System index for system cards, -1 otherwise
C_EXPERTISE = 2       # Expertise index for crew, -1 otherwise
C_FACTION = 3
C_START_SET = 4
C_COUNT = 5
C_CREDIT = 6          # credit cost; starting cards 0
C_POWER = 7           # power cost
C_REQ = 8             # Req opcode of an asterisked cost
C_REQ_ARG = 9
C_MAIN = 10           # segment start; C_MAIN + 1 = length
C_COVER = 12          # "enhanced when covering": extra effects when played on top of a card
C_ONGOING = 14        # "while uncovered" effects (ongoing opcodes only)
C_BONUS = 16          # 3 expertise x (start, len, mode): column C_BONUS + 3*e + {0,1,2}
C_MALF_REPLACE = 25   # 1: a Malfunction that gives a replacement draw
C_MALF_RETURN = 26    # MALF_RETURN_*
C_RANK = 27           # crew rank 0..4 (Ensign..Colonel), -1 otherwise (reports only)
C_BONUS_PLAIN = 28    # bit e: the Bonus of expertise e has rows and only ``PLAIN_BONUS_OPS`` (bonus.bonus_phase)
N_COLS = 29

# The batch engine is compiled for tables of these many rows (simcore.games.last_command.batch pads the
# tables to them), so that the compiler can hold the sizes as constants. The shipped set has
# 76 card types and 236 effect rows; a card set beyond these is refused when compiled.
MAX_TYPES = 256
MAX_EFF_ROWS = 2048


@dataclass
class CardInfo:
    """Python-side facts about one card type (never seen by the engine)."""
    index: int
    name: str
    kind: str
    system: str | None
    expertise: str | None
    faction: str | None
    start_set: str | None
    count: int
    credit_cost: int
    power_cost: int
    text: str
    source: str                     # file the card came from
    estimated: tuple[str, ...] = ()  # field names whose values are estimates
    stated: tuple[str, ...] = ()     # field names the rulebook states
    raw: dict = field(default_factory=dict)
    key: str = ""                   # unique: name, plus " (asymmetrical)" for asymmetrical starting cards
    rank: str | None = None         # crew rank word (ensign .. colonel, cadet)
    ability: str | None = None      # a Crew Ability's printed name, e.g. "Boarding Party"


@dataclass
class CardTables:
    cards: np.ndarray                 # int32[n_types, N_COLS]
    eff: np.ndarray                   # int32[n_effects, 4]
    catalog: list[CardInfo]

    def index(self, name: str) -> int:
        """Row of a card by key or name (case-insensitive); a key wins over a shared name."""
        for attr in ("key", "name"):
            for info in self.catalog:
                if getattr(info, attr).lower() == name.lower():
                    return info.index
        raise KeyError(name)

    @property
    def names(self) -> list[str]:
        """Unique card keys, in table order."""
        return [c.key or c.name for c in self.catalog]
