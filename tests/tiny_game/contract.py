"""A tiny fourth game, registered from the tests through the public contract (``simcore.game.Game``): the
proof that a game is a folder plus one line (``registry.register("tiny-race", "tests.tiny_game.contract")``),
and the template of a new game, built as the real ones are (``docs/add-a-game.md`` walks through it).

The race: two racers, ``red`` and ``blue`` (blue starts with 2 coins), on a track of 12 (``short``) or 20
(``long``) steps. On a turn the racer rolls a die and gains that many coins, may buy one card (``cards.toml``:
Boots, Map; their effects are opcodes) and then moves 1 step plus its stride; the first to reach the end
wins, and a race still running at the turn cap is a draw. A strategy (``strategies.toml``) is a row of
numbers the jitted policy reads (``policy.py``).

This module imports no jitted code at module level (``commandsim games`` and ``--help`` read ``INFO`` without
compiling anything); ``play`` and ``replay`` import the engine when they run.
"""
from __future__ import annotations

import itertools
import tomllib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from simcore.bounds import TURN_CAP, Bound
from simcore.card_files import skipped_lines
from simcore.card_overrides import Entry
from simcore.errors import CommandsimError, StrategyError
from simcore.game import (Cell, GameInfo, Listing, Noun, Order, Question, Setting, Standing, card_settings,
                          check_one_of, parse_list)
from simcore.names import unknown
from simcore.records import GameReplay, Records, constant_column

from .card_data import Tables, effect_text, load

HERE = Path(__file__).resolve().parent
SIDES = ("red", "blue")
TRACKS = {"short": 12, "long": 20}
START_COINS = {"red": 0, "blue": 2}
MAX_TURNS = 60
MAX_LOG_EVENTS = 4096

INFO = GameInfo("tiny-race", "The tiny race (the tests' fourth game)", Noun("racer", "racers"),
                Noun("track", "tracks"), SIDES, ("race",), tuple(TRACKS), "saver", MAX_TURNS, 1000,
                rungs=("random", "spender", "saver"), first_player="the first racer rolls first",
                # a turn buys one card at most and moves once: only the turn cap bounds a race
                bounds=(Bound(TURN_CAP, None, "race turns"),),
                standing=Standing("position", "each racer's steps along the track", "round: both racers' turns"))


@dataclass(frozen=True)
class Race:
    racers: tuple[str, str]
    track: str
    max_turns: int = MAX_TURNS


def strategies() -> dict:
    return tomllib.loads((HERE / "strategies.toml").read_text())


def resolved(strategy) -> tuple[str, tuple[float, ...]]:
    """(name, parameter values in ``policy.PARAMS`` order) of a built-in name, or of such a pair already."""
    from .policy import PARAMS
    if isinstance(strategy, tuple):
        return strategy
    known = strategies()
    if strategy not in known:
        raise StrategyError(unknown("tiny-race strategy", strategy, list(known)))
    return strategy, tuple(float(known[strategy][p]) for p in PARAMS)


def race_cfg(race: Race, n_types: int) -> np.ndarray:
    """The race's set-up as the engine reads it (``layout``: CFG_*)."""
    from .layout import CFG_LENGTH, CFG_MAX_TURNS, CFG_N_TYPES, CFG_START_COINS, N_CFG
    cfg = np.zeros(N_CFG, np.int64)
    cfg[CFG_LENGTH], cfg[CFG_MAX_TURNS], cfg[CFG_N_TYPES] = TRACKS[race.track], race.max_turns, n_types
    for p, racer in enumerate(race.racers):
        cfg[CFG_START_COINS + p] = START_COINS[racer]
    return cfg


def strategy_rows(strategies, tables: Tables, restriction=None) -> np.ndarray:
    """float64[2, ROW_LEN]: each seat's strategy row with its restriction (``policy.strategy_row``)."""
    from .policy import strategy_row
    codes = restriction.codes(tables.names, tables.names) if restriction else [{}, {}]
    return np.array([strategy_row(resolved(s)[1], codes[p]) for p, s in enumerate(strategies)])


