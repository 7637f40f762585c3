"""The rulebook's component list, and the check that the shipped card set matches it.

The rulebook names every card and how many copies come in the box, but not
most card texts; names and counts are therefore the one part of the shipped
data we can hold to the printed source exactly.  User override sets add or
change cards on purpose and skip this check.
"""
from __future__ import annotations

import difflib
from collections import defaultdict
from collections.abc import Sequence

from simcore.errors import CardDataError

# faction -> its 6 standard starting cards (one copy each; "Cadet ..." are Crew)
STARTING_CARDS = {
    "sunder": ("Cadet Killion", "Cadet Malkesh", "Cadet Petra", "Siege Cannon", "Quick-ship", "Quantum Reactor"),
    "federation": ("Cadet Fitz", "Cadet Korr", "Cadet Keado", "Basic Laser", "Nuclear Reactor", "Trade Rocket"),
}
# The asymmetrical set replaces only the starting System cards, under the same names.
ASYMMETRICAL_CARDS = {f: tuple(n for n in names if not n.startswith("Cadet ")) for f, names in STARTING_CARDS.items()}

MARKET_SYSTEMS = {
    "engineering": {
        "Armored Mech": 1, "Fabricators": 1, "Holodeck": 1, "Naquadah Reactor": 2, "Quantum Artifact": 1,
        "Ablative Hull": 1, "Repair Bot": 2, "Repair Drones": 1, "Shield Drone": 2, "Ship's A.I.": 2,
        "Sonic Showers": 1, "Super Computer": 1, "Teleporter": 2,
    },
    "comms": {
        "Dexeer Chrysalis": 1, "Dexeer Symbiote": 1, "Fleet Frigate": 2, "Fleet Mineship": 1, "Fleet Support": 2,
        "Keshran Corsair": 2, "Keshran Edict": 1, "Pirate Rex": 1, "Rutari Salve": 1, "Scrizzian Blade": 1,
        "Scrizzian Claw": 2, "Scrizzian Maul": 1, "Shuttle Bay": 2,
    },
    "tactical": {
        "Chain Vulcan": 2, "Charge Laser": 2, "Cloaked Mines": 1, "Guardian Crystal": 2, "Hydra Missile A": 1,
        "Hydra Missile B": 1, "Hyperkinetic Dart": 1, "Point Defense": 1, "Ion Cannon": 1, "Railgun": 1,
        "Scythe Beam": 1, "Tri Laser": 2, "Zero Point Laser": 2,
    },
}

# Market Crew are listed by rank, not by name, and only for the Tacticians ("10 Tactical Crew: 3
# Ensigns, 1 Colonel, 3 Lieutenants, 2 Lt. Commanders, 1 Commander"); that Engineers and Comms
# Experts have the same split is our inference (30 Crew in all), and the checks say so.
CREW_RANKS = {"ensign": 3, "lieutenant": 3, "lt_commander": 2, "commander": 1, "colonel": 1}
EXPERTISES = ("engineer", "comms_expert", "tactician")
RANKS_STATED_FOR = ("tactician",)

MALFUNCTIONS = {"Console Overload": 10, "Secondary Explosion": 3, "Power Failure": 2, "Vented Compartment": 1}

TOTAL_CARDS = 118


def expected_named_cards() -> dict[str, dict]:
    """key -> the identity fields the component list fixes for every card it names."""
    named: dict[str, dict] = {}
    for faction, names in STARTING_CARDS.items():
        for name in names:
            kind = "crew" if name.startswith("Cadet ") else "system"
            named[name] = dict(kind=kind, faction=faction, start_set="standard", count=1)
    for faction, names in ASYMMETRICAL_CARDS.items():
        for name in names:
            named[f"{name} (asymmetrical)"] = dict(kind="system", faction=faction, start_set="asymmetrical", count=1)
    for system, cards in MARKET_SYSTEMS.items():
        for name, count in cards.items():
            named[name] = dict(kind="system", system=system, faction=None, start_set=None, count=count)
    for name, count in MALFUNCTIONS.items():
        named[name] = dict(kind="malfunction", faction=None, start_set=None, count=count)
    return named


