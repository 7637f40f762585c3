"""Paired comparison of two settings A and B of one faction against a fixed opponent, on common seeds.

A and B differ in the subject faction's starting-card variant (e.g. asymmetrical vs standard), in the
card set of the whole game (an edited card file vs the shipped cards), in a Fog of War start (a file,
``simcore.games.last_command.fog``), or several; everything else — opponent faction, its variant, both strategies,
the turn cap — is the same.  With the opponent variant ``SAME_VARIANT`` the opponent plays the
subject's variant in each setting: ``run_headline`` compares the all-asymmetrical game with the
all-standard one that way, for both factions.

**Seeds and seats.** Both settings play the same seeds ``0 .. games/2 - 1`` of base seed S, and every
seed is played twice, once with the subject moving first and once with it moving second.  This is
the issue's "seats swapped on alternate seeds" made exact per seed (each seed's seat effect cancels
inside the seed, and the engine plays consecutive seeds with one seat order per call); it is also
the sweep's convention, so side A's numbers equal the matching ``commandsim sweep`` cell's numbers
for the same seed, game for game.

**Paired difference.** The subject's score on a seed is the mean of its two games (win 1, draw 1/2,
loss 0).  With ``a_i`` and ``b_i`` the scores of seed i under A and B, the difference is
``mean(a_i - b_i)`` with the normal interval of ``reports.stats.paired_difference`` over the seeds
(common random numbers: the seed-to-seed variance both share drops out).

**Verdict** against an equivalence band of +-``band`` (a share: 0.02 is 2 points), on the 95%
interval [lo, hi] of the difference A - B:

* ``balanced``: the whole interval lies inside the band (``-band <= lo`` and ``hi <= band``): any
  difference is smaller than the band.  This wins over the next two: a real but small difference is
  balanced.
* ``favours_a`` / ``favours_b``: not balanced, and the interval lies entirely above 0 (lo > 0:
  favours A) or entirely below 0 (hi < 0: favours B).  The text gives the favoured side's lead and
  its interval in points, e.g. "favours asymmetrical by 3.1 points [1.2, 5.0]".  The lead may be
  smaller than the band at one end of the interval: the interval excludes "no difference" but not
  "a difference inside the band".
* ``unclear``: otherwise (the interval holds 0 and reaches beyond the band, or there are too few
  seeds for an interval): "not enough games to tell".
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from simcore.games.last_command.cardset import compile_cards, load_card_list, read_cards
from simcore.games.last_command.cardset.loader import display_path, merge_cards
from simcore.games.last_command.fog import FogFile, read_fog
from simcore.games.last_command.matchup import DEFAULT_MAX_TURNS, Matchup
from simcore.cluster import LocalRunner
from simcore.errors import CommandsimError
from simcore.games.last_command.simulate import play_games
from simcore.games.last_command.tables import FACTIONS, START_SETS, CardTables
from simcore.records import SEAT_LABELS, seat_scores
from strategies.last_command.library import Resolved, resolved

from .stats import Z95, paired_difference, wilson_interval
from .sweep import DEFAULT_CHUNK, DEFAULT_GAMES, check_games, check_strategy

DEFAULT_BAND = 0.02
SHIPPED = "shipped"
# as the opponent variant: the opponent plays the subject's variant in each setting (the rulebook's
# Asymmetrical Play swaps all six starting System cards, both sides')
SAME_VARIANT = "(same variant)"
VERDICTS = ("balanced", "favours_a", "favours_b", "unclear")
NOT_ENOUGH = "not enough games to tell"
COMPARE_COLUMNS = (
    "faction", "opponent_faction", "opponent_variant", "strategy", "opponent_strategy",
    "label_a", "label_b", "variant_a", "variant_b", "cards_a", "cards_b", "seeds", "games",
    "wins_a", "losses_a", "draws_a", "win_rate_a", "ci_low_a", "ci_high_a",
    "wins_b", "losses_b", "draws_b", "win_rate_b", "ci_low_b", "ci_high_b",
    "score_a", "score_b", "diff", "diff_ci_low", "diff_ci_high", "diff_se", "band", "verdict", "verdict_text",
    "max_turns", "seed")

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Setting:
    """One side of a comparison: the subject's starting-card variant, the game's card set, and the
    Fog of War file the game is set up from (if any)."""
    variant: str
    tables: CardTables
    cards: str = SHIPPED          # the card set in the tables: "shipped", or "shipped + <override path> ..."
    card_label: str = "shipped cards"   # its short name in verdicts
    fog: FogFile | None = None

    @property
    def fog_label(self) -> str:
        return f"fog {self.fog.name}" if self.fog is not None else "no fog"

    def matchups(self, subject: str, opponent: str, opponent_variant: str, max_turns: int) -> tuple[Matchup, Matchup]:
        """This setting's game with the subject first, then second (a Fog of War file's seat sections
        stay with the seats)."""
        theirs = self.variant if opponent_variant == SAME_VARIANT else opponent_variant
        first = Matchup((subject, opponent), (self.variant, theirs), max_turns)
        second = first.swapped()
        if self.fog is None:
            return first, second
        return self.fog.apply(first), self.fog.apply(second)


@dataclass
class Comparison:
    """``table``: one row (``COMPARE_COLUMNS``); ``pairs``: one row per seed with the subject's
    score under A and B (mean of its two games) and their difference."""
    table: pd.DataFrame
    pairs: pd.DataFrame

    @property
    def row(self) -> pd.Series:
        return self.table.iloc[0]

    def seen_by_opponent(self) -> "Comparison":
        """The same games from the opponent's side (the opponent as the subject): its wins are the
        subject's losses, its score on a seed is 1 minus the subject's, so the paired difference and
        its interval change sign.  Valid only when both settings change both sides alike (as
        ``SAME_VARIANT`` does), so that the opponent is the subject of a comparison of its own."""
        r = self.row
        if r["opponent_variant"] != SAME_VARIANT:
            raise CommandsimError("seen_by_opponent: A and B must give the opponent the subject's variant")
        out = dict(r)
        out.update({"faction": r["opponent_faction"], "opponent_faction": r["faction"],
                    "strategy": r["opponent_strategy"], "opponent_strategy": r["strategy"]})
        for side in ("a", "b"):
            wins = int(r[f"losses_{side}"])
            lo, hi = wilson_interval(wins, int(r["games"]))
            out.update({f"wins_{side}": wins, f"losses_{side}": int(r[f"wins_{side}"]),
                        f"win_rate_{side}": wins / r["games"], f"ci_low_{side}": lo, f"ci_high_{side}": hi,
                        f"score_{side}": 1.0 - r[f"score_{side}"]})
        out.update({"diff": -r["diff"], "diff_ci_low": -r["diff_ci_high"], "diff_ci_high": -r["diff_ci_low"]})
        out["verdict"], out["verdict_text"] = verdict(out["diff"], out["diff_ci_low"], out["diff_ci_high"], r["band"],
                                                      r["label_a"], r["label_b"])
        pairs = pd.DataFrame({"game": self.pairs["game"], "score_a": 1.0 - self.pairs["score_a"],
                              "score_b": 1.0 - self.pairs["score_b"], "diff": -self.pairs["diff"]})
        return Comparison(pd.DataFrame([out], columns=list(COMPARE_COLUMNS)), pairs)


# ---- the verdict

def verdict(diff: float, low: float, high: float, band: float = DEFAULT_BAND, label_a: str = "A",
            label_b: str = "B") -> tuple[str, str]:
    """``(code, text)`` for a difference A - B with 95% interval [low, high] and band +-``band``.

    Codes (``VERDICTS``) and texts: ``balanced`` / "balanced"; ``favours_a`` / "favours <A> by d points
    [lo, hi]"; ``favours_b`` / "favours <B> by d points [lo, hi]" (d and the interval as the favoured
    side's lead); ``unclear`` / "not enough games to tell".  See the module text for the rule.
    """
    if band < 0:
        raise ValueError(f"band must be >= 0, got {band}")
    if not all(np.isfinite([diff, low, high])):
        return "unclear", NOT_ENOUGH
    if -band <= low and high <= band:
        return "balanced", "balanced"
    if low > 0:
        return "favours_a", f"favours {label_a} by {_points(diff)} points [{_points(low)}, {_points(high)}]"
    if high < 0:
        return "favours_b", f"favours {label_b} by {_points(-diff)} points [{_points(-high)}, {_points(-low)}]"
    return "unclear", NOT_ENOUGH


def _points(x: float) -> str:
    return f"{100 * x:.1f}"


# ---- checking the spec

def parse_pair(names: str, known, what: str) -> tuple[str, str]:
    """Two comma-separated names (the subject's, then the opponent's); the same name twice is allowed."""
    items = [x.strip().lower() for x in names.split(",")]
    if len(items) != 2 or not all(items):
        raise CommandsimError(f"expected two {what} names separated by a comma (subject,opponent), got {names!r}")
    for x in items:
        if x not in known:
            raise CommandsimError(f"unknown {what} '{x}': expected one of {', '.join(known)}")
    return items[0], items[1]


def check_variant(name: str) -> str:
    name = name.strip().lower()
    if name not in START_SETS:
        raise CommandsimError(f"unknown variant '{name}': expected one of {', '.join(START_SETS)}")
    return name


def load_settings(variant_a: str = "standard", variant_b: str | None = None, cards=None,
                  cards_b=None, fog_a=None, fog_b=None) -> tuple[Setting, Setting]:
    """Settings A and B: A uses the shipped cards with ``cards`` overrides (if any), B the same set with
    ``cards_b`` merged on top (its cards replace cards with the same key and add new ones); ``fog_a``
    and ``fog_b`` are Fog of War files (paths) for A's and B's games.

    Raises ``CommandsimError`` (card data errors name the file, card and field; Fog of War errors the
    file, section and field) or when A and B would be identical."""
    variant_a = check_variant(variant_a)
    variant_b = variant_a if variant_b is None else check_variant(variant_b)
    fogs = [read_fog(f) if f is not None else None for f in (fog_a, fog_b)]
    base = load_card_list(overrides=cards)
    tables_a = compile_cards(base)
    name_a = SHIPPED if cards is None else f"{SHIPPED} + {display_path(Path(cards))}"
    short_a = "shipped cards" if cards is None else f"cards {Path(cards).name}"
    a = Setting(variant_a, tables_a, name_a, short_a, fogs[0])
    if cards_b is None:
        same_fog = (fog_a is None and fog_b is None) or (fog_a is not None and fog_b is not None
                                                         and Path(fog_a).resolve() == Path(fog_b).resolve())
        if variant_a == variant_b and same_fog:
            raise CommandsimError(f"A and B are the same setting (variant {variant_a}, the same cards and Fog of "
                                  f"War): give a different variant, an edited card set or a Fog of War file for B")
        return a, Setting(variant_b, tables_a, name_a, short_a, fogs[1])
    tables_b = compile_cards(merge_cards(base, read_cards(cards_b)))
    return a, Setting(variant_b, tables_b, f"{name_a} + {display_path(Path(cards_b))}",
                      f"cards {Path(cards_b).name}", fogs[1])


def side_labels(a: Setting, b: Setting) -> tuple[str, str]:
    """Short names of the two settings, from what differs between them (e.g. "asymmetrical" and
    "standard", or "shipped cards" and "cards railgun5.toml")."""
    parts_a, parts_b = [], []
    if a.variant != b.variant:
        parts_a.append(a.variant)
        parts_b.append(b.variant)
    if a.cards != b.cards:
        parts_a.append(a.card_label)
        parts_b.append(b.card_label if b.card_label != a.card_label else b.cards)
    if a.fog_label != b.fog_label:
        parts_a.append(a.fog_label)
        parts_b.append(b.fog_label)
    return ", ".join(parts_a) or "A", ", ".join(parts_b) or "B"


# ---- playing it

def _subject_points(winner: np.ndarray, subject_seat: str) -> np.ndarray:
    """2 x the subject's score per game: 2 win, 1 draw, 0 loss (small integers)."""
    return (2 * seat_scores(winner, SEAT_LABELS.index(subject_seat))).astype(np.int8)


