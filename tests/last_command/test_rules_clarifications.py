"""Rulebook, Card Clarifications: Ship's A.I., Super Computer, Quantum Artifact, Keshran Corsair,
Cloaked Mines, and the Crew movers (Fleet Frigate, Holodeck, Ion Cannon, Dexeer Symbiote)."""
from __future__ import annotations

import pytest

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.cardplay import play_system
from simcore.games.last_command.layout import (EV_COPY, EV_DRAW, EV_MOVE_CREW, EV_PLAY_CREW, EV_PLAY_SYSTEM, EV_TAKE,
                                               HAND, L_A, L_B, L_C, L_EVENT, L_HULL, L_POWER, S_POWER, STACK)
from simcore.games.last_command.piles import push
from simcore.games.last_command.queries import pile
from simcore.games.last_command.scenario import SYSTEMS, Scenario

TABLES = load_cards()


def build(players, strategies=("balanced", "balanced"), seed=1, **spec) -> Scenario:
    return Scenario.build({"players": players, **spec}, tables=TABLES, strategies=strategies, seed=seed)


def events(sc: Scenario, ev: int):
    return [row for row in sc.events() if row[L_EVENT] == ev]


def name(t) -> str:
    return TABLES.names[int(t)]


def strategy_file(tmp_path, **params) -> str:
    """A heuristic strategy (balanced, with some parameters changed) as a TOML file."""
    path = tmp_path / "strategy.toml"
    body = "\n".join(f"{k} = {v}" for k, v in params.items())
    path.write_text(f'name = "test"\nkind = "heuristic"\n[params]\n{body}\n')
    return str(path)


# ---------------------------------------------------------------- Ship's A.I.

def test_ships_ai_plays_another_system_card_from_hand_with_no_power_cost(tmp_path):
    # a player who values "play a card free" above "Draw 1 and 2 Power" (the balanced one does not)
    free_lover = strategy_file(tmp_path, w_other=10)
    sc = build([{"hand": ["Ship's A.I.", "Tri Laser"], "power": {"engineering": 1, "comms": 0, "tactical": 0}},
                {}], strategies=(free_lover, "balanced"))
    sc.card_phase(0)
    assert sc.pile(0, "stack:engineering") == ["Ship's A.I."]
    assert sc.pile(0, "stack:tactical") == ["Tri Laser"]      # 0 Tactical Power, played anyway
    assert sc.hull(1) == 17
    assert sc.power(0) == {"engineering": 0, "comms": 0, "tactical": 0}
    plays = {name(r[L_A]): r[L_C] for r in events(sc, EV_PLAY_SYSTEM)}
    assert plays == {"Ship's A.I.": 1, "Tri Laser": 0}       # Power paid
    assert events(sc, EV_DRAW) == []                         # the other Ability is not used


def test_ships_ai_when_it_cannot_play_a_card_it_uses_its_other_ability(tmp_path):
    # the only other System card (Railgun) needs a Tactician in Tactical: the free play is impossible,
    # even for a player who prefers it
    free_lover = strategy_file(tmp_path, w_other=10)
    sc = build([{"hand": ["Ship's A.I.", "Railgun"], "sys_deck": ["Railgun"],
                 "power": {"engineering": 1, "comms": 0, "tactical": 0}}, {}], strategies=(free_lover, "balanced"))
    sc.card_phase(0)
    assert sc.pile(0, "stack:engineering") == ["Ship's A.I."]
    assert sc.pile(0, "stack:tactical") == []
    assert [name(r[L_A]) for r in events(sc, EV_DRAW)] == ["Railgun"]     # Draw 1 ...
    assert sum(sc.power(0).values()) == 2                                  # ... and 2 Power (A.I. paid 1)
    assert sc.pile(0, "sys_discard") == ["Railgun", "Railgun"]
    assert sc.hull(1) == 20


# ---------------------------------------------------------------- Super Computer

