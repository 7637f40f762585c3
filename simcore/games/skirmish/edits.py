"""Single-field numeric edits of the skirmish's data, for the balance advisor (``reports/advisor``).

The core's ``CardField`` / ``CardEdit`` (``simcore.card_edits``) over this game's numbers, each within
the range its data file may hold (``data.LIMITS``, ``data.PROFILE_LIMITS``)::

    Shoot: cost, Shoot: effects[0].n        a command's Command Point cost, each effect's amount
    Trooper: firepower (move, range, ...)   each number of a unit profile
    force line: cp                          a force's Command Points per turn
    force line: units.Trooper               copies of a unit in a force (0 when another unit type is
                                            left; at most 6 units)

A field's mark is its entry's provenance of it (a command effect's: of ``effects``; a force lists only
its estimates, so a field it does not list is ``stated``; a command's cost left at the seed's default
of 1 is ``stated``).  The melee check's cost is not a field: it is never declared.  Entries nothing
uses (a command in no set, a unit in no force) have no fields.  An edit changes the entry's table as
read, which the data reader reads again, so an edited entry is exactly what a patch file gives back
through ``--cards``.
"""
from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable, Sequence

from simcore.card_edits import CardEdit, CardField, field_edits, ordinal, set_path, words
from simcore.card_patch import entry_toml, patch_text, toml_key
from simcore.errors import CardDataError, CommandsimError

from . import opcodes as O
from .card_data import (LIMITS, PROFILE_LIMITS, SkirmishData, SkirmishTables, compile_sets, read_command, read_force,
                   read_unit)
from .layout import MAX_UNITS

__all__ = ["CardEdit", "CardField", "apply_edits", "data_fields", "edited_tables", "entry_keys", "patch",
           "single_edits"]

FORCE = "force "           # a force's key: "force line" (commands and units are keyed by name)
MAX_FORCE_UNITS = MAX_UNITS // 2


def entry_keys(data: SkirmishData) -> dict[str, tuple[str, str]]:
    """key -> (kind, name) of every entry: commands and units by name (a unit sharing a command's name
    as "unit NAME"), forces as "force NAME"."""
    keys = {c.name: ("command", c.name) for c in data.commands}
    for u in data.units:
        keys["unit " + u.name if u.name in keys else u.name] = ("unit", u.name)
    keys.update({FORCE + f: ("force", f) for f in data.forces})
    return keys


def data_fields(data: SkirmishData) -> list[CardField]:
    """Every editable number of the commands the sets use, the units the forces use, and the forces."""
    keys = {v: k for k, v in entry_keys(data).items()}
    in_sets = {c for cmds in data.sets.values() for c in cmds}
    in_forces = {u for f in data.forces.values() for u in f.units}
    out = []
    for c in data.commands:
        if c.name not in in_sets:
            continue
        key = keys[("command", c.name)]
        if c.timing != "check":
            out.append(CardField(key, "cost", c.cost, *LIMITS["cost"], c.provenance("cost") or "stated",
                                 "Cost (Command Points)"))
        for i, (op, n) in enumerate(c.effects):
            part = f"{ordinal(i)} part" if len(c.effects) > 1 else "Effect"
            out.append(CardField(key, f"effects[{i}].n", n, *LIMITS["n"], c.provenance("effects") or "estimated",
                                 f"{words(part)}: {words(op)}"))
    for u in data.units:
        if u.name in in_forces:
            key = keys[("unit", u.name)]
            out += [CardField(key, f, u.profile[f], *PROFILE_LIMITS[f], u.provenance(f) or "estimated", words(f))
                    for f in O.PROFILE_FIELDS]
    for f in data.forces.values():
        key = FORCE + f.name
        out.append(CardField(key, "cp", f.cp, *LIMITS["cp"], f.provenance("cp"), "Command Points"))
        kinds = dict.fromkeys(f.units)
        for unit in kinds:
            count = f.units.count(unit)
            out.append(CardField(key, f"units.{unit}", count, 0 if len(kinds) > 1 else 1,
                                 count + MAX_FORCE_UNITS - len(f.units), f.provenance("units"), f"{unit} units"))
    return out


