"""A match's configuration (factions, starting-card variants, Fog of War, turn cap) as the
flat setup arrays the engine reads."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from simcore.errors import CommandsimError
from simcore.game import OptionError
from simcore.names import did_you_mean, unknown
from .tables import (C_COUNT, C_EXPERTISE, C_FACTION, C_KIND, C_START_SET, C_SYSTEM,
                                               FACTION_NONE, FACTIONS, KIND_CREW, KIND_MALFUNCTION, KIND_SYSTEM,
                                               SHIP_MATS, START_SETS, START_STANDARD, CardTables)

from .bounds import set_limits
from .layout import (CFG_AI_DISCARDED, CFG_AI_DRAW, CFG_AI_POWER, CFG_SOLO_AI,
                     CAP, CFG_CREDITS, CFG_DRAW_COUNT, CFG_HULL, CFG_INITIAL_DRAW, CFG_MAX_TURNS, CFG_POWER,
                     MAX_HULL, N_CFG, N_SETUP_ROWS, SU_CREW, SU_HAND, SU_MALF, SU_MARKET_CREW, SU_MARKET_SYS,
                     SU_SYS)

DEFAULT_MAX_TURNS = 400   # player-turns; normal games end far sooner
MAX_TURNS_LIMIT = 10_000  # the largest cap accepted: a game that reaches it is a stalemate, not a long game
VARIANTS = tuple(START_SETS)
MODES = ("duel", "solo")
# Solo Mode: cards moved from the top of the A.I.'s Market deck to its discard at setup
DIFFICULTIES = {"easy": 1, "medium": 2, "hard": 3, "insane": 4}
SOLO_AI_SEAT = 1          # the player always goes first
SOLO_AI_POWER = 3         # "start them with 3 Power in each System, 6 Credits, and 20 Hull"
SOLO_AI_CREDITS = 6
SOLO_AI_HAND = 4          # its starting hand and its Draw Phase


class MatchupError(CommandsimError):
    pass


class MirrorError(OptionError, MatchupError):
    """A faction in more seats than it has Ship Mats (a faction mirror): an error of ``--factions``."""


def mirror_problem(factions) -> str | None:
    """Why these seats' factions cannot meet in one game, or None: each seat needs a Ship Mat of its faction
    and its set of starting cards, and the data gives each faction ``SHIP_MATS`` of them (one)."""
    factions = tuple(factions)
    for f in dict.fromkeys(factions):
        mats = SHIP_MATS.get(f, 1)
        if factions.count(f) > mats:
            return (f"{','.join(factions)}: The Last Command has {'one' if mats == 1 else mats} Ship Mat"
                    f"{'' if mats == 1 else 's'} per faction (\"Each ship belongs to a different faction\"): a game "
                    f"needs two different factions ({', '.join(FACTIONS)})")
    return None


@dataclass(frozen=True)
class FogOfWar:
    """One seat's Fog of War: cards chosen into the starting hand, extra starting cards, and
    how many cards are then drawn blind."""
    hand: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()
    draw: int | None = None
    source: str = ""      # "<file>: section '<name>'" when read from a Fog of War file, for messages

    def error(self, field: str, message: str) -> "MatchupError":
        where = f"{self.source}, field '{field}'" if self.source else "Fog of War"
        return MatchupError(f"{where}: {message}")


@dataclass(frozen=True)
class Matchup:
    """Seat 0 goes first (5 Credits), seat 1 second (6 Credits).

    Solo Mode (``mode="solo"``): seat 0 is the player (who always goes first) and seat 1 the
    rulebook's automated opponent at ``difficulty`` (easy, medium, hard, insane)."""
    factions: tuple[str, str] = ("federation", "sunder")
    variants: tuple[str, str] = ("standard", "standard")
    max_turns: int = DEFAULT_MAX_TURNS
    fog: tuple[FogOfWar | None, FogOfWar | None] = (None, None)
    start_credits: tuple[int, int] = (5, 6)
    initial_draw: int = 3
    draw_count: int = 3
    mode: str = "duel"
    difficulty: str | None = None
    fog_name: str = ""    # the Fog of War file the game is set up from: it names the game's variant

    def swapped(self) -> "Matchup":
        return Matchup((self.factions[1], self.factions[0]), (self.variants[1], self.variants[0]),
                       self.max_turns, (self.fog[1], self.fog[0]), self.start_credits, self.initial_draw,
                       self.draw_count, self.mode, self.difficulty, self.fog_name)

    def variant_label(self, seat: int) -> str:
        """Seat's variant as records and tables show it: ``standard``, or ``standard+fog:start4.toml``
        for both seats of a game set up from a Fog of War file (whichever seats it changes)."""
        return f"{self.variants[seat]}+fog:{self.fog_name}" if self.fog_name else self.variants[seat]

    def validate(self) -> None:
        if self.mode not in MODES:
            raise MatchupError(unknown("mode", self.mode, MODES))
        if self.mode == "solo":
            if self.difficulty not in DIFFICULTIES:
                raise MatchupError(f"solo mode needs a difficulty: one of {', '.join(DIFFICULTIES)}, "
                                   f"got {self.difficulty!r}")
            if self.fog[SOLO_AI_SEAT] is not None:
                raise MatchupError("Fog of War applies to the player only in solo mode, not to the A.I.")
        elif self.difficulty is not None:
            raise MatchupError("a difficulty applies only to solo mode")
        for f in self.factions:
            if f not in FACTIONS:
                raise MatchupError(unknown("faction", f, FACTIONS))
        problem = mirror_problem(self.factions)
        if problem:
            raise MirrorError("--factions", problem)
        for v in self.variants:
            if v not in START_SETS:
                raise MatchupError(unknown("variant", v, START_SETS))
        if not 1 <= self.max_turns <= MAX_TURNS_LIMIT:
            raise MatchupError(f"max_turns must be between 1 and {MAX_TURNS_LIMIT:,}, got {self.max_turns}")


