"""Rulebook, Setup: Hull 20, Power 1 in each System, Credits 5 / 6, 3 System + 3 Crew starting
cards per player in separate decks, the Market (2 face-up cards per System type, Crew decks,
16 Malfunctions), and a 3-card starting hand."""
from __future__ import annotations

from collections import Counter

import pytest

from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.rules import setup_game
from simcore.games.last_command.setup import Matchup, build_setup
from simcore.games.last_command.scenario import EXPERTISES, SYSTEMS, Scenario
from simcore.games.last_command.tables import (C_EXPERTISE, C_FACTION, C_KIND, C_START_SET, C_SYSTEM, FACTION_NONE,
                                               KIND_CREW, KIND_SYSTEM, START_STANDARD)

TABLES = load_cards()
SEEDS = (1, 7, 12345)
FEDERATION = {"Basic Laser", "Nuclear Reactor", "Trade Rocket", "Cadet Fitz", "Cadet Korr", "Cadet Keado"}
SUNDER = {"Siege Cannon", "Quick-ship", "Quantum Reactor", "Cadet Killion", "Cadet Malkesh", "Cadet Petra"}


def set_up(seed: int, matchup: Matchup = Matchup()) -> Scenario:
    """A Scenario whose state is a freshly set-up game (so its readers can be used)."""
    sc = Scenario.build({}, tables=TABLES)
    setup, setup_n, cfg = build_setup(TABLES, matchup)
    setup_game(TABLES.cards, TABLES.eff, setup, setup_n, cfg, sc.piles, sc.cnt, sc.sc, sc.strat, sc.log,
               sc.bought, seed)
    return sc


def kind(name: str) -> int:
    return int(TABLES.cards[TABLES.index(name), C_KIND])


def own_cards(sc: Scenario, p: int) -> list[str]:
    return sc.pile(p, "hand") + sc.pile(p, "sys_deck") + sc.pile(p, "crew_deck")


@pytest.mark.parametrize("seed", SEEDS)
def test_setup_hull_20_power_1_credits_5_and_6(seed):
    sc = set_up(seed)
    for p in range(2):
        assert sc.hull(p) == 20
        assert sc.power(p) == {"engineering": 1, "comms": 1, "tactical": 1}
    assert sc.credits(0) == 5   # the first player
    assert sc.credits(1) == 6   # the second player
    assert sc.winner == -1


@pytest.mark.parametrize("seed", SEEDS)
def test_setup_three_system_and_three_crew_starting_cards_in_separate_decks(seed):
    sc = set_up(seed)
    for p, faction in ((0, FEDERATION), (1, SUNDER)):
        assert sorted(own_cards(sc, p)) == sorted(faction)
        assert all(kind(n) == KIND_SYSTEM for n in sc.pile(p, "sys_deck"))
        assert all(kind(n) == KIND_CREW for n in sc.pile(p, "crew_deck"))
        owned = Counter(kind(n) for n in own_cards(sc, p))
        assert owned == {KIND_SYSTEM: 3, KIND_CREW: 3}
        # nothing is in play or discarded yet
        for which in ("sys_discard", "crew_discard", *(f"stack:{s}" for s in SYSTEMS),
                      *(f"crew:{s}" for s in SYSTEMS)):
            assert sc.pile(p, which) == []


@pytest.mark.parametrize("seed", SEEDS)
def test_setup_market_two_face_up_per_system_type_crew_decks_and_16_malfunctions(seed):
    sc = set_up(seed)
    for s, system in enumerate(SYSTEMS):
        face_up, deck = sc.market(system), sc.market(f"{system}_deck")
        assert len(face_up) == 2
        assert len(face_up) + len(deck) == 18          # 18 System cards of each type
        for n in face_up + deck:
            t = TABLES.index(n)
            assert TABLES.cards[t, C_KIND] == KIND_SYSTEM and TABLES.cards[t, C_SYSTEM] == s
            assert TABLES.cards[t, C_FACTION] == FACTION_NONE   # no starting card in the Market
    for e, expertise in enumerate(EXPERTISES):
        crew = sc.market(expertise)
        assert len(crew) == 10                             # 30 Crew cards, 10 per Expertise
        assert all(TABLES.cards[TABLES.index(n), C_EXPERTISE] == e for n in crew)
    assert Counter(sc.market("malfunctions")) == {"Console Overload": 10, "Secondary Explosion": 3,
                                                   "Power Failure": 2, "Vented Compartment": 1}


@pytest.mark.parametrize("seed", SEEDS)
def test_setup_each_player_holds_three_cards(seed):
    sc = set_up(seed)
    for p in range(2):
        assert len(sc.pile(p, "hand")) == 3
        assert len(sc.pile(p, "sys_deck")) + len(sc.pile(p, "crew_deck")) == 3


def test_setup_standard_play_uses_the_standard_starting_set():
    sc = set_up(3)
    for p in range(2):
        for n in own_cards(sc, p):
            assert TABLES.cards[TABLES.index(n), C_START_SET] == START_STANDARD
