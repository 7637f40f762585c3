"""The Last Command's sweep grid: which match-ups a sweep plays (``simcore.game.Cell``).

Duel: factions pair up as A != B (no mirror matches); when both sides use the same strategy each pair
is one cell (seat swapping covers both orders), otherwise both assignments are played (A with
``strategy`` against B with ``opponent_strategy``, and B with ``strategy`` against A). Both sides use
the same variant, or with ``mixed_variants`` every ordered pair of variants. Each Fog of War file adds
every cell again, set up from that file. Every cell is played in both seat orders.

Solo Mode: a cell is the player's faction and variant against the rulebook's A.I. at one difficulty
(the A.I. plays the other faction; an asymmetrical game swaps all six starting System cards, so the
A.I. uses the player's variant). "Solo Mode begins with the player's turn first": one seat order, and
only the player's side is counted.
"""
from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from simcore.errors import CommandsimError
from simcore.names import unknown
from simcore.game import Cell, OptionError, Order, parse_list

from .fog import FogFile
from .setup import DEFAULT_MAX_TURNS, DIFFICULTIES, MODES, Matchup, mirror_problem
from .tables import FACTIONS, START_SETS

DEFAULT_FACTIONS = ("federation", "sunder")
DEFAULT_VARIANTS = ("standard", "asymmetrical")
DEFAULT_DIFFICULTIES = tuple(DIFFICULTIES)


@dataclass(frozen=True)
class MatchCell:
    """One match-up of the grid; side A is seat 0 of ``matchup()`` (moves first).

    In Solo Mode side A is the player and side B the A.I. at ``difficulty``."""
    factions: tuple[str, str]
    variants: tuple[str, str]
    strategies: tuple[str, str]
    mode: str = "duel"
    difficulty: str | None = None
    fog: FogFile | None = None   # a Fog of War start: a variant of its own, named after the file

    def matchup(self, max_turns: int = DEFAULT_MAX_TURNS) -> Matchup:
        if self.mode == "solo":
            m = Matchup(factions=self.factions, variants=self.variants, max_turns=max_turns, mode="solo",
                        difficulty=self.difficulty)
        else:
            m = Matchup(factions=self.factions, variants=self.variants, max_turns=max_turns)
        return self.fog.apply(m) if self.fog is not None else m

    def orders(self, max_turns: int = DEFAULT_MAX_TURNS) -> list[tuple[Matchup, tuple[str, str]]]:
        """(matchup, strategies in seat order) for each seat order played: two in duel mode, one in solo."""
        m = self.matchup(max_turns)
        if self.mode == "solo":
            return [(m, self.strategies)]
        swapped = m.swapped()
        if self.fog is not None:   # the file's seat sections stay with the seats
            swapped = self.fog.apply(swapped)
        return [(m, self.strategies), (swapped, self.strategies[::-1])]

    def label(self) -> str:
        m = self.matchup()
        a = f"{self.factions[0]} {m.variant_label(0)} ({self.strategies[0]})"
        if self.mode == "solo":
            return f"{a} vs A.I. {self.difficulty}"
        b = f"{self.factions[1]} {m.variant_label(1)} ({self.strategies[1]})"
        return f"{a} vs {b}"

    def cell(self, max_turns: int = DEFAULT_MAX_TURNS) -> Cell:
        """The cell as the core's sweep plays it."""
        orders = tuple(Order(m, s, m.factions, (m.variant_label(0), m.variant_label(1)))
                       for m, s in self.orders(max_turns))
        m = self.matchup(max_turns)
        return Cell(self.mode, self.factions, (m.variant_label(0), m.variant_label(1)), self.strategies, orders,
                    self.difficulty or "", (0,) if self.mode == "solo" else (0, 1), self.label())


def parse_factions(names: str | Sequence[str], mode: str = "duel") -> tuple[str, ...]:
    """Factions of a sweep: at least two in duel mode; in Solo Mode the player's factions (one or more). A
    faction named twice would be a mirror: the rule says why there is none."""
    items = [str(x).strip().lower() for x in (names.split(",") if isinstance(names, str) else names)]
    twice = next((f for f in items if f in FACTIONS and items.count(f) > 1), None)
    if twice is not None and mode != "solo" and mirror_problem((twice, twice)):
        raise OptionError("--factions", mirror_problem((twice, twice)))
    factions = parse_list(names, tuple(FACTIONS), "faction", "--factions")
    if mode != "solo" and len(factions) < 2:
        raise OptionError("--factions", f"a sweep needs at least two different factions, got "
                                        f"{', '.join(factions)}")
    return factions


def parse_variants(names: str | Sequence[str]) -> tuple[str, ...]:
    return parse_list(names, tuple(START_SETS), "variant", "--variants")


