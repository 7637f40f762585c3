"""Star Realms card files (``cards/*.toml``, see ``cards/SCHEMA.md``) -> validated cards -> int32 tables.

Every mistake is a ``CardDataError`` naming the file, the card and the field (exit code 2 in the
CLI), as The Last Command's loader does; finding the files and placing a TOML syntax error on its line
is the core's (``simcore.card_files``).
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from simcore.card_files import card_files, display_path, merge_by_key, read_toml
from simcore.card_overrides import complete_override, first_giver, given_twice, misnamed
from simcore.errors import CardDataError, UnknownCardError

from . import opcodes as O
from .team_rules import TEAM_RULES

CARDS_DIR = Path(__file__).resolve().parent / "cards"

FIELDS = ("name", "aliases", "faction", "kind", "role", "count", "cost", "defense", "ally_trigger", "primary",
          "ally", "ally2", "scrap", "static", "opponents", "hand_size", "authority", "text", "source", "stated",
          "estimated")
IDENTITY = ("name", "aliases", "text", "source", "stated", "estimated")
EFFECT_SECTIONS = ("primary", "ally", "ally2", "scrap", "static")
LIMITS = {"count": (1, 20), "cost": (0, 12), "defense": (1, 10), "hand_size": (1, 10), "authority": (1, 200)}
EFFECT_N = (1, 10)
DECK_FIELDS = ("cards", "authority", "hand_size", "commander", "flagship", "gambits", "source", "stated",
               "estimated", "members", *TEAM_RULES)


@dataclass
class SRCard:
    name: str
    kind: str
    role: str
    count: int
    source: str
    faction: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    cost: int | None = None
    defense: int | None = None
    ally_trigger: tuple[str, ...] = ()
    effects: dict[str, list[tuple[str, int, str | None, int]]] = field(default_factory=dict)
    opponents: str | None = None    # whom its opp_discard hits: "target" (one opponent) or "each" (every one)
    hand_size: int | None = None
    authority: int | None = None
    text: str = ""
    stated: tuple[str, ...] = ()
    estimated: tuple[str, ...] = ()
    file: str = ""          # the card file it was read from, as shown in errors
    raw: dict = field(default_factory=dict, repr=False, compare=False)   # the [[card]] table as read

    @property
    def key(self) -> str:
        return self.name

    def provenance(self, name: str) -> str:
        return "stated" if name in self.stated else "estimated" if name in self.estimated else ""


@dataclass
class Deck:
    name: str
    cards: dict[str, int]
    authority: int
    hand_size: int
    commander: str | None = None
    flagship: str | None = None
    gambits: tuple[str, ...] = ()
    source: str = ""
    estimated: tuple[str, ...] = ()
    members: int = 1                # 2: a Hydra team, each member with this deck, sharing the Authority
    outposts: str = TEAM_RULES["outposts"][0]
    opponent_discards: str = TEAM_RULES["opponent_discards"][0]
    scrap_from: str = TEAM_RULES["scrap_from"][0]
    raw: dict = field(default_factory=dict, repr=False, compare=False)   # the [deck.NAME] table as read


@dataclass
class SRTables:
    """The compiled game: ``cards`` int32[n_types, N_COLS], ``eff`` int32[n_rows, 4] (row 0 a no-op)."""
    cards: np.ndarray
    eff: np.ndarray
    names: list[str]
    card_list: list[SRCard]
    decks: dict[str, Deck]

    def type_of(self, name: str) -> int:
        return self.names.index(name)


def _did_you_mean(word, choices) -> str:
    close = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.7)
    return f" (did you mean '{close[0]}'?)" if close else ""


class _Reader:
    def __init__(self, file: str, index: int, table: dict):
        self.file, self.t = file, table
        name = table.get("name")
        self.label = name if isinstance(name, str) and name.strip() else f"#{index + 1} (unnamed)"

    def fail(self, field_name, message):
        raise CardDataError(self.file, self.label, field_name, message)

    def integer(self, name, required=False):
        v = self.t.get(name)
        if v is None:
            if required:
                self.fail(name, "missing")
            return None
        lo, hi = LIMITS[name]
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            self.fail(name, f"expected an integer {lo}..{hi}, got {v!r}")
        return v

    def factions(self, name):
        v = self.t.get(name)
        if v is None:
            return ()
        items = [v] if isinstance(v, str) else v
        if not isinstance(items, list) or not items:
            self.fail(name, f"expected a faction or a list of factions, got {v!r}")
        for f in items:
            if f not in O.FACTIONS:
                self.fail(name, f"unknown faction {f!r}: expected one of {', '.join(O.FACTIONS)}"
                          + _did_you_mean(f, O.FACTIONS))
        return tuple(items)

    def effect(self, section, row, i):
        where = f"{section}[{i}]"
        if not isinstance(row, dict):
            self.fail(where, f"expected an effect table {{ op = ..., n = ... }}, got {row!r}")
        for k in row:
            if k not in ("op", "n", "or"):
                self.fail(f"{where}.{k}", "unknown key: an effect has op, n and optionally or")
        op = row.get("op")
        if op not in O.OP_NAMES:
            self.fail(f"{where}.op", f"unknown op {op!r}" + _did_you_mean(op, O.OP_NAMES))
        is_static = O.OP_NAMES[op] in O.STATIC_OPS
        if is_static != (section == "static"):
            self.fail(f"{where}.op", f"op '{op}' belongs " + ("only in static" if is_static else "outside static"))
        n = row.get("n", 1)
        if isinstance(n, bool) or not isinstance(n, int) or not EFFECT_N[0] <= n <= EFFECT_N[1]:
            self.fail(f"{where}.n", f"expected an integer {EFFECT_N[0]}..{EFFECT_N[1]}, got {n!r}")
        alt = row.get("or")
        if alt is None:
            return op, n, None, 0
        if not isinstance(alt, dict) or set(alt) - {"op", "n"}:
            self.fail(f"{where}.or", f"expected an effect table {{ op = ..., n = ... }}, got {alt!r}")
        aop, an, _, _ = self.effect(section, alt, i) if "or" not in alt else self.fail(f"{where}.or", "nested or")
        return op, n, aop, an

    def opponents(self, effects) -> str | None:
        """Whom the card's effects on an opponent hit (``opcodes.OPPONENT_OPS``): its printed "target opponent"
        or "each opponent", required when it has such an effect (a Hydra team plays the two apart)."""
        ops = {op for rows in effects.values() for op, _, aop, _ in rows for op in (op, aop) if op}
        hits = sorted(ops & set(O.OPPONENT_OPS))
        v = self.t.get("opponents")
        if v is None:
            if hits:
                self.fail("opponents", f"missing: the card has {hits[0]}, so say whom it hits as printed: "
                                       f"\"target\" (target opponent) or \"each\" (each opponent)")
            return None
        # a card without such an effect may still carry the field: an override that edits the effect away
        # takes the shipped card's other fields, this one included, and TOML cannot remove it
        if v not in O.OPPONENTS:
            self.fail("opponents", f"expected one of {', '.join(O.OPPONENTS)}, got {v!r}"
                      + _did_you_mean(v, O.OPPONENTS))
        return v

    def read(self) -> SRCard:
        t = self.t
        for k in t:
            if k not in FIELDS:
                self.fail(k, "unknown field" + _did_you_mean(k, FIELDS))
        name = t.get("name")
        if not isinstance(name, str) or not name.strip():
            self.fail("name", f"expected a non-empty string, got {name!r}")
        kind = t.get("kind")
        if kind not in O.KINDS:
            self.fail("kind", f"expected one of {', '.join(O.KINDS)}, got {kind!r}")
        role = t.get("role")
        if role not in O.ROLES:
            self.fail("role", f"expected one of {', '.join(O.ROLES)}, got {role!r}")
        count = self.integer("count", required=True)
        cost, defense = self.integer("cost"), self.integer("defense")
        if (defense is None) != (kind not in ("base", "outpost")):
            self.fail("defense", "bases and outposts need a defense, other cards have none")
        if role in ("trade_deck", "explorer", "flagship") and cost is None:
            self.fail("cost", f"a {role} card must have a cost")
        faction = self.factions("faction")
        if kind in ("ship", "base", "outpost") and not faction:
            self.fail("faction", "missing (use \"unaligned\" for a card of no faction)")
        effects = {}
        for section in EFFECT_SECTIONS:
            rows = t.get(section)
            if rows is None:
                continue
            if not isinstance(rows, list):
                self.fail(section, f"expected a list of effects, got {rows!r}")
            effects[section] = [self.effect(section, r, i) for i, r in enumerate(rows)]
        opponents = self.opponents(effects)
        hand_size, authority = self.integer("hand_size"), self.integer("authority")
        if kind == "commander" and (hand_size is None or authority is None):
            self.fail("hand_size" if hand_size is None else "authority", "a commander needs hand_size and authority")
        aliases = t.get("aliases", [])
        if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
            self.fail("aliases", f"expected a list of names, got {aliases!r}")
        source = t.get("source")
        if not isinstance(source, str) or not source:
            self.fail("source", "missing: say where the card's values come from")
        marks = {}
        for mark in ("stated", "estimated"):
            v = t.get(mark, [])
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                self.fail(mark, f"expected a list of field names, got {v!r}")
            marks[mark] = tuple(v)
        for f in t:
            if f in IDENTITY:
                continue
            n = (f in marks["stated"]) + (f in marks["estimated"])
            if n != 1:
                self.fail(f, "must be listed in exactly one of stated / estimated" + (", not both" if n else ""))
        for mark, names in marks.items():
            for f in names:
                if f not in t:
                    self.fail(mark, f"names '{f}', which the card does not have")
        return SRCard(name=name, kind=kind, role=role, count=count, source=source, faction=faction,
                      aliases=tuple(aliases), cost=cost, defense=defense, ally_trigger=self.factions("ally_trigger"),
                      effects=effects, opponents=opponents, hand_size=hand_size, authority=authority,
                      text=t.get("text", ""), stated=marks["stated"], estimated=marks["estimated"], raw=t)


@dataclass
class CardFile:
    """What one card file gives: its cards (``[[card]]``) and its decks (``[deck.NAME]`` tables, each
    completed from the deck of that name it changes), with the file's name as shown."""
    file: str
    cards: list[SRCard]
    decks: dict[str, dict]


