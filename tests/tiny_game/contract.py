"""A tiny fourth game, registered from the tests through the public contract (``simcore.game.Game``): the
proof that a game is a folder plus one line (``registry.register("tiny-race", "tests.tiny_game.contract")``).

The race: two racers, ``red`` and ``blue`` (blue starts with 2 coins), on a track of 12 (``short``) or 20
(``long``) steps. On a turn the racer rolls a die and gains that many coins, may buy one upgrade
(``cards.toml``: Boots, Map) and then moves 1 step plus the steps of its upgrades; the first to reach the end
wins, and a race still running at the turn cap is a draw. A strategy (``strategies.toml``) buys the dearest
upgrade it can afford when it keeps at least ``keep`` coins (``keep`` < 0: at random). The engine is plain
Python over numpy: the contract does not ask a game to be jitted.
"""
from __future__ import annotations

import itertools
import json
import tomllib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from simcore.bounds import NONE, TURN_CAP, Bound
from simcore.card_files import card_files, read_toml, skipped_lines
from simcore.card_overrides import Entry, complete_override, first_giver, given_twice, misnamed
from simcore.errors import CardDataError, CommandsimError, StrategyError
from simcore.names import unknown
from simcore.game import (Cell, GameInfo, Listing, Noun, Order, Question, Replay, Setting, Standing, card_settings,
                          check_one_of, parse_list)
from simcore.records import Records, constant_column
from simcore.seeds import seed_of_game
from simcore.shape import GameShapes

HERE = Path(__file__).resolve().parent
SIDES = ("red", "blue")
TRACKS = {"short": 12, "long": 20}
START_COINS = {"red": 0, "blue": 2}
MAX_TURNS = 60

INFO = GameInfo("tiny-race", "The tiny race (the tests' fourth game)", Noun("racer", "racers"),
                Noun("track", "tracks"), SIDES, ("race",), tuple(TRACKS), "saver", MAX_TURNS, 1000,
                rungs=("random", "spender", "saver"), first_player="the first racer rolls first",
                # a turn buys one upgrade at most and moves once: only the turn cap bounds a race
                bounds=(Bound(TURN_CAP, None, "race turns"),),
                standing=Standing("position", "each racer's steps along the track", "round: both racers' turns"))


@dataclass(frozen=True)
class Tables:
    names: tuple[str, ...]
    cost: tuple[int, ...]
    steps: tuple[int, ...]
    estimated: tuple[tuple[str, ...], ...]
    files: tuple[str, ...]


@dataclass(frozen=True)
class Race:
    racers: tuple[str, str]
    track: str
    max_turns: int = MAX_TURNS


def _read(path: Path, loaded: dict | None = None) -> list[dict]:
    """The cards of one file; a card naming one of ``loaded`` takes the fields it does not give from it."""
    data = read_toml(path)   # the core's reader: every failure one line naming the file
    out = []
    for i, card in enumerate(data.get("card", [])):
        named = (loaded or {}).get(card.get("name"))
        card = complete_override(card, named)
        for field in ("name", "cost", "steps"):
            if field not in card:
                exc = CardDataError(str(path), card.get("name", f"#{i + 1}"), field, "missing required field")
                raise (misnamed(exc, card.get("name"), list(loaded)) if loaded and named is None else exc)
        if not (isinstance(card["cost"], int) and 0 <= card["cost"] <= 20):
            raise CardDataError(str(path), card["name"], "cost", f"expected an integer 0..20, got {card['cost']!r}")
        out.append({**card, "file": str(path)})
    return out