class TinyRace:
    info = INFO
    module = __name__

    def options(self, command):
        return ()

    # ---- cards
    def load_tables(self, cards=()):
        return load([cards] if isinstance(cards, (str, Path)) else list(cards or ()))

    def card_entries(self, cards=()):
        tables = self.load_tables(cards)
        return {name: Entry("[[card]]", {"name": name, "cost": cost,
                                         "effects": [{"op": op, "n": n} for op, n in effects],
                                         **({"estimated": list(est)} if est else {})})
                for name, cost, effects, est in zip(tables.names, tables.cost, tables.effects, tables.estimated)}

    def card_info(self, tables):
        return pd.DataFrame({"card": list(tables.names), "cost": list(tables.cost)})

    def buyable(self, tables):
        return [True] * len(tables.names)

    def cards_listing(self, cards, fmt):
        t = self.load_tables([cards] if cards else [])
        return Listing(("name", "cost", "effects"), [(n, c, effect_text(e)) for n, c, e in
                                                     zip(t.names, t.cost, t.effects)])

    def card_lines(self, name, cards):
        t = self.load_tables([cards] if cards else [])
        if name not in t.names:
            raise CommandsimError(f"no card named '{name}'")
        i = t.names.index(name)
        return [name] + [f"  {f} {v}  [{'estimated' if f in t.estimated[i] else 'stated'}]"
                         for f, v in (("cost", t.cost[i]), ("effects", effect_text(t.effects[i])))]

    def validate_cards(self, path, extras):
        t = self.load_tables([path])
        return [f"OK: {path}: {len(t.names)} cards."] + skipped_lines(Path(path))

    def audit_listing(self, cards, fmt):
        t = self.load_tables([cards] if cards else [])
        return Listing(("card", "field", "provenance"),
                       [(n, f, "estimated") for n, est in zip(t.names, t.estimated) for f in est])

    # ---- strategies
    def strategy_listing(self):
        return Listing(("STRATEGY", "DESCRIPTION"), [(k, v["description"]) for k, v in strategies().items()])

    def strategy_lines(self, name):
        from .policy import PARAMS
        _, values = resolved(name)
        return Listing(("PARAMETER", "VALUE"), list(zip(PARAMS, values)), before=[name])

    def check_strategy(self, name):
        return resolved(name)[0]

    def resolve_strategy(self, name):
        return resolved(name)

    # ---- play
    def sweep_cells(self, spec, tables):
        racers = parse_list(spec.sides, SIDES, "racer", "--racers", 2) if spec.sides else SIDES
        tracks = parse_list(spec.variants, tuple(TRACKS), "track", "--tracks") if spec.variants else tuple(TRACKS)
        strategy = spec.strategy or INFO.default_strategy
        other = spec.opponent_strategy or strategy
        max_turns = spec.max_turns or MAX_TURNS
        cells = []
        for track in tracks:
            for a, b in itertools.combinations(racers, 2):
                first, second = Race((a, b), track, max_turns), Race((b, a), track, max_turns)
                orders = (Order(first, (strategy, other), (a, b), (track, track)),
                          Order(second, (other, strategy), (b, a), (track, track)))
                cells.append(Cell("race", (a, b), (track, track), (strategy, other), orders,
                                  label=f"{a} vs {b} on the {track} track"))
        return cells

    def bannable(self, tables):
        return list(tables.names)

    def play(self, matchup, strategies, seed, first_game, n, tables, threads, keep_bought=True, restriction=None):
        from simcore.play_counts import PlayCounts
        from simcore.shape import GameShapes
        from .batch import R_BOUND, R_CARD_COUNTS, R_POS, R_SEED, R_SHAPE, R_TURNS, R_WINNER, play_batch
        names = tuple(resolved(s)[0] for s in strategies)
        out = np.zeros((n, R_CARD_COUNTS + len(tables.names)), np.int64)   # with the shape and the cards played
        bought = np.zeros((n if keep_bought else 0, 2, len(tables.names)), np.int32)
        play_batch(tables, race_cfg(matchup, len(tables.names)), strategy_rows(strategies, tables, restriction),
                   seed, first_game, out, bought, threads)
        winner, turns = out[:, R_WINNER].copy(), out[:, R_TURNS].copy()

        def columns(categories):
            label = (lambda v: constant_column(v, n)) if categories else (lambda v: v)
            return {"game": np.arange(first_game, first_game + n), "seed": out[:, R_SEED], "mode": label("race"),
                    "first_faction": label(matchup.racers[0]), "second_faction": label(matchup.racers[1]),
                    "first_variant": label(matchup.track), "second_variant": label(matchup.track),
                    "first_strategy": label(names[0]), "second_strategy": label(names[1]),
                    "winner": pd.Categorical.from_codes(winner, ["first", "second", "draw"]), "turns": turns,
                    "first_position": out[:, R_POS], "second_position": out[:, R_POS + 1]}
        records = Records(columns, bought, list(tables.names), winner=winner, turns=turns, strategies=names,
                          bounds=out[:, R_BOUND].copy())
        records.shape = GameShapes.from_output(out, R_SHAPE)
        records.plays = PlayCounts.from_output(out, R_CARD_COUNTS, len(tables.names))
        return records

    # ---- paired comparisons
    def compare_question(self, spec):
        subject, opponent = spec.sides or ("red", "blue")
        for r in (subject, opponent):
            check_one_of(r, SIDES, "racer", "--racers")
        (ta, ca, la), (tb, cb, lb) = card_settings(self, spec.cards, spec.cards_b)
        a = spec.variant_a or "short"
        b = spec.variant_b or ("long" if spec.cards_b is None else a)
        return Question(Setting(subject, a, ta, ca, la), Setting(spec.side_b or subject, b, tb, cb, lb), opponent,
                        spec.opponent_variant or "short")

    def setting_orders(self, setting, opponent, opponent_variant, max_turns):
        check_one_of(setting.variant, tuple(TRACKS), "track", "--track-a")
        first = Race((setting.side, opponent), setting.variant, max_turns)
        second = Race((opponent, setting.side), setting.variant, max_turns)
        return tuple(Order(r, (), r.racers, (r.track, r.track)) for r in (first, second))

    # ---- replay
    def replay(self, seed, spec):
        from simcore.game import Replay
        from .batch import N_RESULT_COLS, R_TURNS, R_WINNER, new_state, play_one
        from .layout import S_LOG_LOST, S_LOG_N
        from .replay_log import json_lines, text_lines
        tables = self.load_tables([spec.cards] if spec.cards else [])
        racers = tuple(check_one_of(r, SIDES, "racer", "--racers") for r in (spec.sides or SIDES))
        track = check_one_of((spec.variants or ("short", "short"))[0], tuple(TRACKS), "track", "--tracks")
        a, b = spec.strategies
        a = a or INFO.default_strategy
        strats = (resolved(a), resolved(b or a))
        race = Race(racers, track, spec.max_turns or MAX_TURNS)
        sc, log, bought = new_state(MAX_LOG_EVENTS)
        row = np.zeros(N_RESULT_COLS, np.int64)
        play_one(tables.cards, tables.eff, race_cfg(race, len(tables.names)), strategy_rows(strats, tables), sc, log,
                 bought, np.int64(seed), row)
        result = {"winner": ("first", "second", "draw")[int(row[R_WINNER])], "turns": int(row[R_TURNS])}
        played = GameReplay(int(seed), race, (strats[0][0], strats[1][0]), result, log[:sc[S_LOG_N]].copy(),
                            int(sc[S_LOG_LOST]), tables)
        return Replay(played, text_lines, json_lines)


GAME = TinyRace()