def parse_difficulties(names: str | Sequence[str]) -> tuple[str, ...]:
    """Solo Mode difficulties, in the rulebook's order (easy, medium, hard, insane) whatever the order given."""
    chosen = parse_list(names, DEFAULT_DIFFICULTIES, "difficulty", "--difficulties")
    return tuple(d for d in DEFAULT_DIFFICULTIES if d in chosen)


def check_mode(mode: str) -> str:
    mode = mode.strip().lower()
    if mode not in MODES:
        raise OptionError("--mode", unknown("mode", mode, MODES))
    return mode


def ai_faction(player: str) -> str:
    """The A.I.'s faction in Solo Mode: the faction the player does not play."""
    return next(f for f in FACTIONS if f != player)


def sweep_cells(factions: Sequence[str], variants: Sequence[str], strategy: str, opponent_strategy: str,
                mixed_variants: bool = False, fogs: Sequence[FogFile] = ()) -> list[MatchCell]:
    """The duel cells of a grid, in a fixed order (see the module text)."""
    factions, variants = parse_factions(factions), parse_variants(variants)
    pairs = list(itertools.combinations(factions, 2) if strategy == opponent_strategy
                 else itertools.permutations(factions, 2))
    variant_pairs = (list(itertools.product(variants, repeat=2)) if mixed_variants
                     else [(v, v) for v in variants])
    return [MatchCell((a, b), (va, vb), (strategy, opponent_strategy), fog=fog)
            for fog in (None, *fogs) for a, b in pairs for va, vb in variant_pairs]


def solo_cells(factions: Sequence[str], variants: Sequence[str], difficulties: Sequence[str],
               strategy: str, fogs: Sequence[FogFile] = ()) -> list[MatchCell]:
    """Solo Mode cells: the player's faction x variant x difficulty, in that order.

    The player's ``strategy`` is passed for both seats: in Solo Mode the engine plays seat 1 by the
    rulebook's A.I. whatever strategy is named, and labels it (``second_strategy``) itself."""
    factions = parse_factions(factions, mode="solo")
    variants, difficulties = parse_variants(variants), parse_difficulties(difficulties)
    return [MatchCell((f, ai_faction(f)), (v, v), (strategy, strategy), mode="solo", difficulty=d, fog=fog)
            for fog in (None, *fogs) for f in factions for v in variants for d in difficulties]


def grid(mode: str, factions, variants, strategy: str, opponent_strategy: str | None, mixed_variants: bool,
         difficulties, fogs: Sequence[FogFile] = ()) -> list[MatchCell]:
    """The cells of a sweep from its options, every option checked (``OptionError`` names the option)."""
    mode = check_mode(mode)
    if mode == "solo":
        if opponent_strategy is not None:
            raise OptionError("--opponent-strategy", "Solo Mode has no opponent strategy: the A.I. plays by the "
                                                     "rulebook")
        if mixed_variants:
            raise OptionError("--mixed-variants", "applies only to --mode duel (the A.I. uses the standard "
                                                  "starting cards)")
        return solo_cells(factions, variants, DEFAULT_DIFFICULTIES if difficulties is None else difficulties,
                          strategy, fogs)
    if difficulties is not None:
        raise OptionError("--difficulties", "difficulties apply only to --mode solo")
    return sweep_cells(factions, variants, strategy, strategy if opponent_strategy is None else opponent_strategy,
                       mixed_variants, fogs)


def question_cells(questions, strategy: str, opponent_strategy: str, fogs: Sequence[FogFile],
                   grid_cells: Sequence[MatchCell]) -> list[MatchCell]:
    """The cells of the game's questions (``simcore.game.SweepQuestion``: a faction and variant against
    another), each from the standard start and from each Fog of War file, then the grid's other cells."""
    asked = []
    for fog in (None, *fogs):
        for q in questions:
            assignments = [(q.sides, q.variants)]
            if strategy != opponent_strategy:
                assignments.append((q.sides[::-1], q.variants[::-1]))
            for sides, variants in assignments:
                cell = MatchCell(tuple(sides), tuple(variants), (strategy, opponent_strategy), fog=fog)
                if cell not in asked:
                    asked.append(cell)
    return asked + [c for c in grid_cells if c not in asked]


def check_cells(cells: Sequence[MatchCell], tables, max_turns: int) -> None:
    """Every cell's games set up before any is played: a Fog of War file's cards must exist and be free."""
    for cell in cells:
        if cell.fog is not None:
            try:
                cell.fog.check(tables, [m for m, _ in cell.orders(max_turns)])
            except CommandsimError as exc:
                raise OptionError("--fog", str(exc)) from None
        else:
            cell.matchup(max_turns).validate()