def test_super_computer_moves_a_system_card_from_discard_to_hand_payable_with_power_from_any_systems():
    sc = build([{"hand": ["Super Computer"], "sys_discard": ["Charge Laser"],
                 "power": {"engineering": 1, "comms": 1, "tactical": 0}}, {}])
    sc.card_phase(0)
    assert sc.pile(0, "sys_discard") == []
    assert sc.pile(0, "stack:tactical") == ["Charge Laser"]   # cost 2: 1 from Engineering + 1 from Comms
    assert sc.power(0) == {"engineering": 0, "comms": 0, "tactical": 0}
    assert sc.hull(1) == 17
    took = events(sc, EV_TAKE)
    assert [name(r[L_A]) for r in took] == ["Charge Laser"]


def test_super_computer_any_power_privilege_is_for_the_moved_card_only():
    # the card already in hand still pays from its own System
    sc = build([{"hand": ["Super Computer", "Scrizzian Claw"], "sys_discard": ["Charge Laser"],
                 "power": {"engineering": 2, "comms": 0, "tactical": 0}}, {}])
    sc.card_phase(0)
    assert sc.pile(0, "stack:tactical") == ["Charge Laser"]
    assert sc.pile(0, "stack:comms") == []
    assert "Scrizzian Claw" in sc.pile(0, "sys_discard")


def test_super_computer_privilege_ends_with_the_card_phase(tmp_path):
    # the moved Charge Laser is played free by Ship's A.I. (it never pays Power) ...
    free_lover = strategy_file(tmp_path, w_other=10)
    sc = build([{"hand": ["Super Computer", "Ship's A.I."], "sys_discard": ["Charge Laser"],
                 "power": {"engineering": 1, "comms": 0, "tactical": 0}}, {}], strategies=(free_lover, "balanced"))
    sc.card_phase(0)
    assert sc.pile(0, "stack:tactical") == ["Charge Laser"]
    assert sc.power(0) == {"engineering": 0, "comms": 0, "tactical": 0}
    # ... so a Charge Laser in a later Card Phase pays from Tactical again, not from Comms
    push(sc.piles, sc.cnt, pile(0, HAND), TABLES.index("Charge Laser"))
    sc.sc[S_POWER + 1] = 2
    sc.card_phase(0)
    assert sc.pile(0, "stack:tactical") == ["Charge Laser"]
    assert sc.pile(0, "sys_discard") == ["Charge Laser"]
    assert sc.power(0) == {"engineering": 0, "comms": 2, "tactical": 0}


# ---------------------------------------------------------------- Quantum Artifact

def test_quantum_artifact_takes_the_tops_of_two_different_market_deck_types():
    sc = build([{"hand": ["Quantum Artifact"], "power": {"engineering": 4}}, {}],
               market={"tactical_deck": ["Tri Laser", "Hyperkinetic Dart"],
                       "crew": {"tactician": ["Tactician Colonel", "Tactician Ensign"]}})
    sc.card_phase(0)
    took = sorted(name(r[L_A]) for r in events(sc, EV_TAKE))
    assert took == ["Hyperkinetic Dart", "Tactician Ensign"]
    assert sc.market("tactical_deck") == ["Tri Laser"]
    assert sc.market("tactician") == ["Tactician Colonel"]


def test_card_clarifications_quantum_artifact_can_take_a_face_up_market_system_card():
    # "one of the top cards from any deck type in the Market. This can be a System card or even a
    # card from one of the face up Crew card decks": the face-up System cards are their type's top
    # cards. Here the Tactical deck is empty, its face-up Railgun is not: the Railgun and the
    # Tactician Ensign are taken (before, only the Ensign: a face-up card was never a top card)
    sc = build([{"hand": ["Quantum Artifact"], "power": {"engineering": 4}}, {}],
               market={"tactical": ["Railgun"], "crew": {"tactician": ["Tactician Ensign"]}})
    sc.card_phase(0)
    assert sorted(name(r[L_A]) for r in events(sc, EV_TAKE)) == ["Railgun", "Tactician Ensign"]
    assert sc.market("tactical") == [] and sc.market("tactician") == []


