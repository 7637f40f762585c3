"""The ``commandsim`` command line: a thin click layer over the ``simcore`` library.

Commands parse options, call library functions and print; they hold no game
logic.  A ``CommandsimError`` from the library becomes one line on stderr and
exit code 2 (see ``CommandsimGroup``); any other exception is a bug and keeps
its traceback.
"""
from __future__ import annotations

import csv
import sys
from pathlib import Path

import click

from simcore.cards import (check_component_list, compile_cards, compile_effects, find_cards, load_card_list,
                           read_cards)
from simcore.cards import describe
from simcore.cards.loader import display_path
from simcore.errors import CommandsimError
from simcore.opcodes import Op

__version__ = "0.1.0"   # keep equal to pyproject.toml (a test checks)


class UserError(click.ClickException):
    """Printed as ``Error: <message>`` on stderr; 2 is the exit code of every user error."""
    exit_code = 2


class CommandsimGroup(click.Group):
    """A click group that turns library errors into ``UserError`` for every command below it."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except CommandsimError as exc:
            raise UserError(str(exc)) from None


# ---- option bundles shared by commands (engine commands reuse these too)

def cards_option(command):
    """``--cards PATH``: a TOML file or folder that overrides shipped cards by key and adds new ones."""
    return click.option(
        "--cards", "cards_path", type=click.Path(path_type=Path), default=None, metavar="PATH",
        help="Card TOML file or folder: its cards replace shipped cards with the same key "
             "(name, plus ' (asymmetrical)') and add new ones.")(command)


def format_option(command):
    return click.option("--format", "fmt", type=click.Choice(["table", "csv"]), default="table", show_default=True,
                        help="Readable aligned table, or CSV for spreadsheets and pandas.")(command)


# ---- the command group

@click.group(cls=CommandsimGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="commandsim", message="%(prog)s %(version)s")
def main():
    """Monte Carlo balance simulator for the deckbuilding game The Last Command.

    \b
    Examples:
      commandsim sweep
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
def validate(path: Path, component_list: bool):
    """Check a card file or folder against the schema and compile it.

    Reports the first problem with its file, card and field (exit code 2),
    or a one-line summary when everything is valid.

    \b
    Examples:
      commandsim cards validate my_cards/railgun.toml
      commandsim cards validate simcore/games/last_command/cards --component-list
    """
    cards = read_cards(path)
    compile_cards(cards)
    if component_list:
        check_component_list(cards, where=display_path(path))
    estimates = sum(len(card.estimated) for card in cards)
    copies = sum(card.count for card in cards)
    click.echo(f"OK: {display_path(path)}: {len(cards)} card types ({copies} cards), {estimates} estimated fields.")


