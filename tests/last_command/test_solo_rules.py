"""Rulebook, Solo Mode: the A.I. player's setup, its turn (Card Phase, Market, Bonuses, Draw with
held Malfunctions), the Solo Mode Ability Guide, the "Solo Mode:" lines of the Card
Clarifications, and the documented "best interest" rule for the other ORs.

Seat 0 is the player, seat 1 the A.I. (``Scenario.build(spec, solo=True)``): the A.I.'s one
Player deck is its "sys_deck", its one discard its "sys_discard" (its "crew_discard" also counts),
its Market deck ``market["ai_market"]`` (last = top). Systems are engineering, comms, tactical.
The A.I. measures a card by its Credit cost (starting cards 0): Siege Cannon 0, Tri Laser 3,
Railgun 5, Scythe Beam 6, Pirate Rex 6 ..."""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.cardplay import play_system
from simcore.games.last_command.rules import setup_game
from simcore.games.last_command.invariants import INVARIANT_NAMES, check_games
from simcore.games.last_command.layout import (EV_COPY, EV_DISCARD, EV_MALF_DRAWN, EV_TAKE, EV_TURN, L_A, L_EVENT,
                                               L_PLAYER, S_FREE_PLAYS, S_MALF_DRAWN)
from simcore.games.last_command.setup import Matchup, MatchupError, build_setup
from simcore.games.last_command.scenario import SYSTEMS, Scenario
from simcore.games.last_command.simulate import _prepare, play_games, replay_game
from simcore.games.last_command.opcodes import Op
from simcore.games.last_command.tables import (C_CREDIT, C_EXPERTISE, C_FACTION, C_KIND, C_MAIN, C_SYSTEM, FACTION_NONE,
                                               KIND_CREW, KIND_SYSTEM)
from simcore.games.last_command.players.effect_value import segment_value

TABLES = load_cards()
AI = 1
PLAYER = 0
SEEDS = (1, 7, 12345)
DIFFICULTIES = {"easy": 1, "medium": 2, "hard": 3, "insane": 4}
SUNDER = {"Siege Cannon", "Quick-ship", "Quantum Reactor", "Cadet Killion", "Cadet Malkesh", "Cadet Petra"}
EXPERTISE_NAMES = ("engineer", "comms_expert", "tactician")


# ---------------------------------------------------------------- helpers
def solo(ai: dict | None = None, player: dict | None = None, seed: int = 1, tables=TABLES, **market) -> Scenario:
    """A Solo Mode position: the player in seat 0, the A.I. in seat 1."""
    return Scenario.build({"players": [player or {}, ai or {}], "market": market}, tables=tables, seed=seed,
                          solo=True)


def power(e: int, c: int, t: int) -> dict[str, int]:
    return {"engineering": e, "comms": c, "tactical": t}


def play(sc: Scenario, p: int, name: str) -> None:
    """p plays System card ``name`` (Power already paid) and resolves its Ability: the player's
    side of a rule about what the A.I. suffers."""
    play_system(TABLES.cards, TABLES.eff, sc.piles, sc.cnt, sc.sc, sc.strat, sc.log, p, TABLES.index(name), True)


def events(sc: Scenario, kind: int, p: int = AI) -> list[str]:
    """Card names (column a) of p's events of one kind, in order."""
    return [TABLES.names[int(r[L_A])] for r in sc.events() if r[L_EVENT] == kind and r[L_PLAYER] == p]


def discard(sc: Scenario, p: int = AI) -> list[str]:
    """The A.I.'s one discard (its "crew_discard" counts as part of it)."""
    return sc.pile(p, "sys_discard") + sc.pile(p, "crew_discard")


def cost(name: str) -> int:
    return int(TABLES.cards[TABLES.index(name), C_CREDIT])


def set_up(seed: int, difficulty: str = "medium") -> Scenario:
    """A Scenario whose state is a freshly set-up Solo Mode game (as tests/last_command/test_rules_setup.py)."""
    sc = Scenario.build({}, tables=TABLES, solo=True)
    setup, setup_n, cfg = build_setup(TABLES, Matchup(mode="solo", difficulty=difficulty))
    setup_game(TABLES.cards, TABLES.eff, setup, setup_n, cfg, sc.piles, sc.cnt, sc.sc, sc.strat, sc.log,
               sc.bought, seed)
    return sc


def market_kind(name: str) -> str:
    """'tactical' / 'comms' / 'engineering' for a System card, 'crew:<expertise>' for a Crew card."""
    t = TABLES.index(name)
    assert TABLES.cards[t, C_FACTION] == FACTION_NONE, f"{name} is not a Market card"
    if TABLES.cards[t, C_KIND] == KIND_SYSTEM:
        return SYSTEMS[TABLES.cards[t, C_SYSTEM]]
    assert TABLES.cards[t, C_KIND] == KIND_CREW
    return "crew:" + EXPERTISE_NAMES[TABLES.cards[t, C_EXPERTISE]]


# ================================================================ Solo Mode: Setup
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("seed", SEEDS)
def test_solo_setup_ai_starts_with_3_power_6_credits_20_hull(seed, difficulty):
    sc = set_up(seed, difficulty)
    assert sc.power(AI) == power(3, 3, 3)
    assert sc.credits(AI) == 6
    assert sc.hull(AI) == 20


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("seed", SEEDS)
def test_solo_setup_ai_market_deck_is_5_tactical_4_comms_3_engineering_and_2_crew_of_each_expertise(seed,
                                                                                                     difficulty):
    sc = set_up(seed, difficulty)
    taken = sc.market("ai_market") + sc.pile(AI, "sys_discard")   # its Market deck before the difficulty
    assert len(taken) == 18
    assert Counter(market_kind(n) for n in taken) == {
        "tactical": 5, "comms": 4, "engineering": 3,
        "crew:engineer": 2, "crew:comms_expert": 2, "crew:tactician": 2}
    # they were taken from the Market's decks: 18 System cards of each type, 10 Crew of each Expertise
    left = {"tactical": 18 - 5, "comms": 18 - 4, "engineering": 18 - 3}
    for system, n in left.items():
        assert len(sc.market(system)) == 2                     # the face-up cards stay
        assert len(sc.market(system)) + len(sc.market(f"{system}_deck")) == n
    for expertise in EXPERTISE_NAMES:
        assert len(sc.market(expertise)) == 10 - 2


@pytest.mark.parametrize("difficulty,moved", DIFFICULTIES.items())
@pytest.mark.parametrize("seed", SEEDS)
def test_solo_setup_difficulty_easy_medium_hard_insane_moves_1_2_3_4_market_cards_to_the_ai_discard(
        seed, difficulty, moved):
    sc = set_up(seed, difficulty)
    assert len(sc.pile(AI, "sys_discard")) == moved
    assert len(sc.market("ai_market")) == 18 - moved
    assert all(TABLES.cards[TABLES.index(n), C_FACTION] == FACTION_NONE for n in sc.pile(AI, "sys_discard"))
    assert sc.pile(AI, "crew_discard") == []


def test_solo_setup_needs_a_difficulty():
    with pytest.raises(MatchupError):
        build_setup(TABLES, Matchup(mode="solo"))
    with pytest.raises(MatchupError):
        build_setup(TABLES, Matchup(mode="solo", difficulty="impossible"))