def read_card_file(path: Path, base: list[SRCard] | None = None,
                   base_decks: dict[str, dict] | None = None) -> CardFile:
    """The cards and decks of one file; with ``base`` / ``base_decks`` (the cards and deck tables it
    overrides), a table naming one of them takes the fields it does not give from it, so a file may hold
    one field of one card or deck (``cards show "deck standard" --toml`` prints a block to cut down)."""
    shown = display_path(path)
    data = read_toml(path)
    for key in data:
        if key not in ("card", "deck"):
            raise CardDataError(shown, None, key, "unknown top-level key: a card file holds [[card]] and "
                                                  "[deck.NAME] tables" + _did_you_mean(key, ("card", "deck")))
    tables = data.get("card", [])
    if not isinstance(tables, list) or not all(isinstance(x, dict) for x in tables) or \
            not (tables or "deck" in data):
        raise CardDataError(shown, None, "card", "expected one or more [[card]] tables (or [deck.NAME] tables)")
    decks = data.get("deck", {})
    if not isinstance(decks, dict) or not all(isinstance(t, dict) for t in decks.values()):
        raise CardDataError(shown, None, "deck", "expected [deck.NAME] tables")
    loaded = {c.name.casefold(): c for c in base or ()}

    def read(i, t):
        card = loaded.get(t["name"].strip().casefold()) if isinstance(t.get("name"), str) else None
        try:
            return _Reader(shown, i, complete_override(t, card.raw if card is not None else None)).read()
        except CardDataError as exc:   # a new card, or a misspelt name of a loaded one?
            if card is not None or not loaded:
                raise
            raise misnamed(exc, t.get("name"), [c.name for c in loaded.values()]) from None
    cards = [read(i, x) for i, x in enumerate(tables)]
    seen: set[str] = set()
    for c in cards:   # two cards of one name in one file: the second would replace the first unseen
        if c.name.casefold() in seen:
            raise CardDataError(shown, c.name, "name", "duplicate card name in this file")
        seen.add(c.name.casefold())
        c.file = shown
    base_decks = base_decks or {}
    return CardFile(shown, cards, {name: complete_override(t, base_decks.get(name),
                                                           key="") for name, t in decks.items()})


