"""The Last Command's engine bounds (docs/reliability.md, "Bounded games"): a chain of effects a card set
describes cannot run for ever. Issue 46's fuzz0 set (tests/fixtures/cards/fuzz0.toml) validated and then hung
a Solo game: Keshran Corsair copies Fuzz 0 (take_own 13, malfunction 12, play_free) from Comms, taking the
Fuzz 0 cards back from Tactical and playing one free; each Fuzz 0 takes the Corsair back from Comms and plays
one free. ``cardplay.free_plays`` loops while free plays are pending, and every play granted one more: the
A.I.'s 256-action cap counts only its own actions (the whole chain was one), and the turn cap counts turns,
of which the chain never finished one. Now the 1,001st card put into play in a turn ends the game as a draw,
counted in the per-game record and reported by replay and sweep."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from simcore.bounds import EFFECTS_PER_PLAY, NONE, PLAYS_PER_TURN, TURN_CAP
from simcore.games.last_command.bounds import MAX_PLAYS_PER_TURN
from simcore.games.last_command.cardset import load_card_list, load_cards
from simcore.games.last_command.cardset.model import Card, Effect
from simcore.games.last_command.cardset.retrigger import retrigger_warnings
from simcore.games.last_command.layout import (EV_BOUND, EV_PLAY_SYSTEM, L_A, L_B, L_EVENT, S_BOUND, S_MAX_EFFECTS,
                                               S_MAX_PLAYS)
from simcore.games.last_command.scenario import Scenario
from simcore.games.last_command.setup import Matchup
from simcore.games.last_command.simulate import play_games, replay_game, seed_of_game
from tests.conftest import invoke
from tests.time_limit import ends_within, games_within

FUZZ0 = Path(__file__).resolve().parents[1] / "fixtures" / "cards" / "fuzz0.toml"
SOLO = Matchup(("sunder", "federation"), ("asymmetrical", "asymmetrical"), mode="solo", difficulty="easy")
REPLAY = ["replay", "--cards", FUZZ0, "--mode", "solo", "--difficulty", "easy", "--factions", "sunder,federation",
          "--variants", "asymmetrical", "--strategy", "random", "--seed", "1", "--index", "4"]
TABLES = load_cards()


def test_the_fuzz0_solo_replay_ends_within_seconds_as_a_draw_at_the_bound_of_plays_per_turn():
    seed = seed_of_game(1, 4)
    # the same game with the shipped cards, untimed: it compiles the engine, and it ends by the rules
    plain = games_within(1, "the shipped cards' replay", replay_game, seed, SOLO, ("random", "random"),
                         key="last-command replay")
    assert plain.result["winner"] in ("first", "second") and "bound" not in plain.result
    tables = load_cards(overrides=FUZZ0)
    r = ends_within(10, "issue 46's fuzz0 replay", replay_game, seed, SOLO, ("random", "random"), tables)
    assert r.result["winner"] == "draw" and r.result["bound"] == "plays_per_turn"
    bound = np.flatnonzero(r.events[:, L_EVENT] == EV_BOUND)
    assert len(bound) == 1 and r.events[bound[0], L_A] == PLAYS_PER_TURN and r.events[bound[0], L_B] == 1000
    # the chain: the Solo A.I. (second seat) plays Fuzz 0 and Keshran Corsair, free, over and over
    played = [tables.names[t] for t in r.events[r.events[:, L_EVENT] == EV_PLAY_SYSTEM][-40:, L_A]]
    assert set(played) == {"Fuzz 0", "Keshran Corsair"}


def test_replay_and_sweep_report_the_bound_that_ended_a_game(tmp_path):
    r = invoke(*REPLAY)
    assert r.exit_code == 0, r.output
    assert "the bound of 1,000 plays per turn is passed" in r.output
    assert r.output.rstrip().splitlines()[-1].endswith("(at the bound of plays per turn)")
    out = tmp_path / "solo.csv"
    r = invoke("sweep", "--cards", FUZZ0, "--mode", "solo", "--difficulties", "easy", "--factions",
               "sunder,federation", "--variants", "asymmetrical", "--strategy", "random", "--games", "8",
               "--seed", "1", "--out", out, "--per-game", tmp_path / "games.csv", "-q")
    assert r.exit_code == 0, r.output
    import pandas as pd
    games = pd.read_csv(tmp_path / "games.csv")
    at_bound = int((games["bound"] == "plays_per_turn").sum())
    assert at_bound >= 1 and (games.loc[games["bound"] == "plays_per_turn", "winner"] == "draw").all()
    assert f"Games ended by a bound (each a draw): {at_bound} at the bound of plays per turn" in r.output


def test_a_normal_game_records_no_bound_and_the_turn_cap_records_its_own():
    rec = play_games(40, seed=3, matchup=Matchup(), strategies=("random", "balanced"), threads=1)
    assert (rec.bounds == NONE).all() and set(rec.games["bound"]) == {"none"}
    short = play_games(10, seed=3, matchup=Matchup(max_turns=3), threads=1)
    assert (short.bounds == TURN_CAP).all() and (short.winner == 2).all()


def test_the_bound_of_plays_per_turn_ends_the_game_as_a_draw_at_the_play_past_it():
    # Repair Bot: 1 Engineering Power, Repair 4
    sc = Scenario.build({"players": [{"hand": ["Repair Bot"] * 3, "hull": 5, "power": {"engineering": 8}}, {}]},
                        tables=TABLES)
    sc.sc[S_MAX_PLAYS] = 2
    sc.card_phase(0)
    assert sc.winner == 2 and sc.sc[S_BOUND] == PLAYS_PER_TURN
    events = sc.events()
    plays = events[events[:, L_EVENT] == EV_PLAY_SYSTEM]
    assert len(plays) == 3 and sc.hull(0) == 5 + 2 * 4     # the third play's Repair was not run


def test_the_bound_of_effects_per_play_counts_each_play_and_ends_the_game_before_the_rows_past_it():
    # each play counts its own rows: three one-row plays stay within a bound of 1
    sc = Scenario.build({"players": [{"hand": ["Repair Bot"] * 3, "hull": 5, "power": {"engineering": 8}}, {}]},
                        tables=TABLES)
    sc.sc[S_MAX_EFFECTS] = 1
    sc.card_phase(0)
    assert sc.winner == -1 and sc.sc[S_BOUND] == NONE and sc.hull(0) == 5 + 3 * 4
    # Armored Mech's main Ability (Repair 2, Damage 2) is two rows: past the bound, neither runs
    sc = Scenario.build({"players": [{"hand": ["Armored Mech"], "hull": 10, "power": {"engineering": 8}},
                                     {"hull": 20}]}, tables=TABLES)
    sc.sc[S_MAX_EFFECTS] = 1
    sc.card_phase(0)
    assert sc.winner == 2 and sc.sc[S_BOUND] == EFFECTS_PER_PLAY
    assert (sc.hull(0), sc.hull(1)) == (10, 20)


def test_cards_validate_warns_of_fuzz0_naming_the_card_and_the_corsair_that_closes_the_chain():
    r = invoke("cards", "validate", FUZZ0)
    assert r.exit_code == 0, r.output
    warnings = [line for line in r.output.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1
    assert "card 'Fuzz 0'" in warnings[0] and "'Keshran Corsair' copies it" in warnings[0]
    assert f"{MAX_PLAYS_PER_TURN:,} plays per turn" in warnings[0]


def test_the_shipped_cards_warn_of_nothing():
    assert retrigger_warnings(load_card_list()) == []   # Ship's A.I.: play_free OR draw, never both


def _system(name, system, main, covering=()):
    return Card(key=name, name=name, kind="system", count=1, source="t.toml", system=system, main=tuple(main),
                covering=tuple(covering))


def _e(op, n=None):
    return Effect(op, (("n", n),) if n is not None else ())


@pytest.mark.parametrize("cards, named", [
    # draws and plays free: with the decks empty the draw reshuffles it from play
    ([_system("A", "engineering", [_e("draw", 1), _e("play_free")])], "A"),
    # takes back and plays free, with another such card in another System
    ([_system("A", "engineering", [_e("take_own", 1), _e("play_free")]),
      _system("B", "tactical", [_e("play_free")], [_e("take_own", 1)])], "A"),
    # two free plays, and a card of another System that takes cards back
    ([_system("A", "engineering", [_e("play_free"), _e("play_free")]),
      _system("B", "comms", [_e("take_own", 1)])], "A"),
])
def test_validation_sees_each_way_a_card_can_re_trigger_itself(cards, named):
    lines = retrigger_warnings(cards)
    assert lines and lines[0].startswith(f"warning: card '{named}'")


@pytest.mark.parametrize("cards", [
    [_system("A", "engineering", [_e("take_own", 1), _e("play_free")])],      # alone: its own System is excluded
    [_system("A", "engineering", [_e("take_own", 1), _e("play_free")]),
     _system("B", "engineering", [_e("take_own", 1), _e("play_free")])],     # the same System: never taken back
    [_system("A", "engineering", [_e("play_free")]), _system("B", "comms", [_e("take_own", 1)])],   # one free play
])
def test_validation_does_not_warn_of_a_chain_that_ends(cards):
    assert retrigger_warnings(cards) == []