@pytest.mark.parametrize("seed", SEEDS)
def test_solo_setup_ai_starting_system_and_crew_cards_form_one_player_deck(seed):
    sc = set_up(seed)
    own = sc.pile(AI, "hand") + sc.pile(AI, "sys_deck")
    assert sorted(own) == sorted(SUNDER)                        # its 3 System and 3 Crew cards ...
    assert sc.pile(AI, "crew_deck") == []                       # ... in one deck
    for which in ("sys_discard", "crew_discard"):
        assert not set(sc.pile(AI, which)) & SUNDER


@pytest.mark.parametrize("seed", SEEDS)
def test_solo_setup_ai_draws_a_starting_hand_of_4(seed):
    sc = set_up(seed)
    assert len(sc.pile(AI, "hand")) == 4
    assert len(sc.pile(AI, "sys_deck")) == 2


@pytest.mark.parametrize("seed", SEEDS)
def test_solo_setup_the_player_goes_first_with_5_credits_and_3_cards(seed):
    sc = set_up(seed)
    assert sc.credits(PLAYER) == 5
    assert len(sc.pile(PLAYER, "hand")) == 3
    assert sc.power(PLAYER) == power(1, 1, 1)
    assert sc.hull(PLAYER) == 20
    replay = replay_game(seed, Matchup(mode="solo", difficulty="hard"), ("balanced", "balanced"), TABLES)
    turns = [int(r[L_PLAYER]) for r in replay.events if r[L_EVENT] == EV_TURN]
    assert turns[:4] == [PLAYER, AI, PLAYER, AI]


# ================================================================ Solo Mode: the A.I.'s Card Phase
def test_solo_gameplay_ai_plays_every_system_card_it_can_pay():
    sc = solo({"hand": ["Tri Laser", "Scrizzian Claw", "Repair Bot"], "power": power(1, 1, 1)})
    sc.card_phase(AI)
    assert sc.pile(AI, "hand") == []
    assert sc.pile(AI, "stack:tactical") == ["Tri Laser"]
    assert sc.pile(AI, "stack:comms") == ["Scrizzian Claw"]
    assert sc.pile(AI, "stack:engineering") == ["Repair Bot"]
    assert sc.power(AI) == power(0, 0, 0)
    assert sc.hull(PLAYER) == 20 - 3 - 2
    assert sc.credits(AI) == 6 + 2                              # Scrizzian Claw; nothing discarded
    assert events(sc, EV_DISCARD) == []


def test_solo_gameplay_ai_plays_the_system_cards_it_can_before_discarding_one_it_cannot_pay():
    # Scythe Beam (3 in Tactical) comes first in hand but cannot be paid yet; the Quantum Reactor can
    # be played and its 3 Power to any System pays for the Scythe Beam: nothing is discarded
    sc = solo({"hand": ["Scythe Beam", "Quantum Reactor"], "power": power(1, 0, 0)})
    sc.card_phase(AI)
    assert sc.pile(AI, "stack:engineering") == ["Quantum Reactor"]
    assert sc.pile(AI, "stack:tactical") == ["Scythe Beam"]
    assert sc.pile(AI, "sys_discard") == []
    assert sc.credits(AI) == 6
    assert sc.hull(PLAYER) == 16


@pytest.mark.parametrize("card,paid", [("Charge Laser", 2), ("Tri Laser", 1)])
def test_solo_gameplay_ai_plays_a_crew_card_to_pay_for_a_system_card_preferring_a_matching_bonus(card, paid):
    # Both Ensigns give the 3 Power the card lacks in Tactical; the Tactician earns its Bonus there.
    # (Tri Laser's Engineer Bonus hurts the A.I.: it is no Bonus worth pairing.)
    sc = solo({"hand": [card, "Engineer Ensign", "Tactician Ensign"], "power": power(3, 3, 0)})
    sc.card_phase(AI)
    assert sc.pile(AI, "crew:tactical")[0] == "Tactician Ensign"
    assert sc.pile(AI, "stack:tactical") == [card]
    assert sc.pile(AI, "sys_discard") == [] and sc.credits(AI) == 6
    assert sc.pile(AI, "hand") == []


def test_solo_gameplay_ai_plays_the_crew_card_that_meets_a_system_cards_requirement():
    # Railgun (3*, a Tactician in Tactical): the Power is there, only the Tactician can make it playable
    sc = solo({"hand": ["Railgun", "Engineer Ensign", "Tactician Ensign"], "power": power(3, 3, 3)})
    sc.card_phase(AI)
    assert sc.pile(AI, "crew:tactical") == ["Tactician Ensign"]
    assert sc.pile(AI, "stack:tactical") == ["Railgun"]
    assert sc.pile(AI, "crew:engineering") == ["Engineer Ensign"]   # then by the hierarchy (D)
    assert sc.hull(PLAYER) == 15


def test_solo_gameplay_ai_discards_a_system_card_it_cannot_pay_for_2_credits():
    sc = solo({"hand": ["Scythe Beam"], "power": power(3, 3, 0)})
    sc.card_phase(AI)
    assert sc.pile(AI, "hand") == []
    assert sc.pile(AI, "sys_discard") == ["Scythe Beam"]
    assert sc.pile(AI, "stack:tactical") == []
    assert sc.credits(AI) == 6 + 2
    assert sc.hull(PLAYER) == 20


def test_solo_gameplay_ai_discards_a_system_card_no_crew_card_in_hand_can_pay_for():
    # Cadet Killion gives only 2 of the 3 Power Scythe Beam needs: the card is discarded, the Cadet
    # is then stationed by the hierarchy (A: Tactical has no Power)
    sc = solo({"hand": ["Scythe Beam", "Cadet Killion"], "power": power(3, 3, 0)})
    sc.card_phase(AI)
    assert sc.pile(AI, "sys_discard") == ["Scythe Beam"]
    assert sc.credits(AI) == 8
    assert sc.pile(AI, "crew:tactical") == ["Cadet Killion"]
    assert sc.power(AI) == power(3, 3, 2)


def test_solo_gameplay_ai_plays_no_crew_card_for_a_system_card_power_cannot_make_playable():
    # Zero Point Laser (0*) must cover a card in Tactical: no Crew card's Power helps, so it is
    # discarded and the Engineer goes where the hierarchy sends it (D: Engineering), not to Tactical
    sc = solo({"hand": ["Zero Point Laser", "Engineer Ensign"], "power": power(3, 3, 3)})
    sc.card_phase(AI)
    assert sc.pile(AI, "sys_discard") == ["Zero Point Laser"]
    assert sc.credits(AI) == 8
    assert sc.pile(AI, "crew:engineering") == ["Engineer Ensign"]
    assert sc.pile(AI, "crew:tactical") == []


def test_solo_gameplay_ai_card_phase_leaves_no_card_in_hand():
    # a lone Holodeck draws itself back out of play (the empty deck is refilled from play) and pays
    # for itself again (2 Power here) for ever: the A.I. stops after its action cap and discards it,
    # as a player would. (A lone Dexeer Chrysalis did the same while it Scrapped before it drew;
    # drawing first, it draws itself back and Scraps itself, the A.I.'s cheapest card.)
    sc = solo({"hand": ["Holodeck"], "power": power(1, 1, 1)})
    sc.card_phase(AI)
    assert sc.pile(AI, "hand") == []
    assert discard(sc) == ["Holodeck"]
    assert sc.credits(AI) == 8