def _copies(tables: CardTables, mask: np.ndarray) -> list[int]:
    out: list[int] = []
    for t in np.flatnonzero(mask):
        out.extend([int(t)] * int(tables.cards[t, C_COUNT]))
    return out


def _index(tables: CardTables, name: str, variant: str, fog: FogOfWar, field: str) -> int:
    """Card type by key or name; a starting System card name means the copy of ``variant``."""
    hits = [c.index for c in tables.catalog if c.key.lower() == name.lower() and c.key != c.name]
    hits = hits or [c.index for c in tables.catalog if c.name.lower() == name.lower()]
    if len(hits) > 1:
        want = START_SETS[variant]
        hits = [t for t in hits if tables.cards[t, C_START_SET] == want] or hits[:1]
    if not hits:
        raise fog.error(field, f"unknown card '{name}'{did_you_mean(name, [c.key for c in tables.catalog])}")
    return hits[0]


def _extra_index(tables: CardTables, name: str, faction: int, free: Counter, fog: FogOfWar) -> int:
    """The card type an extra Fog of War starting card is taken from: a Market card, or one of the
    player's own faction's starting cards that no seat was dealt (the other variant's copy, which
    the rulebook's setup leaves in the box).  A card key ("Basic Laser (asymmetrical)") names one
    version; a shared name takes whichever version has a physical copy left."""
    hits = [c.index for c in tables.catalog if c.key.lower() == name.lower() and c.key != c.name]
    hits = hits or [c.index for c in tables.catalog if c.name.lower() == name.lower()]
    if not hits:
        raise fog.error("extra", f"unknown card '{name}'{did_you_mean(name, [c.key for c in tables.catalog])}")
    owner = tables.cards[hits[0], C_FACTION]
    if owner != FACTION_NONE and owner != faction:
        other = next(f for f, v in FACTIONS.items() if v == owner)
        raise fog.error("extra", f"'{name}' is a {other} starting card: extra starting cards come from the Market "
                                 f"or the player's own faction's starting cards")
    return next((t for t in hits if free[t] > 0), hits[0])


