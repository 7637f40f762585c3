"""The ``commandsim`` command line: a thin click layer over the library, the same for every game.

Each command parses its options, calls one library function and prints what it returns; it names no
game's sides or rules. A command that plays a game takes ``--game NAME`` (``simcore.games.registry``);
its options are the command's own plus the ones that game adds (``Game.options``), so
``commandsim sweep --game star-realms --help`` shows what applies to Star Realms and nothing is offered
only to be refused. A ``CommandsimError`` from the library becomes one line on stderr and exit code 2
(an ``OptionError`` names its option); any other exception is a bug and keeps its traceback.
"""
from __future__ import annotations

import contextlib
import csv
import math
import sys
from collections.abc import Callable
from pathlib import Path

import click

from simcore import limits, trial
from simcore.errors import CommandsimError, OutputFileError
from simcore.user_files import TOML_LIMITS
from simcore.game import Game, OptionError, hooks
from simcore.games import registry
from simcore.interrupts import (exit_code, exit_now_if_stranded, raise_if_interrupted, signals_as_interrupts, stoppable,
                                stopped_text)

__version__ = "0.1.0"   # keep equal to pyproject.toml (a test checks)


class Count(click.IntRange):
    """A ``click.IntRange`` that reads ASCII digits only, through the core's count parser (``simcore.counts``):
    click's own ``int()`` takes '３' (full-width), '٣' and '1_000' as numbers."""

    def convert(self, value, param, ctx):
        from simcore.counts import is_integer_text, spelling_problem
        if isinstance(value, str) and not is_integer_text(value):
            self.fail(spelling_problem(value), param, ctx)
        return super().convert(value, param, ctx)


class Choice(click.Choice):
    """A ``click.Choice`` whose refusal suggests the closest choice (``simcore.names``), as every name does."""

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as exc:
            from simcore.names import did_you_mean
            hint = did_you_mean(str(value), self.choices)
            if not hint:
                raise
            self.fail(f"{exc.message}{hint}", param, ctx)


SEED = Count(0, limits.SEED_MAX)
GAME_INDEX = Count(0, limits.SEED_MAX)
THREADS = Count(1, limits.THREADS_MAX)


class FiniteFloatRange(click.FloatRange):
    """A ``click.FloatRange`` that refuses nan (which passes every comparison) and infinities."""

    name = "float range"

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not value.isascii():   # float() reads '１.５' and '٣' as numbers
            self.fail(f"expected a number in ASCII digits (0-9), got {value!r}", param, ctx)
        rv = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(rv):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return super().convert(rv, param, ctx)


def printable(text: str) -> str:
    """``text`` on one line: a line break or another control character a user typed (a name, a path) is shown
    escaped (``\\r``, ``\\x1e``), so that a message quoting it stays the one line it is meant to be."""
    return "".join(c if c.isprintable() or c == " " else c.encode("unicode_escape").decode("ascii") for c in text)


class OneLineUsageError(click.UsageError):
    """A usage error printed as ``Error: <message>``, one line, like every other error of ours."""

    def show(self, file=None) -> None:
        click.echo(f"Error: {printable(self.format_message())}", file=file, err=file is None)


def one_line(exc: click.UsageError) -> click.UsageError:
    """``exc`` as a ``OneLineUsageError``; the help a bare group prints is kept as it is."""
    if isinstance(exc, (click.exceptions.NoArgsIsHelpError, OneLineUsageError)):
        return exc
    return OneLineUsageError(exc.format_message(), exc.ctx)


class UserError(click.ClickException):
    """Printed as ``Error: <message>`` on stderr, on one line; 2 is the exit code of every user error."""
    exit_code = 2

    def show(self, file=None) -> None:
        click.echo(f"Error: {printable(self.format_message())}", file=file, err=file is None)


def _usage(exc: OptionError) -> click.UsageError:
    """``Invalid value for '--games': ...``; a message that names its option first is printed as it is."""
    if str(exc).startswith(f"{exc.option} "):
        return OneLineUsageError(str(exc))
    hint = " / ".join(f"'{o}'" for o in exc.option.split(" / "))
    return one_line(click.BadParameter(str(exc), param_hint=hint))


class CommandsimGroup(click.Group):
    """A click group that turns library errors into ``UserError`` and usage errors into one line for
    every command below it, and stops on SIGTERM or SIGHUP as on Ctrl-C (exit 128 + the signal)."""

    def make_context(self, info_name, args, parent=None, **extra):
        try:
            return super().make_context(info_name, args, parent, **extra)
        except OptionError as exc:
            raise _usage(exc) from None
        except click.UsageError as exc:
            raise one_line(exc) from None

    def main(self, *args, **kwargs):
        try:
            return super().main(*args, **kwargs)
        except SystemExit as exc:   # a signal that left an engine thread running (a search game, a compile)
            if isinstance(exc.code, int):
                exit_now_if_stranded(exc.code)
            raise

    def invoke(self, ctx: click.Context):
        with signals_as_interrupts():
            try:
                return super().invoke(ctx)
            except OptionError as exc:
                raise _usage(exc) from None
            except CommandsimError as exc:
                raise UserError(str(exc)) from None
            except click.UsageError as exc:
                raise one_line(exc) from None
            except KeyboardInterrupt as exc:   # commands that write say more themselves
                click.echo(f"\n{stopped_text(exc)}.", err=True)
                raise click.exceptions.Exit(exit_code(exc)) from None

    def format_epilog(self, ctx, formatter):
        with formatter.section("Games (--game NAME; see `commandsim games`)"):
            formatter.write_dl([(name, title) for name, title, *_ in registry.listing()])
        super().format_epilog(ctx, formatter)


# ---- commands whose options depend on the game

def _game_named(args) -> str:
    """The ``--game`` value among a command's arguments (the default game when not given)."""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--game" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--game="):
            return arg[len("--game="):]
    return registry.DEFAULT_GAME


class GameCommand(click.Command):
    """A command that plays a game: ``--game NAME`` first, then the options ``build(game)`` gives, the
    command's own and the game's. The game is read from the arguments before they are parsed, so its
    options (and their defaults) are the ones parsed and shown by ``--help``."""

    def __init__(self, name, build, callback, fixed_game: str | None = None, options_of: str | None = None, **kw):
        # options_of: an alias (``solo``) takes the game's options of the command it stands for (``sweep``)
        self.build, self.fixed_game, self.options_of = build, fixed_game, options_of or name
        self._for: str | None = None
        super().__init__(name, params=[], callback=callback, **kw)

    def set_game(self, name: str) -> Game:
        try:
            game = registry.get(self.fixed_game or name)
        except CommandsimError as exc:
            hint = f" (a game of a run by its number: --index {name})" if name.strip().isdigit() else ""
            raise one_line(click.BadParameter(f"{exc}{hint}", param_hint="'--game'")) from None
        if self._for != game.info.name:
            own = [] if self.fixed_game else [click.Option(
                ["--game"], default=registry.DEFAULT_GAME, show_default=True, metavar="NAME",
                help=f"The game: {', '.join(registry.names())} (`commandsim games`); --help with it shows that "
                     f"game's options.")]
            self.params = own + list(self.build(game))
            self._for = game.info.name
        return game

    def parse_args(self, ctx, args):
        ctx.meta["game"] = self.set_game(_game_named(args))
        return super().parse_args(ctx, args)

    def get_params(self, ctx):
        if self._for is None:
            ctx.meta["game"] = self.set_game(registry.DEFAULT_GAME)
        return super().get_params(ctx)

    def invoke(self, ctx):
        from simcore import jit_cache

        ctx.params.pop("game", None)
        game = ctx.meta["game"]
        extras = {o.dest: ctx.params.pop(o.dest) for o in game.options(self.options_of) if o.dest in ctx.params}
        if trial.active():
            self.trial_sizes(ctx)
        ctx.params["game"] = game
        if extras or game.options(self.options_of):
            ctx.params["extras"] = extras
        _NOTICED.clear()
        # a compile the cache index did not foretell (a search player's entry, another signature) says so
        # when it starts: no compile goes unannounced
        with jit_cache.announcing(lambda: _say_compiling(game)):
            return super().invoke(ctx)


    def trial_sizes(self, ctx) -> None:
        """``COMMANDSIM_TRIAL``: the sizes capped (``trial_sized``), and said."""
        click.echo(trial.NOTICE, err=True)
        trial_sized(self.params, ctx.params)


def trial_sized(params, values: dict) -> None:
    """``COMMANDSIM_TRIAL``: in ``values`` (parameter name -> value), every size option of ``params`` at most its
    trial size (within the option's own range); an unset ``--games`` (the command's default size) takes the trial
    size. The command line and the notebook API (``api.py``) both cap their sizes here."""
    for p in params:
        if p.name not in trial.TRIAL_SIZES or p.name not in values:
            continue
        value = values[p.name]
        if value is None and p.name != "games":
            continue          # a default the command resolves itself, through trial.cap
        size = trial.TRIAL_SIZES[p.name] if value is None else trial.cap(p.name, value)
        low = getattr(p.type, "min", None)
        values[p.name] = max(size, low) if low is not None else size


def game_command(group, name: str, build, **kw):
    """Register ``fn(game, **options)`` as command ``name`` of ``group`` with the options ``build(game)``."""
    def wrap(fn):
        command = GameCommand(name, build, fn, help=fn.__doc__, **kw)
        group.add_command(command)
        return command
    return wrap


def O(*decls, **kw) -> click.Option:   # noqa: E743  (a short name: the option lists below read as tables)
    return click.Option(list(decls), **kw)


def game_options(game: Game, command: str) -> list[click.Option]:
    """The options ``game`` adds to ``command``, as click options."""
    out = []
    for o in game.options(command):
        if o.kind == "flag":
            out.append(O(o.flag, o.dest, is_flag=True, help=o.help))
        elif o.kind == "paths":
            out.append(O(o.flag, o.dest, type=click.Path(path_type=Path, dir_okay=False), multiple=True, default=(),
                         metavar=o.metavar or "PATH", help=f"{o.help} Each: {TOML_LIMITS}."))
        elif o.kind == "path":
            out.append(O(o.flag, o.dest, type=click.Path(path_type=Path, dir_okay=False), default=None,
                         metavar=o.metavar or "PATH", help=f"{o.help} The file: {TOML_LIMITS}."))
        elif o.kind == "choice":
            out.append(O(o.flag, o.dest, type=Choice(o.choices, case_sensitive=False), default=o.default,
                         help=o.help))
        elif o.kind == "int":
            out.append(O(o.flag, o.dest, type=Count(o.low, o.high), default=o.default,
                         show_default=o.default is not None, metavar=o.metavar or "N", help=o.help))
        else:
            out.append(O(o.flag, o.dest, default=o.default, metavar=o.metavar or "TEXT", help=o.help))
    return out


def _listed(ctx, param, value):
    """A comma list option given with no name in it (``''``, ``','``) is refused: it never means the default."""
    if value is not None and not any(x.strip() for x in str(value).split(",")):
        what = "a name" if param.metavar == "NAME" else "a comma list of names"
        raise OneLineUsageError(f"Invalid value for '{param.opts[0]}': expected {what}, got {value!r}")
    return value


def sides_option(game: Game, help: str, default: str | None = None, metavar: str = "LIST") -> click.Option:
    """The sides of a command: ``--factions`` in every game, also spelt as the game names them (``--decks``)."""
    flags = list(dict.fromkeys([game.info.side.flag, "--factions"]))
    return O(*flags, "sides", default=default, show_default=default is not None, metavar=metavar, help=help,
             callback=_listed)


def variants_option(game: Game, help: str, flag: str = "--variants", dest: str = "variants",
                    default: str | None = None, metavar: str = "LIST") -> list[click.Option]:
    """A variants option, for games with more than one variant (``--variants``, also spelt as the game
    names them: ``--command-sets``)."""
    if len(game.info.variants) < 2:
        return []
    noun = game.info.variant
    own = flag.replace("variants", noun.many.replace(" ", "-")).replace("variant", noun.one.replace(" ", "-"))
    flags = list(dict.fromkeys([own, flag]))
    return [O(*flags, dest, default=default, show_default=default is not None, metavar=metavar, help=help,
              callback=_listed)]


def mode_option(game: Game, help: str, many: bool = False) -> list[click.Option]:
    """``--mode``, for games with more than one mode (``many``: a comma list)."""
    if len(game.info.modes) < 2:
        return []
    if many:
        return [O("--mode", "modes", default=None, metavar="LIST", help=help, callback=_listed)]
    return [O("--mode", "mode", type=Choice(game.info.modes, case_sensitive=False), default=None, help=help)]


def _card_folder_notes(ctx, param, value):
    """The entries of a ``--cards`` folder that are not read (a FIFO, a link to nothing, ``X.TOML``), each a note
    on stderr: every game reads its folders through ``simcore.card_files``, which skips them."""
    if value is not None and not ctx.resilient_parsing:
        from simcore.card_files import skipped_lines
        for line in skipped_lines(Path(value)):
            click.echo(f"Note: {param.opts[0]}: {line}", err=True)
    return value


CARD_FILES = (f"Each card file: {TOML_LIMITS}; two files of one folder may not change one entry.")


def cards_option(help: str | None = None) -> click.Option:
    return O("--cards", "cards_path", type=click.Path(path_type=Path), default=None, metavar="PATH",
             callback=_card_folder_notes,
             help=(help or "Card TOML file or folder: an entry naming a shipped card changes only the fields it "
                           "gives (the rest come from the shipped card); other entries are new cards.")
             + " " + CARD_FILES)


def threads_option() -> click.Option:
    return O("--threads", type=THREADS, default=None, metavar="N",
             help=f"Engine threads, 1 to {limits.THREADS_MAX} [default: all cores]. Results do not depend on it.")


def max_turns_option(game: Game) -> click.Option:
    i = game.info
    return O("--max-turns", type=Count(1, i.max_turns_limit), default=None, metavar="N",
             help=f"Turn cap ({i.turn}s, 1 to {i.max_turns_limit:,}) after which a game is a draw [default: "
                  f"{i.max_turns}].")


STRATEGY_FILES = f"A strategy file: {TOML_LIMITS}."


