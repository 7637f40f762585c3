"""Skirmish data files -> validated commands, units and forces -> int32 tables.

``cards/commands.toml`` holds ``[[command]]`` entries and ``[set.NAME]`` command sets; ``cards/forces.toml``
holds ``[[unit]]`` profiles and ``[force.NAME]`` forces (see ``cards/SCHEMA.md``). A designer's own file of
either kind replaces or adds entries by name. Every mistake names the file, the entry and the field.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from simcore.card_files import card_files, display_path, merge_by_key, read_toml
from simcore.card_overrides import complete_override, first_giver, given_twice, misnamed
from simcore.errors import CardDataError
from simcore.names import unknown

from . import opcodes as O
from .errors import SkirmishDataError
from .layout import MAX_EFF_ROWS, MAX_PROFILES

DATA_DIR = Path(__file__).resolve().parent / "cards"     # named so the package data pattern ships it
COMMAND_FIELDS = ("name", "kind", "timing", "trigger", "trigger_target", "cost", "target", "reach", "eligibility",
                  "prevented_by", "effects", "restrictions", "status", "fails_entirely", "before_trigger",
                  "opens_window", "movement_first", "text", "source", "stated", "estimated")
UNIT_FIELDS = ("name", *O.PROFILE_FIELDS, "source", "stated", "estimated")
IDENTITY = ("name", "text", "source", "stated", "estimated")
PROFILE_LIMITS = {"move": (1, 6), "range": (1, 12), "firepower": (0, 12), "armor": (2, 7), "wounds": (1, 12),
                  "melee": (0, 12), "morale": (1, 10)}
MAX_ROWS = 24        # command rows of a battle (``layout.MAX_CMDS``)
LIMITS = {"cost": (0, 5), "n": (1, 6), "cp": (0, 20)}


@dataclass
class Command:
    name: str
    timing: str
    cost: int
    target: str
    kind: tuple[str, ...] = ()
    trigger: tuple[str, ...] = ()
    trigger_target: str = "any"
    reach: str = "any"
    eligibility: tuple[str, ...] = ()
    prevented_by: tuple[str, ...] = ()
    effects: list[tuple[str, int]] = field(default_factory=list)
    restrictions: tuple[str, ...] = ()
    status: tuple[str, ...] = ()
    fails_entirely: bool = False
    before_trigger: bool = False
    opens_window: bool = True
    movement_first: bool = True
    text: str = ""
    source: str = ""
    stated: tuple[str, ...] = ()
    estimated: tuple[str, ...] = ()
    file: str = ""
    raw: dict = field(default_factory=dict, repr=False, compare=False)   # the [[command]] table as read

    def provenance(self, name: str) -> str:
        return "stated" if name in self.stated else "estimated" if name in self.estimated else ""

    def resolution_order(self) -> list[tuple[str, int]]:
        """Its parts in the order they resolve: the seed's "if it includes movement, resolve that movement
        first unless the command specifically says otherwise" - its movement parts first (in their listed
        order), then the others in theirs; as listed when ``movement_first`` is false."""
        if not self.movement_first:
            return list(self.effects)
        moving = [e for e in self.effects if O.OP_NAMES[e[0]] in O.MOVEMENT_OPS]
        return moving + [e for e in self.effects if O.OP_NAMES[e[0]] not in O.MOVEMENT_OPS]


@dataclass
class UnitProfile:
    name: str
    profile: dict[str, int]
    source: str = ""
    stated: tuple[str, ...] = ()
    estimated: tuple[str, ...] = ()
    file: str = ""
    raw: dict = field(default_factory=dict, repr=False, compare=False)   # the [[unit]] table as read

    def provenance(self, name: str) -> str:
        return "stated" if name in self.stated else "estimated" if name in self.estimated else ""


@dataclass
class Force:
    name: str
    units: tuple[str, ...]
    cp: int
    estimated: tuple[str, ...] = ()
    raw: dict = field(default_factory=dict, repr=False, compare=False)   # the [force.NAME] table as read
    file: str = field(default="", compare=False)    # where it was read: the same force from another file is equal

    def provenance(self, name: str) -> str:
        """A force lists only its estimates: a field it does not list is taken as stated."""
        return "estimated" if name in self.estimated else "stated"


@dataclass
class SkirmishData:
    commands: list[Command]
    sets: dict[str, tuple[str, ...]]
    units: list[UnitProfile]
    forces: dict[str, Force]
    set_costs: dict[str, dict[str, int]] = field(default_factory=dict)   # a set's own cost of a command
    set_files: dict[str, str] = field(default_factory=dict)     # where each set / force was read (errors)
    force_files: dict[str, str] = field(default_factory=dict)

    def command(self, name: str) -> Command:
        return _find(self.commands, name, "command")


@dataclass
class SkirmishTables:
    """Both forces' command sets compiled: ``cmds`` int32[n, N_CC], ``eff`` int32[rows, 2] (row 0 a no-op;
    each command's parts in the order they resolve, ``Command.resolution_order``),
    ``profiles`` int32[n_unit_types, N_PC]; ``avail[p]``: bit c when row c is in p's set."""
    cmds: np.ndarray
    eff: np.ndarray
    profiles: np.ndarray
    names: list[str]
    unit_names: list[str]
    data: SkirmishData
    command_sets: tuple[str, str]
    avail: tuple[int, int]

    def index(self, name: str) -> int:
        wanted = name.casefold()
        for i, n in enumerate(self.names):
            if n.casefold() == wanted:
                return i
        return -1


