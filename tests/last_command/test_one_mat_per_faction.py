"""Rulebook, Setup: "Each player should start by choosing one of the two Ship Mats"; "Note: Each ship belongs
to a different faction"; the component list: "2 Ship Mats: 1 Federation Remnant, 1 Sunder". A faction mirror
is refused in one line (exit 2) naming the rule, by every command that takes two factions, before any game is
played and with nothing written, unless the game's data gives a second Ship Mat (``tables.SHIP_MATS``). Star
Realms decks and skirmish forces have no such rule: their mirrors still play."""
from __future__ import annotations

import itertools

import pytest

from simcore.games.last_command import setup, tables
from simcore.games.last_command.cardset import load_cards
from simcore.games.last_command.setup import Matchup, MatchupError, build_setup, check_every_setup
from tests.conftest import invoke

RULE = ('The Last Command has one Ship Mat per faction ("Each ship belongs to a different faction"): a game '
        'needs two different factions')


def refused_in_one_line(result) -> str:
    # a cold engine cache announces its compile first, on a line of its own
    lines = [x for x in result.output.strip().splitlines() if not x.startswith("Compiling ")]
    assert result.exit_code == 2, result.output
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    assert "Traceback" not in result.output
    return lines[0]


@pytest.mark.parametrize("mode, factions", [("duel", ("federation", "federation")), ("duel", ("sunder", "sunder")),
                                            ("solo", ("sunder", "sunder"))])
def test_setup_one_ship_mat_per_faction_a_faction_mirror_is_refused(mode, factions):
    m = Matchup(factions, mode=mode, difficulty="easy" if mode == "solo" else None)
    with pytest.raises(MatchupError, match=r"one Ship Mat per faction \(\"Each ship belongs to a different"):
        m.validate()
    with pytest.raises(MatchupError):
        build_setup(load_cards(), m)       # no two copies of a starting set are ever dealt


def test_setup_one_ship_mat_per_faction_every_setup_checked_is_of_two_different_factions(monkeypatch):
    built = []
    monkeypatch.setattr(setup, "build_setup", lambda t, m: built.append(m.factions))
    check_every_setup(load_cards())
    assert built and all(a != b for a, b in built)


def test_setup_one_ship_mat_per_faction_unless_the_data_gives_a_second_one(monkeypatch):
    monkeypatch.setitem(tables.SHIP_MATS, "federation", 2)
    monkeypatch.setattr(setup, "SHIP_MATS", tables.SHIP_MATS)
    setup_rows, _, _ = build_setup(load_cards(), Matchup(("federation", "federation")))
    assert (setup_rows[0] >= 0).sum() == (setup_rows[2] >= 0).sum() == 3    # each seat its own set
    with pytest.raises(MatchupError, match="one Ship Mat per faction"):
        Matchup(("sunder", "sunder")).validate()


MIRROR = "federation,federation"


@pytest.mark.parametrize("args, option", [
    (["replay", "--seed", "1", "--factions", MIRROR], "--factions"),
    (["replay", "--seed", "1", "--mode", "solo", "--factions", "sunder,sunder"], "--factions"),
    (["compare", "--factions", MIRROR, "--variant-b", "asymmetrical", "--games", "20"], "--factions"),
    (["compare", "--factions", "sunder,sunder", "--games", "20"], "--factions"),
    (["sweep", "--factions", MIRROR, "--games", "20"], "--factions"),
    (["tournament", "--factions", MIRROR, "--strategies", "balanced,aggro", "--games", "20"], "--factions"),
    (["bench", "--factions", MIRROR, "--games", "100"], "--factions"),
    (["ladder", "--factions", MIRROR, "--rungs", "random,balanced", "--games", "20"], "--factions"),
    (["ladder", "--finding", "matchup", "--a", "federation:standard", "--b", "federation:asymmetrical",
      "--rungs", "balanced", "--games", "20"], "--a' / '--b"),
    (["ladder", "--finding", "first-player", "--a", "sunder", "--b", "sunder", "--rungs", "balanced",
      "--games", "20"], "--a' / '--b"),
    (["tune", "--factions", MIRROR, "--generations", "1", "--games", "20"], "--factions"),
    (["advise", "--target", "federation vs federation = 50%"], None),
], ids=lambda x: x[0] if isinstance(x, list) else None)
def test_setup_one_ship_mat_per_faction_every_command_refuses_a_mirror_in_one_line(tmp_path, monkeypatch, args,
                                                                                     option):
    monkeypatch.chdir(tmp_path)
    line = refused_in_one_line(invoke(*args, "--game", "last-command"))
    assert RULE in line
    assert option is None or f"'{option}'" in line
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("game, sides", [("star-realms", ("--decks", "standard,standard")),
                                         ("star-realms", ("--decks", "alliance,alliance")),
                                         ("skirmish", ("--forces", "line,line"))])
def test_other_games_mirrors_still_play(game, sides):
    result = invoke("replay", "--game", game, "--seed", "3", *sides)
    assert result.exit_code == 0, result.output
    assert result.output.strip().splitlines()[-1].lower().startswith("result:")


def test_setup_one_ship_mat_per_faction_the_data_says_one_mat_each():
    assert tables.SHIP_MATS == {f: 1 for f in tables.FACTIONS}
    assert not any(setup.mirror_problem(pair) for pair in itertools.permutations(tables.FACTIONS, 2))
