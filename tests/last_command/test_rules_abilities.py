"""Rulebook, Resolving Card Abilities: Damage, Repair (max 20), Credits (max 10, carried over),
Power (max 8), Malfunctions (none left: no effect) and Malfunction Repair."""
from __future__ import annotations

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.layout import EV_MALF_DEALT, L_EVENT
from simcore.games.last_command.scenario import Scenario

TABLES = load_cards()
MALFUNCTIONS = {"Console Overload", "Secondary Explosion", "Power Failure", "Vented Compartment"}


def build(players, strategies=("balanced", "balanced"), seed=1, **spec) -> Scenario:
    return Scenario.build({"players": players, **spec}, tables=TABLES, strategies=strategies, seed=seed)


def malfunctions_in_discards(sc: Scenario, p: int) -> list[str]:
    return [n for n in sc.pile(p, "sys_discard") + sc.pile(p, "crew_discard") if n in MALFUNCTIONS]


def test_resolving_abilities_damage_lowers_the_opponent_hull():
    sc = build([{"hand": ["Tri Laser"]}, {"hull": 12}])
    sc.card_phase(0)
    assert sc.hull(1) == 12 - 3
    assert sc.hull(0) == 20


def test_resolving_abilities_repair_raises_own_hull():
    sc = build([{"hand": ["Repair Bot"], "hull": 10}, {"hull": 10}])
    sc.card_phase(0)
    assert sc.hull(0) == 14
    assert sc.hull(1) == 10


def test_resolving_abilities_repair_never_above_20():
    sc = build([{"hand": ["Repair Bot"], "hull": 19}, {}])
    sc.card_phase(0)
    assert sc.hull(0) == 20


def test_resolving_abilities_credits_cap_10():
    sc = build([{"hand": ["Fleet Support"], "credits": 9}, {}])   # Gain 3 Credits
    sc.card_phase(0)
    assert sc.credits(0) == 10


def test_resolving_abilities_discard_credits_also_capped_at_10():
    sc = build([{"hand": ["Charge Laser"], "credits": 9, "power": {"tactical": 0}}, {}])
    sc.card_phase(0)
    assert sc.pile(0, "sys_discard") == ["Charge Laser"]
    assert sc.credits(0) == 10


def test_resolving_abilities_credits_and_power_carry_over_between_turns():
    # nothing to buy: the Credits gained stay, and so does unconsumed Power
    sc = build([{"hand": ["Fleet Support"], "credits": 2, "power": {"engineering": 4, "comms": 2, "tactical": 6}},
                {}])
    sc.turn(0)
    assert sc.credits(0) == 5
    sc.turn(1)
    assert sc.credits(0) == 5
    assert sc.power(0) == {"engineering": 4, "comms": 2, "tactical": 6}


def test_resolving_abilities_power_cap_8():
    # Naquadah Reactor: 3 Power to any System and 1 Power in each System
    sc = build([{"hand": ["Naquadah Reactor"], "power": {"engineering": 7, "comms": 7, "tactical": 7}}, {}])
    sc.card_phase(0)
    assert sc.power(0) == {"engineering": 8, "comms": 8, "tactical": 8}


def test_resolving_abilities_crew_power_cap_8():
    crew = {"engineering": ["Engineer Ensign"] * 3, "comms": ["Comms Expert Ensign"] * 3}
    sc = build([{"hand": ["Tactician Lieutenant"], "crew": crew, "power": {"tactical": 6}}, {}])   # +4 Power
    sc.card_phase(0)
    assert sc.pile(0, "crew:tactical") == ["Tactician Lieutenant"]
    assert sc.power(0)["tactical"] == 8


def test_resolving_abilities_malfunction_moves_the_top_malfunction_into_an_opponent_discard():
    # Hydra Missile B: 3 Damage and 1 Malfunction
    sc = build([{"hand": ["Hydra Missile B"], "power": {"tactical": 2}}, {}],
               market={"malfunctions": ["Console Overload", "Secondary Explosion"]})
    sc.card_phase(0)
    assert sc.market("malfunctions") == ["Console Overload"]
    assert malfunctions_in_discards(sc, 1) == ["Secondary Explosion"]      # the top one
    assert sc.pile(1, "hand") == [] and sc.pile(1, "sys_deck") == [] and sc.pile(1, "crew_deck") == []
    assert malfunctions_in_discards(sc, 0) == []
    assert sc.hull(1) == 17
    assert len([r for r in sc.events() if r[L_EVENT] == EV_MALF_DEALT]) == 1


def test_resolving_abilities_malfunction_has_no_effect_when_the_supply_is_empty():
    sc = build([{"hand": ["Hydra Missile B"], "power": {"tactical": 2}}, {}], market={"malfunctions": []})
    before = sc.card_counts()
    sc.card_phase(0)
    assert malfunctions_in_discards(sc, 1) == []
    assert (sc.card_counts() == before).all()
    assert sc.hull(1) == 17                      # the rest of the Ability still resolves