def strategy_option(game: Game, help: str, flag: str = "--strategy", dest: str = "strategy") -> click.Option:
    return O(flag, dest, default=game.info.default_strategy, show_default=True, metavar="NAME",
             help=f"{help} {STRATEGY_FILES}")


def seed_option(help: str) -> click.Option:
    return O("--seed", type=SEED, default=1, show_default=True, metavar="S", help=help)


def quiet_option(help: str) -> click.Option:
    return O("--quiet", "-q", is_flag=True, help=help)


def _scheduler(ctx, param, value):
    """``--scheduler`` checked when parsed, before any work and before Dask is imported."""
    if value is None:
        return None
    from simcore.cluster import check_address
    try:
        return check_address(value)
    except CommandsimError as exc:
        raise OneLineUsageError(f"Invalid value for '--scheduler': {exc}") from None


def scheduler_option() -> click.Option:
    from simcore import cluster as cl   # no Dask: its time limits only
    return O("--scheduler", default=None, metavar="ADDRESS", callback=_scheduler,
             help=f"Play on a Dask cluster: a scheduler address (tcp://host:8786), or local:N for N worker processes "
                  f"here (N from 1 to {limits.WORKERS_MAX}) [default: $COMMANDSIM_SCHEDULER, else this machine's "
                  f"threads]. Needs the cluster extra; results are identical to a local run. Time limits: reaching "
                  f"the scheduler and a first worker {cl.CONNECT_TIMEOUT:g} s (${cl.CONNECT_TIMEOUT_ENV}), each "
                  f"request to it {cl.SUBMIT_TIMEOUT:g} s (${cl.SUBMIT_TIMEOUT_ENV}); a worker silent for "
                  f"{cl.WORKER_TIMEOUT:g} s (${cl.WORKER_TIMEOUT_ENV}) is dropped and its chunks played elsewhere; "
                  f"a chunk waited for {cl.CHUNK_TIMEOUT:g} s (${cl.CHUNK_TIMEOUT_ENV}) stops the run.")


def out_option(default: str, help: str, dest: str = "out_path") -> click.Option:
    return O("--out", dest, type=click.Path(path_type=Path, dir_okay=False), default=Path(default), show_default=True,
             metavar="PATH", help=help)


def format_option() -> click.Option:
    return O("--format", "fmt", type=Choice(["table", "csv"]), default="table", show_default=True,
             help="Readable aligned table, or CSV for spreadsheets and pandas.")


def _runner(scheduler: str | None, threads: int | None):
    """The runner of an engine command, closed (a local cluster shut down) when the command ends."""
    from simcore.cluster import connect, scheduler_address

    # a worker removed for its silence: one line on stderr
    runner = connect(scheduler_address(scheduler), threads, on_notice=lambda text: click.echo(text, err=True))
    click.get_current_context().call_on_close(runner.close)
    return runner


@contextlib.contextmanager
def _nothing_written(after: str | Callable[[], str] = ""):
    """A command's run (its games and its writes, all or nothing) stopped by Ctrl-C, SIGTERM or SIGHUP (raised as
    ``KeyboardInterrupt``, ``simcore.interrupts``): one line on stderr, "Interrupted<after>; nothing written.", and
    the signal's exit code (130 for Ctrl-C). ``after``: what was done, read when the signal came when it is a
    function (" after 20 of 160 games")."""
    try:
        yield
    except KeyboardInterrupt as exc:
        done = after() if callable(after) else after
        click.echo(f"\n{stopped_text(exc)}{done}; nothing written.", err=True)
        raise click.exceptions.Exit(exit_code(exc)) from None


def _checked(param: str, check, *args):
    """``check(*args)``, a ``CommandsimError`` turned into a usage error of option ``param`` (exit 2)."""
    try:
        return check(*args)
    except OptionError:
        raise
    except CommandsimError as exc:
        raise click.BadParameter(str(exc), param_hint=param) from None


PER_ROUND_TABLE = "per-round table"


def sweep_sources(game: Game, cards_path: Path | None, strategy: str | None, opponent_strategy: str | None,
                  extras: dict | None) -> list:
    """Every file a sweep reads (``_sources``): an output of ``sweep`` (or ``api.sweep(per_round=)``) is never
    one of them."""
    return _sources(game, "sweep", [("--cards", cards_path)], [("--strategy", [strategy]),
                                                              ("--opponent-strategy", [opponent_strategy])], extras)


def _sources(game: Game | None = None, command: str = "", cards=(), strategies=(), extras: dict | None = None):
    """Every file a command reads, for ``check_targets`` (an output never replaces one): the files of each
    ``(option, card path)`` of ``cards``, the files named by ``(option, [strategy names])`` of
    ``strategies``, and the paths of the game's own options of ``command`` (The Last Command's ``--fog``)."""
    from reports.files import Source
    from simcore.card_files import card_files
    from simcore.strategy_files import strategy_file_of

    out = []
    for option, path in cards:
        if path is None:
            continue
        try:
            files = card_files(Path(path))
        except CommandsimError:   # the card reader names what is wrong when it reads it
            files = [Path(path)]
        out += [Source(option, f) for f in files]
    for option, names in strategies:
        for name in names or ():
            file = strategy_file_of(str(name).strip()) if name is not None else None
            if file is not None:
                out.append(Source(option, file))
    for o in game.options(command) if game is not None else ():
        value = (extras or {}).get(o.dest)
        if o.kind == "path" and value:
            out.append(Source(o.flag, Path(value)))
        elif o.kind == "paths":
            out += [Source(o.flag, Path(p)) for p in value or ()]
    return out


# ---- the command group

@click.group(cls=CommandsimGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="commandsim", message="%(prog)s %(version)s")
def main():
    """Monte Carlo balance simulator for tabletop deckbuilding and command games.

    Millions of seeded games per run, win rates with 95% intervals per side, variant, mode and seat,
    paired verdicts, ratings, and the smallest card edits that balance a match-up. Every command takes
    --game (the games are listed below); `COMMAND --game NAME --help` shows that game's options.

    \b
    Examples:
      commandsim sweep
      commandsim sweep --game star-realms
      commandsim compare --game skirmish
      commandsim replay --seed 12345
      commandsim cards show "Railgun"
      commandsim games
    """


# ---- cards and strategies (what a game's data holds)

@main.group()
def cards():
    """Inspect, validate and audit a game's card data (TOML).

    \b
    Examples:
      commandsim cards list --game star-realms
      commandsim cards validate examples/cards/
    """


@game_command(cards, "list", lambda game: [cards_option(), format_option()])
def list_cards(game: Game, cards_path: Path | None, fmt: str):
    """List every card type with its costs, copies and estimated fields.

    \b
    Examples:
      commandsim cards list
      commandsim cards list --format csv > cards.csv
      commandsim cards list --game star-realms --cards examples/star-realms/
    """
    _echo_listing(game.cards_listing(cards_path, fmt), fmt)


@game_command(cards, "show", lambda game: [
    click.Argument(["name"]), cards_option(),
    O("--toml", "as_toml", is_flag=True, help="Print the card as a TOML block to paste into a --cards file (keep "
                                              "its name and the fields you change).")])
def show(game: Game, name: str, cards_path: Path | None, as_toml: bool = False):
    """Show everything about one card: fields with their provenance, text, compiled effects, rules.

    Values the game's sources state are marked [stated], the others [estimated]; a
    'rule:' line says where the engine plays the card more simply than its text.
    With --toml: the card as a block to paste into a card file, of which an
    override keeps only the name and the fields it changes.

    \b
    Examples:
      commandsim cards show "Ship's A.I."
      commandsim cards show "Blob World" --game star-realms
      commandsim cards show Railgun --toml > railgun.toml
    """
    from simcore.card_overrides import entry_blocks
    lines = (entry_blocks(game.card_entries([cards_path] if cards_path is not None else []), name) if as_toml
             else game.card_lines(name, cards_path))
    for line in lines:
        click.echo(line)


@game_command(cards, "validate", lambda game: [click.Argument(["path"], type=click.Path(path_type=Path)),
                                               *game_options(game, "validate")])
def validate(game: Game, path: Path, extras: dict | None = None):
    """Check a card file or folder as `--cards` would use it.

    Runs every check the engine runs before a game: the schema, then the
    shipped cards with these merged in, compiled and set up for every
    match-up (so a set that validates always plays). Reports the first
    problem with its file, card and field (exit code 2), or a summary when
    everything is valid, with any entry of the folder it did not read.
    Each file is read only if it is a regular file (links followed once,
    loops refused) of at most 1 MiB of UTF-8 TOML nested at most 32 levels.

    \b
    Examples:
      commandsim cards validate examples/cards/railgun4.toml
      commandsim cards validate examples/star-realms/ --game star-realms
    """
    for line in game.validate_cards(path, extras or {}):
        click.echo(line)


@game_command(cards, "audit", lambda game: [cards_option(), format_option()])
def audit(game: Game, cards_path: Path | None, fmt: str):
    """List every value the game's sources do not state, and each card the engine plays by a rule.

    A value is a field or a part of one (an effect, one of its arguments);
    the parts the rules state are not listed, and the cards the engine plays
    more simply than their text are. Correct a value with a card file of
    your own passed to --cards.

    \b
    Examples:
      commandsim cards audit
      commandsim cards audit --game skirmish --format csv > estimates.csv
    """
    _echo_listing(game.audit_listing(cards_path, fmt), fmt)


@main.group("strategies")
def strategies_group():
    """List and inspect strategies: how a simulated player decides.

    A strategy is a small TOML file of named parameters (weights, priorities,
    thresholds). Give a built-in name or a file to --strategy and
    --opponent-strategy of the simulation commands; `strategies show` lists
    every parameter a file may set.

    \b
    Examples:
      commandsim strategies list
      commandsim strategies show aggro
      commandsim strategies list --game star-realms
    """


@game_command(strategies_group, "list", lambda game: [])
def strategies_list(game: Game):
    """List the built-in strategies with what each one plays for.

    \b
    Example:
      commandsim strategies list --game skirmish
    """
    _echo_listing(game.strategy_listing(), "table")


@game_command(strategies_group, "show", lambda game: [click.Argument(["name"], metavar="NAME|PATH")])
def strategies_show(game: Game, name: str):
    """Show a strategy's parameters: value, where it comes from, meaning.

    A parameter the file does not set comes from its base strategy. A file
    is read only if it is a regular file (links followed once, loops
    refused) of at most 1 MiB of UTF-8 TOML nested at most 32 levels.

    \b
    Examples:
      commandsim strategies show balanced
      commandsim strategies show examples/strategies/star-realms-trader.toml --game star-realms
    """
    _echo_listing(game.strategy_lines(name), "table")


@main.command("games")
def games_command():
    """List the games commandsim plays, with their modes, sides and variants, and the rules each game
    chose where its sources are silent.

    \b
    Examples:
      commandsim games
      commandsim sweep --game star-realms
    """
    _echo_table(("GAME", "TITLE", "MODES", "SIDES", "VARIANTS"), registry.listing())
    for name in registry.names():
        lines = registry.notes(name)
        if lines:
            click.echo(f"\n{name}: rules chosen where the sources are silent")
            for line in lines:
                click.echo(f"  - {line}")


# ---- sweep: a grid of match-ups on common seeds

def _default_list(names) -> str:
    return ",".join(names)


def sweep_params(game: Game) -> list[click.Parameter]:
    from simcore.shape import TRACK_ROUNDS
    i = game.info
    side, variant = i.side, i.variant
    return [
        O("--games", type=Count(max=limits.SWEEP_GAMES_MAX), default=20000, show_default=True, metavar="N",
          help=f"Games per cell (up to {limits.SWEEP_GAMES_MAX:,}): half with each side moving first, on the same "
               f"seeds (an even number; a cell whose rules fix the seats plays N seeds). With --target-ci: the games "
               f"of each round."),
        seed_option("Base seed; game g of every cell and seat order uses the seed derived from (S, g)."),
        *mode_option(game, f"Comma list of modes ({', '.join(i.modes)}) [default: "
                           f"{_default_list(i.sweep_modes or i.modes[:1])}].", many=True),
        sides_option(game, i.sweep_sides_help or f"Comma list of {side.many} ({', '.join(i.sides)}); every pair "
                                                 f"is a cell [default: {_default_list(i.sweep_sides or i.sides)}]."),
        *variants_option(game, f"Comma list of {variant.many} ({', '.join(i.variants)}); both sides use the same "
                               f"one in a cell [default: {_default_list(i.sweep_variants or i.variants)}]."),
        *([O("--mixed-variants", is_flag=True, help=f"Also play cells where the two sides use different "
                                                    f"{variant.many}.")] if len(i.variants) > 1 else []),
        strategy_option(game, f"Strategy of the {side.one} named first in a cell: a built-in name or a strategy "
                              f".toml file."),
        O("--opponent-strategy", default=None, metavar="NAME",
          help="Strategy of the other side [default: same as --strategy]; when it differs, both side-to-strategy "
               "assignments are played."),
        cards_option(), threads_option(), max_turns_option(game),
        O("--target-ci", type=FiniteFloatRange(0, 0.5, min_open=True, max_open=True), default=None, metavar="W",
          help="Play each cell in rounds of --games until every row it writes (each side's seat first, second and "
               "both) has a 95% interval of half-width at most W (a share: 0.01 is +-1 point), or --max-games is "
               "reached."),
        O("--max-games", type=Count(1, limits.SWEEP_GAMES_MAX), default=None, metavar="N",
          help="With --target-ci: games cap per cell [default: 1,000,000]; cells that stop at the cap are listed."),
        out_option("out/sweep.csv", "Aggregate table (.csv, or .parquet); the per-card table goes next to it as "
                                    "<stem>_cards."),
        O("--per-game", "per_game_path", type=click.Path(path_type=Path, dir_okay=False), default=None, metavar="PATH",
          help="Also write one row per game (.csv or .parquet): cell keys, seed, winner, turns, the game's own "
               "figures and cards bought by each seat. Written as the games are played, so memory stays flat."),
        O("--per-round", "per_round_path", type=click.Path(path_type=Path, dir_okay=False), default=None,
          metavar="PATH",
          help=f"Also write the lead (the first seat's standing minus the second's) after each of the first "
               f"{TRACK_ROUNDS} rounds of every game: one row per game and round, with the game's keys "
               f"(.parquet recommended, or .csv). Streamed as the games are played."),
        *game_options(game, "sweep"),
        quiet_option("No progress bar and no table: only say where the files are."),
        scheduler_option(),
    ]


