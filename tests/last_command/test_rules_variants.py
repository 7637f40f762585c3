"""Rulebook, Gameplay Variants: Asymmetrical Starting Cards (per seat) and Fog of War (chosen
starting hands, extra starting cards)."""
from __future__ import annotations

from collections import Counter

import pytest

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.rules import setup_game
from simcore.games.last_command.setup import FogOfWar, Matchup, MatchupError, build_setup
from simcore.games.last_command.scenario import Scenario
from simcore.games.last_command.simulate import play_games
from simcore.games.last_command.tables import C_KIND, C_START_SET, KIND_SYSTEM, START_ASYMMETRICAL, START_STANDARD

TABLES = load_cards()


def set_up(matchup: Matchup, seed: int = 5) -> Scenario:
    sc = Scenario.build({}, tables=TABLES)
    setup, setup_n, cfg = build_setup(TABLES, matchup)
    setup_game(TABLES.cards, TABLES.eff, setup, setup_n, cfg, sc.piles, sc.cnt, sc.sc, sc.strat, sc.log,
               sc.bought, seed)
    return sc


def own_cards(sc: Scenario, p: int) -> list[str]:
    return sc.pile(p, "hand") + sc.pile(p, "sys_deck") + sc.pile(p, "crew_deck")


def start_sets(sc: Scenario, p: int) -> set[int]:
    """Starting sets of p's System cards."""
    return {int(TABLES.cards[TABLES.index(n), C_START_SET]) for n in own_cards(sc, p)
            if TABLES.cards[TABLES.index(n), C_KIND] == KIND_SYSTEM}


@pytest.mark.parametrize("variants", [("asymmetrical", "standard"), ("standard", "asymmetrical"),
                                      ("asymmetrical", "asymmetrical")])
def test_variants_asymmetrical_starting_system_cards_are_used_per_seat(variants):
    sc = set_up(Matchup(variants=variants))
    for p in range(2):
        want = START_ASYMMETRICAL if variants[p] == "asymmetrical" else START_STANDARD
        assert start_sets(sc, p) == {want}
        assert len(own_cards(sc, p)) == 6
    asym = sorted(n for n in own_cards(sc, variants.index("asymmetrical")) if n.endswith("(asymmetrical)"))
    assert len(asym) == 3


def test_variants_asymmetrical_federation_cards_by_name():
    sc = set_up(Matchup(variants=("asymmetrical", "standard")))
    assert sorted(own_cards(sc, 0)) == sorted(["Basic Laser (asymmetrical)", "Nuclear Reactor (asymmetrical)",
                                               "Trade Rocket (asymmetrical)", "Cadet Fitz", "Cadet Korr",
                                               "Cadet Keado"])
    assert sorted(own_cards(sc, 1)) == sorted(["Siege Cannon", "Quick-ship", "Quantum Reactor", "Cadet Killion",
                                               "Cadet Malkesh", "Cadet Petra"])


def test_variants_asymmetrical_games_play_to_the_end():
    games = play_games(4, seed=1, matchup=Matchup(variants=("asymmetrical", "asymmetrical"))).games
    assert set(games["winner"]) <= {"first", "second"}


def test_variants_fog_of_war_chosen_cards_start_in_hand():
    fog = FogOfWar(hand=("Nuclear Reactor", "Cadet Korr"))
    for seed in (1, 2, 3):
        sc = set_up(Matchup(fog=(fog, None)), seed)
        hand = sc.pile(0, "hand")
        assert len(hand) == 3                                 # the rest of the hand is drawn blind
        assert Counter(hand) >= Counter(["Nuclear Reactor", "Cadet Korr"])
        assert sorted(own_cards(sc, 0)) == sorted(["Basic Laser", "Nuclear Reactor", "Trade Rocket", "Cadet Fitz",
                                                   "Cadet Korr", "Cadet Keado"])
        assert len(sc.pile(1, "hand")) == 3


