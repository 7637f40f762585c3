"""The games commandsim plays: one ``register(...)`` line each, naming the module that implements the game
contract (``simcore.game.Game``, as that module's ``GAME``).

Nothing of a game's engine is imported until it is played: a contract module holds no jitted code at
module level, so reading a game's ``GameInfo`` (``commandsim games``, ``--help``) compiles nothing.
Adding a game is a new folder under ``simcore/games/`` plus one line below; a game that lives elsewhere
(the tiny game of the tests) registers its module at run time with the same call. Work sent to a
cluster's workers names a game by its module (``Game.module``), so a worker finds a game registered
only in the process that sent it.
"""
from __future__ import annotations

import importlib

from simcore.advice import CardSet
from simcore.errors import CommandsimError
from simcore.findings_sides import Sides
from simcore.game import Game, hooks, missing_members
from simcore.names import unknown
from simcore.tuning_space import TuneSpace

DEFAULT_GAME = "last-command"

GAMES: dict[str, str] = {}          # name -> contract module


def register(name: str, module: str) -> None:
    """Register game ``name``, whose contract is ``module``'s ``GAME``."""
    if not name or name != name.strip().lower() or " " in name:
        raise ValueError(f"a game's name is lower-case with no spaces, got {name!r}")
    GAMES[name] = module


register("last-command", "simcore.games.last_command.contract")
register("star-realms", "simcore.games.star_realms.contract")
register("skirmish", "simcore.games.skirmish.contract")


def load(module: str) -> Game:
    """The game whose contract is ``module`` (a worker's way to a game: by module, not by name)."""
    game = importlib.import_module(module).GAME
    if not isinstance(game, Game):
        raise CommandsimError(f"{module}: its GAME does not implement the game contract (simcore.game.Game): "
                              f"missing {', '.join(missing_members(game))}")
    game.module = module
    return game


def names() -> list[str]:
    return list(GAMES)


def get(name: str) -> Game:
    """The registered game ``name``; ``CommandsimError`` listing the games for any other name."""
    key = str(name).strip().lower()
    if key not in GAMES:
        if not str(name).strip():
            raise CommandsimError(f"a game name is needed, got '': expected one of {', '.join(GAMES)}")
        raise CommandsimError(unknown("game", name, list(GAMES)))
    return load(GAMES[key])


def games() -> list[Game]:
    return [get(name) for name in GAMES]


def listing() -> list[tuple[str, str, str, str, str]]:
    """(name, title, modes, sides, variants) of every game, for ``commandsim games``."""
    out = []
    for game in games():
        i = game.info
        out.append((i.name, i.title, ", ".join(i.modes), f"{i.side.many}: {', '.join(i.sides)}",
                    f"{i.variant.many}: {', '.join(i.variants)}"))
    return out


def _not_available(name: str, what: str) -> CommandsimError:
    return CommandsimError(f"'{what}' is not available for --game {name}")


def notes(name: str) -> list[str]:
    """The rules a game chose where its sources leave a question open (``commandsim games``)."""
    return hooks(get(name)).rule_choices()


def has_tuning(name: str) -> bool:
    """Whether game ``name`` has a strategy tuner (its ``tuning`` hook)."""
    return hooks(get(name)).tuning() is not None


def advisor(name: str, cards_path=None) -> CardSet:
    """The balance advisor's ``CardSet`` of game ``name`` with its ``--cards`` merged in."""
    card_set = hooks(get(name)).advisor(cards_path)
    if card_set is None:
        raise _not_available(name, "advise")
    return card_set


def tuning(name: str, what: str = "tune") -> TuneSpace:
    """The tuner's ``simcore.tuning_space.TuneSpace`` of game ``name`` (``commandsim tune --game``); ``what``:
    the command that needs it, named when the game has none."""
    space = hooks(get(name)).tuning()
    if space is None:
        raise _not_available(name, what)
    return space


def sides(name: str) -> Sides:
    """The sides of game ``name``'s designer findings (``simcore.findings_sides.Sides``: ``ladder --finding``),
    which play its tuner's strategies."""
    tuning(name, "ladder")
    found = hooks(get(name)).finding_sides()
    if found is None:
        raise _not_available(name, "ladder")
    return found