@dataclass(frozen=True, eq=False)
class CompareChunk:
    """One chunk of a comparison: seeds ``first_game .. first_game + n - 1`` of side ``side`` ("a" or
    "b") with the subject in seat ``seat`` ("first" or "second")."""
    side: str
    seat: str
    matchup: Matchup
    strategies: tuple[Resolved, Resolved]
    seed: int
    first_game: int
    n: int


def play_chunk(chunk: CompareChunk, tables: dict[str, CardTables], threads: int | None = None) -> np.ndarray:
    """Play one chunk; returns 2 x the subject's score per seed (int8: 2 win, 1 draw, 0 loss), one
    byte per seed, which the paired difference needs seed by seed."""
    rec = play_games(chunk.n, chunk.seed, chunk.matchup, chunk.strategies, tables[chunk.side], threads,
                     first_game=chunk.first_game, keep_bought=False)
    # the winner codes, not the per-game frame: building it and its labels took 8 to 29 ms a
    # 20,000-game chunk, 4 to 15% of the engine's time on 2 threads
    return _subject_points(rec.winner, chunk.seat)


def run_compare(setting_a: Setting, setting_b: Setting, factions: tuple[str, str] = ("federation", "sunder"),
                opponent_variant: str = "standard", strategy: str = "balanced", opponent_strategy: str | None = None,
                games: int = DEFAULT_GAMES, seed: int = 1, threads: int | None = None,
                max_turns: int = DEFAULT_MAX_TURNS, band: float = DEFAULT_BAND, progress: Progress | None = None,
                *, chunk_size: int = DEFAULT_CHUNK, first_seed: int = 0, runner=None) -> Comparison:
    """Play A and B on the same ``games // 2`` seeds (``first_seed ..``: the game numbers of the run
    with base ``seed``), each seed with the subject (``factions[0]``) first and second, against
    ``factions[1]`` with ``opponent_variant``; returns a ``Comparison``.

    ``band`` is a share (0.02 = 2 points).  ``progress(done, total)`` is called after every chunk
    (``total`` = 2 * games).  ``runner`` (``simcore.cluster``; default: the local runner on
    ``threads``) plays the chunks.  Results do not depend on it, on ``threads`` or on ``chunk_size``.
    """
    opponent_strategy = strategy if opponent_strategy is None else opponent_strategy
    check_games(games)
    subject, opponent = factions
    for f in factions:
        if f not in FACTIONS:
            raise CommandsimError(f"unknown faction '{f}': expected one of {', '.join(FACTIONS)}")
    if opponent_variant != SAME_VARIANT:
        opponent_variant = check_variant(opponent_variant)
    for s in {strategy, opponent_strategy}:
        check_strategy(s)
    if not 0 <= band < 1:
        raise CommandsimError(f"the band must be a share between 0 and 1, got {band}")
    if seed < 0:
        raise CommandsimError(f"seed must be >= 0, got {seed}")
    if chunk_size < 1:
        raise CommandsimError(f"chunk_size must be at least 1, got {chunk_size}")
    if first_seed < 0:
        raise CommandsimError(f"first_seed must be >= 0, got {first_seed}")
    seeds = games // 2
    games_of = {}
    for side, setting in (("a", setting_a), ("b", setting_b)):
        games_of[side] = setting.matchups(subject, opponent, opponent_variant, max_turns)
        if setting.fog is not None:   # its cards must exist and be free before any game is played
            setting.fog.check(setting.tables, games_of[side])
        for m in games_of[side]:
            m.validate()
    runner = LocalRunner(threads) if runner is None else runner
    chunks = []
    for side in ("a", "b"):
        first, second = games_of[side]
        orders = (("first", first, (strategy, opponent_strategy)),
                  ("second", second, (opponent_strategy, strategy)))
        for seat, matchup, strategies in orders:
            chunks += [CompareChunk(side, seat, matchup, tuple(resolved(s) for s in strategies), seed,
                                    first_seed + start,
                                    min(chunk_size, seeds - start)) for start in range(0, seeds, chunk_size)]
    points = {side: (np.zeros(seeds, np.int16), {"wins": 0, "losses": 0, "draws": 0}) for side in ("a", "b")}
    done, total = 0, 4 * seeds
    tables = {"a": setting_a.tables, "b": setting_b.tables}
    for chunk, p in zip(chunks, runner.map(play_chunk, chunks, tables)):
        per_seed, outcomes = points[chunk.side]
        at = chunk.first_game - first_seed
        per_seed[at:at + chunk.n] += p
        outcomes["wins"] += int((p == 2).sum())
        outcomes["draws"] += int((p == 1).sum())
        outcomes["losses"] += int((p == 0).sum())
        done += chunk.n
        if progress is not None:
            progress(done, total)

    score_a = points["a"][0] / 4.0
    score_b = points["b"][0] / 4.0
    pairs = pd.DataFrame({"game": first_seed + np.arange(seeds), "score_a": score_a, "score_b": score_b,
                          "diff": score_a - score_b})
    label_a, label_b = side_labels(setting_a, setting_b)
    row = {"faction": subject, "opponent_faction": opponent, "opponent_variant": opponent_variant,
           "strategy": check_strategy(strategy), "opponent_strategy": check_strategy(opponent_strategy),
           "label_a": label_a, "label_b": label_b, "variant_a": games_of["a"][0].variant_label(0),
           "variant_b": games_of["b"][0].variant_label(0),
           "cards_a": setting_a.cards, "cards_b": setting_b.cards, "band": band, "max_turns": max_turns,
           "seed": seed}
    for side in ("a", "b"):
        row.update({f"{k}_{side}": v for k, v in points[side][1].items()})
    return Comparison(_summary(row, pairs), pairs)


