"""The notebook API: one entry point per use, the same as the CLI's commands, for every game.

::

    from simcore import api

    result = api.sweep()                                  # commandsim sweep
    result.aggregate                                      # the same table as out/sweep.csv
    api.sweep(game="star-realms", games=4000)             # commandsim sweep --game star-realms --games 4000
    verdict = api.compare(cards_b="my_cards/railgun6.toml")   # commandsim compare --cards-b ...
    verdict.table                                         # the same row as out/compare.csv
    print(api.replay(seed=12345))                         # commandsim replay --seed 12345

Each function takes the command's options by name (a comma list or a sequence where the command takes
a list; a game's own options, e.g. The Last Command's ``difficulties`` or ``fog_paths``, by their
``Option.dest``) with the command's defaults: the same seed (1), games, strategies and seat swapping
(every seed is played with each side moving first), and the game's own questions when a sweep names
no match-up. So a notebook gets the CLI's figures. Bad options raise ``simcore.errors.CommandsimError``
with the CLI's one-line message. Nothing here prints or writes a file; everything goes through the game
contract (``simcore.game``), and no game is named here.

In the tables returned, a value a row does not have (``difficulty`` of a duel) is missing (``pd.NA``),
not an empty string; the CSV files the CLI writes hold an empty field there, which pandas reads back
as missing too.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from .games import registry

__all__ = ["sweep", "compare", "replay"]

DEFAULT_GAMES = 20000        # the CLI's --games of sweep and compare
DEFAULT_SEED = 1             # the CLI's --seed
DEFAULT_BAND = 2.0           # compare's --band, in points


def _game(game):
    return registry.get(game) if isinstance(game, str) else game


def _paths(cards) -> list[Path]:
    if cards is None:
        return []
    return [Path(cards)] if isinstance(cards, (str, Path)) else [Path(c) for c in cards]


def _missing_as_na(table: pd.DataFrame, columns: Sequence[str] = ("difficulty",)) -> pd.DataFrame:
    table = table.copy()
    for column in columns:
        if column in table:
            table[column] = table[column].astype(object).where(table[column].astype(str) != "", pd.NA)
    return table


def sweep(game: str = registry.DEFAULT_GAME, *, games: int = DEFAULT_GAMES, seed: int = DEFAULT_SEED, sides=None,
          variants=None, modes=None, strategy: str | None = None, opponent_strategy: str | None = None,
          mixed_variants: bool = False, cards=None, max_turns: int | None = None, threads: int | None = None,
          target_ci: float | None = None, max_games: int | None = None, progress=None, runner=None, **extras):
    """``commandsim sweep``: the game's cells played on common seeds, each seed in both seat orders.

    Returns ``reports.sweep.SweepResult``: ``aggregate`` (the sweep CSV: per cell, each side's rows for
    seat first, second and both, with n, wins, win rate and its 95% Wilson interval), ``cards`` (the
    per-card table) and ``cells``. ``sides``: the game's sides (``factions``, ``decks``, ``forces``);
    ``cards``: a card file or folder (or several, merged in order) over the shipped cards."""
    from reports import sweep as sw
    from .game import asked
    game = _game(game)
    spec = asked(sw.spec_of(sides, variants, modes, strategy or game.info.default_strategy, opponent_strategy,
                            mixed_variants, max_turns, extras), game.info)
    tables = game.load_tables(_paths(cards))
    cells = game.sweep_cells(spec, tables)
    per_seed = sw.seat_orders(cells)
    sw.check_games(games, per_seed)
    sw.check_target(target_ci, max_games, games, per_seed)
    result = sw.play_sweep(game, cells, games, seed, threads, tables, progress, target_ci=target_ci,
                           max_games=max_games, runner=runner)
    return sw.SweepResult(_missing_as_na(result.aggregate), result.cards, _missing_as_na(result.cells))


def compare(game: str = registry.DEFAULT_GAME, *, games: int | None = None, seed: int = DEFAULT_SEED, sides=None,
            side_b: str | None = None, cards=None, cards_b=None, variant_a: str | None = None,
            variant_b: str | None = None, opponent_variant: str | None = None, strategy: str | None = None,
            opponent_strategy: str | None = None, band: float = DEFAULT_BAND, until_verdict: bool = False,
            max_games: int | None = None, max_turns: int | None = None, threads: int | None = None,
            progress=None, runner=None, **extras):
    """``commandsim compare``: settings A and B of one side on the same seeds, each seed once with the
    subject first and once second, with a verdict against ``band`` (in points, as ``--band``). With no
    setting option: the game's headline question.

    Returns ``reports.compare.Comparison`` (``table``: the compare CSV's row(s), with ``verdict`` and
    ``verdict_text``; ``pairs``: per seed); with ``until_verdict``, the sequential comparison (its
    ``comparison`` and ``looks``)."""
    from reports import compare as cmp
    from reports import until_verdict as seq
    from .errors import CommandsimError
    from .game import CompareSpec
    game = _game(game)
    games = games if games is not None else (seq.DEFAULT_ROUND_GAMES if until_verdict else DEFAULT_GAMES)
    if games < 2 or games % 2:
        raise CommandsimError(f"games: expected an even number >= 2 (each seed is played with the subject first "
                              f"and second), got {games}")
    if max_games is not None and not until_verdict:
        raise CommandsimError("max_games: a games cap applies only with until_verdict")
    pair = tuple(sides.split(",")) if isinstance(sides, str) else tuple(sides) if sides is not None else None
    strategy = strategy or game.info.default_strategy
    question = game.compare_question(CompareSpec(
        tuple(x.strip().lower() for x in pair) if pair else None, side_b.strip().lower() if side_b else None,
        variant_a, variant_b, opponent_variant, Path(cards) if cards is not None else None,
        Path(cards_b) if cards_b is not None else None, strategy, opponent_strategy, max_turns, dict(extras)))
    if until_verdict:
        max_games = seq.DEFAULT_MAX_GAMES if max_games is None else max_games
        seq.check_rounds(games, max_games)
        return seq.run_until_verdict(game, question, strategy, opponent_strategy, games, max_games, seed, threads,
                                     max_turns, band / 100, progress, runner=runner)
    return cmp.run_question(game, question, strategy, opponent_strategy, games, seed, threads, max_turns,
                            band / 100, progress, runner=runner)


def replay(game: str = registry.DEFAULT_GAME, *, seed: int, index: int | None = None, sides=None, variants=None,
           strategy: str | None = None, opponent_strategy: str | None = None, mode: str | None = None,
           cards=None, max_turns: int | None = None, **extras):
    """``commandsim replay``: one game, the very game a sweep counted for that seed (``index``: game G of
    the run with base seed ``seed``). ``sides`` and ``variants`` in seat order (the first moves first).

    Returns ``simcore.game.Replay``: ``result`` (winner, turns), ``text_lines()`` (the game turn by turn;
    ``str(replay)`` joins them) and ``json_lines()``."""
    from .game import ReplaySpec
    from .seeds import seed_of_game
    game = _game(game)

    def pair(x, one_means_both=False):
        if x is None:
            return None
        items = tuple(s.strip() for s in (x.split(",") if isinstance(x, str) else x))
        return items * 2 if len(items) == 1 and one_means_both else items
    spec = ReplaySpec(pair(sides), pair(variants, True), (strategy or game.info.default_strategy, opponent_strategy),
                      mode.lower() if mode else None, max_turns, Path(cards) if cards is not None else None,
                      dict(extras))
    return game.replay(seed_of_game(seed, index) if index is not None else seed, spec)
