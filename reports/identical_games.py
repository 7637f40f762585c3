"""Cells of a sweep that played identical games, and what their settings differ in.

Two variants (or command sets) of a game that play the very same games on the same seeds are one setting as
far as those players are concerned: a designer reading two rows of the same numbers should be told so, not left
to wonder. A sweep gives each cell a digest of its games (``chunk_digest``, summed over its chunks modulo 2^64, so
it does not depend on the chunking, threads or machine): a hash of each game's number, seat order, winner and
length and of the copies of every card each seat bought. Cells with the same digest played the same games, game
for game, on the same seeds (a sum of 64-bit hashes that agree by chance across hundreds of games is
negligible). The aggregate carries it in its ``games_digest`` column, on every row of the cell.

``identical_groups(aggregate)`` finds such cells; ``explain(group, info, entries)`` names what their settings
differ in, where the game's card data has an entry named after each (``Game.card_entries``: the skirmish's
``[set.covering-fire-2cp]``): what only one of them has never changed a game, so the players never used it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import pandas as pd

DIGEST = "games_digest"
_M1, _M2 = np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def _mix(z: np.ndarray) -> np.ndarray:
    """SplitMix64's finaliser, element-wise (wrapping uint64 arithmetic)."""
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


def chunk_digest(first_game: int, order: int, winner: np.ndarray, turns: np.ndarray,
                 bought: np.ndarray | None = None) -> int:
    """The digest of games ``first_game ..`` of one seat order (``order``) of a cell: the sum modulo 2^64 of a
    hash of each game's number, winner code, length and bought copies (``Records.bought``, any layout)."""
    winner = np.asarray(winner)
    n = winner.shape[0]
    if n == 0:
        return 0
    with np.errstate(over="ignore"):
        h = _mix(np.arange(first_game, first_game + n, dtype=np.uint64) * _GOLDEN + np.uint64(order + 1))
        h = _mix(h ^ (winner.astype(np.uint64) + np.uint64(1)) * _M1)
        h = _mix(h ^ (np.asarray(turns).astype(np.uint64) + np.uint64(1)) * _M2)
        if bought is not None and np.size(bought):
            flat = np.asarray(bought).reshape(n, -1).astype(np.int64)
            weights = _mix(np.arange(1, flat.shape[1] + 1, dtype=np.uint64) * _GOLDEN).view(np.int64)
            # an integer product wraps modulo 2^64 alike on every machine (a reduction along rows of the
            # element-wise product took 9 ms a 20,000-game chunk of The Last Command; this takes 2)
            h = _mix(h ^ (flat @ weights).view(np.uint64))
        return int(h.sum(dtype=np.uint64))


def add(total: int, part: int) -> int:
    """Two digests combined (a cell's chunks, in any order)."""
    return (total + part) % (1 << 64)


def text(digest: int) -> str:
    return f"{digest:016x}"


# ---- the aggregate's cells

_SIDE = ("faction", "variant", "strategy")
_OTHER = ("opponent_faction", "opponent_variant", "opponent_strategy")


def _str(x) -> str:
    return "" if x is None or (not isinstance(x, str) and pd.isna(x)) else str(x)


def cell_key(row) -> tuple:
    """A cell, whichever side's perspective a row takes: (mode, difficulty, the two sides as a sorted pair)."""
    a = tuple(_str(row[c]) for c in _SIDE)
    b = tuple(_str(row[c]) for c in _OTHER)
    return (_str(row.get("mode", "")), _str(row.get("difficulty", "")), tuple(sorted((a, b))))


def labels_key(mode: str, difficulty: str, labels: dict) -> tuple:
    """``cell_key`` of a chunk's cell from its labels (``reports.sweep.chunk_labels``)."""
    return cell_key({"mode": mode, "difficulty": difficulty, "faction": labels["first_faction"],
                     "variant": labels["first_variant"], "strategy": labels["first_strategy"],
                     "opponent_faction": labels["second_faction"], "opponent_variant": labels["second_variant"],
                     "opponent_strategy": labels["second_strategy"]})


def with_digests(aggregate: pd.DataFrame, digests: dict[tuple, int]) -> pd.DataFrame:
    """``aggregate`` with its ``DIGEST`` column, from {``cell_key``: digest} (a cell left out: blank)."""
    out = aggregate.copy()
    out[DIGEST] = [text(digests[k]) if k in digests else "" for k in (cell_key(r) for _, r in aggregate.iterrows())]
    return out


@dataclass(frozen=True)
class Cell:
    key: tuple
    mode: str
    sides: tuple[tuple[str, str, str], tuple[str, str, str]]    # (side, variant, strategy) of each
    games: int


@dataclass(frozen=True)
class Group:
    """Cells that played identical games (one digest), in the aggregate's order."""
    cells: tuple[Cell, ...]

    @property
    def variants(self) -> list[tuple[str, ...]]:
        """Per cell, its sides' variants (the setting that differs between identical cells, usually)."""
        return [tuple(dict.fromkeys(s[1] for s in c.sides)) for c in self.cells]


