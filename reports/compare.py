"""Paired comparison of two settings A and B of one side against a fixed opponent, on common seeds, in
every game.

The game sets the question up (``simcore.game.Game.compare_question``): A and B differ in the subject's
variant (The Last Command's asymmetrical vs standard starting cards, the skirmish's command sets), in the
card set of the whole game (an edited card file vs the shipped cards), in a game's own setting (a Fog of
War start), or in the subject's side itself (Star Realms: the Alliance deck against a standard start);
everything else — the opponent, its variant, both strategies, the turn cap — is the same.  With the
opponent variant ``SAME_VARIANT`` the opponent plays the subject's variant in each setting: The Last
Command's headline question compares the all-asymmetrical game with the all-standard one that way, for
both factions (``run_question``).

**Seeds and seats.** Both settings play the same seeds ``0 .. games/2 - 1`` of base seed S, and every
seed is played twice, once with the subject moving first and once with it moving second.  This is
the issue's "seats swapped on alternate seeds" made exact per seed (each seed's seat effect cancels
inside the seed, and the engine plays consecutive seeds with one seat order per call); it is also
the sweep's convention, so side A's numbers equal the matching ``commandsim sweep`` cell's numbers
for the same seed, game for game.

**Paired difference.** The subject's score on a seed is the mean of its two games (win 1, draw 1/2,
loss 0).  With ``a_i`` and ``b_i`` the scores of seed i under A and B, the difference is
``mean(a_i - b_i)`` with the t interval of ``reports.stats.paired_difference`` over the seeds
(common random numbers: the seed-to-seed variance both share drops out; one pseudo-seed in the
variance keeps a few agreeing seeds from giving an interval of zero width).  Each setting's win rate
has the seed-clustered interval of ``reports.stats.seed_interval`` (a seed's two games are one sample).

**Verdict** on A against B (not on the subject side: "favours A" says A's setting gives the subject more than B's),
against an equivalence band of +-``band`` (a share: 0.02 is 2 points), on the 95% interval [lo, hi] of the
difference A - B (the words: ``reports.verdict_words``):

* ``even``: the whole interval lies inside the band (``-band <= lo`` and ``hi <= band``): any difference
  is smaller than the band, "even within +-2 points".  This wins over the next two: a real but small
  difference is even.  (Files written before this word say ``balanced``: read as ``even``.)
* ``favours_a`` / ``favours_b``: not even, and the interval lies entirely above 0 (lo > 0: favours A) or
  entirely below 0 (hi < 0: favours B).  The text gives the favoured side's lead and its interval in
  points, e.g. "favours asymmetrical by 3.1 points [1.2, 5.0]".  The lead may be smaller than the band at
  one end of the interval: the interval excludes "no difference" but not "a difference inside the band".
* ``unclear``: otherwise (the interval holds 0 and reaches beyond the band, or there are too few
  seeds for an interval): "not enough games to tell"; and whatever the interval, below
  ``reports.stats.MIN_VERDICT_SEEDS`` seeds: "not enough games for a verdict", with the games that would do.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from simcore.cluster import LocalRunner
from simcore.errors import CommandsimError
from simcore.game import Game, Question, Setting
from simcore.games import registry
from simcore.records import SEAT_LABELS, seat_scores

from .moved import MovedTally
from .stats import Z95, MIN_VERDICT_SEEDS, not_enough_seeds_text, paired_difference, seed_interval
from .sweep import DEFAULT_CHUNK, DEFAULT_GAMES, check_games
from .verdict_words import EVEN, even_text

DEFAULT_BAND = 0.02
# as the opponent variant: the opponent plays the subject's variant in each setting (The Last Command's
# Asymmetrical Play swaps all six starting System cards, both sides')
SAME_VARIANT = "(same variant)"
VERDICTS = (EVEN, "favours_a", "favours_b", "unclear")
NOT_ENOUGH = "not enough games to tell"
COMPARE_COLUMNS = (
    "faction", "opponent_faction", "opponent_variant", "strategy", "opponent_strategy",
    "label_a", "label_b", "variant_a", "variant_b", "cards_a", "cards_b", "seeds", "games",
    "wins_a", "losses_a", "draws_a", "win_rate_a", "ci_low_a", "ci_high_a",
    "wins_b", "losses_b", "draws_b", "win_rate_b", "ci_low_b", "ci_high_b",
    "score_a", "score_b", "diff", "diff_ci_low", "diff_ci_high", "diff_se", "band", "verdict", "verdict_text",
    "max_turns", "seed")
# written after the others only when B's subject is another side than A's (Star Realms: the Alliance deck
# against a standard start): ``faction`` is then A's subject
SIDE_B_COLUMN = "faction_b"

Progress = Callable[[int, int], None]


@dataclass
class Comparison:
    """``table``: one row (``COMPARE_COLUMNS``); ``pairs``: one row per seed with the subject's
    score under A and B (mean of its two games), their difference, and its wins and losses (of 2)
    under each (``wins_a``, ``losses_a``, ``wins_b``, ``losses_b``); ``tally``: every other measure's paired
    sums (``reports.moved.MovedTally``), which ``moved`` reads; ``edited``: the cards B's card file changes."""
    table: pd.DataFrame
    pairs: pd.DataFrame
    tally: object = None
    edited: tuple = ()

    @property
    def moved(self) -> pd.DataFrame:
        """Every measure with A's and B's values and the paired difference (``reports.moved.moved_table``): the
        file compare writes beside its table (``<stem>_moved``)."""
        from .moved import moved_table
        if self.tally is None:
            from .moved import MOVED_COLUMNS
            return pd.DataFrame(columns=list(MOVED_COLUMNS))
        return moved_table(self.tally, self.edited)

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
            _, lo, hi, _ = seed_interval(self.pairs[f"losses_{side}"], 2)
            out.update({f"wins_{side}": wins, f"losses_{side}": int(r[f"wins_{side}"]),
                        f"win_rate_{side}": wins / r["games"], f"ci_low_{side}": lo, f"ci_high_{side}": hi,
                        f"score_{side}": 1.0 - r[f"score_{side}"]})
        out.update({"diff": -r["diff"], "diff_ci_low": -r["diff_ci_high"], "diff_ci_high": -r["diff_ci_low"]})
        out["verdict"], out["verdict_text"] = verdict(out["diff"], out["diff_ci_low"], out["diff_ci_high"], r["band"],
                                                      r["label_a"], r["label_b"], int(r["seeds"]))
        pairs = pd.DataFrame({"game": self.pairs["game"], "score_a": 1.0 - self.pairs["score_a"],
                              "score_b": 1.0 - self.pairs["score_b"], "diff": -self.pairs["diff"],
                              **{f"{k}_{side}": self.pairs[f"{other}_{side}"] for side in ("a", "b")
                                 for k, other in (("wins", "losses"), ("losses", "wins"))}})
        return Comparison(pd.DataFrame([out], columns=list(self.table.columns)), pairs, self.tally, self.edited)


