"""The ``commandsim`` command line: a thin click layer over the ``simcore`` library.

Commands parse options, call library functions and print; they hold no game
logic.  A ``CommandsimError`` from the library becomes one line on stderr and
exit code 2 (see ``CommandsimGroup``); any other exception is a bug and keeps
its traceback.
"""
from __future__ import annotations

import csv
import functools
import sys
from pathlib import Path

import click

import cli_options as opt
from simcore.games.last_command.cardset import (check_component_list, compile_cards, compile_effects, find_cards,
                                                load_card_list, read_cards)
from simcore.games.last_command.cardset import describe
from simcore.games.last_command.cardset.loader import display_path, merge_cards, skipped_entries
from simcore.games.last_command.cardset.rule_notes import rule_notes
from simcore.errors import CommandsimError
from simcore.interrupts import exit_code, raise_if_interrupted, signals_as_interrupts, stopped_text
from simcore.games import registry
from simcore.games.last_command.opcodes import Op
from strategies.last_command.library import check_distinct

__version__ = "0.1.0"   # keep equal to pyproject.toml (a test checks)


class UserError(click.ClickException):
    """Printed as ``Error: <message>`` on stderr; 2 is the exit code of every user error."""
    exit_code = 2


class CommandsimGroup(click.Group):
    """A click group that turns library errors into ``UserError`` and usage errors into one line for
    every command below it, and stops on SIGTERM or SIGHUP as on Ctrl-C (exit 128 + the signal)."""

    def make_context(self, info_name, args, parent=None, **extra):
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as exc:
            raise opt.one_line(exc) from None

    def invoke(self, ctx: click.Context):
        with signals_as_interrupts():
            try:
                return super().invoke(ctx)
            except CommandsimError as exc:
                raise UserError(str(exc)) from None
            except click.UsageError as exc:
                raise opt.one_line(exc) from None
            except KeyboardInterrupt as exc:   # commands that write say more themselves
                click.echo(f"\n{stopped_text(exc)}.", err=True)
                raise click.exceptions.Exit(exit_code(exc)) from None


# ---- option bundles shared by commands (engine commands reuse these too)

def cards_option(command):
    """``--cards PATH``: a TOML file or folder that overrides shipped cards by key and adds new ones."""
    return click.option(
        "--cards", "cards_path", type=click.Path(path_type=Path), default=None, metavar="PATH",
        help="Card TOML file or folder: its cards replace shipped cards with the same key "
             "(name, plus ' (asymmetrical)') and add new ones.")(command)


def fog_option(flag: str, dest: str, help: str, multiple: bool = False):
    """A Fog of War file option (``simcore.games.last_command.fog``); its content is checked by the command."""
    return click.option(flag, dest, type=click.Path(path_type=Path, dir_okay=False), multiple=multiple,
                        default=() if multiple else None, metavar="PATH", help=help)


def game_command(command: str, index_option: bool = False):
    """``--game NAME`` on a command: a game registered with its own handler of ``command``
    (``simcore.games.registry``) runs it with the command's options; The Last Command runs the
    function below. ``index_option`` (replay): ``--game G``, a number, still means the game's index
    as before games had names, and ``--index G`` says it for every game."""
    def wrap(fn):
        @functools.wraps(fn)
        def run(game=None, **options):
            name = game or registry.DEFAULT_GAME
            if index_option:
                index = options.pop("index")
                if name.isdigit():
                    try:
                        name, index = registry.DEFAULT_GAME, opt.GAME_INDEX.convert(name, None, None)
                    except click.BadParameter as exc:
                        raise click.BadParameter(exc.message, param_hint="'--game'") from None
            handler = registry.handler(name, command)
            if handler is None:
                if options.get("mode") is not None:     # --mode lists every game's modes: this game's only
                    try:
                        registry.check_mode(name, options["mode"].lower())
                    except CommandsimError as exc:
                        raise click.BadParameter(str(exc), param_hint="'--mode'") from None
                return fn(**options, **({"game": index} if index_option else {}))
            return handler(click.echo, **options, **({"game_index": index} if index_option else {}))
        run = click.option("--game", default=None, metavar="NAME" + ("|G" if index_option else ""),
                           help="The game: see `commandsim games` [default: last-command]"
                                + ("; a number G is --index G." if index_option else "."))(run)
        if index_option:
            run = click.option("--index", type=opt.GAME_INDEX, default=None, metavar="G",
                               help="Replay game G of the run whose base seed is --seed (as a sweep numbers "
                                    "its games).")(run)
        return run
    return wrap


def scheduler_option(command):
    """``--scheduler ADDRESS``: play the chunks on a Dask cluster (``simcore.cluster``)."""
    return click.option(
        "--scheduler", default=None, metavar="ADDRESS",
        help="Play on a Dask cluster: a scheduler address (tcp://host:8786), or local:N for N worker processes "
             "here [default: $COMMANDSIM_SCHEDULER, else this machine's threads]. Needs the cluster extra; "
             "results are identical to a local run.")(command)


def _runner(scheduler: str | None, threads: int | None):
    """The runner of an engine command, closed (a local cluster shut down) when the command ends."""
    from simcore.cluster import connect, scheduler_address

    runner = connect(scheduler_address(scheduler), threads)
    click.get_current_context().call_on_close(runner.close)
    return runner


def format_option(command):
    return click.option("--format", "fmt", type=click.Choice(["table", "csv"]), default="table", show_default=True,
                        help="Readable aligned table, or CSV for spreadsheets and pandas.")(command)


# ---- the command group


def _checked(param: str, check, *args):
    """``check(*args)``, a ``CommandsimError`` turned into a usage error of option ``param`` (exit 2)."""
    try:
        return check(*args)
    except CommandsimError as exc:
        raise click.BadParameter(str(exc), param_hint=param) from None

@click.group(cls=CommandsimGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="commandsim", message="%(prog)s %(version)s")
def main():
    """Monte Carlo balance simulator for the deckbuilding game The Last Command.

    \b
    Examples:
      commandsim sweep
      commandsim solo
      commandsim replay --seed 12345
      commandsim cards list
      commandsim cards show "Railgun"
      commandsim cards audit --cards my_cards/
    """


@main.group()
def cards():
    """Inspect, validate and audit the card data (TOML).

    \b
    Example:
      commandsim cards validate my_cards/
    """


@cards.command("list")
@cards_option
@format_option
@game_command("cards_list")
def list_cards(cards_path: Path | None, fmt: str):
    """List every card type with its costs, copies and estimated fields.

    \b
    Examples:
      commandsim cards list
      commandsim cards list --format csv > cards.csv
      commandsim cards list --cards my_cards/railgun.toml
    """
    cards = load_card_list(overrides=cards_path)
    rows = [describe.list_row(card) for card in cards]
    if fmt == "csv":
        _write_csv(describe.LIST_COLUMNS, rows)
        return
    header = ("CARD", "KIND", "SYSTEM/EXPERTISE", "RANK", "FACTION", "SET", "COPIES", "CREDITS", "POWER",
              "ESTIMATED")
    table = [(r["key"], r["kind"], r["system"] or r["expertise"], r["rank"], r["faction"], r["start_set"],
              r["count"], r["credit_cost"], r["power_cost"], r["estimated_fields"].replace(";", ", "))
             for r in rows]
    _echo_table(header, table)
    copies = sum(card.count for card in cards)
    click.echo(f"\n{len(cards)} card types, {copies} cards.")


@cards.command()
@click.argument("name")
@cards_option
@game_command("cards_show")
def show(name: str, cards_path: Path | None):
    """Show everything about one card: fields, text, compiled effect rows.

    Fields whose values are estimates (the rulebook is silent) are marked
    [estimated]; rulebook values are marked [stated].  A starting System name
    shows both its standard and asymmetrical versions.

    \b
    Examples:
      commandsim cards show "Ship's A.I."
      commandsim cards show "Nuclear Reactor (asymmetrical)"
    """
    for i, card in enumerate(find_cards(load_card_list(overrides=cards_path), name)):
        if i:
            click.echo()
        _echo_card(card)


@cards.command()
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--component-list", is_flag=True,
              help="Also check names and counts against the rulebook's component list (for a complete set).")
@game_command("cards_validate")
def validate(path: Path, component_list: bool):
    """Check a card file or folder as `--cards` would use it.

    Runs every check the engine runs before a game: the schema, then the
    shipped cards with these merged in by key, compiled and set up for
    every match-up (so a set that validates always plays). Reports the
    first problem with its file, card and field (exit code 2), or a summary
    when everything is valid, with any entry of the folder it did not read.

    \b
    Examples:
      commandsim cards validate my_cards/railgun.toml
      commandsim cards validate simcore/games/last_command/cards --component-list
    """
    from simcore.games.last_command.cardset.capacity import game_size
    from simcore.games.last_command.layout import CAP
    from simcore.games.last_command.matchup import check_every_setup

    cards = read_cards(path)
    merged = merge_cards(load_card_list(), cards)
    check_every_setup(compile_cards(merged))
    if component_list:
        check_component_list(cards, where=display_path(path))
    estimates = sum(len(card.estimated) for card in cards)
    copies = sum(card.count for card in cards)
    click.echo(f"OK: {display_path(path)}: {len(cards)} card types ({copies} cards), {estimates} estimated fields; "
               f"with the shipped cards a game holds up to {game_size(merged).total} cards (limit {CAP}).")
    for name, why in skipped_entries(path):
        click.echo(f"Skipped {name}: {why}.")


@cards.command()
@cards_option
@format_option
@game_command("cards_audit")
def audit(cards_path: Path | None, fmt: str):
    """List every estimated value, grouped by card, for checking against printed cards
    (Star Realms: also each card the engine plays by a rule of `cards show`).

    A value is a field or a part of one (an effect, one of its arguments, one
    side of an OR, which Expertise earns a Bonus: see SCHEMA.md); the parts
    the rulebook states are not listed. Correct a value by copying the card
    into your own TOML file, fixing it, moving its path from 'estimated' to
    'stated', and passing --cards.

    \b
    Examples:
      commandsim cards audit
      commandsim cards audit --format csv > estimates.csv
    """
    groups = describe.estimated_fields(load_card_list(overrides=cards_path))
    if fmt == "csv":
        rows = [{"key": card.key, "field": f, "value": v, "source": card.source}
                for card, fields in groups for f, v in fields]
        _write_csv(("key", "field", "value", "source"), rows)
        return
    for card, fields in groups:
        click.echo(f"{card.key}  ({card.source})")
        width = max(len(f) for f, _ in fields)
        for f, v in fields:
            click.echo(f"  {f.ljust(width)}  {v}")
    n_fields = sum(len(fields) for _, fields in groups)
    click.echo(f"\n{n_fields} estimated fields on {len(groups)} cards.")


# ---- engine commands (replay, play, sweep) go below this line.
# Register them on `main` (`@main.command()`), reuse `cards_option` for --cards, and keep heavy
# imports (numba kernels) inside the command functions so that `--help` stays fast.