@cards.command()
@cards_option
@format_option
def audit(cards_path: Path | None, fmt: str):
    """List every estimated field, grouped by card, for checking against printed cards.

    Correct a value by copying the card into your own TOML file, fixing it,
    moving the field from 'estimated' to 'stated', and passing --cards.

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
@click.option("--games", "games", type=int, default=20000, show_default=True, metavar="N",
              help="Games per cell: half with each faction moving first, on the same seeds (an even number).")
@click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True, metavar="S",
              help="Base seed; game g of every cell and seat order uses the seed derived from (S, g).")
@click.option("--factions", default="federation,sunder", show_default=True, metavar="LIST",
              help="Comma list of factions; every pair of different factions is a cell.")
@click.option("--variants", default="standard,asymmetrical", show_default=True, metavar="LIST",
              help="Comma list of starting-card variants; both sides use the same one in a cell.")
@click.option("--mixed-variants", is_flag=True,
              help="Also play cells where the two sides use different variants.")
@click.option("--strategy", default="balanced", show_default=True, metavar="NAME",
              help="Strategy of the faction named first in a cell: a built-in name or a strategy .toml file.")
@click.option("--opponent-strategy", default=None, metavar="NAME",
              help="Strategy of the other faction [default: same as --strategy]; when it differs, both "
                   "faction-to-strategy assignments are played.")
@cards_option
@click.option("--threads", type=click.IntRange(min=1), default=None, metavar="N",
              help="Engine threads [default: all cores]. Results do not depend on it.")
@click.option("--max-turns", type=click.IntRange(min=1), default=None, metavar="N",
              help="Turn cap (player-turns) after which a game is a draw [default: the engine's cap].")
@click.option("--out", "out_path", type=click.Path(path_type=Path, dir_okay=False), default=Path("out/sweep.csv"),
              show_default=True, metavar="PATH",
              help="Aggregate table (.csv, or .parquet); the per-card table goes next to it as <stem>_cards.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar and no table: only say where the files are.")
def sweep(games: int, seed: int, factions: str, variants: str, mixed_variants: bool, strategy: str,
          opponent_strategy: str | None, cards_path: Path | None, threads: int | None, max_turns: int | None,
          out_path: Path, quiet: bool):
    """Play a grid of match-ups on common seeds and write win rates with 95% intervals.

    Every cell (faction A with a variant against faction B) is played on the
    same seeds twice, once with each side moving first, so the table shows
    each faction's win rate as first player, as second player and overall
    (seat first/second/both), with wins, losses, draws and Wilson intervals.
    A second table gives per-card buy rates and the buyer's win rate.

    \b
    Examples:
      commandsim sweep
      commandsim sweep --games 200000 --seed 7 --out out/big.csv
      commandsim sweep --mixed-variants --threads 2
      commandsim sweep --strategy balanced --opponent-strategy random --out out/vs_random.parquet
      commandsim sweep --cards my_cards/railgun.toml --out out/railgun5.csv
    """
    import contextlib
    import time

    from reports import sweep as sw
    from reports.aggregate import first_player_table
    from reports.files import write_tables
    from simcore.cards import load_cards
    from simcore.engine.matchup import DEFAULT_MAX_TURNS

    # every option is checked before any game is played or any file is touched
    def bad(param: str, check, *args):
        try:
            return check(*args)
        except CommandsimError as exc:
            raise click.BadParameter(str(exc), param_hint=param) from None

    bad("'--games'", sw.check_games, games)
    faction_list = bad("'--factions'", sw.parse_factions, factions)
    variant_list = bad("'--variants'", sw.parse_variants, variants)
    opponent_strategy = strategy if opponent_strategy is None else opponent_strategy
    bad("'--strategy'", sw.check_strategy, strategy)
    bad("'--opponent-strategy'", sw.check_strategy, opponent_strategy)
    cards_out = _sweep_out_paths(out_path)
    tables = load_cards(overrides=cards_path)
    max_turns = DEFAULT_MAX_TURNS if max_turns is None else max_turns
    cells = sw.sweep_cells(faction_list, variant_list, strategy, opponent_strategy, mixed_variants)
    total = len(cells) * games

    state = {"done": 0, "at": time.perf_counter()}
    bar = None
    if not quiet and sys.stderr.isatty():
        import simcore
        if not any(Path(simcore.CACHE_DIR).rglob("*play_batch*.nbi")):
            click.echo("Compiling the engine on first use (about a minute and a half; cached afterwards)...",
                       err=True)
        bar = click.progressbar(length=total, label=f"{len(cells)} cells", file=sys.stderr, show_pos=True,
                                show_percent=True, item_show_func=lambda item: item)
    started = time.perf_counter()

    def progress(done: int, _total: int):
        now = time.perf_counter()
        step, state["done"], state["at"], last = done - state["done"], done, now, state["at"]
        if bar is not None:   # the speed of the last chunk: the first one may include compiling
            bar.update(step, current_item=f"{step / max(now - last, 1e-9):,.0f} games/s")

    try:
        with bar if bar is not None else contextlib.nullcontext():
            aggregate, card_table = sw.run_sweep(faction_list, variant_list, strategy, opponent_strategy, games, seed,
                                                 threads, tables, max_turns, progress, mixed_variants=mixed_variants)
        elapsed = time.perf_counter() - started
        try:
            write_tables({out_path: aggregate, cards_out: card_table})
        except OSError as exc:
            raise UserError(f"cannot write {out_path}: {exc.strerror or exc}") from None
    except KeyboardInterrupt:
        click.echo(f"\nInterrupted after {state['done']:,} of {total:,} games; nothing written.", err=True)
        raise click.exceptions.Exit(130) from None

    if not quiet:
        _echo_sweep(aggregate, first_player_table(aggregate))
        click.echo(f"\n{total:,} games in {len(cells)} cells in {elapsed:.1f} s, seed {seed}.")
    click.echo(f"Wrote {out_path} (aggregate, {len(aggregate)} rows) and {cards_out} "
               f"(per card, {len(card_table)} rows).")


def _sweep_out_paths(out_path: Path) -> Path:
    """Check ``--out`` before any work; returns the path of the per-card table next to it."""
    import os
    import tempfile

    if out_path.suffix.lower() not in (".csv", ".parquet"):
        raise click.BadParameter(f"expected a path ending in .csv or .parquet, got '{out_path}'",
                                 param_hint="'--out'")
    if out_path.is_dir():
        raise click.BadParameter(f"'{out_path}' is a folder, expected a file path", param_hint="'--out'")
    folder = out_path.resolve().parent
    while not folder.exists():
        folder = folder.parent
    writable = folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)
    if writable and folder == out_path.resolve().parent:
        try:   # the real test (access() says yes to root everywhere): create and remove a file there
            fd, probe = tempfile.mkstemp(prefix=f".{out_path.name}.", suffix=".probe", dir=folder)
            os.close(fd)
            os.unlink(probe)
        except OSError:
            writable = False
    if not writable:
        raise click.BadParameter(f"cannot write into '{folder}'", param_hint="'--out'")
    return out_path.with_name(f"{out_path.stem}_cards{out_path.suffix}")


def _echo_sweep(aggregate, first_player):
    both = aggregate[aggregate["seat"] == "both"]
    header = ("FACTION", "VARIANT", "STRATEGY", "VS", "VS VARIANT", "VS STRATEGY", "GAMES", "WINS", "LOSSES",
              "DRAWS", "WIN RATE", "95% CI", "TURNS")
    rows = [(r.faction, r.variant, r.strategy, r.opponent_faction, r.opponent_variant, r.opponent_strategy,
             r.games, r.wins, r.losses, r.draws, f"{r.win_rate:.1%}", f"{r.ci_low:.1%} - {r.ci_high:.1%}",
             f"{r.mean_turns:.1f}") for r in both.itertuples()]
    _echo_table(header, rows)
    click.echo("\nFirst player (moves first with 5 Credits; the second starts with 6):")
    rows = [(r.side_a.replace("|", " "), r.side_b.replace("|", " "), r.games, f"{r.first_win_rate:.1%}",
             f"{r.ci_low:.1%} - {r.ci_high:.1%}", r.draws) for r in first_player.itertuples()]
    _echo_table(("SIDE", "VS", "GAMES", "FIRST WINS", "95% CI", "DRAWS"), rows)


@main.command()
@click.option("--seed", type=click.IntRange(min=0), required=True, metavar="S",
              help="The game's own seed: the 'seed' column of a per-game record (with --game: the run's base seed).")
@click.option("--game", type=click.IntRange(min=0), default=None, metavar="G",
              help="Replay game G of the run whose base seed is --seed (as a sweep numbers its games).")
@click.option("--factions", default="federation,sunder", show_default=True, metavar="FIRST,SECOND",
              help="Factions in seat order: the first one moves first.")
@click.option("--variants", default="standard,standard", show_default=True, metavar="FIRST,SECOND",
              help="Starting-card variant of each seat (standard or asymmetrical); one name means both.")
@click.option("--strategy", default="balanced", show_default=True, metavar="NAME",
              help="Strategy of the first seat: a built-in name or a strategy .toml file.")
@click.option("--opponent-strategy", default=None, metavar="NAME",
              help="Strategy of the second seat [default: same as --strategy].")
@click.option("--fog", "fog_path", type=click.Path(path_type=Path, dir_okay=False), default=None, metavar="PATH",
              help="Fog of War TOML: chosen starting hands and extra starting cards per seat ([first], [second]).")
@cards_option
@click.option("--max-turns", type=click.IntRange(min=1), default=None, metavar="N",
              help="Turn cap (player-turns) after which the game is a draw [default: the engine's cap].")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per event (JSON Lines) instead of text.")
def replay(seed: int, game: int | None, factions: str, variants: str, strategy: str, opponent_strategy: str | None,
           fog_path: Path | None, cards_path: Path | None, max_turns: int | None, as_json: bool):
    """Replay one game turn by turn: draws, plays, Power, Credits, Hull, purchases, bonuses, the result.

    The replayed game is the very game a sweep or play_games counted for that seed,
    given the same factions (in seat order), variants, strategies and cards.

    \b
    Examples:
      commandsim replay --seed 12345
      commandsim replay --seed 1 --game 17 --factions sunder,federation --variants asymmetrical
      commandsim replay --seed 12345 --json > game.jsonl
    """
    import json

    from reports.replay_log import events, text_lines
    from simcore.cards import load_cards
    from simcore.engine.matchup import DEFAULT_MAX_TURNS, Matchup, load_fog
    from simcore.simulate import replay_game, seed_of_game

    seats = tuple(x.strip() for x in factions.split(","))
    kinds = tuple(x.strip() for x in variants.split(","))
    if len(kinds) == 1:
        kinds = kinds * 2
    if len(seats) != 2 or len(kinds) != 2:
        raise click.UsageError("--factions and --variants take two comma-separated names (first,second)")
    matchup = Matchup(seats, kinds, max_turns or DEFAULT_MAX_TURNS,
                      load_fog(fog_path) if fog_path else (None, None))
    matchup.validate()
    tables = load_cards(overrides=cards_path)
    game_seed = seed_of_game(seed, game) if game is not None else seed
    r = replay_game(game_seed, matchup, (strategy, opponent_strategy or strategy), tables)
    if as_json:
        for d in events(r):
            click.echo(json.dumps(d))
    else:
        for line in text_lines(r):
            click.echo(line)


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
