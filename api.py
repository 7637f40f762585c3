"""The notebook API: every command of ``commandsim`` as one function, for every game.

::

    import api

    result = api.sweep()                                   # commandsim sweep
    result.aggregate                                       # the table commandsim sweep writes to out/sweep.csv
    api.sweep("star-realms", games=4000, decks="alliance,standard")   # commandsim sweep --game star-realms ...
    api.compare(cards_b="examples/cards/railgun4.toml").table         # commandsim compare --cards-b ...
    print(api.replay(seed=12345))                          # commandsim replay --seed 12345

Each function takes the game (``game=``, or first by position; default ``last-command``) and exactly the
options the command takes for that game, by name: a flag's name with its dashes as underscores
(``--max-turns`` is ``max_turns``, ``--decks`` of Star Realms ``decks``, The Last Command's ``--fog``
``fog``), with the command's defaults and ranges, because both read them from the command line's own
definitions (``cli.py``) and play through the same code (``commands``). A comma list may also be a
sequence (``factions=["sunder", "federation"]``), a path a ``str`` or ``pathlib.Path``; ``None`` means
the default. ``options(command, game)`` lists them. The options that only say where to write or what to
print (``--out``, ``--per-game``, ``--patch``, ``--quiet``, ``--json``) are not taken: a function returns
what the command writes. One output is taken: ``sweep(per_round=PATH)`` streams the per-round track (a row per
game and round, too long to hand back) to PATH as ``--per-round`` does, checked as the command checks it. An unknown name, a value of the wrong type or out of the command's range raises
``simcore.errors.ArgumentError`` (a ``CommandsimError``) naming the argument, before any game is played;
every other refusal is the command's own ``CommandsimError``, with its flags written as argument names.

Ctrl-C (SIGINT) stops a call as it stops a command: ``KeyboardInterrupt`` reaches the caller within a
second, the engine blocks not yet begun are dropped and a Dask cluster the call started is shut down.
An engine call already running cannot be stopped from Python: a sweep's block ends by itself within a
second or so, a single search game (``replay(strategy="search:100000")``) plays on in the background to
its end. Nothing here prints, nor writes a file but the per-round track a sweep is given a path for.

In the tables returned, a value a row does not have (``difficulty`` of a duel) is missing (``pd.NA``), as
pandas reads the CSV file the command writes.
"""
from __future__ import annotations

import contextlib
import dataclasses
import difflib
import numbers
import os
import re
import signal
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click
import pandas as pd

import cli
from reports.commands import advise as _advise
from reports.commands import compare as _compare
from reports.commands import impact as _impact
from reports.commands import ladder as _ladder
from reports.commands import metagame as _metagame
from reports.commands import replay as _replay
from reports.commands import report as _report
from reports.commands import sweep as _sweep
from reports.commands import tournament as _tournament
from reports.commands import tune as _tune
from simcore import trial
from simcore.errors import ArgumentError, CommandsimError
from simcore.game import Game, OptionError, hooks
from simcore.games import registry
from simcore.interrupts import raise_if_interrupted, signals_as_interrupts

__all__ = ["sweep", "compare", "tournament", "metagame", "ladder", "tune", "advise", "impact", "replay", "report",
           "games", "cards", "audit", "strategies", "options", "DEFAULT_GAME"]

DEFAULT_GAME = registry.DEFAULT_GAME

# options that say where a command writes or what it prints: a function returns the result instead
NOT_TAKEN = {
    "out_path": "the function returns the tables instead of writing them (reports.files.write_table writes one)",
    "out_dir": "the function returns the report (reports.html_report.write_report writes it)",
    "per_game_path": "per-game records are written by 'commandsim sweep --per-game'",
    "patch_path": "the advice's patch attribute holds the card patch as TOML text",
    "quiet": "the functions print nothing",
    "as_json": "the replay's json_lines() gives the game as JSON Lines",
    "fmt": "the function returns a table",
}


# ---- the functions

