"""Per-game records -> aggregate and per-card tables, on hand-made records (no engine needed)."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.aggregate import (AGGREGATE_COLUMNS, CARD_COLUMNS, SEED_COLUMNS, aggregate_games, card_counts,
                               card_table, combine_counts, first_player_table, pair_counts, perspective_counts,
                               summarise)
from reports.stats import seed_clustered_interval, wilson_interval


def games_frame(first: str, second: str, winners: list[str], turns: list[int], variant: str = "standard",
                start: int = 0) -> pd.DataFrame:
    n = len(winners)
    return pd.DataFrame({
        "game": np.arange(start, start + n), "seed": np.arange(start, start + n) * 7919,
        "first_faction": first, "second_faction": second, "first_variant": variant, "second_variant": variant,
        "first_strategy": "balanced", "second_strategy": "balanced",
        "winner": pd.Categorical(winners, ["first", "second", "draw"]), "turns": turns,
    })


@pytest.fixture
def games():
    # federation first: 3 wins, 1 loss, 1 draw; sunder first: 2 wins, 2 losses, 1 draw
    a_first = games_frame("federation", "sunder", ["first", "first", "second", "draw", "first"], [10, 12, 14, 400, 8])
    b_first = games_frame("sunder", "federation", ["first", "second", "second", "first", "draw"], [9, 11, 13, 15, 400])
    return pd.concat([a_first, b_first], ignore_index=True)


def row(table, faction, seat):
    hit = table[(table["faction"] == faction) & (table["seat"] == seat)]
    assert len(hit) == 1
    return hit.iloc[0]


def test_schema_columns_exactly(games):
    table = aggregate_games(games, seed=1)
    assert list(table.columns) == list(AGGREGATE_COLUMNS) + list(SEED_COLUMNS)
    assert list(table.columns) == ["mode", "faction", "opponent_faction", "variant", "opponent_variant", "difficulty",
                                   "strategy", "opponent_strategy", "seat", "games", "wins", "losses", "draws",
                                   "win_rate", "ci_low", "ci_high", "mean_turns", "seed", "seeds", "wins_sq",
                                   "first_wins_sq", "design_effect"]
    assert set(table["mode"]) == {"duel"} and set(table["difficulty"]) == {""}
    assert set(table["seed"]) == {1}


def test_both_factions_each_with_three_seats(games):
    table = aggregate_games(games, seed=1)
    assert len(table) == 6
    assert list(table["seat"]) == ["first", "second", "both"] * 2
    assert list(table["faction"]) == ["federation"] * 3 + ["sunder"] * 3


def test_perspective_symmetry(games):
    table = aggregate_games(games, seed=1)
    for a, b in (("federation", "sunder"), ("sunder", "federation")):
        for seat, other in (("first", "second"), ("second", "first"), ("both", "both")):
            ra, rb = row(table, a, seat), row(table, b, other)
            assert ra["wins"] == rb["losses"] and ra["losses"] == rb["wins"]
            assert ra["draws"] == rb["draws"] and ra["games"] == rb["games"]
            assert ra["mean_turns"] == rb["mean_turns"]


def test_counts_and_draws_are_kept(games):
    table = aggregate_games(games, seed=1)
    fed_first, fed_second, fed_both = (row(table, "federation", s) for s in ("first", "second", "both"))
    assert (fed_first["games"], fed_first["wins"], fed_first["losses"], fed_first["draws"]) == (5, 3, 1, 1)
    assert (fed_second["games"], fed_second["wins"], fed_second["losses"], fed_second["draws"]) == (5, 2, 2, 1)
    assert (fed_both["games"], fed_both["wins"], fed_both["losses"], fed_both["draws"]) == (10, 5, 3, 2)
    assert (table["wins"] + table["losses"] + table["draws"] == table["games"]).all()
    assert fed_first["mean_turns"] == pytest.approx((10 + 12 + 14 + 400 + 8) / 5)


def test_win_rate_and_intervals_seats_wilson_both_over_seeds(games):
    """A seat's row is one game per seed (Wilson); a both row takes its variance from the seeds: game g with
    federation first and game g with sunder first are seed g. Federation's wins per seed are 1, 2, 1, 0, 1
    (squares 7), sunder's 1, 0, 1, 1, 0 (squares 3), the first player's 2, 1, 0, 1, 1 (squares 7)."""
    table = aggregate_games(games, seed=1)
    assert (table["win_rate"] == table["wins"] / table["games"]).all()
    seats = table[table["seat"] != "both"]
    low, high = wilson_interval(seats["wins"].to_numpy(), seats["games"].to_numpy())
    assert np.array_equal(seats["ci_low"], low) and np.array_equal(seats["ci_high"], high)
    assert (seats["design_effect"] == 1).all() and (seats["seeds"] == seats["games"]).all()
    for faction, wins, squares in (("federation", 5, 7), ("sunder", 3, 3)):
        r = row(table, faction, "both")
        assert (r["seeds"], r["wins_sq"], r["first_wins_sq"]) == (5, squares, 7)
        low, high, deff = seed_clustered_interval(wins, squares, 5, 10)
        assert (r["ci_low"], r["ci_high"], r["design_effect"]) == pytest.approx((low, high, deff))
        assert (r["ci_low"], r["ci_high"]) != pytest.approx(wilson_interval(wins, 10))


def test_counts_add_up_across_chunks(games):
    whole = perspective_counts(games)
    parts = combine_counts(perspective_counts(games.iloc[:3]), perspective_counts(games.iloc[3:7]),
                           perspective_counts(games.iloc[7:]))
    pairs = pair_counts(games)
    pd.testing.assert_frame_equal(summarise(whole, seed=3, pairs=pairs), summarise(parts, seed=3, pairs=pairs))


def test_a_both_row_without_its_seeds_is_refused(games):
    with pytest.raises(ValueError, match="seeds"):
        summarise(perspective_counts(games))


def test_pair_counts_pair_a_games_two_seat_orders_and_leave_the_rest_a_seed_each(games):
    pairs = pair_counts(games).set_index("faction")
    assert pairs.loc["federation", ["seeds", "wins_sq", "first_wins_sq"]].tolist() == [5, 7, 7]
    # without sunder-first game 1 (federation won it moving second), federation-first game 1 is a seed of its
    # own: federation's wins per seed 1, 1 (was 2), 1, 0, 1, the first player's 2, 1, 0, 1, 1
    fewer = pair_counts(games.drop(index=6)).set_index("faction")
    assert fewer.loc["federation", ["seeds", "wins_sq", "first_wins_sq"]].tolist() == [5, 4, 7]


def test_first_player_table(games):
    fp = first_player_table(aggregate_games(games, seed=1))
    assert len(fp) == 1
    r = fp.iloc[0]
    assert (r["games"], r["first_wins"], r["second_wins"], r["draws"]) == (10, 5, 3, 2)
    assert (r["seeds"], r["first_wins_sq"]) == (5, 7)
    low, high, deff = seed_clustered_interval(5, 7, 5, 10)
    assert (r["ci_low"], r["ci_high"], r["design_effect"]) == pytest.approx((low, high, deff))


def test_first_player_table_of_an_aggregate_without_seed_columns_is_wilson(games):
    old = aggregate_games(games, seed=1)[list(AGGREGATE_COLUMNS)]
    r = first_player_table(old).iloc[0]
    assert (r["ci_low"], r["ci_high"]) == pytest.approx(wilson_interval(5, 10))


def test_missing_columns_are_named():
    with pytest.raises(ValueError, match="winner"):
        perspective_counts(pd.DataFrame({"first_faction": ["federation"]}))


def test_card_statistics():
    names = ["Railgun", "Repair Bot", "Never Bought"]
    bought = np.zeros((3, 2, 3), np.int32)
    bought[0, 0, 0] = 2      # game 0: first buys 2 Railguns and wins
    bought[1, 1, 0] = 1      # game 1: second buys a Railgun and loses
    bought[1, 0, 1] = 1      # game 1: first buys a Repair Bot and wins
    bought[2, 1, 1] = 1      # game 2 (a draw): second buys a Repair Bot
    table = card_table(card_counts(bought, ["first", "first", "draw"], names))
    assert list(table.columns) == list(CARD_COLUMNS)
    rail, bot, never = (table.iloc[i] for i in range(3))
    assert (rail["times_bought"], rail["games_bought"], rail["wins_when_bought"]) == (3, 2, 1)
    assert rail["seat_games"] == 6 and rail["buy_rate"] == pytest.approx(3 / 6)
    assert rail["win_rate_when_bought"] == pytest.approx(0.5)
    assert (rail["ci_low"], rail["ci_high"]) == pytest.approx(wilson_interval(1, 2))
    assert rail["win_rate_not_bought"] == pytest.approx(1 / 4)     # 2 wins in all, 1 of them with a Railgun
    assert (bot["times_bought"], bot["games_bought"], bot["wins_when_bought"]) == (2, 2, 1)
    assert never["times_bought"] == 0 and np.isnan(never["win_rate_when_bought"]) and np.isnan(never["ci_low"])


def test_card_counts_add_up_across_chunks():
    rng = np.random.default_rng(5)
    bought = rng.integers(0, 3, size=(20, 2, 4)).astype(np.int32)
    winner = rng.choice(["first", "second", "draw"], size=20)
    names = list("abcd")
    whole = card_table(card_counts(bought, winner, names))
    parts = card_table(combine_counts(card_counts(bought[:8], winner[:8], names),
                                      card_counts(bought[8:], winner[8:], names)))
    pd.testing.assert_frame_equal(whole, parts)