def load(cards=()) -> Tables:
    merged = {c["name"]: c for c in _read(HERE / "cards.toml")}
    for path in cards:
        given: dict[str, str] = {}    # two files of one folder may not change one card (simcore.card_overrides)
        for file in card_files(Path(path)):   # a folder's files as every game reads them (simcore.card_files)
            cards = _read(file, merged)
            names = [c["name"] for c in cards]
            if len(set(names)) < len(names):
                raise CardDataError(str(file), next(n for n in names if names.count(n) > 1), "name",
                                    "duplicate card name in this file")
            for c in cards:
                other = first_giver(given, c["name"], str(file))
                if other is not None:
                    raise CardDataError(str(file), c["name"], "name", given_twice(other))
            for c in cards:
                merged[c["name"]] = c
    cs = list(merged.values())
    return Tables(tuple(c["name"] for c in cs), tuple(c["cost"] for c in cs), tuple(c["steps"] for c in cs),
                  tuple(tuple(c.get("estimated", ())) for c in cs), tuple(c["file"] for c in cs))


def strategies() -> dict:
    return tomllib.loads((HERE / "strategies.toml").read_text())


def keep_of(strategy) -> tuple[str, int]:
    if isinstance(strategy, tuple):
        return strategy
    known = strategies()
    if strategy not in known:
        raise StrategyError(unknown("tiny-race strategy", strategy, list(known)))
    return strategy, int(known[strategy]["keep"])


def play_race(seed: int, race: Race, keeps, tables: Tables, log: list | None = None, banned=((), ()), forced=((), ()),
              leads: list | None = None):
    """(winner code, player-turns, bought int32[2, n_types], positions) of one race. ``banned`` / ``forced``: per
    seat, the upgrades (indices) it never buys / buys whenever it can afford them (restricted play). ``leads``
    gains the first racer's position minus the second's after every round (both turns; the last one cut
    short too): the race's shape."""
    rng = np.random.default_rng(seed)
    length = TRACKS[race.track]
    coins = [START_COINS[r] for r in race.racers]
    position, steps = [0, 0], [0, 0]
    bought = np.zeros((2, len(tables.names)), np.int32)
    for turn in range(race.max_turns):
        p = turn % 2
        roll = int(rng.integers(1, 7))
        coins[p] += roll
        keep = keeps[p]
        affordable = [t for t in range(len(tables.names))
                      if tables.cost[t] <= coins[p] - max(keep, 0) and t not in banned[p]]
        buy = max(affordable, key=lambda t: tables.cost[t]) if affordable else None
        if keep < 0 and rng.integers(0, 2) == 0:
            buy = None
        rush = [t for t in forced[p] if tables.cost[t] <= coins[p]]
        if rush:
            buy = rush[0]
        if buy is not None:
            coins[p] -= tables.cost[buy]
            steps[p] += tables.steps[buy]
            bought[p, buy] += 1
        position[p] += 1 + steps[p]
        if log is not None:
            log.append({"turn": turn + 1, "racer": race.racers[p], "roll": roll,
                        "bought": tables.names[buy] if buy is not None else None, "position": position[p]})
        if leads is not None and (p == 1 or position[p] >= length):
            leads.append(position[0] - position[1])
        if position[p] >= length:
            return p, turn + 1, bought, position
    return 2, race.max_turns, bought, position