def sweep(game: str = DEFAULT_GAME, *args, **options):
    """``commandsim sweep``: the game's cells on common seeds, each seed in both seat orders.

    Returns ``reports.sweep.SweepResult``: ``aggregate`` (the sweep CSV: per cell and side, rows for seat
    first, second and both with games, wins, losses, draws, win rate and its 95% Wilson interval),
    ``cards`` (the per-card table), ``cells`` (games and interval half-width per cell) and the shape of the
    games (docs/shape.md): ``shape``, ``tempo``, ``decisive`` and ``plays``. ``per_round=PATH`` streams each
    game's lead after each round to PATH, as ``--per-round`` does (``track_rows`` rows; ``past_track``: the
    games longer than the track's 64 rounds)."""
    return _run("sweep", game, options, args)


def compare(game: str = DEFAULT_GAME, *args, **options):
    """``commandsim compare``: settings A and B of one side on the same seeds, with a verdict (no setting
    option: the game's headline question).

    Returns ``reports.compare.Comparison`` (``table``: the compare CSV's rows, with ``verdict`` and
    ``verdict_text``; ``pairs``: per seed; ``moved``: every measure A and B moved, paired, Holm-corrected, the
    ``<stem>_moved`` file); with ``until_verdict=True`` the sequential comparison (its ``comparison`` and
    ``looks``)."""
    return _run("compare", game, options, args)


def tournament(game: str = DEFAULT_GAME, *args, **options):
    """``commandsim tournament``: every pair of entries on the same seeds.

    Returns ``reports.tournament.Tournament``: ``matrix`` and ``ratings`` (the two CSV files: each pair's
    score with its interval; Bradley-Terry ratings on the Elo scale), ``cycles``."""
    return _run("tournament", game, options, args)


def metagame(game: str = DEFAULT_GAME, *args, **options):
    """``commandsim metagame``: every entry of one side against every entry of the other on the same seeds, the
    zero-sum game of the first side's score solved, and the symmetric metagame of side and strategy.

    Returns ``reports.metagame.Metagame``: ``matrix``, ``mixes`` and ``value`` (the three CSV files: every cell
    with its score interval; each side's equilibrium mix with intervals, support and alpha-Rank mass; the value
    at equilibrium with its interval and verdict, the pure bounds and the exploitability), ``cycles``, and
    ``looks`` with ``until_verdict=True``."""
    return _run("metagame", game, options, args)


def ladder(game: str = DEFAULT_GAME, *args, **options):
    """``commandsim ladder``: each rung against the rung below; with ``finding=``, the finding at each rung.

    Returns the ladder CSV as a DataFrame."""
    return _run("ladder", game, options, args)


def tune(game: str = DEFAULT_GAME, *args, **options):
    """``commandsim tune``: a strategy's parameters searched against a pool of opponents.

    Returns ``strategies.tuning.tuner.Result``: ``vector`` and ``changed`` (the tuned parameters), ``final``
    and ``baseline`` (the final check on fresh seeds), ``generations``. ``commandsim tune`` writes the same
    strategy as a .toml file."""
    return _run("tune", game, options, args)


def advise(game: str = DEFAULT_GAME, *args, **options):
    """``commandsim advise``: the smallest card edits that bring a win rate into a band.

    Returns ``reports.advisor.advise.Advice``: ``table`` (the advice CSV), ``patch`` (the card patch, TOML
    text), ``proposal`` and its checks ``fixed`` and ``retuned``."""
    return _run("advise", game, options, args)


def impact(game: str = DEFAULT_GAME, *args, **options):
    """``commandsim impact``: each card's worth to the side that may take it, by restricted play.

    Returns ``reports.impact.Impact``: ``table`` (the impact CSV), ``diffs`` (per seed)."""
    return _run("impact", game, options, args)