# ---- the verdict

def verdict(diff: float, low: float, high: float, band: float = DEFAULT_BAND, label_a: str = "A",
            label_b: str = "B", seeds: int | None = None) -> tuple[str, str]:
    """``(code, text)`` for a difference A - B with 95% interval [low, high] and band +-``band``, over
    ``seeds`` seeds (None: not counted).

    Codes (``VERDICTS``) and texts: ``even`` / "even within +-b points"; ``favours_a`` / "favours <A> by d points
    [lo, hi]"; ``favours_b`` / "favours <B> by d points [lo, hi]" (d and the interval as the favoured
    side's lead); ``unclear`` / "not enough games to tell", or below ``MIN_VERDICT_SEEDS`` seeds "not
    enough games for a verdict (...)".  See the module text for the rule.
    """
    if band < 0:
        raise ValueError(f"band must be >= 0, got {band}")
    if seeds is not None and seeds < MIN_VERDICT_SEEDS:
        return "unclear", not_enough_seeds_text(seeds)
    if not all(np.isfinite([diff, low, high])):
        return "unclear", NOT_ENOUGH
    if -band <= low and high <= band:
        return EVEN, even_text(band)
    if low > 0:
        return "favours_a", f"favours {label_a} by {_points(diff)} points [{_points(low)}, {_points(high)}]"
    if high < 0:
        return "favours_b", f"favours {label_b} by {_points(-diff)} points [{_points(-high)}, {_points(-low)}]"
    return "unclear", NOT_ENOUGH


def _points(x: float) -> str:
    return f"{100 * x:.1f}"


# ---- the two settings' names