def _summary(row: dict, pairs: pd.DataFrame, z: float = Z95) -> pd.DataFrame:
    """The one-row table from a row's keys and counts (``wins_a`` ... ``draws_b``) and the per-seed
    ``pairs``: win rates with Wilson intervals, the paired difference with its interval at ``z``
    (1.96 for 95%; a sequential look's critical value) and the verdict."""
    seeds = len(pairs)
    row = dict(row, seeds=seeds, games=2 * seeds)
    for side in ("a", "b"):
        lo, hi = wilson_interval(row[f"wins_{side}"], 2 * seeds)
        row.update({f"win_rate_{side}": row[f"wins_{side}"] / (2 * seeds) if seeds else float("nan"),
                    f"ci_low_{side}": lo, f"ci_high_{side}": hi})
    score_a, score_b = pairs["score_a"].to_numpy(), pairs["score_b"].to_numpy()
    d = paired_difference(score_a, score_b, z)
    code, text = verdict(d.mean, d.ci_low, d.ci_high, row["band"], row["label_a"], row["label_b"])
    row.update({"score_a": float(score_a.mean()), "score_b": float(score_b.mean()), "diff": d.mean,
                "diff_ci_low": d.ci_low, "diff_ci_high": d.ci_high, "diff_se": d.se, "verdict": code,
                "verdict_text": text})
    return pd.DataFrame([row], columns=list(COMPARE_COLUMNS))


