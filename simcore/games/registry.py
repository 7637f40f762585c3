"""The games commandsim plays: name -> modes, decks (or factions), variants, and where its code lives.

Nothing of a game is imported until it is used (its engine compiles only when it is played). Adding a
game is a new folder under ``simcore/games/`` plus one ``register(...)`` line below; the CLI's
``--game NAME`` option, ``commandsim games`` and the per-game command handlers read this table.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass

from simcore.errors import CommandsimError

DEFAULT_GAME = "last-command"


@dataclass(frozen=True)
class Game:
    name: str
    title: str
    modes: tuple[str, ...]
    decks: tuple[str, ...]          # factions or starting decks
    variants: tuple[str, ...]
    play_games: str                 # "module:function": N seeded games -> per-game records
    replay: str                     # "module:function": one game with its event log
    commands: str | None = None     # module of the game's CLI handlers; None: cli.py's own commands play it

    def function(self, which: str):
        module, _, name = getattr(self, which).partition(":")
        return getattr(importlib.import_module(module), name)


GAMES: dict[str, Game] = {}


def register(game: Game) -> None:
    GAMES[game.name] = game


register(Game("last-command", "The Last Command", ("duel", "solo"), ("federation", "sunder"),
              ("standard", "asymmetrical"), "simcore.simulate:play_games", "simcore.simulate:replay_game"))
register(Game("star-realms", "Star Realms (Core Set, Alliance Command Deck)",
              ("standard", "command-vs-standard", "commander-duel"), ("standard", "alliance"), ("core",),
              "simcore.games.star_realms.simulate:play_games", "simcore.games.star_realms.simulate:replay_game",
              "simcore.games.star_realms.commands"))
register(Game("skirmish", "Skirmish command resolution (seed 003: Command Points, one response window)", ("battle",),
              ("line", "elite", "raiders"), ("full", "no-covering-fire", "no-responses", "covering-fire-2cp"),
              "simcore.games.skirmish.simulate:play_games", "simcore.games.skirmish.simulate:replay_game",
              "simcore.games.skirmish.commands"))


def names() -> list[str]:
    return list(GAMES)


def get(name: str) -> Game:
    try:
        return GAMES[name]
    except KeyError:
        raise CommandsimError(f"unknown game '{name}': expected one of {', '.join(GAMES)}") from None


def handler(name: str, command: str):
    """The game's handler of CLI ``command`` (e.g. "sweep", "cards_list"), or None when cli.py's own
    command plays this game. A game with handlers that lacks this one cannot run the command."""
    game = get(name)
    if game.commands is None:
        return None
    fn = getattr(importlib.import_module(game.commands), command, None)
    if fn is None:
        raise CommandsimError(f"'{command.replace('_', ' ')}' is not available for --game {name} yet")
    return fn


def listing() -> list[tuple[str, str, str, str, str]]:
    """(name, title, modes, decks, variants) of every game, for ``commandsim games``."""
    return [(g.name, g.title, ", ".join(g.modes), ", ".join(g.decks), ", ".join(g.variants)) for g in GAMES.values()]