def identical_groups(aggregate: pd.DataFrame) -> list[Group]:
    """The groups of two or more distinct cells of ``aggregate`` with one digest (none without the column)."""
    if aggregate.empty or DIGEST not in aggregate.columns:
        return []
    both = aggregate[aggregate["seat"] == "both"] if "seat" in aggregate.columns else aggregate
    groups: dict[tuple, dict[tuple, Cell]] = {}
    for _, r in both.iterrows():
        digest = _str(r[DIGEST])
        if not digest:
            continue
        key = cell_key(r)
        source = str(r.get("source", ""))
        cells = groups.setdefault((source, digest), {})
        if key not in cells:
            cells[key] = Cell(key, key[0], key[2], int(r["games"]))
    return [Group(tuple(cells.values())) for cells in groups.values() if len(cells) > 1]


def _pair_text(cell: Cell) -> str:
    (a, _, _), (b, _, _) = cell.sides
    return f"{a} vs {b}"


def group_text(groups: list[Group]) -> list[str]:
    """One sentence per set of settings that played identical games, the cells named: "covering-fire-2cp:4 and
    no-covering-fire:4 played identical games in 3 cells (elite vs line, ...)"."""
    by_settings: dict[tuple, list[Group]] = {}
    for g in groups:
        settings = _settings(g)
        by_settings.setdefault(settings, []).append(g)
    out = []
    for settings, gs in by_settings.items():
        cells = [g.cells[0] for g in gs]
        what = " and ".join(settings) if len(settings) > 1 else "the settings " + settings[0]
        names = ", ".join(dict.fromkeys(_pair_text(c) for c in cells))
        out.append(f"{what} played identical games in {len(cells)} cell{'' if len(cells) == 1 else 's'} "
                   f"({names}: every game's winner, length and purchases the same, on the same seeds)")
    return out


# ---- why: what the settings differ in, from the game's card data

def base_variant(label: str, variants) -> str | None:
    """The game's variant a label names ("covering-fire-2cp" for "covering-fire-2cp:4"), the longest that fits."""
    fits = [v for v in variants if re.match(re.escape(v) + r"(?![\w-])", label)]
    return max(fits, key=len) if fits else None


def _entry_of(variant: str, entries: dict):
    for key, entry in entries.items():
        if key == variant or key.split()[-1] == variant:
            return entry
    return None


def _shown(value) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items()) or "none"
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "none"
    return "none" if value is None else str(value)


def differences(a: str, b: str, entries: dict) -> list[str]:
    """What the card data's entries of variants ``a`` and ``b`` differ in ([] when either has none): list fields
    as the items only one has, other fields as their two values."""
    ea, eb = _entry_of(a, entries), _entry_of(b, entries)
    if ea is None or eb is None:
        return []
    out = []
    for field in dict.fromkeys([*ea.table, *eb.table]):
        x, y = ea.table.get(field), eb.table.get(field)
        if x == y or field in ("text", "source", "stated", "estimated"):
            continue
        if isinstance(x, list) and isinstance(y, list):
            only_a, only_b = [i for i in x if i not in y], [i for i in y if i not in x]
            parts = ([f"{_shown(only_a)} only in {a}"] if only_a else []) + (
                [f"{_shown(only_b)} only in {b}"] if only_b else [])
            out.append(f"{field} ({'; '.join(parts)})")
        else:
            out.append(f"{field} ({_shown(x)} in {a}, {_shown(y)} in {b})")
    return out


def explain(group: Group, info, entries: dict, strategies: str = "", data: str = "") -> str:
    """Why the cells of ``group`` played the same games, where the data says: the entries named after their two
    variants and what only one of them has ("" when the cells differ in more than one variant, or the game's card
    data names no entry after them). ``info``: the game's ``GameInfo`` (its variants and what it calls them)."""
    labels = {v for per_cell in group.variants for v in per_cell}
    if len(labels) != 2:
        return ""
    a, b = (base_variant(v, info.variants) for v in sorted(labels))
    if a is None or b is None or a == b:
        return ""
    diff = differences(a, b, entries)
    if not diff:
        return ""
    who = strategies or "the players"
    return (f"The {info.variant.many} {a} and {b}{f' ({data})' if data else ''} differ only in "
            f"{' and '.join(diff)}; since no game changed, {who} never used what only one of them has in these cells")


def notes(aggregate: pd.DataFrame, info=None, entries: dict | None = None, data: str = "") -> list[str]:
    """The sentences a sweep's output and a report say about its identical cells, each with its reason where the
    card data gives one (``info``: the game's ``GameInfo``; ``entries``: its ``card_entries``; ``data``: what
    card data they are, when it may not be the sweep's own: "as the shipped card data defines them")."""
    groups = identical_groups(aggregate)
    out = []
    for g, line in zip(_first_of_each(groups), group_text(groups)):
        strategies = ", ".join(dict.fromkeys(s[2] for c in g.cells for s in c.sides))
        why = explain(g, info, entries, strategies, data) if info is not None and entries else ""
        out.append(f"{line}{'. ' + why if why else ''}.")
    return out


def _settings(group: Group) -> tuple[str, ...]:
    return tuple(sorted(dict.fromkeys(" and ".join(v) for v in group.variants)))


def _first_of_each(groups: list[Group]) -> list[Group]:
    """The first group of each set of settings, in ``group_text``'s order."""
    seen: dict[tuple, Group] = {}
    for g in groups:
        seen.setdefault(_settings(g), g)
    return list(seen.values())