def test_solo_gameplay_malfunctions_drawn_by_an_ability_in_its_card_phase_resolve_as_drawn():
    # "Malfunctions are resolved at the beginning of their next turn" is said of its Draw step: a
    # Console Overload that Shuttle Bay draws (Draw 2) resolves at once (1 Power lost from the
    # fullest System, Engineering) with a replacement draw (Tri Laser), and is not held
    sc = solo({"hand": ["Shuttle Bay"], "sys_deck": ["Tri Laser", "Console Overload", "Siege Cannon"],
               "power": power(3, 1, 1)})
    sc.card_phase(AI)
    assert events(sc, EV_MALF_DRAWN) == ["Console Overload"]
    assert int(sc.sc[S_MALF_DRAWN + AI]) == 1
    assert sc.pile(AI, "hand") == []
    assert sc.pile(AI, "stack:tactical") == ["Siege Cannon"]
    assert sc.power(AI) == power(2, 0, 0)
    assert discard(sc) == ["Console Overload", "Tri Laser"]        # the Tri Laser cannot be paid
    assert sc.pile(AI, "sys_deck") == []


def test_solo_gameplay_a_malfunction_the_ai_draws_in_the_players_turn_resolves_as_drawn():
    # the player's Cloaked Mines Bonus makes the A.I. draw: a Power Failure on top of its deck
    # resolves then (all the Power of its fullest System, Comms), with its replacement draw
    sc = solo({"sys_deck": ["Tri Laser", "Power Failure"], "power": power(2, 5, 3)},
              {"stacks": {"tactical": ["Cloaked Mines"]}, "crew": {"tactical": ["Tactician Ensign"]}})
    sc.bonus_phase(PLAYER)
    assert events(sc, EV_MALF_DRAWN) == ["Power Failure"]
    assert sc.power(AI) == power(2, 0, 3)
    assert sc.pile(AI, "hand") == ["Tri Laser"]
    assert sc.pile(AI, "sys_discard") == ["Power Failure"]


def test_solo_gameplay_a_system_card_whose_ability_is_not_beneficial_is_discarded_for_2_credits(tmp_path):
    tables = write_cards(tmp_path, NOT_BENEFICIAL_CARDS)
    # "If there's nothing you can do to play a System card (or the card Ability is not beneficial),
    # Discard it and add 2 Credits": Test Overcharge only hurts the A.I. (2 Damage to itself) and
    # helps the player (a card drawn); it is payable, yet discarded
    sc = solo({"hand": ["Test Overcharge", "Test Gamble", "Test Relay"], "power": power(1, 1, 1)},
              {"sys_deck": ["Tri Laser"]}, tables=tables)
    sc.card_phase(AI)
    assert sc.pile(AI, "stack:tactical") == ["Test Gamble"]   # 3 Damage for 1 to itself: beneficial
    assert sc.pile(AI, "stack:comms") == ["Test Relay"]       # no Ability, only a Bonus: played
    assert discard(sc) == ["Test Overcharge"]
    assert sc.credits(AI) == 6 + 2
    assert sc.hull(AI) == 20 - 1 and sc.hull(PLAYER) == 20 - 3
    assert sc.pile(PLAYER, "hand") == []


NOT_BENEFICIAL_CARDS = """
[[card]]
name = "Test Overcharge"
kind = "system"
system = "tactical"
count = 1
credit_cost = 2
power_cost = 0
main = [{ op = "damage_self", n = 2 }, { op = "opp_draw", n = 1 }]
text = "Take 2 Damage. Your opponent draws 1 card."
stated = ["credit_cost", "power_cost", "main"]

[[card]]
name = "Test Gamble"
kind = "system"
system = "tactical"
count = 1
credit_cost = 2
power_cost = 0
main = [{ op = "damage", n = 3 }, { op = "damage_self", n = 1 }]
text = "Deal 3 Damage. Take 1 Damage."
stated = ["credit_cost", "power_cost", "main"]

[[card]]
name = "Test Relay"
kind = "system"
system = "comms"
count = 1
credit_cost = 2
power_cost = 0
bonus.comms_expert = [{ op = "credits", n = 2 }]
text = "Bonus: Comms Expert: gain 2 Credits."
stated = ["credit_cost", "power_cost", "bonus.comms_expert"]
"""


def test_solo_ability_guide_boarding_party_benefits_from_crew_played_first():
    # the Tactician Commander's Boarding Party deals 1 Damage per Crew in its System: the Ensign is
    # played first (hierarchy D: Tactical), then the Commander joins it there (2 Crew: 2 Damage),
    # though the hierarchy alone would send it to the lowest Power (Engineering)
    sc = solo({"hand": ["Tactician Commander", "Tactician Ensign"], "power": power(3, 3, 3)})
    sc.card_phase(AI)
    assert sc.pile(AI, "crew:tactical") == ["Tactician Ensign", "Tactician Commander"]
    assert sc.hull(PLAYER) == 18


def test_solo_ability_guide_repair_teams_benefits_from_crew_played_first():
    sc = solo({"hand": ["Engineer Commander", "Engineer Ensign"], "power": power(3, 3, 3), "hull": 10})
    sc.card_phase(AI)
    assert sc.pile(AI, "crew:engineering") == ["Engineer Ensign", "Engineer Commander"]
    assert sc.hull(AI) == 12


def test_solo_ability_guide_a_system_card_counting_crew_waits_for_the_crew_cards():
    # Hydra Missile A: 2 Damage + 1 per Crew in Tactical. Played first it would deal 2; the
    # Tactician Ensign goes to Tactical first (hierarchy D), then the Missile deals 3
    sc = solo({"hand": ["Hydra Missile A", "Tactician Ensign"], "power": power(3, 3, 3)})
    sc.card_phase(AI)
    assert sc.pile(AI, "crew:tactical") == ["Tactician Ensign"]
    assert sc.pile(AI, "stack:tactical") == ["Hydra Missile A"]
    assert sc.hull(PLAYER) == 17


# ---------------------------------------------------------------- Crew hierarchy
def test_solo_gameplay_crew_hierarchy_a_system_with_no_power_first():
    # Engineering has an unpaired Engineer Bonus (B) and is the Engineer's colour (D), but Comms has no Power
    sc = solo({"hand": ["Engineer Ensign"], "power": power(3, 0, 2), "stacks": {"engineering": ["Repair Bot"]}})
    sc.card_phase(AI)
    assert sc.pile(AI, "crew:comms") == ["Engineer Ensign"]
    assert sc.power(AI) == power(3, 3, 2)


def test_solo_gameplay_crew_hierarchy_b_a_system_card_with_an_unpaired_bonus_before_the_lowest_power():
    # Scrizzian Claw in Comms has a Tactician Bonus nobody pairs: before Tactical (lowest Power, own colour)
    sc = solo({"hand": ["Tactician Ensign"], "power": power(5, 2, 1), "stacks": {"comms": ["Scrizzian Claw"]}})
    sc.card_phase(AI)
    assert sc.pile(AI, "crew:comms") == ["Tactician Ensign"]


