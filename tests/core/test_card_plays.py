"""What each card did (``simcore.play_counts``, ``reports.shape_tally.CardPlaySums``, the sweep's ``<stem>_plays``):
per side and card the copies bought, drawn, played and drawn but not played, the games it was played in and the
side's win rate in those and the others. A card a side never plays (banned for it by restricted play) has
played = 0 in every game that counts plays."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.shape_tally import CellDetail, detail_chunk
from reports.shape_tables import plays_table
from simcore.game import Restriction, SweepSpec
from simcore.games import registry

BANNED = {"last-command": "Railgun", "star-realms": "Cutter", "skirmish": "Run"}


@pytest.mark.parametrize("name", sorted(BANNED))
def test_a_card_never_played_has_played_zero(name):
    game = registry.get(name)
    tables = game.load_tables()
    cell = next(c for c in game.sweep_cells(SweepSpec(), tables) if len(c.orders) == 2)
    card = BANNED[name]
    recs = []
    for k, order in enumerate(cell.orders):
        # side A (seat k of order k) never buys, chooses or gives the card
        recs.append(game.play(order.matchup, tuple(game.resolve_strategy(s) for s in order.strategies), 4, 0, 200,
                              tables, None, restriction=Restriction.seat(k, banned=[card])))
    names = recs[0].counted_names()
    t = names.index(card)
    for k, rec in enumerate(recs):
        assert rec.plays.played[:, k, t].sum() == 0
        assert rec.plays.played[:, 1 - k, t].sum() > 0, "the other side plays it"
        if name != "skirmish":                 # a command is given, never bought or drawn
            assert rec.plays.drawn[:, k, t].sum() == 0 and rec.bought[:, k, t].sum() == 0
    detail = CellDetail(2)
    for k, rec in enumerate(recs):
        detail.add_order(0, k, detail_chunk(rec), cell.sides)
    plays = plays_table(detail.cards).set_index(["faction", "card"])
    mine, theirs = plays.loc[(cell.sides[0], card)], plays.loc[(cell.sides[1], card)]
    assert mine["times_played"] == 0 and mine["games_played"] == 0 and mine["play_rate"] == 0
    assert np.isnan(mine["win_rate_when_played"])            # no game to read it from
    assert theirs["times_played"] > 0 and theirs["games_played"] <= theirs["seat_games"] == 400


def test_the_play_table_adds_up_the_games_seat_by_seat():
    game = registry.get("star-realms")
    tables = game.load_tables()
    cell = next(c for c in game.sweep_cells(SweepSpec(), tables) if len(c.orders) == 2)
    recs = [game.play(o.matchup, tuple(game.resolve_strategy(s) for s in o.strategies), 2, 0, 150, tables, None)
            for o in cell.orders]
    detail = CellDetail(2)
    for k, rec in enumerate(recs):
        detail.add_order(0, k, detail_chunk(rec), cell.sides)
    plays = plays_table(detail.cards).set_index(["faction", "card"])
    names = recs[0].counted_names()
    side = cell.sides[0]       # seat 0 of the first order, seat 1 of the second
    drawn = recs[0].plays.drawn[:, 0].astype(int) + recs[1].plays.drawn[:, 1]
    played = recs[0].plays.played[:, 0].astype(int) + recs[1].plays.played[:, 1]
    for t in np.flatnonzero(played.sum(0))[:5]:
        row = plays.loc[(side, names[t])]
        assert row["times_drawn"] == drawn[:, t].sum() and row["times_played"] == played[:, t].sum()
        unplayed = (np.maximum(recs[0].plays.drawn[:, 0, t].astype(int) - recs[0].plays.played[:, 0, t], 0).sum()
                    + np.maximum(recs[1].plays.drawn[:, 1, t].astype(int) - recs[1].plays.played[:, 1, t], 0).sum())
        assert row["drawn_not_played"] == unplayed
        won = np.concatenate([(recs[0].winner == 0) & (recs[0].plays.played[:, 0, t] > 0),
                              (recs[1].winner == 1) & (recs[1].plays.played[:, 1, t] > 0)])
        did = np.concatenate([recs[0].plays.played[:, 0, t] > 0, recs[1].plays.played[:, 1, t] > 0])
        assert row["games_played"] == did.sum() and row["wins_when_played"] == won.sum()
        assert row["win_rate_when_played"] == pytest.approx(won.sum() / did.sum())
        assert row["played_ci_low"] <= row["win_rate_when_played"] <= row["played_ci_high"]
    assert set(pd.unique(plays.reset_index()["faction"])) == set(cell.sides)
