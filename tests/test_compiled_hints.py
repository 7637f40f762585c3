"""Columns the card compiler works out so that the game loop need not (the order of an Ability's
rows, which Bonuses are plain): they save time and must never change a game. A table without them
(every hint column 0, the engine then works each answer out as it plays) plays the same games."""
from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd
import pytest

from simcore.games.last_command import tables as T
from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.cardset.compile import segment_order
from simcore.games.last_command.matchup import Matchup
from simcore.games.last_command.opcodes import Op
from simcore.games.last_command.simulate import play_games, replay_game, seed_of_game
from strategies.last_command import effect_order
from strategies.last_command.policy import effect_rank

SEGMENTS = {T.ORDER_MAIN: T.C_MAIN, T.ORDER_COVER: T.C_COVER,
            **{T.ORDER_BONUS + e: T.C_BONUS + 3 * e for e in range(3)}}
HINT_COLUMNS = [T.C_BONUS_PLAIN, *range(T.C_ORDER, T.C_ORDER + len(SEGMENTS))]


@pytest.fixture(scope="module")
def shipped() -> T.CardTables:
    return load_cards()


@pytest.fixture(scope="module")
def unhinted(shipped) -> T.CardTables:
    cards = shipped.cards.copy()
    cards[:, HINT_COLUMNS] = 0
    return dataclasses.replace(shipped, cards=cards)


def run_order(value: int, length: int) -> list[int]:
    """The rows (0 .. length - 1) in the order a C_ORDER value runs them for a player who is not random."""
    assert value != T.ORDER_ASK
    if value == T.ORDER_FILE:
        return list(range(length))
    assert value & T.ORDER_PERMUTED
    return [(value >> (T.ORDER_SHIFT + T.ORDER_BITS * k)) & T.ORDER_MASK for k in range(length)]


def test_the_compiler_and_the_jitted_policy_rank_alike():
    for op in Op:
        assert effect_order.effect_rank(int(op)) == effect_rank(int(op)), op.name


def test_every_shipped_segment_runs_in_the_policy_order(shipped):
    permuted = 0
    for t, info in enumerate(shipped.catalog):
        for k, col in SEGMENTS.items():
            start, length = shipped.cards[t, col], shipped.cards[t, col + 1]
            ops = [int(o) for o in shipped.eff[start:start + length, 0]]
            order = run_order(int(shipped.cards[t, T.C_ORDER + k]), length)
            if Op.CHOICE in ops:
                assert order == list(range(length)), info.name
                continue
            # policy.next_effect_row: the lowest rank first, file order on a tie
            ranks = [effect_rank(o) for o in ops]
            assert [ranks[j] for j in order] == sorted(ranks), info.name
            assert sorted(order) == list(range(length)), info.name
            permuted += order != list(range(length))
    assert permuted > 0   # Basic Laser: its Damage after its Repair


@pytest.mark.parametrize("ops, want", [
    ([], T.ORDER_FILE),
    ([Op.DAMAGE], T.ORDER_FILE),
    ([Op.POWER, Op.DAMAGE, Op.DAMAGE_SELF], T.ORDER_FILE),
    ([Op.DAMAGE, Op.REPAIR], [1, 0]),
    ([Op.SCRAP, Op.DAMAGE, Op.DRAW, Op.DISCARD_OPP_INPLAY], [3, 2, 1, 0]),
    ([Op.DAMAGE, Op.CREDITS, Op.MALFUNCTION, Op.POWER], [1, 3, 0, 2]),
    ([Op.CHOICE, Op.SCRAP, Op.DRAW], T.ORDER_FILE),        # an OR among them: run as filed
    ([Op.DAMAGE] * 8 + [Op.POWER], T.ORDER_ASK),            # too long to pack: worked out as the game runs
    ([Op.DAMAGE] * 17 + [Op.POWER], T.ORDER_FILE),          # beyond MAX_ORDERED_ROWS: file order
])
def test_segment_order_values(ops, want):
    got = segment_order([int(o) for o in ops])
    if isinstance(want, list):
        assert run_order(got, len(ops)) == want
    else:
        assert got == want


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
