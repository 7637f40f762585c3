"""The vocabulary of the card TOML files (see ``games/last_command/cards/SCHEMA.md``).

Field sets, allowed words and numeric limits live here so that the loader, the
compiler and the CLI agree on one definition.
"""
from __future__ import annotations

from .. import tables
from ..opcodes import Expertise, System

KINDS = {"system": tables.KIND_SYSTEM, "crew": tables.KIND_CREW, "malfunction": tables.KIND_MALFUNCTION}
SYSTEMS = {s.name.lower(): int(s) for s in System}
EXPERTISES = {e.name.lower(): int(e) for e in Expertise}
FACTIONS = dict(tables.FACTIONS)
START_SETS = dict(tables.START_SETS)
# C_RANK holds market ranks only; starting Cadets are outside the rank ladder.
RANKS = {"ensign": 0, "lieutenant": 1, "lt_commander": 2, "commander": 3, "colonel": 4, "cadet": -1}
BONUS_MODES = {"once": tables.BONUS_ONCE, "per_crew": tables.BONUS_PER_CREW}
MALF_RETURNS = {"discard": tables.MALF_RETURN_DISCARD, "malfunction_deck": tables.MALF_RETURN_DECK_TOP}
REQUIREMENTS = ("crew_in_system", "covering", "expertise_in_system")

# (low, high) inclusive; anything outside is a typo, not a design choice.
LIMITS = {"count": (1, 20), "credit_cost": (0, 10), "power_cost": (0, 8)}
EFFECT_INT_LIMIT = (0, 20)
CREW_IN_SYSTEM_LIMIT = (1, 3)   # at most 3 Crew fit in a System

COMMON_FIELDS = ("name", "kind", "count", "text", "main", "estimated", "stated")
KIND_FIELDS = {
    "system": ("system", "faction", "start_set", "credit_cost", "power_cost", "requirement",
               "covering", "ongoing", "bonus", "bonus_mode"),
    "crew": ("expertise", "rank", "faction", "start_set", "credit_cost", "ongoing", "ability"),
    "malfunction": ("malfunction",),
}
ALL_FIELDS = tuple(dict.fromkeys(COMMON_FIELDS + sum(KIND_FIELDS.values(), ())))

# Fields whose values come from the rulebook or from our estimates, so each needs a mark.
PROVENANCE_FIELDS = ("credit_cost", "power_cost", "requirement", "main", "covering", "ongoing", "malfunction")
IDENTITY_FIELDS = ("name", "kind", "system", "expertise", "rank", "faction", "start_set", "count")
EFFECT_FIELDS = ("main", "covering", "ongoing")