@game_command(main, "sweep", sweep_params)
def sweep(game: Game, games: int, seed: int, sides: str | None, strategy: str, opponent_strategy: str | None,
          cards_path: Path | None, threads: int | None, max_turns: int | None, target_ci: float | None,
          max_games: int | None, out_path: Path, per_game_path: Path | None, quiet: bool,
          scheduler: str | None = None, modes: str | None = None, variants: str | None = None,
          mixed_variants: bool = False, extras: dict | None = None, per_round_path: Path | None = None):
    """Play a grid of match-ups on common seeds and write win rates with 95% intervals.

    Every cell (side A with its variant against side B) is played on the
    same seeds twice, once with each side moving first, so the table shows
    each side's win rate as first player, as second player and overall
    (seat first/second/both), with wins, losses, draws and 95% intervals
    (a seat's: Wilson; 'both' and the first player's: over seeds, a seed's
    two seat-swapped games being one sample).
    A second table gives per-card buy rates and the buyer's win rate (an
    association: players who are ahead buy more). Given no match-up option
    (sides, variants, modes, --mixed-variants), a sweep also plays the
    match-ups the game's sources ask about, and its table leads with them
    (The Last Command: asymmetrical against standard starts). Cells that
    play identical games on the same seeds (two variants these players
    never tell apart) are named, with what the variants differ in.

    \b
    Examples:
      commandsim sweep
      commandsim sweep --games 200000 --seed 7 --out out/big.csv
      commandsim sweep --game star-realms --mode command-vs-standard
      commandsim sweep --game skirmish --forces line,elite,raiders
      commandsim sweep --mode solo --difficulties easy,insane --out out/solo.csv
      commandsim sweep --target-ci 0.005 --max-games 400000 --per-game out/games.parquet
      commandsim sweep --game star-realms --per-round out/rounds.parquet
      commandsim sweep --scheduler tcp://head:8786 --games 2000000
    """
    import time

    from reports.commands import checked, sweep as command
    from reports import sweep as sw
    from reports.files import TableStream, Target, check_targets, next_to, write_tables
    from simcore.bounds import bounds_line
    from simcore.shape import TRACK_ROUNDS

    cards_out = next_to(out_path, "cards", "--out")
    shape_out = {tag: next_to(out_path, tag, "--out") for tag in sw.SHAPE_FILES} if game.info.standing else {}
    if per_round_path is not None:   # a game without a standing: refused before its file is looked at
        checked("--per-round", sw.check_per_round, game)
    check_targets([Target("--out", out_path, "aggregate table"),
                   Target("--out", cards_out, "per-card table", next_to=out_path),
                   *(Target("--out", path, sw.SHAPE_FILES[tag], next_to=out_path) for tag, path in shape_out.items()),
                   *([Target("--per-game", per_game_path, "per-game table")] if per_game_path is not None else []),
                   *([Target("--per-round", per_round_path, PER_ROUND_TABLE)] if per_round_path is not None else [])],
                  sweep_sources(game, cards_path, strategy, opponent_strategy, extras))
    plan = command.plan(game, games, seed, sides, strategy, opponent_strategy, cards_path, threads, max_turns,
                        target_ci, max_games, modes, variants, mixed_variants, extras, per_round_path)
    _echo_card_changes(game, [cards_path] if cards_path is not None else [])
    spec, cells, cap = plan.spec, plan.cells, plan.cap
    runner = _runner(scheduler, threads)
    estimate = None
    nothing_done = f"after 0 of {plan.total:,} games"
    if target_ci is not None and not quiet:   # rounds until the interval is narrow enough: the cost first
        say_if_compiling(game)
        estimate = _estimated(lambda: plan.estimate(per_game=per_game_path is not None),
                              lambda est: f"--target-ci {2 * target_ci:g} takes about a quarter of it", nothing_done)
    elif not quiet and scheduler is None:   # a sweep of known size says its cost when it is long
        say_if_compiling(game)
        estimate = _estimated(lambda: plan.estimate(per_game=per_game_path is not None, quick=True),
                              lambda est: f"--games {max(2, games // 10 // 2 * 2):,} takes about a tenth of it",
                              nothing_done, only_long=True)
    progress = _Progress(game, plan.total, f"{len(cells)} cell{'' if len(cells) == 1 else 's'}", quiet,
                         weights=estimate)
    started = time.perf_counter()
    with _nothing_written(lambda: f" after {progress.done:,} of {progress.total:,} games"):
        with TableStream(per_game_path) if per_game_path else contextlib.nullcontext() as per_game, \
                TableStream(per_round_path) if per_round_path else contextlib.nullcontext() as per_round:
            with progress:
                result = plan.play(progress, runner, per_game.append if per_game else None,
                                   per_round.append if per_round else None)
            elapsed = time.perf_counter() - started
            shape = result.shape_tables()
            write_tables({out_path: result.aggregate, cards_out: result.cards,
                          **{path: shape[tag] for tag, path in shape_out.items() if tag in shape}},
                         streams=[s for s in (per_game, per_round) if s])

    played = int(result.cells["games"].sum())
    if not quiet:
        if spec.questions:
            click.echo("First the match-ups the game's sources ask about: "
                       + "; ".join(q.text or f"{q.sides[0]} {q.variants[0]} vs {q.sides[1]} {q.variants[1]}"
                                   for q in spec.questions) + ".")
        _echo_sweep(game, result.aggregate, spec.questions)
        _echo_shape(game, result.shape)
        _echo_identical(game, result.aggregate, cards_path)
        click.echo(f"\n{played:,} games in {len(cells)} cell{'' if len(cells) == 1 else 's'} in {elapsed:.1f} s, "
                   f"seed {seed}.")
    if target_ci is not None:
        if games < sw.MIN_TARGET_ROUND:
            click.echo(f"Note: rounds of fewer than {sw.MIN_TARGET_ROUND} games can stop a cell after so few games "
                       f"that its interval falls below its 95% level (docs/statistics.md: Sweeps that stop early).")
        capped = result.capped()
        if capped.empty:
            click.echo(f"Every row of every cell (each side's seat first, second and both) reached a 95% interval "
                       f"of +-{target_ci:.2%} or narrower.")
        else:
            click.echo(f"{len(capped)} of {len(cells)} cells stopped at --max-games {cap:,} before reaching "
                       f"+-{target_ci:.2%}:")
            _echo_table(("CELL", "GAMES", "HALF-WIDTH"),
                        [(cells[i].label, r.games, f"+-{r.half_width:.2%}")
                         for i, r in zip(result.cells.index[result.cells["hit_cap"]], capped.itertuples())])
    bounds = bounds_line(result.bound_counts())
    if bounds:
        click.echo(bounds)
    click.echo(f"Wrote {out_path} (aggregate, {len(result.aggregate)} rows) and {cards_out} "
               f"(per card, {len(result.cards)} rows)" + (f" and {per_game_path} (per game, {played:,} rows)."
                                                         if per_game_path else "."))
    if per_round_path is not None:
        click.echo(f"Wrote {per_round_path} (per round, {result.track_rows:,} rows: each game's lead after each of "
                   f"its first {TRACK_ROUNDS} rounds)."
                   + (f" {result.past_track:,} game{'' if result.past_track == 1 else 's'} went past round "
                      f"{TRACK_ROUNDS}: {'its' if result.past_track == 1 else 'their'} later rounds are not in "
                      f"the track (docs/shape.md: The per-round track)." if result.past_track else ""))
    written = [f"{shape_out[tag]} ({len(table):,} rows)" for tag, table in result.shape_tables().items()]
    if written:
        click.echo(f"Wrote the shape of the games (docs/shape.md): {', '.join(written)}.")


def _echo_card_changes(game: Game, paths: list[Path], labels: list[str] = ()) -> None:
    """Say on stderr what each card file given changes of the shipped cards (before any game is played)."""
    from simcore.card_overrides import change_lines
    for line in change_lines(game.card_entries, paths, labels):
        click.echo(line, err=True)


def _echo_identical(game: Game, aggregate, cards_path: Path | None) -> None:
    """Say which cells played identical games (two variants that, for these players, are one), and why where the
    card data says (``reports.identical_games``)."""
    from reports import identical_games as identical

    for note in identical.notes(aggregate, game.info, game.card_entries([cards_path] if cards_path else [])):
        click.echo(f"\n{note}")


def _echo_shape(game: Game, shape) -> None:
    """The shape of each cell's games (``reports.shape_tables``), in a few columns: docs/shape.md reads it."""
    if shape is None or shape.empty:
        return
    standing = game.info.standing.name
    click.echo(f"\nShape of the games (standing: {standing}; means over games, 95% intervals over seeds):")
    header = (game.info.side.one.upper(), "VS", "ROUNDS", "LEAD CHANGES", "DECISIVE ROUND", "COMEBACKS", "95% CI")
    rows = [(f"{r.faction} {r.variant}", f"{r.opponent_faction} {r.opponent_variant}", f"{r.mean_rounds:.1f}",
             f"{r.mean_lead_changes:.2f}", f"{r.mean_decisive_round:.1f}", f"{r.comeback_rate:.1%}",
             f"{r.comeback_low:.1%} - {r.comeback_high:.1%}") for r in shape.itertuples()]
    _echo_table(header, rows)


def _echo_sweep(game: Game, aggregate, questions=()) -> None:
    from reports.aggregate import first_player_table, question_order

    side = game.info.side.one.upper()
    both = question_order(aggregate[aggregate["seat"] == "both"], questions)
    levels = bool((aggregate["difficulty"].astype(str) != "").any())
    header = ("MODE", side, "VARIANT", "STRATEGY", "VS", "VS VARIANT", "VS STRATEGY",
              *(("DIFFICULTY",) if levels else ()), "GAMES", "WINS", "LOSSES", "DRAWS", "WIN RATE", "95% CI", "TURNS")
    rows = [(r.mode, r.faction, r.variant, r.strategy, r.opponent_faction, r.opponent_variant, r.opponent_strategy,
             *((r.difficulty,) if levels else ()), r.games, r.wins, r.losses, r.draws, f"{r.win_rate:.1%}",
             f"{r.ci_low:.1%} - {r.ci_high:.1%}", f"{r.mean_turns:.1f}") for r in both.itertuples()]
    _echo_table(header, rows)
    seats = set(aggregate["seat"])
    if "second" not in seats:
        click.echo("\n" + hooks(game).fixed_seats_note())
        return
    text = game.info.first_player
    click.echo(f"\nFirst player{f' ({text})' if text else ''}:")
    rows = [(r.side_a.replace("|", " "), r.side_b.replace("|", " "), r.games, f"{r.first_win_rate:.1%}",
             f"{r.ci_low:.1%} - {r.ci_high:.1%}", r.draws) for r in first_player_table(aggregate).itertuples()]
    _echo_table(("SIDE", "VS", "GAMES", "FIRST WINS", "95% CI", "DRAWS"), rows)


# ---- replay: one game turn by turn

def replay_params(game: Game) -> list[click.Parameter]:
    i = game.info
    return [
        O("--seed", type=SEED, required=True, metavar="S",
          help="The game's own seed: the 'seed' column of a per-game record (with --index: the run's base seed)."),
        O("--index", type=GAME_INDEX, default=None, metavar="G",
          help="Replay game G of the run whose base seed is --seed (as a sweep numbers its games)."),
        sides_option(game, f"The two {i.side.many} in seat order: the first one moves first [default: "
                           f"{_default_list(i.sides[:2])}].", metavar="FIRST,SECOND"),
        *variants_option(game, f"The {i.variant.one} of each seat ({', '.join(i.variants)}); one name means both "
                               f"[default: {i.variants[0]}].", metavar="FIRST,SECOND"),
        strategy_option(game, "Strategy of the first seat: a built-in name or a strategy .toml file."),
        O("--opponent-strategy", default=None, metavar="NAME",
          help="Strategy of the second seat [default: same as --strategy]."),
        *mode_option(game, f"The mode [default: {i.modes[0]}; a game whose sides decide the mode: theirs]."),
        cards_option(), max_turns_option(game), *game_options(game, "replay"),
        O("--json", "as_json", is_flag=True, help="One JSON object per event (JSON Lines) instead of text."),
    ]


@game_command(main, "replay", replay_params)
def replay(game: Game, seed: int, index: int | None, sides: str | None, strategy: str, opponent_strategy: str | None,
           cards_path: Path | None, max_turns: int | None, as_json: bool, variants: str | None = None,
           mode: str | None = None, extras: dict | None = None):
    """Replay one game turn by turn, as a sweep or play_games counted it for that seed.

    The replayed game is the very game a sweep counted for that seed, given
    the same sides (in seat order), variants, strategies and cards.

    \b
    Examples:
      commandsim replay --seed 12345
      commandsim replay --seed 1 --index 17 --factions sunder,federation --variants asymmetrical
      commandsim replay --seed 12345 --json > game.jsonl
      commandsim replay --mode solo --difficulty hard --seed 7
      commandsim replay --game star-realms --seed 12345 --decks alliance,standard
    """
    from reports.commands import replay as command

    plan = command.plan(game, seed, index, sides, strategy, opponent_strategy, cards_path, max_turns, variants, mode,
                        extras)
    say_if_compiling(game)
    r = plan.play(stoppable)
    for line in (r.json_lines() if as_json else r.text_lines()):
        click.echo(line)


def _pair(text: str | None, flag: str, one_means_both: bool = False) -> tuple[str, str] | None:
    """Two comma-separated names in seat order (with ``one_means_both``, one name means both seats)."""
    from reports.commands import pair_of
    return pair_of(text, flag, one_means_both)


# ---- compare: two settings of one side on the same seeds, with a verdict

