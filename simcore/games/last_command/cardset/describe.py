"""Cards as plain text and rows, for the CLI to print (this module never prints)."""
from __future__ import annotations

from collections.abc import Sequence

from . import provenance
from .model import Card, Effect

LIST_COLUMNS = ("name", "kind", "system", "expertise", "rank", "faction", "start_set", "count",
                "credit_cost", "power_cost", "estimated_fields", "key", "source")

# The order `cards show` walks a card's fields in: identity first, then the game values.
SHOW_FIELDS = ("name", "kind", "system", "expertise", "rank", "ability", "faction", "start_set", "count",
               "credit_cost", "power_cost", "requirement", "main", "covering", "ongoing", "malfunction")


def effect_text(effect: Effect) -> str:
    """``power 3 system=any``; a choice reads ``choose one: (A) or (B)``."""
    if effect.op == "choice":
        a, b = ("; ".join(effect_text(e) for e in option) or "nothing" for option in effect.options)
        return f"choose one: ({a}) or ({b})"
    parts = [effect.op]
    for name, value in effect.args:
        parts.append(str(value) if name == "n" else f"{name}={value}")
    return " ".join(parts)


def effects_text(effects: Sequence[Effect]) -> str:
    return "; ".join(effect_text(e) for e in effects)


def field_value(card: Card, field: str):
    """The value of a field by its SCHEMA name (``bonus.engineer`` included); None when absent."""
    if field.startswith("bonus."):
        return card.bonus.get(field.split(".", 1)[1])
    if field.startswith("bonus_mode."):
        return card.bonus_mode.get(field.split(".", 1)[1])
    if field in ("credit_cost", "power_cost") and field not in card.raw:
        return None
    return getattr(card, field, None)


def value_text(value) -> str:
    if isinstance(value, Effect):
        return effect_text(value)
    if isinstance(value, tuple) and all(isinstance(e, Effect) for e in value):
        return effects_text(value) or "(none)"
    if isinstance(value, dict):
        return ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in value.items())
    return str(value)


def present_fields(card: Card) -> list[str]:
    """Every field the card has, in show order, with bonus parts spelled out."""
    fields = [f for f in SHOW_FIELDS if f in card.raw]
    fields += [f"bonus.{e}" for e in card.bonus] + [f"bonus_mode.{e}" for e in card.bonus_mode]
    return fields


def mark(card: Card, field: str) -> str:
    """``stated``, ``estimated``, ``stated, but estimated: <paths>`` (parts of the field), or ""."""
    return provenance.field_mark(card, field)


def list_row(card: Card) -> dict:
    row = {c: getattr(card, c, None) for c in LIST_COLUMNS if c != "estimated_fields"}
    row["estimated_fields"] = ";".join(card.estimated)
    return {c: row[c] for c in LIST_COLUMNS}


def estimated_fields(cards: Sequence[Card]) -> list[tuple[Card, list[tuple[str, str]]]]:
    """For each card with estimates: (card, [(path, value text), ...]) in card order: every field or
    part of one marked ``estimated``, with the stated parts inside it named, so the list holds
    exactly what a player with the printed cards must check."""
    out = []
    for card in cards:
        rows = []
        for path in card.estimated:
            text = value_text(provenance.value_at(card, path, field_value))
            inside = [p for p in card.stated if p != path and provenance.covers(path, p)]
            rows.append((path, text + (f"  (stated: {', '.join(inside)})" if inside else "")))
        if rows:
            out.append((card, rows))
    return out


def card_lines(card: Card) -> list[str]:
    """``cards show``: the card's key and source, each field with its provenance, its text, its compiled
    effect rows and the rule notes on how the engine plays it."""
    from ..opcodes import Op
    from .compile import compile_effects
    from .rule_notes import rule_notes
    lines = [f"{card.key}  ({card.source})"]
    fields = present_fields(card)
    width = max(len(f) for f in fields)
    for f in fields:
        tag = mark(card, f)
        lines.append(f"  {f.ljust(width)}  {value_text(field_value(card, f))}" + (f"  [{tag}]" if tag else ""))
    if card.text:
        lines.append(f"  text: {card.text}")
    segments = [("main", card.main), ("covering", card.covering), ("ongoing", card.ongoing)]
    segments += [(f"bonus.{e}", effects) for e, effects in card.bonus.items()]
    for label, effects in segments:
        if effects:
            shown = ", ".join(f"{Op(r[0]).name} {r[1]} {r[2]} {r[3]}" for r in compile_effects(effects))
            lines.append(f"  compiled {label}: {shown}")
    lines += [f"  rule: {note}" for note in rule_notes(card)]
    return lines
