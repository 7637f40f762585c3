"""The tables a sweep writes about the shape of its games and what each card did (``reports.shape_tally``'s sums
read as means and rates with 95% intervals whose unit is the seed):

* ``shape`` (``<stem>_shape``): one row per cell: its games, the standing measure, and each measure's mean with
  its interval (``SHAPE_MEASURES``: length in rounds and turns, lead changes, decisive round, the winner's
  largest deficit and drama over won games), the comeback rate (games won by the side behind at mid-game, of
  those with a side behind) and each side's own;
* ``tempo`` (``<stem>_tempo``): per cell, side, seat (first, second, both) and round, the side's mean lead (its
  standing minus the opponent's) over the games still running, with the games and the interval;
* ``decisive`` (``<stem>_decisive``): per cell, the games whose decisive round (the last lead change) was each
  round (``later``: past the recorded rounds; 0: nobody ever led);
* ``plays`` (``<stem>_plays``): per side and card, copies bought, drawn, played and drawn but not played, the
  seat-games it was played in and the side's win rate in those and in the others, with their intervals: an
  association (a side that is ahead plays more cards), not an effect (``commandsim impact`` measures that).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from simcore.shape import TRACK_ROUNDS

from .shape_tally import DECISIVE_BINS, MEASURES, SEAT_VIEWS, CardPlaySums
from .stats import ratio_interval, ratio_rate_interval

CELL_KEYS = ("mode", "faction", "opponent_faction", "variant", "opponent_variant", "difficulty", "strategy",
             "opponent_strategy")
SHAPE_MEASURES = ("rounds", "turns", "lead_changes", "decisive_round", "winner_deficit", "drama")
RATES = ("comeback", "comeback_a", "comeback_b")
LATER = TRACK_ROUNDS + 1     # the decisive table's last round: later than the recorded rounds
PLAY_COLUMNS = ("faction", "card", "seat_games", "times_bought", "times_drawn", "times_played", "drawn_not_played",
                "games_played", "play_rate", "wins_when_played", "win_rate_when_played", "played_ci_low",
                "played_ci_high", "win_rate_not_played", "not_played_ci_low", "not_played_ci_high")


def cell_keys(cell) -> dict:
    """A cell's keys as the shape tables name it (side A first)."""
    return {"mode": cell.mode, "faction": cell.sides[0], "opponent_faction": cell.sides[1],
            "variant": cell.variants[0], "opponent_variant": cell.variants[1], "difficulty": cell.difficulty,
            "strategy": cell.strategies[0], "opponent_strategy": cell.strategies[1]}


def shape_row(keys: dict, detail, standing: str) -> dict:
    """One cell's row of the shape table."""
    row = {**keys, "games": int(detail.games), "standing": standing}
    for name in SHAPE_MEASURES:
        m, lo, hi, _ = ratio_interval(detail.measures[MEASURES.index(name)])
        row.update({f"mean_{name}": float(m), f"{name}_low": float(lo), f"{name}_high": float(hi)})
    for name in RATES:
        sums = detail.measures[MEASURES.index(name)]
        rate, lo, hi = ratio_rate_interval(sums)
        row.update({f"{name}_rate": float(rate), f"{name}_low": float(lo), f"{name}_high": float(hi),
                    f"{name}_games": int(sums[1])})
    return row


def tempo_rows(keys: dict, detail) -> list[dict]:
    """A cell's tempo curves: side A's and side B's (its negative), each seat, every round with a game."""
    rows = []
    sides = ((keys["faction"], keys["opponent_faction"], 1.0), (keys["opponent_faction"], keys["faction"], -1.0))
    one_order = detail.orders == 1
    for side, other, sign in sides:
        if one_order and sign < 0 and detail.seats == (0,):
            continue       # the A.I.'s side of a Solo cell is no side of the sweep's
        for v, seat in enumerate(SEAT_VIEWS):
            sums = detail.tempo[v]
            mean, lo, hi, _ = ratio_interval(sums)
            games = sums[:, 1]
            for r in np.flatnonzero(games > 0):
                m, a, b = sign * mean[r], sign * lo[r], sign * hi[r]
                rows.append({**keys, "side": side, "opponent": other,
                             "seat": seat if sign > 0 else _other_seat(seat), "round": int(r + 1),
                             "games": int(games[r]), "mean_lead": float(m), "ci_low": float(min(a, b)),
                             "ci_high": float(max(a, b))})
    return rows


def _other_seat(seat: str) -> str:
    return {"first": "second", "second": "first"}.get(seat, seat)


def decisive_rows(keys: dict, detail) -> list[dict]:
    total = int(detail.decisive.sum())
    return [{**keys, "decisive_round": int(r), "games": int(detail.decisive[r]),
             "share": float(detail.decisive[r] / total) if total else float("nan")}
            for r in range(DECISIVE_BINS) if detail.decisive[r] > 0]


def shape_tables(rows: list[tuple[dict, object]], standing: str) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """(shape, tempo, decisive) tables of (cell keys, ``CellDetail``) pairs."""
    shape = pd.DataFrame([shape_row(k, d, standing) for k, d in rows])
    tempo = pd.DataFrame([r for k, d in rows for r in tempo_rows(k, d)],
                         columns=[*CELL_KEYS, "side", "opponent", "seat", "round", "games", "mean_lead", "ci_low",
                                  "ci_high"])
    decisive = pd.DataFrame([r for k, d in rows for r in decisive_rows(k, d)],
                            columns=[*CELL_KEYS, "decisive_round", "games", "share"])
    return shape, tempo, decisive


def plays_table(sides: dict[str, CardPlaySums]) -> pd.DataFrame:
    """The per-side, per-card play table (``PLAY_COLUMNS``) of each side's sums, sides in the order given."""
    frames = []
    for side, s in sides.items():
        c = dict(zip(CardPlaySums.COUNT_FIELDS, s.counts))
        when, when_lo, when_hi = ratio_rate_interval(s.when_played)
        not_, not_lo, not_hi = ratio_rate_interval(s.not_played)
        with np.errstate(invalid="ignore", divide="ignore"):
            rate = c["games_played"] / s.seat_games if s.seat_games else np.full(len(s.names), np.nan)
        frames.append(pd.DataFrame({
            "faction": side, "card": pd.Series(s.names, dtype=object), "seat_games": s.seat_games,
            "times_bought": c["times_bought"], "times_drawn": c["times_drawn"], "times_played": c["times_played"],
            "drawn_not_played": c["drawn_not_played"], "games_played": c["games_played"], "play_rate": rate,
            "wins_when_played": c["wins_when_played"], "win_rate_when_played": when, "played_ci_low": when_lo,
            "played_ci_high": when_hi, "win_rate_not_played": not_, "not_played_ci_low": not_lo,
            "not_played_ci_high": not_hi}))
    if not frames:
        return pd.DataFrame(columns=list(PLAY_COLUMNS))
    return pd.concat(frames, ignore_index=True)[list(PLAY_COLUMNS)]
