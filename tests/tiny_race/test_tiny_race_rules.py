"""The tiny race's rules (``tests/tiny_game/contract.py`` states them), each checked on the jitted engine: a
position in, a step of the rules applied, the state asserted. A real game's rule tests have this shape, named
after its rulebook's sections; ``docs/add-a-game.md`` copies this file with the tiny game."""
from __future__ import annotations

import numpy as np
import pytest

from simcore.bounds import TURN_CAP
from tests.tiny_game.batch import new_state
from tests.tiny_game.card_data import compile_tables
from tests.tiny_game.contract import Race, race_cfg
from tests.tiny_game.layout import (CFG_LENGTH, CFG_MAX_TURNS, EV_BUY, EV_ROLL, L_A, L_EVENT, S_BOUND, S_COINS, S_LOG_N,
                                    S_POS, S_STRIDE, S_TURN, S_WINNER, WINNER_DRAW)
from tests.tiny_game.policy import strategy_row
from tests.tiny_game.rules import play_race, play_turn, run_effects


def tables(*cards):
    """A card set of (cost, [(op, n), ...]) cards, named A, B, ..."""
    return compile_tables([{"name": chr(65 + i), "cost": cost, "file": "test",
                            "effects": [{"op": op, "n": n} for op, n in effects]}
                           for i, (cost, effects) in enumerate(cards)])


def position(t, length=12, max_turns=60):
    cfg = race_cfg(Race(("red", "blue"), "short", max_turns), len(t.names))
    cfg[CFG_LENGTH] = length
    sc, log, bought = new_state(log_rows=64)
    sc[S_WINNER] = -1
    return cfg, sc, log, bought


def rows(keep=0.0, keep_blue=0.0, codes=None):
    return np.array([strategy_row((keep, 0.0), codes), strategy_row((keep_blue, 0.0))])


@pytest.mark.parametrize("op, n, slot, expected", [("stride", 2, S_STRIDE, 2), ("jump", 3, S_POS, 3),
                                                   ("coins", 4, S_COINS, 4)])
def test_a_cards_effect_is_its_opcode(op, n, slot, expected):
    t = tables((1, [(op, n)]))
    cfg, sc, log, _ = position(t)
    run_effects(t.cards, t.eff, cfg, sc, log, 1, 0)
    assert sc[slot + 1] == expected and sc[slot] == 0


def test_a_jump_to_the_finish_wins_and_ends_the_cards_effects():
    t = tables((1, [("jump", 5), ("coins", 3)]))
    cfg, sc, log, _ = position(t, length=5)
    run_effects(t.cards, t.eff, cfg, sc, log, 0, 0)
    assert sc[S_WINNER] == 0 and sc[S_COINS] == 0


def test_a_turn_rolls_a_die_buys_the_dearest_card_it_can_then_moves_one_step_plus_its_stride():
    t = tables((3, [("stride", 1)]), (5, [("stride", 2)]), (40, [("stride", 9)]))
    cfg, sc, log, bought = position(t)
    sc[S_COINS] = 10
    play_turn(t.cards, t.eff, cfg, rows(), sc, log, bought, 0)
    roll = log[0, L_A]
    assert log[0, L_EVENT] == EV_ROLL and 1 <= roll <= 6
    assert log[1, L_EVENT] == EV_BUY and log[1, L_A] == 1            # B: the dearest of those it can afford
    assert sc[S_COINS] == 10 + roll - 5 and list(bought[0, :3]) == [0, 1, 0]
    assert sc[S_POS] == 1 + 2 and sc[S_POS + 1] == 0


def test_a_strategy_keeps_its_coins_and_a_restriction_bans_or_forces_a_card():
    t = tables((3, [("stride", 1)]), (5, [("stride", 2)]))
    for strat, expected in ((rows(keep=20.0), [0, 0]), (rows(codes={1: "ban"}), [1, 0]),
                            (rows(keep=20.0, codes={0: "force"}), [1, 0])):
        cfg, sc, log, bought = position(t)
        sc[S_COINS] = 10
        play_turn(t.cards, t.eff, cfg, strat, sc, log, bought, 0)
        assert list(bought[0, :2]) == expected


def test_a_race_still_running_at_the_turn_cap_is_a_draw():
    t = tables((1, [("coins", 1)]))
    cfg, sc, log, bought = position(t, length=1000, max_turns=6)
    play_race(t.cards, t.eff, cfg, rows(), sc, log, bought, np.int64(7))
    assert (sc[S_WINNER], sc[S_BOUND], sc[S_TURN], cfg[CFG_MAX_TURNS]) == (WINNER_DRAW, TURN_CAP, 6, 6)
    assert sc[S_LOG_N] > 0


def test_the_first_racer_to_reach_the_finish_wins():
    t = tables((1, [("coins", 1)]))
    cfg, sc, log, bought = position(t, length=3)
    play_race(t.cards, t.eff, cfg, rows(), sc, log, bought, np.int64(7))
    # each racer moves 1 + its stride a turn (no card here adds stride): red moves first and gets there first
    assert sc[S_WINNER] == 0 and sc[S_TURN] == 5 and sc[S_POS] == 3 and sc[S_POS + 1] == 2