def _did_you_mean(word, choices) -> str:
    close = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _find(items, name, what):
    for x in items:
        if x.name.casefold() == name.strip().casefold():
            return x
    from simcore.errors import CommandsimError
    raise CommandsimError(f"no {what} named '{name}'" + _did_you_mean(name, [x.name for x in items]))


class _Entry:
    """Reads one TOML table, failing with the file, the entry and the field."""

    def __init__(self, file: str, what: str, index: int, table: dict, allowed: tuple[str, ...]):
        self.file, self.t = file, table
        name = table.get("name")
        self.label = f"{what} '{name}'" if isinstance(name, str) and name.strip() else f"{what} #{index + 1}"
        for k in table:
            if k not in allowed:
                self.fail(k, "unknown field" + _did_you_mean(k, allowed))
        if not isinstance(name, str) or not name.strip():
            self.fail("name", f"expected a non-empty string, got {name!r}")

    def fail(self, name, message):
        raise SkirmishDataError(self.file, self.label, name, message)

    def integer(self, name, limits, default=None):
        v = self.t.get(name, default)
        if v is None:
            self.fail(name, "missing")
        lo, hi = limits
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            self.fail(name, f"expected an integer {lo}..{hi}, got {v!r}")
        return v

    def choice(self, name, choices, default=None):
        v = self.t.get(name, default)
        if v not in choices:
            self.fail(name, f"expected one of {', '.join(choices)}, got {v!r}" + _did_you_mean(v, choices))
        return v

    def choices(self, name, choices):
        v = self.t.get(name, [])
        if not isinstance(v, list):
            self.fail(name, f"expected a list of {', '.join(choices)}, got {v!r}")
        for x in v:
            if x not in choices:
                self.fail(name, f"unknown {x!r}: expected one of {', '.join(choices)}" + _did_you_mean(x, choices))
        return tuple(v)

    def flag(self, name, default):
        v = self.t.get(name, default)
        if not isinstance(v, bool):
            self.fail(name, f"expected true or false, got {v!r}")
        return v

    def marks(self):
        out = {}
        for mark in ("stated", "estimated"):
            v = self.t.get(mark, [])
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                self.fail(mark, f"expected a list of field names, got {v!r}")
            out[mark] = tuple(v)
        for f in self.t:
            if f not in IDENTITY and (f in out["stated"]) + (f in out["estimated"]) != 1:
                self.fail(f, "must be listed in exactly one of stated / estimated")
        for mark, names in out.items():
            for f in names:
                if f not in self.t:
                    self.fail(mark, f"names '{f}', which the entry does not have")
        source = self.t.get("source")
        if not isinstance(source, str) or not source:
            self.fail("source", "missing: say where the values come from")
        return source, out["stated"], out["estimated"]


