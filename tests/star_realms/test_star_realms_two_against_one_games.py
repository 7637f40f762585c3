"""Two Against One over many games: invariants after every side-turn of random-play games with three decks
(every card in one place, the shared Authority and the pooled Trade accounted for, each player's owned
counts), in both seatings and under both answers of each open question; determinism across thread counts;
the balanced policy against random on both sides of the table."""
import dataclasses

import numpy as np
import pytest

from simcore.games.star_realms import rules
from simcore.games.star_realms.card_data import load_tables
from simcore.games.star_realms.layout import (MAX_PLAYERS, S_AUTH_GAINED, S_COMBAT, S_DAMAGE, S_OWNED, S_SIDE,
                                              S_START_AUTH, S_TRADE, S_TRADE_GAINED, S_TRADE_SPENT)
from simcore.games.star_realms.scenario import Scenario
from simcore.games.star_realms.setup import TEAM_MODE, mode_matchups
from simcore.games.star_realms.simulate import play_games, replay_game

MATCHUPS = mode_matchups(TEAM_MODE)
OTHER_ANSWERS = {"outposts": "guard-owner", "opponent_discards": "each-member", "scrap_from": "either-pile"}


def _check_side_turn(s: Scenario, start_types: np.ndarray) -> None:
    assert np.array_equal(s.all_types(), start_types), "a card appeared or vanished"
    for side in range(2):      # the team's one Authority: its start, what either member gained, what it took
        assert s.authority(side) == (s.scalar(S_START_AUTH + side) + s.scalar(S_AUTH_GAINED + side)
                                     - s.scalar(S_DAMAGE + 1 - side))
        members = [p for p in range(MAX_PLAYERS) if s.scalar(S_SIDE + p) == side]     # the pooled Trade
        assert 0 <= sum(s.scalar(S_TRADE_SPENT + p) for p in members) <= sum(s.scalar(S_TRADE_GAINED + p)
                                                                             for p in members)
    assert s.trade == 0 and s.scalar(S_COMBAT) == 0          # the pools empty between turns
    owned = s.sc[S_OWNED:S_OWNED + 4 * MAX_PLAYERS].copy()
    rules.count_owned(s.tables.cards, s.piles, s.cnt, s.sc)
    assert np.array_equal(owned, s.sc[S_OWNED:S_OWNED + 4 * MAX_PLAYERS])
    for p in range(MAX_PLAYERS):
        assert len(s.pile(p, "hand")) <= 5 or s.winner >= 0


@pytest.mark.parametrize("answers", [{}, OTHER_ANSWERS], ids=["default-answers", "other-answers"])
@pytest.mark.parametrize("matchup", MATCHUPS, ids=["alliance-first", "team-first"])
def test_invariants_three_decks_every_card_conserved_shared_authority_accounted(matchup, answers):
    tables = load_tables()
    tables.decks["hydra"] = dataclasses.replace(tables.decks["hydra"], **answers)
    turns = 0
    for seed in range(30):
        strategies = ("random", "random") if seed % 3 else ("balanced", "random")
        s = Scenario.start(seed=seed, matchup=matchup, strategies=strategies, tables=tables)
        start = s.all_types()
        while s.winner < 0:
            s.turn()
            turns += 1
            assert s.scalar(S_TRADE) == 0
            _check_side_turn(s, start)
        if s.winner < 2:
            assert s.authority(1 - s.winner) <= 0 < s.authority(s.winner)
    assert turns > 30 * 10


def test_determinism_two_against_one_same_games_on_any_thread_count():
    a = play_games(300, seed=13, threads=1, matchup=MATCHUPS[1])
    b = play_games(300, seed=13, threads=2, matchup=MATCHUPS[1])
    assert a.games.equals(b.games) and np.array_equal(a.bought, b.bought)
    c = play_games(100, seed=13, threads=2, first_game=200, matchup=MATCHUPS[1])
    assert np.array_equal(a.games.iloc[200:].to_numpy(), c.games.to_numpy())
    for _, row in a.games.head(3).iterrows():
        r = replay_game(int(row.seed), MATCHUPS[1])
        assert (r.result["winner"], r.result["turns"], r.result["first_authority"]) == (
            row.winner, row.turns, row.first_authority)


def _command_wins(command_strategy, team_strategy, n=1000, seed=31):
    """The Command player's share of wins on n paired seeds, each played in both seatings."""
    command_first = play_games(n, seed, MATCHUPS[0], (command_strategy, team_strategy), keep_bought=False)
    team_first = play_games(n, seed, MATCHUPS[1], (team_strategy, command_strategy), keep_bought=False)
    wins = (command_first.games.winner == "first").sum() + (team_first.games.winner == "second").sum()
    losses = (command_first.games.winner == "second").sum() + (team_first.games.winner == "first").sum()
    return wins / (2 * n), losses / (2 * n)


def test_policies_balanced_team_beats_a_random_command_player_at_least_95_percent():
    _, team_share = _command_wins("random", "balanced")
    assert team_share >= 0.95


def test_policies_balanced_command_player_beats_a_random_team_at_least_95_percent():
    command_share, _ = _command_wins("balanced", "random")
    assert command_share >= 0.95