@main.command()
@click.option("--games", "games", type=click.IntRange(max=opt.SWEEP_GAMES_MAX), default=20000, show_default=True,
              metavar="N",
              help="Games per cell: half with each faction moving first, on the same seeds (an even number); "
                   "solo: N seeds with the player first. With --target-ci: the games of each round.")
@click.option("--seed", type=opt.SEED, default=1, show_default=True, metavar="S",
              help="Base seed; game g of every cell and seat order uses the seed derived from (S, g).")
@click.option("--mode", type=click.Choice(registry.all_modes(), case_sensitive=False), default="duel",
              show_default=True,
              help="duel: faction against faction; solo: the player's faction against the rulebook's A.I. "
                   "(the player always moves first; the A.I. plays the other faction with standard cards). "
                   "Other games' modes: see `commandsim games` (--game star-realms: every mode unless given).")
@click.option("--factions", default="federation,sunder", show_default=True, metavar="LIST",
              help="Comma list of factions; every pair of different factions is a cell (solo: the player's "
                   "factions).")
@click.option("--variants", default="standard,asymmetrical", show_default=True, metavar="LIST",
              help="Comma list of starting-card variants; both sides use the same one in a cell (solo: the "
                   "player's).")
@click.option("--difficulties", default=None, metavar="LIST",
              help="Solo Mode only: comma list of easy, medium, hard, insane [default: all four].")
@click.option("--mixed-variants", is_flag=True,
              help="Also play cells where the two sides use different variants (duel only).")
@click.option("--strategy", default="balanced", show_default=True, metavar="NAME",
              help="Strategy of the faction named first in a cell: a built-in name or a strategy .toml file.")
@click.option("--opponent-strategy", default=None, metavar="NAME",
              help="Strategy of the other faction [default: same as --strategy]; when it differs, both "
                   "faction-to-strategy assignments are played (duel only).")
@cards_option
@click.option("--threads", type=opt.THREADS, default=None, metavar="N",
              help="Engine threads [default: all cores]. Results do not depend on it.")
@click.option("--max-turns", type=opt.MAX_TURNS, default=None, metavar="N",
              help="Turn cap (player-turns) after which a game is a draw [default: the engine's cap].")
@click.option("--target-ci", type=opt.FiniteFloatRange(0, 0.5, min_open=True, max_open=True), default=None,
              metavar="W",
              help="Play each cell in rounds of --games until the 95% interval of its win rate has a "
                   "half-width of at most W (a share: 0.01 is +-1 point), or --max-games is reached.")
@click.option("--max-games", type=click.IntRange(1, opt.SWEEP_GAMES_MAX), default=None, metavar="N",
              help="With --target-ci: games cap per cell (even in duel) [default: 1,000,000]; cells that stop "
                   "at the cap are listed.")
@click.option("--out", "out_path", type=click.Path(path_type=Path, dir_okay=False), default=Path("out/sweep.csv"),
              show_default=True, metavar="PATH",
              help="Aggregate table (.csv, or .parquet); the per-card table goes next to it as <stem>_cards.")
@click.option("--per-game", "per_game_path", type=click.Path(path_type=Path, dir_okay=False), default=None,
              metavar="PATH",
              help="Also write one row per game (.csv or .parquet): cell keys, seed, winner, turns, hulls and "
                   "cards bought by each seat. Written as the games are played, so memory stays flat.")
@fog_option("--fog", "fog_paths", multiple=True,
            help="A Fog of War TOML (sections [first]/[second] or [federation]/[sunder]: hand, extra, draw): "
                 "every cell is also played set up from it, as the variant '<variant>+fog:<file name>'. "
                 "Repeat for more files.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no table: only say where the files are.")
@game_command("sweep")
@scheduler_option
def sweep(games: int, seed: int, mode: str, factions: str, variants: str, difficulties: str | None,
          mixed_variants: bool, strategy: str, opponent_strategy: str | None, cards_path: Path | None,
          threads: int | None, max_turns: int | None, target_ci: float | None, max_games: int | None,
          out_path: Path, per_game_path: Path | None, quiet: bool, fog_paths: tuple[Path, ...] = (),
          scheduler: str | None = None):
    """Play a grid of match-ups on common seeds and write win rates with 95% intervals.

    Every cell (faction A with a variant against faction B) is played on the
    same seeds twice, once with each side moving first, so the table shows
    each faction's win rate as first player, as second player and overall
    (seat first/second/both), with wins, losses, draws and Wilson intervals.
    A second table gives per-card buy rates and the buyer's win rate.

    In Solo Mode (--mode solo) a cell is the player's faction and variant
    against the A.I. at one difficulty; the player always moves first, so
    there is no seat swap. The table keeps the player's rows only (seat
    first and both, the same games, with the difficulty column filled); the
    A.I.'s win rate is one minus the player's win and draw rates.

    \b
    Examples:
      commandsim sweep
      commandsim sweep --games 200000 --seed 7 --out out/big.csv
      commandsim sweep --mixed-variants --threads 2
      commandsim sweep --strategy balanced --opponent-strategy random --out out/vs_random.parquet
      commandsim sweep --cards my_cards/railgun.toml --out out/railgun5.csv
      commandsim sweep --mode solo --difficulties easy,insane --out out/solo.csv
      commandsim sweep --target-ci 0.005 --max-games 400000 --per-game out/games.parquet
      commandsim sweep --fog my_fog/four_crew.toml --variants standard
      commandsim sweep --scheduler tcp://head:8786 --games 2000000
    """
    import contextlib
    import time

    from reports import sweep as sw
    from reports.files import TableStream, write_tables
    from simcore.games.last_command.cardset import load_cards
    from simcore.games.last_command.fog import read_fog
    from simcore.games.last_command.matchup import DEFAULT_MAX_TURNS

    # every option is checked before any game is played or any file is touched
    mode = mode.lower()
    _checked("'--games'", sw.check_games, games, mode)
    faction_list = _checked("'--factions'", sw.parse_factions, factions, mode)
    variant_list = _checked("'--variants'", sw.parse_variants, variants)
    if mode == "solo":
        if opponent_strategy is not None:
            raise click.BadParameter("Solo Mode has no opponent strategy: the A.I. plays by the rulebook",
                                     param_hint="'--opponent-strategy'")
        if mixed_variants:
            raise click.BadParameter("applies only to --mode duel (the A.I. uses the standard starting cards)",
                                     param_hint="'--mixed-variants'")
        difficulty_list = _checked("'--difficulties'", sw.parse_difficulties,
                              difficulties if difficulties is not None else ",".join(sw.DEFAULT_DIFFICULTIES))
    elif difficulties is not None:
        raise click.BadParameter("difficulties apply only to --mode solo", param_hint="'--difficulties'")
    opponent_strategy = strategy if opponent_strategy is None else opponent_strategy
    _checked("'--strategy'", sw.check_strategy, strategy)
    _checked("'--opponent-strategy'", sw.check_strategy, opponent_strategy)
    _checked("'--opponent-strategy'", check_distinct, strategy, opponent_strategy)
    if max_games is not None and target_ci is None:
        raise click.BadParameter("a games cap applies only with --target-ci", param_hint="'--max-games'")
    cap = _checked("'--max-games'", sw.check_target, target_ci, max_games, games, mode)
    cards_out = _sweep_out_paths(out_path)
    if per_game_path is not None:
        _check_out_file(per_game_path, "'--per-game'")
        if per_game_path.resolve() in (out_path.resolve(), cards_out.resolve()):
            raise click.BadParameter(f"'{per_game_path}' is also the aggregate or per-card table: give another "
                                     f"path", param_hint="'--per-game'")
    fogs = [_checked("'--fog'", read_fog, path) for path in fog_paths]
    tables = load_cards(overrides=cards_path)
    max_turns = DEFAULT_MAX_TURNS if max_turns is None else max_turns
    cells = (sw.solo_cells(faction_list, variant_list, difficulty_list, strategy, fogs) if mode == "solo"
             else sw.sweep_cells(faction_list, variant_list, strategy, opponent_strategy, mixed_variants, fogs))
    for cell in cells:
        if cell.fog is not None:
            _checked("'--fog'", cell.fog.check, tables, [m for m, _ in cell.orders(max_turns)])
    runner = _runner(scheduler, threads)
    progress = _Progress(len(cells) * (cap or games), f"{len(cells)} cell{'' if len(cells) == 1 else 's'}", quiet)
    started = time.perf_counter()
    try:
        with TableStream(per_game_path) if per_game_path else contextlib.nullcontext() as per_game:
            with progress:
                result = sw.play_sweep(cells, games, seed, threads, tables, max_turns, progress, target_ci=target_ci,
                                       max_games=max_games, per_game=per_game.append if per_game else None,
                                       runner=runner)
            elapsed = time.perf_counter() - started
            write_tables({out_path: result.aggregate, cards_out: result.cards},
                         streams=[per_game] if per_game else [])
    except KeyboardInterrupt as exc:
        click.echo(f"\n{stopped_text(exc)} after {progress.done:,} of {progress.total:,} games; "
                   f"nothing written.", err=True)
        raise click.exceptions.Exit(exit_code(exc)) from None

    played = int(result.cells["games"].sum())
    if not quiet:
        _echo_sweep(result.aggregate, mode)
        click.echo(f"\n{played:,} games in {len(cells)} cell{'' if len(cells) == 1 else 's'} in {elapsed:.1f} s, "
                   f"seed {seed}.")
    if target_ci is not None:
        if games < sw.MIN_TARGET_ROUND:
            click.echo(f"Note: rounds of fewer than {sw.MIN_TARGET_ROUND} games can stop a cell after so few games "
                       f"that its interval falls below its 95% level (README: Sweeps that stop early).")
        capped = result.capped()
        if capped.empty:
            click.echo(f"Every cell reached a 95% interval of +-{target_ci:.2%} or narrower.")
        else:
            click.echo(f"{len(capped)} of {len(cells)} cells stopped at --max-games {cap:,} before reaching "
                       f"+-{target_ci:.2%}:")
            _echo_table(("CELL", "GAMES", "HALF-WIDTH"),
                        [(cells[i].label(), r.games, f"+-{r.half_width:.2%}")
                         for i, r in zip(result.cells.index[result.cells["hit_cap"]], capped.itertuples())])
    click.echo(f"Wrote {out_path} (aggregate, {len(result.aggregate)} rows) and {cards_out} "
               f"(per card, {len(result.cards)} rows)" + (f" and {per_game_path} (per game, {played:,} rows)."
                                                         if per_game_path else "."))


def _sweep_out_paths(out_path: Path) -> Path:
    """Check ``--out`` and the per-card table next to it before any work; returns the latter."""
    _check_out_file(out_path, "'--out'")
    cards_out = out_path.with_name(f"{out_path.stem}_cards{out_path.suffix}")
    if cards_out.is_dir():
        raise click.BadParameter(f"'{cards_out}' (the per-card table next to '{out_path}') is a folder, expected "
                                 f"a file path", param_hint="'--out'")
    return cards_out