def side_labels(a: Setting, b: Setting) -> tuple[str, str]:
    """Short names of the two settings, from what differs between them (e.g. "asymmetrical" and
    "standard", or "shipped cards" and "cards railgun5.toml")."""
    parts_a, parts_b = [], []
    if a.side != b.side:
        parts_a.append(a.side)
        parts_b.append(b.side)
    if a.variant != b.variant:
        parts_a.append(a.variant)
        parts_b.append(b.variant)
    if a.cards != b.cards:
        parts_a.append(a.card_label)
        parts_b.append(b.card_label if b.card_label != a.card_label else b.cards)
    if a.extras_label != b.extras_label:
        parts_a.append(a.extras_label)
        parts_b.append(b.extras_label)
    return ", ".join(parts_a) or "A", ", ".join(parts_b) or "B"


# ---- playing it

def _subject_points(winner: np.ndarray, subject_seat: str) -> np.ndarray:
    """2 x the subject's score per game: 2 win, 1 draw, 0 loss (small integers)."""
    return (2 * seat_scores(winner, SEAT_LABELS.index(subject_seat))).astype(np.int8)


@dataclass(frozen=True, eq=False)
class CompareChunk:
    """One chunk of a comparison: seeds ``first_game .. first_game + n - 1`` of side ``side`` ("a" or
    "b") with the subject in seat ``seat`` ("first" or "second"), of the game whose contract is ``game``."""
    game: str
    side: str
    seat: str
    matchup: object
    strategies: tuple
    seed: int
    first_game: int
    n: int


def play_chunk(chunk: CompareChunk, tables: dict, threads: int | None = None):
    """Play one chunk; returns 2 x the subject's score per seed (int8: 2 win, 1 draw, 0 loss), one
    byte per seed, which the paired difference needs seed by seed, and the games' other measures
    (``reports.moved.GameMeasures``)."""
    from .moved import game_measures
    game = registry.load(chunk.game)
    rec = game.play(chunk.matchup, chunk.strategies, chunk.seed, chunk.first_game, chunk.n, tables[chunk.side],
                    threads, keep_bought=True)
    # the winner codes, not the per-game frame: building it and its labels took 8 to 29 ms a
    # 20,000-game chunk, 4 to 15% of the engine's time on 2 threads
    return _subject_points(rec.winner, chunk.seat), game_measures(rec, SEAT_LABELS.index(chunk.seat))


def check_band(band: float) -> float:
    if not 0 <= band < 1:
        raise CommandsimError(f"the band must be a share between 0 and 1, got {band}")
    return band


