"""The skirmish for the balance advisor (``commandsim advise --game skirmish``): its data as a card set,
edit space (``edits.py``) and targets.

Targets (a component's score per seed, as in ``simcore.advice``):

* ``"elite vs raiders = 50%"`` (each force optionally followed by its command set, default ``full``):
  the first force's score, each seed played with it first and second;
* ``"first player = 50%"``: the first force's score in a mirror, one battle per seed; ``first player
  elite no-responses``: the elite mirror on that command set (default: ``line``, ``full``).

Command Point budgets are the forces' own ``cp``, which the advisor may edit.  The proposal is
re-checked with a strategy re-tuned on the edited data (``tune --game skirmish``: the target's two
forces, on the ``full`` command set, the tuner's only one).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from simcore.advice import CardSet, Component, Target, TargetError, percent
from simcore.errors import CommandsimError

from .card_data import SkirmishData, SkirmishTables, compile_sets, load_data
from .edits import FORCE, edited_tables, entry_keys, patch, single_edits
from .setup import DEFAULT_MAX_TURNS, Matchup
from .simulate import play_games

TARGET_FORMS = ("'<force> [command set] vs <force> [command set] = <percent>%' (e.g. 'elite vs raiders = 50%') "
                "or 'first player [force] [command set] = <percent>%'")
TUNED_SETS = ("full", "full")   # the command sets the tables are compiled for and the tuner plays


def play(n_games, seed, matchup: Matchup, strategies, tables: SkirmishTables, threads=None, first_game=0,
         keep_bought=False, restriction=None):
    """``Target.play`` for the skirmish: the tables are compiled again from their data when the
    matchup's command sets are not the ones they hold (milliseconds)."""
    if tables.command_sets != tuple(matchup.command_sets):
        tables = compile_sets(tables.data, matchup.command_sets)
    return play_games(n_games, seed, matchup, strategies, tables, threads, first_game=first_game,
                      restriction=restriction)


def _side(words: list[str], data: SkirmishData, text: str, default_force: str | None = None) -> tuple[str, str]:
    """(force, command set) of up to two words, in either order."""
    force = command_set = None
    for w in words:
        if w in data.forces and force is None:
            force = w
        elif w in data.sets and command_set is None:
            command_set = w
        else:
            raise TargetError(f"--target: '{w}' in '{text}' is neither a force ({', '.join(data.forces)}) nor a "
                              f"command set ({', '.join(data.sets)})")
    force = force or default_force
    if force is None:
        raise TargetError(f"--target: expected {TARGET_FORMS}, got '{text}'")
    return force, command_set or "full"


def parse_target(text: str, data: SkirmishData, max_turns: int = DEFAULT_MAX_TURNS) -> Target:
    """A skirmish target from its text (``TARGET_FORMS``); raises ``TargetError``."""
    if text.count("=") != 1:
        raise TargetError(f"--target: expected {TARGET_FORMS}, got '{text}'")
    left, right = text.split("=")
    goal = percent(right, "--target")
    words = left.strip().lower().split()
    if words[:2] == ["first", "player"]:
        rest = [w for w in words[2:] if w != "advantage"]
        if len(rest) > 2:
            raise TargetError(f"--target: the first-player target takes at most a force and a command set, "
                              f"got '{text}'")
        force, sets = _side(rest, data, text, "line")
        mirror = Matchup((force, force), (sets, sets), max_turns=max_turns)
        comp = Component(f"first player ({force} mirror, {sets})", goal, ((mirror, 0),))
        return Target((comp,), text.strip(), ((force, force), max_turns),
                      f"commandsim sweep --game skirmish --cards PATCH --factions {force} --variants {sets}   "
                      f"(the seat first row)", play)
    if words.count("vs") != 1 or not 1 <= words.index("vs") <= 2 or not 1 <= len(words) - words.index("vs") - 1 <= 2:
        raise TargetError(f"--target: expected {TARGET_FORMS}, got '{text}'")
    at = words.index("vs")
    (f1, s1), (f2, s2) = _side(words[:at], data, text), _side(words[at + 1:], data, text)
    if f1 == f2:
        raise TargetError(f"--target: a match-up needs two different forces (a mirror is 50% by symmetry; the "
                          f"first player's share is 'first player {f1} = ...'), got '{text}'")
    first = Matchup((f1, f2), (s1, s2), max_turns=max_turns)
    second = Matchup((f2, f1), (s2, s1), max_turns=max_turns)
    comp = Component(f"{f1} {s1} vs {f2} {s2}", goal, ((first, 0), (second, 1)))
    return Target((comp,), text.strip(), ((f1, f2), max_turns),
                  f"commandsim compare --game skirmish --cards-b PATCH --factions {f1},{f2} --variant-a {s1} "
                  f"--opponent-variant {s2}", play)


@dataclass
class SkirmishCards(CardSet):
    """``cards`` holds nothing: the skirmish's entries (commands, units, forces) are ``data``'s."""
    data: SkirmishData | None = None
    game: str = "skirmish"
    strategy_library = "simcore.games.skirmish.players.library"
    default_strategy = "reserve"

    def edits(self, allow_stated, only):
        return single_edits(self.data, allow_stated=allow_stated, only=only)

    def tables(self, edits=()):
        return edited_tables(self.data, edits, TUNED_SETS)

    def patch(self, edits, header, notes):
        return patch(self.data, edits, header, notes)

    def keys(self, names):
        """Commands, units and forces by name ("line" or "force line")."""
        keys = {k.casefold(): k for k in entry_keys(self.data)}
        out = []
        for n in names:
            key = keys.get(n.casefold()) or keys.get((FORCE + n).casefold())
            if key is None:
                from .card_data import _did_you_mean
                raise CommandsimError(f"no command, unit or force named '{n}'"
                                      + _did_you_mean(n, [k for k in entry_keys(self.data)]))
            out.append(key)
        return tuple(out)

    def target(self, text, max_turns):
        return parse_target(text, self.data, max_turns or DEFAULT_MAX_TURNS)


def skirmish_cards(cards_path: Path | None = None) -> SkirmishCards:
    """The registry's advisor hook: the shipped commands, units and forces with ``--cards`` merged in."""
    return SkirmishCards([], data=load_data(cards_path))
