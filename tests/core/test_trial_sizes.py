"""``COMMANDSIM_TRIAL=1``: every size a command plays is capped at its trial size, in every game, and the
command says so; without it nothing changes."""
from __future__ import annotations

import pandas as pd
import pytest

from simcore import trial
from simcore.search import parse_search
from tests.conftest import every_game_name, registered_game

game = pytest.fixture(params=every_game_name())(registered_game)


def test_sizes_and_budgets_are_capped_only_in_a_trial(monkeypatch):
    monkeypatch.delenv(trial.ENV, raising=False)
    assert trial.cap("games", 50000) == 50000 and parse_search("search:1000") == (1000, None)
    monkeypatch.setenv(trial.ENV, "1")
    assert trial.cap("games", 50000) == trial.GAMES and trial.cap("games", 4) == 4
    assert trial.cap("max_games", None) is None
    assert parse_search("search:1000:tuned") == (trial.ROLLOUTS, "tuned")
    monkeypatch.setenv(trial.ENV, "0")
    assert not trial.active()


def test_a_sweep_in_a_trial_plays_the_trial_size(game, run_cli, tmp_path, monkeypatch):
    monkeypatch.setenv(trial.ENV, "1")
    out = tmp_path / "sweep.csv"
    result = run_cli("sweep", "--game", game.info.name, "--games", 400, "--out", out)
    assert result.exit_code == 0, result.output + result.stderr
    assert trial.NOTICE in result.stderr
    table = pd.read_csv(out)
    both = table[(table.seat == "both") & (table.faction != table.opponent_faction)]   # a mirror row counts both seats
    assert len(both) and (both["games"] <= trial.GAMES).all()


def test_a_default_size_in_a_trial_is_the_trial_size(run_cli, tmp_path, monkeypatch):
    monkeypatch.setenv(trial.ENV, "1")
    out = tmp_path / "compare.csv"
    result = run_cli("compare", "--until-verdict", "--out", out)      # rounds of 2,000 up to 200,000 untried
    assert result.exit_code == 0, result.output + result.stderr
    assert (pd.read_csv(out)["games"] <= 2 * trial.GAMES).all()