def read_decks(tables: dict[str, tuple[dict, str]], by_name: dict[str, SRCard]) -> dict[str, Deck]:
    """The decks of ``tables`` (name -> (its table, the file it comes from as shown)), validated."""
    decks = {}
    for name, (t, shown) in tables.items():
        def fail(f, msg, name=name, shown=shown):
            raise CardDataError(shown, f"deck {name}", f, msg)
        for k in t:
            if k not in DECK_FIELDS:
                fail(k, "unknown field" + _did_you_mean(k, DECK_FIELDS))

        def card(f, n):
            if n not in by_name:
                fail(f, f"no card named {n!r}" + _did_you_mean(n, by_name))
            return by_name[n]
        cards = t.get("cards")
        if not isinstance(cards, dict) or not cards:
            fail("cards", "expected a table of card name = copies")
        for n, c in cards.items():
            if card("cards", n).role != "personal":
                fail("cards", f"{n!r} is not a personal (starting) card")
            if isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= 20:
                fail("cards", f"{n}: expected 1..20 copies, got {c!r}")
        commander = t.get("commander")
        auth, hand = t.get("authority"), t.get("hand_size")
        if commander is not None:
            boss = card("commander", commander)
            if boss.kind != "commander":
                fail("commander", f"{commander!r} is not a commander")
            auth, hand = boss.authority, boss.hand_size
        for f, v in (("authority", auth), ("hand_size", hand)):
            if isinstance(v, bool) or not isinstance(v, int) or not LIMITS[f][0] <= v <= LIMITS[f][1]:
                fail(f, f"expected an integer {LIMITS[f][0]}..{LIMITS[f][1]} (or a commander), got {v!r}")
        flagship = t.get("flagship")
        if flagship is not None and card("flagship", flagship).role != "flagship":
            fail("flagship", f"{flagship!r} is not a flagship")
        gambits = t.get("gambits", [])
        for g in gambits:
            if card("gambits", g).kind != "gambit":
                fail("gambits", f"{g!r} is not a gambit")
        estimated = t.get("estimated", [])
        if not isinstance(estimated, list) or any(f not in t for f in estimated):
            fail("estimated", f"expected a list of this deck's fields, got {estimated!r}")
        members = t.get("members", 1)
        if isinstance(members, bool) or members not in (1, 2):
            fail("members", f"expected 1 (one player) or 2 (a Hydra team), got {members!r}")
        if members == 2 and (commander or flagship or gambits):
            fail("members", "a team deck takes no commander, flagship or gambits")
        rules = {}
        for f, (default, codes, _) in TEAM_RULES.items():
            v = t.get(f, default)
            if f in t and members != 2:
                fail(f, "only a team deck (members = 2) answers this")
            if v not in codes:
                fail(f, f"expected one of {', '.join(codes)}, got {v!r}")
            rules[f] = v
        decks[name] = Deck(name, dict(cards), auth, hand, commander, flagship, tuple(gambits), t.get("source", ""),
                           tuple(estimated), members, **rules, raw=t)
    return decks