def test_variants_fog_of_war_whole_hand_chosen_nothing_drawn():
    fog = FogOfWar(hand=("Siege Cannon", "Cadet Killion", "Cadet Petra"))
    sc = set_up(Matchup(fog=(None, fog)))
    assert sorted(sc.pile(1, "hand")) == ["Cadet Killion", "Cadet Petra", "Siege Cannon"]


def test_variants_fog_of_war_extra_starting_cards_go_into_the_decks():
    fog = FogOfWar(extra=("Tri Laser", "Engineer Ensign"))
    sc = set_up(Matchup(fog=(fog, None)))
    own = own_cards(sc, 0)
    assert len(own) == 8
    assert Counter(own) >= Counter(["Tri Laser", "Engineer Ensign"])
    assert "Tri Laser" in sc.pile(0, "sys_deck") + sc.pile(0, "hand")
    assert "Engineer Ensign" in sc.pile(0, "crew_deck") + sc.pile(0, "hand")
    assert all(n not in sc.pile(0, "crew_deck") for n in ("Tri Laser",))
    # the physical cards left the Market
    tactical = sc.market("tactical") + sc.market("tactical_deck")
    assert len(tactical) == 17 and tactical.count("Tri Laser") == 1
    assert len(sc.market("engineer")) == 9
    assert len(own_cards(sc, 1)) == 6


def test_variants_fog_of_war_extra_card_may_also_be_chosen_into_the_hand():
    fog = FogOfWar(hand=("Tri Laser",), extra=("Tri Laser",))
    sc = set_up(Matchup(fog=(fog, None)))
    assert "Tri Laser" in sc.pile(0, "hand")
    assert len(sc.pile(0, "hand")) == 3


def test_variants_fog_of_war_hand_card_must_be_a_starting_card():
    with pytest.raises(MatchupError):
        build_setup(TABLES, Matchup(fog=(FogOfWar(hand=("Railgun",)), None)))


def test_variants_fog_of_war_extra_card_of_the_other_faction_is_refused():
    # "start with more than the standard 3 cards per set": the Sunder's Siege Cannon is the Sunder's
    # physical card, in the other player's deck; the Federation cannot start with a second one
    with pytest.raises(MatchupError, match="'Siege Cannon' is a sunder starting card"):
        build_setup(TABLES, Matchup(("federation", "sunder"), fog=(FogOfWar(extra=("Siege Cannon",)), None)))


def test_variants_fog_of_war_extra_own_starting_card_is_the_copy_left_in_the_box():
    # playing the standard set, the Federation's asymmetrical Basic Laser is the one left in the box
    sc = set_up(Matchup(("federation", "sunder"), fog=(FogOfWar(extra=("Basic Laser",)), None)))
    assert Counter(own_cards(sc, 0))["Basic Laser"] == 1
    assert Counter(own_cards(sc, 0))["Basic Laser (asymmetrical)"] == 1
    sc = set_up(Matchup(("federation", "sunder"), ("asymmetrical", "standard"),
                        fog=(FogOfWar(extra=("Basic Laser",)), None)))
    assert Counter(own_cards(sc, 0))["Basic Laser"] == 1


@pytest.mark.parametrize("extra", [("Basic Laser", "Basic Laser"), ("Cadet Fitz",)])
def test_variants_fog_of_war_extra_card_is_never_a_second_physical_copy(extra):
    with pytest.raises(MatchupError, match="every physical copy is already in a starting deck"):
        build_setup(TABLES, Matchup(("federation", "sunder"), fog=(FogOfWar(extra=extra), None)))


def test_variants_fog_of_war_extra_card_chosen_into_the_hand_by_its_key():
    fog = FogOfWar(hand=("Basic Laser (asymmetrical)",), extra=("Basic Laser (asymmetrical)",))
    sc = set_up(Matchup(("federation", "sunder"), fog=(fog, None)))
    assert "Basic Laser (asymmetrical)" in sc.pile(0, "hand")