def test_solo_gameplay_crew_hierarchy_b_does_not_count_a_bonus_already_paired():
    sc = solo({"hand": ["Tactician Ensign"], "power": power(5, 2, 1), "stacks": {"comms": ["Scrizzian Claw"]},
               "crew": {"comms": ["Tactician Lieutenant"]}})
    sc.card_phase(AI)
    assert sc.pile(AI, "crew:tactical") == ["Tactician Ensign"]   # C: the lowest Power


def test_solo_gameplay_crew_hierarchy_c_the_lowest_power_before_its_colour():
    sc = solo({"hand": ["Engineer Ensign"], "power": power(4, 1, 2)})
    sc.card_phase(AI)
    assert sc.pile(AI, "crew:comms") == ["Engineer Ensign"]


@pytest.mark.parametrize("crew,system", [("Engineer Ensign", "engineering"), ("Comms Expert Ensign", "comms"),
                                         ("Tactician Ensign", "tactical")])
def test_solo_gameplay_crew_hierarchy_d_a_system_matching_its_colour(crew, system):
    sc = solo({"hand": [crew], "power": power(3, 3, 3)})
    sc.card_phase(AI)
    assert sc.pile(AI, f"crew:{system}") == [crew]


def test_solo_gameplay_crew_never_into_a_system_with_full_power():
    sc = solo({"hand": ["Engineer Ensign"], "power": power(8, 8, 7)})
    sc.card_phase(AI)
    assert sc.pile(AI, "crew:tactical") == ["Engineer Ensign"]
    sc = solo({"hand": ["Engineer Ensign"], "power": power(8, 8, 8)})
    sc.card_phase(AI)
    assert [sc.pile(AI, f"crew:{s}") for s in SYSTEMS] == [[], [], []]
    assert discard(sc) == ["Engineer Ensign"]                    # nowhere to go: discarded for 2 Credits
    assert sc.credits(AI) == 8


def test_solo_gameplay_crew_never_into_a_system_with_3_crew():
    sc = solo({"hand": ["Engineer Ensign"], "power": power(3, 5, 6),
               "crew": {"engineering": ["Tactician Ensign"] * 3}})
    sc.card_phase(AI)
    assert sc.pile(AI, "crew:comms") == ["Engineer Ensign"]


@pytest.mark.parametrize("cadet", ["Cadet Killion", "Cadet Malkesh", "Cadet Petra", "Cadet Fitz", "Cadet Korr",
                                   "Cadet Keado"])
def test_solo_gameplay_starting_crew_with_an_or_always_take_the_power(cadet):
    # even when the other option would destroy the player's ship
    sc = solo({"hand": [cadet], "power": power(3, 3, 0), "hull": 10}, {"hull": 1})
    sc.card_phase(AI)
    assert sc.pile(AI, "crew:tactical") == [cadet]
    assert sc.power(AI) == power(3, 3, 2)
    assert sc.hull(PLAYER) == 1 and sc.hull(AI) == 10 and sc.credits(AI) == 6
    assert sc.winner == -1


# ================================================================ Market, Bonuses, Draw
def test_solo_gameplay_ai_buys_one_card_from_its_market_deck_per_3_credits_into_its_discard():
    sc = solo({"credits": 7}, tactical=["Railgun", "Tri Laser"], crew={"engineer": ["Engineer Colonel"]},
              ai_market=["Tri Laser", "Engineer Ensign", "Scythe Beam"])
    sc.market_phase(AI)
    assert sc.credits(AI) == 1
    assert sc.market("ai_market") == ["Tri Laser"]
    assert sc.pile(AI, "sys_discard") == ["Scythe Beam", "Engineer Ensign"]   # Crew too: one discard
    assert sc.bought[AI, TABLES.index("Scythe Beam")] == 1
    assert sc.bought[AI, TABLES.index("Engineer Ensign")] == 1
    # the Market itself is untouched
    assert sc.market("tactical") == ["Railgun", "Tri Laser"]
    assert sc.market("engineer") == ["Engineer Colonel"]


def test_solo_gameplay_ai_buys_nothing_under_3_credits_and_stops_when_its_market_deck_is_empty():
    sc = solo({"credits": 2}, ai_market=["Tri Laser"])
    sc.market_phase(AI)
    assert sc.credits(AI) == 2 and sc.market("ai_market") == ["Tri Laser"]
    sc = solo({"credits": 10}, ai_market=["Tri Laser", "Railgun"])
    sc.market_phase(AI)
    assert sc.credits(AI) == 4 and sc.market("ai_market") == []
    assert sc.pile(AI, "sys_discard") == ["Railgun", "Tri Laser"]


def test_solo_gameplay_ai_claims_system_bonuses_as_normal():
    sc = solo({"stacks": {"tactical": ["Tri Laser"], "comms": ["Shuttle Bay"], "engineering": ["Repair Bot"]},
               "crew": {"tactical": ["Tactician Ensign"], "comms": ["Comms Expert Ensign"],
                        "engineering": ["Tactician Ensign"]},
               "sys_deck": ["Tri Laser"] * 8})
    sc.bonus_phase(AI)
    assert sc.hull(PLAYER) == 19            # Tri Laser, Tactician: 1 Damage
    assert sc.bonus_draws(AI) == 1          # Shuttle Bay, Comms Expert: Draw 1
    assert sc.credits(AI) == 6              # Repair Bot has no Tactician Bonus
    sc.draw_phase(AI)
    assert len(sc.pile(AI, "hand")) == 4 + 1


def test_solo_gameplay_ai_claims_system_bonuses_in_its_best_interest_the_winning_damage_first():
    # "Claim System Bonus Abilities - This is done following the same rules as standard play" (in
    # any order), in the A.I.'s best interest: the Tri Laser's Tactician Damage before the
    # Engineer's self-Damage at 1 Hull each (it destroyed its own ship)
    sc = solo({"stacks": {"tactical": ["Tri Laser"]}, "hull": 1,
               "crew": {"tactical": ["Engineer Ensign", "Tactician Ensign"]}}, {"hull": 1})
    sc.bonus_phase(AI)
    assert sc.winner == AI
    assert sc.hull(AI) == 1


def test_solo_gameplay_ai_draws_4_cards_from_its_one_player_deck():
    deck = ["Tri Laser", "Cadet Petra", "Railgun", "Engineer Ensign", "Siege Cannon", "Scythe Beam"]
    sc = solo({"sys_deck": deck, "credits": 0})
    sc.draw_phase(AI)
    assert sc.pile(AI, "hand") == deck[::-1][:4]                # from the top, System and Crew cards alike
    assert sc.pile(AI, "sys_deck") == deck[:2]


def test_solo_gameplay_ai_reshuffles_every_in_play_and_discarded_card_into_its_one_deck():
    sc = solo({"sys_deck": ["Tri Laser"], "sys_discard": ["Scythe Beam"], "crew_discard": ["Cadet Petra"],
               "stacks": {"tactical": ["Railgun"]}, "crew": {"tactical": ["Tactician Ensign"]}})
    sc.draw_phase(AI)
    hand = sc.pile(AI, "hand")
    assert len(hand) == 4 and hand[0] == "Tri Laser"
    assert sorted(hand[1:] + sc.pile(AI, "sys_deck")) == sorted(
        ["Scythe Beam", "Cadet Petra", "Railgun", "Tactician Ensign"])
    for which in ("sys_discard", "crew_discard", "crew_deck", "stack:tactical", "crew:tactical"):
        assert sc.pile(AI, which) == []