def _echo_sweep(aggregate, mode: str = "duel"):
    from reports.aggregate import first_player_table

    both = aggregate[aggregate["seat"] == "both"]
    if mode == "solo":
        header = ("FACTION", "VARIANT", "STRATEGY", "VS", "DIFFICULTY", "GAMES", "WINS", "LOSSES", "DRAWS",
                  "WIN RATE", "95% CI", "TURNS")
        rows = [(r.faction, r.variant, r.strategy, f"A.I. ({r.opponent_faction})", r.difficulty, r.games, r.wins,
                 r.losses, r.draws, f"{r.win_rate:.1%}", f"{r.ci_low:.1%} - {r.ci_high:.1%}",
                 f"{r.mean_turns:.1f}") for r in both.itertuples()]
        _echo_table(header, rows)
        click.echo("\nSolo Mode: the player always moves first; rows are the player's.")
        return
    header = ("FACTION", "VARIANT", "STRATEGY", "VS", "VS VARIANT", "VS STRATEGY", "GAMES", "WINS", "LOSSES",
              "DRAWS", "WIN RATE", "95% CI", "TURNS")
    rows = [(r.faction, r.variant, r.strategy, r.opponent_faction, r.opponent_variant, r.opponent_strategy,
             r.games, r.wins, r.losses, r.draws, f"{r.win_rate:.1%}", f"{r.ci_low:.1%} - {r.ci_high:.1%}",
             f"{r.mean_turns:.1f}") for r in both.itertuples()]
    _echo_table(header, rows)
    click.echo("\nFirst player (moves first with 5 Credits; the second starts with 6):")
    rows = [(r.side_a.replace("|", " "), r.side_b.replace("|", " "), r.games, f"{r.first_win_rate:.1%}",
             f"{r.ci_low:.1%} - {r.ci_high:.1%}", r.draws) for r in first_player_table(aggregate).itertuples()]
    _echo_table(("SIDE", "VS", "GAMES", "FIRST WINS", "95% CI", "DRAWS"), rows)


@main.command()
@click.option("--seed", type=opt.SEED, required=True, metavar="S",
              help="The game's own seed: the 'seed' column of a per-game record (with --index: the run's base seed).")
@click.option("--factions", default="federation,sunder", show_default=True, metavar="FIRST,SECOND",
              help="Factions in seat order: the first one moves first.")
@click.option("--variants", default="standard,standard", show_default=True, metavar="FIRST,SECOND",
              help="Starting-card variant of each seat (standard or asymmetrical); one name means both.")
@click.option("--strategy", default="balanced", show_default=True, metavar="NAME",
              help="Strategy of the first seat: a built-in name or a strategy .toml file.")
@click.option("--opponent-strategy", default=None, metavar="NAME",
              help="Strategy of the second seat [default: same as --strategy].")
@fog_option("--fog", "fog_path",
            help="Fog of War TOML: chosen starting hands and extra starting cards per seat ([first], [second]) "
                 "or per faction ([federation], [sunder]).")
@cards_option
@click.option("--max-turns", type=opt.MAX_TURNS, default=None, metavar="N",
              help="Turn cap (player-turns) after which the game is a draw [default: the engine's cap].")
@click.option("--mode", type=click.Choice(["duel", "solo"]), default="duel", show_default=True,
              help="duel: two strategies; solo: the first seat plays the rulebook's A.I. (the second seat).")
@click.option("--difficulty", type=click.Choice(["easy", "medium", "hard", "insane"]), default=None,
              help="Solo Mode difficulty [default: easy in solo mode].")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per event (JSON Lines) instead of text.")
@game_command("replay", index_option=True)
def replay(seed: int, game: int | None, factions: str, variants: str, strategy: str, opponent_strategy: str | None,
           fog_path: Path | None, cards_path: Path | None, max_turns: int | None, mode: str, difficulty: str | None,
           as_json: bool):
    """Replay one game turn by turn: draws, plays, Power, Credits, Hull, purchases, bonuses, the result.

    The replayed game is the very game a sweep or play_games counted for that seed,
    given the same factions (in seat order), variants, strategies and cards.

    \b
    Examples:
      commandsim replay --seed 12345
      commandsim replay --seed 1 --game 17 --factions sunder,federation --variants asymmetrical
      commandsim replay --seed 12345 --json > game.jsonl
      commandsim replay --mode solo --difficulty hard --seed 7
      commandsim replay --game star-realms --seed 12345 --factions alliance,standard
    """
    import json

    from reports.replay_log import events, text_lines
    from simcore.games.last_command.cardset import load_cards
    from simcore.games.last_command.fog import read_fog
    from simcore.games.last_command.matchup import DEFAULT_MAX_TURNS, Matchup
    from simcore.games.last_command.simulate import replay_game, seed_of_game

    seats = tuple(x.strip() for x in factions.split(","))
    kinds = tuple(x.strip() for x in variants.split(","))
    if len(kinds) == 1:
        kinds = kinds * 2
    if len(seats) != 2 or len(kinds) != 2:
        raise click.UsageError("--factions and --variants take two comma-separated names (first,second)")
    if difficulty is not None and mode != "solo":
        raise click.UsageError("--difficulty applies only with --mode solo")
    matchup = Matchup(seats, kinds, max_turns or DEFAULT_MAX_TURNS, mode=mode,
                      difficulty=(difficulty or "easy") if mode == "solo" else None)
    matchup.validate()
    tables = load_cards(overrides=cards_path)
    if fog_path is not None:
        fog = read_fog(fog_path)
        matchup = fog.apply(matchup)
        fog.check(tables, [matchup])
    game_seed = seed_of_game(seed, game) if game is not None else seed
    r = replay_game(game_seed, matchup, (strategy, opponent_strategy or strategy), tables)
    if as_json:
        for d in events(r):
            click.echo(json.dumps(d))
    else:
        for line in text_lines(r):
            click.echo(line)


# ---- compare and report (paired A/B comparisons; HTML report from results files)

@main.command()
@click.option("--factions", default="federation,sunder", show_default=True, metavar="SUBJECT,OPPONENT",
              help="The faction whose setting A or B is played, then its fixed opponent (the same name twice "
                   "for a mirror match).")
@click.option("--variant-a", default=None, metavar="NAME",
              help="The subject's starting-card variant in setting A (standard or asymmetrical) [default: "
                   "standard].")
@click.option("--variant-b", default=None, metavar="NAME",
              help="The subject's starting-card variant in setting B [default: same as --variant-a].")
@click.option("--opponent-variant", default=None, metavar="NAME",
              help="The opponent's starting-card variant, the same in A and B [default: standard; with no "
                   "setting options, each side's own].")
@click.option("--cards", "cards_path", type=click.Path(path_type=Path), default=None, metavar="PATH",
              help="Card TOML file or folder overriding shipped cards in both A and B.")
@click.option("--cards-b", "cards_b_path", type=click.Path(path_type=Path), default=None, metavar="PATH",
              help="Card TOML file or folder merged over B's cards only (e.g. one card re-costed): B plays the "
                   "edited set, A the original one.")
@fog_option("--fog-a", "fog_a_path",
            help="Fog of War TOML setting up A's games (sections [first]/[second] or [federation]/[sunder]).")
@fog_option("--fog-b", "fog_b_path", help="Fog of War TOML setting up B's games [default: none].")
@click.option("--strategy", default="balanced", show_default=True, metavar="NAME",
              help="The subject's strategy: a built-in name or a strategy .toml file.")
@click.option("--opponent-strategy", default=None, metavar="NAME",
              help="The opponent's strategy [default: same as --strategy].")
@click.option("--games", type=click.IntRange(max=opt.COMPARE_GAMES_MAX), default=None, metavar="N",
              help="Games per setting (even): N/2 seeds, each played with the subject first and second; A and B "
                   "play the same seeds. With --until-verdict: the games of each round. Default: 20000, or "
                   "rounds of 2000 with --until-verdict.")
@click.option("--until-verdict", is_flag=True,
              help="Play rounds of --games on consecutive seeds and stop at the first round whose verdict is "
                   "decisive, at 95% over all rounds (group-sequential repeated intervals), or at --max-games.")
@click.option("--max-games", type=click.IntRange(1, opt.COMPARE_GAMES_MAX), default=None, metavar="N",
              help="With --until-verdict: games cap per setting (even) [default: 200,000]; a run that reaches it "
                   "ends in 'not enough games to tell'.")
@click.option("--seed", type=opt.SEED, default=1, show_default=True, metavar="S",
              help="Base seed; the same seeds as a sweep with this seed.")
@click.option("--threads", type=opt.THREADS, default=None, metavar="N",
              help="Engine threads [default: all cores]. Results do not depend on it.")
@click.option("--max-turns", type=opt.MAX_TURNS, default=None, metavar="N",
              help="Turn cap (player-turns) after which a game is a draw [default: the engine's cap].")
@click.option("--band", type=opt.FiniteFloatRange(min=0, max=50, max_open=True), default=2.0, show_default=True,
              metavar="POINTS",
              help="Equivalence band in percentage points: 'balanced' when the 95% interval of A - B lies "
                   "within +-band.")
@click.option("--out", "out_path", type=click.Path(path_type=Path, dir_okay=False),
              default=Path("out/compare.csv"), show_default=True, metavar="PATH",
              help="One-row result table (.csv or .parquet), readable by 'commandsim report'.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no table: only the verdict and the file.")