def _read_layer(path: Path, base: list[SRCard] | None = None,
                base_decks: dict[str, tuple[dict, str]] | None = None) -> list[CardFile]:
    """The files of one card set (a file, or a folder's files in name order), each over ``base`` and
    ``base_decks``. Two files of one set that both give a card or a deck are refused, naming both, as
    every game refuses it: neither would say which of them wins."""
    files = [read_card_file(file, base, {k: v[0] for k, v in (base_decks or {}).items()})
             for file in card_files(path)]
    given: dict[str, str] = {}
    for f in files:
        for label in [c.name for c in f.cards] + [f"deck {d}" for d in f.decks]:
            other = first_giver(given, label, f.file)
            if other is not None:
                raise CardDataError(f.file, label, None if label.startswith("deck ") else "name", given_twice(other))
    return files


def load_card_list(path: str | Path | None = None,
                   overrides=None) -> tuple[list[SRCard], dict[str, Deck]]:
    """Validated cards and decks of ``path`` (None: the shipped folder), then the cards and decks of
    ``overrides`` (a file or folder, or a list of them applied in order: compare's --cards then --cards-b)
    replacing those of the same name field by field and adding new ones."""
    cards: list[SRCard] = []
    deck_tables: dict[str, tuple[dict, str]] = {}
    added: set[str] = set()        # decks an override file adds (or meant to change, misspelt)
    layers = [] if overrides is None else list(overrides) if isinstance(overrides, (list, tuple)) else [overrides]
    for i, layer in enumerate([CARDS_DIR if path is None else Path(path), *layers]):
        files = _read_layer(Path(layer), cards if i else None, deck_tables if i else None)
        for f in files:
            cards = merge_by_key(cards, f.cards, lambda c: c.name) if i else cards + f.cards
            if i and deck_tables:
                added.update(name for name in f.decks if name not in deck_tables)
            deck_tables.update({name: (t, f.file) for name, t in f.decks.items()})
    seen: dict[str, SRCard] = {}
    for c in cards:
        for n in (c.name, *c.aliases):
            if n.casefold() in seen:
                raise CardDataError(c.file, c.name, "name",
                                    f"duplicate card name {n!r}: already used in {seen[n.casefold()].file}")
            seen[n.casefold()] = c
    if not deck_tables:
        raise CardDataError(display_path(Path(path or CARDS_DIR)), None, "deck", "no [deck.NAME] tables: a card "
                                                                                 "set needs its starting decks")
    by_name = {c.name: c for c in cards}
    try:
        decks = read_decks(deck_tables, by_name)
    except CardDataError as exc:
        name = (exc.card or "")[len("deck "):]
        if name not in added:
            raise
        raise misnamed(exc, name, [d for d in deck_tables if d not in added], "deck") from None
    return cards, decks


