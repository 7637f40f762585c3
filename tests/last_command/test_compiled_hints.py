"""Table columns the card compiler works out so that the game loop need not (C_BONUS_PLAIN: which
Bonuses change nothing else that is due): they save time and must never change a game. A table
without them (the column 0: the engine then looks again after every Bonus, and asks the order
whenever several are due) plays the same games."""
from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd
import pytest

from simcore.games.last_command import tables as T
from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.cardset.compile import PLAIN_BONUS_OPS
from simcore.games.last_command.setup import Matchup
from simcore.games.last_command.simulate import play_games, replay_game, seed_of_game

HINT_COLUMNS = [T.C_BONUS_PLAIN]


@pytest.fixture(scope="module")
def shipped() -> T.CardTables:
    return load_cards()


@pytest.fixture(scope="module")
def unhinted(shipped) -> T.CardTables:
    cards = shipped.cards.copy()
    cards[:, HINT_COLUMNS] = 0
    return dataclasses.replace(shipped, cards=cards)


def test_plain_bonus_bits_follow_the_rows(shipped):
    plain = 0
    for t in range(len(shipped.catalog)):
        for e in range(3):
            start, length = shipped.cards[t, T.C_BONUS + 3 * e], shipped.cards[t, T.C_BONUS + 3 * e + 1]
            want = length > 0 and all(int(op) in PLAIN_BONUS_OPS for op in shipped.eff[start:start + length, 0])
            assert bool(shipped.cards[t, T.C_BONUS_PLAIN] & (1 << e)) == want, shipped.catalog[t].name
            plain += want
    assert plain > 0


@pytest.mark.parametrize("strategies, matchup", [
    (("balanced", "balanced"), Matchup()),
    (("random", "aggro"), Matchup(("sunder", "federation"), ("asymmetrical", "standard"))),
    (("engine", "random"), Matchup(("federation", "sunder"), ("asymmetrical", "asymmetrical"))),
    (("balanced", "balanced"), Matchup(mode="solo", difficulty="hard")),
])
def test_games_are_the_same_without_the_hints(shipped, unhinted, strategies, matchup):
    a = play_games(300, seed=21, matchup=matchup, strategies=strategies, tables=shipped, threads=1)
    b = play_games(300, seed=21, matchup=matchup, strategies=strategies, tables=unhinted, threads=1)
    pd.testing.assert_frame_equal(a.games, b.games)
    assert (a.bought == b.bought).all()
    for g in range(4):
        s = seed_of_game(21, g)
        ra = replay_game(s, matchup, strategies, tables=shipped)
        rb = replay_game(s, matchup, strategies, tables=unhinted)
        assert np.array_equal(ra.events, rb.events)