# ---------------------------------------------------------------- held Malfunctions
def test_solo_gameplay_malfunctions_the_ai_draws_are_held_until_its_next_turn():
    sc = solo({"sys_deck": ["Tri Laser"] * 4 + ["Console Overload"], "power": power(2, 5, 3)})
    sc.draw_phase(AI)
    assert sc.pile(AI, "hand") == ["Console Overload", "Tri Laser", "Tri Laser", "Tri Laser"]   # no replacement yet
    assert sc.pile(AI, "sys_deck") == ["Tri Laser"]
    assert sc.power(AI) == power(2, 5, 3)                       # not resolved yet
    assert int(sc.sc[S_MALF_DRAWN + AI]) == 0
    assert sc.pile(AI, "sys_discard") == []


def test_solo_gameplay_held_console_overload_resolves_at_the_start_of_its_turn_with_a_replacement_draw():
    sc = solo({"hand": ["Console Overload"], "sys_deck": ["Tri Laser", "Scythe Beam"], "power": power(2, 5, 3)})
    sc.card_phase(AI)
    assert events(sc, EV_MALF_DRAWN) == ["Console Overload"]
    assert sc.pile(AI, "sys_discard") == ["Console Overload"]   # back to its discard
    assert sc.pile(AI, "sys_deck") == ["Tri Laser"]             # the replacement draw ...
    assert sc.pile(AI, "stack:tactical") == ["Scythe Beam"]     # ... is played this turn
    assert sc.power(AI) == power(2, 4, 0)                       # its Ability: 1 Power from the fullest System
    assert sc.hull(PLAYER) == 16


def test_solo_gameplay_held_power_failure_resolves_at_the_start_of_its_turn_with_a_replacement_draw():
    sc = solo({"hand": ["Power Failure"], "sys_deck": ["Scythe Beam", "Tri Laser"], "power": power(2, 5, 3)})
    sc.card_phase(AI)
    assert sc.pile(AI, "sys_discard") == ["Power Failure"]
    assert sc.pile(AI, "stack:tactical") == ["Tri Laser"]
    assert sc.power(AI) == power(2, 0, 2)


def test_solo_gameplay_held_secondary_explosion_deals_2_damage_to_the_ai_and_goes_back_on_the_malfunction_deck():
    sc = solo({"hand": ["Secondary Explosion"], "sys_deck": ["Tri Laser", "Siege Cannon"], "power": power(1, 1, 1)},
              malfunctions=["Console Overload"])
    sc.card_phase(AI)
    assert sc.hull(AI) == 18 and sc.hull(PLAYER) == 18          # Siege Cannon, the replacement, is played
    assert sc.market("malfunctions") == ["Console Overload", "Secondary Explosion"]
    assert sc.pile(AI, "sys_discard") == []
    assert sc.pile(AI, "sys_deck") == ["Tri Laser"]


def test_solo_gameplay_held_vented_compartment_gives_no_replacement_and_goes_back_on_the_malfunction_deck():
    sc = solo({"hand": ["Vented Compartment", "Siege Cannon"], "sys_deck": ["Scythe Beam"], "power": power(1, 1, 3)},
              malfunctions=["Console Overload"])
    sc.card_phase(AI)
    assert sc.market("malfunctions") == ["Console Overload", "Vented Compartment"]
    assert sc.pile(AI, "sys_deck") == ["Scythe Beam"]           # no replacement draw
    assert sc.pile(AI, "stack:tactical") == ["Siege Cannon"]
    assert sc.pile(AI, "hand") == [] and sc.pile(AI, "sys_discard") == []


def test_solo_gameplay_held_malfunction_replacement_that_is_a_malfunction_also_resolves():
    sc = solo({"hand": ["Console Overload"], "sys_deck": ["Siege Cannon", "Console Overload"],
               "power": power(2, 5, 3)})
    sc.card_phase(AI)
    assert events(sc, EV_MALF_DRAWN) == ["Console Overload", "Console Overload"]
    assert sc.pile(AI, "sys_discard") == ["Console Overload", "Console Overload"]
    assert sc.pile(AI, "stack:tactical") == ["Siege Cannon"]
    assert sc.power(AI) == power(2, 3, 2)


def test_solo_gameplay_malfunctions_dealt_to_the_ai_go_to_its_one_discard_and_its_one_deck():
    sc = solo({"sys_deck": ["Tri Laser"]}, malfunctions=["Power Failure", "Console Overload", "Secondary Explosion"])
    play(sc, PLAYER, "Fleet Mineship")      # a Malfunction on top of a deck, another into a discard
    assert sc.pile(AI, "sys_deck") == ["Tri Laser", "Secondary Explosion"]
    assert sc.pile(AI, "sys_discard") == ["Console Overload"]
    assert sc.pile(AI, "crew_deck") == [] and sc.pile(AI, "crew_discard") == []


# ================================================================ Solo Mode Ability Guide
def test_solo_ability_guide_any_system_power_goes_to_the_system_with_the_least_power():
    sc = solo({"hand": ["Quantum Reactor"], "power": power(2, 1, 3)})
    sc.card_phase(AI)
    assert sc.power(AI) == power(2, 4, 3)


def test_solo_ability_guide_any_system_power_goes_where_it_lets_the_ai_play_a_system_card():
    # Comms has the least Power, but 3 Power in Tactical pays for the Scythe Beam in hand
    sc = solo({"hand": ["Quantum Reactor", "Scythe Beam"], "power": power(1, 0, 0)})
    sc.card_phase(AI)
    assert sc.pile(AI, "stack:tactical") == ["Scythe Beam"]
    assert sc.power(AI) == power(1, 0, 0)
    assert sc.hull(PLAYER) == 16


def write_cards(path, cards: str):
    (path / "test_cards.toml").write_text(cards)
    return load_cards(overrides=path)


def test_solo_ability_guide_power_that_cannot_pay_for_a_card_in_hand_goes_to_the_least_power(tmp_path):
    tables = write_cards(tmp_path, """
[[card]]
name = "Test Capacitor"
kind = "system"
system = "engineering"
count = 1
credit_cost = 2
power_cost = 0
main = [{ op = "power", n = 1, system = "any" }]
text = "Gain 1 Power to any System."
stated = ["credit_cost", "power_cost", "main"]
""")
    # 1 Power in Tactical (1 + 1 < 3) cannot pay for the Scythe Beam: it goes to Comms, the least
    sc = solo({"hand": ["Test Capacitor", "Scythe Beam"], "power": power(3, 0, 1)}, tables=tables)
    sc.card_phase(AI)
    assert sc.power(AI) == power(3, 1, 1)