def compare_params(game: Game) -> list[click.Parameter]:
    i = game.info
    side, variant = i.side, i.variant
    return [
        sides_option(game, f"The {side.one} whose setting A or B is played, then its fixed opponent (the same name "
                           f"twice for a mirror match) [default: the game's question].", metavar="SUBJECT,OPPONENT"),
        O(f"--{side.one.replace(' ', '-')}-b", "side_b", default=None, metavar="NAME",
          help=f"B's {side.one} when it is not A's: A and B then compare two {side.many} against the same "
               f"opponent."),
        *variants_option(game, f"The subject's {variant.one} in setting A [default: the game's question].",
                         "--variant-a", "variant_a", metavar="NAME"),
        *variants_option(game, f"The subject's {variant.one} in setting B [default: same as A's].", "--variant-b",
                         "variant_b", metavar="NAME"),
        *variants_option(game, f"The opponent's {variant.one}, the same in A and B.", "--opponent-variant",
                         "opponent_variant", metavar="NAME"),
        cards_option("Card TOML file or folder overriding shipped cards in both A and B."),
        O("--cards-b", "cards_b_path", type=click.Path(path_type=Path), default=None, metavar="PATH",
          callback=_card_folder_notes,
          help="Card TOML file or folder merged over B's cards only (e.g. one card re-costed): B plays the edited "
               "set, A the original one. " + CARD_FILES),
        *game_options(game, "compare"),
        strategy_option(game, "The subject's strategy: a built-in name or a strategy .toml file."),
        O("--opponent-strategy", default=None, metavar="NAME",
          help="The opponent's strategy [default: same as --strategy]."),
        O("--games", type=Count(max=limits.COMPARE_GAMES_MAX), default=None, metavar="N",
          help=f"Games per setting (even, up to {limits.COMPARE_GAMES_MAX:,}): N/2 seeds, each played with the "
               f"subject first and second; A and B play the same seeds. With --until-verdict: the games of each "
               f"round. Default: 20000, or rounds of 2000 with --until-verdict."),
        O("--until-verdict", is_flag=True,
          help="Play rounds of --games on consecutive seeds and stop at the first round whose verdict is decisive, "
               "at 95% over all rounds (group-sequential repeated intervals), or at --max-games."),
        O("--max-games", type=Count(1, limits.COMPARE_GAMES_MAX), default=None, metavar="N",
          help="With --until-verdict: games cap per setting (even) [default: 200,000]; a run that reaches it ends "
               "in 'not enough games to tell'."),
        seed_option("Base seed; the same seeds as a sweep with this seed."),
        threads_option(), max_turns_option(game),
        O("--band", type=FiniteFloatRange(min=0, max=50, max_open=True), default=2.0, show_default=True,
          metavar="POINTS", help="Equivalence band in percentage points: 'even' when the 95% interval of A - B "
                                 "lies within +-band."),
        out_option("out/compare.csv", "One-row result table (.csv or .parquet), readable by 'commandsim report'."),
        quiet_option("No progress bar and no table: only the verdict and the file."),
        scheduler_option(),
    ]


@game_command(main, "compare", compare_params)
def compare(game: Game, sides: str | None, side_b: str | None, cards_path: Path | None, cards_b_path: Path | None,
            strategy: str, opponent_strategy: str | None, games: int | None, until_verdict: bool,
            max_games: int | None, seed: int, threads: int | None, max_turns: int | None, band: float, out_path: Path,
            quiet: bool, scheduler: str | None = None, variant_a: str | None = None, variant_b: str | None = None,
            opponent_variant: str | None = None, extras: dict | None = None):
    """Compare two settings A and B of one side on the same seeds, with a verdict.

    With no setting options it answers the game's headline question (The
    Last Command: asymmetrical starting cards against standard ones; Star
    Realms: the Alliance deck against a standard start; the skirmish: the
    full command set against one without Covering Fire).

    A and B differ in the subject's variant (--variant-a/--variant-b), in
    the card set (--cards-b), in the subject itself (--faction-b, as the
    game names it), or in a game's own setting; the opponent is the same.
    Both play the same seeds, each seed once with the subject first and
    once second. Prints each side's win rate with its 95% interval (over
    seeds: a seed's two games are one sample), the paired difference A - B
    (mean per-seed score difference: win 1, draw 1/2) with its 95% t
    interval, and a verdict on A against B (not on the side) against the
    band (none below 100 games):

    \b
      even within +-b points    the interval lies inside +-band
      favours X by d [lo, hi]   otherwise, if the interval lies entirely on
                                X's side of 0 (d, lo, hi: X's lead in points)
      not enough games to tell  otherwise (the interval holds 0 and reaches
                                beyond the band)

    \b
    Examples:
      commandsim compare
      commandsim compare --variant-a asymmetrical --variant-b standard
      commandsim compare --cards-b examples/cards/railgun4.toml --games 100000 --band 1
      commandsim compare --game star-realms --until-verdict
      commandsim compare --game skirmish --variant-a full --variant-b no-responses
      commandsim compare --scheduler tcp://head:8786 --games 10000000
    """
    import time

    from reports.commands import compare as command
    from reports.files import Target, check_targets, next_to, write_tables

    moved_out = next_to(out_path, "moved", "--out")
    check_targets([Target("--out", out_path, "comparison table"),
                   Target("--out", moved_out, "table of every measure A and B moved", next_to=out_path)],
                  _sources(game, "compare", [("--cards", cards_path), ("--cards-b", cards_b_path)],
                           [("--strategy", [strategy]), ("--opponent-strategy", [opponent_strategy])], extras))
    plan = command.plan(game, sides, side_b, cards_path, cards_b_path, strategy, opponent_strategy, games,
                        until_verdict, max_games, seed, threads, max_turns, band, variant_a, variant_b,
                        opponent_variant, extras)
    games, max_games = plan.games, plan.max_games
    runner = _runner(scheduler, threads)
    _echo_card_changes(game, [p for p in (cards_path, cards_b_path) if p is not None],
                       [""] * (cards_path is not None) + ["B"] * (cards_b_path is not None))

    estimate = None
    if until_verdict and not quiet:   # rounds until a verdict: the cost first, from a pilot on probe seeds
        say_if_compiling(game)
        estimate = _estimated(plan.estimate,
                              lambda est: f"a wider --band stops sooner, --max-games {max_games // 4:,} caps it at "
                                          f"about a quarter", f"after 0 of {plan.total:,} games")
    elif not quiet and scheduler is None:   # a comparison of known size says its cost when it is long
        say_if_compiling(game)
        estimate = _estimated(plan.estimate,
                              lambda est: f"--games {max(2, games // 10 // 2 * 2):,} takes about a tenth of it",
                              f"after 0 of {plan.total:,} games", only_long=True)
    progress = _Progress(game, plan.total, "A and B", quiet, weights=estimate)
    started = time.perf_counter()
    looks = None
    with _nothing_written(lambda: f" after {progress.done:,} of {progress.total:,} games"):
        with progress:
            result = plan.play(progress, runner)
            if until_verdict:
                result, looks = result.comparison, result.looks
        elapsed = time.perf_counter() - started
        moved = result.moved
        write_tables({out_path: result.table, moved_out: moved})
    _echo_comparison(game, plan.question, result, looks, games, max_games, seed, band, elapsed, quiet)
    _echo_moved(moved, quiet)
    click.echo(f"Wrote {out_path} and {moved_out} (every measure with A, B and the paired difference).")


def _echo_moved(moved, quiet: bool) -> None:
    """"What moved": every measure whose paired difference A - B is clear after Holm's correction over them all
    (``reports.moved``)."""
    from reports.moved import moved_lines
    rows = moved_lines(moved)
    family = int((moved["kind"] != "tempo").sum()) if len(moved) else 0
    if not rows:
        click.echo(f"\nWhat moved: nothing clear (of {family} measures, Holm-corrected at 5%).")
        return
    click.echo(f"\nWhat moved (A -> B; paired 95% intervals over seeds; clear after Holm's correction over "
               f"{family} measures):")
    _echo_table(("MEASURE", "A -> B", "A - B", "HOLM P"), rows if not quiet else rows[:12])


def _echo_comparison(game: Game, question, result, looks, games, max_games, seed, band, elapsed, quiet) -> None:
    from reports import compare as cmp
    from reports.stats import MIN_VERDICT_SEEDS
    if question.text:
        click.echo(question.text)
    for i in range(len(result.table)):
        r = result.table.iloc[i]
        if not quiet:
            opponent = r.opponent_faction + ("" if len(game.info.variants) < 2 else f" {r.opponent_variant}")
            click.echo(("\n" if i else "") + f"{r.faction} (strategy {r.strategy}) against {opponent} (strategy "
                       f"{r.opponent_strategy}): "
                       f"{r.games:,} games per setting on {r.seeds:,} seeds, seed {seed}.")
            rows = [(f"{side.upper()}: {r[f'label_{side}']}", r[f"variant_{side}"], r[f"cards_{side}"], r.games,
                     r[f"wins_{side}"], r[f"losses_{side}"], r[f"draws_{side}"], f"{r[f'win_rate_{side}']:.1%}",
                     f"{r[f'ci_low_{side}']:.1%} - {r[f'ci_high_{side}']:.1%}") for side in ("a", "b")]
            _echo_table(("SETTING", game.info.variant.one.upper(), "CARDS", "GAMES", "WINS", "LOSSES", "DRAWS",
                         "WIN RATE", "95% CI"), rows)
            if looks is not None and i == 0:
                click.echo(f"\nLooks (rounds of {games:,} games per setting; repeated 95% intervals; no look "
                           f"before {2 * MIN_VERDICT_SEEDS:,} games):")
                _echo_table(("LOOK", "GAMES", "A - B", "INTERVAL", "CRITICAL Z", "VERDICT"),
                            [(k.look, k.games, f"{100 * k.diff:+.1f}",
                              f"[{100 * k.diff_ci_low:+.1f}, {100 * k.diff_ci_high:+.1f}]"
                              if math.isfinite(k.critical_value) else "-",
                              f"{k.critical_value:.2f}" if math.isfinite(k.critical_value) else "-", k.verdict)
                             for k in looks.itertuples()])
            what = "repeated 95% interval at the last look" if looks is not None else "95% interval"
            click.echo(f"\nPaired difference A - B: {100 * r['diff']:+.1f} points, {what} "
                       f"[{100 * r.diff_ci_low:+.1f}, {100 * r.diff_ci_high:+.1f}] (score: win 1, draw 1/2; "
                       f"{r.seeds:,} seeds; {elapsed:.1f} s).")
        click.echo(f"{cmp.verdict_head(r)} (band +-{band:g} points): {r.verdict_text}.")
    if looks is not None:
        r = result.row
        click.echo(f"Stopped at look {r.looks} after {r.games:,} games per setting: a verdict." if r.stopped == "verdict"
                   else f"Reached --max-games {max_games:,} after {r.looks} looks without a verdict: not enough "
                        f"games to tell.")
    if question.both_sides:
        click.echo(_fairness_line(result))


def _fairness_line(result) -> str:
    """How far the subject's score lies from 50% under A and under B, each with its 95% interval over seeds (the
    same distance seen from either side): the question a both-sides comparison asks of fairness."""
    from reports.stats import seed_interval

    r = result.row
    parts = []
    for side in ("a", "b"):
        score, lo, hi, _ = seed_interval(2 * result.pairs[f"score_{side}"].to_numpy(), 2)
        near, far = sorted((abs(lo - 0.5), abs(hi - 0.5)))
        near = 0.0 if lo <= 0.5 <= hi else near
        parts.append(f"{r[f'label_{side}']} {100 * score:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}], "
                     f"{100 * abs(score - 0.5):.1f} points from 50% [{100 * near:.1f}, {100 * far:.1f}]")
    return (f"Fairness ({r.faction}'s score, 95% intervals over seeds; the distance from 50% is the same seen from "
            f"{r.opponent_faction}): " + "; ".join(parts) + ".")


# ---- tournament: every pair of entries on the same seeds

def impact_params(game: Game) -> list[click.Parameter]:
    side = game.info.side
    return [
        O("--cards-only", "cards_only", default=None, metavar="LIST",
          help="Comma list of the cards to measure [default: every card a player acquires or chooses]."),
        strategy_option(game, "The strategy of both sides (the restricted one plays it with the card forbidden)."),
        O("--opponent-strategy", default=None, metavar="NAME",
          help="The unrestricted opponent's strategy [default: same as --strategy]."),
        O("--side", "side", default=None, metavar="NAME",
          help=f"Measure the cards for this {side.one} only [default: each of the game's {side.many}, and both]."),
        sides_option(game, f"A match-up A,B: each {side.one} measured against the other (a mirror: once) "
                           f"[default: the game's pairs of {side.many}].", metavar="A,B"),
        *variants_option(game, f"The {game.info.variant.one} of each {side.one} of {side.flag} in its order; one "
                               f"name means every {side.one} [default: {game.info.variants[0]}].", metavar="A[,B]"),
        O("--forced", is_flag=True, help="Also measure forced play: the side buys the card whenever it can afford "
                                          "it (is the card worth rushing?)."),
        O("--games", type=Count(4, limits.COMPARE_GAMES_MAX), default=4000, show_default=True,
          metavar="N", help="Games cap per card and side (even): the promising cards are tested group-sequentially "
                            "up to it; every card is screened first on an eighth of it."),
        O("--screen", type=Count(2, limits.COMPARE_GAMES_MAX), default=None, metavar="SEEDS",
          help="Seeds of the screen (each played in both seats) [default: an eighth of the cap's, at least 50]."),
        cards_option(), seed_option("Base seed; the unrestricted games are the same seeds as a sweep's."),
        threads_option(), max_turns_option(game),
        O("--band", type=FiniteFloatRange(min=0, max=50, max_open=True), default=2.0, show_default=True,
          metavar="POINTS", help="A card whose impact's interval lies inside +-band is 'worthless'."),
        out_option("out/impact.csv", "The impact table (.csv or .parquet)."),
        quiet_option("No progress bar and no table: only the file."),
        scheduler_option(),
    ]