def run_compare(game: Game | str, question: Question, strategy: str | None = None,
                opponent_strategy: str | None = None, games: int = DEFAULT_GAMES, seed: int = 1,
                threads: int | None = None, max_turns: int | None = None, band: float = DEFAULT_BAND,
                progress: Progress | None = None, *, chunk_size: int = DEFAULT_CHUNK, first_seed: int = 0,
                runner=None) -> Comparison:
    """Play settings A and B of ``question`` (``Game.compare_question``) on the same ``games // 2`` seeds
    (``first_seed ..``: the game numbers of the run with base ``seed``), each seed with the subject first
    and second, against the question's opponent; returns a ``Comparison`` of one row.

    ``band`` is a share (0.02 = 2 points).  ``progress(done, total)`` is called after every chunk
    (``total`` = 2 * games).  ``runner`` (``simcore.cluster``; default: the local runner on
    ``threads``) plays the chunks.  Results do not depend on it, on ``threads`` or on ``chunk_size``.
    """
    game = registry.get(game) if isinstance(game, str) else game
    strategy = strategy or game.info.default_strategy
    opponent_strategy = strategy if opponent_strategy is None else opponent_strategy
    max_turns = max_turns or game.info.max_turns
    check_games(games)
    for s in {strategy, opponent_strategy}:
        game.check_strategy(s)
    check_band(band)
    if seed < 0:
        raise CommandsimError(f"seed must be >= 0, got {seed}")
    if chunk_size < 1:
        raise CommandsimError(f"chunk_size must be at least 1, got {chunk_size}")
    if first_seed < 0:
        raise CommandsimError(f"first_seed must be >= 0, got {first_seed}")
    seeds = games // 2
    settings = {"a": question.a, "b": question.b}
    orders = {}
    for side, setting in settings.items():
        theirs = setting.variant if question.same_variant else question.opponent_variant
        orders[side] = game.setting_orders(setting, question.opponent, theirs, max_turns)
    runner = LocalRunner(threads) if runner is None else runner
    resolved = {s: game.resolve_strategy(s) for s in (strategy, opponent_strategy)}
    chunks = []
    # a seed range's four chunks (A and B, the subject first and second) one after another: its measures are paired
    # and let go as soon as they are in (reports.moved.MovedTally)
    for start in range(0, seeds, chunk_size):
        for side in ("a", "b"):
            first, second = orders[side]
            for seat, order, strategies in (("first", first, (strategy, opponent_strategy)),
                                            ("second", second, (opponent_strategy, strategy))):
                chunks.append(CompareChunk(game.module, side, seat, order.matchup,
                                           tuple(resolved[s] for s in strategies), seed, first_seed + start,
                                           min(chunk_size, seeds - start)))
    points = {side: (np.zeros(seeds, np.int16), {"wins": 0, "losses": 0, "draws": 0}) for side in ("a", "b")}
    seed_wins = {side: np.zeros((2, seeds), np.int8) for side in ("a", "b")}    # wins, losses per seed (of 2)
    done, total = 0, 4 * seeds
    tables = {side: setting.tables for side, setting in settings.items()}
    tally = MovedTally()
    for chunk, (p, measures) in zip(chunks, runner.map(play_chunk, chunks, tables)):
        tally.add_chunk(chunk.first_game, chunk.side, chunk.seat, measures)
        per_seed, outcomes = points[chunk.side]
        at = chunk.first_game - first_seed
        per_seed[at:at + chunk.n] += p
        seed_wins[chunk.side][0, at:at + chunk.n] += p == 2
        seed_wins[chunk.side][1, at:at + chunk.n] += p == 0
        outcomes["wins"] += int((p == 2).sum())
        outcomes["draws"] += int((p == 1).sum())
        outcomes["losses"] += int((p == 0).sum())
        done += chunk.n
        if progress is not None:
            progress(done, total)

    score_a = points["a"][0] / 4.0
    score_b = points["b"][0] / 4.0
    pairs = pd.DataFrame({"game": first_seed + np.arange(seeds), "score_a": score_a, "score_b": score_b,
                          "diff": score_a - score_b, "wins_a": seed_wins["a"][0], "losses_a": seed_wins["a"][1],
                          "wins_b": seed_wins["b"][0], "losses_b": seed_wins["b"][1]})
    label_a, label_b = side_labels(question.a, question.b)
    row = {"faction": question.a.side, "opponent_faction": question.opponent,
           "opponent_variant": SAME_VARIANT if question.same_variant else question.opponent_variant,
           "strategy": game.check_strategy(strategy), "opponent_strategy": game.check_strategy(opponent_strategy),
           "label_a": label_a, "label_b": label_b, "variant_a": orders["a"][0].variants[0],
           "variant_b": orders["b"][0].variants[0],
           "cards_a": question.a.cards, "cards_b": question.b.cards, "band": band, "max_turns": max_turns,
           "seed": seed}
    if question.b.side != question.a.side:
        row[SIDE_B_COLUMN] = question.b.side
    for side in ("a", "b"):
        row.update({f"{k}_{side}": v for k, v in points[side][1].items()})
    tally.check_paired()
    return Comparison(_summary(row, pairs), pairs, tally)


def _summary(row: dict, pairs: pd.DataFrame, z: float = Z95) -> pd.DataFrame:
    """The one-row table from a row's keys and counts (``wins_a`` ... ``draws_b``) and the per-seed
    ``pairs``: win rates with seed-clustered intervals, the paired difference with its interval at
    the level of ``z`` (1.96 for 95%; a sequential look's critical value) and the verdict."""
    seeds = len(pairs)
    row = dict(row, seeds=seeds, games=2 * seeds)
    for side in ("a", "b"):
        _, lo, hi, _ = seed_interval(pairs[f"wins_{side}"], 2)
        row.update({f"win_rate_{side}": row[f"wins_{side}"] / (2 * seeds) if seeds else float("nan"),
                    f"ci_low_{side}": lo, f"ci_high_{side}": hi})
    score_a, score_b = pairs["score_a"].to_numpy(), pairs["score_b"].to_numpy()
    d = paired_difference(score_a, score_b, z)
    low, high = max(d.ci_low, -1.0), min(d.ci_high, 1.0)     # a difference of two scores lies in [-1, 1]
    code, text = verdict(d.mean, low, high, row["band"], row["label_a"], row["label_b"], seeds)
    row.update({"score_a": float(score_a.mean()), "score_b": float(score_b.mean()), "diff": d.mean,
                "diff_ci_low": low, "diff_ci_high": high, "diff_se": d.se, "verdict": code,
                "verdict_text": text})
    return pd.DataFrame([row], columns=compare_columns(row))