def build_setup(tables: CardTables, m: Matchup) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(setup int32[N_SETUP_ROWS, CAP], setup_n int32[N_SETUP_ROWS], cfg int64[N_CFG])."""
    m.validate()
    cards = tables.cards
    kind, system, expertise = cards[:, C_KIND], cards[:, C_SYSTEM], cards[:, C_EXPERTISE]
    faction, start = cards[:, C_FACTION], cards[:, C_START_SET]
    rows: list[list[int]] = [[] for _ in range(N_SETUP_ROWS)]
    market = {s: _copies(tables, (kind == KIND_SYSTEM) & (faction == FACTION_NONE) & (system == s))
              for s in range(3)}
    crew_market = {e: _copies(tables, (kind == KIND_CREW) & (faction == FACTION_NONE) & (expertise == e))
                   for e in range(3)}
    cfg = np.zeros(N_CFG, np.int64)
    for p in range(2):
        f = FACTIONS[m.factions[p]]
        rows[SU_SYS + 2 * p] = _copies(tables, (kind == KIND_SYSTEM) & (faction == f)
                                       & (start == START_SETS[m.variants[p]]))
        rows[SU_CREW + 2 * p] = _copies(tables, (kind == KIND_CREW) & (faction == f) & (start == START_STANDARD))
    # Starting cards no seat was dealt: the only ones an extra Fog of War card may come from, so
    # that no physical card is used twice (Fog of War, "start with more than the standard 3 cards
    # per set": the extra cards are the box's, not copies)
    free = Counter(_copies(tables, faction != FACTION_NONE))
    free.subtract(rows[SU_SYS] + rows[SU_CREW] + rows[SU_SYS + 2] + rows[SU_CREW + 2])
    for p in range(2):
        fog = m.fog[p] or FogOfWar()
        for name in fog.extra:
            t = _extra_index(tables, name, FACTIONS[m.factions[p]], free, fog)
            if kind[t] == KIND_MALFUNCTION:
                raise fog.error("extra", f"'{name}' is a Malfunction, not a starting card")
            if faction[t] == FACTION_NONE:
                pool = market.get(int(system[t])) if kind[t] == KIND_SYSTEM else crew_market.get(int(expertise[t]))
                if pool is None or t not in pool:
                    raise fog.error("extra", f"no '{name}' left in the Market to start with")
                pool.remove(t)  # a physical card: it leaves the Market
            else:
                if free[t] <= 0:
                    raise fog.error("extra", f"no '{name}' left to start with: every physical copy is already in "
                                             f"a starting deck")
                free[t] -= 1
            rows[(SU_SYS if kind[t] == KIND_SYSTEM else SU_CREW) + 2 * p].append(t)
        own = rows[SU_SYS + 2 * p] + rows[SU_CREW + 2 * p]
        for name in fog.hand:
            t = _index(tables, name, m.variants[p], fog, "hand")
            if own.count(t) <= rows[SU_HAND + p].count(t):
                raise fog.error("hand", f"'{name}' is not among seat {p}'s starting cards")
            rows[SU_HAND + p].append(t)
        draw = m.initial_draw - len(fog.hand) if fog.draw is None else fog.draw
        if draw < 0 or draw > len(own) - len(fog.hand):
            raise fog.error("draw", f"seat {p} cannot draw {draw} cards (it has {len(own) - len(fog.hand)} left "
                                    f"after the chosen hand)")
        cfg[CFG_INITIAL_DRAW + p] = draw
        cfg[CFG_CREDITS + p] = m.start_credits[p]
    for s in range(3):
        rows[SU_MARKET_SYS + s] = market[s]
    for e in range(3):
        rows[SU_MARKET_CREW + e] = crew_market[e]
    rows[SU_MALF] = _copies(tables, kind == KIND_MALFUNCTION)
    # No pile can hold more than the game's cards (simcore.games.last_command.cardset.capacity, which refuses larger card
    # sets when they are compiled); Fog of War's extra starting cards add to them. Preset hands
    # repeat cards of the starting rows, so they are not counted twice.
    total = sum(len(row) for r, row in enumerate(rows) if r not in (SU_HAND, SU_HAND + 1))
    if total > CAP:
        raise MatchupError(f"a game of this match-up (with its Fog of War extra starting cards) holds {total} "
                           f"cards; the engine's piles hold at most {CAP} (simcore/games/last_command/layout.py CAP)")
    setup = np.full((N_SETUP_ROWS, CAP), -1, np.int32)
    setup_n = np.zeros(N_SETUP_ROWS, np.int32)
    for r, row in enumerate(rows):
        setup[r, :len(row)] = row
        setup_n[r] = len(row)
    cfg[CFG_SOLO_AI] = -1
    if m.mode == "solo":
        cfg[CFG_SOLO_AI] = SOLO_AI_SEAT
        cfg[CFG_AI_DISCARDED] = DIFFICULTIES[m.difficulty]
        cfg[CFG_AI_POWER] = SOLO_AI_POWER
        cfg[CFG_AI_DRAW] = SOLO_AI_HAND
        cfg[CFG_INITIAL_DRAW + SOLO_AI_SEAT] = SOLO_AI_HAND
        cfg[CFG_CREDITS + SOLO_AI_SEAT] = SOLO_AI_CREDITS
    cfg[CFG_MAX_TURNS] = m.max_turns
    set_limits(cfg)
    cfg[CFG_DRAW_COUNT] = m.draw_count
    cfg[CFG_POWER] = 1
    cfg[CFG_HULL] = MAX_HULL
    return setup, setup_n, cfg


def check_every_setup(tables: CardTables) -> None:
    """Build the setup of every match-up without Fog of War (duels of any two factions that may meet, with
    any two variants; Solo Mode at every difficulty): raises what a game would."""
    import itertools

    for factions in itertools.product(FACTIONS, repeat=2):
        if mirror_problem(factions):
            continue
        for variants in itertools.product(VARIANTS, repeat=2):
            build_setup(tables, Matchup(factions, variants))
    for faction, variant, difficulty in itertools.product(FACTIONS, VARIANTS, DIFFICULTIES):
        other = next(f for f in FACTIONS if f != faction)
        build_setup(tables, Matchup((faction, other), (variant, variant), mode="solo", difficulty=difficulty))