def test_solo_ability_guide_taking_an_in_play_or_discarded_card_takes_the_highest_credit_cost():
    assert cost("Pirate Rex") > cost("Railgun") > cost("Tri Laser") > cost("Siege Cannon") == 0
    # Teleporter: take 1 of your uncovered in-play or discarded cards into your hand
    sc = solo({"hand": ["Teleporter"], "power": power(1, 0, 0), "sys_discard": ["Tri Laser", "Railgun"],
               "stacks": {"comms": ["Pirate Rex"], "tactical": ["Siege Cannon"]}})
    sc.card_phase(AI)
    assert events(sc, EV_TAKE) == ["Pirate Rex"]                 # 6 Credits, over Railgun 5, Tri Laser 3
    assert sc.pile(AI, "stack:comms") == []
    assert sc.pile(AI, "stack:tactical") == ["Siege Cannon"]
    # no Power in Comms to replay it: discarded for 2 Credits
    assert sc.pile(AI, "sys_discard") == ["Tri Laser", "Railgun", "Pirate Rex"]


def test_solo_ability_guide_taking_a_discarded_card_takes_the_highest_credit_cost():
    sc = solo({"hand": ["Teleporter"], "power": power(1, 0, 0),
               "sys_discard": ["Tri Laser", "Scythe Beam", "Console Overload", "Railgun"],
               "stacks": {"tactical": ["Siege Cannon"]}})
    sc.card_phase(AI)
    assert events(sc, EV_TAKE) == ["Scythe Beam"]


def test_solo_ability_guide_scrap_removes_the_lowest_credit_cost_card_starting_cards_cost_0():
    assert cost("Siege Cannon") == 0 < min(cost("Tri Laser"), cost("Tactician Lieutenant"), cost("Scythe Beam"))
    sc = solo({"hand": ["Dexeer Chrysalis"], "sys_discard": ["Scythe Beam", "Tri Laser", "Siege Cannon"],
               "crew_discard": ["Tactician Lieutenant"], "sys_deck": ["Engineer Ensign"]})
    sc.card_phase(AI)
    assert sc.market("scrap") == ["Siege Cannon"]
    assert sc.pile(AI, "sys_discard") == ["Scythe Beam", "Tri Laser"]


def test_solo_ability_guide_taking_a_market_card_takes_from_its_market_deck():
    # Fabricators: take any face-up Market card into your hand (then Scrap 1: the Siege Cannon)
    sc = solo({"hand": ["Fabricators"], "power": power(2, 0, 3), "sys_discard": ["Siege Cannon"]},
              tactical=["Railgun", "Tri Laser"], crew={"tactician": ["Tactician Colonel"]},
              ai_market=["Tri Laser", "Scythe Beam"])
    sc.card_phase(AI)
    assert events(sc, EV_TAKE) == ["Scythe Beam"]
    assert sc.market("ai_market") == ["Tri Laser"]
    assert sc.market("tactical") == ["Railgun", "Tri Laser"] and sc.market("tactician") == ["Tactician Colonel"]
    assert sc.pile(AI, "stack:tactical") == ["Scythe Beam"]      # into its hand, then played
    assert sc.market("scrap") == ["Siege Cannon"]


def test_solo_ability_guide_a_market_card_taken_onto_its_deck_goes_on_its_one_player_deck(tmp_path):
    tables = write_cards(tmp_path, """
[[card]]
name = "Test Recruiter"
kind = "system"
system = "comms"
count = 1
credit_cost = 3
power_cost = 0
main = [{ op = "take_market", n = 1, dest = "deck_top", filter = "crew" }]
text = "Put a Market Crew card on top of your deck."
stated = ["credit_cost", "power_cost", "main"]
""")
    sc = solo({"hand": ["Test Recruiter"], "sys_deck": ["Tri Laser"]}, tables=tables,
              ai_market=["Tri Laser", "Engineer Ensign"])
    sc.card_phase(AI)
    assert sc.market("ai_market") == ["Tri Laser"]
    assert sc.pile(AI, "sys_deck") == ["Tri Laser", "Engineer Ensign"]   # drawn next


def test_solo_ability_guide_forced_to_discard_the_ai_discards_its_lowest_credit_cost_card():
    assert cost("Siege Cannon") < cost("Tri Laser") < min(cost("Railgun"), cost("Scythe Beam"))
    sc = solo({"hand": ["Scythe Beam", "Tri Laser", "Siege Cannon", "Railgun"], "power": power(3, 3, 5)})
    play(sc, PLAYER, "Keshran Edict")       # your opponent Discards 2 cards from their hand
    assert sorted(sc.pile(AI, "hand")) == ["Railgun", "Scythe Beam"]
    assert sorted(sc.pile(AI, "sys_discard")) == ["Siege Cannon", "Tri Laser"]


def test_solo_ability_guide_forced_to_discard_the_ai_never_throws_away_a_held_malfunction():
    # a Console Overload drawn in its Draw step waits for its next turn: Keshran Edict's 2 discards
    # take the two cheapest cards, not the unresolved Malfunction (which would then never hurt it)
    sc = solo({"hand": ["Console Overload", "Scythe Beam", "Tri Laser", "Siege Cannon"], "power": power(3, 3, 5)})
    play(sc, PLAYER, "Keshran Edict")
    assert sorted(sc.pile(AI, "hand")) == ["Console Overload", "Scythe Beam"]
    assert sorted(sc.pile(AI, "sys_discard")) == ["Siege Cannon", "Tri Laser"]
    # with only Malfunctions held, nothing is discarded: they resolve at the start of its turn
    sc = solo({"hand": ["Console Overload"], "sys_deck": ["Siege Cannon"], "power": power(3, 3, 5)})
    play(sc, PLAYER, "Keshran Edict")
    assert sc.pile(AI, "hand") == ["Console Overload"] and sc.pile(AI, "sys_discard") == []
    sc.card_phase(AI)
    assert events(sc, EV_MALF_DRAWN) == ["Console Overload"]


def test_solo_ability_guide_discarding_the_players_in_play_card_takes_the_highest_credit_cost():
    assert cost("Scythe Beam") > max(cost("Shield Drone"), cost("Rutari Salve"))
    sc = solo({"hand": ["Pirate Rex"], "power": power(0, 3, 0)},
              {"stacks": {"engineering": ["Shield Drone"], "comms": ["Rutari Salve"],
                          "tactical": ["Basic Laser", "Scythe Beam"]}})
    sc.card_phase(AI)
    assert sc.pile(PLAYER, "stack:tactical") == ["Basic Laser"]
    assert sc.pile(PLAYER, "sys_discard") == ["Scythe Beam"]
    assert sc.pile(PLAYER, "stack:engineering") == ["Shield Drone"]
    assert sc.pile(PLAYER, "stack:comms") == ["Rutari Salve"]


@pytest.mark.parametrize("sys_discard,crew_discard,hit", [
    (["Tri Laser", "Tri Laser"], ["Cadet Fitz"], "crew_discard"),
    (["Tri Laser"], ["Cadet Fitz", "Cadet Korr"], "sys_discard"),
    (["Tri Laser"], ["Cadet Fitz"], "sys_discard"),              # a tie: the System discard
    ([], [], "sys_discard"),
])
def test_solo_ability_guide_malfunctions_the_ai_deals_go_to_the_players_discard_with_the_fewest_cards(
        sys_discard, crew_discard, hit):
    sc = solo({"hand": ["Hydra Missile B"], "power": power(0, 0, 2)},
              {"sys_discard": sys_discard, "crew_discard": crew_discard},
              malfunctions=["Secondary Explosion", "Console Overload"])
    sc.card_phase(AI)
    before = {"sys_discard": sys_discard, "crew_discard": crew_discard}
    for which in before:
        assert sc.pile(PLAYER, which) == before[which] + (["Console Overload"] if which == hit else [])