@game_command(main, "impact", impact_params)
def impact(game: Game, cards_only: str | None, strategy: str, opponent_strategy: str | None, side: str | None,
           forced: bool, games: int, screen: int | None, cards_path: Path | None, seed: int, threads: int | None,
           max_turns: int | None, band: float, out_path: Path, quiet: bool, scheduler: str | None = None,
           extras: dict | None = None, sides: str | None = None, variants: str | None = None):
    """Card impact by restricted play: what each card is worth to the side that may take it.

    For every card a player acquires or chooses, one side plays the same
    seeds with the card forbidden (never bought or chosen; everything else
    its strategy) against the unrestricted opponent, seats swapped: the drop
    of its score is the card's impact, with its 95% interval and n, for each
    side and both, ranked, verdicts and p-values corrected for multiplicity
    (Holm); each side's row has its own verdict, and a card whose sides
    pull opposite ways is named (its 'both' mean averages them). Every card
    is screened with few games, the promising ones tested group-sequentially
    on fresh seeds (their intervals from those seeds: the repeated 95%
    interval where each stopped); a card the screen passed over keeps the
    screen's estimate with an interval conditional on that, and is never
    called worthless. The buyers' win rate (the win rate of the players who
    bought the card, in the unrestricted games) stands beside it: it mixes
    the card's strength with the buyer's situation.

    \b
    Examples:
      commandsim impact
      commandsim impact --cards-only Railgun,"Repair Bot" --games 20000
      commandsim impact --game star-realms --side standard --forced
    """
    from reports.commands import impact as command
    from reports import impact as imp
    from reports.files import Target, check_targets, write_table

    check_targets([Target("--out", out_path, "impact table")],
                  _sources(game, "impact", [("--cards", cards_path)],
                           [("--strategy", [strategy]), ("--opponent-strategy", [opponent_strategy])], extras))
    plan = command.plan(game, cards_only, strategy, opponent_strategy, side, forced, games, screen, cards_path, seed,
                        threads, max_turns, band, extras, sides=sides, variants=variants)
    runner = _runner(scheduler, threads)
    progress = _Progress(game, 1, "impact", quiet)

    def estimated(estimate):   # after the screen's first seeds, a pilot: the expected time of the test too
        progress.say(estimate.text("a smaller --games caps the test, a wider --band ends it sooner"))
        progress.weigh(estimate)

    with _nothing_written(lambda: f" after {progress.done:,} games"):
        with progress:
            result = plan.play(progress, runner, estimate=None if quiet else estimated)
        write_table(result.table, out_path)
    if not quiet:
        for line in imp.impact_lines(result):
            click.echo(line)
    click.echo(f"Wrote {out_path}.")


def tournament_params(game: Game) -> list[click.Parameter]:
    i = game.info
    return [
        O("--strategies", "entries", default=None, metavar="LIST", callback=_listed,
          help="Comma list of entries: built-in names or strategy .toml files (and the game's own entries, e.g. "
               "The Last Command's Solo A.I. levels ai:easy .. ai:insane) [default: the game's tuning pool]. "
               + STRATEGY_FILES),
        O("--games", type=Count(4, limits.COMPARE_GAMES_MAX), default=4000, show_default=True, metavar="N",
          help="Games per pair (a multiple of 4: every seed with both seat orders and both side assignments)."),
        seed_option("Base seed."),
        sides_option(game, f"The two {i.side.many}; every pair plays each entry on each [default: the game's].",
                     metavar="A,B"),
        *variants_option(game, f"The {i.variant.one} of each side; one name means both [default: "
                               f"{i.variants[0]}].", metavar="A[,B]"),
        cards_option(), threads_option(), max_turns_option(game),
        out_option("out/tournament.csv", "Matrix table (.csv or .parquet); the ratings go next to it as "
                                         "<stem>_ratings."),
        quiet_option("No progress, matrix or ratings: only cycles and the files."),
    ]


@game_command(main, "tournament", tournament_params)
def tournament(game: Game, entries: str | None, games: int, seed: int, sides: str | None, cards_path: Path | None,
               threads: int | None, max_turns: int | None, out_path: Path, quiet: bool, variants: str | None = None):
    """Play every pair of entries on the same seeds; write the win-rate matrix and ratings.

    Each cell is the row entry's score against the column entry (win 1,
    draw 1/2) with a 95% interval over seeds. Ratings are Bradley-Terry
    strengths (draws count as half a win) with 95% intervals clustered by
    seed (every pair plays the same seeds), on the Elo scale too, and the
    score they predict for every
    pair. Non-transitive cycles (A beats B beats C beats A, each interval
    clear of 50%) are printed: one rating cannot show them.

    \b
    Examples:
      commandsim tournament
      commandsim tournament --strategies balanced,examples/strategies/careful.toml,ai:hard,ai:insane --games 8000
      commandsim tournament --game star-realms --decks alliance,standard
      commandsim report out/tournament.csv out/tournament_ratings.csv
    """
    from reports.commands import names as split_names
    from reports.commands import tournament as command
    from reports import tournament as tour
    from reports.files import Target, check_targets, next_to, write_tables

    ratings_out = next_to(out_path, "ratings", "--out")
    check_targets([Target("--out", out_path, "matrix table"),
                   Target("--out", ratings_out, "ratings table", next_to=out_path)],
                  _sources(game, "tournament", [("--cards", cards_path)], [("--strategies", split_names(entries))]))
    plan = command.plan(game, entries, games, seed, sides, cards_path, threads, max_turns, variants)
    pairs = plan.pairs
    estimate = None
    if not quiet:   # the cost first, from each pair's speed on probe seeds
        say_if_compiling(game)
        estimate = _estimated(plan.estimate,
                              lambda est: f"--games {max(4, games // 5 // 4 * 4):,} takes about a fifth of it",
                              f"after 0 of {pairs} pairs")
    progress = _Progress(game, pairs, f"{pairs} pairs", quiet, unit="pairs", weights=estimate)
    with _nothing_written(lambda: f" after {progress.done} of {progress.total} pairs"):
        with progress:
            result = plan.play(progress)
        write_tables({out_path: result.matrix, ratings_out: result.ratings})

    if not quiet:
        grid = tour.score_grid(result.matrix)
        click.echo(f"Score of the row entry against the column entry ({games:,} games per pair, seed {seed}; "
                   f"win 1, draw 1/2; '-' did not meet):")
        _echo_table(("", *grid.columns), [(e, *("-" if v != v else f"{v:.1%}" for v in grid.loc[e]))
                                          for e in grid.index])
        click.echo("\nBradley-Terry ratings (draws as half wins; 95% intervals from the Fisher information; "
                   "strength: log-odds, the field's mean 0):")
        _echo_table(("RANK", "ENTRY", "GAMES", "SCORE", "STRENGTH", "95% CI", "ELO", "95% CI"),
                    [(r.rank, r.entry, r.games, f"{r.score:.1%}", f"{r.strength:+.3f}",
                      f"{r.strength_ci_low:+.3f} - {r.strength_ci_high:+.3f}", f"{r.elo:.0f}",
                      f"{r.elo_ci_low:.0f} - {r.elo_ci_high:.0f}") for r in result.ratings.itertuples()])
        if result.regularised:
            click.echo("Some entries won (or lost) every game against the rest: one pseudo-game split evenly "
                       "was added to every pair so that the ratings stay finite.")
    if result.cycles:
        click.echo(f"\nNon-transitive cycles (each step's score interval clear of 50%): {len(result.cycles)}")
        for text in result.cycle_text():
            click.echo(f"  {text}")
    else:
        click.echo("\nNo non-transitive cycle: no A > B > C > A with every step's interval clear of 50%.")
    click.echo(f"Wrote {out_path} (matrix, {len(result.matrix)} rows) and {ratings_out} (ratings, "
               f"{len(result.ratings)} rows).")


# ---- metagame: the match-up when both sides play their best mix of strategies

def metagame_params(game: Game) -> list[click.Parameter]:
    from reports import alpharank, metagame as mg
    i = game.info
    return [
        O("--strategies", "strategies", default=None, metavar="LIST", callback=_listed,
          help=f"Comma list of side A's entries, and side B's unless --opponent-strategies: built-in names, strategy "
               f".toml files, search:N [default: the game's built-in strategies]. {STRATEGY_FILES}"),
        O("--opponent-strategies", "opponent_strategies", default=None, metavar="LIST", callback=_listed,
          help="Side B's entries [default: the same as --strategies]. Entries only one side plays cost twice the "
               "games of shared ones."),
        sides_option(game, f"The two {i.side.many} of the match-up, A then B [default: "
                           f"{i.sides[0]},{i.sides[1 if len(i.sides) > 1 else 0]}].", metavar="A,B"),
        *variants_option(game, f"The {i.variant.one} of each side; one name means both [default: {i.variants[0]}].",
                         metavar="A[,B]"),
        O("--games", type=Count(4, mg.GAMES_MAX), default=None, metavar="N",
          help=f"Games per cell (a multiple of 4: each seed in both seat orders) [default: {mg.DEFAULT_GAMES:,}; "
               f"with --until-verdict the games of each round, default {mg.DEFAULT_ROUND_GAMES:,}]."),
        O("--until-verdict", is_flag=True,
          help="Play rounds of --games per cell on consecutive seeds and stop at the first look whose value interval "
               "gives a verdict (inside 50% +-band, or clear of 50%), at 95% over all looks, or at --max-games."),
        O("--max-games", type=Count(4, mg.GAMES_MAX), default=None, metavar="N",
          help=f"With --until-verdict: games cap per cell [default: {mg.DEFAULT_MAX_GAMES:,}]."),
        O("--band", type=FiniteFloatRange(min=0, max=50, max_open=True), default=mg.DEFAULT_BAND, show_default=True,
          metavar="POINTS", help="The value is 'even' when its interval lies within 50% +-band."),
        O("--resamples", type=Count(20, mg.RESAMPLES_MAX), default=mg.DEFAULT_RESAMPLES, show_default=True,
          metavar="N", help="Bootstrap resamples of the seeds: each solves both games again."),
        O("--alpha", type=FiniteFloatRange(min=0, max=1e6), default=alpharank.DEFAULT_ALPHA, show_default=True,
          metavar="ALPHA",
          help="alpha-Rank's ranking intensity (payoffs are scores: a 1-point edge is 0.01)."),
        O("--rank-population", type=Count(2, 10_000), default=alpharank.DEFAULT_POPULATION, show_default=True,
          metavar="M", help="alpha-Rank's population size m."),
        cards_option(), seed_option("Base seed; cells play the same seeds as a tournament's pairs."),
        threads_option(), max_turns_option(game),
        out_option("out/metagame.csv", "The matrix (.csv or .parquet); the mixes and the value go next to it as "
                                       "<stem>_mixes and <stem>_value."),
        quiet_option("No progress and no tables: only the value and the files."),
        scheduler_option(),
    ]


@game_command(main, "metagame", metagame_params)
def metagame(game: Game, strategies: str | None, opponent_strategies: str | None, sides: str | None,
             games: int | None, until_verdict: bool, max_games: int | None, band: float, resamples: int,
             alpha: float, rank_population: int, cards_path: Path | None, seed: int, threads: int | None,
             max_turns: int | None, out_path: Path, quiet: bool, scheduler: str | None = None,
             variants: str | None = None):
    """When both sides play their best mix of strategies: who wins, and which strategies would players settle on.

    Every entry of side A plays every entry of side B on the same seeds,
    each seed in both seat orders (as the tournament pairs entries). The
    zero-sum game of A's score is solved (linear programming): each side's
    equilibrium mix, the value (A's score when both play their mixes,
    read against 50% +-band) and the exploitability of the mixes. The
    symmetric metagame lets each player choose a side and a strategy: its
    equilibrium, alpha-Rank and non-transitive cycles (Holm-corrected).
    Intervals come from a bootstrap over the seeds; a strategy is in the
    support only when its weight's interval excludes 0.

    \b
    Examples:
      commandsim metagame
      commandsim metagame --strategies balanced,aggro,engine,defensive --games 8000
      commandsim metagame --game star-realms --decks standard,hydra
      commandsim metagame --game skirmish --forces elite,raiders --strategies reserve,spender,tuned,search:16
      commandsim metagame --until-verdict --band 1
      commandsim report out/metagame.csv
    """
    from reports import metagame as mg
    from reports import metagame_text as mt
    from reports.commands import metagame as command
    from reports.files import Target, check_targets, next_to, write_tables

    mixes_out, value_out = next_to(out_path, "mixes", "--out"), next_to(out_path, "value", "--out")
    check_targets([Target("--out", out_path, "metagame matrix"),
                   Target("--out", mixes_out, "metagame mixes", next_to=out_path),
                   Target("--out", value_out, "metagame value", next_to=out_path)],
                  _sources(game, "metagame", [("--cards", cards_path)],
                           [("--strategies", command.entry_names(strategies)),
                            ("--opponent-strategies", command.entry_names(opponent_strategies))]))
    p = command.plan(game, strategies, opponent_strategies, sides, games, until_verdict, max_games, band, resamples,
                     alpha, rank_population, cards_path, seed, threads, max_turns, variants)
    runner = _runner(scheduler, threads)
    estimate = None
    if not quiet and scheduler is None:   # the cost first, from each call's speed on probe seeds
        say_if_compiling(game)
        estimate = _estimated(p.estimate, lambda est: mg.shorter_hint(p, est), "after 0 games")
    progress = _Progress(game, p.total_games(), f"{p.cells} cells", quiet, weights=estimate)
    with _nothing_written(lambda: f" after {progress.done:,} of {progress.total:,} games"):
        with progress:
            result = p.play(progress, runner)
        write_tables({out_path: result.matrix, mixes_out: result.mixes, value_out: result.value})
    for line in (mt.lines(result, p.games, seed) if not quiet else mt.quiet_lines(result)):
        click.echo(line)
    click.echo(f"Wrote {out_path} (matrix), {mixes_out} (mixes) and {value_out} (value).")


# ---- bench: the engine's speed on this machine

def bench_params(game: Game) -> list[click.Parameter]:
    i = game.info
    return [
        O("--games", type=Count(100, limits.BENCH_GAMES_MAX), default=None, metavar="N",
          help="Games timed on one thread and again on all threads (by default 50,000; a search strategy: 100, on "
               "all threads only)."),
        strategy_option(game, "Strategy of both seats: a built-in name or a strategy .toml file. A search strategy "
                              "(search:N) plays its base heuristic, and bench prints games, searched decisions and "
                              "rollouts per second."),
        sides_option(game, f"The two {i.side.many} in seat order [default: the first cell of the game's sweep].",
                     metavar="FIRST,SECOND"),
        O("--repeats", type=Count(1, limits.BENCH_REPEATS_MAX), default=3, show_default=True, metavar="K",
          help="Timed runs of each, alternating; the best counts (on a shared machine the others measure its "
               "neighbours too). All are printed."),
        O("--startup", is_flag=True,
          help="Also time a new process's start-up with an empty numba cache (compiles: one to three minutes) and "
               "with the cache it left."),
        O("--memory-games", type=Count(0, limits.SWEEP_GAMES_MAX), default=0, metavar="N",
          help="Also measure the peak memory of a new process sweeping N games per cell [default: 0, skipped]."),
        cards_option(),
    ]