def component_list_problems(cards: Sequence, where: str = "the card set") -> list[CardDataError]:
    """Every disagreement between ``cards`` (loader Cards or CardInfos) and the component list.

    ``where`` names the card folder in problems that belong to no single card (a missing card).
    """
    named = expected_named_cards()
    folded = {key.casefold(): key for key in named}
    problems: list[CardDataError] = []
    seen: set[str] = set()
    crew_groups: dict[tuple, list] = defaultdict(list)
    for card in cards:
        if card.kind == "crew" and card.start_set is None:
            if card.rank is None:
                problems.append(CardDataError(card.source, card.name, "rank",
                                              "missing: Market Crew are counted by rank in the component list"))
            else:
                crew_groups[(card.expertise, card.rank)].append(card)
            continue
        key = folded.get(card.key.casefold())
        if key is None:
            close = difflib.get_close_matches(card.key, list(named), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            problems.append(CardDataError(card.source, card.name, "name",
                                          f"not in the rulebook's component list{hint}"))
            continue
        seen.add(key)
        for field, want in named[key].items():
            got = getattr(card, field)
            if got != want:
                problems.append(CardDataError(card.source, card.name, field,
                                              f"the rulebook's component list has {_show(want)}, got {_show(got)}"))
    for key, want in named.items():
        if key not in seen:
            what = f"{want['count']} cop{'y' if want['count'] == 1 else 'ies'} ({_identity(want)})"
            problems.append(CardDataError(where, key, None, f"missing: the rulebook's component list has {what}"))
    problems += _crew_problems(crew_groups, where)
    total = sum(card.count for card in cards)
    if not problems and total != TOTAL_CARDS:
        problems.append(CardDataError(where, None, None, f"expected {TOTAL_CARDS} cards in all, got {total}"))
    return problems


def check_component_list(cards: Sequence, where: str = "the card set") -> None:
    """Raise the first disagreement with the component list (saying how many more there are)."""
    problems = component_list_problems(cards, where)
    if problems:
        first = problems[0]
        more = f" (and {len(problems) - 1} more disagreements)" if len(problems) > 1 else ""
        raise CardDataError(first.file, first.card, first.field, first.message + more, line=first.line)


def _crew_problems(groups: dict[tuple, list], where: str) -> list[CardDataError]:
    problems = []
    for expertise, rank in list(groups):
        if expertise not in EXPERTISES or rank not in CREW_RANKS:
            card = groups[(expertise, rank)][0]
            problems.append(CardDataError(card.source, card.name, "rank",
                                          f"the component list has no Market Crew of rank '{rank}'"))
    for expertise in EXPERTISES:
        for rank, want in CREW_RANKS.items():
            group = groups.get((expertise, rank), [])
            got = sum(card.count for card in group)
            if got == want:
                continue
            if expertise in RANKS_STATED_FOR:
                message = f"the rulebook's component list has {want} {rank} {expertise} Crew, the data has {got}"
            else:
                message = (f"our inferred rank split has {want} {rank} {expertise} Crew, the data has {got} (the "
                           f"rulebook lists ranks for the Tactical Crew only; we assume the same for the others)")
            if group:
                names = ", ".join(f"'{card.name}'" for card in group)
                problems.append(CardDataError(group[-1].source, group[-1].name, "count", f"{message} ({names})"))
            else:
                problems.append(CardDataError(where, None, None, message))
    return problems


def _show(value) -> str:
    return "none" if value is None else str(value)


def _identity(want: dict) -> str:
    parts = [want.get("system"), want.get("faction"), want.get("start_set"), want["kind"]]
    return " ".join(p for p in parts if p)
