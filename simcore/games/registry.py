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

from simcore.errors import CommandsimError
from simcore.game import Game
from simcore.names import unknown

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


def hook(name: str, which: str, what: str):
    """Game ``name``'s optional hook ``which`` (a method of its contract), or ``CommandsimError`` saying
    that ``what`` is not available for it."""
    game = get(name)
    fn = getattr(game, which, None)
    if fn is None:
        raise CommandsimError(f"'{what}' is not available for --game {name}")
    return fn


def notes(name: str) -> list[str]:
    """The rules a game chose where its sources leave a question open (``commandsim games``)."""
    fn = getattr(get(name), "rule_choices", None)
    return fn() if fn is not None else []


def advisor(name: str, cards_path=None):
    """The balance advisor's ``CardSet`` of game ``name`` with its ``--cards`` merged in."""
    return hook(name, "advisor", "advise")(cards_path)


def tuning(name: str):
    """The tuner's ``simcore.tuning_space.TuneSpace`` of game ``name`` (``commandsim tune --game``)."""
    return hook(name, "tuning", "tune")()


def sides(name: str):
    """The sides of game ``name``'s designer findings (``reports.skill_finding.Sides``: ``ladder --finding``)."""
    hook(name, "tuning", "ladder")
    return hook(name, "finding_sides", "ladder")()
