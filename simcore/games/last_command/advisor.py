"""The Last Command's balance-advisor hook: its cards as the advisor edits them (``simcore.advice.CardSet``)
and its targets: a match-up, the first-player advantage, the solo difficulty ladder (``simcore.advice.Target``)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from simcore.advice import CardSet, Component, Target, TargetError, percent
from simcore.errors import CommandsimError
from simcore.names import unknown

from .cardset import compile_cards, find_cards, load_card_list
from .cardset.edits import apply_edits, edited_tables, single_edits
from .cardset.patch import patch_toml
from .setup import DEFAULT_MAX_TURNS, DIFFICULTIES, Matchup, mirror_problem
from .simulate import play_games
from .tables import FACTIONS, START_SETS

TARGET_FORMS = ("'<faction> [variant] vs <faction> [variant] = <percent>%' (e.g. 'federation asymmetrical vs "
                "sunder standard = 50%') or 'first player [variant] = <percent>%'")


@dataclass
class LastCommandCards(CardSet):
    game: str = "last-command"

    def edits(self, allow_stated, only):
        return single_edits(self.cards, allow_stated=allow_stated, only=only)

    def tables(self, edits=()):
        return compile_cards(self.cards) if not edits else edited_tables(self.cards, edits)

    def patch(self, edits, header, notes):
        edited = apply_edits(self.cards, edits)
        return patch_toml([c for c, o in zip(edited, self.cards) if c is not o], header, notes)

    def keys(self, names):
        return tuple(c.key for n in names for c in find_cards(self.cards, n))

    def strategy(self, name):
        from .players.library import load_params
        try:
            return load_params(name)[1]
        except CommandsimError as exc:
            raise CommandsimError(f"--strategy: {exc}") from None

    def target(self, text, max_turns):
        return parse_target(text, *_turns(max_turns))

    def ladder(self, text, variant, max_turns):
        return parse_ladder(text, variant, *_turns(max_turns))


def _turns(max_turns: int | None) -> tuple:
    return () if max_turns is None else (max_turns,)


def last_command_cards(cards_path: Path | None = None) -> LastCommandCards:
    """The registry's advisor hook: the shipped cards with ``--cards`` merged in."""
    return LastCommandCards(load_card_list(overrides=cards_path))


def _side(words: list[str], text: str) -> tuple[str, str]:
    if not words or len(words) > 2:
        raise TargetError(f"--target: expected {TARGET_FORMS}, got '{text}'")
    faction = words[0]
    variant = words[1] if len(words) == 2 else "standard"
    if faction not in FACTIONS:
        raise TargetError("--target: " + unknown("faction", faction, list(FACTIONS), inside=f"in '{text}'"))
    if variant not in START_SETS:
        raise TargetError("--target: " + unknown("variant", variant, list(START_SETS), inside=f"in '{text}'"))
    return faction, variant


def parse_target(text: str, max_turns: int = DEFAULT_MAX_TURNS) -> Target:
    """A match-up or first-player target from its text (``TARGET_FORMS``); raises ``TargetError``."""
    if text.count("=") != 1:
        raise TargetError(f"--target: expected {TARGET_FORMS}, got '{text}'")
    left, right = text.split("=")
    goal = percent(right, "--target")
    words = left.strip().lower().replace("-", " ").split()
    if words[:2] == ["first", "player"]:
        rest = words[2:]
        if rest[:1] == ["advantage"]:
            rest = rest[1:]
        if len(rest) > 1 or (rest and rest[0] not in START_SETS):
            raise TargetError(f"--target: the first-player target takes at most a variant ({', '.join(START_SETS)}), "
                              f"got '{text}'")
        variant = rest[0] if rest else "standard"
        fed_first = Matchup(("federation", "sunder"), (variant, variant), max_turns)
        comp = Component(f"first player ({variant})", goal, ((fed_first, 0), (fed_first.swapped(), 0)))
        return Target((comp,), text.strip(), fed_first,
                      f"commandsim sweep --cards PATCH --variants {variant}   (first-player rows)", play_games)
    if "vs" not in words or words.count("vs") != 1:
        raise TargetError(f"--target: expected {TARGET_FORMS}, got '{text}'")
    at = words.index("vs")
    (f1, v1), (f2, v2) = _side(words[:at], text), _side(words[at + 1:], text)
    problem = mirror_problem((f1, f2))
    if problem:
        raise TargetError(f"--target: {problem}; got '{text}'")
    first = Matchup((f1, f2), (v1, v2), max_turns)
    comp = Component(f"{f1} {v1} vs {f2} {v2}", goal, ((first, 0), (first.swapped(), 1)))
    return Target((comp,), text.strip(), first,
                  f"commandsim compare --cards-b PATCH --factions {f1},{f2} --variant-a {v1} --opponent-variant {v2}",
                  play_games)


def parse_ladder(text: str, variant: str = "standard", max_turns: int = DEFAULT_MAX_TURNS) -> Target:
    """The solo ladder: one goal per difficulty (Easy, Medium, Hard, Insane), e.g. ``65,55,45,35``."""
    parts = text.split(",")
    if len(parts) != len(DIFFICULTIES):
        raise TargetError(f"--ladder: expected {len(DIFFICULTIES)} percentages (Easy, Medium, Hard, Insane), e.g. "
                          f"65,55,45,35, got '{text}'")
    goals = [percent(p, "--ladder") for p in parts]
    if variant not in START_SETS:
        raise TargetError("--variant: " + unknown("variant", variant, list(START_SETS)))
    comps = []
    for level, goal in zip(DIFFICULTIES, goals):
        fed = Matchup(("federation", "sunder"), (variant, variant), max_turns, mode="solo", difficulty=level)
        sun = Matchup(("sunder", "federation"), (variant, variant), max_turns, mode="solo", difficulty=level)
        comps.append(Component(f"solo {level} ({variant})", goal, ((fed, 0), (sun, 0))))
    return Target(tuple(comps), f"solo ladder {text} ({variant})",
                  Matchup(("federation", "sunder"), (variant, variant), max_turns),
                  f"commandsim solo --cards PATCH --variants {variant}", play_games)
