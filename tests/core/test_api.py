"""Issue 32 item 10: the notebook API (``simcore.api``) is the CLI's commands with the CLI's defaults, in
every game: a sweep, a paired comparison and a replay give a notebook the very figures the commands print
and write; a value a row does not have is missing (NA), not an empty string."""
from __future__ import annotations

import pandas as pd
import pytest

from simcore import api
from simcore.errors import CommandsimError
from tests.conftest import every_game_name, invoke, registered_game

GAMES = every_game_name()


game = pytest.fixture(params=GAMES)(registered_game)   # each registered game and the tiny race


def ok(*args):
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    return result


def test_api_sweep_is_the_cli_sweep_with_its_defaults(game, tmp_path):
    out = tmp_path / "s.csv"
    ok("sweep", "--game", game.info.name, "--games", 20, "--out", out, "-q")
    cli = pd.read_csv(out)
    result = api.sweep(game.info.name, games=20)
    assert list(result.aggregate.columns) == list(cli.columns)
    assert len(result.aggregate) == len(cli)
    for column in ("faction", "opponent_faction", "seat", "games", "wins", "losses", "draws", "seed"):
        assert list(result.aggregate[column]) == list(cli[column]), column
    # a row without a difficulty has it missing, as pandas reads the CSV
    assert list(result.aggregate["difficulty"].isna()) == list(cli["difficulty"].isna())


def test_api_sweep_plays_both_seat_orders_and_the_games_questions():
    result = api.sweep("last-command", games=20, sides="federation,sunder", variants="standard")
    both = result.aggregate[result.aggregate["seat"] == "both"]
    assert (both["games"] == 20).all() and set(result.aggregate["seat"]) == {"first", "second", "both"}
    assert result.aggregate["difficulty"].isna().all()
    default = api.sweep("last-command", games=20)
    rows = default.aggregate[default.aggregate["seat"] == "both"]
    assert ("federation", "asymmetrical", "standard") in set(zip(rows["faction"], rows["variant"],
                                                                  rows["opponent_variant"]))


def test_api_compare_is_the_cli_compare_with_its_defaults(game, tmp_path):
    out = tmp_path / "c.csv"
    ok("compare", "--game", game.info.name, "--games", 20, "--out", out, "-q")
    cli = pd.read_csv(out)
    result = api.compare(game.info.name, games=20)
    for column in ("games", "wins_a", "wins_b", "losses_a", "losses_b", "verdict"):
        assert list(result.table[column]) == list(cli[column]), column


def test_api_replay_is_the_cli_replay(game):
    text = ok("replay", "--game", game.info.name, "--seed", 11).stdout
    replay = api.replay(game.info.name, seed=11)
    assert str(replay) + "\n" == text
    assert replay.result["winner"] in ("first", "second", "draw")


def test_api_bad_options_raise_the_clis_one_line_error():
    with pytest.raises(CommandsimError, match="unknown faction 'orcs'"):
        api.sweep("last-command", games=20, sides="federation,orcs")
    with pytest.raises(CommandsimError, match="even number"):
        api.compare("last-command", games=3)
