"""Rulebook, 4. Draw Phase: draw 3 cards plus the Bonus draws; drawing from an empty deck first
moves the in-play cards of that type to the discard, shuffles it into a new deck, then draws."""
from __future__ import annotations

from collections import Counter

import pytest

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.layout import EV_RESHUFFLE, L_A, L_EVENT
from simcore.games.last_command.scenario import SYSTEMS, Scenario

TABLES = load_cards()


def build(players, strategies=("balanced", "balanced"), seed=1, **spec) -> Scenario:
    return Scenario.build({"players": players, **spec}, tables=TABLES, strategies=strategies, seed=seed)


@pytest.mark.parametrize("strategies", [("balanced", "balanced"), ("random", "random")])
def test_draw_phase_draws_3_cards(strategies):
    sc = build([{"sys_deck": ["Tri Laser"] * 5, "crew_deck": ["Cadet Fitz"] * 5}, {}], strategies=strategies)
    sc.draw_phase(0)
    assert len(sc.pile(0, "hand")) == 3
    assert len(sc.pile(0, "sys_deck")) + len(sc.pile(0, "crew_deck")) == 7
    assert sc.pile(1, "hand") == []


def test_draw_phase_draws_3_plus_bonus_draws():
    # Teleporter, Engineer: Draw 1 (during the Bonus Phase: 1 more card in the Draw Phase)
    sc = build([{"stacks": {"engineering": ["Teleporter"]}, "crew": {"engineering": ["Engineer Ensign"]},
                 "sys_deck": ["Tri Laser"] * 5, "crew_deck": ["Cadet Fitz"] * 5}, {}])
    sc.bonus_phase(0).draw_phase(0)
    assert len(sc.pile(0, "hand")) == 4
    assert sc.bonus_draws(0) == 0
    sc.draw_phase(0)                       # the extra draw does not carry over to later turns
    assert len(sc.pile(0, "hand")) == 7


def test_draw_phase_empty_deck_moves_in_play_cards_to_the_discard_shuffles_then_draws():
    # no Crew anywhere: the draws must come from the (empty) System deck
    stacks = {"engineering": ["Repair Bot"], "tactical": ["Basic Laser", "Hyperkinetic Dart"]}
    sc = build([{"stacks": stacks, "sys_discard": ["Tri Laser", "Railgun"]}, {}])
    sc.draw_phase(0)
    pool = ["Repair Bot", "Basic Laser", "Hyperkinetic Dart", "Tri Laser", "Railgun"]
    for s in SYSTEMS:
        assert sc.pile(0, f"stack:{s}") == []      # in-play System cards went to the discard ...
    assert sc.pile(0, "sys_discard") == []         # ... which became the new deck
    hand, deck = sc.pile(0, "hand"), sc.pile(0, "sys_deck")
    assert len(hand) == 3 and len(deck) == 2
    assert Counter(hand + deck) == Counter(pool)
    assert [r[L_A] for r in sc.events() if r[L_EVENT] == EV_RESHUFFLE].count(0) == 1


def test_draw_phase_empty_deck_refill_is_shuffled():
    stacks = {"engineering": ["Repair Bot"], "comms": ["Shuttle Bay"], "tactical": ["Basic Laser"]}
    discard = ["Tri Laser", "Railgun", "Charge Laser", "Point Defense", "Ion Cannon", "Scythe Beam"]
    orders = set()
    for seed in range(1, 9):
        sc = build([{"stacks": stacks, "sys_discard": discard}, {}], seed=seed)
        sc.draw_phase(0)
        orders.add(tuple(sc.pile(0, "hand") + sc.pile(0, "sys_deck")))
    assert len(orders) > 1


def test_draw_phase_empty_deck_of_one_type_leaves_the_other_type_in_play():
    # three Crew in hand: the heuristic draws System cards; in-play Crew are not touched
    sc = build([{"hand": ["Cadet Fitz", "Cadet Korr", "Cadet Keado"], "stacks": {"tactical": ["Basic Laser"]},
                 "sys_discard": ["Tri Laser", "Railgun"], "crew": {"comms": ["Engineer Ensign"]},
                 "crew_deck": ["Tactician Ensign"]}, {}])
    sc.draw_phase(0)
    assert sorted(sc.pile(0, "hand")) == sorted(["Cadet Fitz", "Cadet Korr", "Cadet Keado",
                                                 "Basic Laser", "Tri Laser", "Railgun"])
    assert sc.pile(0, "crew:comms") == ["Engineer Ensign"]
    assert sc.pile(0, "crew_deck") == ["Tactician Ensign"]
