"""Replay: any game of a run can be replayed from its seed and is the very game the run counted."""
import json

from simcore.games.last_command.setup import Matchup
from simcore.games.last_command.simulate import play_games, replay_game
from simcore.games.last_command.replay_log import events, text_lines

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


def test_cli_replay_prints_the_game_of_a_run():
    from click.testing import CliRunner

    import cli
    from simcore.games.last_command.simulate import seed_of_game

    runner = CliRunner()
    by_index = runner.invoke(cli.main, ["replay", "--seed", "3", "--index", "5", "--json"])
    by_seed = runner.invoke(cli.main, ["replay", "--seed", str(seed_of_game(3, 5)), "--json"])
    assert by_index.exit_code == 0 and by_index.output == by_seed.output
    lines = [json.loads(x) for x in by_index.output.splitlines()]
    rec = play_games(1, seed=3, first_game=5).games.iloc[0]
    assert lines[-1]["event"] in ("win", "draw_game")
    assert lines[-1]["hull"] == [rec.first_hull, rec.second_hull]
    text = runner.invoke(cli.main, ["replay", "--seed", "3", "--index", "5"])
    assert text.exit_code == 0 and "Result:" in text.output


def test_cli_replay_bad_options_exit_2_without_traceback():
    from click.testing import CliRunner

    import cli

    for args in (["--factions", "federation,klingon"], ["--variants", "odd"], ["--strategy", "nope"],
                 ["--fog", "/no/such/fog.toml"]):
        res = CliRunner().invoke(cli.main, ["replay", "--seed", "1", *args])
        assert res.exit_code == 2, args
        assert "Traceback" not in res.output


def test_cli_replay_fog_file_by_faction_names_the_file_in_the_header(tmp_path):
    from click.testing import CliRunner

    import cli

    fog = tmp_path / "chosen.toml"
    fog.write_text('[sunder]\nhand = ["Siege Cannon", "Cadet Killion", "Cadet Petra"]\n')
    res = CliRunner().invoke(cli.main, ["replay", "--seed", "2", "--factions", "federation,sunder", "--fog", str(fog)])
    assert res.exit_code == 0, res.output
    assert res.output.splitlines()[0].endswith("vs second sunder (standard+fog:chosen.toml, balanced)")
    setup = res.output.split("== ")[1]
    assert "first: draws" in setup and "second: draws" not in setup   # the Sunder's whole hand was chosen
