"""Rulebook, 2. Market Phase: purchases go to the matching discard, a bought System card is
replaced from its deck (an empty deck leaves the slot empty), the next Crew card comes up, and a
refresh costs 2 Credits and sends the replaced cards to the bottom of their deck."""
from __future__ import annotations

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.layout import EV_BUY, EV_REFRESH, L_A, L_CREDITS, L_EVENT
from simcore.games.last_command.market import refresh_set
from simcore.games.last_command.scenario import Scenario

TABLES = load_cards()


def build(players, strategies=("balanced", "balanced"), seed=1, **spec) -> Scenario:
    return Scenario.build({"players": players, **spec}, tables=TABLES, strategies=strategies, seed=seed)


def events(sc: Scenario, ev: int):
    return [row for row in sc.events() if row[L_EVENT] == ev]


def test_market_bought_system_card_goes_to_the_system_discard_and_is_replaced_from_its_deck():
    sc = build([{"credits": 3}, {}], market={"tactical": ["Tri Laser"], "tactical_deck": ["Scythe Beam"]})
    sc.market_phase(0)
    assert sc.pile(0, "sys_discard") == ["Tri Laser"]
    assert sc.pile(0, "crew_discard") == [] and sc.pile(0, "hand") == []
    assert sc.market("tactical") == ["Scythe Beam"]        # replaced from the Tactical Market deck
    assert sc.market("tactical_deck") == []
    assert sc.credits(0) == 0
    assert [r[L_A] for r in events(sc, EV_BUY)] == [TABLES.index("Tri Laser")]


def test_market_bought_crew_card_goes_to_the_crew_discard_and_the_next_crew_card_comes_up():
    sc = build([{"credits": 2}, {}], market={"crew": {"tactician": ["Tactician Colonel", "Tactician Ensign"]}})
    sc.market_phase(0)
    assert sc.pile(0, "crew_discard") == ["Tactician Ensign"]
    assert sc.pile(0, "sys_discard") == []
    assert sc.market("tactician") == ["Tactician Colonel"]
    assert sc.credits(0) == 0


def test_market_any_number_of_purchases():
    sc = build([{"credits": 7}, {}], market={"tactical": ["Tri Laser", "Hyperkinetic Dart"],
                                             "crew": {"engineer": ["Engineer Ensign"]}})
    sc.market_phase(0)
    assert sorted(sc.pile(0, "sys_discard")) == ["Hyperkinetic Dart", "Tri Laser"]
    assert sc.pile(0, "crew_discard") == ["Engineer Ensign"]
    assert sc.credits(0) == 0
    assert sc.market("tactical") == [] and sc.market("engineer") == []


def test_market_empty_deck_leaves_the_slot_empty():
    sc = build([{"credits": 3}, {}], market={"tactical": ["Tri Laser", "Hyperkinetic Dart"]})
    sc.market_phase(0)
    assert sc.pile(0, "sys_discard") == ["Tri Laser"]
    assert sc.market("tactical") == ["Hyperkinetic Dart"]   # one slot stays empty
    assert sc.market("tactical_deck") == []


def test_market_refresh_costs_2_credits_and_sends_the_replaced_cards_to_the_bottom():
    # nothing worth buying (two Keshran Corsairs): the heuristic refreshes the Comms set
    sc = build([{"credits": 7}, {}], market={"comms": ["Keshran Corsair", "Keshran Corsair"],
                                             "comms_deck": ["Fleet Support", "Pirate Rex", "Scrizzian Maul"]})
    sc.market_phase(0)
    refreshes = events(sc, EV_REFRESH)
    assert len(refreshes) == 1 and refreshes[0][L_A] == 1          # set 1: Comms
    assert refreshes[0][L_CREDITS] == 5                               # paid 2 Credits
    assert sc.credits(0) == 5                                         # the new cards cost 6: not bought
    assert sc.market("comms") == ["Scrizzian Maul", "Pirate Rex"]
    assert sc.market("comms_deck") == ["Keshran Corsair", "Keshran Corsair", "Fleet Support"]
    assert sc.pile(0, "sys_discard") == []


def test_market_refresh_set_system_cards_go_to_the_bottom_of_their_deck():
    sc = build([{}, {}], market={"engineering": ["Repair Bot", "Holodeck"],
                                 "engineering_deck": ["Fabricators", "Teleporter", "Shield Drone"],
                                 "comms": ["Shuttle Bay"], "comms_deck": ["Pirate Rex"]})
    refresh_set(sc.piles, sc.cnt, 0)
    assert sc.market("engineering") == ["Shield Drone", "Teleporter"]
    deck = sc.market("engineering_deck")
    assert sorted(deck[:2]) == ["Holodeck", "Repair Bot"] and deck[2:] == ["Fabricators"]
    # the other sets are untouched
    assert sc.market("comms") == ["Shuttle Bay"] and sc.market("comms_deck") == ["Pirate Rex"]


def test_market_refresh_set_crew_each_top_crew_card_goes_to_the_bottom_of_its_deck():
    sc = build([{}, {}], market={"crew": {"engineer": ["Engineer Colonel", "Engineer Ensign"],
                                          "comms_expert": ["Comms Expert Lieutenant", "Comms Expert Commander"],
                                          "tactician": ["Tactician Ensign", "Tactician Lt. Commander"]},
                                 "engineering": ["Repair Bot"]})
    refresh_set(sc.piles, sc.cnt, 3)
    assert sc.market("engineer") == ["Engineer Ensign", "Engineer Colonel"]
    assert sc.market("comms_expert") == ["Comms Expert Commander", "Comms Expert Lieutenant"]
    assert sc.market("tactician") == ["Tactician Lt. Commander", "Tactician Ensign"]
    assert sc.market("engineering") == ["Repair Bot"]
