"""Check one [[card]] table against SCHEMA.md and turn it into a ``Card``.

Every mistake stops here with a ``CardDataError`` naming the file, the card and
the field, and saying what was expected and what arrived; the compiler after it
can then trust its input completely.
"""
from __future__ import annotations

import difflib
import re

from . import provenance
from . import schema as S
from .model import Card, Effect, card_key
from simcore.errors import CardDataError
from ..opcodes import ENUMS, ONGOING_OPS, OPSPECS


def _got(value) -> str:
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the string '{value}'"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "a table"
    return f"a {type(value).__name__}"


def _did_you_mean(word, choices) -> str:
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.75)
    return f" (did you mean '{close[0]}'?)" if close else ""


MAX_CHOICE_NESTING = 4  # the effect interpreter keeps its OR jumps in 4 packed 16-bit slots


class CardReader:
    """Validates one [[card]] table; ``fail`` names this card and the field at fault."""

    def __init__(self, file: str, index: int, table: dict):
        self.file = file
        self.t = table
        name = table.get("name")
        self.label = name if isinstance(name, str) and name.strip() else f"#{index + 1} (unnamed)"

    def fail(self, field_name: str | None, message: str):
        raise CardDataError(self.file, self.label, field_name, message)

    # ---- the card as a whole
    def read(self) -> Card:
        t = self.t
        for name in t:
            if name not in S.ALL_FIELDS:
                self.fail(name, "unknown field" + _did_you_mean(name, S.ALL_FIELDS))
        name = self.string("name", required=True)
        if not name.strip():
            self.fail("name", "expected a non-empty name")
        kind = self.word("kind", S.KINDS, required=True)
        for fname in t:
            if fname not in S.COMMON_FIELDS and fname not in S.KIND_FIELDS[kind]:
                owners = [k for k, fields in S.KIND_FIELDS.items() if fname in fields]
                self.fail(fname, f"a {kind} card has no such field (only {' and '.join(owners)} cards do)")
        faction = self.word("faction", S.FACTIONS)
        start_set = self.word("start_set", S.START_SETS)
        if (faction is None) != (start_set is None):
            missing = "start_set" if start_set is None else "faction"
            self.fail(missing, "missing: starting cards need both 'faction' and 'start_set', market cards neither")
        starting = start_set is not None
        values = dict(
            key=card_key(name, start_set), name=name, kind=kind, source=self.file,
            count=self.integer("count", *S.LIMITS["count"], required=True),
            faction=faction, start_set=start_set, text=self.string("text") or "",
            main=self.effects("main"), raw=t,
        )
        if kind == "system":
            values.update(self.system_fields(starting))
        elif kind == "crew":
            values.update(self.crew_fields(starting, start_set))
        else:
            values["malfunction"] = self.malfunction()
        values["estimated"], values["stated"] = self.provenance(values)
        return Card(**values)

    def system_fields(self, starting: bool) -> dict:
        bonus = self.table("bonus", S.EXPERTISES)
        modes = self.table("bonus_mode", S.EXPERTISES)
        for expertise in modes:
            if expertise not in bonus:
                self.fail(f"bonus_mode.{expertise}", f"there is no bonus.{expertise} for it to apply to")
        return dict(
            system=self.word("system", S.SYSTEMS, required=True),
            credit_cost=self.credit_cost(starting),
            power_cost=self.integer("power_cost", *S.LIMITS["power_cost"], required=True),
            requirement=self.requirement(),
            covering=self.effects("covering"),
            ongoing=self.effects("ongoing", ongoing=True),
            bonus={e: self.effects(f"bonus.{e}", value=v) for e, v in bonus.items()},
            bonus_mode={e: self.word(f"bonus_mode.{e}", S.BONUS_MODES, value=v) for e, v in modes.items()},
        )

    def crew_fields(self, starting: bool, start_set: str | None) -> dict:
        if starting and start_set != "standard":
            self.fail("start_set", "expected 'standard' for starting Crew (they serve both sets), "
                                   f"got {_got(start_set)}")
        rank = self.word("rank", S.RANKS)
        if rank == "cadet" and not starting:
            self.fail("rank", "only starting Crew are Cadets; expected ensign, lieutenant, lt_commander, "
                              "commander or colonel")
        if rank not in (None, "cadet") and starting:
            self.fail("rank", f"expected 'cadet' for a starting Crew, got {_got(rank)}")
        return dict(
            expertise=self.word("expertise", S.EXPERTISES, required=True),
            rank=rank,
            credit_cost=self.credit_cost(starting),
            ongoing=self.effects("ongoing", ongoing=True),
            ability=self.string("ability"),
        )

    def credit_cost(self, starting: bool) -> int:
        # The rulebook: "Starting cards are considered 0 cost", so they may leave it out.
        if starting:
            cost = self.t.get("credit_cost", 0)
            if cost != 0 or isinstance(cost, bool):
                self.fail("credit_cost", f"expected 0 for a starting card, got {_got(cost)}")
            return 0
        return self.integer("credit_cost", *S.LIMITS["credit_cost"], required=True)

    def requirement(self) -> dict | None:
        if "requirement" not in self.t:
            return None
        req = self.table("requirement", ("req", "n", "expertise"))
        kind = self.word("requirement.req", S.REQUIREMENTS, value=req.get("req"), required=True)
        wanted = {"crew_in_system": "n", "expertise_in_system": "expertise", "covering": None}[kind]
        for arg in req:
            if arg not in ("req", wanted):
                self.fail(f"requirement.{arg}", f"requirement '{kind}' takes no such argument")
        if wanted == "n":
            return {"req": kind, "n": self.integer("requirement.n", *S.CREW_IN_SYSTEM_LIMIT,
                                                   value=req.get("n"), required=True)}
        if wanted == "expertise":
            return {"req": kind, "expertise": self.word("requirement.expertise", S.EXPERTISES,
                                                        value=req.get("expertise"), required=True)}
        return {"req": kind}

    def malfunction(self) -> dict:
        table = self.table("malfunction", ("replacement_draw", "returns"), required=True)
        draw = table.get("replacement_draw")
        if not isinstance(draw, bool):
            self.fail("malfunction.replacement_draw",
                      "missing required field" if draw is None else f"expected true or false, got {_got(draw)}")
        returns = self.word("malfunction.returns", S.MALF_RETURNS, value=table.get("returns"), required=True)
        return {"replacement_draw": draw, "returns": returns}

    def provenance(self, card: dict) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The ``estimated`` and ``stated`` lists: fields, or parts of fields by path (see
        ``simcore.games.last_command.cardset.provenance``); every unit of a provenance field needs a nearest mark."""
        t = self.t
        needs_mark = [f for f in S.PROVENANCE_FIELDS if f in t]
        for group in ("bonus", "bonus_mode"):
            needs_mark += [f"{group}.{e}" for e in t.get(group, {})]
        units, paths = provenance.card_units(Card(**card), needs_mark)
        markable = paths | {f for f in t if f not in ("bonus", "bonus_mode", "estimated", "stated")}
        lists = {name: self.names(name) for name in ("estimated", "stated")}
        for list_name, names in lists.items():
            for name in names:
                if name not in markable:
                    self.fail(list_name, self.unmarkable_reason(name))
        for name in lists["estimated"]:
            if name in lists["stated"]:
                self.fail("estimated", f"'{name}' is listed in both 'estimated' and 'stated'; it is one or the other")
        marks = lists["estimated"] + lists["stated"]
        for unit in units:
            if not any(provenance.covers(m, unit) for m in marks):
                self.fail(unit, "not marked: list it (or the field it belongs to) in 'stated' (the rulebook "
                                "gives it) or in 'estimated' (our estimate)")
        return lists["estimated"], lists["stated"]

    def unmarkable_reason(self, name) -> str:
        if not isinstance(name, str):
            return f"expected field names, got {_got(name)}"
        if name in ("bonus", "bonus_mode"):
            return f"names '{name}': name each part instead, e.g. '{name}.engineer'"
        head = re.split(r"[.\[]", name, maxsplit=1)[0]
        if head in S.ALL_FIELDS:
            return f"names '{name}', which this card does not have"
        return f"names '{name}', which is not a card field" + _did_you_mean(name, S.ALL_FIELDS)

    # ---- one field
    def value(self, name: str, value, required: bool):
        if value is None and name in self.t:
            value = self.t[name]
        if value is None and required:
            self.fail(name, "missing required field")
        return value

    def string(self, name: str, required: bool = False) -> str | None:
        value = self.value(name, None, required)
        if value is not None and not isinstance(value, str):
            self.fail(name, f"expected a string, got {_got(value)}")
        return value

    def integer(self, name: str, low: int, high: int, value=None, required: bool = False) -> int | None:
        value = self.value(name, value, required)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            expected = f"exactly {low}" if low == high else f"an integer {low}..{high}"
            self.fail(name, f"expected {expected}, got {_got(value)}")
        return value

    def word(self, name: str, choices, value=None, required: bool = False) -> str | None:
        value = self.value(name, value, required)
        if value is not None and (not isinstance(value, str) or value not in choices):
            self.fail(name, f"expected one of {', '.join(choices)}, got {_got(value)}{_did_you_mean(value, choices)}")
        return value

    def table(self, name: str, keys, required: bool = False) -> dict:
        value = self.value(name, None, required)
        if value is None:
            return {}
        if not isinstance(value, dict):
            self.fail(name, f"expected a table, got {_got(value)}")
        for key in value:
            if key not in keys:
                self.fail(f"{name}.{key}", f"unknown key (expected {', '.join(keys)}){_did_you_mean(key, keys)}")
        return value

    def names(self, name: str) -> tuple[str, ...]:
        value = self.value(name, None, False)
        if value is None:
            return ()
        if not isinstance(value, list):
            self.fail(name, f"expected a list of field names, got {_got(value)}")
        for i, item in enumerate(value):
            if item in value[:i]:
                self.fail(name, f"names '{item}' twice")
        return tuple(value)

    # ---- effect lists
    def effects(self, name: str, value=None, ongoing: bool = False) -> tuple[Effect, ...]:
        value = self.value(name, value, False)
        if value is None:
            return ()
        if not isinstance(value, list):
            self.fail(name, f'expected a list of effects like [{{ op = "damage", n = 1 }}], got {_got(value)}')
        return tuple(self.effect(item, f"{name}[{i}]", ongoing) for i, item in enumerate(value))

    def effect(self, item, where: str, ongoing: bool) -> Effect:
        if not isinstance(item, dict):
            self.fail(where, f'expected an effect like {{ op = "damage", n = 1 }}, got {_got(item)}')
        op = item.get("op")
        if op is None:
            self.fail(f"{where}.op", "missing required field")
        if not isinstance(op, str):
            self.fail(f"{where}.op", f"expected an op name, got {_got(op)}")
        if op not in OPSPECS:
            hint = _did_you_mean(op, OPSPECS) or " (the ops are listed in SCHEMA.md)"
            self.fail(f"{where}.op", f"unknown op '{op}'{hint}")
        spec = OPSPECS[op]
        if ongoing and spec.op not in ONGOING_OPS:
            self.fail(f"{where}.op", f"'{op}' is not an ongoing effect; 'ongoing' takes only shield, mines, discount")
        if not ongoing and spec.op in ONGOING_OPS:
            self.fail(f"{where}.op", f"'{op}' is an ongoing (while uncovered) effect; it belongs in 'ongoing'")
        arg_names = [a.name for a in spec.args] + (["options"] if op == "choice" else [])
        for key in item:
            if key != "op" and key not in arg_names:
                known = ", ".join(arg_names) or "none"
                self.fail(f"{where}.{key}", f"unknown argument of op '{op}' (its arguments: {known})")
        args = []
        for arg in spec.args:
            value = item.get(arg.name, arg.default)
            if value is None:
                self.fail(f"{where}.{arg.name}", f"missing required argument of op '{op}'")
            if arg.kind == "int":
                self.integer(f"{where}.{arg.name}", *S.EFFECT_INT_LIMIT, value=value)
            else:
                self.word(f"{where}.{arg.name}", ENUMS[arg.kind], value=value)
            args.append((arg.name, value))
        if op == "choice" and where.count(".options") >= MAX_CHOICE_NESTING:
            self.fail(f"{where}.op", f"an OR nested more than {MAX_CHOICE_NESTING} deep (the engine's limit)")
        options = self.options(item.get("options"), f"{where}.options") if op == "choice" else ()
        return Effect(op, tuple(args), options)

    def options(self, value, where: str) -> tuple[tuple[Effect, ...], ...]:
        if value is None:
            self.fail(where, "missing: a choice needs options = [[...effects A...], [...effects B...]]")
        if not isinstance(value, list) or len(value) != 2 or not all(isinstance(o, list) for o in value):
            self.fail(where, f"expected exactly two effect lists [[...], [...]], got {_got(value)}")
        return tuple(self.effects(f"{where}[{k}]", value=option) for k, option in enumerate(value))