def test_card_clarifications_quantum_artifact_a_face_up_card_taken_is_replaced_from_its_deck():
    # the best card in the Market is a face-up Scythe Beam: it is taken, and the top of the Tactical
    # deck takes its place, as after a purchase; the second card is of another deck type
    sc = build([{"hand": ["Quantum Artifact"], "power": {"engineering": 4}}, {}],
               market={"tactical": ["Scythe Beam", "Charge Laser"], "tactical_deck": ["Tri Laser", "Zero Point Laser"],
                       "engineering": ["Repair Bot"]})
    sc.card_phase(0)
    took = [name(r[L_A]) for r in events(sc, EV_TAKE)]
    assert took[0] == "Scythe Beam" and took[1:] == ["Repair Bot"]
    assert sc.market("tactical") == ["Charge Laser", "Zero Point Laser"]
    assert sc.market("tactical_deck") == ["Tri Laser"]


@pytest.mark.parametrize("strategy", ["balanced", "random"])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_quantum_artifact_never_takes_two_cards_from_the_same_deck_type(strategy, seed):
    # "You may not Draw 2 cards from the same deck type": Tactical's face-up cards and deck top are
    # one deck type
    sc = build([{}, {}], strategies=(strategy, strategy), seed=seed,
               market={"tactical": ["Railgun", "Charge Laser"], "tactical_deck": ["Tri Laser"]})
    play_system(TABLES.cards, TABLES.eff, sc.piles, sc.cnt, sc.sc, sc.strat, sc.log, 0,
                TABLES.index("Quantum Artifact"), True)
    assert len(events(sc, EV_TAKE)) == 1
    assert len(sc.pile(0, "hand")) == 1


# ---------------------------------------------------------------- Keshran Corsair

def corsair_copying_shield_drone():
    """P0 plays a Corsair; the only other uncovered card is P1's Shield Drone (main: Repair 2;
    Bonus: Engineer Repair 1; the Corsair's own Bonus: Comms Expert 1 Credit)."""
    sc = build([{"hand": ["Keshran Corsair"], "hull": 10, "power": {"comms": 1},
                 "crew": {"comms": ["Engineer Ensign", "Comms Expert Ensign"]}},
                {"stacks": {"engineering": ["Shield Drone"]}}])
    sc.card_phase(0)
    return sc


def test_keshran_corsair_performs_the_main_ability_of_the_copied_card():
    sc = corsair_copying_shield_drone()
    assert sc.pile(0, "stack:comms") == ["Keshran Corsair"]
    assert [name(r[L_A]) for r in events(sc, EV_COPY)] == ["Shield Drone"]
    assert sc.hull(0) == 12                                  # Shield Drone: Repair 2


def test_keshran_corsair_earns_the_copied_cards_bonuses_while_both_stay_in_play():
    sc = corsair_copying_shield_drone()
    sc.bonus_phase(0)
    assert sc.hull(0) == 13                                  # Shield Drone's Engineer Bonus
    assert sc.credits(0) == 5                                # not the Corsair's own Comms Expert Bonus


def test_keshran_corsair_returns_to_normal_when_the_copied_card_leaves_play():
    sc = corsair_copying_shield_drone()
    sc.draw_phase(1)     # P1's System deck is empty: its cards in play go to the new deck, and are drawn
    assert sc.pile(1, "stack:engineering") == [] and sc.pile(1, "hand") == ["Shield Drone"]
    sc.bonus_phase(0)
    assert sc.hull(0) == 12                                  # no Engineer Bonus any more
    assert sc.credits(0) == 6                                # its own Comms Expert Bonus


def test_keshran_corsair_copies_ongoing_abilities_too():
    sc = corsair_copying_shield_drone()
    push(sc.piles, sc.cnt, pile(1, HAND), TABLES.index("Tri Laser"))
    sc.card_phase(1)
    assert sc.hull(0) == 12 - 2                              # 3 Damage, reduced by the copied Shield


def test_keshran_corsair_keeps_copying_a_card_that_is_covered_but_still_in_play():
    sc = corsair_copying_shield_drone()
    push(sc.piles, sc.cnt, pile(1, STACK + 0), TABLES.index("Repair Bot"))   # covers the Shield Drone
    sc.bonus_phase(0)
    assert sc.hull(0) == 13 and sc.credits(0) == 5