def replay(game: str = DEFAULT_GAME, *args, **options):
    """``commandsim replay``: one game turn by turn (``seed=`` is required, as ``--seed``).

    Returns ``simcore.game.Replay``: ``result`` (winner, turns), ``text_lines()`` (``str()`` joins them:
    what the command prints) and ``json_lines()`` (what ``--json`` prints)."""
    return _run("replay", game, options, args)


def report(*results, **options):
    """``commandsim report RESULTS...``: the report of files the other commands wrote (``title=``).

    Returns ``reports.html_report.Report``: ``html()`` (the page), ``images`` (PNG bytes by file name),
    ``notes``, ``sections``; ``reports.html_report.write_report(report, folder)`` writes them as the command
    does."""
    if "results" in options:   # the command's argument, by its name too
        if results:
            raise ArgumentError("results", "results: given by position and by name: give one of them")
        results = (options.pop("results"),)
    if len(results) == 1 and not isinstance(results[0], (str, os.PathLike)):
        results = tuple(results[0]) if _sequence(results[0]) else results
    params = _taken(cli.main.commands["report"].params)
    values = _values("report", params, options)
    if not results:
        raise ArgumentError("results", "results: expected one or more files written by the commands, got none")
    paths = tuple(_path("results", r) for r in results)
    with _interruptible():
        built = _api_errors(_report.build, {}, paths, values["title"])
    return built


def games() -> pd.DataFrame:
    """``commandsim games``: the registered games, their modes, sides and variants."""
    return pd.DataFrame(registry.listing(), columns=["game", "title", "modes", "sides", "variants"])


def cards(game: str = DEFAULT_GAME, cards: Any = None) -> pd.DataFrame:
    """``commandsim cards list``: one row per card type (``cards=``: a card file or folder over the shipped
    cards, as ``--cards``)."""
    game_ = _game(game)
    return _listing(game_.cards_listing(_optional_path("cards", cards), "csv"))


def audit(game: str = DEFAULT_GAME, cards: Any = None) -> pd.DataFrame:
    """``commandsim cards audit``: every value the game's sources do not state."""
    game_ = _game(game)
    return _listing(game_.audit_listing(_optional_path("cards", cards), "csv"))


def strategies(game: str = DEFAULT_GAME) -> pd.DataFrame:
    """``commandsim strategies list``: the built-in strategies."""
    return _listing(_game(game).strategy_listing()).rename(columns=str.lower)


def options(command: str, game: str = DEFAULT_GAME) -> pd.DataFrame:
    """The arguments ``command``'s function takes for ``game``: name, default and the command's help."""
    params = _parameters(command, _game(game) if command != "report" else None)
    rows, seen = [], set()
    for name, p in params.items():
        if p.name in NOT_TAKEN:
            continue
        if id(p) in seen:   # a second spelling of the same option (--factions beside --decks)
            rows[-1]["also"] = name
            continue
        seen.add(id(p))
        rows.append({"argument": name, "default": cli.option_default(p),
                     "also": "", "help": p.help or ""})
    return pd.DataFrame(rows, columns=["argument", "default", "also", "help"])


def __getattr__(name: str):
    """A command a game adds (``solo``: The Last Command's ``sweep --mode solo``) as a function too."""
    for game_name in registry.names():
        for alias in hooks(registry.get(game_name)).aliases:
            if alias.name == name:
                def command(*args, **options):
                    if args and isinstance(args[0], str):   # the game, by position
                        return _run(name, args[0], options, args[1:])
                    return _run(name, game_name, options, args)
                command.__name__ = command.__qualname__ = name
                command.__doc__ = f"``commandsim {name}``: {alias.help.strip().splitlines()[0]}"
                return command
    raise AttributeError(f"module 'api' has no attribute {name!r}")


# ---- one command: its options checked as the command line checks them, then the shared plan played

_PLANS = {"sweep": _sweep.plan, "compare": _compare.plan, "tournament": _tournament.plan, "ladder": _ladder.plan,
          "tune": _tune.plan, "advise": _advise.plan, "impact": _impact.plan, "replay": _replay.plan,
          "metagame": _metagame.plan}


