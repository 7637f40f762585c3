"""Rulebook, 1. Card Phase: every card in hand is played or discarded for 2 Credits; System cards
go on top of their own System and pay Power from it; only the top card is active; Crew go under
a System with fewer than 3 Crew and perform their Ability; 9 Crew may be cleared; asterisked
requirements are checked."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.layout import EV_CLEAR_CREW, EV_DISCARD, L_EVENT
from simcore.games.last_command.scenario import SYSTEMS, Scenario

TABLES = load_cards()
FULL_CREW = {"engineering": ["Engineer Ensign"] * 3, "comms": ["Comms Expert Ensign"] * 3,
             "tactical": ["Tactician Ensign"] * 3}


def build(players, strategies=("balanced", "balanced"), seed=1, **spec) -> Scenario:
    return Scenario.build({"players": players, **spec}, tables=TABLES, strategies=strategies, seed=seed)


def events(sc: Scenario, ev: int):
    return [row for row in sc.events() if row[L_EVENT] == ev]


def strategy_file(tmp_path, **params) -> str:
    """A heuristic strategy (balanced, with some parameters changed) as a TOML file."""
    path = tmp_path / "strategy.toml"
    body = "\n".join(f"{k} = {v}" for k, v in params.items())
    path.write_text(f'name = "test"\nkind = "heuristic"\n[params]\n{body}\n')
    return str(path)


@pytest.mark.parametrize("strategies,seed", [(("balanced", "balanced"), 1), (("random", "random"), 1),
                                             (("random", "random"), 2), (("random", "random"), 3)])
def test_card_phase_hand_is_empty_at_the_end(strategies, seed):
    hand = ["Cadet Fitz", "Tri Laser", "Railgun", "Repair Bot", "Scrizzian Claw", "Engineer Ensign"]
    sc = build([{"hand": hand}, {}], strategies=strategies, seed=seed)
    sc.card_phase(0)
    assert sc.pile(0, "hand") == []
    # every card was played or discarded, none lost
    placed = sc.pile(0, "sys_discard") + sc.pile(0, "crew_discard")
    for s in SYSTEMS:
        placed += sc.pile(0, f"stack:{s}") + sc.pile(0, f"crew:{s}")
    assert sorted(placed) == sorted(hand)


def test_card_phase_system_card_goes_on_top_of_its_own_system_stack():
    sc = build([{"hand": ["Tri Laser"], "stacks": {"tactical": ["Basic Laser"]}, "power": {"tactical": 3}}, {}])
    sc.card_phase(0)
    assert sc.pile(0, "stack:tactical") == ["Basic Laser", "Tri Laser"]   # on top (last = top)
    assert sc.pile(0, "stack:engineering") == [] and sc.pile(0, "stack:comms") == []
    assert sc.hull(1) == 17                                               # its main Ability: 3 Damage


def test_card_phase_system_card_pays_power_from_its_system():
    sc = build([{"hand": ["Charge Laser"], "power": {"engineering": 5, "comms": 5, "tactical": 2}}, {}])
    sc.card_phase(0)
    assert sc.pile(0, "stack:tactical") == ["Charge Laser"]
    assert sc.power(0) == {"engineering": 5, "comms": 5, "tactical": 0}


def test_card_phase_card_that_cannot_be_paid_is_discarded_for_2_credits():
    # Charge Laser costs 2 Tactical Power; Power in the other Systems does not help
    sc = build([{"hand": ["Charge Laser"], "power": {"engineering": 8, "comms": 8, "tactical": 1}}, {}])
    sc.card_phase(0)
    assert sc.pile(0, "stack:tactical") == []
    assert sc.pile(0, "sys_discard") == ["Charge Laser"]
    assert sc.credits(0) == 5 + 2
    assert sc.power(0) == {"engineering": 8, "comms": 8, "tactical": 1}
    assert sc.hull(1) == 20
    assert len(events(sc, EV_DISCARD)) == 1


def test_card_phase_only_the_top_card_earns_bonuses():
    # Tri Laser (Tactician: 1 Damage) is covered by Charge Laser (Tactician: 2 Power here)
    sc = build([{"stacks": {"tactical": ["Tri Laser", "Charge Laser"]}, "crew": {"tactical": ["Tactician Ensign"]},
                 "power": {"tactical": 1}}, {}])
    sc.bonus_phase(0)
    assert sc.hull(1) == 20
    assert sc.power(0)["tactical"] == 3


def test_card_phase_only_the_top_card_is_active_covered_ongoing_ability_ceases():
    def damage_taken(p1_engineering):
        sc = build([{"hand": ["Tri Laser"]}, {"stacks": {"engineering": p1_engineering}}])
        sc.card_phase(0)
        return 20 - sc.hull(1)

    assert damage_taken(["Shield Drone"]) == 2                  # uncovered: each Damage reduced by 1
    assert damage_taken(["Shield Drone", "Repair Bot"]) == 3    # covered: its Ability ceases


def test_card_phase_crew_goes_under_a_system_with_fewer_than_3_crew_and_powers_it():
    crew = {"engineering": ["Engineer Ensign"] * 3, "comms": ["Comms Expert Ensign"] * 3,
            "tactical": ["Tactician Ensign"]}
    sc = build([{"hand": ["Engineer Lieutenant"], "crew": crew}, {}])
    sc.card_phase(0)
    assert sc.pile(0, "crew:tactical") == ["Tactician Ensign", "Engineer Lieutenant"]
    assert len(sc.pile(0, "crew:engineering")) == 3 and len(sc.pile(0, "crew:comms")) == 3
    # its Ability: 4 Power to the System it is played in
    assert sc.power(0) == {"engineering": 1, "comms": 1, "tactical": 5}


@pytest.mark.parametrize("strategies,seed", [(("random", "random"), s) for s in range(1, 6)])
def test_card_phase_crew_never_exceeds_3_per_system(strategies, seed):
    crew = {"engineering": ["Engineer Ensign"] * 3, "comms": ["Comms Expert Ensign"] * 2}
    hand = ["Tactician Ensign", "Tactician Lieutenant", "Engineer Lieutenant", "Cadet Fitz", "Cadet Korr"]
    sc = build([{"hand": hand, "crew": crew}, {}], strategies=strategies, seed=seed)
    sc.card_phase(0)
    assert sc.pile(0, "hand") == []
    assert all(len(sc.pile(0, f"crew:{s}")) <= 3 for s in SYSTEMS)


def test_card_phase_nine_crew_may_be_cleared_to_the_crew_discard():
    sc = build([{"hand": ["Tactician Lieutenant"], "crew": FULL_CREW}, {}])
    sc.card_phase(0)
    assert len(events(sc, EV_CLEAR_CREW)) == 1
    assert sorted(sc.pile(0, "crew_discard")) == sorted(sum(FULL_CREW.values(), []))
    in_play = [n for s in SYSTEMS for n in sc.pile(0, f"crew:{s}")]
    assert in_play == ["Tactician Lieutenant"]       # then the new Crew card is played
    assert sum(sc.power(0).values()) == 3 + 4


def test_card_phase_nine_crew_kept_when_the_player_declines_to_clear(tmp_path):
    keep = strategy_file(tmp_path, clear_crew=0)
    sc = build([{"hand": ["Tactician Lieutenant"], "crew": FULL_CREW}, {}], strategies=(keep, "balanced"))
    sc.card_phase(0)
    assert events(sc, EV_CLEAR_CREW) == []
    assert {s: sc.pile(0, f"crew:{s}") for s in SYSTEMS} == FULL_CREW   # never a 4th Crew in a System
    assert sc.pile(0, "crew_discard") == ["Tactician Lieutenant"]
    assert sc.credits(0) == 5 + 2


UNMET = [
    # (card, player 0 position): the asterisked requirement is not met
    ("Railgun", {"power": {"tactical": 5}, "crew": {"tactical": ["Engineer Ensign"]}}),      # needs a Tactician
    ("Zero Point Laser", {"power": {"tactical": 5}}),                                          # must cover a card
    ("Scrizzian Maul", {"power": {"comms": 5}, "crew": {"comms": ["Tactician Ensign"]}}),     # needs 2 Crew
    ("Keshran Edict", {"power": {"comms": 5}, "crew": {"comms": ["Tactician Ensign"]}}),      # needs a Comms Expert
]
MET = [
    ("Railgun", {"power": {"tactical": 5}, "crew": {"tactical": ["Tactician Ensign"]}}, 5),
    ("Zero Point Laser", {"power": {"tactical": 5}, "stacks": {"tactical": ["Basic Laser"]}}, 3),
    ("Scrizzian Maul", {"power": {"comms": 5}, "crew": {"comms": ["Tactician Ensign", "Engineer Ensign"]}}, 5),
    ("Keshran Edict", {"power": {"comms": 5}, "crew": {"comms": ["Comms Expert Ensign"]}}, 0),
]


@pytest.mark.parametrize("card,position", UNMET, ids=[c for c, _ in UNMET])
def test_card_phase_asterisk_requirement_not_met_card_is_discarded(card, position):
    sc = build([{"hand": [card], **position}, {}])
    power = sc.power(0)
    sc.card_phase(0)
    assert sc.pile(0, "sys_discard") == [card]
    assert card not in [n for s in SYSTEMS for n in sc.pile(0, f"stack:{s}")]
    assert sc.credits(0) == 5 + 2
    assert sc.power(0) == power
    assert sc.hull(1) == 20


@pytest.mark.parametrize("card,position,damage", MET, ids=[c for c, _, _ in MET])
def test_card_phase_asterisk_requirement_met_card_is_played(card, position, damage):
    sc = build([{"hand": [card], **position}, {}])
    sc.card_phase(0)
    assert card in [n for s in SYSTEMS for n in sc.pile(0, f"stack:{s}")]
    assert sc.pile(0, "sys_discard") == []
    assert sc.hull(1) == 20 - damage


LOOP_SCRIPT = """
import json, sys
from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.scenario import Scenario
sc = Scenario.build({"players": [{"hand": [sys.argv[1]], "power": {"engineering": 1}}, {}]}, tables=load_cards())
sc.card_phase(0)
print(json.dumps({"hand": sc.pile(0, "hand"), "discard": sc.pile(0, "sys_discard") + sc.pile(0, "crew_discard")}))
"""


@pytest.mark.parametrize("card", ["Holodeck", "Ship's A.I.", "Comms Expert Commander"])
def test_card_phase_ends_even_when_a_card_draws_itself_back(card):
    # the card's Draw 1 finds both decks empty: its deck is refilled from play, so the card comes
    # back to hand, and it can be played again (it gains more Power than it costs). The player
    # may always discard instead of playing, so the Card Phase ends. (A subprocess: a loop in
    # jitted code cannot be interrupted.)
    repo = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", LOOP_SCRIPT, card], cwd=repo, capture_output=True, text=True,
                         timeout=300, env={**os.environ, "PYTHONPATH": str(repo)})
    assert out.returncode == 0, out.stderr
    state = json.loads(out.stdout)
    assert state["hand"] == []             # the hand is empty at the end
    assert card in state["discard"]


# ---------------------------------------------------------------- the order of an Ability's elements

LANCE = """
[[card]]
name = "Backfiring Lance"
kind = "system"
system = "tactical"
count = 1
credit_cost = 6
power_cost = 1
main = [{ op = "damage_self", n = 1 }, { op = "damage", n = 3 }]
text = "Take 1 Damage; deal 3 Damage."
estimated = ["credit_cost", "power_cost", "main"]
"""


def lance_tables(tmp_path):
    (tmp_path / "lance.toml").write_text(LANCE)
    return load_cards(overrides=tmp_path / "lance.toml")


def test_card_phase_any_elements_of_its_ability_in_any_order_the_damage_before_the_self_damage(tmp_path):
    # "you may perform any elements of its Ability in any order you wish": at 1 Hull each, the
    # 3 Damage first wins the game (in the order printed, the player destroyed their own ship)
    tables = lance_tables(tmp_path)
    sc = Scenario.build({"players": [{"hand": ["Backfiring Lance"], "hull": 1}, {"hull": 1}]}, tables=tables)
    sc.card_phase(0)
    assert sc.winner == 0 and sc.hull(0) == 1


def test_card_phase_any_elements_of_its_ability_in_any_order_the_random_player_picks_any_order(tmp_path):
    from simcore.games.last_command.cardplay import play_system
    tables = lance_tables(tmp_path)
    winners = set()
    for seed in range(1, 41):
        sc = Scenario.build({"players": [{"hull": 1}, {"hull": 1}]}, tables=tables, strategies=("random", "random"),
                            seed=seed)
        play_system(tables.cards, tables.eff, sc.piles, sc.cnt, sc.sc, sc.strat, sc.log, 0,
                    tables.index("Backfiring Lance"), True)
        winners.add(sc.winner)
    assert winners == {0, 1}


def test_card_phase_any_elements_of_its_ability_in_any_order_dexeer_chrysalis_draws_before_it_scraps():
    # Dexeer Chrysalis (Scrap 1, Draw 1): drawing first, the Malfunction drawn (Console Overload,
    # back to the System discard) can be the card Scrapped
    sc = build([{"hand": ["Dexeer Chrysalis"], "sys_deck": ["Tri Laser", "Console Overload"]}, {}])
    sc.card_phase(0)
    assert sc.market("scrap") == ["Console Overload"]
    assert "Console Overload" not in sc.pile(0, "sys_discard")
