"""Stated and estimated, part by part: which values of a card the rulebook gives.

The rulebook prints few card texts but states parts of many: an effect without its numbers
(the Cadets' OR has a Power side), a Bonus without its Expertise (Teleporter's 1 Damage and
Draw 1).  So a card's ``stated`` and ``estimated`` lists name *paths*, not only fields:

    main                         a whole field
    main[0]                      one effect: its kind (for an OR: that there is a choice)
    main[0].n                    one argument of an effect (defaults included)
    main[0].options[1]           one side of an OR, as a list of effects
    bonus.tactician.expertise    which Expertise earns a Bonus

A mark covers everything below its path unless a longer path says otherwise, and every
*unit* (an effect, each of its arguments, a Bonus's Expertise, a plain field) must be
covered by exactly one nearest mark.
"""
from __future__ import annotations

import re

from .model import Card, Effect

_STEP = re.compile(r"\[(\d+)\]|\.options\[(\d+)\]|\.(\w+)")


def effect_units(path: str, effects) -> tuple[list[str], list[str]]:
    """(units, every path) of an effect list at ``path``: each effect is a unit, and so is each
    argument of a plain effect; an OR's two sides are paths of their own."""
    units: list[str] = []
    paths: list[str] = [path]
    for i, effect in enumerate(effects):
        at = f"{path}[{i}]"
        units.append(at)
        paths.append(at)
        if effect.options:
            for k, option in enumerate(effect.options):
                u, p = effect_units(f"{at}.options[{k}]", option)
                units += u
                paths += p
        else:
            args = [f"{at}.{name}" for name, _ in effect.args]
            units += args
            paths += args
    return units, paths


def card_units(card: Card, fields) -> tuple[list[str], set[str]]:
    """(units that need a mark, every path a mark may name) for the provenance ``fields`` a card has."""
    units: list[str] = []
    paths: set[str] = set()
    for field in fields:
        effects = _field_effects(card, field)
        if effects is None:
            units.append(field)
            paths.add(field)
            continue
        u, p = effect_units(field, effects)
        if field.startswith("bonus."):
            u.append(f"{field}.expertise")
            p.append(f"{field}.expertise")
        units += u
        paths.update(p)
    return units, paths


def _field_effects(card: Card, field: str):
    if field.startswith("bonus."):
        return card.bonus.get(field.split(".", 1)[1], ())
    if field in ("main", "covering", "ongoing"):
        return getattr(card, field)
    return None


def covers(path: str, unit: str) -> bool:
    return unit == path or unit.startswith(path + ".") or unit.startswith(path + "[")


def mark_of(card: Card, unit: str) -> str:
    """``stated`` or ``estimated``: the nearest mark over ``unit`` ("" when none covers it)."""
    best, mark = -1, ""
    for name, marks in (("estimated", card.estimated), ("stated", card.stated)):
        for path in marks:
            if covers(path, unit) and len(path) > best:
                best, mark = len(path), name
    return mark


def field_units(card: Card, field: str) -> list[str]:
    return card_units(card, [field])[0]


def field_mark(card: Card, field: str) -> str:
    """A field's mark for ``cards show``: ``stated``, ``estimated``, "" (identity fields), or
    ``partly: stated <paths>; estimated <paths>`` when its parts differ."""
    marks = {mark_of(card, u) for u in field_units(card, field)}
    if len(marks) <= 1:
        return marks.pop() if marks else ""
    parts = [f"{name} {', '.join(p for p in paths if covers(field, p))}"
             for name, paths in (("stated", card.stated), ("estimated", card.estimated))]
    return "partly: " + "; ".join(parts)


def value_at(card: Card, path: str, field_value):
    """The value a path names: a field (``field_value(card, field)``), an effect list, an effect,
    an argument's value, or a Bonus's Expertise."""
    parts = path.split(".")
    head = ".".join(parts[:2]) if parts[0] == "bonus" else re.split(r"[.\[]", path, maxsplit=1)[0]
    head = re.split(r"\[", head, maxsplit=1)[0]
    value = field_value(card, head)
    for index, option, name in _STEP.findall(path[len(head):]):
        if index:
            value = value[int(index)]
        elif option:
            value = value.options[int(option)]
        elif name == "expertise" and head.startswith("bonus."):
            value = head.split(".", 1)[1]
        else:
            value = dict(value.args)[name] if isinstance(value, Effect) else getattr(value, name, None)
    return value