def test_card_clarifications_keshran_corsair_copy_ends_for_good_when_the_copied_card_leaves_play():
    # "until either card is no longer in play": the same card played again to the same place
    # (P1's Engineering, bottom) is not the copied card come back
    sc = corsair_copying_shield_drone()
    sc.draw_phase(1)                                         # P1's refill takes the Shield Drone from play
    sc.sc[S_POWER + 3] = 8
    sc.card_phase(1)                                         # ... and P1 plays it again
    assert sc.pile(1, "stack:engineering") == ["Shield Drone"]
    sc.bonus_phase(0)
    assert sc.hull(0) == 12                                  # no Engineer Bonus of a Shield Drone
    assert sc.credits(0) == 6                                # the Corsair's own Comms Expert Bonus


def test_card_clarifications_keshran_corsair_copy_ends_for_good_when_the_corsair_leaves_play():
    # P1's Pirate Rex discards the Corsair; the next card P0 plays to that place is itself
    sc = corsair_copying_shield_drone()
    push(sc.piles, sc.cnt, pile(1, HAND), TABLES.index("Pirate Rex"))
    sc.sc[S_POWER + 3 + 1] = 3
    sc.card_phase(1)
    assert sc.pile(0, "stack:comms") == [] and sc.pile(0, "sys_discard") == ["Keshran Corsair"]
    push(sc.piles, sc.cnt, pile(0, HAND), TABLES.index("Scrizzian Claw"))
    sc.sc[S_POWER + 1] = 1
    hull, credits = sc.hull(0), sc.credits(0)
    sc.card_phase(0)
    assert sc.pile(0, "stack:comms") == ["Scrizzian Claw"]
    sc.bonus_phase(0)
    assert (sc.hull(0), sc.credits(0)) == (hull, credits + 2)    # the Claw's 2 Credits; no Repair Bonus
    push(sc.piles, sc.cnt, pile(1, HAND), TABLES.index("Tri Laser"))
    sc.sc[S_POWER + 3 + 2] = 1
    sc.card_phase(1)
    assert sc.hull(0) == hull - 3                            # and no Shield


def test_card_clarifications_keshran_corsair_copies_an_uncovered_card_from_either_ship_another_corsair_included():
    # P1's Corsair copies P1's Scythe Beam, which a Tri Laser then covers (still in play): P1's
    # Corsair is still a Scythe Beam, and P0's Corsair may copy it (it was skipped: P0 copied the Tri Laser)
    sc = build([{"hand": ["Keshran Corsair"], "power": {"comms": 2}},
                {"hand": ["Keshran Corsair"], "power": {"comms": 1}, "stacks": {"tactical": ["Scythe Beam"]}}])
    sc.card_phase(1)
    push(sc.piles, sc.cnt, pile(1, STACK + 2), TABLES.index("Tri Laser"))
    sc.card_phase(0)
    assert [name(r[L_A]) for r in events(sc, EV_COPY)] == ["Scythe Beam", "Scythe Beam"]
    assert sc.hull(1) == 20 - 4


def test_card_clarifications_keshran_corsair_copy_of_a_card_enhanced_when_covering_applies_when_the_corsair_covers():
    # "some System card Abilities have enhanced effects when covering other cards in their System":
    # a Corsair played over a Scrizzian Claw, copying an Armored Mech (Repair 2, 2 Damage; covering: 2 more)
    sc = build([{"hand": ["Keshran Corsair"], "power": {"comms": 1}, "stacks": {"comms": ["Scrizzian Claw"]},
                 "hull": 10}, {"stacks": {"engineering": ["Armored Mech"]}}])
    sc.card_phase(0)
    assert [name(r[L_A]) for r in events(sc, EV_COPY)] == ["Armored Mech"]
    assert sc.hull(0) == 12
    assert sc.hull(1) == 20 - 2 - 2


def test_keshran_corsair_may_copy_a_card_of_its_own_ship():
    sc = build([{"hand": ["Keshran Corsair"], "power": {"comms": 1}, "stacks": {"tactical": ["Tri Laser"]}}, {}])
    sc.card_phase(0)
    assert [name(r[L_A]) for r in events(sc, EV_COPY)] == ["Tri Laser"]
    assert sc.hull(1) == 17


# ---------------------------------------------------------------- Cloaked Mines

MINES = {"stacks": {"tactical": ["Cloaked Mines"]}}


def test_cloaked_mines_no_damage_for_the_standard_3_card_draw():
    sc = build([MINES, {"sys_deck": ["Tri Laser"] * 5}])
    sc.draw_phase(1)
    assert len(sc.pile(1, "hand")) == 3
    assert sc.hull(1) == 20