@game_command("compare")
@scheduler_option
def compare(factions: str, variant_a: str | None, variant_b: str | None, opponent_variant: str | None,
            cards_path: Path | None, cards_b_path: Path | None, fog_a_path: Path | None, fog_b_path: Path | None,
            strategy: str, opponent_strategy: str | None, games: int | None, until_verdict: bool,
            max_games: int | None, seed: int, threads: int | None, max_turns: int | None, band: float, out_path: Path,
            quiet: bool, scheduler: str | None = None):
    """Compare two settings A and B of one faction on the same seeds, with a verdict.

    With no setting options (no --variant-a/-b, --opponent-variant, --cards-b, --fog-a/-b) it
    answers the headline question: asymmetrical starting cards (both sides,
    as the rulebook's Asymmetrical Play) against standard ones (both sides),
    one row per faction of --factions, each as the subject.

    A and B differ in the subject's starting cards (--variant-a/--variant-b),
    in the card set (--cards-b), in a Fog of War start (--fog-a/--fog-b), or
    several; the opponent is the same. Both play
    the same seeds, each seed once with the subject first and once second.
    Prints each side's win rate with its 95% Wilson interval, the paired
    difference A - B (mean per-seed score difference: win 1, draw 1/2) with
    its 95% interval, and a verdict against the band:

    \b
      balanced                  the interval lies inside +-band
      favours X by d [lo, hi]   otherwise, if the interval lies entirely on
                                X's side of 0 (d, lo, hi: X's lead in points)
      not enough games to tell  otherwise (the interval holds 0 and reaches
                                beyond the band)

    \b
    Examples:
      commandsim compare
      commandsim compare --variant-a asymmetrical --variant-b standard
      commandsim compare --fog-a my_fog/four_crew.toml
      commandsim compare --factions sunder,federation --variant-a asymmetrical --variant-b standard
      commandsim compare --cards-b my_cards/railgun5.toml --games 100000 --band 1
      commandsim compare --variant-a asymmetrical --variant-b standard --out out/asym.csv
      commandsim compare --cards-b my_cards/railgun5.toml --until-verdict --max-games 400000
      commandsim compare --scheduler tcp://head:8786 --games 10000000
    """
    import time

    from reports import compare as cmp
    from reports import sweep as sw
    from reports.files import write_table
    from simcore.games.last_command.fog import read_fog
    from simcore.games.last_command.matchup import DEFAULT_MAX_TURNS
    from simcore.games.last_command.tables import FACTIONS

    from reports import until_verdict as seq

    games = games if games is not None else (seq.DEFAULT_ROUND_GAMES if until_verdict else 20000)
    if games < 2 or games % 2:
        raise click.BadParameter(f"expected an even number >= 2 (each seed is played with the subject first and "
                                 f"second), got {games}", param_hint="'--games'")
    if max_games is not None and not until_verdict:
        raise click.BadParameter("a games cap applies only with --until-verdict", param_hint="'--max-games'")
    if until_verdict:
        max_games = seq.DEFAULT_MAX_GAMES if max_games is None else max_games
        _checked("'--max-games'", seq.check_rounds, games, max_games)
    subject, opponent = _checked("'--factions'", cmp.parse_pair, factions, tuple(FACTIONS), "faction")
    headline = all(x is None for x in (variant_a, variant_b, opponent_variant, cards_b_path, fog_a_path, fog_b_path))
    if headline and subject == opponent:
        raise click.BadParameter("the asymmetrical-vs-standard question needs two different factions; for a "
                                 "mirror match give --variant-a and --variant-b", param_hint="'--factions'")
    variant_a = _checked("'--variant-a'", cmp.check_variant, variant_a or "standard")
    if variant_b is not None:
        _checked("'--variant-b'", cmp.check_variant, variant_b)
    if opponent_variant is not None:
        opponent_variant = _checked("'--opponent-variant'", cmp.check_variant, opponent_variant)
    opponent_strategy = strategy if opponent_strategy is None else opponent_strategy
    _checked("'--strategy'", sw.check_strategy, strategy)
    _checked("'--opponent-strategy'", sw.check_strategy, opponent_strategy)
    _checked("'--opponent-strategy'", check_distinct, strategy, opponent_strategy)
    _check_out_file(out_path, "'--out'")
    if not headline:
        for param, path in (("'--fog-a'", fog_a_path), ("'--fog-b'", fog_b_path)):
            if path is not None:
                _checked(param, read_fog, path)
        setting_a, setting_b = cmp.load_settings(variant_a, variant_b, cards_path, cards_b_path, fog_a_path,
                                                 fog_b_path)
    max_turns = DEFAULT_MAX_TURNS if max_turns is None else max_turns
    runner = _runner(scheduler, threads)

    progress = _Progress(2 * (max_games if until_verdict else games),
                         "asymmetrical and standard" if headline else "A and B", quiet)
    started = time.perf_counter()
    looks = None
    try:
        with progress:
            if until_verdict:
                run = (seq.run_headline_until_verdict((subject, opponent), strategy, opponent_strategy, games,
                                                      max_games, seed, threads, max_turns, band / 100, progress,
                                                      cards_path, runner=runner) if headline else
                       seq.run_until_verdict(setting_a, setting_b, (subject, opponent),
                                             opponent_variant or "standard", strategy, opponent_strategy, games,
                                             max_games, seed, threads, max_turns, band / 100, progress,
                                             runner=runner))
                result, looks = run.comparison, run.looks
            elif headline:
                result = cmp.run_headline((subject, opponent), strategy, opponent_strategy, games, seed, threads,
                                          max_turns, band / 100, progress, cards_path, runner=runner)
            else:
                result = cmp.run_compare(setting_a, setting_b, (subject, opponent), opponent_variant or "standard",
                                         strategy, opponent_strategy, games, seed, threads, max_turns, band / 100,
                                         progress, runner=runner)
        elapsed = time.perf_counter() - started
        write_table(result.table, out_path)
    except KeyboardInterrupt as exc:
        click.echo(f"\n{stopped_text(exc)} after {progress.done:,} of {progress.total:,} games; "
                   f"nothing written.", err=True)
        raise click.exceptions.Exit(exit_code(exc)) from None

    if headline:
        click.echo("Asymmetrical vs standard starting cards (A: both sides asymmetrical, B: both standard), "
                   "paired on the same seeds, seats swapped; the rows are the same games seen from each side.")
    for i in range(len(result.table)):
        r = result.table.iloc[i]
        if not quiet:
            click.echo(("\n" if i else "") + f"{r.faction} ({r.strategy}) against {r.opponent_faction} "
                       f"{r.opponent_variant} ({r.opponent_strategy}): {r.games:,} games per setting on {r.seeds:,} "
                       f"seeds, seed {seed}.")
            rows = [(f"{side.upper()}: {r[f'label_{side}']}", r[f"variant_{side}"], r[f"cards_{side}"], r.games,
                     r[f"wins_{side}"], r[f"losses_{side}"], r[f"draws_{side}"], f"{r[f'win_rate_{side}']:.1%}",
                     f"{r[f'ci_low_{side}']:.1%} - {r[f'ci_high_{side}']:.1%}") for side in ("a", "b")]
            _echo_table(("SETTING", "VARIANT", "CARDS", "GAMES", "WINS", "LOSSES", "DRAWS", "WIN RATE", "95% CI"),
                        rows)
            if looks is not None and i == 0:
                click.echo(f"\nLooks (rounds of {games:,} games per setting; repeated 95% intervals):")
                _echo_table(("LOOK", "GAMES", "A - B", "INTERVAL", "CRITICAL Z", "VERDICT"),
                            [(k.look, k.games, f"{100 * k.diff:+.1f}",
                              f"[{100 * k.diff_ci_low:+.1f}, {100 * k.diff_ci_high:+.1f}]",
                              f"{k.critical_value:.2f}", k.verdict) for k in looks.itertuples()])
            what = "repeated 95% interval at the last look" if looks is not None else "95% interval"
            click.echo(f"\nPaired difference A - B: {100 * r['diff']:+.1f} points, {what} "
                       f"[{100 * r.diff_ci_low:+.1f}, {100 * r.diff_ci_high:+.1f}] (score: win 1, draw 1/2; "
                       f"{r.seeds:,} seeds; {elapsed:.1f} s).")
        click.echo(f"Verdict for {r.faction} (band +-{band:g} points): {r.verdict_text}." if headline
                   else f"Verdict (band +-{band:g} points): {r.verdict_text}.")
    if looks is not None:
        r = result.row
        click.echo(f"Stopped at look {r.looks} after {r.games:,} games per setting: a verdict." if r.stopped == "verdict"
                   else f"Reached --max-games {max_games:,} after {r.looks} looks without a verdict: not enough "
                        f"games to tell.")
    if headline:
        r = result.row
        far_a, far_b = abs(r.score_a - 0.5), abs(r.score_b - 0.5)
        click.echo(f"Fairness (distance of {r.faction}'s score from 50%, point estimates): asymmetrical "
                   f"{100 * far_a:.1f} points, standard {100 * far_b:.1f} points.")
    click.echo(f"Wrote {out_path}.")


@main.command()
@click.option("--target", "target_text", default=None, metavar="TEXT",
              help="The win rate to reach: '<faction> [variant] vs <faction> [variant] = <percent>%' (the first "
                   "faction's score, both seats) or 'first player [variant] = <percent>%'. Star Realms: "
                   "'alliance vs standard = 50%', 'first player [standard|alliance] = 50%'; skirmish: "
                   "'<force> [command set] vs <force> [command set] = 50%', 'first player [force] [command set] "
                   "= 50%'.")
@click.option("--ladder", default=None, metavar="E,M,H,I",
              help="Instead of --target: the solo difficulty ladder, the player's win rate at Easy, Medium, Hard "
                   "and Insane in percent (e.g. 65,55,45,35), each faction as the player.")
@click.option("--variant", default="standard", show_default=True, metavar="NAME",
              help="With --ladder: the starting-card variant of the player and the A.I.")
@click.option("--band", type=click.FloatRange(min=0, max=50, min_open=True, max_open=True), default=2.0,
              show_default=True, metavar="POINTS",
              help="The target is met when every win rate lies within +-band percentage points of its goal.")
@click.option("--strategy", default=None, metavar="NAME",
              help="The strategy of both players (in Solo Mode: of the player): a built-in name or a .toml file "
                   "[default: balanced; skirmish: reserve].")
@cards_option
@click.option("--only", "only_cards", default=None, metavar="LIST",
              help="Edit only these cards (comma-separated names; skirmish: commands, units and forces) "
                   "[default: every card].")
@click.option("--allow-stated", is_flag=True,
              help="Also edit values the rulebook states (and copies in the Market, from its component list); "
                   "estimated values are still preferred.")
@click.option("--max-edits", type=click.IntRange(min=1, max=5), default=3, show_default=True, metavar="N",
              help="The most fields a proposal may change.")
@click.option("--candidates", type=click.IntRange(min=1), default=10, show_default=True, metavar="N",
              help="Edits tested beyond the screen and searched over.")
@click.option("--screen-games", type=click.IntRange(min=4), default=1000, show_default=True, metavar="N",
              help="Games per win rate and edit in the screen (paired with the unedited cards).")
@click.option("--test-games", type=click.IntRange(min=4), default=10_000, show_default=True, metavar="N",
              help="Cap of the sequential test, games per win rate and edit.")
@click.option("--search-games", type=click.IntRange(min=4), default=4000, show_default=True, metavar="N",
              help="Games per win rate and set of edits in the search.")
@click.option("--check-games", type=click.IntRange(min=4), default=20_000, show_default=True, metavar="N",
              help="Games per win rate of the final check on fresh seeds.")
@click.option("--no-retune", is_flag=True,
              help="Skip re-checking the proposal with a strategy tuned on the edited cards.")
@click.option("--tune-generations", type=click.IntRange(min=1), default=6, show_default=True, metavar="N",
              help="The re-tune's budget: generations of the search ('tune --generations').")
@click.option("--tune-population", type=click.IntRange(min=2), default=8, show_default=True, metavar="N",
              help="The re-tune's candidates per generation ('tune --population').")
@click.option("--tune-games", type=click.IntRange(min=4), default=400, show_default=True, metavar="N",
              help="The re-tune's games per candidate and generation, over the opponent pool ('tune --games').")
@click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True, metavar="S",
              help="Base seed: the same seed gives the same advice.")
@click.option("--threads", type=click.IntRange(min=1), default=None, metavar="N",
              help="Engine threads [default: all cores]. Results do not depend on it.")
@click.option("--max-turns", type=click.IntRange(min=1), default=None, metavar="N",
              help="Turn cap (player-turns) after which a game is a draw [default: the engine's cap].")
@click.option("--out", "out_path", type=click.Path(path_type=Path, dir_okay=False), default=Path("out/advice.csv"),
              show_default=True, metavar="PATH",
              help="The ranked table of edits (.csv or .parquet), readable by 'commandsim report'.")
