"""The rules the engine uses where the rulebook is silent (ties, whose choice, readings of a stated
Ability) are printed by `commandsim cards show`, and the printed rule is the one the engine plays."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from cli import main
from simcore.games.last_command.cardset import load_card_list, load_cards
from simcore.games.last_command.cardset.rule_notes import NOTES, rule_notes
from simcore.games.last_command.scenario import Scenario

TABLES = load_cards()
CARDS = {card.key: card for card in load_card_list()}


def show(name: str) -> str:
    result = CliRunner().invoke(main, ["cards", "show", name])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("card", ["Keshran Edict", "Console Overload", "Power Failure"])
def test_cards_show_prints_the_tie_rule_for_the_system_with_the_most_power(card):
    out = show(card)
    rules = [line for line in out.splitlines() if line.strip().startswith("rule:")]
    assert any("most Power" in line and "on a tie, the first of Engineering, Comms, Tactical" in line
               and "estimated" in line for line in rules), out


def test_cards_show_prints_the_malfunction_repair_choice_and_the_quantum_artifact_reading():
    assert "rule: malfunction_repair: the player chooses which of their discard piles" in show("Sonic Showers")
    out = show("Quantum Artifact")
    assert "rule: quantum_artifact: interpretation (estimated)" in out
    assert "face-up Market cards" in out


def test_cards_show_prints_no_rule_for_a_card_whose_effects_need_none():
    assert "rule:" not in show("Tri Laser")


def test_rule_notes_cover_every_effect_once_options_included():
    # Ship's A.I.: an OR whose second option gives Power to any System, and an Engineer Bonus that does too
    notes = rule_notes(CARDS["Ship's A.I."])
    assert notes == [f"power: {NOTES[('power', 'any')]}"]


def test_the_printed_tie_rule_is_the_one_played_most_power_tie_takes_engineering_first():
    # Keshran Edict: the opponent loses 2 Power from their System with the most Power; Engineering,
    # Comms and Tactical tie at 5: Engineering loses it, as `cards show` says
    sc = Scenario.build({"players": [{"hand": ["Keshran Edict"], "power": {"comms": 2},
                                      "crew": {"comms": ["Comms Expert Ensign"]}},
                                     {"power": {"engineering": 5, "comms": 5, "tactical": 5}}]}, tables=TABLES)
    sc.card_phase(0)
    assert sc.pile(0, "stack:comms") == ["Keshran Edict"]
    assert sc.power(1) == {"engineering": 3, "comms": 5, "tactical": 5}
    sc = Scenario.build({"players": [{"hand": ["Keshran Edict"], "power": {"comms": 2},
                                      "crew": {"comms": ["Comms Expert Ensign"]}},
                                     {"power": {"engineering": 4, "comms": 5, "tactical": 5}}]}, tables=TABLES)
    sc.card_phase(0)
    assert sc.power(1) == {"engineering": 4, "comms": 3, "tactical": 5}