def test_cloaked_mines_1_damage_when_the_opponent_draws_by_an_ability():
    # Shuttle Bay: Draw 2 cards (no Crew anywhere: both come from the System deck)
    sc = build([MINES, {"hand": ["Shuttle Bay"], "sys_deck": ["Railgun", "Railgun"]}])
    sc.card_phase(1)
    assert [r[L_C] for r in events(sc, EV_DRAW)] == [1, 1]    # both drawn by an Ability
    assert sc.hull(1) == 18


def test_cloaked_mines_never_hurt_their_owner():
    sc = build([{**MINES, "hand": ["Shuttle Bay"], "sys_deck": ["Railgun", "Railgun"]}, {}])
    sc.card_phase(0)
    assert sc.hull(0) == 20


def test_cloaked_mines_1_more_damage_when_the_ability_draw_is_a_malfunction():
    # Cloaked Mines' own Tactician Bonus: the opponent draws 1 card; it is a Vented Compartment
    sc = build([{**MINES, "crew": {"tactical": ["Tactician Ensign"]}},
                {"sys_deck": ["Railgun", "Vented Compartment"]}])
    sc.bonus_phase(0)
    assert sc.hull(1) == 18
    assert sc.pile(1, "hand") == []                           # Vented Compartment counted as the draw
    assert sc.market("malfunctions") == ["Vented Compartment"]


def test_cloaked_mines_bonus_draws_in_the_draw_phase_are_ability_draws():
    # the opponent's 4th card comes from a System Bonus (Teleporter, Engineer: Draw 1)
    sc = build([MINES, {"stacks": {"engineering": ["Teleporter"]}, "crew": {"engineering": ["Engineer Ensign"]},
                        "sys_deck": ["Tri Laser"] * 5, "crew_deck": ["Cadet Fitz"] * 5}])
    sc.bonus_phase(1).draw_phase(1)
    assert len(sc.pile(1, "hand")) == 4
    assert sc.hull(1) == 19


def test_cloaked_mines_covered_deals_nothing():
    sc = build([{"stacks": {"tactical": ["Cloaked Mines", "Tri Laser"]}},
                {"hand": ["Shuttle Bay"], "sys_deck": ["Railgun", "Railgun"]}])
    sc.card_phase(1)
    assert sc.hull(1) == 20


# ---------------------------------------------------------------- Crew movers

MOVERS = [
    # (card, player 0 position, moved Crew, from, to)
    ("Fleet Frigate", {"power": {"comms": 1}, "crew": {"comms": ["Engineer Ensign"]},
                       "stacks": {"tactical": ["Guardian Crystal"]}}, "Engineer Ensign", "comms", "tactical"),
    ("Ion Cannon", {"power": {"tactical": 2}, "crew": {"comms": ["Tactician Ensign"]}},
     "Tactician Ensign", "comms", "tactical"),
    ("Holodeck", {"power": {"engineering": 1}, "crew": {"tactical": ["Engineer Ensign"]},
                  "sys_deck": ["Railgun"], "crew_deck": ["Comms Expert Ensign"]},
     "Engineer Ensign", "tactical", "engineering"),
    ("Dexeer Symbiote", {"power": {"comms": 1}, "crew": {"engineering": ["Comms Expert Ensign"]},
                         "sys_deck": ["Railgun"], "crew_deck": ["Tactician Ensign"]},
     "Comms Expert Ensign", "engineering", "comms"),
]


@pytest.mark.parametrize("card,position,crew,src,dst", MOVERS, ids=[m[0] for m in MOVERS])
def test_crew_movers_move_crew_between_systems_without_replaying_them(card, position, crew, src, dst):
    sc = build([{"hand": [card], **position}, {}])
    sc.card_phase(0)
    assert crew in sc.pile(0, f"crew:{dst}")
    assert crew not in sc.pile(0, f"crew:{src}")
    log = sc.events()
    moves = [i for i, r in enumerate(log) if r[L_EVENT] == EV_MOVE_CREW]
    assert len(moves) == 1
    i = moves[0]
    assert name(log[i][L_A]) == crew and log[i][L_B] == SYSTEMS.index(src) and log[i][L_C] == SYSTEMS.index(dst)
    # moving is not playing: no Crew Ability, so no Power (or anything else) is gained by the move
    assert [name(r[L_A]) for r in events(sc, EV_PLAY_CREW)].count(crew) == 0
    assert (log[i][L_POWER:L_POWER + 6] == log[i - 1][L_POWER:L_POWER + 6]).all()
    assert (log[i][L_HULL:L_HULL + 2] == log[i - 1][L_HULL:L_HULL + 2]).all()


