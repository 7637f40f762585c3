"""The notebook API refuses what the command would refuse (issue 46): every function takes exactly its
command's options by name, with the command's ranges, in every game, and refuses anything else with a
``CommandsimError`` naming the argument, before any game is played, never a ``TypeError``,
``OverflowError`` or ``ValueError``.

The table of bad arguments is built from the commands' own option definitions (``cli.py``): for every
option of every function in every game (the tiny race too), values of the wrong type and values just
outside its range, plus the cases the issue reported by hand."""
from __future__ import annotations

import math

import click
import pytest

import api
import cli
from simcore.errors import ArgumentError, CommandsimError
from simcore.games import registry
from tests.conftest import every_game_name, registered_game

GAMES = every_game_name()
FUNCTIONS = ("sweep", "compare", "tournament", "metagame", "ladder", "tune", "advise", "impact", "replay")
REQUIRED = {"replay": {"seed": 1}}   # given beside the argument tested, so that the error is that argument's

game = pytest.fixture(params=GAMES)(registered_game)


def bad_values(p: click.Option) -> list:
    """Values of ``p``'s option that the command line could not have given it, or would refuse."""
    t = p.type
    if p.is_flag:
        return [1, "yes", 0.0]
    if p.multiple:
        return [3, [3], [b"cards.toml"], [""]]
    if isinstance(t, click.types.IntParamType):
        out = [1.5, "20", True, [20], float("nan"), 2 ** 64]
        if getattr(t, "max", None) is not None:
            out.append(t.max + 1)
        if getattr(t, "min", None) is not None:
            out.append(t.min - 1)
        return out
    if isinstance(t, click.types.FloatParamType):
        out = ["0.1", float("nan"), math.inf, -math.inf, True, 10 ** 400]
        if getattr(t, "max", None) is not None:
            out.append(t.max + 1)
        if getattr(t, "min", None) is not None:
            out.append(t.min - 1)
        return out
    if isinstance(t, click.Path):
        return [3, b"cards.toml", "", "a\x00b"]
    if isinstance(t, click.Choice):
        return ["no-such-choice", 3]
    out = [3, 1.5, True, b"text", {"a": 1}, "a\x00b"]
    if p.metavar and ("LIST" in p.metavar or "," in p.metavar):
        out += ["", ",", [], [3]]
    return out


def options_of(function: str, game_name: str) -> dict[str, click.Option]:
    params = {}
    for p in cli.main.commands[function].build(registry.get(game_name)):
        if isinstance(p, click.Option) and p.name not in api.NOT_TAKEN:
            for flag in p.opts:
                if flag.startswith("--"):
                    params[flag[2:].replace("-", "_")] = p
    return params


def refused(function, game_name: str, **kwargs) -> CommandsimError:
    try:
        getattr(api, function)(game_name, **{**REQUIRED.get(function, {}), **kwargs})
    except CommandsimError as exc:
        return exc
    except Exception as exc:   # noqa: BLE001  (what the issue found: TypeError, OverflowError, ValueError)
        raise AssertionError(f"api.{function}({game_name!r}, {kwargs!r}) raised {type(exc).__name__}: {exc}") from None
    raise AssertionError(f"api.{function}({game_name!r}, {kwargs!r}) was accepted")


@pytest.mark.parametrize("function", FUNCTIONS)
def test_api_refuses_every_bad_value_of_every_option_naming_it(game, function):
    params = options_of(function, game.info.name)
    assert params, function
    cases = 0
    for name, p in params.items():
        for value in bad_values(p):
            exc = refused(function, game.info.name, **{name: value})
            assert str(exc).startswith(f"{name}: "), (name, value, str(exc))
            assert not isinstance(exc, ArgumentError) or exc.argument == name, (name, value, str(exc))
            assert "\n" not in str(exc)
            cases += 1
    assert cases >= 4 * len(params)


@pytest.mark.parametrize("function", FUNCTIONS)
def test_api_refuses_a_name_its_command_does_not_take(game, function):
    exc = refused(function, game.info.name, no_such_option=1)
    assert isinstance(exc, ArgumentError) and str(exc).startswith(f"no_such_option: not an option of {function} "
                                                                  f"for {game.info.name}; its options: ")
    for name in ("out", "quiet", "json"):   # where the command writes or what it prints: a function returns it
        taken = any(p.name in api.NOT_TAKEN for p in cli.main.commands[function].build(game) if f"--{name}" in p.opts)
        assert str(refused(function, game.info.name, **{name: "x"})).startswith(
            f"{name}: not taken: " if taken else f"{name}: not an option of {function}")
    exc = refused(function, game.info.name, sides="a,b")   # click's name of the option, not a flag: not taken
    assert str(exc).startswith("sides: not an option of")
    with pytest.raises(ArgumentError, match=f"^{function}: takes the game, then options by name"):
        getattr(api, function)(game.info.name, 20)


