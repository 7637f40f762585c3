"""Rulebook against card data: what the rulebook states is marked stated, part by part, and only that.

Each test names the rulebook passage it checks; ``mark_of`` resolves the nearest mark over one part
of a card (an effect, an argument, one side of an OR, a Bonus's Expertise)."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

import cli
from simcore.games.last_command.cardset import load_card_list
from simcore.games.last_command.cardset.component_list import check_component_list
from simcore.games.last_command.cardset.provenance import mark_of
from simcore.errors import CardDataError

CARDS = {card.key: card for card in load_card_list()}


def path_of(card, field: str, op: str) -> str:
    """The path of the first effect of kind ``op`` in ``field``."""
    effects = card.bonus[field.split(".")[1]] if field.startswith("bonus.") else getattr(card, field)
    return f"{field}[{[e.op for e in effects].index(op)}]"


def test_system_bonus_phase_example_teleporter_bonuses_are_stated_their_expertise_is_not():
    # "the player would deal 1 Damage and Draw an additional card ... (the Teleporter)"
    card = CARDS["Teleporter"]
    found = {}
    for expertise, effects in card.bonus.items():
        for i, e in enumerate(effects):
            found[(e.op, dict(e.args)["n"])] = f"bonus.{expertise}[{i}]"
        assert mark_of(card, f"bonus.{expertise}.expertise") == "estimated"
    for effect in (("damage", 1), ("draw", 1)):
        assert mark_of(card, found[effect]) == "stated"
        assert mark_of(card, found[effect] + ".n") == "stated"


def test_card_clarifications_ships_ai_free_play_is_stated_the_other_ability_is_not():
    card = CARDS["Ship's A.I."]
    choice = path_of(card, "main", "choice")
    free = next(k for k, o in enumerate(card.main[0].options) if o and o[0].op == "play_free")
    assert mark_of(card, choice) == "stated"                                  # "must choose the card's other Ability"
    assert mark_of(card, f"{choice}.options[{free}][0]") == "stated"
    assert mark_of(card, f"{choice}.options[{1 - free}][0]") == "estimated"


def test_card_clarifications_cloaked_mines_opponent_draw_bonus_is_stated():
    card = CARDS["Cloaked Mines"]
    bonus = next(f"bonus.{x}" for x, effects in card.bonus.items() if any(e.op == "opp_draw" for e in effects))
    assert mark_of(card, path_of(card, bonus, "opp_draw")) == "stated"
    assert mark_of(card, path_of(card, bonus, "opp_draw") + ".n") == "stated"   # "Drawing a card"
    assert mark_of(card, f"{bonus}.expertise") == "estimated"
    assert mark_of(card, "ongoing[0].malfunction_bonus") == "stated"


@pytest.mark.parametrize("cadet", ["Cadet Killion", "Cadet Malkesh", "Cadet Petra", "Cadet Fitz", "Cadet Korr",
                                   "Cadet Keado"])
def test_solo_mode_starting_crew_or_ability_has_a_stated_power_side(cadet):
    # "Whenever the A.I. player plays a Starting Crew card with an "OR" Ability, they always choose to gain the Power"
    card = CARDS[cadet]
    assert card.main[0].op == "choice" and mark_of(card, "main[0]") == "stated"
    power = next(k for k, o in enumerate(card.main[0].options) if o and o[0].op == "power")
    assert mark_of(card, f"main[0].options[{power}][0]") == "stated"
    assert mark_of(card, f"main[0].options[{power}][0].n") == "estimated"        # how much is not printed
    assert mark_of(card, f"main[0].options[{1 - power}][0]") == "estimated"
    assert mark_of(card, "expertise") == "estimated"


@pytest.mark.parametrize("key", ["Quantum Reactor", "Nuclear Reactor", "Nuclear Reactor (asymmetrical)",
                                 "Quantum Reactor (asymmetrical)"])
def test_resolving_card_abilities_power_starting_engineering_cards_choose_the_system(key):
    # "some System cards (like your starting Engineering cards) allow you to choose the System"
    card = CARDS[key]
    at = path_of(card, "main", "power")
    assert dict(card.main[int(at[5])].args)["system"] == "any"
    assert mark_of(card, at) == mark_of(card, at + ".system") == "stated"


@pytest.mark.parametrize("name", ["Holodeck", "Fleet Frigate", "Ion Cannon", "Dexeer Symbiote"])
def test_card_clarifications_crew_moves_are_stated_their_systems_are_not(name):
    card = CARDS[name]
    at = path_of(card, "main", "move_crew")
    assert mark_of(card, at) == "stated"
    for arg in ("n", "from", "to"):
        assert mark_of(card, f"{at}.{arg}") == "estimated"


def test_card_clarifications_super_computer_power_from_any_system_is_stated_its_source_is_not():
    card = CARDS["Super Computer"]
    assert mark_of(card, "main[0]") == "stated"
    assert mark_of(card, "main[0].source") == "estimated"


def test_component_list_crew_ranks_of_engineers_and_comms_experts_are_an_inference():
    for card in CARDS.values():
        if card.kind == "crew" and card.start_set is None and card.expertise != "tactician":
            assert {"rank", "count"} <= set(card.estimated), card.key
    cards = [c for c in CARDS.values() if c.key != "Engineer Colonel"]
    with pytest.raises(CardDataError, match="our inferred rank split has 1 colonel engineer Crew, the data has 0 "
                                            r"\(the rulebook lists ranks for the Tactical Crew only"):
        check_component_list(cards)
    cards = [c for c in CARDS.values() if c.key != "Tactician Colonel"]
    with pytest.raises(CardDataError, match="the rulebook's component list has 1 colonel tactician Crew"):
        check_component_list(cards)


def test_cards_audit_lists_the_estimated_parts_and_not_the_stated_ones():
    result = CliRunner().invoke(cli.main, ["cards", "audit", "--format", "csv"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "Super Computer,main[0].source,system_discard," in "\n".join(lines)
    assert any(line.startswith("Teleporter,bonus.tactician.expertise,tactician,") for line in lines)
    assert not any(line.startswith("Teleporter,bonus.tactician,") for line in lines)
    assert any(line.startswith("Cadet Fitz,main[0].options[0][0].n,2,") for line in lines)
    assert not any(line.startswith("Cadet Fitz,main,") for line in lines)


def test_cards_show_marks_the_parts_of_a_field():
    result = CliRunner().invoke(cli.main, ["cards", "show", "Teleporter"])
    assert result.exit_code == 0, result.output
    assert "[partly: stated bonus.tactician[0]; estimated bonus.tactician.expertise]" in result.output


def test_example_of_play_only_nuclear_reactors_system_is_given():
    # "Since the card being played (Nuclear Reactor) is an Engineering System card"; no other
    # starting System card's System is named
    for card in CARDS.values():
        if card.is_starting and card.kind == "system":
            assert ("system" in card.estimated) == (card.key != "Nuclear Reactor"), card.key