def test_crew_movers_fleet_frigate_power_after_the_move():
    card, position, *_ = MOVERS[0]
    sc = build([{"hand": [card], **position}, {}])
    sc.card_phase(0)
    assert sc.power(0) == {"engineering": 1, "comms": 0, "tactical": 1}


# ---------------------------------------------------------------- issue 47: sentence by sentence

def test_card_clarifications_ships_ai_plays_another_system_card_a_crew_card_cannot_be_played_free(tmp_path):
    # "you may immediately play another System card from your hand with no Power cost. If you cannot, you
    # must choose the card's other Ability": a Crew card in hand is no System card
    free_lover = strategy_file(tmp_path, w_other=10)
    sc = build([{"hand": ["Ship's A.I.", "Tactician Ensign"], "sys_deck": ["Railgun"],
                 "power": {"engineering": 1, "comms": 0, "tactical": 0}}, {}], strategies=(free_lover, "balanced"))
    sc.card_phase(0)
    assert sc.pile(0, "stack:engineering") == ["Ship's A.I."]
    assert len(events(sc, EV_DRAW)) == 1                     # the other Ability: Draw 1 (and 2 Power)
    assert [name(r[L_A]) for r in events(sc, EV_PLAY_SYSTEM)] == ["Ship's A.I."]


def test_card_clarifications_ships_ai_the_free_card_is_played_at_once_and_pays_no_power(tmp_path):
    free_lover = strategy_file(tmp_path, w_other=10)
    sc = build([{"hand": ["Ship's A.I.", "Railgun"], "crew": {"tactical": ["Tactician Ensign"]},
                 "power": {"engineering": 1, "comms": 0, "tactical": 0}}, {}], strategies=(free_lover, "balanced"))
    sc.card_phase(0)
    plays = [(name(r[L_A]), int(r[L_C])) for r in events(sc, EV_PLAY_SYSTEM)]
    assert plays == [("Ship's A.I.", 1), ("Railgun", 0)]     # right after it, 0 Power paid (Railgun costs 3)
    assert sc.hull(1) == 15


@pytest.mark.parametrize("power, paid", [({"engineering": 1, "comms": 1, "tactical": 1}, "all three Systems"),
                                         ({"engineering": 0, "comms": 0, "tactical": 3}, "Tactical")])
def test_card_clarifications_super_computer_the_moved_card_pays_with_power_from_any_systems(power, paid):
    # "a Comms card ... may be played with Power from Tactical, or with Power from all 3 Systems if you wish":
    # Pirate Rex (Comms, 3 Power) moved from the System discard
    sc = build([{"hand": ["Super Computer"], "sys_discard": ["Pirate Rex"], "power": power}, {}])
    sc.card_phase(0)
    assert sc.pile(0, "stack:comms") == ["Pirate Rex"], paid
    assert sc.power(0) == {"engineering": 0, "comms": 0, "tactical": 0}
    assert sc.hull(1) == 18


def test_card_clarifications_quantum_artifact_each_crew_deck_is_a_deck_type_of_its_own():
    # "one of the top cards from any deck type in the Market ... even a card from one of the face up Crew card
    # decks. You may not Draw 2 cards from the same deck type": two Crew decks, two deck types
    sc = build([{"hand": ["Quantum Artifact"], "power": {"engineering": 4}}, {}],
               market={"crew": {"tactician": ["Tactician Ensign", "Tactician Colonel"],
                                "engineer": ["Engineer Colonel"]}})
    sc.card_phase(0)
    assert sorted(name(r[L_A]) for r in events(sc, EV_TAKE)) == ["Engineer Colonel", "Tactician Colonel"]
    assert sc.market("tactician") == ["Tactician Ensign"] and sc.market("engineer") == []