@pytest.mark.parametrize("sys_deck,crew_deck,hit", [
    (["Tri Laser"], ["Cadet Fitz", "Cadet Korr"], "crew_deck"),
    (["Tri Laser", "Nuclear Reactor"], ["Cadet Fitz"], "sys_deck"),
    (["Tri Laser"], ["Cadet Fitz"], "sys_deck"),                 # a tie: the System deck
])
def test_solo_ability_guide_malfunctions_the_ai_puts_on_a_deck_go_on_the_players_deck_with_the_most_cards(
        sys_deck, crew_deck, hit):
    sc = solo({"hand": ["Fleet Mineship"], "power": power(0, 1, 0)},
              {"sys_deck": sys_deck, "crew_deck": crew_deck},
              malfunctions=["Console Overload", "Secondary Explosion"])
    sc.card_phase(AI)
    before = {"sys_deck": sys_deck, "crew_deck": crew_deck}
    for which in before:
        assert sc.pile(PLAYER, which) == before[which] + (["Secondary Explosion"] if which == hit else [])
    # and the second one into the discard with the fewest cards (both empty: the System discard)
    assert sc.pile(PLAYER, "sys_discard") == ["Console Overload"]


# ================================================================ Card Clarifications, Solo Mode
def test_solo_clarification_ships_ai_plays_another_system_card_with_no_power_cost():
    sc = solo({"hand": ["Ship's A.I.", "Scythe Beam"], "power": power(1, 0, 0)})
    sc.card_phase(AI)
    assert sc.pile(AI, "stack:engineering") == ["Ship's A.I."]
    assert sc.pile(AI, "stack:tactical") == ["Scythe Beam"]     # free: Tactical had no Power
    assert sc.power(AI) == power(0, 0, 0)
    assert sc.hull(PLAYER) == 16
    assert sc.credits(AI) == 6 and sc.pile(AI, "sys_discard") == []
    assert int(sc.sc[S_FREE_PLAYS]) == 0                        # nothing left over for the player's turn


def test_solo_clarification_ships_ai_free_play_stays_with_the_ai():
    sc = solo({"hand": ["Ship's A.I.", "Scythe Beam"], "power": power(1, 0, 0)},
              {"hand": ["Railgun", "Railgun"], "power": power(1, 1, 0), "crew": {"tactical": ["Cadet Fitz"]}})
    sc.card_phase(AI)
    sc.card_phase(PLAYER)
    assert sc.pile(PLAYER, "stack:tactical") == []              # the player cannot pay for its Railguns
    assert sc.pile(PLAYER, "sys_discard") == ["Railgun", "Railgun"]


def test_solo_clarification_ships_ai_without_a_card_to_play_draws_and_gains_power():
    # the other Ability: Draw 1 (a Tri Laser) and 2 Power to any System, which pays for the Tri Laser
    sc = solo({"hand": ["Ship's A.I."], "sys_deck": ["Scythe Beam", "Tri Laser"], "power": power(1, 3, 0)})
    sc.card_phase(AI)
    assert sc.pile(AI, "stack:tactical") == ["Tri Laser"]
    assert sc.power(AI) == power(0, 3, 1)
    assert sc.pile(AI, "sys_deck") == ["Scythe Beam"]


def test_solo_clarification_super_computer_moves_the_card_with_the_highest_playable_power_cost():
    # 3 Power in all: Quantum Artifact (4) cannot be played, Scythe Beam (3) can, with Power from any System
    sc = solo({"hand": ["Super Computer"], "power": power(1, 1, 1),
               "sys_discard": ["Tri Laser", "Scythe Beam", "Engineer Ensign", "Quantum Artifact"]})
    sc.card_phase(AI)
    assert events(sc, EV_TAKE) == ["Scythe Beam"]
    assert sc.pile(AI, "stack:tactical") == ["Scythe Beam"]
    assert sc.power(AI) == power(0, 0, 0)
    assert sc.hull(PLAYER) == 16
    assert sc.pile(AI, "sys_discard") == ["Tri Laser", "Engineer Ensign", "Quantum Artifact"]


def test_solo_clarification_super_computer_skips_a_card_whose_requirement_is_not_met():
    # Railgun (3*) needs a Tactician in Tactical: not playable, so the Tri Laser is moved
    sc = solo({"hand": ["Super Computer"], "power": power(1, 1, 1), "sys_discard": ["Tri Laser", "Railgun"]})
    sc.card_phase(AI)
    assert events(sc, EV_TAKE) == ["Tri Laser"]
    assert sc.pile(AI, "stack:tactical") == ["Tri Laser"]
    assert sc.pile(AI, "sys_discard") == ["Railgun"]


def test_solo_clarification_quantum_artifact_moves_2_cards_from_the_ai_market_deck_to_its_hand():
    sc = solo({"hand": ["Quantum Artifact"], "power": power(4, 0, 4)},
              tactical=["Railgun", "Charge Laser"], tactical_deck=["Tri Laser"],
              crew={"tactician": ["Tactician Colonel"]},
              ai_market=["Tactician Ensign", "Tri Laser", "Scythe Beam"])
    sc.card_phase(AI)
    assert events(sc, EV_TAKE) == ["Scythe Beam", "Tri Laser"]
    assert sc.market("ai_market") == ["Tactician Ensign"]
    assert sc.market("tactical") == ["Railgun", "Charge Laser"] and sc.market("tactical_deck") == ["Tri Laser"]
    assert sc.market("tactician") == ["Tactician Colonel"]
    assert sc.pile(AI, "stack:tactical") == ["Scythe Beam", "Tri Laser"]   # in hand, then played
    assert sc.hull(PLAYER) == 20 - 4 - 3


def test_solo_clarification_keshran_corsair_copies_the_card_with_the_highest_power_cost():
    sc = solo({"hand": ["Keshran Corsair"], "power": power(0, 1, 0),
               "stacks": {"engineering": ["Repair Bot"], "tactical": ["Tri Laser"]}},
              {"stacks": {"tactical": ["Scythe Beam"], "engineering": ["Nuclear Reactor"]}})
    sc.card_phase(AI)
    assert events(sc, EV_COPY) == ["Scythe Beam"]               # Power cost 3, over Repair Bot / Tri Laser 1
    assert sc.hull(PLAYER) == 16                                 # Scythe Beam: 4 Damage ...
    assert sc.power(PLAYER) == power(0, 0, 0)                    # ... and 1 Power lost in each System


# ================================================================ best interest: the other ORs
BEST_INTEREST_CARDS = """
[[card]]
name = "Test Salvo"
kind = "system"
system = "comms"
count = 1
credit_cost = 3
power_cost = 0
main = [{ op = "choice", options = [[{ op = "damage", n = 3 }], [{ op = "credits", n = 1 }]] }]
text = "Deal 3 Damage OR gain 1 Credit."
stated = ["credit_cost", "power_cost", "main"]

[[card]]
name = "Test Medbay"
kind = "system"
system = "engineering"
count = 1
credit_cost = 3
power_cost = 0
main = [{ op = "choice", options = [[{ op = "damage", n = 1 }], [{ op = "repair", n = 3 }]] }]
text = "Deal 1 Damage OR Repair 3."
stated = ["credit_cost", "power_cost", "main"]
"""