def test_resolving_abilities_malfunction_repair_returns_one_to_the_top_of_the_malfunction_deck():
    # Sonic Showers: Repair 2, Malfunction Repair 1
    sc = build([{"hand": ["Sonic Showers"], "sys_discard": ["Tri Laser", "Console Overload"],
                 "crew_discard": ["Power Failure"], "hull": 15}, {}],
               market={"malfunctions": ["Secondary Explosion"]})
    sc.card_phase(0)
    deck = sc.market("malfunctions")
    assert len(deck) == 2 and deck[0] == "Secondary Explosion"
    assert deck[-1] in {"Console Overload", "Power Failure"}           # returned face up on top
    assert sorted(malfunctions_in_discards(sc, 0) + [deck[-1]]) == ["Console Overload", "Power Failure"]
    assert "Tri Laser" in sc.pile(0, "sys_discard")
    assert sc.hull(0) == 17


def test_resolving_abilities_malfunction_repair_without_malfunctions_has_no_effect():
    sc = build([{"hand": ["Sonic Showers"], "sys_discard": ["Tri Laser"], "hull": 15}, {}],
               market={"malfunctions": ["Secondary Explosion"]})
    sc.card_phase(0)
    assert sc.market("malfunctions") == ["Secondary Explosion"]
    assert sc.pile(0, "sys_discard") == ["Tri Laser"]
    assert sc.hull(0) == 17


def test_resolving_abilities_malfunction_repair_the_player_chooses_which_discard_pile():
    # "remove a Malfunction from one of your discard piles": the Crew deck is empty, so the Crew
    # discard (and its Power Failure) is shuffled back at the next Crew draw; the System deck has
    # cards for a while: the Malfunction Repair takes the Power Failure (before: always the System
    # discard first)
    sc = build([{"hand": ["Sonic Showers"], "sys_discard": ["Tri Laser", "Console Overload"],
                 "crew_discard": ["Power Failure"], "sys_deck": ["Tri Laser"] * 6, "hull": 15}, {}])
    sc.card_phase(0)
    assert sc.market("malfunctions") == ["Power Failure"]
    assert sc.pile(0, "sys_discard") == ["Tri Laser", "Console Overload"]
    # the other way round: the System deck runs out first
    sc = build([{"hand": ["Sonic Showers"], "sys_discard": ["Tri Laser", "Console Overload"],
                 "crew_discard": ["Power Failure"], "crew_deck": ["Cadet Fitz"] * 4, "hull": 15}, {}])
    sc.card_phase(0)
    assert sc.market("malfunctions") == ["Console Overload"]
    assert sc.pile(0, "crew_discard") == ["Power Failure"]


def test_resolving_abilities_malfunction_repair_pile_is_a_choice_of_the_random_player_too():
    taken = set()
    for seed in range(1, 21):
        sc = build([{"hand": ["Sonic Showers"], "sys_discard": ["Console Overload"],
                     "crew_discard": ["Power Failure"], "hull": 15}, {}], strategies=("random", "random"), seed=seed)
        sc.card_phase(0)
        if sc.market("malfunctions"):
            taken.add(sc.market("malfunctions")[-1])
    assert taken == {"Console Overload", "Power Failure"}


# ---------------------------------------------------------------- Glossary, Game Terms: SCRAP (issue 47)

def test_game_terms_scrap_a_scrapped_card_is_removed_from_the_game_and_never_reshuffled_back():
    # "SCRAP: ... the indicated card is 'Scrapped' (removed from the current game)": Dexeer Chrysalis scraps
    # the Console Overload of the System discard, then draws from an empty System deck: "all System cards in
    # play and in your System discard are shuffled together", the scrapped card not among them
    sc = build([{"hand": ["Dexeer Chrysalis"], "sys_discard": ["Console Overload", "Siege Cannon"],
                 "power": {"comms": 1}}, {}])
    sc.card_phase(0)
    assert sc.market("scrap") == ["Console Overload"]
    everywhere = [n for which in ("hand", "sys_deck", "sys_discard", "crew_deck", "crew_discard")
                  for n in sc.pile(0, which)] + [n for s in ("engineering", "comms", "tactical")
                                                 for n in sc.pile(0, f"stack:{s}") + sc.pile(0, f"crew:{s}")]
    assert "Console Overload" not in everywhere and "Dexeer Chrysalis" in everywhere
    for _ in range(3):                       # whole turns, the decks reshuffled again and again
        sc.turn(0)
        assert sc.market("scrap") == ["Console Overload"]
    assert sc.card_counts()[TABLES.index("Console Overload")] == 1    # the one copy, in the scrap pile
