"""The tiny race's cards: read from TOML (``cards.toml`` and any ``--cards`` files over it), checked, and compiled
to the int tables the engine reads (``opcodes``): the engine never sees a name or a string.

Every failure is one ``CardDataError`` naming the file, the card and the field, what arrived and what was
expected. An override entry that names a loaded card takes the fields it does not give from it
(``simcore.card_overrides.complete_override``), so ``[[card]] name = "Boots"`` with ``cost = 3`` re-costs one
card.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from simcore.card_files import card_files, read_toml
from simcore.card_overrides import complete_override, first_giver, given_twice, misnamed
from simcore.errors import CardDataError
from simcore.names import unknown

from .layout import MAX_EFF_ROWS, MAX_TYPES
from .opcodes import C_COST, C_EFF, C_N_EFF, E_N, E_OP, N_COLS, OP_NAMES

HERE = Path(__file__).resolve().parent
MAX_COST = 20
MAX_N = 10


@dataclass(frozen=True)
class Tables:
    """The card set of a race: names and fields in table order (what the listings show), and the compiled
    tables (what the engine reads). Picklable: chunks carry it to a cluster's workers."""
    names: tuple[str, ...]
    cost: tuple[int, ...]
    effects: tuple[tuple[tuple[str, int], ...], ...]
    estimated: tuple[tuple[str, ...], ...]
    files: tuple[str, ...]
    cards: np.ndarray          # int32[n_types, N_COLS]
    eff: np.ndarray            # int32[n_rows, 2]


def check_card(path: Path, card: dict) -> None:
    """Every check the engine needs of one card, or a ``CardDataError`` naming the file, card and field."""
    name = card["name"]
    if not (isinstance(card["cost"], int) and not isinstance(card["cost"], bool) and 0 <= card["cost"] <= MAX_COST):
        raise CardDataError(str(path), name, "cost", f"expected an integer 0..{MAX_COST}, got {card['cost']!r}")
    effects = card["effects"]
    if not isinstance(effects, list) or not all(isinstance(e, dict) for e in effects):
        raise CardDataError(str(path), name, "effects", f"expected a list of {{ op = ..., n = ... }}, got {effects!r}")
    for e in effects:
        if e.get("op") not in OP_NAMES:
            raise CardDataError(str(path), name, "effects", unknown("op", e.get("op"), list(OP_NAMES)))
        n = e.get("n")
        if not (isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= MAX_N):
            raise CardDataError(str(path), name, "effects", f"op '{e['op']}': expected n an integer 1..{MAX_N}, "
                                                           f"got {n!r}")


def read_cards(path: Path, loaded: dict | None = None) -> list[dict]:
    """The cards of one file, checked; a card naming one of ``loaded`` takes the fields it does not give from it."""
    data = read_toml(path)   # the core's reader: every failure one line naming the file
    out = []
    for i, card in enumerate(data.get("card", [])):
        named = (loaded or {}).get(card.get("name"))
        card = complete_override(card, named)
        for field in ("name", "cost", "effects"):
            if field not in card:
                exc = CardDataError(str(path), card.get("name", f"#{i + 1}"), field, "missing required field")
                raise (misnamed(exc, card.get("name"), list(loaded)) if loaded and named is None else exc)
        check_card(path, card)
        out.append({**card, "file": str(path)})
    return out


def merged_cards(paths=()) -> list[dict]:
    """The shipped cards with each file (or folder) of ``paths`` merged over them in turn."""
    merged = {c["name"]: c for c in read_cards(HERE / "cards.toml")}
    for path in paths:
        given: dict[str, str] = {}    # two files of one folder may not change one card (simcore.card_overrides)
        for file in card_files(Path(path)):   # a folder's files as every game reads them (simcore.card_files)
            cards = read_cards(file, merged)
            names = [c["name"] for c in cards]
            if len(set(names)) < len(names):
                raise CardDataError(str(file), next(n for n in names if names.count(n) > 1), "name",
                                    "duplicate card name in this file")
            for c in cards:
                other = first_giver(given, c["name"], str(file))
                if other is not None:
                    raise CardDataError(str(file), c["name"], "name", given_twice(other))
            for c in cards:
                merged[c["name"]] = c
    return list(merged.values())


def compile_tables(cards: list[dict]) -> Tables:
    """The opcode tables of ``cards`` (checked): a row per card, its effects' rows one after another."""
    rows = [(OP_NAMES[e["op"]], e["n"]) for c in cards for e in c["effects"]]
    last = cards[-1]
    if len(cards) > MAX_TYPES:
        raise CardDataError(last["file"], last["name"], "name", f"a race plays at most {MAX_TYPES} cards, "
                                                                 f"got {len(cards)}")
    if len(rows) > MAX_EFF_ROWS:
        raise CardDataError(last["file"], last["name"], "effects", f"a race plays at most {MAX_EFF_ROWS} effects "
                                                                    f"in all, got {len(rows)}")
    table = np.zeros((len(cards), N_COLS), np.int32)
    eff = np.zeros((max(1, len(rows)), 2), np.int32)
    r = 0
    for t, c in enumerate(cards):
        table[t, C_COST], table[t, C_EFF], table[t, C_N_EFF] = c["cost"], r, len(c["effects"])
        for e in c["effects"]:
            eff[r, E_OP], eff[r, E_N] = OP_NAMES[e["op"]], e["n"]
            r += 1
    return Tables(tuple(c["name"] for c in cards), tuple(c["cost"] for c in cards),
                  tuple(tuple((e["op"], e["n"]) for e in c["effects"]) for c in cards),
                  tuple(tuple(c.get("estimated", ())) for c in cards), tuple(c["file"] for c in cards), table, eff)


def load(paths=()) -> Tables:
    return compile_tables(merged_cards(paths))


def effect_text(effects) -> str:
    return ", ".join(f"{op} {n}" for op, n in effects) or "none"
