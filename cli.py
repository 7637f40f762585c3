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