@click.option("--patch", "patch_path", type=click.Path(path_type=Path, dir_okay=False), default=None,
              metavar="PATH", help="The card patch of the proposal [default: <out stem>_patch.toml].")
@click.option("--quiet", "-q", is_flag=True, help="No progress and no tables: only the proposal and the files.")
@click.option("--game", "game_name", default=registry.DEFAULT_GAME, show_default=True, metavar="NAME",
              help="The game whose cards are edited: see `commandsim games`.")
@scheduler_option
def advise(target_text: str | None, ladder: str | None, variant: str, band: float, strategy: str,
           cards_path: Path | None, only_cards: str | None, allow_stated: bool, max_edits: int, candidates: int,
           screen_games: int, test_games: int, search_games: int, check_games: int, no_retune: bool,
           tune_generations: int, tune_population: int, tune_games: int, seed: int,
           threads: int | None, max_turns: int | None, out_path: Path, patch_path: Path | None, quiet: bool,
           game_name: str = registry.DEFAULT_GAME, scheduler: str | None = None):
    """Find the smallest card edits that bring a win rate into a band, with intervals.

    For every game (--game: last-command, star-realms, skirmish). Every
    single-field numeric edit (Credit cost, Power cost, each number of an
    Ability; copies in the Market with --allow-stated; skirmish: a command's
    cost and effect amounts, each unit profile number, a force's Command
    Points and copies of each unit) by +-1 is played on
    a few seeds paired with the unedited cards; the most promising are tested
    further (group-sequential, 95% at every look); sets of the edits that
    helped are played until one brings the target into the band (fewest
    fields, then smallest change); the winner is checked on fresh seeds,
    with the fixed strategy and with one re-tuned on the edited cards.
    Values the rulebook states are never edited without --allow-stated.

    Writes the ranked table (--out) and a card patch (--patch) that --cards
    and 'compare --cards-b' read.

    \b
    Examples:
      commandsim advise --target "federation asymmetrical vs sunder standard = 50%"
      commandsim advise --target "first player = 50%" --band 1
      commandsim advise --ladder 65,55,45,35 --band 3
      commandsim advise --target "sunder vs federation = 50%" --only "Railgun,Repair Bot" --no-retune
      commandsim advise --game star-realms --target "alliance vs standard = 50%" --allow-stated
      commandsim advise --game skirmish --target "line vs raiders = 50%"
      commandsim advise --game skirmish --target "first player elite = 50%" --only elite,Veteran
      commandsim advise --target "first player = 50%" --scheduler local:2
    """
    import time

    from reports.advisor.advise import AdviseOptions, advise as run_advise, edit_space
    from reports.files import write_tables

    if (target_text is None) == (ladder is None):
        raise UserError("give one of --target (a match-up or the first player) and --ladder (the solo ladder)")
    _check_out_file(out_path, "'--out'")
    patch_path = patch_path or out_path.with_name(f"{out_path.stem}_patch.toml")
    _check_out_file(patch_path, "'--patch'", (".toml",))
    card_set = registry.advisor(game_name, cards_path)   # the game's hook: its cards, edits, targets
    target = (card_set.target(target_text, max_turns) if target_text is not None
              else card_set.ladder(ladder, variant.strip().lower(), max_turns))
    strategy = strategy or card_set.default_strategy
    card_set.strategy(strategy)
    only = None
    if only_cards is not None:
        names = [n.strip() for n in only_cards.split(",") if n.strip()]
        if not names:
            raise UserError("--only: expected card names separated by commas")
        try:
            only = card_set.keys(names)
        except CommandsimError as exc:
            raise UserError(f"--only: {exc}") from None
    opts = AdviseOptions(strategy=strategy, seed=seed, band=band / 100, allow_stated=allow_stated, only=only,
                         screen_games=screen_games, test_games=test_games, candidates=candidates,
                         search_games=search_games, check_games=check_games, max_fields=max_edits,
                         retune=not no_retune, tune_generations=tune_generations,
                         tune_population=tune_population, tune_games=tune_games, threads=threads)
    opts.check(target)
    if not no_retune and card_set.can_retune:
        pool = registry.tuning(game_name).default_pool   # found out now, not after the screen's games
        if tune_games < 4 * len(pool):
            raise UserError(f"--tune-games: expected at least 4 per opponent of the re-tune's pool "
                            f"({', '.join(pool)}): {4 * len(pool)}, got {tune_games}")

    def progress(stage: str, done: int, total: int):
        if not quiet and sys.stderr.isatty() and (done == total or done % 50 == 0):
            click.echo(f"\r{stage}: {done}" + (f"/{total}" if total else ""), err=True, nl=done == total)

    edit_space(card_set, opts)
    runner = _runner(scheduler, threads)
    if not quiet:
        click.echo(f"Target: {target.text}, band +-{band:g} points; strategy {strategy}; seed {seed}.")
        if not no_retune and not card_set.can_retune:
            click.echo(f"(--game {game_name} has no strategy tuner yet: the proposal is checked with the fixed "
                       f"strategy only)")
    started = time.perf_counter()
    try:
        advice = run_advise(card_set, target, opts, progress, runner)
        elapsed = time.perf_counter() - started
        try:
            write_tables({out_path: advice.table},
                         files={patch_path: advice.patch.encode()} if advice.patch else None)
        except OSError as exc:
            raise UserError(f"cannot write {out_path}: {exc.strerror or exc}") from None
    except KeyboardInterrupt:
        click.echo("\nInterrupted; nothing written.", err=True)
        raise click.exceptions.Exit(130) from None
    _echo_advice(advice, quiet)
    g = advice.games
    click.echo(f"\nGames: {sum(g.values()):,} ({', '.join(f'{k} {v:,}' for k, v in g.items())}) in {elapsed:.0f} s "
               f"({', '.join(f'{k} {v:.0f} s' for k, v in advice.seconds.items())}).")
    click.echo(f"Wrote {out_path}" + (f" and {patch_path}." if advice.patch else " (no patch: no edit proposed)."))
    if advice.patch:
        recheck = target.recheck.replace("PATCH", str(patch_path))
        if cards_path is not None and "--cards-b" in recheck:
            recheck += f" --cards {cards_path}"
        elif cards_path is not None:
            recheck += f"   (the patch holds only the edited cards: put it in a copy of {cards_path} first)"
        click.echo("Re-check: " + recheck)


def _echo_advice(advice, quiet: bool) -> None:
    """The unedited target, the best screened edits, and the proposal with its checks."""
    target = advice.target
    points = lambda x: f"{100 * x:.1f}"   # noqa: E731
    for c, label in enumerate(target.labels):
        click.echo(f"Unedited: {label} {points(advice.base_values[c])}% [{points(advice.base_low[c])}, "
                   f"{points(advice.base_high[c])}] (goal {100 * target.components[c].goal:g}%).")
    if not quiet:
        screened = advice.table[advice.table["stage"].isin(["screen", "sequential test"])]
        first = target.labels[0]
        top = screened[screened["component"] == first].head(10)
        click.echo(f"\nScreened {len(advice.screened):,} edits"
                   + (f" ({len(advice.refused)} refused by the engine's limits)" if advice.refused else "")
                   + f"; the best by estimated improvement (effect on {first}, 95% interval):")
        _echo_table(("RANK", "EDIT", "MARK", "EFFECT", "95% CI", "GAMES", "LOOKS", "VERDICT"),
                    [(r.rank, r.edit, r.mark, f"{100 * r.effect:+.1f}",
                      f"[{100 * r.effect_ci_low:+.1f}, {100 * r.effect_ci_high:+.1f}]", r.games, r.looks, r.verdict)
                     for r in top.itertuples()])
    closest = advice.closest
    if closest is None or not closest.edits:
        click.echo("\nThe unedited cards are already within the band: no edit proposed." if closest is not None
                   else "\nNo edit helped: nothing to propose.")
        return
    head = "Proposal" if advice.proposal is not None else f"No set of up to {advice.options.max_fields} edits " \
                                                            f"reached the band; the closest"
    click.echo(f"\n{head} ({closest.fields} field(s), total change {closest.total_change}):")
    for e in closest.edits:
        click.echo(f"  {e.label} (was {e.field.mark})")
    for name, check in (("fixed strategies", advice.fixed), ("re-tuned strategies", advice.retuned)):
        if check is None:
            continue
        for c, label in enumerate(target.labels):
            state = ("holds" if check.holds else "inside the band, interval reaches beyond" if check.inside
                     else "outside the band")
            click.echo(f"  {name}: {label} {points(check.values[c])}% [{points(check.low[c])}, "
                       f"{points(check.high[c])}], change {100 * check.effect[c]:+.1f} "
                       f"[{100 * check.effect_low[c]:+.1f}, {100 * check.effect_high[c]:+.1f}] on "
                       f"{check.games:,} fresh games: {state}.")
    if advice.fixed is not None and advice.proposal is not None and not advice.fixed.inside:
        click.echo("  Not confirmed on fresh seeds: it was inside the band on the search's seeds only (more "
                   "--search-games, or a wider --band, make the search's estimates closer).")
    if advice.retuned is not None and advice.tuning_kept_start:
        click.echo("  (the short re-tune found nothing better than the strategy itself: re-tuned = fixed)")
    if advice.only_untuned:
        click.echo("  FLAG: inside the band only against untuned players; adapted strategies move it out.")


@main.command()
@click.option("--strategies", "entries", default="balanced,aggro,engine,defensive", show_default=True,
              metavar="LIST",
              help="Comma list of entries: built-in strategy names, strategy .toml files, and Solo A.I. levels "
                   "ai:easy, ai:medium, ai:hard, ai:insane (an A.I. level meets strategies only, always moving "
                   "second, as in Solo Mode).")
@click.option("--games", type=click.IntRange(max=opt.COMPARE_GAMES_MAX), default=4000, show_default=True, metavar="N",
              help="Games per pair (a multiple of 4): every seed with both seat orders, half of the seeds with "
                   "each faction assignment; every pair plays the same seeds.")
@click.option("--seed", type=opt.SEED, default=1, show_default=True, metavar="S", help="Base seed.")
@click.option("--factions", default="federation,sunder", show_default=True, metavar="A,B",
              help="The two factions; every pair plays each side with each faction equally often.")
@click.option("--variants", default="standard", show_default=True, metavar="A[,B]",
              help="Starting-card variant of each faction (standard or asymmetrical); one name means both.")
@cards_option
@click.option("--threads", type=opt.THREADS, default=None, metavar="N",
              help="Engine threads [default: all cores]. Results do not depend on it.")
@click.option("--max-turns", type=opt.MAX_TURNS, default=None, metavar="N",
              help="Turn cap (player-turns) after which a game is a draw [default: the engine's cap].")
@click.option("--out", "out_path", type=click.Path(path_type=Path, dir_okay=False),
              default=Path("out/tournament.csv"), show_default=True, metavar="PATH",
              help="Win-rate matrix (.csv or .parquet, one row per ordered pair); the ratings go next to it as "
                   "<stem>_ratings.")
