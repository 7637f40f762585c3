"""Rulebook, Malfunctions (Card Clarifications): Console Overload and Power Failure trigger their
Ability, give a replacement draw and return to the discard of the deck they were drawn from;
Secondary Explosion deals 2 Damage to its own ship, gives a replacement draw and returns to the
top of the Malfunction deck; Vented Compartment counts as the draw and returns to the top of the
Malfunction deck.

Each position has one deck with cards only (no card of the other type anywhere), so the deck a
card is drawn from is forced."""
from __future__ import annotations

import pytest

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.layout import EV_MALF_DRAWN, L_EVENT
from simcore.games.last_command.scenario import Scenario

TABLES = load_cards()
POWER = {"engineering": 2, "comms": 6, "tactical": 3}


def build(players, strategies=("balanced", "balanced"), seed=1, **spec) -> Scenario:
    return Scenario.build({"players": players, **spec}, tables=TABLES, strategies=strategies, seed=seed)


def malfunctions_drawn(sc: Scenario) -> int:
    return len([r for r in sc.events() if r[L_EVENT] == EV_MALF_DRAWN])


@pytest.mark.parametrize("strategies", [("balanced", "balanced"), ("random", "random")])
def test_malfunction_console_overload_triggers_gives_a_replacement_draw_and_returns_to_the_system_discard(
        strategies):
    sc = build([{"sys_deck": ["Tri Laser"] * 4 + ["Console Overload"], "power": POWER}, {}],
               market={"malfunctions": ["Secondary Explosion"]}, strategies=strategies)
    sc.draw_phase(0)
    assert sc.pile(0, "hand") == ["Tri Laser"] * 3                 # 3 cards despite the Malfunction
    assert sc.pile(0, "sys_deck") == ["Tri Laser"]
    assert sc.pile(0, "sys_discard") == ["Console Overload"]       # the discard of the deck drawn from
    assert sc.power(0) == {"engineering": 2, "comms": 5, "tactical": 3}   # its Ability: lose 1 Power
    assert sc.market("malfunctions") == ["Secondary Explosion"]
    assert malfunctions_drawn(sc) == 1


def test_malfunction_console_overload_drawn_from_the_crew_deck_returns_to_the_crew_discard():
    sc = build([{"crew_deck": ["Cadet Fitz"] * 4 + ["Console Overload"], "power": POWER}, {}])
    sc.draw_phase(0)
    assert sc.pile(0, "hand") == ["Cadet Fitz"] * 3
    assert sc.pile(0, "crew_discard") == ["Console Overload"]
    assert sc.pile(0, "sys_discard") == []
    assert sc.power(0)["comms"] == 5


def test_malfunction_power_failure_triggers_gives_a_replacement_draw_and_returns_to_the_discard():
    sc = build([{"sys_deck": ["Tri Laser"] * 4 + ["Power Failure"], "power": POWER}, {}])
    sc.draw_phase(0)
    assert sc.pile(0, "hand") == ["Tri Laser"] * 3
    assert sc.pile(0, "sys_discard") == ["Power Failure"]
    assert sc.power(0) == {"engineering": 2, "comms": 0, "tactical": 3}   # all Power of the fullest System


def test_malfunction_secondary_explosion_2_damage_to_own_ship_replacement_draw_top_of_malfunction_deck():
    sc = build([{"sys_deck": ["Tri Laser"] * 4 + ["Secondary Explosion"], "power": POWER}, {}],
               market={"malfunctions": ["Console Overload", "Power Failure"]})
    sc.draw_phase(0)
    assert sc.hull(0) == 18 and sc.hull(1) == 20
    assert sc.pile(0, "hand") == ["Tri Laser"] * 3
    assert sc.pile(0, "sys_discard") == []
    assert sc.market("malfunctions") == ["Console Overload", "Power Failure", "Secondary Explosion"]
    assert sc.power(0) == POWER


def test_malfunction_secondary_explosion_ignores_shields_it_is_not_opponent_damage():
    sc = build([{"sys_deck": ["Tri Laser"] * 4 + ["Secondary Explosion"],
                 "stacks": {"engineering": ["Shield Drone"]}}, {}])
    sc.draw_phase(0)
    assert sc.hull(0) == 18


def test_malfunction_vented_compartment_counts_as_the_draw_and_returns_to_the_top_of_the_malfunction_deck():
    sc = build([{"sys_deck": ["Tri Laser"] * 4 + ["Vented Compartment"], "power": POWER}, {}],
               market={"malfunctions": ["Console Overload"]})
    sc.draw_phase(0)
    assert sc.pile(0, "hand") == ["Tri Laser"] * 2                 # no replacement card
    assert sc.pile(0, "sys_deck") == ["Tri Laser"] * 2
    assert sc.pile(0, "sys_discard") == []
    assert sc.market("malfunctions") == ["Console Overload", "Vented Compartment"]
    assert sc.hull(0) == 20 and sc.power(0) == POWER


def test_malfunction_never_stays_in_hand():
    deck = ["Tri Laser", "Console Overload", "Tri Laser", "Secondary Explosion", "Power Failure",
            "Tri Laser", "Vented Compartment", "Console Overload"]
    sc = build([{"sys_deck": deck}, {}])
    sc.draw_phase(0)
    assert all(n == "Tri Laser" for n in sc.pile(0, "hand"))
