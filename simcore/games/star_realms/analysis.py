"""Star Realms sweeps and paired comparisons, in the core's report schemas (``reports.aggregate``,
``reports.compare``): the same CSV columns as The Last Command, with a deck in the faction columns."""
from __future__ import annotations

import numpy as np
import pandas as pd

from reports.aggregate import card_counts, card_table, combine_counts, perspective_counts, summarise
from reports.compare import DEFAULT_BAND, verdict
from reports.stats import paired_difference, wilson_interval
from simcore.errors import CommandsimError

from .card_data import SRTables, load_tables
from .setup import DEFAULT_MAX_TURNS, MODES, SRMatchup, mode_matchups, mode_of
from .simulate import play_games

VARIANT = "core"    # Star Realms has no starting-card variants: the variant columns name the card set


def as_core_records(games: pd.DataFrame) -> pd.DataFrame:
    """Per-game records with the columns the core's aggregation reads (decks in the faction columns)."""
    return games.assign(first_faction=games["first_deck"], second_faction=games["second_deck"],
                        first_variant=VARIANT, second_variant=VARIANT)


def check_modes(modes) -> tuple[str, ...]:
    names = tuple(m.strip() for m in (modes.split(",") if isinstance(modes, str) else modes) if m.strip())
    for m in names:
        if m not in MODES:
            raise CommandsimError(f"unknown Star Realms mode '{m}': expected one of {', '.join(MODES)}")
    if not names:
        raise CommandsimError("no Star Realms mode given")
    return names


def run_sweep(modes=MODES, games: int = 20000, seed: int = 1, strategy: str = "balanced",
              opponent_strategy: str | None = None, threads: int | None = None,
              max_turns: int = DEFAULT_MAX_TURNS, tables: SRTables | None = None,
              keep_games: bool = False) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame | None]:
    """(aggregate, cards, games): win rates with 95% Wilson intervals per mode, deck and seat, every matchup
    of each mode (both seatings where the decks differ, both seat orders where the strategies differ) on the
    same seeds; the per-card buy statistics of all those games (the core's ``card_table``); and, with
    ``keep_games``, every game's record."""
    if games < 1:
        raise CommandsimError(f"--games must be at least 1, got {games}")
    tables = tables if tables is not None else load_tables()
    opponent_strategy = opponent_strategy or strategy
    orders = [(strategy, opponent_strategy)] + ([(opponent_strategy, strategy)] if opponent_strategy != strategy
                                                else [])
    tables_out, cards, games_out = [], [], []
    for mode in check_modes(modes):
        records = [play_games(games, seed, m, s, tables, threads) for m in mode_matchups(mode, max_turns)
                   for s in orders]
        counts = perspective_counts(as_core_records(pd.concat([r.games for r in records], ignore_index=True)))
        tables_out.append(summarise(counts, seed=seed, mode=mode))
        cards += [card_counts(r.bought, r.games["winner"], r.card_names) for r in records]
        if keep_games:
            games_out += [r.games for r in records]
    buyable = {c.name for c in tables.card_list if c.cost is not None}
    per_card = card_table(combine_counts(*cards))
    return (pd.concat(tables_out, ignore_index=True), per_card[per_card["card"].isin(buyable)].reset_index(drop=True),
            pd.concat(games_out, ignore_index=True) if keep_games else None)


def _points(winner, seat: str) -> np.ndarray:
    w = np.asarray(pd.Series(winner).astype(str))
    return np.where(w == seat, 2, np.where(w == "draw", 1, 0))


def run_compare(deck_a: str = "alliance", deck_b: str = "standard", opponent: str = "standard",
                games: int = 20000, seed: int = 1, strategy: str = "balanced", opponent_strategy: str | None = None,
                threads: int | None = None, max_turns: int = DEFAULT_MAX_TURNS, band: float = DEFAULT_BAND,
                tables: SRTables | None = None, tables_b: SRTables | None = None) -> dict:
    """Does ``deck_a`` do better than ``deck_b`` against ``opponent``? Both play the same seeds, each seed
    once in each seat; the paired difference of the subject's per-seed score, with a verdict. With
    ``tables_b`` (an edited card set) side B plays those cards, side A ``tables``."""
    tables = tables if tables is not None else load_tables()
    tables_b = tables_b if tables_b is not None else tables
    opponent_strategy = opponent_strategy or strategy
    seeds = games // 2
    if seeds < 2:
        raise CommandsimError(f"--games must be at least 4, got {games}")
    scores, rates = {}, {}
    for side, deck, side_tables in (("a", deck_a, tables), ("b", deck_b, tables_b)):
        mode = mode_of((deck, opponent), side_tables)
        first = play_games(seeds, seed, SRMatchup((deck, opponent), mode, max_turns), (strategy, opponent_strategy),
                           side_tables, threads, keep_bought=False)
        second = play_games(seeds, seed, SRMatchup((opponent, deck), mode, max_turns),
                            (opponent_strategy, strategy), side_tables, threads, keep_bought=False)
        as_first, as_second = _points(first.games.winner, "first"), _points(second.games.winner, "second")
        scores[side] = (as_first + as_second) / 4.0
        wins = int((as_first == 2).sum() + (as_second == 2).sum())
        lo, hi = wilson_interval(wins, 2 * seeds)
        rates[side] = (wins / (2 * seeds), lo, hi)
    d = paired_difference(scores["a"], scores["b"])
    code, text = verdict(d.mean, d.ci_low, d.ci_high, band, deck_a, deck_b)
    return {"deck_a": deck_a, "deck_b": deck_b, "opponent": opponent, "strategy": strategy,
            "opponent_strategy": opponent_strategy, "seeds": seeds, "games": 2 * seeds,
            "win_rate_a": rates["a"][0], "ci_low_a": rates["a"][1], "ci_high_a": rates["a"][2],
            "win_rate_b": rates["b"][0], "ci_low_b": rates["b"][1], "ci_high_b": rates["b"][2],
            "diff": d.mean, "diff_ci_low": d.ci_low, "diff_ci_high": d.ci_high, "band": band,
            "verdict": code, "verdict_text": text, "seed": seed, "max_turns": max_turns}
