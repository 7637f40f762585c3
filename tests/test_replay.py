"""Replay: any game of a run can be replayed from its seed and is the very game the run counted."""
import json

from simcore.engine.matchup import Matchup
from simcore.simulate import play_games, replay_game
from reports.replay_log import events, text_lines

MATCHUP = Matchup(("sunder", "federation"), ("standard", "asymmetrical"))


def test_replay_is_the_swept_game():
    games = play_games(30, seed=21, matchup=MATCHUP, strategies=("balanced", "random")).games
    for row in games.itertuples():
        r = replay_game(row.seed, MATCHUP, ("balanced", "random"))
        assert r.result["winner"] == row.winner
        assert r.result["turns"] == row.turns
        assert (r.result["first_hull"], r.result["second_hull"]) == (row.first_hull, row.second_hull)


def test_replay_events_carry_turn_player_event_and_state():
    r = replay_game(play_games(1, seed=4).games["seed"][0])
    evs = events(r)
    assert evs, "a game has events"
    for d in evs:
        json.dumps(d)
        assert {"turn", "player", "event", "hull", "credits", "power"} <= d.keys()
        assert set(d["power"][0]) == {"engineering", "comms", "tactical"}
    assert evs[-1]["event"] in ("win", "draw_game")
    # the log's last state is the game's final Hull
    assert evs[-1]["hull"] == [r.result["first_hull"], r.result["second_hull"]]
    # the turn headers count up to the game's length
    turns = [d["turn"] for d in evs if d["event"] == "turn"]
    assert turns == list(range(1, r.result["turns"] + 1))


def test_replay_text_names_cards_and_result():
    r = replay_game(play_games(1, seed=9).games["seed"][0])
    text = "\n".join(text_lines(r))
    assert "== Turn 1: first player" in text
    assert "Result:" in text and r.result["winner"] in text