def _effect(e: _Entry, i: int, row) -> tuple[str, int]:
    where = f"effects[{i}]"
    if not isinstance(row, dict) or set(row) - {"op", "n"}:
        e.fail(where, f"expected an effect table {{ op = ..., n = ... }}, got {row!r}")
    op = row.get("op")
    if op not in O.OP_NAMES:
        e.fail(f"{where}.op", f"unknown op {op!r}" + _did_you_mean(op, O.OP_NAMES))
    n = row.get("n", 1)
    if isinstance(n, bool) or not isinstance(n, int) or not LIMITS["n"][0] <= n <= LIMITS["n"][1]:
        e.fail(f"{where}.n", f"expected an integer {LIMITS['n'][0]}..{LIMITS['n'][1]}, got {n!r}")
    return op, n


def read_command(file: str, index: int, t: dict) -> Command:
    e = _Entry(file, "command", index, t, COMMAND_FIELDS)
    timing = e.choice("timing", tuple(O.TIMINGS))
    trigger = e.choices("trigger", tuple(O.KIND_BITS))
    if (timing == "response") != bool(trigger):
        e.fail("trigger", "a response needs a trigger (the commands it answers); other commands have none")
    effects = t.get("effects", [])
    if not isinstance(effects, list):
        e.fail("effects", f"expected a list of effects, got {effects!r}")
    target = e.choice("target", tuple(O.TARGETS))
    if target == "trigger" and timing != "response":
        e.fail("target", "only a response can target the unit that triggered it")
    # "A responding command does not create another response window unless a rule specifically allows one":
    # a response opens one only when its data says so (default false); a check command is never declared
    if timing == "check" and e.flag("opens_window", False):
        e.fail("opens_window", "a check command is never declared, so it opens no response window")
    source, stated, estimated = e.marks()
    parts = [_effect(e, i, r) for i, r in enumerate(effects)]
    movement_first = e.flag("movement_first", True)
    if "movement_first" in t and not any(O.OP_NAMES[op] in O.MOVEMENT_OPS for op, _ in parts):
        e.fail("movement_first", "only a command with a movement part (" + ", ".join(
            op.name.lower() for op in O.MOVEMENT_OPS) + ") says when its movement resolves")
    return Command(
        name=t["name"], timing=timing, cost=e.integer("cost", LIMITS["cost"], 1), target=target,
        kind=e.choices("kind", tuple(O.KIND_BITS)), trigger=trigger,
        trigger_target=e.choice("trigger_target", tuple(O.TRIGGER_TARGETS), "any"),
        reach=e.choice("reach", tuple(O.REACHES), "any"), eligibility=e.choices("eligibility", tuple(O.ELIGIBILITY)),
        prevented_by=e.choices("prevented_by", tuple(O.RESTRICTIONS)),
        effects=parts,
        restrictions=e.choices("restrictions", tuple(O.RESTRICTIONS)), status=e.choices("status", tuple(O.STATUSES)),
        fails_entirely=e.flag("fails_entirely", False), before_trigger=e.flag("before_trigger", False),
        opens_window=e.flag("opens_window", timing == "order"), movement_first=movement_first,
        text=str(t.get("text", "")), source=source, stated=stated, estimated=estimated, file=file, raw=t)


