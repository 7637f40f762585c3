"""The skirmish over many battles: invariants of the protocol in every random-play battle's log (Command
Points within 0..budget, at most one response per window, no response to a response, tokens and
restrictions as the commands list them), determinism across threads, and the heuristic beating random."""
import numpy as np
import pytest

from simcore.games.skirmish.layout import (EV_APPLY, EV_CHECK, EV_DAMAGE, EV_DECLARE, EV_DESTROYED, EV_DONE, EV_MELEE,
                                           EV_SPEND, EV_WINDOW, L_A, L_B, L_C, L_CP, L_D, L_EVENT)
from simcore.games.skirmish.opcodes import CC_COST, CC_OPENS_WINDOW, CC_RESTRICTS, CC_STATUS
from simcore.games.skirmish.setup import Matchup, budgets_of
from simcore.games.skirmish.simulate import play_games, replay_game, seed_of_game

MATCHUPS = [Matchup(("line", "line")), Matchup(("elite", "raiders"), ("full", "no-covering-fire"), (3, 5)),
            Matchup(("raiders", "elite"), ("covering-fire-2cp", "full"))]


def commands_of(events):
    """Each own-window command's events, from its declaration to its completion."""
    start = None
    for k, row in enumerate(events):
        if row[L_EVENT] == EV_DECLARE and row[L_D] == 0:
            start = k
        elif row[L_EVENT] == EV_DONE:
            yield events[start:k + 1]
            start = None


@pytest.mark.parametrize("matchup", MATCHUPS, ids=lambda m: "-".join(m.forces + m.command_sets))
def test_invariants_over_random_battles(matchup):
    commands = windows = answered = 0
    for g in range(60):
        r = replay_game(seed_of_game(5, g), matchup, ("random", "random"))
        cmds, ev = r.tables.cmds, r.events
        budget = budgets_of(r.tables, matchup)
        assert r.lost_events == 0
        for p in range(2):
            assert (ev[:, L_CP + p] >= 0).all() and (ev[:, L_CP + p] <= budget[p]).all()
        for part in commands_of(ev):
            commands += 1
            kinds = list(part[:, L_EVENT])
            c = part[0, L_A]
            assert kinds.count(EV_WINDOW) == (1 if cmds[c, CC_OPENS_WINDOW] else 0)
            windows += kinds.count(EV_WINDOW)
            responses = [k for k, row in enumerate(part) if row[L_EVENT] == EV_DECLARE and row[L_D] == 1]
            assert len(responses) <= 1                                    # at most one per window
            if responses:
                answered += 1
                # declared inside the window, and nothing answers the response: no second window
                assert kinds.index(EV_WINDOW) < responses[0]
                assert EV_WINDOW not in kinds[responses[0]:]
            # the melee check comes last: only its melee follows it
            assert kinds.count(EV_CHECK) == 1
            assert set(kinds[kinds.index(EV_CHECK) + 1:]) <= {EV_MELEE, EV_DAMAGE, EV_DESTROYED, EV_DONE}
            for row in part:
                if row[L_EVENT] == EV_SPEND:
                    assert row[L_C] == cmds[row[L_A], CC_COST]
                if row[L_EVENT] == EV_APPLY:                                  # only what the command lists
                    assert row[L_B] == cmds[row[L_D], CC_RESTRICTS] and row[L_C] == cmds[row[L_D], CC_STATUS]
    assert commands > 60 * 10 and answered > 50 and windows >= answered


def test_determinism_the_same_seed_gives_the_same_battle_on_any_thread_count():
    m = MATCHUPS[1]
    one = play_games(400, 9, m, ("reserve", "random"), threads=1).games
    two = play_games(400, 9, m, ("reserve", "random"), threads=2).games
    assert one.equals(two)
    again = play_games(100, 9, m, ("reserve", "random"), threads=2, first_game=300).games
    assert np.array_equal(again["seed"], one["seed"][300:]) and list(again["winner"]) == list(one["winner"][300:])


def test_replay_is_the_battle_the_records_counted():
    m = MATCHUPS[0]
    rec = play_games(20, 3, m, ("reserve", "random")).games
    for _, row in rec.iloc[:5].iterrows():
        r = replay_game(int(row["seed"]), m, ("reserve", "random"))
        assert r.result["winner"] == row["winner"] and r.result["turns"] == row["turns"]


@pytest.mark.parametrize("forces", [("line", "line"), ("elite", "raiders")])
def test_the_reserve_heuristic_beats_random_on_paired_seeds(forces):
    n = 300
    as_first = play_games(n, 11, Matchup(forces), ("reserve", "random")).games
    as_second = play_games(n, 11, Matchup(forces[::-1]), ("random", "reserve")).games
    wins = (as_first["winner"] == "first").sum() + (as_second["winner"] == "second").sum()
    assert wins / (2 * n) >= 0.90


def test_the_reserve_heuristic_keeps_command_points_for_responses():
    m = Matchup(("line", "line"))
    keeps = play_games(200, 4, m, ("reserve", "spender")).games
    assert keeps["first_responses"].mean() > keeps["second_responses"].mean()


@pytest.mark.parametrize("strategy", ["random", "reserve"])
def test_a_banned_command_is_never_given_and_the_rest_plays_on(strategy):
    """Restricted play (``commandsim impact``): a force banned from every response never declares one; the other
    force still responds, and an empty restriction plays byte for byte as none."""
    from simcore.game import Restriction
    matchup = Matchup(("line", "elite"))
    plain = play_games(60, 3, matchup, (strategy, strategy), threads=1)
    empty = play_games(60, 3, matchup, (strategy, strategy), threads=1, restriction=Restriction())
    assert plain.games.equals(empty.games)
    responses = ("Snap Fire", "Covering Fire", "Defend", "Intervene")
    banned = play_games(60, 3, matchup, (strategy, strategy), threads=1, restriction=Restriction.seat(0, responses))
    assert plain.games["first_responses"].sum() > 0
    assert banned.games["first_responses"].sum() == 0 and banned.games["second_responses"].sum() > 0
