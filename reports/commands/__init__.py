"""The commands, once: each module checks one command's options and plays it, for the command line
(``cli.py``) and the notebook API (``api.py``) alike.

A command is two steps. ``plan(game, **options)`` checks every option, loads the cards and works out
what will be played (a ``CommandsimError`` before any game, an ``OptionError`` when it belongs to one
option); the plan's ``play(progress, runner)`` plays it and returns the command's result, the very tables
the command line writes (``estimate()``, where a command has one, its expected time on probe seeds). Nothing
here prints or writes a file: ``cli.py`` prints and writes what a plan returns, ``api.py`` hands it to the
caller. The options arrive as the command line's click parameters give them (``cli.py`` defines their
names, defaults and ranges, once); the plans reach the games only through the contract (``simcore.game``).

The floors: simcore <- games <- strategies / reports (these plans the top of reports: nothing else of the
library imports them, and they import neither cli nor api) <- cli <- api.
"""
from __future__ import annotations

from collections.abc import Callable

from simcore.errors import CommandsimError
from simcore.game import Game, OptionError, hooks

Progress = Callable[[int, int], None]   # (done, total), as the library calls it


def checked(option: str, check: Callable, *args):
    """``check(*args)``, a ``CommandsimError`` turned into an ``OptionError`` of ``option`` (``'--games'``)."""
    try:
        return check(*args)
    except OptionError:
        raise
    except CommandsimError as exc:
        raise OptionError(option, str(exc)) from None


def names(text: str | None) -> tuple[str, ...] | None:
    """A comma list as given (None: not given)."""
    return None if text is None else tuple(text.split(","))


def pair_of(text: str | None, flag: str, one_means_both: bool = False) -> tuple[str, str] | None:
    """Two comma-separated names in seat order (with ``one_means_both``, one name means both seats)."""
    if text is None:
        return None
    items = tuple(x.strip() for x in text.split(","))
    items = items * 2 if len(items) == 1 and one_means_both else items
    if len(items) != 2 or not all(items):
        # the message names its option itself: the command line prints it as it is
        raise OptionError(flag, f"{flag} takes two comma-separated names (first,second), got '{text}'")
    return items


def check_strategies(game: Game, strategy: str, opponent_strategy: str | None, distinct: bool = True) -> None:
    """Both strategies known to ``game``; with ``distinct``, two strategies that would share a display name
    (and so one row of a table) are refused."""
    checked("--strategy", game.check_strategy, strategy)
    if opponent_strategy is not None:
        checked("--opponent-strategy", game.check_strategy, opponent_strategy)
        if distinct:
            checked("--opponent-strategy", _distinct, game, strategy, opponent_strategy)


def _distinct(game: Game, a: str, b: str) -> None:
    """Two strategies given under one display name would merge their games into one row."""
    hooks(game).check_distinct(a, b)