@game_command(main, "bench", bench_params)
def bench(game: Game, games: int | None, strategy: str, sides: str | None, repeats: int, startup: bool,
          memory_games: int, cards_path: Path | None):
    """Measure the engine's speed on this machine: games per second on one thread and on all
    threads (the best of --repeats alternating runs, all of them printed), the scaling between them,
    start-up time and mean game length; optionally cold and warm start-up and a sweep's peak memory.

    \b
    Examples:
      commandsim bench
      commandsim bench --game star-realms --games 200000
      commandsim bench --startup --memory-games 1000000
      commandsim bench --game skirmish --strategy search:100
    """
    from simcore import bench as b

    _checked("'--strategy'", game.check_strategy, strategy)
    if memory_games % 2:
        raise click.BadParameter(f"expected an even number (a sweep plays each seed with each seat order), got "
                                 f"{memory_games}", param_hint="'--memory-games'")
    tables = game.load_tables([cards_path] if cards_path is not None else [])
    order = _checked(f"'{game.info.side.flag}'", b.bench_order, game, _pair(sides, game.info.side.flag), strategy,
                     tables)
    say_if_compiling(game)
    for line in b.bench_lines(game, order, strategy, tables, games, repeats):
        click.echo(line)
    if startup:
        cold, warm = b.startup_times(game, cards_path)
        click.echo(f"cold start (empty cache): {cold:8.1f} s")
        click.echo(f"warm start (cache hit):   {warm:8.1f} s")
    if memory_games:
        mb, seconds = b.sweep_peak_memory(game, memory_games, cards_path)
        click.echo(f"peak memory, sweep of {memory_games:,} games per cell: {mb:,.0f} MB ({seconds:.0f} s)")


# ---- the skill ladder and the designer's question (is a finding still true when both sides play well?)

def ladder_params(game: Game) -> list[click.Parameter]:
    from reports import ladder as lad

    i = game.info
    return [
        O("--rungs", default=None, metavar="LIST", callback=_listed,
          help=f"Strategies from weakest to strongest (built-in names, strategy files, search:N) [default: "
               f"{lad.default_rungs_help(i.name)}]. {STRATEGY_FILES}"),
        O("--games", type=Count(4, limits.COMPARE_GAMES_MAX), default=2000, show_default=True,
          metavar="N",
          help="Games per pair of rungs (a multiple of 4: every seed with both seat orders, half of the seeds with "
               "each side assignment); with --finding, games per rung (even)."),
        seed_option("Base seed: every pair (every rung, with --finding) plays the same seeds."),
        threads_option(),
        sides_option(game, f"The ladder's two {i.side.many}, as `tune` takes them [default: the game's own].",
                     metavar="A,B"),
        *variants_option(game, f"The ladder's {i.variant.many}, as `tune` takes them [default: the game's own].",
                         metavar="A[,B]"),
        O("--finding", type=Choice(["first-player", "matchup", "impact"], case_sensitive=False), default=None,
          help="Instead of the ladder: re-measure this finding with both sides at each rung and say whether it "
               "holds (sign change, size change, stable or unclear); impact: a card's impact (--card) at each "
               "rung."),
        O("--card", default=None, metavar="NAME", help="With --finding impact: the card whose impact is measured."),
        O("--a", "side_a", default=None, metavar="SIDE",
          help="With --finding: side A, as the game writes a side [default: the game's]."),
        O("--b", "side_b", default=None, metavar="SIDE", help="With --finding: side B [default: the game's]."),
        O("--out", "out_path", type=click.Path(path_type=Path, dir_okay=False), default=None, metavar="PATH",
          help="Result table (.csv or .parquet), readable by 'commandsim report' [default: out/ladder.csv, with "
               "--finding out/ladder_<finding>.csv]."),
        quiet_option("No progress bar and no table: only the verdict and the file."),
    ]


@game_command(main, "ladder", ladder_params)
def ladder(game: Game, rungs: str | None, games: int, seed: int, threads: int | None, sides: str | None,
           finding: str | None, side_a: str | None, side_b: str | None, out_path: Path | None, quiet: bool,
           variants: str | None = None, card: str | None = None):
    """A skill ladder: each rung head to head against the rung below, with a verdict.

    Every pair plays the same seeds, each seed with both seat orders and half
    of the seeds with each side assignment (as `tune` and `tournament` do).
    Per pair: the upper rung's win rate and score (win 1, draw 1/2), each with
    its 95% interval over seeds and n, and a verdict: 'stronger' when the score's
    interval lies wholly above 50%. The Elo column places every rung above the
    bottom one (Bradley-Terry over the chain of pairs).

    With --finding: the designer's question. Is a balance finding still true
    when both sides play well? The finding is measured with both sides played
    by the same rung, at every rung, on the same seeds:

    \b
      first-player  the player moving first's score (sides A and B each move
                    first on every seed)
      matchup       side A's score against side B, both seat orders per seed

    and read across the rungs: 'sign change' (two rungs' intervals clear of
    50% on opposite sides), else 'size change' (two rungs' intervals do not
    overlap), else 'stable' when every rung's interval holds every other
    rung's estimate, else 'unclear' (more games would tell). 'commandsim
    report' plots the finding against skill from the CSV.

    \b
    Examples:
      commandsim ladder --game star-realms
      commandsim ladder --rungs random,aggro,balanced,examples/strategies/careful.toml --games 4000
      commandsim ladder --game skirmish --rungs reserve,tuned,search:100 --games 400
      commandsim ladder --finding first-player --game star-realms
      commandsim ladder --finding matchup --a federation:asymmetrical --b sunder:standard
      commandsim report out/ladder.csv out/ladder_matchup.csv
    """
    from reports.commands import ladder as command
    from reports.commands import names as split_names
    from reports import ladder as lad
    from reports.files import Target, check_targets, write_table

    out_path = out_path or command.default_out(finding)
    check_targets([Target("--out", out_path, "ladder table")], _sources(strategies=[("--rungs", split_names(rungs))]))
    plan = command.plan(game, rungs, games, seed, threads, sides, finding, side_a, side_b, variants, card)
    if plan.finding == "impact":
        return _ladder_impact(game, plan, out_path, quiet)
    finding, names, left_out, name = plan.finding, plan.rungs, plan.left_out, game.info.name
    estimate = None
    with _nothing_written(f" after 0 of {plan.total:,} games"):
        if not quiet:   # the cost first, from each rung's measured speed: a search rung takes most of it
            say_if_compiling(game)
            estimate = plan.estimate()
            click.echo(estimate.text(lad.shorter_hint(estimate, 2 if finding else 4, games)), err=True)
    progress = _Progress(game, plan.total, f"{len(names)} rungs", quiet, weights=estimate)
    with _nothing_written(lambda: f" after {progress.done:,} of {progress.total:,} games"):
        with progress:
            table = plan.play(progress)
        write_table(table, out_path)

    if left_out:   # the game's rungs it cannot play yet (a search budget before its search player)
        click.echo(f"Left out of the default ladder (not a strategy of {name} yet): "
                   f"{', '.join(n for n, _ in left_out)}.")
    if finding is None:
        if not quiet:
            click.echo(f"Skill ladder of {name}: each rung against the rung below, {games:,} games per pair on the "
                       f"same seeds (seats swapped, sides balanced), seed {seed}.")
            _echo_table(("RUNG", "VS", "GAMES", "WINS", "LOSSES", "DRAWS", "WIN RATE", "95% CI", "SCORE", "95% CI",
                         "VERDICT", f"ELO ABOVE {names[0].upper()} [95%]"),
                        [(r.rung, r.below, r.games, r.wins, r.losses, r.draws, f"{r.win_rate:.1%}",
                          f"{r.ci_low:.1%} - {r.ci_high:.1%}", f"{r.score:.1%}",
                          f"{r.score_ci_low:.1%} - {r.score_ci_high:.1%}", r.verdict,
                          f"{r.elo:+.0f} [{r.elo_ci_low:+.0f}, {r.elo_ci_high:+.0f}]") for r in table.itertuples()])
            if table["regularised"].any():
                click.echo("A rung won every game against the one below: one pseudo-game split evenly was added to "
                           "each pair so that the Elo stays finite (that step is a lower bound).")
        click.echo(f"Verdict: {lad.summary(table)}.")
    else:
        r0 = table.iloc[0]
        if not quiet:
            what = ("First-player advantage" if finding == "first-player" else
                    f"Match-up {r0.side_a} vs {r0.side_b}")
            click.echo(f"{what} against skill ({name}; sides {r0.side_a} and {r0.side_b}, each first on every "
                       f"seed; both sides at the same rung), {games:,} games per rung, seed {seed}:")
            _echo_table(("RUNG", "GAMES", "WINS", "LOSSES", "DRAWS", "SCORE", "95% CI", "LEAD (POINTS)", "VERDICT"),
                        [(r.rung, r.games, r.wins, r.losses, r.draws, f"{r.score:.1%}",
                          f"{r.ci_low:.1%} - {r.ci_high:.1%}", f"{100 * r.effect:+.1f}", r.verdict)
                         for r in table.itertuples()])
            click.echo(f"(score and wins are {r0.subject}'s: win 1, draw 1/2)")
        click.echo(f"Across skill levels: {r0.across_rungs_text}.")
    click.echo(f"Wrote {out_path}.")


def _ladder_impact(game: Game, plan, out_path: Path, quiet: bool) -> None:
    """``ladder --finding impact --card NAME``: the card's impact (a ban, both sides) at each rung."""
    from reports import ladder as lad
    from reports.files import write_table

    card, games, seed = plan.card, plan.games, plan.seed
    if not quiet:   # the cost first, from each rung's speed
        say_if_compiling(game)
        _estimated(plan.estimate, lambda est: lad.shorter_hint(est, 2, games), "after 0 games")
    progress = _Progress(game, 1, f"{len(plan.rungs)} rungs", quiet)
    with progress:
        table = plan.play(progress)
    write_table(table, out_path)
    if not quiet:
        click.echo(f"Impact of {card} against skill ({game.info.name}; banned for one side, both sides at the same "
                   f"rung, same seeds), {games:,} games per rung and side, seed {seed}:")
        _echo_table(("RUNG", "IMPACT (POINTS)", "95% CI", "N", "VERDICT", "BUYERS' WIN RATE"),
                    [(r.rung, f"{100 * r.impact:+.1f}", f"{100 * r.ci_low:+.1f} - {100 * r.ci_high:+.1f}", r.n,
                      r.verdict, "-" if math.isnan(r.buyers_win_rate) else f"{r.buyers_win_rate:.1%}")
                     for r in table.itertuples()])
        for r in table[table["sides"] != ""].itertuples():
            click.echo(f"At {r.rung} the sides pull opposite ways (the 'both' mean averages them): {r.sides}.")
    click.echo(f"Across skill levels: {table['across_rungs_text'].iloc[0]}.")
    click.echo(f"Wrote {out_path}.")


# ---- tune: search a strategy's parameters

def tune_params(game: Game) -> list[click.Parameter]:
    i = game.info
    return [
        O("--strategy", "start", default=None, metavar="NAME|PATH",
          help=f"The heuristic strategy whose parameters are searched, starting from its values [default: "
               f"{i.default_strategy}]. {STRATEGY_FILES}"),
        O("--opponents", default=None, metavar="LIST", callback=_listed,
          help="Comma list of the strategies (names or files) each candidate plays against [default: the game's "
               "pool, see `strategies list`]."),
        O("--generations", type=Count(1, limits.TUNE_GENERATIONS_MAX), default=10, show_default=True,
          metavar="N", help="Generations of the cross-entropy search."),
        O("--population", type=Count(2, limits.TUNE_POPULATION_MAX), default=16, show_default=True,
          metavar="N", help="Candidates per generation (the current best guess is always one of them)."),
        O("--games", type=Count(4, limits.TUNE_GAMES_MAX), default=400, show_default=True, metavar="N",
          help="Games per candidate and generation, split evenly over the opponents; each seed is played twice, "
               "seats swapped."),
        O("--final-games", type=Count(4, limits.TUNE_GAMES_MAX), default=2000, show_default=True,
          metavar="N", help="Games (a multiple of 4) against each opponent in the final check, on seeds the search "
                            "never played."),
        seed_option("Seeds the search (candidates drawn) and every game; the same seed gives the same run."),
        O("--time-limit", type=FiniteFloatRange(min=0, min_open=True), default=None, metavar="SECONDS",
          help="Stop searching after this long (the final check comes on top) [default: no limit]."),
        O("--params", "param_list", default=None, metavar="LIST", callback=_listed,
          help="Comma list of the parameters to search [default: all; see `strategies show`]."),
        O("--sigma", type=FiniteFloatRange(min=0, max=10, min_open=True), default=0.15, show_default=True,
          metavar="X", help="Initial spread of the search, as a share of each parameter's range (up to 10)."),
        O("--name", default=None, metavar="TEXT", help="Name written into the strategy file [default: "
                                                      "<strategy>-tuned]."),
        O("--out", "out_path", type=click.Path(path_type=Path, dir_okay=False), default=Path("out/tuned.toml"),
          show_default=True, metavar="PATH", help="The tuned strategy, as a strategy .toml file."),
        sides_option(game, f"The two {i.side.many}; every pairing plays each side with each equally often "
                           f"[default: the game's own].", metavar="A,B"),
        *variants_option(game, f"The {i.variant.one} of each side [default: {i.variants[0]}].", metavar="A[,B]"),
        cards_option(), threads_option(),
        quiet_option("No per-generation progress lines."),
        scheduler_option(),
    ]


