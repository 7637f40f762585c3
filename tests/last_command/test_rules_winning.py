"""Rulebook, Winning and Losing: a ship at 0 Hull is destroyed at once (the game stops there);
a game that reaches the simulator's turn cap is a draw."""
from __future__ import annotations

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.layout import EV_BONUS, L_EVENT
from simcore.games.last_command.setup import Matchup
from simcore.games.last_command.scenario import Scenario
from simcore.games.last_command.simulate import play_games

TABLES = load_cards()


def build(players, strategies=("balanced", "balanced"), seed=1, **spec) -> Scenario:
    return Scenario.build({"players": players, **spec}, tables=TABLES, strategies=strategies, seed=seed)


def test_winning_ship_at_0_hull_is_destroyed_at_once_and_the_card_phase_stops():
    sc = build([{"hand": ["Tri Laser", "Hyperkinetic Dart"], "power": {"tactical": 5}}, {"hull": 2}])
    sc.card_phase(0)
    assert sc.hull(1) == 0
    assert sc.winner == 0
    assert len(sc.pile(0, "hand")) == 1        # the second card is never played


def test_winning_hull_never_below_0():
    sc = build([{"hand": ["Scrizzian Maul"], "power": {"comms": 3},
                 "crew": {"comms": ["Tactician Ensign", "Engineer Ensign"]}}, {"hull": 1}])
    sc.card_phase(0)
    assert sc.hull(1) == 0 and sc.winner == 0


def test_winning_destroyed_ship_ends_the_turn_no_market_no_bonus_no_draw():
    sc = build([{"hand": ["Tri Laser", "Hyperkinetic Dart"], "power": {"tactical": 5}, "credits": 10,
                 "stacks": {"engineering": ["Nuclear Reactor"]}, "crew": {"engineering": ["Engineer Ensign"]},
                 "sys_deck": ["Railgun"] * 5, "hull": 15},
                {"hull": 3}],
               market={"tactical": ["Charge Laser"], "tactical_deck": ["Point Defense"]})
    sc.turn(0)
    assert sc.winner == 0
    assert sc.credits(0) == 10 and sc.market("tactical") == ["Charge Laser"]   # no Market Phase
    assert sc.hull(0) == 15                                                   # no Bonus Phase
    assert len(sc.pile(0, "sys_deck")) == 5                                  # no Draw Phase


def test_winning_destroyed_during_the_bonus_phase_stops_the_phase():
    # Engineering is resolved first: Armored Mech (Tactician: 1 Damage) destroys the ship;
    # Trade Rocket's Comms Expert Bonus (1 Credit) is never earned
    sc = build([{"stacks": {"engineering": ["Armored Mech"], "comms": ["Trade Rocket"]},
                 "crew": {"engineering": ["Tactician Ensign"], "comms": ["Comms Expert Ensign"]}}, {"hull": 1}])
    sc.bonus_phase(0)
    assert sc.hull(1) == 0 and sc.winner == 0
    assert sc.credits(0) == 5
    assert len([r for r in sc.events() if r[L_EVENT] == EV_BONUS]) == 1


def test_winning_a_ship_can_destroy_itself_the_opponent_wins():
    sc = build([{"sys_deck": ["Tri Laser"] * 4 + ["Secondary Explosion"], "hull": 2}, {}])
    sc.draw_phase(0)
    assert sc.hull(0) == 0
    assert sc.winner == 1
    assert sc.pile(0, "hand") == []            # no replacement draw once destroyed


def test_winning_game_reaching_the_turn_cap_is_a_draw():
    records = play_games(8, seed=3, matchup=Matchup(max_turns=2))
    games = records.games
    assert (games["winner"] == "draw").all()
    assert games["winner"].value_counts().to_dict() == {"draw": 8, "first": 0, "second": 0}
    assert (games["turns"] == 2).all()
    assert (games["first_hull"] > 0).all() and (games["second_hull"] > 0).all()


def test_winning_games_without_a_cap_end_with_a_destroyed_ship():
    records = play_games(8, seed=3)
    games = records.games
    assert set(games["winner"]) <= {"first", "second"}
    loser_hull = games.apply(lambda g: g["second_hull"] if g["winner"] == "first" else g["first_hull"], axis=1)
    assert (loser_hull == 0).all()