def comparison_of(row: dict, pairs: pd.DataFrame, z: float = Z95) -> Comparison:
    """The comparison of per-seed ``pairs`` (``Comparison.pairs``' columns) under a row's keys (``COMPARE_COLUMNS``
    but the counts and figures, which are computed): what ``run_compare`` gives for the games those pairs hold.
    The coverage benchmark reads seeds drawn from a pool through it."""
    row = dict(row)
    seeds = len(pairs)
    for side in ("a", "b"):
        row[f"wins_{side}"] = int(pairs[f"wins_{side}"].sum())
        row[f"losses_{side}"] = int(pairs[f"losses_{side}"].sum())
        row[f"draws_{side}"] = 2 * seeds - row[f"wins_{side}"] - row[f"losses_{side}"]
    return Comparison(_summary(row, pairs.reset_index(drop=True), z), pairs.reset_index(drop=True))


def compare_columns(row) -> list[str]:
    """``COMPARE_COLUMNS``, then ``faction_b`` when the row has it."""
    return list(COMPARE_COLUMNS) + ([SIDE_B_COLUMN] if SIDE_B_COLUMN in row else [])


def combine_rounds(rounds: Sequence[Comparison], z: float = Z95) -> Comparison:
    """Comparisons of one spec played on consecutive seed ranges, as one comparison over all their
    seeds (counts added, pairs stacked), its interval at ``z``."""
    if not rounds:
        raise CommandsimError("no rounds to combine")
    first = rounds[0].row
    row = {c: first[c] for c in compare_columns(first)}
    for side in ("a", "b"):
        for k in ("wins", "losses", "draws"):
            row[f"{k}_{side}"] = int(sum(int(r.row[f"{k}_{side}"]) for r in rounds))
    pairs = pd.concat([r.pairs for r in rounds], ignore_index=True)
    tallies = [r.tally for r in rounds if r.tally is not None]
    tally = None
    for t in tallies:
        tally = t if tally is None else tally.add(t)
    return Comparison(_summary(row, pairs, z), pairs, tally, rounds[0].edited)


# ---- a question, with the opponent's view when it is a subject too

def run_question(game: Game | str, question: Question, strategy: str | None = None,
                 opponent_strategy: str | None = None, games: int = DEFAULT_GAMES, seed: int = 1,
                 threads: int | None = None, max_turns: int | None = None, band: float = DEFAULT_BAND,
                 progress: Progress | None = None, *, chunk_size: int = DEFAULT_CHUNK, runner=None) -> Comparison:
    """``run_compare`` of ``question``; when the question's settings change both sides alike
    (``Question.both_sides``, e.g. The Last Command's asymmetrical-vs-standard question) a second row is
    the same games seen from the other side (``Comparison.seen_by_opponent``), so each side's win rates
    under A and B and the shift between them read directly.  ``pairs`` belong to the first row."""
    first = run_compare(game, question, strategy, opponent_strategy, games, seed, threads, max_turns, band, progress,
                        chunk_size=chunk_size, runner=runner)
    if not question.both_sides:
        return first
    other = first.seen_by_opponent()
    return Comparison(pd.concat([first.table, other.table], ignore_index=True), first.pairs, first.tally,
                      first.edited)


