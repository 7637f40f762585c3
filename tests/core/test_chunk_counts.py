"""The numpy reduction of a sweep's chunks (``reports.chunk_counts``) gives what the pandas reductions
of ``reports.aggregate`` give on the same games: it is only faster."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.aggregate import card_counts, combine_counts, perspective_counts
from reports.chunk_counts import SweepTally, tally_chunk

NAMES = [f"card {i}" for i in range(7)]
LABELS = ({"first_faction": "federation", "second_faction": "sunder", "first_variant": "standard",
           "second_variant": "asymmetrical", "first_strategy": "balanced", "second_strategy": "aggro"},
          {"first_faction": "sunder", "second_faction": "federation", "first_variant": "asymmetrical",
           "second_variant": "standard", "first_strategy": "aggro", "second_strategy": "balanced"})


def _chunk(rng, n):
    winner = rng.choice(3, size=n, p=[0.5, 0.45, 0.05]).astype(np.int64)
    turns = rng.integers(10, 40, size=n).astype(np.int64)
    bought = (rng.random((n, 2, len(NAMES))) < 0.3) * rng.integers(1, 3, size=(n, 2, len(NAMES)))
    return winner, turns, bought.astype(np.int32)


def _games(winner, turns, labels):
    return pd.DataFrame({**{k: v for k, v in labels.items()},
                         "winner": pd.Categorical.from_codes(winner, ["first", "second", "draw"]), "turns": turns})


@pytest.mark.parametrize("seats", [(0, 1), (0,)])
def test_chunk_tallies_add_up_to_the_pandas_counts_of_the_same_games(seats):
    rng = np.random.default_rng(5)
    tally, pandas_counts, pandas_cards = SweepTally(), None, None
    cards = SweepTally()
    for i, n in enumerate([13, 1, 40, 27]):
        winner, turns, bought = _chunk(rng, n)
        labels = LABELS[i % 2]
        part = tally_chunk(winner, turns, bought, seats)
        tally.add(part, labels)
        cards.add(part, None)
        expected = perspective_counts(_games(winner, turns, labels))
        if seats == (0,):
            expected = expected[expected["seat"] == "first"].reset_index(drop=True)
        pandas_counts = combine_counts(pandas_counts, expected)
        pandas_cards = combine_counts(pandas_cards, card_counts(bought, _games(winner, turns, labels)["winner"],
                                                                NAMES, seats))
    pd.testing.assert_frame_equal(tally.counts(), pandas_counts.reset_index(drop=True))
    pd.testing.assert_frame_equal(cards.card_counts(NAMES), pandas_cards.reset_index(drop=True))
    assert cards.counts().empty   # added without labels: per-card counts only


def test_a_draw_is_neither_seats_win_and_every_card_counts_its_buyers_wins():
    winner = np.array([0, 1, 2, 0])
    bought = np.zeros((4, 2, 2), np.int32)
    bought[0, 0, 0] = 2      # the first seat bought card 0 and won
    bought[1, 0, 0] = 1      # ... and lost
    bought[2, 1, 1] = 1      # a draw
    part = tally_chunk(winner, np.array([10, 20, 30, 40]), bought)
    assert part.seats.tolist() == [[4, 2, 1, 1, 100], [4, 1, 2, 1, 100]]
    assert part.cards.tolist() == [[3, 1], [2, 1], [1, 0]]
    assert (part.seat_games, part.seat_wins) == (8, 3)


def test_seat_orders_paired_chunk_by_chunk_give_the_seeds_sums_of_the_whole_table():
    """A sweep's chunks of one cell come one seat order at a time; ``add_order`` pairs game i of both orders (one
    seed) whatever the chunking, and gives ``aggregate.pair_counts`` of the same games."""
    from reports.aggregate import pair_counts
    rng = np.random.default_rng(9)
    seeds = 57
    winners = [rng.choice(3, size=seeds, p=[0.5, 0.45, 0.05]).astype(np.int64) for _ in LABELS]
    frames = [_games(w, np.full(seeds, 20), labels).assign(game=np.arange(seeds)) for w, labels in zip(winners,
                                                                                                        LABELS)]
    expected = pair_counts(pd.concat(frames, ignore_index=True))
    for chunk in (57, 10, 1):
        tally = SweepTally()
        for start in range(0, seeds, chunk):
            for w, labels in zip(winners, LABELS):
                tally.add_order(start, 2, labels, w[start:start + chunk])
        pd.testing.assert_frame_equal(tally.pair_counts(), expected)
    half = SweepTally()
    half.add_order(0, 2, LABELS[0], winners[0])
    with pytest.raises(ValueError, match="lack their other seat order"):
        half.pair_counts()