@click.option("--quiet", "-q", is_flag=True, help="No progress, matrix or ratings: only cycles and the files.")
@game_command("tournament")
def tournament(entries: str, games: int, seed: int, factions: str, variants: str, cards_path: Path | None,
               threads: int | None, max_turns: int | None, out_path: Path, quiet: bool):
    """Play every pair of entries on the same seeds; write the win-rate matrix and ratings.

    Each cell is the row entry's score against the column entry (win 1,
    draw 1/2) with a 95% Wilson interval. Ratings are Bradley-Terry
    strengths (draws count as half a win) with 95% intervals from the Fisher
    information, on the Elo scale too, and the score they predict for every
    pair. Non-transitive cycles (A beats B beats C beats A, each interval
    clear of 50%) are printed: one rating cannot show them.

    \b
    Examples:
      commandsim tournament
      commandsim tournament --strategies balanced,out/tuned.toml,ai:hard,ai:insane --games 8000
      commandsim report out/tournament.csv out/tournament_ratings.csv
    """
    from reports import tournament as tour
    from reports.files import write_tables
    from simcore.games.last_command.cardset import load_cards
    from simcore.games.last_command.matchup import DEFAULT_MAX_TURNS, Matchup
    from strategies.tuning import entries as lc

    names = _checked("'--strategies'", tour.check_entries, entries.split(","))
    for name in names:
        _checked("'--strategies'", lc.check_entry, name)
    _checked("'--games'", lc.check_games, games)
    sides = tuple(x.strip().lower() for x in factions.split(","))
    kinds = tuple(x.strip().lower() for x in variants.split(","))
    kinds = kinds * 2 if len(kinds) == 1 else kinds
    if len(sides) != 2 or len(kinds) != 2:
        raise click.BadParameter("expected two comma-separated names", param_hint="'--factions' / '--variants'")
    matchup = Matchup(sides, kinds, DEFAULT_MAX_TURNS if max_turns is None else max_turns)
    _checked("'--factions' / '--variants'", matchup.validate)
    ratings_out = out_path.with_name(f"{out_path.stem}_ratings{out_path.suffix}")
    _check_out_file(out_path, "'--out'")
    player = lc.LastCommandPairs(matchup, load_cards(overrides=cards_path), threads)
    pairs = len(names) * (len(names) - 1) // 2
    progress = _Progress(pairs, f"{pairs} pairs", quiet)
    try:
        with progress:
            result = tour.run_tournament(names, player, games, seed, progress)
        try:
            write_tables({out_path: result.matrix, ratings_out: result.ratings})
        except OSError as exc:
            raise UserError(f"cannot write {out_path}: {exc.strerror or exc}") from None
    except KeyboardInterrupt:
        click.echo(f"\nInterrupted after {progress.done} of {progress.total} pairs; nothing written.", err=True)
        raise click.exceptions.Exit(130) from None

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


@main.command()
@click.argument("results", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--out", "out_dir", type=click.Path(path_type=Path, file_okay=False), default=Path("out/report"),
              show_default=True, metavar="DIR",
              help="Folder for report.html and the PNG plots (created if missing; files of the same names are "
                   "replaced).")
@click.option("--title", default="commandsim balance report", show_default=True, metavar="TEXT",
              help="Title of the HTML page.")
def report(results: tuple[Path, ...], out_dir: Path, title: str):
    """Write a self-contained HTML report and PNG plots from sweep, compare and tournament results.

    RESULTS are files written by 'commandsim sweep' (the aggregate; its
    <stem>_cards table next to it is read too), 'sweep --per-game',
    'commandsim compare' and 'commandsim tournament' (the matrix; its
    <stem>_ratings next to it is read too), in CSV or Parquet, recognised
    by their columns; per-game files are read in batches (memory stays flat).
    The page opens with Findings: statements with their 95% interval and n
    that clear 50% +- 2 points after Holm's correction over all tested.
    Plots: win rate per cell with 95% intervals, a faction x variant heat map
    (solo: x difficulty), game lengths (a distribution from per-game records,
    else each cell's mean), first-player advantage, per-card buy rate and win
    rate when bought, paired comparisons, and a tournament's matrix as a
    heat map with its ratings and their intervals. report.html embeds every plot,
    so it opens offline; the same plots are written as PNG files.

    \b
    Examples:
      commandsim report out/sweep.csv
      commandsim report out/sweep.csv out/games.parquet out/compare.csv --out out/report
    """
    from reports.html_report import REPORT_NAME, build_report, write_report
    from reports.inputs import read_results

    if out_dir.exists() and not out_dir.is_dir():
        raise click.BadParameter(f"'{out_dir}' is a file, expected a folder", param_hint="'--out'")
    _check_out_file(out_dir / REPORT_NAME, "'--out'", suffixes=(".html",))
    data = read_results(results)
    built = build_report(data, title)
    written = write_report(built, out_dir)
    for note in built.notes:
        click.echo(f"Note: {note}")
    pngs = [p.name for p in written if p.suffix == ".png"]
    click.echo(f"Wrote {out_dir / REPORT_NAME} and {len(pngs)} plot{'' if len(pngs) == 1 else 's'}: "
               f"{', '.join(pngs)}.")


def _check_out_file(path: Path, param: str, suffixes=(".csv", ".parquet")) -> None:
    """Check before any work that ``path`` has one of ``suffixes`` and its folder can be written."""
    import os
    import tempfile

    if suffixes and path.suffix.lower() not in suffixes:
        raise click.BadParameter(f"expected a path ending in {' or '.join(suffixes)}, got '{path}'",
                                 param_hint=param)
    if path.is_dir():
        raise click.BadParameter(f"'{path}' is a folder, expected a file path", param_hint=param)
    folder = path.resolve().parent
    while not folder.exists():
        folder = folder.parent
    writable = folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)
    if writable and folder == path.resolve().parent:
        try:   # the real test (access() says yes to root everywhere): create and remove a file there
            fd, probe = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".probe", dir=folder)
            os.close(fd)
            os.unlink(probe)
        except OSError:
            writable = False
    if not writable:
        raise click.BadParameter(f"cannot write into '{folder}'", param_hint=param)


class _Progress:
    """A progress bar on stderr (only on a terminal, not with --quiet), fed by the library's
    ``progress(done, total)`` calls; ``total`` may shrink (cells reaching --target-ci early)."""

    def __init__(self, total: int, label: str, quiet: bool):
        import time

        self.done, self.total, self._at, self._clock = 0, total, time.perf_counter(), time.perf_counter
        self.bar = None
        if not quiet and sys.stderr.isatty():
            import simcore
            if not any(Path(simcore.CACHE_DIR).rglob("*play_block*.nbi")):
                click.echo("Compiling the engine on first use (about a minute; cached afterwards)...",
                           err=True)
            self.bar = click.progressbar(length=total, label=label, file=sys.stderr, show_pos=True,
                                         show_percent=True, item_show_func=lambda item: item)

    def __call__(self, done: int, total: int) -> None:
        raise_if_interrupted()   # called between engine calls: a signal whose exception was lost stops here
        now = self._clock()
        step, self.done, self.total, last, self._at = done - self.done, done, total, self._at, now
        if self.bar is None:
            return
        self.bar.length = total
        if step:   # the speed of the last chunk: the first one may include compiling
            self.bar.update(step, current_item=f"{step / max(now - last, 1e-9):,.0f} games/s")
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


