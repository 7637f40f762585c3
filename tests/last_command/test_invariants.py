"""Invariants over many seeded games: every card in exactly one place, caps and floors hold,
no pile overflows, the hand is empty after every Card Phase."""
import numpy as np
import pytest

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.invariants import INVARIANT_NAMES, check_games
from simcore.games.last_command.setup import Matchup, build_setup
from simcore.games.last_command.players.library import strategy_rows

TABLES = load_cards()


def violations(matchup, strategies, n, first_seed):
    setup, setup_n, cfg = build_setup(TABLES, matchup)
    seeds = np.arange(first_seed, first_seed + n, dtype=np.int64)
    out = np.zeros((n, 3), np.int64)
    check_games(TABLES.cards, TABLES.eff, setup, setup_n, cfg, strategy_rows(strategies, TABLES), seeds, out)
    bad = np.flatnonzero(out[:, 0])
    return [(int(seeds[i]), INVARIANT_NAMES[int(out[i, 0])], int(out[i, 1]), int(out[i, 2])) for i in bad[:5]]


@pytest.mark.parametrize("variants", [("standard", "standard"), ("asymmetrical", "asymmetrical"),
                                      ("standard", "asymmetrical")])
def test_invariants_hold_in_random_legal_play(variants):
    # 3 x 3,400 = 10,200 games of uniform random legal play
    assert violations(Matchup(("federation", "sunder"), variants), ("random", "random"), 3400, 1) == []


def test_invariants_hold_for_the_heuristic_policy():
    assert violations(Matchup(("sunder", "federation")), ("balanced", "random"), 1000, 50_000) == []


def test_a_violation_at_setup_is_reported_with_phase_0():
    # a broken setup used to end the game's checks without a word (the fuzz test relies on this)
    from simcore.games.last_command.invariants import HULL_OUT_OF_RANGE
    from simcore.games.last_command.layout import CFG_HULL

    setup, setup_n, cfg = build_setup(TABLES, Matchup())
    cfg[CFG_HULL] = 21
    out = np.zeros((2, 3), np.int64)
    check_games(TABLES.cards, TABLES.eff, setup, setup_n, cfg, strategy_rows(("random", "random"), TABLES),
                np.arange(2, dtype=np.int64), out)
    assert out.tolist() == [[HULL_OUT_OF_RANGE, 0, 0]] * 2