def single_edits(data: SkirmishData, *, allow_stated: bool = False, only: Iterable[str] | None = None
                 ) -> list[CardEdit]:
    """Every edit of one field by +-1 that stays in range: of the entries whose keys are in ``only``
    (all when None), and of ``estimated`` fields only unless ``allow_stated``."""
    keep = None if only is None else {k.casefold() for k in only}
    return field_edits((f for f in data_fields(data) if keep is None or f.card.casefold() in keep), allow_stated)


def _units_with(units: list, unit: str, count: int) -> list:
    """``units`` holding ``count`` copies of ``unit``: a copy is added after the last one, or the last
    one removed, so the other units keep their places in the deployment order."""
    out = list(units)
    while out.count(unit) > count:
        del out[len(out) - 1 - out[::-1].index(unit)]
    while out.count(unit) < count:
        out.insert(len(out) - out[::-1].index(unit), unit)
    return out


def apply_edits(data: SkirmishData, edits: Iterable[CardEdit]) -> SkirmishData:
    """``data`` with ``edits`` applied; each edited entry is read again by the data reader (raises its
    ``SkirmishDataError`` when it refuses the edited entry)."""
    keys = entry_keys(data)
    tables: dict[str, dict] = {}
    for edit in edits:
        if edit.field.card not in keys:
            raise CommandsimError(f"edit of an unknown entry '{edit.field.card}'")
        kind, name = keys[edit.field.card]
        entry = (data.command(name) if kind == "command" else data.forces[name] if kind == "force"
                 else next(u for u in data.units if u.name == name))
        table = tables.setdefault(edit.field.card, copy.deepcopy(entry.raw))
        path = edit.field.path
        if kind == "force" and path.startswith("units."):
            table["units"] = _units_with(table["units"], path.removeprefix("units."), edit.new_value)
            continue
        top = path.split("[")[0].split(".")[0]
        if top not in table:   # a defaulted field (a cost of 1) that now holds our estimate
            table["estimated"] = [*table.get("estimated", []), top]
        set_path(table, path, edit.new_value)
    if not tables:
        return data
    commands, units, forces = list(data.commands), list(data.units), dict(data.forces)
    for key, table in tables.items():
        kind, name = keys[key]
        if kind == "command":
            i = next(i for i, c in enumerate(commands) if c.name == name)
            commands[i] = read_command(commands[i].file, i, table)
        elif kind == "unit":
            i = next(i for i, u in enumerate(units) if u.name == name)
            units[i] = read_unit(units[i].file, i, table)
        else:
            forces[name] = read_force(forces[name].file, name, table)
    return dataclasses.replace(data, commands=commands, units=units, forces=forces)


def edited_tables(data: SkirmishData, edits: Sequence[CardEdit] = (), command_sets: tuple[str, str] = ("full", "full")
                  ) -> SkirmishTables | None:
    """Compiled tables of the edited data, or None when the reader or the engine's limits refuse it."""
    try:
        return compile_sets(apply_edits(data, edits), command_sets)
    except CardDataError:
        return None


def patch(data: SkirmishData, edits: Sequence[CardEdit], header: Iterable[str] = (),
          notes: dict[str, list[str]] | None = None) -> str:
    """A data file holding each entry ``edits`` change, whole: ``[[command]]``, ``[[unit]]`` and
    ``[force.NAME]`` tables that ``--cards`` reads (an entry replaces the shipped one of its name)."""
    edited = apply_edits(data, edits)
    keys = {v: k for k, v in entry_keys(data).items()}
    changed = {e.field.card for e in edits}
    entries = [(keys[("command", c.name)], entry_toml("[[command]]", c.raw)) for c in edited.commands
               if keys[("command", c.name)] in changed]
    entries += [(keys[("unit", u.name)], entry_toml("[[unit]]", u.raw)) for u in edited.units
                if keys[("unit", u.name)] in changed]
    entries += [(FORCE + f.name, entry_toml(f"[force.{toml_key(f.name)}]", f.raw)) for f in edited.forces.values()
                if FORCE + f.name in changed]
    return patch_text(entries, header, notes)
