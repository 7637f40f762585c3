"""Card files over the shipped cards, game-agnostic: a one-field override, what a file changes, and the block
to paste.

An override entry that names an entry already loaded (a shipped card, or one of an earlier ``--cards`` file)
takes every field it does not give from that entry, so ``[[card]] name = "Railgun"`` with ``credit_cost = 5``
re-costs one card; an entry that names none is a new one and needs every required field (the game's
validator names the file, the card and the field). Each game lists the entries it plays as ``Entry``s
(``Game.card_entries``: the TOML header and table a card file writes); from them the core says what a file
changes (``change_lines``: "cards: my.toml changes Railgun credit_cost 4 -> 5") and prints a card as a
block to paste (``entry_blocks``).
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .card_files import display_path
from .card_patch import entry_toml, toml_value
from .errors import CardDataError, UnknownCardError
from .names import closest

# fields that say where a value comes from, not what the game plays
NOT_PLAYED = ("source", "stated", "estimated", "text")


@dataclass(frozen=True)
class Entry:
    """One entry of a game's card data as a card file writes it: its header (``[[card]]``, ``[[unit]]``,
    ``[force.line]``), its table, and the keys written as dotted keys (``bonus.tactician = [...]``)."""
    header: str
    table: dict
    dotted: tuple[str, ...] = ()
    identity: tuple[str, ...] = ("name",)     # the fields that name the entry (a paste keeps them)

    def toml(self) -> str:
        return entry_toml(self.header, self.table, self.dotted)


MARKS = ("stated", "estimated")
_TOP = re.compile(r"[.\[]")


def complete_override(table: dict, loaded: dict | None, key: str = "name") -> dict:
    """``table`` as read from an override file, completed from ``loaded`` (the table of the entry it names,
    None for a new entry): the loaded entry's fields with the override's on top, under the loaded name's
    spelling. Provenance marks (``stated`` / ``estimated``: lists of fields, or of paths inside one): an
    override that gives none keeps the loaded entry's; one that gives some marks the fields it sets, and
    the loaded entry's marks still cover the fields it takes from it."""
    if loaded is None:
        return table
    merged = {**loaded, **table}
    if key in loaded:
        merged[key] = loaded[key]
    if any(m in table for m in MARKS):
        for mark in MARKS:
            own = table.get(mark, [])
            kept = [m for m in loaded.get(mark, []) if isinstance(m, str) and _TOP.split(m)[0] not in table]
            if not isinstance(own, list):
                continue            # the game's validator names the bad value
            both = list(dict.fromkeys([*own, *(m for m in kept if m not in own)]))
            if both:
                merged[mark] = both
            else:
                merged.pop(mark, None)
    return merged


def first_giver(given: dict[str, str], entry: str, file: str) -> str | None:
    """Record that ``file`` gives ``entry`` (case-insensitive) in a card set being read; the file that gave
    it before, when another one did. Two files of one ``--cards`` folder changing one entry are refused in
    every game, naming both (``given_twice``): neither says which of them wins."""
    other = given.setdefault(entry.casefold(), file)
    return other if other != file else None


def given_twice(other: str) -> str:
    return f"also given in {other}: two files of one card set may not both change one entry (put its fields in " \
           f"one file)"


def misnamed(exc: CardDataError, name, loaded_names, what: str = "card") -> CardDataError:
    """``exc`` (an entry of an override file that names no loaded entry, so read as a new one, found
    incomplete or wrong) with the loaded names closest to its name: a misspelt "Railgn" is meant as
    Railgun, and "field 'kind': missing required field" alone does not say so. ``exc`` itself when no
    loaded name is close."""
    if not isinstance(name, str) or not name.strip():
        return exc
    near = closest(name, loaded_names, cutoff=0.8)   # a typo, not a new card named like one (Coilgun, Railgun)
    if not near:
        return exc
    guess = " or ".join(f"'{n}'" for n in near)
    failed = f"field '{exc.field}': {exc.message}" if exc.field is not None else exc.message
    return type(exc)(exc.file, exc.card, "name", f"no {what} named '{name.strip()}' to change: did you mean {guess}? "
                                                 f"(read as a new {what}: {failed})", line=exc.line)


def _shown(value) -> str:
    if value is None:
        return "(none)"
    try:
        text = toml_value(value)
    except TypeError:
        text = repr(value)
    return text if len(text) <= 48 else text[:45] + "..."


def entry_changes(before: dict[str, Entry], after: dict[str, Entry]) -> list[str]:
    """What ``after`` changes of ``before``: "changes KEY FIELD OLD -> NEW, ..." and "adds KEY", in
    ``after``'s order (fields that only say where a value comes from are not listed)."""
    out = []
    for key, entry in after.items():
        old = before.get(key)
        if old is None:
            out.append(f"adds {key}")
            continue
        fields = [f for f in {**old.table, **entry.table} if f not in NOT_PLAYED]
        diffs = [f"{f} {_shown(old.table.get(f))} -> {_shown(entry.table.get(f))}" for f in fields
                 if old.table.get(f) != entry.table.get(f)]
        if diffs:
            out.append(f"changes {key} {', '.join(diffs)}")
    return out


def change_lines(entries: Callable[[Sequence[Path]], dict[str, Entry]], paths: Sequence[Path],
                 labels: Sequence[str] = ()) -> list[str]:
    """One line per card file of ``paths`` (each merged over the shipped cards and the files before it):
    "cards: my.toml changes Railgun credit_cost 4 -> 5". ``labels``: a word after "cards" per file."""
    lines = []
    before = entries([])
    for i, path in enumerate(paths):
        after = entries(list(paths[:i + 1]))
        changes = entry_changes(before, after)
        label = f" {labels[i]}" if i < len(labels) and labels[i] else ""
        lines.append(f"cards{label}: {display_path(Path(path))} " + ("; ".join(changes) if changes
                                                                       else "changes nothing"))
        before = after
    return lines


def find_entries(entries: dict[str, Entry], name: str) -> list[tuple[str, Entry]]:
    """The entries whose key, name or alias is ``name`` (case-insensitive); ``UnknownCardError`` with the
    closest names when none is."""
    wanted = name.strip().casefold()

    def names(key, entry):
        table = entry.table
        aliases = table.get("aliases", [])
        return {key.casefold(), str(table.get("name", key)).casefold(),
                *(str(a).casefold() for a in (aliases if isinstance(aliases, list) else []))}
    found = [(k, e) for k, e in entries.items() if k.casefold() == wanted]
    found += [(k, e) for k, e in entries.items() if k.casefold() != wanted and wanted in names(k, e)]
    if not found:
        raise UnknownCardError(name.strip(), difflib.get_close_matches(name.strip(), list(entries), n=3, cutoff=0.6))
    return found


def entry_blocks(entries: dict[str, Entry], name: str) -> list[str]:
    """``cards show NAME --toml``: each entry named ``name`` as a block to paste into a ``--cards`` file,
    after a comment saying that a block may keep only the name and the fields it changes."""
    lines = []
    for key, entry in find_entries(entries, name):
        names = " and ".join(f for f in entry.identity if f in entry.table) or "the header"
        lines += ([""] if lines else []) + [
            f"# {key}: paste into a card file given to --cards; keep {names} and the fields you change:",
            "# every field left out comes from the shipped card.",
            *entry.toml().rstrip("\n").split("\n")]
    return lines
