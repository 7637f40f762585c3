"""A strategy file named like a built-in (as `tune --name balanced` writes) is labelled apart from
it, and two different files under one name are refused, so no table merges their games."""
from __future__ import annotations

import pandas as pd
import pytest
from click.testing import CliRunner

from cli import main
from simcore.games.last_command.players.library import StrategyError, check_distinct, load_spec

TUNED = 'name = "balanced"\n[params]\nw_damage = 2.0\n'


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_a_file_named_like_a_builtin_is_labelled_with_its_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tuned.toml").write_text(TUNED)
    (tmp_path / "aggro.toml").write_text("[params]\nw_damage = 2.0\n")     # the name defaults to the stem
    assert load_spec("tuned.toml").name == "balanced (tuned.toml)"
    assert load_spec("aggro.toml").name == "aggro (aggro.toml)"
    assert load_spec("balanced").name == "balanced"
    (tmp_path / "mine.toml").write_text('name = "mine"\n')
    assert load_spec("mine.toml").name == "mine"


def test_sweep_keeps_a_file_named_balanced_apart_from_the_builtin(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tuned.toml").write_text(TUNED)
    result = run("sweep", "--games", "4", "--variants", "standard", "--strategy", "tuned.toml",
                 "--opponent-strategy", "balanced", "--out", "o.csv", "--quiet")
    assert result.exit_code == 0, result.output
    table = pd.read_csv(tmp_path / "o.csv")
    both = table[table["seat"] == "both"]
    # each faction with each strategy: 4 rows of 4 games, none merged into 8
    assert sorted(set(both["strategy"])) == ["balanced", "balanced (tuned.toml)"]
    assert len(both) == 4 and (both["games"] == 4).all()


def test_two_files_under_one_name_are_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.toml").write_text('name = "mine"\n[params]\nw_damage = 2.0\n')
    (tmp_path / "b.toml").write_text('name = "mine"\n[params]\nw_damage = 3.0\n')
    check_distinct("a.toml", "a.toml")
    check_distinct("balanced", "balanced")
    with pytest.raises(StrategyError):
        check_distinct("a.toml", "b.toml")
    for command in ("sweep", "compare"):
        result = run(command, "--games", "2", "--strategy", "a.toml", "--opponent-strategy", "b.toml",
                     "--out", "o.csv")
        assert result.exit_code == 2, result.output
        assert result.stderr.strip().splitlines()[-1].endswith(
            "b.toml and a.toml are both named 'mine': give one another 'name' so that their results stay apart")
        assert not (tmp_path / "o.csv").exists()