def compile_cards(cards: list[SRCard], decks: dict[str, Deck]) -> SRTables:
    """The int32 tables of ``cards``; a set beyond the engine's fixed table sizes is refused here,
    naming the card that went over, so that validation refuses what a game would."""
    from .layout import MAX_EFF_ROWS, MAX_TYPES   # the batch entry pads the tables to these sizes

    if len(cards) > MAX_TYPES:
        c = cards[MAX_TYPES]
        raise CardDataError(c.file, c.name, None, f"card type number {MAX_TYPES + 1} of the set: the engine "
                                                  f"holds at most {MAX_TYPES} card types (star_realms/layout.py)")
    rows = 1
    for c in cards:
        rows += sum(len(r) for r in c.effects.values())
        if rows > MAX_EFF_ROWS:
            raise CardDataError(c.file, c.name, None, f"with this card the set has more than {MAX_EFF_ROWS} "
                                                      f"effect rows, the engine's limit (star_realms/layout.py)")
    table = np.zeros((len(cards), O.N_COLS), np.int32)
    eff = [(0, 0, 0, 0)]
    for t, c in enumerate(cards):
        row = table[t]
        row[O.C_KIND] = O.KINDS[c.kind]
        mask = 0
        for f in c.faction:
            mask |= O.FACTIONS[f]
        statics = [O.OP_NAMES[e[0]] for e in c.effects.get("static", ())]
        row[O.C_FACTION] = mask
        # "counts as an ally for all factions": for ally abilities only, never as a card of each faction
        row[O.C_ALLY_AS] = O.ALL_FACTIONS if O.Op.ALLY_ALL_FACTIONS in statics else mask
        trigger = 0
        for f in c.ally_trigger:
            trigger |= O.FACTIONS[f]
        row[O.C_TRIGGER] = trigger if c.ally_trigger else mask
        row[O.C_COST] = -1 if c.cost is None else c.cost
        row[O.C_DEFENSE] = c.defense or 0
        row[O.C_ROLE] = O.ROLES.index(c.role)
        ops = {op for op, _, aop, _ in c.effects.get("primary", ()) for op in (op, aop) if op}
        row[O.C_PLAY_AFTER] = int(bool(ops & {"copy_ship", "draw_per_blob"}))
        for section, col in O.SECTIONS.items():
            rows = c.effects.get(section, ())
            row[col], row[col + 1] = len(eff), len(rows)
            for op, n, aop, an in rows:
                eff.append((_code(c, op), n, _code(c, aop) if aop else 0, an))
    return SRTables(table, np.asarray(eff, np.int32).reshape(-1, 4), [c.name for c in cards], cards, decks)


def _code(card: SRCard, op: str) -> int:
    """The opcode of ``op`` on ``card``: an opp_discard that hits each opponent is EACH_OPP_DISCARD."""
    if op in O.OPPONENT_OPS and card.opponents == "each":
        return int(O.Op.EACH_OPP_DISCARD)
    return int(O.OP_NAMES[op])


def load_tables(path: str | Path | None = None, overrides=None) -> SRTables:
    """The compiled Star Realms cards of ``load_card_list(path, overrides)``."""
    return compile_cards(*load_card_list(path, overrides))


def find_card(cards: list[SRCard], name: str) -> SRCard:
    """The card whose name or alias (the seed's translated names) is ``name``, case-insensitive."""
    wanted = name.strip().casefold()
    for c in cards:
        if wanted in (n.casefold() for n in (c.name, *c.aliases)):
            return c
    names = [n for c in cards for n in (c.name, *c.aliases)]
    raise UnknownCardError(name, difflib.get_close_matches(name, names, n=3, cutoff=0.6))