def read_unit(file: str, index: int, t: dict) -> UnitProfile:
    e = _Entry(file, "unit", index, t, UNIT_FIELDS)
    profile = {f: e.integer(f, PROFILE_LIMITS[f]) for f in O.PROFILE_FIELDS}
    source, stated, estimated = e.marks()
    return UnitProfile(t["name"], profile, source, stated, estimated, file, raw=t)


def read_force(file: str, name: str, t) -> Force:
    def fail(f, msg):
        raise SkirmishDataError(file, f"force '{name}'", f, msg)
    if not isinstance(t, dict):
        fail(None, "expected a table")
    for k in t:
        if k not in ("units", "cp", "estimated", "stated", "source"):
            fail(k, "unknown field" + _did_you_mean(k, ("units", "cp", "estimated")))
    units = t.get("units")
    if not isinstance(units, list) or not units or not all(isinstance(u, str) for u in units):
        fail("units", f"expected a list of unit names, got {units!r}")
    cp = t.get("cp")
    if isinstance(cp, bool) or not isinstance(cp, int) or not LIMITS["cp"][0] <= cp <= LIMITS["cp"][1]:
        fail("cp", f"expected an integer {LIMITS['cp'][0]}..{LIMITS['cp'][1]}, got {cp!r}")
    return Force(name, tuple(units), cp, tuple(t.get("estimated", ())), raw=t, file=file)


def _merge(base: list, extra: list) -> list:
    return merge_by_key(base, extra, lambda x: x.name)


def _completed(table: dict, loaded: dict[str, dict]) -> dict:
    """An override entry completed from the loaded entry of its name (``complete_override``)."""
    name = table.get("name")
    return complete_override(table, loaded.get(name.strip().casefold()) if isinstance(name, str) else None)


def _given_once(shown: str, raw: dict, given: dict[str, str]) -> None:
    """Refuse an entry that another file of the same card set (``given``: entry -> the file that gave it)
    gives too, naming both: neither file would say which of them wins."""
    labels = [f"{key} '{x['name']}'" for key in ("command", "unit") for x in raw.get(key, [])
              if isinstance(raw.get(key), list) and isinstance(x, dict) and isinstance(x.get("name"), str)]
    labels += [f"{key} '{name}'" for key in ("set", "force") if isinstance(raw.get(key), dict) for name in raw[key]]
    for label in labels:
        other = first_giver(given, label, shown)
        if other is not None:
            raise SkirmishDataError(shown, label, None, given_twice(other))