def combine_rounds(rounds: Sequence[Comparison], z: float = Z95) -> Comparison:
    """Comparisons of one spec played on consecutive seed ranges, as one comparison over all their
    seeds (counts added, pairs stacked), its interval at ``z``."""
    if not rounds:
        raise CommandsimError("no rounds to combine")
    first = rounds[0].row
    row = {c: first[c] for c in COMPARE_COLUMNS}
    for side in ("a", "b"):
        for k in ("wins", "losses", "draws"):
            row[f"{k}_{side}"] = int(sum(int(r.row[f"{k}_{side}"]) for r in rounds))
    pairs = pd.concat([r.pairs for r in rounds], ignore_index=True)
    return Comparison(_summary(row, pairs, z), pairs)


# ---- the headline question

def run_headline(factions: tuple[str, str] = ("federation", "sunder"), strategy: str = "balanced",
                 opponent_strategy: str | None = None, games: int = DEFAULT_GAMES, seed: int = 1,
                 threads: int | None = None, max_turns: int = DEFAULT_MAX_TURNS, band: float = DEFAULT_BAND,
                 progress: Progress | None = None, cards=None, *, chunk_size: int = DEFAULT_CHUNK,
                 runner=None) -> Comparison:
    """"Do the asymmetrical starting cards make the match-up fairer or worse than the standard ones?"

    A: both sides start with the asymmetrical starting System cards (the rulebook's Asymmetrical
    Play), B: both with the standard ones, paired on the same seeds with seats swapped.  One row
    per faction, each as the subject: the second row is the same games seen from the other side
    (``Comparison.seen_by_opponent``), so each faction's win rates under A and B and the shift
    between them read directly.  ``pairs`` belong to the first row."""
    a, b = load_settings("asymmetrical", "standard", cards)
    first = run_compare(a, b, factions, SAME_VARIANT, strategy, opponent_strategy, games, seed, threads, max_turns,
                        band, progress, chunk_size=chunk_size, runner=runner)
    other = first.seen_by_opponent()
    return Comparison(pd.concat([first.table, other.table], ignore_index=True), first.pairs)
