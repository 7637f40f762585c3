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
    notes: str | None = None        # "module:function": the rules the game chose where its sources are silent
    advisor: str | None = None      # "module:function": --cards path -> the balance advisor's CardSet
    tuning: str | None = None       # "module:function": -> the tuner's TuneSpace (parameters, paired head-to-head)
    # the skill ladder (``commandsim ladder``): its default rungs, weakest first (strategy names; a rung whose
    # name does not resolve yet, e.g. a search budget before its game has a search player, is left out of a
    # default ladder with a note), and the game's sides for the designer's findings ("module:function" ->
    # ``reports.skill_finding.Sides``). The search rungs search the tuned strategy, so that each rung
    # adds to the one below (a search of balanced did not beat tuned in Star Realms: 47.3% [44.2, 50.4])
    rungs: tuple[str, ...] = ("random", "balanced", "tuned", "search:100:tuned", "search:1000:tuned")
    sides: str | None = None

    def function(self, which: str):
        module, _, name = getattr(self, which).partition(":")
        return getattr(importlib.import_module(module), name)


GAMES: dict[str, Game] = {}


def register(game: Game) -> None:
    GAMES[game.name] = game


register(Game("last-command", "The Last Command", ("duel", "solo"), ("federation", "sunder"),
              ("standard", "asymmetrical"), "simcore.games.last_command.simulate:play_games",
              "simcore.games.last_command.simulate:replay_game",
              advisor="reports.advisor.card_set:last_command_cards", tuning="strategies.tuning.spaces:last_command",
              sides="simcore.games.last_command.skill:sides"))
register(Game("star-realms", "Star Realms (Core Set, Alliance Command Deck)",
              ("standard", "command-vs-standard", "commander-duel", "two-against-one"), ("standard", "alliance", "hydra"),
              ("core",), "simcore.games.star_realms.simulate:play_games",
              "simcore.games.star_realms.simulate:replay_game", "simcore.games.star_realms.commands",
              notes="simcore.games.star_realms.rule_notes:chosen_rules",
              advisor="simcore.games.star_realms.advisor:star_realms_cards",
              tuning="strategies.tuning.spaces:star_realms", sides="simcore.games.star_realms.skill:sides"))
register(Game("skirmish", "Skirmish command resolution (seed 003: Command Points, one response window)", ("battle",),
              ("line", "elite", "raiders"), ("full", "no-covering-fire", "no-responses", "covering-fire-2cp"),
              "simcore.games.skirmish.simulate:play_games", "simcore.games.skirmish.simulate:replay_game",
              "simcore.games.skirmish.commands", advisor="simcore.games.skirmish.advisor:skirmish_cards",
              tuning="strategies.tuning.spaces:skirmish",
              rungs=("random", "reserve", "spender", "tuned", "search:100:tuned", "search:1000:tuned"),
              sides="simcore.games.skirmish.skill:sides"))


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


def all_modes() -> list[str]:
    """Every game's modes, the default game's first (``--mode`` choices; a game refuses the others')."""
    return list(dict.fromkeys(m for g in GAMES.values() for m in g.modes))


def check_mode(name: str, mode: str) -> None:
    game = get(name)
    if mode not in game.modes:
        raise CommandsimError(f"--mode {mode} is not a mode of --game {name}: expected one of {', '.join(game.modes)}")


def notes(name: str) -> list[str]:
    """The rules a game chose where its sources leave a question open (``commandsim games``)."""
    game = get(name)
    return game.function("notes")() if game.notes else []


def advisor(name: str, cards_path=None):
    """The balance advisor's ``CardSet`` of game ``name`` with its ``--cards`` merged in."""
    game = get(name)
    if game.advisor is None:
        raise CommandsimError(f"'advise' is not available for --game {name} yet")
    return game.function("advisor")(cards_path)


def tuning(name: str):
    """The tuner's ``strategies.tuning.spaces.TuneSpace`` of game ``name`` (``commandsim tune --game``)."""
    game = get(name)
    if game.tuning is None:
        raise CommandsimError(f"'tune' is not available for --game {name} yet")
    return game.function("tuning")()


def sides(name: str):
    """The sides of game ``name``'s designer findings (``reports.skill_finding.Sides``: ``ladder --finding``)."""
    game = get(name)
    if game.sides is None or game.tuning is None:
        raise CommandsimError(f"'ladder' is not available for --game {name} yet")
    return game.function("sides")()


def listing() -> list[tuple[str, str, str, str, str]]:
    """(name, title, modes, decks, variants) of every game, for ``commandsim games``."""
    return [(g.name, g.title, ", ".join(g.modes), ", ".join(g.decks), ", ".join(g.variants)) for g in GAMES.values()]