def _read_file(path: Path, data: SkirmishData, given: dict[str, str] | None = None) -> SkirmishData:
    """``data`` with the entries of one file (commands, sets, units or forces) replacing or added by name;
    ``given``: the entries the other files of its card set gave (``_given_once``)."""
    shown = display_path(path)
    raw = read_toml(path, SkirmishDataError)
    for key in raw:
        if key not in ("command", "set", "unit", "force"):
            raise SkirmishDataError(shown, None, key, "unknown top-level key: expected [[command]], [set.NAME], "
                                                      "[[unit]] or [force.NAME]")
    if given is not None:
        _given_once(shown, raw, given)
    for key, reader in (("command", read_command), ("unit", read_unit)):
        rows = raw.get(key, [])
        if not isinstance(rows, list) or not all(isinstance(x, dict) for x in rows):
            raise SkirmishDataError(shown, None, key, f"expected [[{key}]] tables")
        loaded = {x.name.casefold(): x.raw for x in (data.commands if key == "command" else data.units)}
        names = [x.name for x in (data.commands if key == "command" else data.units)]
        entries = []
        for i, x in enumerate(rows):
            completed = _completed(x, loaded)
            try:
                entries.append(reader(shown, i, completed))
            except CardDataError as exc:   # a new entry, or a misspelt name of a loaded one?
                if completed is not x or not loaded:
                    raise
                raise misnamed(exc, x.get("name"), names, key) from None
        seen = set()
        for x in entries:
            if x.name.casefold() in seen:
                raise SkirmishDataError(shown, f"{key} '{x.name}'", "name", "duplicate name in this file")
            seen.add(x.name.casefold())
        if key == "command":
            data.commands = _merge(data.commands, entries)
        else:
            data.units = _merge(data.units, entries)
    for name, t in raw.get("set", {}).items():
        cmds = t.get("commands") if isinstance(t, dict) else None
        if set(t if isinstance(t, dict) else ()) - {"commands", "cost"}:
            raise SkirmishDataError(shown, f"set '{name}'", sorted(set(t) - {"commands", "cost"})[0],
                                    "unknown field (a set has commands and optionally cost)")
        if not isinstance(cmds, list) or not all(isinstance(c, str) for c in cmds):
            raise SkirmishDataError(shown, f"set '{name}'", "commands", f"expected a list of command names, got "
                                                                         f"{cmds!r}")
        costs = t.get("cost", {})
        if not isinstance(costs, dict) or not all(
                isinstance(v, int) and not isinstance(v, bool) and LIMITS["cost"][0] <= v <= LIMITS["cost"][1]
                for v in costs.values()):
            raise SkirmishDataError(shown, f"set '{name}'", "cost", f"expected a table of command name = "
                                    f"{LIMITS['cost'][0]}..{LIMITS['cost'][1]}, got {costs!r}")
        data.sets[name] = tuple(cmds)
        data.set_costs[name] = dict(costs)
        data.set_files[name] = shown
    for name, t in raw.get("force", {}).items():
        loaded = data.forces.get(name)
        if isinstance(t, dict) and loaded is not None:
            t = complete_override(t, loaded.raw)
        try:
            data.forces[name] = read_force(shown, name, t)
        except CardDataError as exc:
            if loaded is not None or not data.forces:
                raise
            raise misnamed(exc, name, list(data.forces), "force") from None
        data.force_files[name] = shown
    return data


def load_data(overrides: str | Path | list | tuple | None = None) -> SkirmishData:
    """The shipped commands, sets, units and forces, then those of ``overrides`` (a file or a folder of
    .toml files, or a list of them read in order, None entries skipped) replacing entries of the same
    name and adding new ones. Cross-references are checked."""
    data = SkirmishData([], {}, [], {})
    layers = [[DATA_DIR / "commands.toml", DATA_DIR / "forces.toml"]]
    for extra in (overrides if isinstance(overrides, (list, tuple)) else [overrides]):
        if extra is None:
            continue
        try:   # the core's reader of a card folder: what is no regular file is skipped (FIFOs, links to nothing)
            layers.append(card_files(Path(extra)))
        except CardDataError as exc:
            raise SkirmishDataError(exc.file, None, None, exc.message) from None
    for files in layers:
        given: dict[str, str] = {}
        for f in files:
            _read_file(f, data, given)
    if len(data.units) > MAX_PROFILES:   # refused here, by `cards validate` and every run alike
        u = data.units[MAX_PROFILES]
        raise SkirmishDataError(u.file, f"unit '{u.name}'", None,
                                f"unit number {MAX_PROFILES + 1} of the set: a battle holds at most {MAX_PROFILES} "
                                f"unit profiles (skirmish/layout.py)")
    units = {u.name for u in data.units}
    for f in data.forces.values():
        if len(f.units) > 6:
            raise SkirmishDataError(data.force_files[f.name], f"force '{f.name}'", "units", "at most 6 units")
        for u in f.units:
            if u not in units:
                raise SkirmishDataError(data.force_files[f.name], f"force '{f.name}'", "units",
                                        f"no unit named {u!r}" + _did_you_mean(u, units))
    names = {c.name for c in data.commands}
    for s, cmds in data.sets.items():
        for c in cmds:
            if c not in names:
                raise SkirmishDataError(data.set_files[s], f"set '{s}'", "commands",
                                        f"no command named {c!r}" + _did_you_mean(c, names))
        for c in data.set_costs.get(s, {}):
            if c not in cmds:
                raise SkirmishDataError(data.set_files[s], f"set '{s}'", "cost", f"{c!r} is not in the set")
        if sum(data.command(c).timing == "check" for c in cmds) > 1:
            raise SkirmishDataError(data.set_files[s], f"set '{s}'", "commands", "more than one melee check")
    return data