class TinyRace:
    info = INFO
    module = __name__

    def options(self, command):
        return ()

    def load_tables(self, cards=()):
        return load([cards] if isinstance(cards, (str, Path)) else list(cards or ()))

    def card_entries(self, cards=()):
        tables = self.load_tables(cards)
        return {name: Entry("[[card]]", {"name": name, "cost": cost, "steps": steps,
                                         **({"estimated": list(est)} if est else {})})
                for name, cost, steps, est in zip(tables.names, tables.cost, tables.steps, tables.estimated)}

    def card_info(self, tables):
        return pd.DataFrame({"card": list(tables.names), "cost": list(tables.cost)})

    def buyable(self, tables):
        return [True] * len(tables.names)

    def cards_listing(self, cards, fmt):
        t = self.load_tables([cards] if cards else [])
        return Listing(("name", "cost", "steps"), list(zip(t.names, t.cost, t.steps)))

    def card_lines(self, name, cards):
        t = self.load_tables([cards] if cards else [])
        if name not in t.names:
            raise CommandsimError(f"no card named '{name}'")
        i = t.names.index(name)
        return [name] + [f"  {f} {v}  [{'estimated' if f in t.estimated[i] else 'stated'}]"
                         for f, v in (("cost", t.cost[i]), ("steps", t.steps[i]))]

    def validate_cards(self, path, extras):
        t = self.load_tables([path])
        return [f"OK: {path}: {len(t.names)} cards."] + skipped_lines(Path(path))

    def audit_listing(self, cards, fmt):
        t = self.load_tables([cards] if cards else [])
        return Listing(("card", "field", "provenance"),
                       [(n, f, "estimated") for n, est in zip(t.names, t.estimated) for f in est])

    def strategy_listing(self):
        return Listing(("STRATEGY", "DESCRIPTION"), [(k, v["description"]) for k, v in strategies().items()])

    def strategy_lines(self, name):
        _, keep = keep_of(name)
        return Listing(("PARAMETER", "VALUE"), [("keep", keep)], before=[name])

    def check_strategy(self, name):
        return keep_of(name)[0]

    def resolve_strategy(self, name):
        return keep_of(name)

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
        codes = restriction.codes(tables.names, tables.names) if restriction else [{}, {}]
        banned = tuple(tuple(t for t, k in c.items() if k == "ban") for c in codes)
        forced = tuple(tuple(t for t, k in c.items() if k == "force") for c in codes)
        names = tuple(keep_of(s)[0] for s in strategies)
        keeps = tuple(keep_of(s)[1] for s in strategies)
        seeds = np.array([seed_of_game(seed, first_game + g) for g in range(n)], np.int64)
        winner = np.zeros(n, np.int64)
        turns = np.zeros(n, np.int64)
        pos = np.zeros((n, 2), np.int64)
        bought = np.zeros((n, 2, len(tables.names)), np.int32)
        leads: list[list[int]] = [[] for _ in range(n)]
        for g in range(n):
            winner[g], turns[g], bought[g], pos[g] = play_race(int(seeds[g]), matchup, keeps, tables,
                                                               banned=banned, forced=forced, leads=leads[g])

        def columns(categories):
            label = (lambda v: constant_column(v, n)) if categories else (lambda v: v)
            return {"game": np.arange(first_game, first_game + n), "seed": seeds, "mode": label("race"),
                    "first_faction": label(matchup.racers[0]), "second_faction": label(matchup.racers[1]),
                    "first_variant": label(matchup.track), "second_variant": label(matchup.track),
                    "first_strategy": label(names[0]), "second_strategy": label(names[1]),
                    "winner": pd.Categorical.from_codes(winner, ["first", "second", "draw"]), "turns": turns,
                    "first_position": pos[:, 0], "second_position": pos[:, 1]}
        records = Records(columns, bought if keep_bought else bought[:0], list(tables.names), winner=winner,
                          turns=turns, strategies=names, bounds=np.where(winner == 2, TURN_CAP, NONE))
        records.shape = GameShapes.from_leads(leads)
        return records

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

    def replay(self, seed, spec):
        tables = self.load_tables([spec.cards] if spec.cards else [])
        racers = tuple(check_one_of(r, SIDES, "racer", "--racers") for r in (spec.sides or SIDES))
        track = check_one_of((spec.variants or ("short", "short"))[0], tuple(TRACKS), "track", "--tracks")
        a, b = spec.strategies
        a = a or INFO.default_strategy
        log: list = []
        winner, turns, _, pos = play_race(seed, Race(racers, track, spec.max_turns or MAX_TURNS),
                                          (keep_of(a)[1], keep_of(b or a)[1]), tables, log)

        @dataclass
        class Played:
            result: dict
            log: list
        played = Played({"winner": ("first", "second", "draw")[winner], "turns": turns}, log)
        return Replay(played, lambda r: [f"turn {e['turn']}: {e['racer']} rolls {e['roll']}, buys {e['bought']}, "
                                         f"at {e['position']}" for e in r.log] + [f"result: {r.result['winner']}"],
                      lambda r: [json.dumps(e) for e in r.log])


GAME = TinyRace()