def test_api_every_count_has_the_commands_upper_bound():
    """Every integer option of every function is bounded above (what the engine and memory can honour), so a
    huge count is refused before anything is played."""
    for function in FUNCTIONS:
        for game_name in registry.names():
            for name, p in options_of(function, game_name).items():
                if isinstance(p.type, click.types.IntParamType):
                    assert getattr(p.type, "max", None) is not None, (function, game_name, name)


def test_api_refuses_another_games_options_by_their_names():
    assert str(refused("sweep", "last-command", decks="alliance,standard")).startswith(
        "decks: not an option of sweep for last-command; its options: ")
    assert str(refused("sweep", "star-realms", difficulties="easy")).startswith("difficulties: not an option of sweep")
    assert "(did you mean cards_b, cards?)" in str(refused("compare", "last-command", cards_B="x.toml"))
    assert str(refused("sweep", "star-realms", decks="standard,alliance", factions="standard,alliance")) == \
        "factions: the same option as decks: give one of them"


def test_api_the_issues_own_reproductions_are_refused_naming_the_argument(game):
    game_name = game.info.name
    cases = [("sweep", {"games": 10 ** 12}, "games: 1000000000000 is not in the range x<=1000000000."),
             ("sweep", {"max_turns": 0}, "max_turns: 0 is not in the range 1<=x<="),
             ("sweep", {"seed": 1.5}, "seed: expected an integer, got float 1.5"),
             ("sweep", {"seed": -1}, "seed: -1 is not in the range 0<=x<="),
             ("sweep", {"games": 3}, "games: games per cell must be an even number"),
             ("sweep", {"max_games": 100}, "max_games: a games cap applies only with target_ci"),
             ("sweep", {"scheduler": "local:0"}, "scheduler: --scheduler local:N takes a number of worker"),
             ("compare", {"games": 3}, "games: expected an even number >= 2"),
             ("compare", {"band": float("nan")}, "band: nan is not a finite number"),
             ("replay", {"seed": -1}, "seed: -1 is not in the range 0<=x<="),
             ("replay", {"seed": 2 ** 63}, "seed: 9223372036854775808 is not in the range"),
             ("replay", {"seed": 1, "index": -1}, "index: -1 is not in the range"),
             ("replay", {}, "seed: required"),
             ("impact", {"games": 5}, "games: expected an even number"),
             ("sweep", {"strategy": "no-such-strategy"}, "strategy: unknown ")]
    for function, kwargs, start in cases:
        try:
            getattr(api, function)(game_name, **kwargs)
        except CommandsimError as exc:
            assert str(exc).startswith(start), (function, kwargs, str(exc))
        else:
            raise AssertionError(f"{function} {kwargs} accepted")


def test_api_refuses_a_game_it_does_not_know():
    for game_name, start in (("no-such-game", "game: unknown game 'no-such-game'"), (3, "game: expected a game's name")):
        with pytest.raises(ArgumentError, match=f"^{start}"):
            api.sweep(game_name, games=20)


def test_api_report_refuses_what_report_refuses(tmp_path):
    for args, kwargs, start in (((), {}, "results: expected one or more files"),
                                ((3,), {}, "results: expected a path"),
                                ((tmp_path / "none.csv",), {}, f"{tmp_path / 'none.csv'}: no such results file"),
                                ((tmp_path / "none.csv",), {"title": 3}, "title: expected text, got int 3"),
                                ((tmp_path / "none.csv",), {"out": "x"}, "out: not taken: "),
                                ((tmp_path / "none.csv",), {"titel": "x"}, "titel: not an option of report (did you "
                                                                           "mean title?)")):
        with pytest.raises(CommandsimError) as caught:
            api.report(*args, **kwargs)
        assert str(caught.value).startswith(start), str(caught.value)


def test_api_functions_take_exactly_the_commands_options():
    """The argument names are the commands' flags, dashes as underscores: none missing, none extra."""
    for function in FUNCTIONS:
        for game_name in registry.names():
            table = api.options(function, game_name)
            flags = {f[2:].replace("-", "_") for p in cli.main.commands[function].build(registry.get(game_name))
                     if isinstance(p, click.Option) and p.name not in api.NOT_TAKEN for f in p.opts
                     if f.startswith("--")}
            assert set(table["argument"]) | set(table["also"]) - {""} == flags, (function, game_name)