# ---- strategies and tuning (how a simulated player decides; searching its parameters)

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
      commandsim strategies show out/tuned.toml
    """


@strategies_group.command("list")
@game_command("strategies_list")
def strategies_list():
    """List the built-in strategies with what each one plays for.

    \b
    Example:
      commandsim strategies list
    """
    from strategies.last_command.library import builtin_names, load_spec

    specs = [load_spec(name) for name in builtin_names()]
    rows = [(s.name, s.kind, s.bases[0] if s.bases else "", s.description) for s in specs]
    rows.append(("search:N", "search", "balanced", "balanced, searching its Market purchases and Crew placements "
                 "with N rollouts per decision (flat Monte Carlo; e.g. search:100); search:N:BASE searches "
                 "heuristic BASE (e.g. search:100:tuned)"))
    _echo_table(("STRATEGY", "KIND", "BASE", "DESCRIPTION"), rows)


@strategies_group.command("show")
@click.argument("name", metavar="NAME|PATH")
@game_command("strategies_show")
def strategies_show(name: str):
    """Show a strategy's parameters: value, where it comes from, meaning.

    A parameter the file does not set comes from its base strategy (balanced
    unless the file names another with `base = "..."`).

    \b
    Examples:
      commandsim strategies show balanced
      commandsim strategies show my_strategy.toml
    """
    from strategies.last_command.library import BUILTIN_DIR, load_spec
    from strategies.last_command.param_info import PARAMS, SEARCH_ONLY

    spec = load_spec(name)
    click.echo(f"{spec.name}  ({'built-in' if spec.path is None or spec.path.parent == BUILTIN_DIR else spec.path})")
    click.echo(f"  kind: {spec.kind}" + (f"   based on: {' <- '.join(spec.bases)}" if spec.bases else ""))
    if spec.description:
        click.echo(f"  {spec.description}")
    if spec.kind == "random":
        click.echo("  (no parameters: every choice is uniform among the legal ones)")
        return
    click.echo()
    rows = []
    for pname, info in PARAMS.items():
        if pname in SEARCH_ONLY and spec.kind != "search":
            continue
        value = float(spec.vector[info.index])
        text = str(int(round(value))) if info.flag else f"{value:g}"
        origin = "file" if pname in spec.set_here else (spec.bases[0] if spec.bases else "")
        rows.append((pname, text, origin, info.help))
    _echo_table(("PARAMETER", "VALUE", "FROM", "MEANING"), rows)


@main.command()
@click.option("--game", default=registry.DEFAULT_GAME, show_default=True, metavar="NAME",
              help="The game whose strategy is tuned (see `commandsim games`; a game with a tuning hook).")
@click.option("--strategy", "start", default=None, metavar="NAME|PATH",
              help="The heuristic strategy whose parameters are searched, starting from its values "
                   "[default: balanced; skirmish: reserve].")
@click.option("--opponents", default=None, metavar="LIST",
              help="Comma list of the strategies (names or files) each candidate plays against [default: "
                   "balanced,aggro,engine,defensive; star-realms: balanced,combat_first,trade_first; "
                   "skirmish: reserve,spender].")
@click.option("--generations", type=click.IntRange(1, opt.TUNE_GENERATIONS_MAX), default=10, show_default=True,
              metavar="N",
              help="Generations of the cross-entropy search.")
@click.option("--population", type=click.IntRange(2, opt.TUNE_POPULATION_MAX), default=16, show_default=True,
              metavar="N",
              help="Candidates per generation (the current best guess is always one of them).")
@click.option("--games", type=click.IntRange(4, opt.TUNE_GAMES_MAX), default=400, show_default=True, metavar="N",
              help="Games per candidate and generation, split evenly over the opponents; each seed is "
                   "played twice, seats swapped.")
@click.option("--final-games", type=click.IntRange(4, opt.TUNE_GAMES_MAX), default=2000, show_default=True, metavar="N",
              help="Games (a multiple of 4) against each opponent in the final check, on seeds the "
                   "search never played.")
@click.option("--seed", type=opt.SEED, default=1, show_default=True, metavar="S",
              help="Seeds the search (candidates drawn) and every game; the same seed gives the same run.")
@click.option("--time-limit", type=opt.FiniteFloatRange(min=0, min_open=True), default=None, metavar="SECONDS",
              help="Stop searching after this long (the final check comes on top) [default: no limit].")
@click.option("--params", "param_list", default=None, metavar="LIST",
              help="Comma list of the parameters to search [default: all; see `strategies show`].")
@click.option("--sigma", type=opt.FiniteFloatRange(min=0, min_open=True), default=0.15, show_default=True,
              metavar="X", help="Initial spread of the search, as a share of each parameter's range.")
@click.option("--name", default=None, metavar="TEXT",
              help="Name written into the strategy file [default: <strategy>-tuned].")
@click.option("--out", "out_path", type=click.Path(path_type=Path, dir_okay=False), default=Path("out/tuned.toml"),
              show_default=True, metavar="PATH", help="The tuned strategy, as a strategy .toml file.")
@click.option("--factions", default=None, metavar="A,B",
              help="The two factions (Star Realms: decks; skirmish: forces); every pairing plays each side with "
                   "each equally often [default: federation,sunder; star-realms: standard,standard; skirmish: "
                   "line,line].")
@click.option("--variants", default=None, metavar="A[,B]",
              help="Starting-card variant of each faction (standard or asymmetrical) [default: standard; "
                   "The Last Command only].")
@cards_option
@click.option("--threads", type=opt.THREADS, default=None, metavar="N",
              help="Engine threads [default: all cores]. Results do not depend on it.")
@click.option("--quiet", "-q", is_flag=True, help="No per-generation progress lines.")
@scheduler_option
def tune(game: str, start: str | None, opponents: str | None, generations: int, population: int, games: int,
         final_games: int, seed: int,
         time_limit: float | None, param_list: str | None, sigma: float, name: str | None, out_path: Path,
         factions: str | None, variants: str | None, cards_path: Path | None, threads: int | None, quiet: bool,
         scheduler: str | None = None):
    """Search a strategy's parameters for the strongest play against a pool of opponents.

    Cross-entropy search: each generation draws candidate parameter sets around
    the current best guess, plays every candidate against the pool on the same
    seeds (seats swapped), and moves the guess towards the best quarter. The
    result is checked against every opponent and against the starting strategy
    on fresh seeds, with 95% Wilson intervals, and written as a strategy file.

    \b
    Examples:
      commandsim tune --generations 5 --population 8 --games 200
      commandsim tune --strategy aggro --opponents balanced,engine,defensive --seed 3 --out out/aggro2.toml
      commandsim tune --params crew_share,w_damage,w_draw --time-limit 300
      commandsim tune --scheduler local:2 --population 32
      commandsim tune --game star-realms --generations 5 --population 8 --games 200 --out out/sr_tuned.toml
    """
    from strategies.tuning.tuner import TuneOptions, pool_names
    from strategies.tuning.tuner import tune as run_tune

    if out_path.suffix.lower() != ".toml":
        raise click.BadParameter(f"expected a path ending in .toml, got '{out_path}'", param_hint="'--out'")
    if out_path.is_dir():
        raise click.BadParameter(f"'{out_path}' is a folder, expected a file path", param_hint="'--out'")
    space = TuneOptions(game=game).space()      # the game's parameters, strategy files and head-to-head
    tables = space.load_tables(cards_path)
    matchup = space.matchup(factions, variants, tables)
    params = tuple(x.strip() for x in param_list.split(",") if x.strip()) if param_list else ()
    opponents = opponents or ",".join(space.default_pool)
    start = start or space.default_start
    opts = TuneOptions(start=start, pool=pool_names(opponents, game), generations=generations, population=population,
                       games=games, seed=seed, time_limit=time_limit, final_games=final_games, sigma=sigma,
                       params=params, matchup=matchup, threads=threads, game=game)
    opts.check()
    start_name = space.load_start(start).name
    try:   # the folder must be writable before the search, not after
        out_path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"cannot write {out_path}: {exc.strerror or exc}") from None
    runner = _runner(scheduler, threads)

    def progress(g):
        if not quiet:
            click.echo(f"generation {g.index + 1:>3}/{generations}  score mean {g.mean_score:.3f}  "
                       f"best {g.best_score:.3f}  current {g.center_score:.3f}  spread {g.sigma:.3f}  "
                       f"({g.seconds:.1f} s)")

    if not quiet:
        click.echo(f"Tuning {start_name} against {', '.join(opts.pool)}: {generations} generations x "
                   f"{population} candidates x {games} games, seed {seed}.")
    result = run_tune(opts, tables, progress, runner)
    result.name = name or result.name
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
    game_flag = "" if game == registry.DEFAULT_GAME else f"--game {game} "
    comments = (f"tuned by: commandsim tune {game_flag}--strategy {start} --opponents {','.join(opts.pool)} "
                f"--generations {done} --population {population} --games {games} --seed {seed}",
                f"final check: {result.name} vs {result.start_name} {head.win_rate:.1%} (95% CI {lo:.1%} - {hi:.1%}) "
                f"on {head.games} fresh games")
    try:
        space.write_strategy(out_path, result.name, result.vector,
                       f"Tuned from {result.start_name} against {', '.join(opts.pool)}.", comments)
    except OSError as exc:
        raise UserError(f"cannot write {out_path}: {exc.strerror or exc}") from None
    click.echo(f"Wrote {out_path}.")


@main.command()
@click.option("--games", type=click.IntRange(1, opt.SWEEP_GAMES_MAX), default=4000, show_default=True, metavar="N",
              help="Games per cell (player faction x variant x difficulty); the player always moves first.")
@click.option("--seed", type=opt.SEED, default=1, show_default=True, metavar="S",
              help="Base seed; every cell plays the same seeds.")
@click.option("--factions", default="federation,sunder", show_default=True, metavar="LIST",
              help="Comma list of the player's factions (the A.I. plays the other one).")
@click.option("--variants", default="standard,asymmetrical", show_default=True, metavar="LIST",
              help="Comma list of the player's starting-card variants.")
@click.option("--difficulties", default="easy,medium,hard,insane", show_default=True, metavar="LIST",
              help="Comma list of Solo Mode difficulties.")
@click.option("--strategy", default="balanced", show_default=True, metavar="NAME",
              help="The player's strategy: a built-in name or a strategy .toml file.")
@cards_option
@click.option("--threads", type=opt.THREADS, default=None, metavar="N",
              help="Engine threads [default: all cores]. Results do not depend on it.")
@click.option("--out", "out_path", type=click.Path(path_type=Path, dir_okay=False), default=Path("out/solo.csv"),
              show_default=True, metavar="PATH", help="Table of the player's win rates (.csv or .parquet).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no table: only say where the files are.")
@click.pass_context
def solo(ctx: click.Context, games: int, seed: int, factions: str, variants: str, difficulties: str, strategy: str,
         cards_path: Path | None, threads: int | None, out_path: Path, quiet: bool):
    """Play against the rulebook's Solo Mode A.I. at each difficulty.

    Prints and writes the player's win rate per faction x variant x difficulty with
    n, wins, losses, draws, a 95% Wilson interval and the mean game length. It is
    `sweep --mode solo` with the player's options only.

    \b
    Examples:
      commandsim solo
      commandsim solo --difficulties easy,insane --games 20000 --strategy aggro
      commandsim replay --mode solo --difficulty hard --seed 7
    """
    ctx.invoke(sweep, games=games, seed=seed, mode="solo", factions=factions, variants=variants,
               difficulties=difficulties, mixed_variants=False, strategy=strategy, opponent_strategy=None,
               cards_path=cards_path, threads=threads, max_turns=None, target_ci=None, max_games=None,
               out_path=out_path, per_game_path=None, quiet=quiet)


@main.command()
@click.option("--games", type=click.IntRange(100, opt.BENCH_GAMES_MAX), default=50_000, show_default=True, metavar="N",
              help="Games timed on one thread and again on all threads (a search strategy: games on all "
                   "threads, 200 unless given).")
@click.option("--strategy", default="balanced", show_default=True, metavar="NAME",
              help="Strategy of both seats: a built-in name or a strategy .toml file. A search strategy "
                   "(search:N) plays its base heuristic, and bench prints games, searched decisions and "
                   "rollouts per second.")
@click.option("--factions", default="federation,sunder", show_default=True, metavar="FIRST,SECOND",
              help="Factions in seat order.")
@click.option("--repeats", type=click.IntRange(1, opt.BENCH_REPEATS_MAX), default=3, show_default=True, metavar="K",
              help="Timed runs of each, alternating; the best counts (on a shared machine the others "
                   "measure its neighbours too). All are printed.")
@click.option("--startup", is_flag=True,
              help="Also time a new process's start-up with an empty numba cache (compiles: about a "
                   "minute) and with the cache it left.")
@click.option("--memory-games", type=click.IntRange(0, opt.SWEEP_GAMES_MAX), default=0, metavar="N",
              help="Also measure the peak memory of a new process sweeping N games per cell (2 cells) "
                   "[default: 0, skipped].")
@cards_option
@game_command("bench")
def bench(games: int, strategy: str, factions: str, repeats: int, startup: bool, memory_games: int,
          cards_path: Path | None):
    """Measure the engine's speed on this machine: games per second on one thread and on all
    threads (side by side, the best of --repeats alternating runs, all of them printed), the
    scaling between them, start-up time and mean game length;
    optionally cold and warm start-up and a sweep's peak memory.

    \b
    Examples:
      commandsim bench
      commandsim bench --games 200000 --cards my_cards/ --strategy aggro
      commandsim bench --startup --memory-games 1000000
      commandsim bench --strategy search:100
    """
    from simcore.games.last_command.bench import measure, runs_text, startup_times, sweep_peak_memory
    from simcore.games.last_command.cardset import load_cards
    from simcore.games.last_command.matchup import Matchup

    seats = tuple(x.strip() for x in factions.split(","))
    if len(seats) != 2:
        raise click.UsageError("--factions takes two comma-separated names (first,second)")
    if memory_games % 2:
        raise click.BadParameter(f"expected an even number (a sweep plays each seed with each seat order), got "
                                 f"{memory_games}", param_hint="'--memory-games'")
    matchup = Matchup(seats)
    matchup.validate()
    from strategies.last_command.library import search_budgets
    if search_budgets((strategy, strategy)).any():
        # a search player against its own base heuristic: each game is thousands of rollouts, so
        # --games counts far fewer of them (default 200) and one run on all threads is enough
        from simcore.games.last_command.bench import measure_search
        from strategies.last_command.library import load_spec
        base = load_spec(strategy).bases[0]
        given = click.get_current_context().get_parameter_source("games") != click.core.ParameterSource.DEFAULT
        n = games if given else 200
        r = measure_search(n, (strategy, base), load_cards(overrides=cards_path), matchup)
        click.echo(f"{strategy} against {base}, {r.games:,} games on {r.threads} threads:")
        click.echo(f"games/s:                {r.games_s:>12,.1f}")
        click.echo(f"searched decisions/s:   {r.decisions_s:>12,.0f}   ({r.decisions_per_game:.1f} per game)")
        click.echo(f"rollouts/s:             {r.rollouts_s:>12,.0f}")
        return
    r = measure(games, (strategy, strategy), load_cards(overrides=cards_path), matchup, repeats)
    click.echo(f"start-up (cache load or compile) + 8 games: {r.startup_s:.1f} s")
    click.echo(f"games/s, 1 thread:      {runs_text(r.one_thread_runs)}")
    click.echo(f"games/s, {r.threads} threads:     {runs_text(r.all_threads_runs)}")
    click.echo(f"scaling, best to best:  {r.scaling:>10.2f}x")
    click.echo(f"mean player-turns/game: {r.mean_turns:>10.1f}")
    if startup:
        cold, warm = startup_times(cards_path)
        click.echo(f"cold start (empty cache): {cold:8.1f} s")
        click.echo(f"warm start (cache hit):   {warm:8.1f} s")
    if memory_games:
        mb, seconds = sweep_peak_memory(memory_games, cards_path)
        click.echo(f"peak memory, sweep of 2 x {memory_games:,} games: {mb:,.0f} MB ({seconds:.0f} s)")


# ---- the skill ladder and the designer's question (is a finding still true when both sides play well?)

@main.command()
@click.option("--game", "game_name", default=registry.DEFAULT_GAME, show_default=True, metavar="NAME",
              help="The game: see `commandsim games`.")
@click.option("--rungs", default=None, metavar="LIST",
              help="Strategies from weakest to strongest (built-in names, strategy files, search:N) [default: the "
                   "game's ladder, e.g. random,balanced,tuned,search:100,search:1000, less the rungs the game "
                   "cannot play yet; with --finding also less random].")
@click.option("--games", type=click.IntRange(max=opt.COMPARE_GAMES_MAX), default=2000, show_default=True,
              metavar="N",
              help="Games per pair of rungs (a multiple of 4: every seed with both seat orders, half of the seeds "
                   "with each side assignment); with --finding, games per rung (even).")
@click.option("--seed", type=opt.SEED, default=1, show_default=True, metavar="S",
              help="Base seed: every pair (every rung, with --finding) plays the same seeds.")
@click.option("--threads", type=opt.THREADS, default=None, metavar="N",
              help="Engine threads [default: all cores]. Results do not depend on it.")
@click.option("--factions", default=None, metavar="A,B",
              help="The ladder's two sides, as `tune --factions` takes them for the game [default: the game's "
                   "own, e.g. federation,sunder].")
@click.option("--variants", default=None, metavar="A[,B]",
              help="The ladder's variants, as `tune --variants` takes them for the game [default: the game's own].")
@click.option("--finding", type=click.Choice(["first-player", "matchup"], case_sensitive=False), default=None,
              help="Instead of the ladder: re-measure this finding with both sides at each rung and say whether "
                   "it holds (sign change, size change or stable).")
@click.option("--a", "side_a", default=None, metavar="SIDE",
              help="With --finding: side A (last-command FACTION[:VARIANT], star-realms DECK, skirmish "
                   "FORCE[:SET[:CP]]) [default: the game's, e.g. federation:asymmetrical for matchup].")
@click.option("--b", "side_b", default=None, metavar="SIDE", help="With --finding: side B [default: the game's].")
@click.option("--out", "out_path", type=click.Path(path_type=Path, dir_okay=False), default=None, metavar="PATH",
              help="Result table (.csv or .parquet), readable by 'commandsim report' [default: out/ladder.csv, "
                   "with --finding out/ladder_<finding>.csv].")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no table: only the verdict and the file.")
def ladder(game_name: str, rungs: str | None, games: int, seed: int, threads: int | None, factions: str | None,
           variants: str | None, finding: str | None, side_a: str | None, side_b: str | None, out_path: Path | None,
           quiet: bool):
    """A skill ladder: each rung head to head against the rung below, with a verdict.

    Every pair plays the same seeds, each seed with both seat orders and half
    of the seeds with each side assignment (as `tune` and `tournament` do).
    Per pair: the upper rung's win rate and score (win 1, draw 1/2), each with
    its 95% Wilson interval and n, and a verdict: 'stronger' when the score's
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
    overlap), else 'stable'. 'commandsim report' plots the finding against
    skill from the CSV.

    \b
    Examples:
      commandsim ladder --game star-realms
      commandsim ladder --rungs random,aggro,balanced,out/tuned.toml --games 4000
      commandsim ladder --game skirmish --rungs reserve,tuned,search:100 --games 400
      commandsim ladder --finding first-player --game star-realms
      commandsim ladder --finding matchup --a federation:asymmetrical --b sunder:standard
      commandsim ladder --finding matchup --game skirmish --a elite --b line:full:3
      commandsim report out/ladder.csv out/ladder_matchup.csv
    """
    from reports import ladder as lad
    from reports import skill_finding as sf
    from reports.files import write_table

    _checked("'--game'", registry.get, game_name)
    _checked("'--game'", registry.sides, game_name)
    finding = finding.lower() if finding is not None else None
    if finding is None:
        for param, value in (("'--a'", side_a), ("'--b'", side_b)):
            if value is not None:
                raise click.BadParameter("a side applies only with --finding", param_hint=param)
        _checked("'--games'", lad.check_games, games)
    else:
        for param, value in (("'--factions'", factions), ("'--variants'", variants)):
            if value is not None:
                raise click.BadParameter("with --finding the sides are --a and --b", param_hint=param)
        _checked("'--games'", sf.check_games, games)
    if rungs is not None:
        names, left_out = _checked("'--rungs'", lad.parse_rungs, game_name, rungs, 1 if finding else 2), []
    else:
        names, left_out = lad.default_rungs(game_name)
        if finding is not None:
            names = lad.without_random(game_name, names)
    if finding is not None and not names:
        raise click.BadParameter("no rung to measure the finding at", param_hint="'--rungs'")
    if finding is None and len(names) < 2:
        raise click.BadParameter(f"a ladder needs at least two rungs, got {', '.join(names) or 'none'}",
                                 param_hint="'--rungs'")
    out_path = out_path or Path("out/ladder.csv" if finding is None else f"out/ladder_{finding}.csv")
    _check_out_file(out_path, "'--out'")
    sides = registry.sides(game_name)
    if finding is not None:   # the sides are checked before any game is played
        _checked("'--a'", sides.parse, side_a or sides.defaults[finding][0])
        _checked("'--b'", sides.parse, side_b or sides.defaults[finding][1])
        _checked("'--a' / '--b'", sf.resolve_sides, sides, finding, side_a, side_b)
    else:
        space = registry.tuning(game_name)
        _checked("'--factions' / '--variants'", space.matchup, factions, variants, space.load_tables(None))
    total = games * (len(names) if finding is not None else len(names) - 1)
    progress = _Progress(total, f"{len(names)} rungs", quiet)
    try:
        with progress:
            if finding is None:
                table = lad.run_ladder(game_name, names, games, seed, threads, factions, variants, progress)
            else:
                table = sf.run_finding(sides, finding, names, side_a, side_b, games, seed, threads, progress)
        try:
            write_table(table, out_path)
        except OSError as exc:
            raise UserError(f"cannot write {out_path}: {exc.strerror or exc}") from None
    except KeyboardInterrupt as exc:
        click.echo(f"\n{stopped_text(exc)} after {progress.done:,} of {progress.total:,} games; nothing written.",
                   err=True)
        raise click.exceptions.Exit(exit_code(exc)) from None

    if left_out:   # the registry's rungs this game cannot play yet (a search budget before its search player)
        click.echo(f"Left out of the default ladder (not a strategy of {game_name} yet): "
                   f"{', '.join(name for name, _ in left_out)}.")
    if finding is None:
        if not quiet:
            click.echo(f"Skill ladder of {game_name}: each rung against the rung below, {games:,} games per pair on "
                       f"the same seeds (seats swapped, sides balanced), seed {seed}.")
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
            click.echo(f"{what} against skill ({game_name}; sides {r0.side_a} and {r0.side_b}, each first on every "
                       f"seed; both sides at the same rung), {games:,} games per rung, seed {seed}:")
            _echo_table(("RUNG", "GAMES", "WINS", "LOSSES", "DRAWS", "SCORE", "95% CI", "LEAD (POINTS)", "VERDICT"),
                        [(r.rung, r.games, r.wins, r.losses, r.draws, f"{r.score:.1%}",
                          f"{r.ci_low:.1%} - {r.ci_high:.1%}", f"{100 * r.effect:+.1f}", r.verdict)
                         for r in table.itertuples()])
            click.echo(f"(score and wins are {r0.subject}'s: win 1, draw 1/2)")
        click.echo(f"Across skill levels: {r0.across_rungs_text}.")
    click.echo(f"Wrote {out_path}.")


@main.command("games")
def games_command():
    """List the games commandsim plays, with their modes, decks or factions, and variants.

    \b
    Examples:
      commandsim games
      commandsim sweep --game star-realms
    """
    _echo_table(("GAME", "TITLE", "MODES", "DECKS/FACTIONS", "VARIANTS"), registry.listing())
    for name in registry.names():
        lines = registry.notes(name)
        if lines:
            click.echo(f"\n{name}: rules chosen where the sources are silent")
            for line in lines:
                click.echo(f"  - {line}")


# ---- printing helpers

def _echo_card(card):
    click.echo(f"{card.key}  ({card.source})")
    fields = describe.present_fields(card)
    width = max(len(f) for f in fields)
    for f in fields:
        value = describe.value_text(describe.field_value(card, f))
        tag = describe.mark(card, f)
        click.echo(f"  {f.ljust(width)}  {value}" + (f"  [{tag}]" if tag else ""))
    if card.text:
        click.echo(f"  text: {card.text}")
    segments = [("main", card.main), ("covering", card.covering), ("ongoing", card.ongoing)]
    segments += [(f"bonus.{e}", effects) for e, effects in card.bonus.items()]
    for label, effects in segments:
        if effects:
            rows = compile_effects(effects)
            shown = ", ".join(f"{Op(r[0]).name} {r[1]} {r[2]} {r[3]}" for r in rows)
            click.echo(f"  compiled {label}: {shown}")
    for note in rule_notes(card):
        click.echo(f"  rule: {note}")


def _echo_table(header, rows):
    cells = [[("" if v is None else str(v)) for v in row] for row in [header, *rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    for row in cells:
        click.echo("  ".join(v.ljust(w) for v, w in zip(row, widths)).rstrip())


def _write_csv(columns, rows):
    writer = csv.DictWriter(sys.stdout, fieldnames=list(columns), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({c: ("" if row.get(c) is None else row[c]) for c in columns})


if __name__ == "__main__":
    main(prog_name="commandsim")