def _bits(names, table) -> int:
    out = 0
    for n in names:
        out |= table[n]
    return out


def compile_sets(data: SkirmishData, command_sets: tuple[str, str] = ("full", "full"),
                 side_data: tuple[SkirmishData, SkirmishData] | None = None) -> SkirmishTables:
    """The commands of both forces' sets in one table: a command both sets hold alike is one row;
    ``avail[p]`` has bit c set for the rows p's set holds. ``side_data``: where each force's commands
    come from (a designer's edit for one side only); units and forces always come from ``data``."""
    from simcore.errors import CommandsimError
    side_data = side_data or (data, data)
    for s, d in zip(command_sets, side_data):
        if s not in d.sets:
            raise CommandsimError(unknown("command set", s, d.sets))
    rows: list[tuple[Command, int]] = []
    avail = [0, 0]
    for p, (s, d) in enumerate(zip(command_sets, side_data)):
        for name in d.sets[s]:
            c = d.command(name)
            key = (c, d.set_costs[s].get(name, c.cost))
            if key not in rows:
                rows.append(key)
            avail[p] |= 1 << rows.index(key)
    if len(rows) > MAX_ROWS:
        raise CommandsimError(f"the two command sets hold {len(rows)} distinct commands, at most {MAX_ROWS}")
    table = np.zeros((len(rows), O.N_CC), np.int32)
    eff = [(0, 0)]
    for i, (c, cost) in enumerate(rows):
        row = table[i]
        row[O.CC_COST] = cost
        row[O.CC_TIMING] = O.TIMINGS[c.timing]
        row[O.CC_KIND] = _bits(c.kind, O.KIND_BITS)
        row[O.CC_TRIGGER] = _bits(c.trigger, O.KIND_BITS)
        row[O.CC_TRIGGER_TARGET] = O.TRIGGER_TARGETS[c.trigger_target]
        row[O.CC_TARGET] = O.TARGETS[c.target]
        row[O.CC_REACH] = O.REACHES[c.reach]
        row[O.CC_ELIGIBLE] = _bits(c.eligibility, O.ELIGIBILITY)
        row[O.CC_PREVENTED_BY] = _bits(c.prevented_by, O.RESTRICTIONS)
        row[O.CC_RESTRICTS] = _bits(c.restrictions, O.RESTRICTIONS)
        row[O.CC_STATUS] = _bits(c.status, O.STATUSES)
        row[O.CC_FAILS_ENTIRELY] = int(c.fails_entirely)
        row[O.CC_BEFORE_TRIGGER] = int(c.before_trigger)
        row[O.CC_OPENS_WINDOW] = int(c.opens_window)
        row[O.CC_EFF], row[O.CC_EFF + 1] = len(eff), len(c.effects)
        eff += [(int(O.OP_NAMES[op]), n) for op, n in c.resolution_order()]
    if len(eff) > MAX_EFF_ROWS:
        raise CommandsimError(f"the command sets {command_sets[0]} and {command_sets[1]} hold {len(eff)} effect rows, "
                              f"at most {MAX_EFF_ROWS}")
    profiles = np.asarray([[u.profile[f] for f in O.PROFILE_FIELDS] for u in data.units], np.int32).reshape(-1, O.N_PC)
    return SkirmishTables(table, np.asarray(eff, np.int32).reshape(-1, 2), profiles, [c.name for c, _ in rows],
                          [u.name for u in data.units], data, tuple(command_sets), tuple(avail))


def load_tables(overrides: str | Path | None = None, command_sets: tuple[str, str] = ("full", "full")
                ) -> SkirmishTables:
    return compile_sets(load_data(overrides), command_sets)