def option_values(sc: Scenario, tables, name: str) -> tuple[float, float]:
    """Worth of the two options of card ``name``'s OR under the A.I.'s weights."""
    t = tables.index(name)
    i = int(tables.cards[t, C_MAIN])
    assert tables.eff[i, 0] == Op.CHOICE
    a, b = int(tables.eff[i, 1]), int(tables.eff[i, 2])
    row = sc.strat[AI]
    return segment_value(tables.eff, row, i + 1, a), segment_value(tables.eff, row, i + 1 + a, b)


def test_solo_best_interest_other_ors_take_the_option_worth_more_under_the_ai_weights(tmp_path):
    tables = write_cards(tmp_path, BEST_INTEREST_CARDS)
    # the A.I.'s weights are the balanced strategy's (which others tune): the expected option is
    # computed from them. Test Salvo: 3 Damage OR 1 Credit
    sc = solo({"hand": ["Test Salvo"], "hull": 10}, tables=tables)
    damage, credit = option_values(sc, tables, "Test Salvo")
    assert damage != credit
    sc.card_phase(AI)
    if damage > credit:
        assert sc.hull(PLAYER) == 17 and sc.credits(AI) == 6
    else:
        assert sc.hull(PLAYER) == 20 and sc.credits(AI) == 7
    # Test Medbay: 1 Damage OR Repair 3
    sc = solo({"hand": ["Test Medbay"], "hull": 10}, tables=tables)
    damage, repair = option_values(sc, tables, "Test Medbay")
    assert damage != repair
    sc.card_phase(AI)
    if repair > damage:
        assert sc.hull(AI) == 13 and sc.hull(PLAYER) == 20
    else:
        assert sc.hull(AI) == 10 and sc.hull(PLAYER) == 19


# ================================================================ many seeded solo games
@pytest.mark.parametrize("strategy", ["random", "balanced"])
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_solo_invariants_hold_over_many_seeded_games(difficulty, strategy):
    matchup = Matchup(mode="solo", difficulty=difficulty)
    tables, setup, setup_n, cfg, rows, names = _prepare(matchup, (strategy, "balanced"), TABLES)
    assert names[1] == "solo-ai"
    n = 1000
    seeds = np.arange(70_000, 70_000 + n, dtype=np.int64)
    out = np.zeros((n, 3), np.int64)
    check_games(tables.cards, tables.eff, setup, setup_n, cfg, rows, seeds, out)
    bad = [(int(seeds[i]), INVARIANT_NAMES[int(out[i, 0])], int(out[i, 1]), int(out[i, 2]))
           for i in np.flatnonzero(out[:, 0])[:5]]
    assert bad == []


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_solo_play_games_records_mode_solo_and_the_difficulty(difficulty):
    records = play_games(50, seed=3, matchup=Matchup(mode="solo", difficulty=difficulty),
                         strategies=("balanced", "random"), tables=TABLES)
    games = records.games
    assert len(games) == 50
    assert (games["mode"] == "solo").all()
    assert (games["difficulty"] == difficulty).all()
    assert (games["second_strategy"] == "solo-ai").all()
    assert set(games["winner"].astype(str)) <= {"first", "second", "draw"}
    assert (games["second_purchases"] > 0).any()                 # the A.I. buys from its Market deck


# ================================================================ issue 47: sentence by sentence
@pytest.mark.parametrize("crew, powers, system", [
    ("Engineer Ensign", (2, 2, 5), "engineering"), ("Comms Expert Ensign", (2, 2, 5), "comms"),
    ("Tactician Ensign", (5, 2, 2), "tactical"), ("Comms Expert Ensign", (5, 2, 2), "comms"),
    ("Engineer Ensign", (2, 5, 2), "engineering"), ("Tactician Ensign", (2, 5, 2), "tactical")])
def test_solo_mode_crew_hierarchy_d_a_system_matching_its_colour_breaks_a_tie_of_the_lowest_power(crew, powers,
                                                                                                     system):
    # "C. The System with the lowest Power; D. A System matching their color/type (Engineers in Engineering,
    # etc.)": two Systems tie for the lowest Power, the one of the Crew's colour takes it
    sc = solo({"hand": [crew], "power": power(*powers)})
    sc.card_phase(AI)
    assert sc.pile(AI, f"crew:{system}") == [crew]


def test_solo_mode_crew_hierarchy_d_without_a_tie_the_lowest_power_comes_first():
    sc = solo({"hand": ["Engineer Ensign"], "power": power(3, 2, 4)})
    sc.card_phase(AI)
    assert sc.pile(AI, "crew:comms") == ["Engineer Ensign"]


def test_solo_mode_ability_guide_taking_in_play_takes_the_highest_credit_cost_of_the_uncovered_cards():
    # "the A.I. player will take the card with the highest Credit cost from their play area": a covered
    # card (Scythe Beam, 6) is not in reach; the uncovered Tri Laser (3) beats the discarded Siege Cannon (0)
    sc = solo({"hand": ["Teleporter"], "power": power(1, 0, 0), "sys_discard": ["Siege Cannon"],
               "stacks": {"tactical": ["Scythe Beam", "Tri Laser"]}})
    sc.card_phase(AI)
    assert events(sc, EV_TAKE) == ["Tri Laser"]
    assert sc.pile(AI, "stack:tactical") == ["Scythe Beam"]


def test_solo_mode_ability_guide_scrap_the_lowest_credit_cost_of_hand_and_discards_starting_cards_0():
    # "If a card Ability says to Scrap a card, then start by Scrapping the card with the lowest Credit cost":
    # Dexeer Chrysalis may scrap from the hand or the discards; the starting Quick-ship (0) held in the hand
    # goes before the Tri Laser (3) of the discard
    sc = solo({"hand": ["Dexeer Chrysalis", "Quick-ship"], "sys_discard": ["Tri Laser"], "power": power(0, 0, 0),
               "sys_deck": ["Railgun"]})
    sc.card_phase(AI)
    assert sc.market("scrap") == ["Quick-ship"]              # not the Tri Laser, nor the Railgun it drew (5)
    assert sc.pile(AI, "sys_discard")[:1] == ["Tri Laser"]


def test_solo_mode_ability_guide_discarding_an_opponents_in_play_card_the_highest_credit_cost_uncovered():
    # "If an Ability mentions Discarding an opponent's in-play card(s), start by Discarding your card with the
    # highest Credit cost": of the player's uncovered cards (a covered Scythe Beam is not one), the Rutari
    # Salve (3) before the starting Basic Laser and Nuclear Reactor (0)
    sc = solo({"hand": ["Pirate Rex"], "power": power(0, 3, 0)},
              {"stacks": {"engineering": ["Nuclear Reactor"], "comms": ["Rutari Salve"],
                          "tactical": ["Scythe Beam", "Basic Laser"]}})
    sc.card_phase(AI)
    assert sc.pile(PLAYER, "sys_discard") == ["Rutari Salve"]
    assert sc.pile(PLAYER, "stack:tactical") == ["Scythe Beam", "Basic Laser"]