@game_command(main, "tune", tune_params)
def tune(game: Game, start: str | None, opponents: str | None, generations: int, population: int, games: int,
         final_games: int, seed: int, time_limit: float | None, param_list: str | None, sigma: float,
         name: str | None, out_path: Path, sides: str | None, cards_path: Path | None, threads: int | None,
         quiet: bool, scheduler: str | None = None, variants: str | None = None):
    """Search a strategy's parameters for the strongest play against a pool of opponents.

    Cross-entropy search: each generation draws candidate parameter sets around
    the current best guess, plays every candidate against the pool on the same
    seeds (seats swapped), and moves the guess towards the best quarter. The
    result is checked against every opponent and against the starting strategy
    on fresh seeds, with 95% intervals over seeds, and written as a strategy file.

    \b
    Examples:
      commandsim tune --generations 5 --population 8 --games 200
      commandsim tune --strategy aggro --opponents balanced,engine,defensive --seed 3 --out out/aggro2.toml
      commandsim tune --params crew_share,w_damage,w_draw --time-limit 300
      commandsim tune --scheduler local:2 --population 32
      commandsim tune --game star-realms --generations 5 --population 8 --games 200 --out out/sr_tuned.toml
    """
    from reports.commands import names as split_names
    from reports.commands import tune as command
    from reports.files import Target, check_targets

    check_targets([Target("--out", out_path, "strategy file", (".toml",))],
                  _sources(game, "tune", [("--cards", cards_path)],
                           [("--strategy", [start]), ("--opponents", split_names(opponents))]))
    plan = command.plan(game, start, opponents, generations, population, games, final_games, seed, time_limit,
                        param_list, sigma, name, sides, cards_path, threads, variants)
    opts, start_name = plan.opts, plan.start_name
    runner = _runner(scheduler, threads)

    def progress(g):
        raise_if_interrupted()
        if not quiet:
            click.echo(f"generation {g.index + 1:>3}/{generations}  score mean {g.mean_score:.3f}  "
                       f"best {g.best_score:.3f}  current {g.center_score:.3f}  spread {g.sigma:.3f}  "
                       f"({g.seconds:.1f} s)")

    if not quiet:
        click.echo(f"Tuning {start_name} against {', '.join(opts.pool)}: {generations} generations x "
                   f"{population} candidates x {games} games, seed {seed}.")
    say_if_compiling(game)
    with _nothing_written():   # the strategy file is written only at the end: a signal before it leaves none
        if not quiet:   # the cost first, measured on a few games of seeds the run does not play
            from strategies.tuning.tuner import shorter_tune_hint

            estimate = plan.estimate()
            click.echo(estimate.text(shorter_tune_hint(estimate, opts)), err=True)
        result = plan.play(progress, runner)
    done = len(result.generations)
    if result.stopped_by_time:
        click.echo(f"Stopped by --time-limit after {done} complete generation(s); "
                   f"--generations {done} without a time limit reproduces this run.")
    if done:
        vs, vt = result.validation
        click.echo(f"Validation (seeds of its own): pool score {vt:.3f} for the search's result, {vs:.3f} for "
                   f"{start_name}" + ("; the search did not improve on it, so the start is kept." if result.kept_start
                                      else "."))
    click.echo(f"\nFinal check on fresh seeds ({final_games} games per opponent, seats swapped):")
    rows = []
    for opp, m in result.final.items():
        lo, hi = m.interval()
        base = result.baseline.get(opp)
        blo, bhi = base.interval() if base is not None else (None, None)
        rows.append((opp, m.games, m.wins, m.draws, f"{m.win_rate:.1%}", f"{lo:.1%} - {hi:.1%}",
                     f"{base.win_rate:.1%}" if base is not None else "(itself)",
                     f"{blo:.1%} - {bhi:.1%}" if base is not None else ""))
    _echo_table(("OPPONENT", "GAMES", "WINS", "DRAWS", "TUNED WIN RATE", "95% CI", start_name.upper() + " WIN RATE",
                 "95% CI"), rows)
    head = result.final[result.start_key]
    lo, hi = head.interval()
    verdict = ("better" if lo > 0.5 else "worse" if hi < 0.5 else "not shown different at 95%")
    click.echo(f"\n{result.name} vs {result.start_name}: {head.win_rate:.1%} (95% CI {lo:.1%} - {hi:.1%}): {verdict}.")
    if result.changed:
        click.echo("Changed: " + ", ".join(f"{k} {a:g} -> {b:.3g}" for k, (a, b) in result.changed.items()))
    try:
        plan.write(result, out_path)
    except OutputFileError:
        raise                       # it names its path already
    except OSError as exc:
        raise UserError(f"cannot write {out_path}: {exc.strerror or exc}") from None
    click.echo(f"Wrote {out_path}.")


# ---- advise: the smallest card edits that bring a win rate into a band

def advise_params(game: Game) -> list[click.Parameter]:
    from reports.advisor.impact_target import IMPACT_FORMS
    from reports.advisor.shape_targets import SHAPE_FORMS
    forms = hooks(game).target_forms
    n = Count(4, limits.ADVISE_GAMES_MAX)
    return [
        O("--target", "target_text", default=None, metavar="TEXT",
          help=f"The win rate to reach: {forms}; or a measure of the games' shape (docs/shape.md): {SHAPE_FORMS}; "
               f"or a card's impact by restricted play ('commandsim impact'): {IMPACT_FORMS}."),
        *game_options(game, "advise"),
        O("--band", type=FiniteFloatRange(min=0, max=50, min_open=True, max_open=True), default=2.0,
          show_default=True, metavar="POINTS",
          help="The target is met when every win rate lies within +-band percentage points of its goal (a count, "
               "such as a length, within band percent of it)."),
        O("--strategy", default=None, metavar="NAME",
          help=f"The strategy of both players: a built-in name or a .toml file [default: "
               f"{game.info.default_strategy}]. {STRATEGY_FILES}"),
        O("--strategies", "strategies", default=None, metavar="LIST", callback=_listed,
          help="With a target 'A vs B at equilibrium = 50%': the strategies each side mixes, as 'metagame "
               "--strategies' takes them; the game is solved again for every edit, and the games counts below are "
               "per pair of strategies [default: the game's tuning pool]."),
        O("--opponent-strategies", "opponent_strategies", default=None, metavar="LIST", callback=_listed,
          help="With a target at equilibrium: the other side's strategies [default: the same as --strategies]."),
        cards_option(),
        O("--only", "only_cards", default=None, metavar="LIST", callback=_listed,
          help="Edit only these cards (comma-separated names) [default: every card]."),
        O("--allow-stated", is_flag=True,
          help="Also edit values the game's sources state; estimated values are still preferred."),
        O("--max-edits", type=Count(min=1, max=5), default=3, show_default=True, metavar="N",
          help="The most fields a proposal may change."),
        O("--candidates", type=Count(1, limits.ADVISE_CANDIDATES_MAX), default=10, show_default=True,
          metavar="N", help=f"Edits tested beyond the screen and searched over (up to "
                            f"{limits.ADVISE_CANDIDATES_MAX:,})."),
        O("--screen-games", type=n, default=1000, show_default=True, metavar="N",
          help=f"Games per win rate and edit in the screen (paired with the unedited cards; up to "
               f"{limits.ADVISE_GAMES_MAX:,}, as every count below)."),
        O("--test-games", type=n, default=10_000, show_default=True, metavar="N",
          help="Cap of the sequential test, games per win rate and edit."),
        O("--search-games", type=n, default=4000, show_default=True, metavar="N",
          help="Games per win rate and set of edits in the search."),
        O("--check-games", type=n, default=20_000, show_default=True, metavar="N",
          help="Games per win rate of the final check on fresh seeds."),
        O("--no-retune", is_flag=True, help="Skip re-checking the proposal with a strategy tuned on the edited cards."),
        O("--tune-generations", type=Count(1, limits.TUNE_GENERATIONS_MAX), default=6, show_default=True,
          metavar="N", help="The re-tune's budget: generations of the search ('tune --generations')."),
        O("--tune-population", type=Count(2, limits.TUNE_POPULATION_MAX), default=8, show_default=True,
          metavar="N", help="The re-tune's candidates per generation ('tune --population')."),
        O("--tune-games", type=Count(4, limits.TUNE_GAMES_MAX), default=400, show_default=True, metavar="N",
          help="The re-tune's games per candidate and generation, over the opponent pool ('tune --games')."),
        seed_option("Base seed: the same seed gives the same advice."),
        threads_option(), max_turns_option(game),
        O("--out", "out_path", type=click.Path(path_type=Path, dir_okay=False), default=Path("out/advice.csv"),
          show_default=True, metavar="PATH",
          help="The ranked table of edits (.csv or .parquet), readable by 'commandsim report'."),
        O("--patch", "patch_path", type=click.Path(path_type=Path, dir_okay=False), default=None, metavar="PATH",
          help="The card patch of the proposal [default: <out stem>_patch.toml]."),
        quiet_option("No progress and no tables: only the proposal and the files."),
        scheduler_option(),
    ]


@game_command(main, "advise", advise_params)
def advise(game: Game, target_text: str | None, band: float, strategy: str | None, strategies: str | None,
           opponent_strategies: str | None, cards_path: Path | None,
           only_cards: str | None, allow_stated: bool, max_edits: int, candidates: int, screen_games: int,
           test_games: int, search_games: int, check_games: int, no_retune: bool, tune_generations: int,
           tune_population: int, tune_games: int, seed: int, threads: int | None, max_turns: int | None,
           out_path: Path, patch_path: Path | None, quiet: bool, scheduler: str | None = None,
           extras: dict | None = None):
    """Find the smallest card edits that bring a win rate into a band, with intervals.

    For every game (--game). Every single-field numeric edit of the game's
    cards (costs, each number of an effect; copies with --allow-stated) by +-1
    is played on a few seeds paired with the unedited cards; the most
    promising are tested further (group-sequential, 95% at every look); sets
    of the edits that helped are played until one brings the target into the
    band (fewest fields, then smallest change); the winner is checked on
    fresh seeds, with the fixed strategy and with one re-tuned on the edited
    cards. Values the sources state are never edited without --allow-stated.

    Writes the ranked table (--out) and a card patch (--patch) that --cards
    and 'compare --cards-b' read.

    \b
    Examples:
      commandsim advise --target "federation asymmetrical vs sunder standard = 50%"
      commandsim advise --target "first player = 50%" --band 1
      commandsim advise --ladder 65,55,45,35 --band 3
      commandsim advise --game star-realms --target "alliance vs standard = 50%" --allow-stated
      commandsim advise --game skirmish --target "line vs raiders = 50%"
      commandsim advise --game skirmish --target "elite vs raiders at equilibrium = 50%" --only raiders
      commandsim advise --target "first player = 50%" --scheduler local:2
    """
    import time

    from reports.commands import advise as command
    from reports.commands import names as split_names
    from reports.files import Target, check_targets, next_to, write_tables

    gname = game.info.name
    command.check_target_given(target_text, extras)
    derived = patch_path is None
    patch_path = patch_path or next_to(out_path, "patch", "--out", ".toml")
    check_targets([Target("--out", out_path, "table of edits"),
                   Target("--out" if derived else "--patch", patch_path, "card patch", (".toml",),
                          next_to=out_path if derived else None)],
                  _sources(game, "advise", [("--cards", cards_path)],
                           [("--strategy", [strategy]), ("--strategies", split_names(strategies)),
                            ("--opponent-strategies", split_names(opponent_strategies))], extras))
    plan = command.plan(game, target_text, band, strategy, cards_path, only_cards, allow_stated, max_edits, candidates,
                        screen_games, test_games, search_games, check_games, no_retune, tune_generations,
                        tune_population, tune_games, seed, threads, max_turns, extras, strategies=strategies,
                        opponent_strategies=opponent_strategies)
    target, strategy, opts = plan.target, plan.opts.strategy, plan.opts

    def progress(stage: str, done: int, total: int):
        raise_if_interrupted()
        if not quiet and sys.stderr.isatty() and (done == total or done % 50 == 0):
            click.echo(f"\r{stage}: {done}" + (f"/{total}" if total else ""), err=True, nl=done == total)

    runner = _runner(scheduler, threads)
    if not quiet:
        mix = target.components[0].mix
        played = (f"mixes of {', '.join(mix.rows)}" + (f" against {', '.join(mix.cols)}" if mix.cols != mix.rows
                                                        else "") if mix is not None else f"strategy {strategy}")
        counts = any(c.relative for c in target.components)
        click.echo(f"Target: {target.text}, band +-{band:g} points{f' (a count: +-{band:g}%)' if counts else ''}; "
                   f"{played}; seed {seed}.")
        if mix is not None:
            click.echo("(at equilibrium: the game is solved again for every set of edits; the games counts are per "
                       "pair of strategies; no strategy is re-tuned, the mixes already adapt)")
        elif not no_retune and not registry.has_tuning(gname):
            click.echo(f"(--game {gname} has no strategy tuner yet: the proposal is checked with the fixed "
                       f"strategy only)")
    say_if_compiling(game)

    def estimated(estimate):   # after the screen's first seeds, a pilot: the cost of the rest
        from reports.advisor.advise import shorter_advise_hint
        click.echo(("\n" if sys.stderr.isatty() else "") + estimate.text(shorter_advise_hint(estimate, opts)),
                   err=True)

    with _nothing_written():   # a signal in the pilot's games stops the run as one in its own does: nothing written
        started = time.perf_counter()
        advice = plan.play(progress, runner, None if quiet else estimated)
        elapsed = time.perf_counter() - started
        write_tables({out_path: advice.table}, files={patch_path: advice.patch.encode()} if advice.patch else None)
    _echo_advice(advice, quiet)
    g = advice.games
    click.echo(f"\nGames: {sum(g.values()):,} ({', '.join(f'{k} {v:,}' for k, v in g.items())}) in {elapsed:.0f} s "
               f"({', '.join(f'{k} {v:.0f} s' for k, v in advice.seconds.items())}).")
    click.echo(f"Wrote {out_path}" + (f" and {patch_path}." if advice.patch else " (no patch: no edit proposed)."))
    if advice.patch:
        from simcore.advice import RECHECK_AND
        commands = []
        for recheck in target.recheck.split(RECHECK_AND):     # a target of several kinds: each its own command
            recheck = recheck.replace("PATCH", str(patch_path))
            if cards_path is not None and "--cards-b" in recheck:
                recheck += f" --cards {cards_path}"
            elif cards_path is not None:
                recheck += f"   (the patch holds only the edited cards: put it in a copy of {cards_path} first)"
            commands.append(recheck)
        click.echo("Re-check: " + RECHECK_AND.join(commands))