def _run(command: str, game: Any, given: dict, args: tuple = ()):
    if args:
        raise ArgumentError("args", f"{command}: takes the game, then options by name (games=20000), got "
                                f"{len(args) + 1} values by position")
    game_ = _game(game)
    cmd = cli.main.commands.get(command)
    if getattr(cmd, "fixed_game", None) not in (None, game_.info.name):
        raise ArgumentError("game", f"game: {command} is a command of {cmd.fixed_game}, got {game_.info.name}")
    base, fixed = _base(command, game_)
    params = _parameters(command, game_)
    values = _values(command, params, given, game_.info.name)
    if trial.active():   # COMMANDSIM_TRIAL: the sizes the command line would play
        warnings.warn(trial.NOTICE, RuntimeWarning, stacklevel=3)
        cli.trial_sized(params.values(), values)
    values.update(fixed)
    scheduler = values.pop("scheduler", None)
    own = game_.options(base)
    extras = {o.dest: values.pop(o.dest) for o in own if o.dest in values}
    if extras or own:
        values["extras"] = extras
    flags = {flag: name for name, p in params.items() for flag in p.opts}
    with _interruptible():
        plan = _api_errors(_PLANS[base], flags, game_, **values)
        if base == "sweep" and plan.per_round is not None:
            _api_errors(_check_track_file, flags, game_, values)
        return _api_errors(_play, flags, base, plan, scheduler, values.get("threads"))


def _check_track_file(game, values: dict) -> None:
    """A sweep's per-round track file, checked as ``commandsim sweep`` checks its outputs (``check_targets``):
    a table's suffix, a folder that can be written, never a file the sweep reads."""
    from reports.files import Target, check_targets
    check_targets([Target("--per-round", values["per_round_path"], cli.PER_ROUND_TABLE)],
                  cli.sweep_sources(game, values.get("cards_path"), values.get("strategy"),
                                    values.get("opponent_strategy"), values.get("extras")))


def _play_sweep(plan, runner):
    """A sweep; with a per-round path its track is streamed there and the file written when the sweep is done
    (all or nothing, as the command writes it)."""
    if plan.per_round is None:
        return plan.play(_progress, runner)
    from reports.files import TableStream, write_tables
    with TableStream(plan.per_round) as track:
        result = plan.play(_progress, runner, per_round=track.append)
        write_tables({}, streams=[track])
    return result


def _play(command: str, plan, scheduler: str | None, threads: int | None):
    if command == "replay":
        return plan.play()
    if command in ("tournament", "ladder"):
        return plan.play(_progress)
    from simcore.cluster import connect, scheduler_address
    # a worker removed for its silence: a warning (a notebook shows it; nothing is printed)
    runner = connect(scheduler_address(scheduler), threads,
                     on_notice=lambda text: warnings.warn(text, RuntimeWarning, stacklevel=3))
    try:
        if command == "tune":
            return plan.play(lambda generation: raise_if_interrupted(), runner)
        if command == "advise":
            return plan.play(lambda stage, done, total: raise_if_interrupted(), runner)
        result = _play_sweep(plan, runner) if command == "sweep" else plan.play(_progress, runner)
    finally:
        runner.close()
    if command == "sweep":   # the shape tables and the track's counts as played
        return dataclasses.replace(result, aggregate=_missing_as_na(result.aggregate),
                                   cells=_missing_as_na(result.cells))
    return result


def _progress(done: int, total: int) -> None:
    raise_if_interrupted()   # between engine calls: a signal whose exception was lost stops here


@contextlib.contextmanager
def _interruptible() -> Iterator[None]:
    """Ctrl-C raises ``KeyboardInterrupt`` at once, engine calls running where it can leave them
    (``simcore.interrupts``). Only SIGINT: a notebook's kernel must still end on SIGTERM."""
    with signals_as_interrupts((signal.SIGINT,)):
        yield