def estimate_compare(game: Game | str, question: Question, strategy: str | None = None,
                     opponent_strategy: str | None = None, games: int = DEFAULT_GAMES, seed: int = 1,
                     threads: int | None = None, max_turns: int | None = None, *, chunk_size: int = DEFAULT_CHUNK,
                     probe_seconds: float | None = None):
    """A comparison's expected time (``reports.estimate.Estimate``): both settings' speed on probe seeds
    (``reports.estimate.probe``, at most an eighth of the games) priced over its ``games`` per setting."""
    from .estimate import QUICK_PROBE_SECONDS, Estimate, Part, calls_of, probe, probe_seed, probed_text

    game = registry.get(game) if isinstance(game, str) else game
    p = probe(lambda n: run_compare(game, question, strategy, opponent_strategy, n, probe_seed(seed), threads,
                                    max_turns, chunk_size=chunk_size), 2, max(2, games // 8 // 2 * 2),
              probe_seconds or QUICK_PROBE_SECONDS)
    return Estimate([Part("A and B", p.speed.seconds(games, calls_of(games // 2, chunk_size)), 2 * games)],
                    probed_text(p.games))


def question_of(game: Game | str, **options) -> Question:
    """The question ``commandsim compare --game GAME`` asks with these options (``simcore.game.CompareSpec``'s
    fields; none: the game's headline question)."""
    from simcore.game import CompareSpec
    game = registry.get(game) if isinstance(game, str) else game
    return game.compare_question(CompareSpec(**options))


# ---- what the card files change, as the cards read

EDIT_COLUMNS = ("edit_a", "edit_b")   # written after the others when a card file is given: what it changes


def card_changes(entries: Callable, cards=None, cards_b=None) -> dict[str, str]:
    """{"edit_a": what A's cards (``cards`` over the shipped ones) change of the shipped cards, "edit_b": what B's
    (``cards_b`` on top) change of A's}, as the cards read: "Railgun credit_cost 5 -> 4" (``entries``:
    ``Game.card_entries``; the override machinery's own lines, ``simcore.card_overrides``). "" where nothing."""
    from simcore.card_overrides import entry_changes

    def text(before, after) -> str:
        return "; ".join(c.removeprefix("changes ") for c in entry_changes(before, after))
    shipped = entries([])
    a_paths = [cards] if cards is not None else []
    a = entries(a_paths) if a_paths else shipped
    b = entries(a_paths + [cards_b]) if cards_b is not None else a
    return {"edit_a": text(shipped, a), "edit_b": text(a, b)}


def with_card_changes(result: Comparison, changes: dict[str, str]) -> Comparison:
    """``result`` with ``EDIT_COLUMNS`` after its columns when a card file changed anything."""
    if not any(changes.values()):
        return result
    return Comparison(result.table.assign(**{c: changes.get(c, "") for c in EDIT_COLUMNS}), result.pairs,
                      result.tally, result.edited)


def _text(x) -> str:
    return "" if x is None or (isinstance(x, float) and not np.isfinite(x)) else str(x)


def edit_text(row) -> str:
    """"B: Railgun credit_cost 5 -> 4 (both: ...)": what a comparison's card files change, from its
    ``EDIT_COLUMNS`` ("" when it has none: an older file, or no card file)."""
    a, b = _text(row.get("edit_a")), _text(row.get("edit_b"))
    parts = ([f"B's cards: {b}"] if b else []) + ([f"A's and B's cards: {a}"] if a else [])
    return "; ".join(parts)


def design_text(row) -> str:
    """The sequential design of a ``compare --until-verdict`` row ("" for a fixed-size one): looks, games per
    look, the cap and why it stopped."""
    if "looks" not in row or _text(row.get("looks")) == "":
        return ""
    looks, per, cap = int(row["looks"]), int(row["round_games"]), int(row["max_games"])
    why = "at a verdict" if str(row.get("stopped")) == "verdict" else "at the cap"
    return (f"sequential: {looks} look{'' if looks == 1 else 's'} of {per:,} games per setting (cap {cap:,}), stopped "
            f"{why}; the interval is the last look's repeated 95% interval")


def verdict_head(row) -> str:
    """"Verdict on A (asymmetrical) against B (standard), seen from federation": whose verdict it is (A against
    B, not the subject side)."""
    return f"Verdict on A ({row['label_a']}) against B ({row['label_b']}), seen from {row['faction']}"


def finding_lines(table: pd.DataFrame) -> list[str]:
    """Each comparison's verdict as a report's Findings state it (rows of ``COMPARE_COLUMNS``, with
    ``source`` naming the file when several are given: two comparisons keep distinct labels): whose verdict it
    is, the edit as the cards read, the design when it was sequential."""
    several = "source" in table.columns and table["source"].nunique() > 1
    out = []
    for _, r in table.iterrows():
        where = f"{r['source']}: " if several else ""
        extra = "; ".join(x for x in (edit_text(r), design_text(r)) if x)
        out.append(f"{where}{verdict_head(r)} (against {r['opponent_faction']} {r['opponent_variant']}, "
                   f"{int(r['games']):,} games per setting{'; ' + extra if extra else ''}): A − B "
                   f"{100 * r['diff']:+.1f} points [{100 * r['diff_ci_low']:+.1f}, {100 * r['diff_ci_high']:+.1f}], "
                   f"band ±{100 * r['band']:g}: {shown_verdict(r)}")
    return out


def shown_verdict(row) -> str:
    """A row's verdict text as this version words it (an older file's "balanced" in today's words), with ±."""
    from .verdict_words import upgraded_text
    return upgraded_text(row["verdict_text"], float(row["band"])).replace("+-", "±")