def _no_edit_line(advice) -> str:
    """Why no edit is proposed when the search's seeds put the unedited cards within the band: said from the
    Unedited line's own 95% intervals (the check's seeds), which may hold, miss or not yet tell."""
    from simcore.advice import HOLDS, MISSES
    target, band = advice.target, advice.options.band
    states = [c.state(lo, hi, band) for c, lo, hi in zip(target.components, advice.base_low, advice.base_high)]
    if all(s == HOLDS for s in states):
        return "\nThe unedited cards are already within the band (every interval above lies inside it): no edit proposed."
    said = "outside the band" if MISSES in states else "not enough games to tell whether they are within the band"
    return (f"\nNo edit proposed: the search's games put the unedited cards within the band, but the intervals above "
            f"say {said}; play more games (--search-games, --check-games) before reading either.")


def _echo_advice(advice, quiet: bool) -> None:
    """The unedited target, the best screened edits, and the proposal with its checks."""
    target = advice.target
    for comp, value, low, high in zip(target.components, advice.base_values, advice.base_low, advice.base_high):
        click.echo(f"Unedited: {comp.label} {comp.show(value)} [{comp.show(low)}, {comp.show(high)}] (goal "
                   f"{comp.goal_text()}).")
    if not quiet:
        screened = advice.table[advice.table["stage"].isin(["screen", "sequential test"])]
        first = target.labels[0]
        top = screened[screened["component"] == first].head(10)
        k = 1 if target.components[0].unit else 100      # a count's effect in its unit, a share's in points
        click.echo(f"\nScreened {len(advice.screened):,} edits"
                   + (f" ({len(advice.refused)} refused by the engine's limits)" if advice.refused else "")
                   + f"; the best by estimated improvement (effect on {first}, 95% interval):")
        _echo_table(("RANK", "EDIT", "MARK", "EFFECT", "95% CI", "GAMES", "LOOKS", "VERDICT"),
                    [(r.rank, r.edit, r.mark, f"{k * r.effect:+.1f}",
                      f"[{k * r.effect_ci_low:+.1f}, {k * r.effect_ci_high:+.1f}]", r.games, r.looks, r.verdict)
                     for r in top.itertuples()])
    closest = advice.closest
    if closest is None or not closest.edits:
        click.echo(_no_edit_line(advice) if closest is not None else "\nNo edit helped: nothing to propose.")
        return
    head = "Proposal" if advice.proposal is not None else f"No set of up to {advice.options.max_fields} edits " \
                                                            f"reached the band; the closest"
    click.echo(f"\n{head} ({closest.fields} field(s), total change {closest.total_change}):")
    for e in closest.edits:
        click.echo(f"  {e.label} (was {e.field.mark})")
    mixed = target.components[0].mix is not None      # at equilibrium: every pair of strategies played
    for name, check in (("mixes re-solved" if mixed else "fixed strategies", advice.fixed),
                        ("re-tuned strategies", advice.retuned)):
        if check is None:
            continue
        for c, comp in enumerate(target.components):   # each figure's own interval against its own goal
            state = comp.state(check.low[c], check.high[c], advice.options.band)
            k, unit = (1, f" {comp.unit}") if comp.unit else (100, " points")
            click.echo(f"  {name}: {comp.label} {comp.show(check.values[c])} [{comp.show(check.low[c])}, "
                       f"{comp.show(check.high[c])}], change {k * check.effect[c]:+.1f}{unit} "
                       f"[{k * check.effect_low[c]:+.1f}, {k * check.effect_high[c]:+.1f}] on "
                       f"{check.games:,} fresh games{' per pair of strategies' if mixed else ''}: {state}.")
    if advice.fixed is not None and advice.proposal is not None and not advice.fixed.inside:
        click.echo("  Not confirmed on fresh seeds: it was inside the band on the search's seeds only (more "
                   "--search-games, or a wider --band, make the search's estimates closer).")
    if advice.retuned is not None and advice.tuning_kept_start:
        click.echo("  (the short re-tune found nothing better than the strategy itself: re-tuned = fixed)")
    if advice.only_untuned:
        click.echo("  FLAG: inside the band only against untuned players; adapted strategies move it out.")


@main.command()
@click.argument("results", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", "out_dir", type=click.Path(path_type=Path, file_okay=False), default=Path("out/report"),
              show_default=True, metavar="DIR",
              help="Folder for report.html and the PNG plots (created if missing; files of the same names are "
                   "replaced).")
@click.option("--title", default=None, metavar="TEXT",
              help="Title of the HTML page [default: the game, the modes played and the questions answered; a "
                   "title given here keeps them in a line under it].")
def report(results: tuple[Path, ...], out_dir: Path, title: str | None):
    """Write a self-contained HTML report and PNG plots from sweep, compare and tournament results.

    RESULTS are files written by 'commandsim sweep' (the aggregate; its
    <stem>_cards table next to it is read too), 'sweep --per-game',
    'commandsim compare' and 'commandsim tournament' (the matrix; its
    <stem>_ratings next to it is read too), 'ladder', 'advise' and
    'impact', in CSV or Parquet, recognised by their columns; per-game files
    are read in batches (memory stays flat).
    The title names the game, the modes played and the questions answered;
    every heading names its game, mode and question. The page opens with
    Findings, grouped by question and by mode, each cell once: each match-up
    and first-player advantage with its 95% interval and n, a lean when it
    clears 50% +- 2 points after Holm's correction over all tested, 'even
    within +-2 points' when inside them; cells that played identical games
    (and why, where the card data says); then what each comparison (with its
    edit as the cards read), tournament, ladder, impact and advice table
    concludes. Per mode: win rate per cell with 95% intervals, a heat map of
    each side against each other (panels per variant when sparse; solo: x
    difficulty) and the first-player advantage; then game lengths, per-card
    buy rate and win rate when bought (panels of at most 25 cards, costs
    beside them), paired comparisons, card impact, a tournament's matrix and
    ratings. Tables sort by a click on their header. report.html embeds every
    plot, so it opens offline; the same plots are written as PNG files.

    Every file is checked before anything is written: RESULTS are regular
    files (links followed once, loops refused), a table read whole holds at
    most 1 GiB (per-game records any size), and a table whose numbers
    contradict each other (a rate that is not its counts' ratio, an interval
    without its estimate, a key twice, seat rows that do not add up) is
    refused naming its file, line and column. No output replaces an input.

    \b
    Examples:
      commandsim report out/sweep.csv
      commandsim report out/sweep.csv out/games.parquet out/compare.csv --out out/report
    """
    from reports.commands import report as command
    from reports.files import Source, Target, check_targets
    from reports.html_report import REPORT_NAME, write_report

    if out_dir.exists() and not out_dir.is_dir():
        raise click.BadParameter(f"'{out_dir}' is a file, expected a folder", param_hint="'--out'")
    given = [Source("RESULTS", p) for p in results]
    check_targets([Target("--out", out_dir / REPORT_NAME, "report page", (".html",))], given)
    plan = command.plan(results, title)
    built = plan.play()
    # every file the report writes, checked against every file it read (a <stem>_cards table too)
    check_targets([Target("--out", out_dir / REPORT_NAME, "report page", (".html",)),
                   *(Target("--out", out_dir / name, "plot", (".png",)) for name in built.images)],
                  [*given, *(Source("RESULTS", p) for p in plan.paths)])
    written = write_report(built, out_dir)
    for note in built.notes:
        click.echo(f"Note: {note}")
    pngs = [p.name for p in written if p.suffix == ".png"]
    click.echo(f"Wrote {out_dir / REPORT_NAME} and {len(pngs)} plot{'' if len(pngs) == 1 else 's'}: "
               f"{', '.join(pngs)}.")


_NOTICED: set[str] = set()   # the games whose compile notice this command printed


def _estimated(build, shorten, nothing_done: str, only_long: bool = False):
    """The run's ``reports.estimate.Estimate`` from ``build()``, printed on stderr with ``shorten(estimate)`` (how
    to make it shorter); ``only_long``: only when it is long (``reports.estimate.WORTH_SAYING``; else None: a
    run of known size that will not take a minute says nothing).  A signal while its probes play stops the
    command with nothing written, as one in the run does before its first game (``nothing_done``: "after 0 of N
    games")."""
    from reports.estimate import WORTH_SAYING

    with _nothing_written(f" {nothing_done}"):
        estimate = build()
    if only_long and estimate.seconds < WORTH_SAYING:
        return None
    click.echo(estimate.text(shorten(estimate)), err=True)
    return estimate


def say_if_compiling(game: Game) -> None:
    """Say on stderr, always (a log, CI and a notebook see it too; --quiet too), that the game's engine
    compiles first when numba's cache index of its entries holds none for these sources
    (``jit_cache.compiled``), and how long that takes; once per command."""
    from simcore import jit_cache

    if game.info.name not in _NOTICED and jit_cache.compile_notice(game.module, game.info.title):
        _say_compiling(game)


def _say_compiling(game: Game) -> None:
    from simcore import jit_cache

    if game.info.name not in _NOTICED:
        _NOTICED.add(game.info.name)
        click.echo(jit_cache.notice_text(game.info.title), err=True)


class _Progress:
    """A progress bar on stderr (only on a terminal, not with --quiet), fed by the library's
    ``progress(done, total)`` calls; ``total`` may shrink (cells reaching --target-ci early). Whenever the
    game's engine must compile first, it says so on stderr (``say_if_compiling``).

    With ``weights`` (the run's ``reports.estimate.Estimate``, or later by ``weigh``) the bar advances by
    expected time, not by games, and its whole is the expected time: so the remaining time it shows is the
    estimate's.  A run that goes on past its expected length (a sequential stop) stretches the whole, never
    beyond the cap's; one whose cap shrinks (cells that stopped) shrinks it."""

    def __init__(self, game: Game, total: int, label: str, quiet: bool, unit: str = "games", weights=None):
        import time

        self.done, self.total, self._at, self._clock, self.unit = 0, total, time.perf_counter(), time.perf_counter, unit
        self.weights, self._weighed, self._from = weights, 0, 0
        self.bar = None
        say_if_compiling(game)
        if not quiet and sys.stderr.isatty():
            length = total if weights is None else max(1, round(1000 * weights.seconds))
            self.bar = click.progressbar(length=length, label=label, file=sys.stderr, show_pos=weights is None,
                                         show_percent=True, item_show_func=lambda item: item)

    def weigh(self, weights) -> None:
        """From now on, advance by the expected time of ``weights`` (``reports.estimate.Estimate``: of the run
        from now on; what is done so far is the bar's start)."""
        self.weights, self._from, self._weighed = weights, self.done, 0
        if self.bar is not None:
            self.bar.show_pos = False
            self.bar.length = max(1, round(1000 * weights.seconds))
            self.bar.pos = 0

    def say(self, line: str) -> None:
        """A line on stderr, below the bar when one is drawn."""
        click.echo(("\n" if self.bar is not None else "") + line, err=True)

    def __call__(self, done: int, total: int) -> None:
        raise_if_interrupted()   # called between engine calls: a signal whose exception was lost stops here
        now = self._clock()
        step, self.done, self.total, last, self._at = done - self.done, done, total, self._at, now
        if self.bar is None:
            return
        if self.weights is not None:   # by expected time; the speed shown is still the last chunk's games/s
            weighed = round(1000 * self.weights.seconds_done(done - self._from))
            cap = round(1000 * self.weights.seconds_done(total - self._from))
            whole = self.bar.length
            if done >= total:
                whole = weighed
            elif weighed >= whole:      # past the expected length: stretch, never beyond the cap's
                whole = min(cap, round(1.25 * weighed) + 1)
            whole = min(whole, cap) if cap > weighed else whole
            self.bar.length = max(1, whole, weighed)
            self.bar.update(weighed - self._weighed, current_item=f"{step / max(now - last, 1e-9):,.1f} {self.unit}/s")
            self._weighed = weighed
            return
        self.bar.length = total
        if step:   # the speed of the last chunk: the first one may include compiling
            self.bar.update(step, current_item=f"{step / max(now - last, 1e-9):,.0f} {self.unit}/s")
        else:      # only the total changed (update(0) would not redraw)
            self.bar.make_step(0)
            self.bar.render_progress()

    def __enter__(self) -> "_Progress":
        if self.bar is not None:
            self.bar.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)


# ---- commands a game adds (``Game.aliases``: a command of its own over one of the commands above)

def option_default(p: click.Parameter):
    """What option ``p`` takes when it is not given. Not ``p.default``: from click 8.5 an unset flag's is a
    sentinel (``UNSET``, which is true), its value False only through ``get_default``."""
    value = p.get_default(click.Context(click.Command("default")), call=True)
    return tuple(value or ()) if p.multiple else value


def _add_aliases() -> None:
    for name in registry.names():
        for alias in hooks(registry.get(name)).aliases:
            base = main.commands[alias.command]

            def build(game, base=base, alias=alias):
                params = [p for p in base.build(game) if p.name not in alias.fixed and p.name not in alias.omit]
                for p in params:
                    if p.name in alias.defaults:
                        p.default = alias.defaults[p.name]
                return params

            def run(game, base=base, alias=alias, **options):
                # an omitted option takes the value the command takes when it is not given
                omitted = {p.name: option_default(p) for p in base.build(game) if p.name in alias.omit}
                return base.callback(game=game, **alias.fixed, **omitted, **options)

            command = GameCommand(alias.name, build, run, fixed_game=name, options_of=alias.command, help=alias.help)
            main.add_command(command)


# ---- printing

def _echo_table(header, rows):
    """An aligned table (``reports.text_table``): numbers right-aligned, text left-aligned."""
    from reports.text_table import table_lines

    for line in table_lines(header, rows):
        click.echo(line)


def _echo_listing(listing, fmt: str) -> None:
    for line in listing.before:
        click.echo(line)
    if listing.header is not None:
        if fmt == "csv":
            writer = csv.writer(sys.stdout, lineterminator="\n")
            writer.writerow(listing.header)
            for row in listing.rows:
                writer.writerow(["" if v is None else v for v in row])
        else:
            _echo_table(listing.header, listing.rows)
    for line in listing.after:
        click.echo(line)


_add_aliases()


if __name__ == "__main__":
    main(prog_name="commandsim")
