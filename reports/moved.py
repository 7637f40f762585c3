"""What an edit moved: every measure of a comparison's games under settings A and B, paired seed by seed.

A compare plays A and B on the same seeds (each seed once with the subject first, once second). Beside the
subject's score (the verdict's), each game gives (``game_measures``, from its ``Records``):

* ``matchup``: the subject's score (win 1, draw 1/2); ``first_player``: the first seat's score (the
  first-player edge);
* the shape (``simcore.shape``): ``rounds`` and ``turns`` (length), ``comeback`` (games won by the side behind at
  mid-game, of those with a side behind), ``lead_changes``, ``decisive_round``, ``drama`` and the winner's
  largest deficit (``winner_deficit``; won games only);
* per card: copies bought and copies played per game, both sides together (``card_bought``, ``card_played``; a
  game's commands where nothing is bought);
* per round: the subject's lead over the games still running (``tempo``: the before/after curves, shown but not
  tested).

A seed's value of a measure is a ratio (its games' total over their count: a comeback counts only where a side
was behind); A - B is the paired difference of two ratios on the same seeds, its variance from the seeds
(``reports.stats.paired_ratio_test``), streamed as sums (``MovedTally``), so a comparison keeps no per-seed array
of them. Every measure but the tempo rows is one test of a family; a measure is *clear* when its Holm-adjusted
p-value (over the family: the measures on which A and B are not both constant) is below 5%.

``moved_table`` gives every measure with A's and B's values and intervals, the difference with its paired
interval, p and the adjusted p; ``what_moved`` the clear ones in the order a designer reads them: the match-up,
the first-player edge, length, comebacks, lead changes and the rest of the shape, the edited cards' rates, then
the other cards, each group by size (the largest difference first; cards by their change relative to A).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from simcore.records import seat_scores
from simcore.shape import TRACK_ROUNDS

from .stats import holm, paired_ratio_sums, paired_ratio_test, ratio_interval

SCALARS = ("matchup", "first_player", "rounds", "turns", "comeback", "lead_changes", "decisive_round", "drama",
           "winner_deficit")
SCALAR_TEXT = {"matchup": "subject's score (the match-up)", "first_player": "first player's score",
               "rounds": "length (rounds)", "turns": "length (turns)",
               "comeback": "comeback rate (the side behind at mid-game won)", "lead_changes": "lead changes",
               "decisive_round": "decisive round (the last lead change)", "drama": "drama (winner's deficit summed)",
               "winner_deficit": "winner's largest deficit"}
KIND_ORDER = ("matchup", "first_player", "length", "comeback", "lead_changes", "shape", "edited_card", "card",
              "tempo")
MOVED_COLUMNS = ("kind", "measure", "card", "edited", "a", "a_ci_low", "a_ci_high", "b", "b_ci_low", "b_ci_high",
                 "diff", "diff_ci_low", "diff_ci_high", "diff_se", "p", "p_holm", "clear", "seeds", "games_a",
                 "games_b")
ALPHA = 0.05
RATE_MEASURES = ("matchup", "first_player", "comeback")    # shares: shown in points


@dataclass
class GameMeasures:
    """A chunk's games' measures, seen from the subject (``seat``): ``y``, ``n`` float64[len(SCALARS), games];
    ``bought``, ``played`` int[games, cards] (both seats; None: a game that counts none); ``lead``, ``running``
    [games, TRACK_ROUNDS] (the subject's lead after each round over the games still running; None: no shape)."""
    y: np.ndarray
    n: np.ndarray
    names: list[str] | None = None
    bought: np.ndarray | None = None
    played: np.ndarray | None = None
    lead: np.ndarray | None = None
    running: np.ndarray | None = None


def game_measures(rec, seat: int) -> GameMeasures:
    """The measures of a compare chunk's ``Records``, the subject in seat ``seat`` (0 first, 1 second)."""
    winner = np.asarray(rec.winner)
    games = len(winner)
    y = np.zeros((len(SCALARS), games))
    n = np.zeros((len(SCALARS), games))
    y[0], n[0] = 2 * seat_scores(winner, seat), 2
    y[1], n[1] = 2 * seat_scores(winner, 0), 2
    shape = getattr(rec, "shape", None)
    lead = running = None
    if shape is not None:
        won = winner < 2
        behind = np.asarray(shape.behind)
        values = {"rounds": (shape.rounds, 1), "turns": (rec.turns, 1),
                  "comeback": ((behind >= 0) & (behind == winner), behind >= 0),
                  "lead_changes": (shape.changes, 1), "decisive_round": (shape.decisive, 1),
                  "drama": (np.where(won, shape.winner_drama(winner), 0), won),
                  "winner_deficit": (np.where(won, shape.winner_deficit(winner), 0), won)}
        for i, name in enumerate(SCALARS[2:], 2):
            y[i], n[i] = values[name]
        running = (np.arange(TRACK_ROUNDS)[None, :] < np.asarray(shape.rounds)[:, None]).astype(np.int8)
        lead = (1 if seat == 0 else -1) * np.asarray(shape.track, np.int32) * running
    out = GameMeasures(y, n, lead=lead, running=running)
    plays = getattr(rec, "plays", None)
    if plays is not None:
        out.names = rec.counted_names()
        out.played = np.asarray(plays.played, np.int32).sum(axis=1)
        bought = np.asarray(rec.bought)
        if bought.ndim == 3 and bought.shape[0] == games and bought.shape[2] == len(out.names):
            out.bought = bought.sum(axis=1, dtype=np.int32)
    return out


def _sum(a: GameMeasures, b: GameMeasures) -> GameMeasures:
    """A seed's two games (the subject first, then second) as one: each measure's totals added."""
    def add(x, y):
        return None if x is None or y is None else x + y
    return GameMeasures(a.y + b.y, a.n + b.n, a.names, add(a.bought, b.bought), add(a.played, b.played),
                        add(a.lead, b.lead), add(a.running, b.running))


@dataclass
class MovedTally:
    """The paired sums (``reports.stats.paired_ratio_sums``) of every measure over the seeds played so far, A
    against B: ``scalars`` [len(SCALARS), 15], ``bought`` and ``played`` [cards, 15], ``tempo`` [TRACK_ROUNDS, 15];
    a seed range waits (``waiting``) until its four chunks (A and B, the subject first and second) are in."""
    names: list[str] | None = None
    scalars: np.ndarray = field(default_factory=lambda: np.zeros((len(SCALARS), 15)))
    bought: np.ndarray | None = None
    played: np.ndarray | None = None
    tempo: np.ndarray | None = None
    shape: bool = False
    waiting: dict = field(default_factory=dict)

    def add_chunk(self, first_seed: int, side: str, seat: str, m: GameMeasures) -> None:
        got = self.waiting.setdefault(first_seed, {})
        got[(side, seat)] = m
        if len(got) < 4:
            return
        del self.waiting[first_seed]
        a = _sum(got[("a", "first")], got[("a", "second")])
        b = _sum(got[("b", "first")], got[("b", "second")])
        self.scalars += paired_ratio_sums(a.y.T, a.n.T, b.y.T, b.n.T)
        if a.lead is not None and b.lead is not None:
            self.shape = True
            sums = paired_ratio_sums(a.lead, a.running, b.lead, b.running)
            self.tempo = sums if self.tempo is None else self.tempo + sums
        if a.played is not None and b.played is not None and a.names == b.names:
            self.names = a.names
            games = np.full(a.played.shape[1], 2.0)
            sums = paired_ratio_sums(a.played, games, b.played, games)
            self.played = sums if self.played is None else self.played + sums
            if a.bought is not None and b.bought is not None:
                sums = paired_ratio_sums(a.bought, games, b.bought, games)
                self.bought = sums if self.bought is None else self.bought + sums

    def add(self, other: "MovedTally") -> "MovedTally":
        """The tally of both seed ranges (rounds of a sequential comparison)."""
        out = MovedTally(self.names or other.names, self.scalars + other.scalars, shape=self.shape or other.shape)
        for name in ("bought", "played", "tempo"):
            x, y = getattr(self, name), getattr(other, name)
            setattr(out, name, y if x is None else (x if y is None else x + y))
        return out

    def check_paired(self) -> None:
        if self.waiting:
            raise ValueError(f"seeds {sorted(self.waiting)[0]}.. of a comparison lack one of their four chunks")


def moved_table(tally: MovedTally, edited=()) -> pd.DataFrame:
    """Every measure (``MOVED_COLUMNS``): A's and B's values with their intervals over seeds, A - B with its paired
    interval, p, Holm's adjusted p over the family and whether it is clear; ``edited``: the cards the edit
    changes (their rates lead the cards)."""
    rows = []
    for i, name in enumerate(SCALARS):
        if name not in ("matchup", "first_player") and not tally.shape:
            continue
        kind = name if name in ("matchup", "first_player", "comeback", "lead_changes") else (
            "length" if name in ("rounds", "turns") else "shape")
        rows.append((kind, SCALAR_TEXT[name], "", False, tally.scalars[i]))
    edited = set(edited)
    for what, sums in (("bought", tally.bought), ("played", tally.played)):
        if sums is None:
            continue
        for j, card in enumerate(tally.names):
            rows.append(("edited_card" if card in edited else "card", f"copies {what} per game", card, card in edited,
                         sums[j]))
    if tally.tempo is not None:
        for r in range(TRACK_ROUNDS):
            if tally.tempo[r, 1] > 0 or tally.tempo[r, 3] > 0:
                rows.append(("tempo", f"subject's lead after round {r + 1}", "", False, tally.tempo[r]))
    if not rows:
        return pd.DataFrame(columns=list(MOVED_COLUMNS))
    sums = np.stack([r[4] for r in rows])
    a, b, d, lo, hi, se, p = paired_ratio_test(sums)
    a_m, a_lo, a_hi, _ = ratio_interval(sums[:, [0, 1, 4, 8, 5, 14]])
    b_m, b_lo, b_hi, _ = ratio_interval(sums[:, [2, 3, 6, 9, 7, 14]])
    table = pd.DataFrame({"kind": [r[0] for r in rows], "measure": [r[1] for r in rows],
                          "card": [r[2] for r in rows], "edited": [r[3] for r in rows],
                          "a": a, "a_ci_low": a_lo, "a_ci_high": a_hi, "b": b, "b_ci_low": b_lo, "b_ci_high": b_hi,
                          "diff": d, "diff_ci_low": lo, "diff_ci_high": hi, "diff_se": se, "p": p,
                          "seeds": sums[:, 14].astype(np.int64), "games_a": sums[:, 1].astype(np.int64),
                          "games_b": sums[:, 3].astype(np.int64)})
    scores = table["kind"].isin(("matchup", "first_player"))
    for col in ("a", "a_ci_low", "a_ci_high", "b", "b_ci_low", "b_ci_high", "diff", "diff_ci_low", "diff_ci_high",
                "diff_se", "games_a", "games_b"):     # a score and the first-player edge: 2 points a game
        table.loc[scores, col] = table.loc[scores, col] / 2
    table["games_a"] = table["games_a"].astype(np.int64)
    table["games_b"] = table["games_b"].astype(np.int64)
    family = (table["kind"] != "tempo") & ~(_constant(sums))
    table["p_holm"] = 1.0
    if family.any():
        table.loc[family, "p_holm"] = holm(table.loc[family, "p"].to_numpy())
    table["clear"] = family & (table["p_holm"] < ALPHA)
    return table[list(MOVED_COLUMNS)]


def _constant(sums: np.ndarray) -> np.ndarray:
    """Measures on which A and B are both the same on every seed (no variance: never a test)."""
    ya, na, yb, nb, yaya, yana, ybyb, ybnb, k = (sums[:, i] for i in (0, 1, 2, 3, 4, 8, 6, 9, 14))
    with np.errstate(invalid="ignore", divide="ignore"):
        var_a = yaya / k - (ya / k) ** 2
        var_b = ybyb / k - (yb / k) ** 2
    return (np.nan_to_num(var_a) <= 0) & (np.nan_to_num(var_b) <= 0) & (ya * nb == yb * na)


def what_moved(table: pd.DataFrame) -> pd.DataFrame:
    """The clear measures in reading order: by kind (``KIND_ORDER``), within a kind the largest first (cards by
    their difference relative to A's rate)."""
    clear = table[table["clear"]].copy()
    if clear.empty:
        return clear
    clear["_kind"] = clear["kind"].map({k: i for i, k in enumerate(KIND_ORDER)})
    size = clear["diff"].abs()
    cards = clear["kind"].isin(("card", "edited_card"))
    size[cards] = (clear["diff"].abs() / clear["a"].abs().clip(lower=1e-9))[cards].clip(upper=1e9)
    clear["_size"] = -size
    return clear.sort_values(["_kind", "_size"], kind="stable").drop(columns=["_kind", "_size"]).reset_index(
        drop=True)


def value_text(row) -> str:
    """A measure's value as a designer reads it: a share in %, a count with decimals."""
    def f(x):
        return f"{100 * x:.1f}%" if row["kind"] in RATE_MEASURES or row["measure"].startswith("comeback") \
            else f"{x:.2f}"
    return f(row["a"]) + " -> " + f(row["b"])


def diff_text(row) -> str:
    if row["kind"] in RATE_MEASURES or str(row["measure"]).startswith("comeback"):
        return (f"{100 * row['diff']:+.1f} points [{100 * row['diff_ci_low']:+.1f}, "
                f"{100 * row['diff_ci_high']:+.1f}]")
    return f"{row['diff']:+.2f} [{row['diff_ci_low']:+.2f}, {row['diff_ci_high']:+.2f}]"


def moved_lines(table: pd.DataFrame, most_cards: int = 8) -> list[list[str]]:
    """Rows of the "What moved" table: measure, A -> B, A - B with its interval, Holm's p; the edited cards'
    clear rates and at most ``most_cards`` other cards."""
    moved = what_moved(table)
    others = moved.index[moved["kind"] == "card"]
    moved = moved.drop(others[most_cards:])
    out = []
    for _, r in moved.iterrows():
        name = r["measure"] if not r["card"] else f"{r['card']}: {r['measure']}" + (" (edited)" if r["edited"] else "")
        out.append([name, value_text(r), diff_text(r), f"{r['p_holm']:.2g}"])
    return out


def edited_cards(entries, cards=None, cards_b=None) -> list[str]:
    """The cards whose entries B's card files change from A's (``Game.card_entries``), by name."""
    a_paths = [cards] if cards is not None else []
    if cards_b is None:
        return []
    a = entries(a_paths)
    b = entries(a_paths + [cards_b])
    return [name for name, entry in b.items() if a.get(name) != entry]