def _api_errors(fn: Callable, flags: dict[str, str], *args, **kw):
    """``fn(*args, **kw)``, its errors naming arguments instead of the command line's flags."""
    try:
        return fn(*args, **kw)
    except OptionError as exc:
        names = " / ".join(_argument(flags, o) for o in exc.option.split(" / "))
        text = str(exc)
        if text.startswith(f"{exc.option} "):
            text = text[len(exc.option) + 1:]
        raise ArgumentError(names, f"{names}: {_flags_named(flags, text)}") from None
    except CommandsimError as exc:
        if type(exc).__str__ is Exception.__str__ and len(exc.args) == 1 and isinstance(exc.args[0], str):
            exc.args = (_flags_named(flags, exc.args[0]),)
        raise


def _argument(flags: dict[str, str], flag: str) -> str:
    return flags.get(flag, flag[2:].replace("-", "_") if flag.startswith("--") else flag)


def _flags_named(flags: dict[str, str], text: str) -> str:
    return re.sub(r"'?(--[a-z][a-z0-9-]*)'?", lambda m: _argument(flags, m.group(1)) if m.group(1) in flags
                  else m.group(0), text)


def _game(game: Any):
    if not isinstance(game, str):
        if isinstance(game, Game):   # a registered game's object
            return game
        raise ArgumentError("game", f"game: expected a game's name ({', '.join(registry.names())}), got "
                                    f"{type(game).__name__} {game!r}")
    try:
        return registry.get(game)
    except CommandsimError as exc:
        raise ArgumentError("game", f"game: {exc}") from None


def _base(command: str, game) -> tuple[str, dict]:
    """The shared command a game's own command stands for, and the options it sets (``Game.aliases``): those it
    fixes, and those it omits at the value the command takes when they are not given."""
    for alias in hooks(game).aliases:
        if alias.name == command:
            omitted = {p.name: cli.option_default(p) for p in cli.main.commands[alias.command].build(game)
                       if p.name in alias.omit}
            return alias.command, {**omitted, **alias.fixed}
    return command, {}


def _parameters(command: str, game) -> dict[str, click.Option]:
    """Argument name -> the command's click option, for ``game``: every long flag, dashes as underscores."""
    cmd = cli.main.commands.get(command)
    if command not in (*_PLANS, "report") and getattr(cmd, "fixed_game", None) is None:
        raise ArgumentError("command", f"command: expected one of {', '.join([*_PLANS, 'report'])}, got {command!r}")
    return _taken(cmd.params if game is None else cmd.build(game))


def _taken(params) -> dict[str, click.Option]:
    out = {}
    for p in params:
        if isinstance(p, click.Option):
            for flag in p.opts:
                if flag.startswith("--"):
                    out[flag[2:].replace("-", "_")] = p
    return out


def _values(command: str, params: dict[str, click.Option], given: dict, game: str = "") -> dict:
    """The command's parameters (click's names) as the command line would receive them: ``given`` checked
    and converted by each option's own type, range and check, the rest at their defaults."""
    ctx = click.Context(cli.main.commands[command], resilient_parsing=True)   # no notes printed
    values: dict = {}
    by: dict = {}
    for name, value in given.items():
        p = params.get(name)
        if p is None:
            raise ArgumentError(name, _unknown(command, game, name, params))
        if p.name in NOT_TAKEN:
            raise ArgumentError(name, f"{name}: not taken: {NOT_TAKEN[p.name]}")
        if p.name in by and value is not None:
            raise ArgumentError(name, f"{name}: the same option as {by[p.name]}: give one of them")
        if value is None:
            continue
        by[p.name] = name
        values[p.name] = _converted(ctx, name, p, value)
    for name, p in params.items():
        if p.name in values or p.name in NOT_TAKEN:
            continue
        if p.required:
            raise ArgumentError(name, f"{name}: required ({p.help or 'no default'})")
        values[p.name] = cli.option_default(p)
    return values


