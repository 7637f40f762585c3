"""The rulebook's worked examples: the Nuclear Reactor (Card Phase) and the Teleporter /
Scrizzian Claw (System Bonus Phase)."""
from __future__ import annotations

import pytest

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.layout import EV_PLAY_SYSTEM, L_A, L_B, L_C, L_EVENT
from simcore.games.last_command.scenario import Scenario

TABLES = load_cards()


def build(players, strategies=("balanced", "balanced"), seed=1, **spec) -> Scenario:
    return Scenario.build({"players": players, **spec}, tables=TABLES, strategies=strategies, seed=seed)


def test_example_nuclear_reactor_engineering_power_cost_0_gives_3_power_to_a_system():
    # no Power in Engineering: the card still costs nothing to play
    sc = build([{"hand": ["Nuclear Reactor"], "power": {"engineering": 0, "comms": 2, "tactical": 5}}, {}])
    sc.card_phase(0)
    assert sc.pile(0, "stack:engineering") == ["Nuclear Reactor"]
    play = [r for r in sc.events() if r[L_EVENT] == EV_PLAY_SYSTEM]
    assert len(play) == 1
    assert play[0][L_A] == TABLES.index("Nuclear Reactor") and play[0][L_B] == 0 and play[0][L_C] == 0
    gained = {s: sc.power(0)[s] - before for s, before in (("engineering", 0), ("comms", 2), ("tactical", 5))}
    assert sorted(gained.values()) == [0, 0, 3]          # 3 Power, all to one System


@pytest.mark.parametrize("crew,repaired", [
    ({"engineering": ["Cadet Korr"]}, 1),                 # an Engineer in Engineering: the Bonus
    ({"engineering": ["Cadet Fitz", "Cadet Keado"]}, 0),  # a Tactician and a Comms Expert: nothing
    ({"comms": ["Cadet Korr"], "tactical": ["Engineer Ensign"]}, 0),   # Engineers elsewhere: nothing
    ({}, 0),
])
def test_example_nuclear_reactor_bonus_only_with_an_engineer_in_engineering(crew, repaired):
    sc = build([{"stacks": {"engineering": ["Nuclear Reactor"]}, "crew": crew, "hull": 15}, {}])
    power = sc.power(0)
    sc.bonus_phase(0)
    assert sc.hull(0) == 15 + repaired
    assert sc.power(0) == power           # its main Ability is not used again in the Bonus Phase


def test_example_teleporter_matching_crew_earns_1_damage_and_1_draw_scrizzian_claw_earns_nothing():
    sc = build([{
        "stacks": {"engineering": ["Teleporter"], "comms": ["Scrizzian Claw"]},
        "crew": {"engineering": ["Tactician Ensign", "Engineer Ensign"], "comms": ["Comms Expert Ensign"]},
    }, {}])
    sc.bonus_phase(0)
    assert sc.hull(1) == 19             # Teleporter: 1 Damage (Claw's Tactician Bonus: not earned)
    assert sc.bonus_draws(0) == 1       # Teleporter: Draw 1, in the coming Draw Phase
    assert sc.pile(0, "hand") == []
    assert sc.credits(0) == 5 and sc.hull(0) == 20


def test_example_teleporter_bonus_card_drawn_in_the_draw_phase():
    sc = build([{
        "stacks": {"engineering": ["Teleporter"], "comms": ["Scrizzian Claw"]},
        "crew": {"engineering": ["Tactician Ensign", "Engineer Ensign"], "comms": ["Comms Expert Ensign"]},
        "sys_deck": ["Tri Laser"] * 5, "crew_deck": ["Cadet Fitz"] * 5,
    }, {}])
    sc.bonus_phase(0).draw_phase(0)
    assert len(sc.pile(0, "hand")) == 4
    assert sc.bonus_draws(0) == 0