def _unknown(command: str, game: str, name: str, params: dict) -> str:
    taken = sorted(n for n, p in params.items() if p.name not in NOT_TAKEN)
    close = difflib.get_close_matches(name, taken, n=3)
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    where = f" for {game}" if game else ""
    return f"{name}: not an option of {command}{where}{hint}; its options: {', '.join(taken)}"


def _sequence(value) -> bool:
    return isinstance(value, (list, tuple)) or (hasattr(value, "__iter__") and not isinstance(value, (str, bytes,
                                                                                                      os.PathLike,
                                                                                                      dict)))


def _converted(ctx: click.Context, name: str, p: click.Option, value):
    t = p.type
    if p.is_flag:
        if not isinstance(value, bool):
            raise ArgumentError(name, f"{name}: expected True or False, got {_shown(value)}")
    elif p.multiple:
        items = [value] if isinstance(value, (str, os.PathLike)) or not _sequence(value) else list(value)
        value = tuple(_one(name, t, x, p) for x in items)
    else:
        value = _one(name, t, value, p)
    try:
        return p.process_value(ctx, value)
    except click.BadParameter as exc:
        raise ArgumentError(name, f"{name}: {exc.message}") from None
    except click.ClickException as exc:
        message = re.sub(r"^Invalid value for '[^']*': ", "", exc.format_message())
        raise ArgumentError(name, f"{name}: {message}") from None


def _one(name: str, t: click.ParamType, value, p: click.Option):
    """One value in the Python type the command's option converts from (its text on the command line)."""
    if isinstance(t, click.types.IntParamType):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise ArgumentError(name, f"{name}: expected an integer, got {_shown(value)}")
        return int(value)
    if isinstance(t, click.types.FloatParamType):
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise ArgumentError(name, f"{name}: expected a number, got {_shown(value)}")
        try:
            return float(value)
        except OverflowError:
            raise ArgumentError(name, f"{name}: {_shown(value)} is too large for a number") from None
    if isinstance(t, click.Path):
        return _path(name, value)
    if not isinstance(t, (click.types.StringParamType, click.Choice)) and isinstance(value, numbers.Integral) \
            and not isinstance(value, bool):
        return str(value)   # an option of a type of our own (a count read from text): its own checks apply
    if isinstance(value, str):
        if "\x00" in value:
            raise ArgumentError(name, f"{name}: expected text without NUL characters, got {value!r}")
        return value
    if _sequence(value) and _is_list(p):
        items = list(value)
        if not items or not all(isinstance(x, str) for x in items):
            raise ArgumentError(name, f"{name}: expected a comma list or a sequence of names, got {_shown(value)}")
        return ",".join(_one(name, t, x, p) for x in items)
    raise ArgumentError(name, f"{name}: expected text, got {_shown(value)}")


def _is_list(p: click.Option) -> bool:
    return bool(p.metavar) and ("LIST" in p.metavar or "," in p.metavar)


def _path(name: str, value) -> Path:
    if not isinstance(value, (str, os.PathLike)) or isinstance(value, bytes):
        raise ArgumentError(name, f"{name}: expected a path (str or pathlib.Path), got {_shown(value)}")
    text = os.fspath(value)
    if not isinstance(text, str) or not text or "\x00" in text:
        raise ArgumentError(name, f"{name}: expected a path, got {value!r}")
    return Path(text)


def _optional_path(name: str, value) -> Path | None:
    return None if value is None else _path(name, value)


def _shown(value) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 60 else text[:57] + '...'}"


def _listing(listing) -> pd.DataFrame:
    return pd.DataFrame([["" if v is None else v for v in row] for row in listing.rows], columns=list(listing.header))


def _missing_as_na(table: pd.DataFrame, columns=("difficulty",)) -> pd.DataFrame:
    table = table.copy()
    for column in columns:
        if column in table:
            table[column] = table[column].astype(object).where(table[column].astype(str) != "", pd.NA)
    return table
